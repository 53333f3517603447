"""Model-backed operators (f1, f5, f9, fa with a model, fb, fe) on tiny random-weight models and MiniLM."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from paraqd import models
from paraqd.analysis import QuestionDoc
from paraqd.analysis.document import NumberMention, UnitMention, tidy_spacing
from paraqd.errors import ModelUnavailableError
from paraqd.operators import create_operator, get_operator_class
from paraqd.operators.backtranslation import BackTranslation, farthest_candidate
from paraqd.operators.phrase_deletion import PhraseDeletion, key_phrases
from paraqd.operators.reconstruction import corrupt, protected_tokens, reconstruction_pairs
from paraqd.operators.seq2seq_paraphrase import first_different

try:  # tests/ on sys.path (pytest's default rootdir-less layout) or tests as a package
    from tiny_models import (
        single_torch_thread,
        tiny_fsmt_pair,
        tiny_models_dir,
        tiny_pegasus,
        tiny_t5,
    )
except ImportError:  # pragma: no cover
    from tests.tiny_models import (  # noqa: F401
        single_torch_thread,
        tiny_fsmt_pair,
        tiny_models_dir,
        tiny_pegasus,
        tiny_t5,
    )

QUESTIONS = [
    "Alex travelled 100 km from New York at a constant speed of 20 kmph. How many hours did it take him in total?",
    "A train covers 300 km in 5 hours. What is its speed?",
    "Sarah bought 3 apples for $2 each. How much did she spend?",
]


@pytest.fixture(scope="module")
def docs(analyzer):
    return list(analyzer.pipe(QUESTIONS))


def _op_factories(paths: dict) -> dict:
    small = {"device": "cpu", "max_new_tokens": 8, "batch_size": 2}
    return {
        "f1": lambda: create_operator("f1", forward_model=paths["fsmt"][0], backward_model=paths["fsmt"][1],
                                      num_beams=4, num_beam_groups=2, forward_beams=2, **small),
        "f9": lambda: create_operator("f9", model=paths["pegasus"], num_beams=3, **small),
        "fe": lambda: create_operator("fe", model=paths["t5"], num_beams=3, **small),
        "fb": lambda: create_operator("fb", model=paths["t5"], prefix="", num_beams=3, **small),
    }


@pytest.fixture(scope="module")
def tiny_paths(tiny_t5, tiny_pegasus, tiny_fsmt_pair):
    return {"t5": tiny_t5, "pegasus": tiny_pegasus, "fsmt": tiny_fsmt_pair}


@pytest.fixture
def count_loads(monkeypatch):
    import transformers

    models.clear_model_cache()
    calls: list[str] = []
    original = transformers.AutoModelForSeq2SeqLM.from_pretrained

    def counting(name, *args, **kwargs):
        calls.append(str(name))
        return original(name, *args, **kwargs)

    monkeypatch.setattr(transformers.AutoModelForSeq2SeqLM, "from_pretrained", counting)
    yield calls
    models.clear_model_cache()


@pytest.mark.parametrize("key", ["f1", "f9", "fe", "fb"])
def test_operator_end_to_end_on_tiny_models(key, tiny_paths, docs, count_loads):
    op = _op_factories(tiny_paths)[key]()
    cls = get_operator_class(key)
    assert op.batched and cls.model_params and op.availability().ok
    seeds = [11, 12, 13]
    batch = op.rewrite_batch(docs, [random.Random(s) for s in seeds])
    assert len(batch) == len(docs)
    for doc, out in zip(docs, batch):
        assert out is None or (isinstance(out, str) and out and out != doc.text)
    single = [op.rewrite(doc, random.Random(s)) for doc, s in zip(docs, seeds)]
    assert single == batch
    expected = len({r.name for r in op.requirements() if r.kind == "transformers"})
    assert len(count_loads) == expected  # loaded once, shared by both paths


def test_reconstruction_feeds_the_corruption_to_the_model(tiny_t5, docs):
    op = create_operator("fb", model=tiny_t5, prefix="", device="cpu", max_new_tokens=8)
    seen: list[str] = []

    class Recorder:
        def generate(self, texts, num_return_sequences=1, **kwargs):
            seen.extend(texts)
            return [["rebuilt " + t] for t in texts]

    op.generator = Recorder()
    outs = op.rewrite_batch(docs, [random.Random(s) for s in range(len(docs))])
    expected = [corrupt(d, random.Random(s)) for s, d in enumerate(docs)]
    assert seen == expected
    assert outs == ["rebuilt " + e for e in expected]


@pytest.mark.parametrize("key,kwargs", [
    ("f1", {"forward_model": "{missing}", "backward_model": "{missing}"}),
    ("f9", {"model": "{missing}"}),
    ("fe", {"model": "{missing}"}),
    ("fb", {"model": "{missing}"}),
])
def test_missing_model_is_reported(key, kwargs, docs, tmp_path):
    missing = str(tmp_path / "not-downloaded")
    op = create_operator(key, **{k: v.format(missing=missing) for k, v in kwargs.items()}, device="cpu")
    availability = op.availability()
    assert not availability.ok and missing in availability.reason
    with pytest.raises(ModelUnavailableError) as info:
        op.rewrite(docs[0], random.Random(0))
    assert missing in str(info.value) and "\n" not in str(info.value)
    assert f"--model {op.paper_id}=" in str(info.value)


def test_default_models_are_documented():
    assert BackTranslation().forward_model == "facebook/wmt19-en-de"
    assert BackTranslation().backward_model == "facebook/wmt19-de-en"
    assert create_operator("f9").model == "tuner007/pegasus_paraphrase"
    t5 = create_operator("fe")
    assert t5.model == "ramsrigouthamg/t5_paraphraser" and t5.prefix == "paraphrase: "
    assert create_operator("fe", prefix="").prefix == ""
    with pytest.raises(ValueError):
        BackTranslation(num_beams=5, num_beam_groups=2)


# -- f1: candidate selection ---------------------------------------------------------------------------

def test_farthest_candidate():
    source = "How many hours did it take him in total?"
    cands = [source, "How many hours did it take in total?", "", "In total, how long did it take him?"]
    assert farthest_candidate(source, cands) == "In total, how long did it take him?"
    assert farthest_candidate(source, ["", "  "]) is None
    assert farthest_candidate("ab", ["ax", "xb"]) == "ax"  # ties: the better-ranked (first) one


class FakeTranslator:
    """Records the calls; 'translates' by tagging, back-translates into fixed candidate lists."""

    def __init__(self, backward: dict[str, list[str]] | None = None):
        self.calls: list[tuple[list[str], dict]] = []
        self.backward = backward

    def generate(self, texts, num_return_sequences=1, **kwargs):
        self.calls.append((list(texts), kwargs))
        if self.backward is None:
            return [["DE " + t] for t in texts]
        return [self.backward[t[3:]][:num_return_sequences] for t in texts]


def test_back_translation_keeps_farthest_candidate_per_sentence(docs):
    s1, s2 = (s.text for s in docs[0].sentences)
    s3, s4 = (s.text for s in docs[1].sentences)
    back = {
        s1: [s1, "Alex drove 100 km from New York at a constant speed of 20 kmph."],
        s2: ["How many hours did it take in total?", "In total, how many hours did his trip take?"],
        s3: ["", ""],  # nothing came back: the sentence is kept
        s4: [s4.replace("What", "Which"), "How fast is it going?"],
    }
    op = BackTranslation(num_beams=2, num_beam_groups=2, diversity_penalty=0.5)
    op.forward, op.backward = FakeTranslator(), FakeTranslator(back)
    out = op.rewrite_batch(docs[:2], [random.Random(0), random.Random(1)])
    assert out == [
        "Alex drove 100 km from New York at a constant speed of 20 kmph. In total, how many hours did his trip take?",
        f"{s3} How fast is it going?",
    ]
    # one batched call each way, for all sentences of all questions, diverse beam search on the way back
    assert len(op.forward.calls) == 1 and op.forward.calls[0][0] == [s1, s2, s3, s4]
    assert len(op.backward.calls) == 1
    assert op.backward.calls[0][1] == {"num_beams": 2, "num_beam_groups": 2, "diversity_penalty": 0.5}


def test_first_different():
    assert first_different("A b.", ["A b.", " A  b. ", "", "B a."]) == "B a."
    assert first_different("A b.", ["A b."]) is None


# -- f5: phrase deletion ---------------------------------------------------------------------------------

def test_phrase_deletion_on_running_example(analyzer, running_example):
    doc = analyzer.analyze(running_example)
    op = PhraseDeletion(backend="torch")
    assert op.availability().ok
    phrases = key_phrases(doc, top_k=5)
    assert phrases and all(running_example[s:e].strip() for spans in phrases for s, e in spans)
    cands = op.candidates(doc)
    assert len(cands) == len(phrases)
    # deletion by span: deleting "km" leaves "kmph" alone
    km = [c for c, spans in zip(cands, phrases) if [running_example[s:e] for s, e in spans] == ["km"]]
    assert km == [("Alex travelled 100 from New York at a constant speed of 20 kmph. "
                   "How many hours did it take him in total?")]
    out = op.rewrite(doc, random.Random(0))
    encoder = models.load_sentence_encoder()
    emb = encoder.encode([running_example, *cands], normalize_embeddings=True)
    sims = emb[1:] @ emb[0]
    assert out == cands[int(sims.argmin())]
    assert out in cands and out != running_example
    assert op.rewrite_batch([doc, doc], [random.Random(1), random.Random(2)]) == [out, out]
    assert doc.doc.user_data == {}  # TopicRank ran without touching the shared parse


def test_phrase_deletion_on_the_int8_backend(analyzer, running_example):
    pytest.importorskip("onnxruntime")
    from paraqd.errors import InputError

    doc = analyzer.analyze(running_example)
    op = PhraseDeletion(backend="onnx-int8")
    encoder = models.load_sentence_encoder(backend="onnx-int8")
    assert encoder is not models.load_sentence_encoder()  # its own cached encoder, on ONNX Runtime
    cands = op.candidates(doc)
    sims = encoder.encode(cands, normalize_embeddings=True) @ encoder.encode([running_example],
                                                                             normalize_embeddings=True)[0]
    assert op.rewrite(doc, random.Random(0)) == cands[int(sims.argmin())]
    with pytest.raises(InputError, match="unknown backend"):
        PhraseDeletion(backend="tensorflow")
    # the default picks the fastest CPU backend that runs here: int8 ONNX for the embedded encoder
    assert PhraseDeletion().resolved_backend() == "onnx-int8"
    assert PhraseDeletion(device="cuda").resolved_backend() == "torch"
    assert PhraseDeletion(encoder="some-org/hub-model").resolved_backend() == "torch"


def test_phrase_deletion_not_applicable_without_phrases(analyzer):
    doc = analyzer.analyze("Why?")
    assert PhraseDeletion().rewrite(doc, random.Random(0)) is None


def test_phrase_deletion_does_not_change_shared_pipeline(analyzer, running_example):
    names = list(analyzer.nlp.pipe_names)
    PhraseDeletion(top_k=2).rewrite(analyzer.analyze(running_example), random.Random(0))
    assert analyzer.nlp.pipe_names == names


# -- fb: corruption ---------------------------------------------------------------------------------------

def test_corruption_keeps_numbers_units_and_tail(analyzer, running_example):
    doc = analyzer.analyze(running_example)
    assert doc.numbers and doc.units
    for seed in range(20):
        bad = corrupt(doc, random.Random(seed), delete_prob=0.3, replace_prob=0.3)
        assert bad and bad != running_example
        for m in (*doc.numbers, *doc.units):
            assert m.text in bad
        assert bad.endswith("in total?")
    pairs = list(reconstruction_pairs([doc], random.Random(0), copies=3))
    assert len(pairs) == 3 and all(orig == running_example for _, orig in pairs)


def test_corruption_not_applicable_when_everything_is_protected(analyzer):
    doc = analyzer.analyze("Find 20 km.")
    assert protected_tokens(doc) == set(range(len(doc.doc)))
    assert corrupt(doc, random.Random(0)) is None


_WORDS = ["Alex", "travelled", "from", "the", "shop", "at", "a", "speed", "of", "how", "many", "did", "it",
          "take", "him", "total", "bought", "apples", "each", "what", "is", "cost", "New", "York", "and"]
_UNITS = ["km", "kmph", "hours", "kg", "metres", "minutes", "dollars"]
_PUNCT = [",", ".", "?"]

_segment = st.one_of(
    st.tuples(st.just("word"), st.sampled_from(_WORDS)),
    st.tuples(st.just("number"), st.one_of(st.integers(0, 10_000).map(str),
                                            st.decimals(0, 999, places=2).map(str))),
    st.tuples(st.just("unit"), st.sampled_from(_UNITS)),
    st.tuples(st.just("punct"), st.sampled_from(_PUNCT)),
)


@pytest.fixture(scope="module")
def blank_nlp():
    import spacy

    return spacy.blank("en")


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(segments=st.lists(_segment, min_size=1, max_size=25), seed=st.integers(0, 2**32 - 1),
       delete_prob=st.floats(0, 1), replace_prob=st.floats(0, 1), shuffle_window=st.integers(0, 5))
def test_corruption_property(blank_nlp, segments, seed, delete_prob, replace_prob, shuffle_window):
    text, numbers, units = "", [], []
    for kind, value in segments:
        sep = "" if (kind == "punct" or not text) else " "
        start = len(text) + len(sep)
        text += sep + value
        if kind == "number":
            numbers.append(NumberMention(start, start + len(value), value, value=float(value)))
        elif kind == "unit":
            units.append(UnitMention(start, start + len(value), value))
    doc = QuestionDoc(text=text, doc=blank_nlp(text), numbers=tuple(numbers), units=tuple(units))
    tokens = [t for t in doc.doc if not t.is_space]
    words = [t for t in tokens if not t.is_punct]
    bad = corrupt(doc, random.Random(seed), delete_prob=delete_prob, replace_prob=min(replace_prob, 1 - delete_prob),
                  shuffle_window=shuffle_window)
    keep = protected_tokens(doc)
    if bad is None:
        assert all(t.i in keep or t.is_punct for t in tokens)
        return
    assert bad != tidy_spacing(text)
    # every number and unit survives, in its original order
    pos = 0
    for m in sorted((*numbers, *units), key=lambda m: m.start):
        found = bad.find(m.text, pos)
        assert found >= 0, (m.text, bad)
        pos = found + len(m.text)
    # the last three words (and what follows them) are intact
    if words:
        tail_start = words[-min(3, len(words))].idx
        assert bad.endswith(tidy_spacing(text[tail_start:]))


# -- fa with a model ----------------------------------------------------------------------------------------

def test_active_to_passive_with_tiny_model(tiny_t5, docs, count_loads):
    passive = pytest.importorskip("paraqd.operators.passive")
    op = passive.ActiveToPassive(model=tiny_t5, grammar_model=tiny_t5, device="cpu", max_new_tokens=8,
                                 num_beams=2)
    assert op.batched and op.availability().ok
    seeds = [random.Random(s) for s in range(len(docs))]
    batch = op.rewrite_batch(docs, seeds)
    for doc, out in zip(docs, batch):
        assert out is None or (isinstance(out, str) and out != doc.text)
    assert [op.rewrite(d, random.Random(s)) for s, d in enumerate(docs)] == batch
    assert count_loads == [tiny_t5]  # style transfer and grammar model share one load
