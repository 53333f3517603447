"""ParaphraseScorer: scores, ranking, validity, deduplicated encoding, metadata and errors."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from paraqd.errors import InputError, ModelUnavailableError
from paraqd.scoring import METADATA_FILE, ParaphraseScorer, RankedCandidate, read_metadata

AQUA_TEST = Path(__file__).resolve().parents[1].parent / "shared" / "data" / "eval" / "AQUA_test.csv"


class HashEncoder:
    """A stand-in encoder: a deterministic pseudo-random vector per text, recording what it was asked."""

    def __init__(self, dim: int = 8):
        self.dim = dim
        self.calls: list[list[str]] = []

    def get_embedding_dimension(self) -> int:
        return self.dim

    def encode(self, texts, batch_size=32, convert_to_numpy=True, normalize_embeddings=False,
               show_progress_bar=False):
        self.calls.append(list(texts))
        rows = []
        for text in texts:
            seed = int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "little")
            rows.append(np.random.default_rng(seed).normal(size=self.dim))
        out = np.array(rows, dtype=np.float32).reshape(len(rows), self.dim)
        if normalize_embeddings:
            out /= np.linalg.norm(out, axis=1, keepdims=True)
        return out


@pytest.fixture
def fake() -> ParaphraseScorer:
    return ParaphraseScorer(HashEncoder(), batch_size=4)


@pytest.fixture(scope="module")
def scorer() -> ParaphraseScorer:
    return ParaphraseScorer.load()


texts = st.text(min_size=1, max_size=12).filter(str.strip)  # empty texts are refused (paraqd.validation)


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(texts, texts), min_size=1, max_size=12))
def test_cosine_pairs_matches_definition(pairs):
    model = HashEncoder()
    scorer = ParaphraseScorer(model)
    questions, paraphrases = map(list, zip(*pairs))
    scores = scorer.cosine_pairs(questions, paraphrases)
    raw_a = model.encode(questions)
    raw_b = model.encode(paraphrases)
    expected = (raw_a * raw_b).sum(1) / np.linalg.norm(raw_a, axis=1) / np.linalg.norm(raw_b, axis=1)
    assert scores.shape == (len(pairs),) and scores.dtype == np.float32
    np.testing.assert_allclose(scores, expected, atol=1e-5)
    assert np.all(scores <= 1.0) and np.all(scores >= -1.0)
    # symmetric, identical texts score 1, and score_pairs is the cosine without a hybrid layer
    np.testing.assert_allclose(scorer.score_pairs(paraphrases, questions), scores, atol=1e-6)
    np.testing.assert_allclose(scorer.score_pairs(questions, questions), 1.0, atol=1e-5)


@settings(max_examples=40, deadline=None)
@given(st.lists(texts, min_size=1, max_size=20))
def test_each_distinct_text_is_encoded_once(batch):
    model = HashEncoder()
    scorer = ParaphraseScorer(model)
    scorer.encode(batch)
    encoded = [t for call in model.calls for t in call]
    assert sorted(encoded) == sorted(set(batch))


def test_rank_encodes_the_question_once(fake):
    model = fake.model
    candidates = ["b one", "c two", "d three", "b one"]
    ranked = fake.rank("a question", candidates)
    assert sum(call.count("a question") for call in model.calls) == 1
    assert sum(len(call) for call in model.calls) == 4  # question + 3 distinct candidates
    assert [r.score for r in ranked] == sorted((r.score for r in ranked), reverse=True)
    assert sorted(r.index for r in ranked) == [0, 1, 2, 3]
    assert all(isinstance(r, RankedCandidate) and candidates[r.index] == r.text for r in ranked)
    # the duplicated candidate ties with itself; the earlier one comes first
    dup = [r.index for r in ranked if r.text == "b one"]
    assert dup == [0, 3]


def test_rank_of_no_candidates_is_empty(fake):
    assert fake.rank("q", []) == []


def test_is_valid_uses_threshold(fake):
    score = fake.score("x y", "z w")
    assert fake.is_valid("x y", "z w", threshold=score - 1e-3)
    assert not fake.is_valid("x y", "z w", threshold=score + 1e-3)
    assert fake.is_valid("same", "same")  # score 1 >= 0.5
    fake.threshold = 1.5
    assert not fake.is_valid("same", "same")
    np.testing.assert_array_equal(fake.valid_pairs(["same", "x y"], ["same", "z w"], threshold=-1.0),
                                  [True, True])


@pytest.mark.parametrize("call, message", [
    (lambda s: s.score_pairs(["a", "b"], ["c"]), "2 questions but 1 paraphrases"),
    (lambda s: s.score_pairs("abc", "abc"), "not one string"),
    (lambda s: s.score_pairs(["a", 3], ["b", "c"]), "questions[1] is not text"),
    (lambda s: s.rank(None, ["a"]), "question is not text"),
    (lambda s: s.rank("q", ["a", b"b"]), "candidates[1] is not text"),
])
def test_bad_inputs_raise_input_error(fake, call, message):
    with pytest.raises(InputError, match=message.replace("[", r"\[").replace("]", r"\]")):
        call(fake)


@pytest.mark.parametrize("call, message", [
    (lambda s: s.score("", "Tom has 3 apples."), "question is empty"),
    (lambda s: s.score("Tom has 3 apples.", " \t "), "paraphrase is empty (only whitespace)"),
    (lambda s: s.explain("Tom has 3 apples.", ""), "paraphrase is empty"),
    (lambda s: s.is_valid("\n", "x"), "question is empty (only whitespace)"),
    (lambda s: s.score_pairs(["a", "b"], ["c", " "]), "paraphrases[1] is empty (only whitespace)"),
    (lambda s: s.explain_pairs(["", "b"], ["c", "d"]), "questions[0] is empty"),
    (lambda s: s.rank("q", ["a", ""]), "candidates[1] is empty"),
    (lambda s: s.rank(" ", ["a"]), "question is empty (only whitespace)"),
])
def test_empty_or_whitespace_texts_are_a_value_error_naming_the_argument(fake, call, message):
    from paraqd.validation import TextError

    with pytest.raises(ValueError, match="^" + message.replace("[", r"\[").replace("]", r"\]").replace("(", r"\(")
                       .replace(")", r"\)") + "$") as caught:
        call(fake)
    assert isinstance(caught.value, (TextError, InputError))
    assert caught.value.field == message.split(" ")[0]


def test_empty_inputs_give_empty_arrays(fake):
    assert fake.score_pairs([], []).shape == (0,)
    assert fake.encode([]).shape == (0, 8)


def test_bad_batch_size_and_backend():
    with pytest.raises(InputError, match="batch_size"):
        ParaphraseScorer(HashEncoder(), batch_size=0)
    with pytest.raises(InputError, match="unknown backend"):
        ParaphraseScorer.load(backend="tensorflow")
    with pytest.raises(InputError, match="local model directory"):
        ParaphraseScorer.load(Path("/nonexistent/model"), backend="onnx")


def test_missing_model_is_unavailable(tmp_path):
    with pytest.raises(ModelUnavailableError, match=f"^no model at {tmp_path / 'no-such-model'}$"):
        ParaphraseScorer.load(tmp_path / "no-such-model")
    (tmp_path / "file.txt").write_text("x")
    with pytest.raises(InputError, match="is a file"):
        ParaphraseScorer.load(tmp_path / "file.txt")


def test_read_metadata(tmp_path):
    assert read_metadata(tmp_path) == {}
    (tmp_path / METADATA_FILE).write_text(json.dumps({"scoring": {"threshold": 0.7}}))
    assert read_metadata(tmp_path)["scoring"]["threshold"] == 0.7
    (tmp_path / METADATA_FILE).write_text("[1, 2]")
    with pytest.raises(InputError, match="not a JSON object"):
        read_metadata(tmp_path)
    (tmp_path / METADATA_FILE).write_text("{broken")
    with pytest.raises(InputError, match="cannot read model metadata"):
        read_metadata(tmp_path)


def test_embedded_default(scorer):
    assert scorer.metadata == {} and scorer.threshold == 0.5 and scorer.backend == "torch"
    assert scorer.dimension == 384
    q = "Tom has 3 apples and buys 5 more. How many apples does he have?"
    good = "Tom has three apples and buys five more. How many apples does he have?"
    bad = "Tom has apples."
    assert scorer.score(q, q) == pytest.approx(1.0, abs=1e-5)
    assert -1.0 <= scorer.score(q, bad) < scorer.score(q, good) <= 1.0
    ranked = scorer.rank(q, [bad, good])
    assert [r.index for r in ranked] == [1, 0]
    assert scorer.is_valid(q, good)
    pairs = scorer.score_pairs([q, q], [good, bad])
    assert pairs[0] == pytest.approx(scorer.score(q, good), abs=1e-5)


def test_embedded_default_threshold_override():
    assert ParaphraseScorer.load(threshold=0.8, batch_size=8, max_seq_length=64).threshold == 0.8


@pytest.mark.slow
@pytest.mark.skipif(not AQUA_TEST.is_file(), reason="shared evaluation data not available")
def test_known_answer_on_aqua_test():
    """The paper's pure cosine (``hybrid=False``) of the embedded encoder on the AQuA test pairs."""
    import pandas as pd

    df = pd.read_csv(AQUA_TEST)
    scores = ParaphraseScorer.load(hybrid=False).score_pairs(df["question"].tolist(), df["augmented"].tolist())
    labels = df["final_label"].astype(int).to_numpy()
    assert scores[labels == 1].mean() == pytest.approx(0.980, abs=0.005)
    assert scores[labels == 0].mean() == pytest.approx(0.906, abs=0.005)
