"""How the checks run on many pairs: the synonym judge embeds its words in one batch, large inputs are parsed
in several processes, and neither changes a result."""

from __future__ import annotations

import numpy as np
import pytest

from paraqd import scheduling
from paraqd.checks import CriticalInfoChecker, WordSimilarity
from paraqd.checks.synonyms import candidate_words
from paraqd.resources import spacy_available
from paraqd.scheduling import TEXTS_PER_PROCESS, parse_processes

needs_spacy = pytest.mark.skipif(not spacy_available(), reason="spaCy pipeline not installed")

PAIRS = [
    ("A shop sells 12 shirts a day. How many shirts does the shop sell in 5 days?",
     "A store sells 12 shirts a day. How many shirts does the shop sell in 5 days?"),
    ("A big box holds 12 pens. How many pens do 3 boxes hold?",
     "A large box holds 12 pens. How many pens do 3 boxes hold?"),
    ("John walked 200 kilometres. How long did he walk in terms of metres?",
     "john walked 200 centimetres. How long did he walk in terms of metres?"),
    ("She reads a newspaper every day. How many pages of the newspaper does she read in 3 days?",
     "She reads a undertake every day. How many pages of the newspaper does she read in 3 days?"),
]


class CountingEncoder:
    """Deterministic word vectors (by first letter) that records every call."""

    def __init__(self):
        self.calls: list[list[str]] = []

    def __call__(self, words):
        self.calls.append(list(words))
        return np.array([[np.cos(ord(w[0])), np.sin(ord(w[0]))] for w in words])


def test_prepare_encodes_missing_words_once_in_one_batch():
    encoder = CountingEncoder()
    words = WordSimilarity(encoder)
    assert words.prepare(["Shop", "store", "shop ", "store"]) == 2
    assert encoder.calls == [["shop", "store"]]
    assert words.prepare(["shop", "bag"]) == 1 and encoder.calls[-1] == ["bag"]
    words.similarity("SHOP", "bag")
    assert len(encoder.calls) == 2  # read from the cache
    words.clear()
    words.similarity("shop", "bag")
    assert encoder.calls[-1] == ["shop", "bag"]


def test_parse_processes_bounds():
    assert parse_processes(10, workers=8) == 1  # too few texts for a second process
    assert parse_processes(TEXTS_PER_PROCESS * 3, workers=8) == 3
    assert parse_processes(TEXTS_PER_PROCESS * 100, workers=2) == 2
    assert parse_processes(0, workers=4) == 1
    assert 1 <= parse_processes(TEXTS_PER_PROCESS * 1000) <= (len(__import__("os").sched_getaffinity(0)))


@pytest.fixture
def without_wordnet(monkeypatch):
    """The checks without WordNet, so that the encoder's word similarity judges every synonym (with WordNet,
    "shop" -> "store" and "big" -> "large" are decided there and never reach the encoder)."""
    from paraqd.analysis.lexicon import default_lexicon

    monkeypatch.setenv("PARAQD_WORDNET", "off")
    default_lexicon.cache_clear()
    yield
    monkeypatch.undo()
    default_lexicon.cache_clear()


@needs_spacy
def test_check_pairs_asks_the_encoder_once_and_keeps_every_result(without_wordnet):
    plain_encoder, batched_encoder = CountingEncoder(), CountingEncoder()
    reference = CriticalInfoChecker(synonyms=WordSimilarity(plain_encoder))
    expected = [reference.check(q, p) for q, p in PAIRS]  # one pair at a time: words encoded as asked
    batched = CriticalInfoChecker(synonyms=WordSimilarity(batched_encoder))
    results = batched.check_pairs([q for q, _ in PAIRS], [p for _, p in PAIRS])
    assert [r.reasons for r in results] == [r.reasons for r in expected]
    assert len(batched_encoder.calls) == 1  # every word the checks asked about was prepared
    asked = {w for call in plain_encoder.calls for w in call}
    docs = batched.analyze_texts([t for pair in PAIRS for t in pair])
    assert asked <= set().union(*(candidate_words(d) for d in docs.values()))
    assert len(plain_encoder.calls) > 1


@needs_spacy
def test_parsing_in_several_processes_gives_the_same_results(monkeypatch):
    monkeypatch.setattr(scheduling, "TEXTS_PER_PROCESS", 2)
    questions, paraphrases = [q for q, _ in PAIRS], [p for _, p in PAIRS]
    checker = CriticalInfoChecker()
    one = checker.check_pairs(questions, paraphrases, workers=1)
    two = checker.check_pairs(questions, paraphrases, workers=2)
    assert parse_processes(8, workers=2) == 2
    assert [r.reasons for r in two] == [r.reasons for r in one]
    assert [f.to_dict() for r in two for f in r.findings] == [f.to_dict() for r in one for f in r.findings]


@needs_spacy
def test_scorer_workers_option_is_checked():
    from paraqd.errors import InputError
    from paraqd.scoring import ParaphraseScorer

    with pytest.raises(InputError, match="workers"):
        ParaphraseScorer(object(), workers=0)


def test_deferring_notes_missing_words_and_encodes_them_in_one_batch_after():
    encoder = CountingEncoder()
    words = WordSimilarity(encoder)
    words.prepare(["bag"])
    with words.deferring():
        assert words.are_synonyms("Shop", "store") is False  # not cached: noted, answered "no"
        assert np.isnan(words.similarity("shop", "bag"))
        assert words.similarity("bag", "BAG") == 1.0  # the same word needs no vector
        assert words.deferred == 2
        with pytest.raises(RuntimeError, match="reentrant"), words.deferring():
            pass
    assert encoder.calls == [["bag"]]  # nothing encoded while deferring
    assert words.prepare_pending() == 2 and encoder.calls[-1] == ["shop", "store"]
    assert words.prepare_pending() == 0  # the noted words are taken once
    expected = WordSimilarity(CountingEncoder()).similarity("shop", "store")
    assert words.similarity("shop", "store") == expected and len(encoder.calls) == 2


class BatchRecordingModel:
    """An encoder whose rows depend on the text only; records the texts of each ``encode`` call."""

    def __init__(self):
        self.calls: list[list[str]] = []

    def encode(self, texts, batch_size, convert_to_numpy, normalize_embeddings, show_progress_bar):
        self.calls.append(list(texts))
        rows = np.array([[len(t), sum(map(ord, t)) % 97, 1.0] for t in texts], dtype=np.float32)
        return rows / np.linalg.norm(rows, axis=1, keepdims=True)


def test_encode_overlapped_encodes_the_batches_of_one_call_and_can_be_stopped():
    import threading

    from paraqd.scheduling import encode_overlapped

    texts = ["a", "bbbb", "cc", "dddddd", "ee", "f", "ggg"]
    model, busy = BatchRecordingModel(), threading.Event()
    busy.set()
    rows = encode_overlapped(model, texts, 3, busy, threads=2)
    order = np.argsort([-len(t) for t in texts])  # sentence-transformers' order for one call
    assert model.calls == [[texts[i] for i in order[k:k + 3]] for k in range(0, len(texts), 3)]
    np.testing.assert_array_equal(rows, BatchRecordingModel().encode(texts, 3, True, True, False))
    stop = threading.Event()
    stop.set()
    with pytest.raises(InterruptedError):
        encode_overlapped(BatchRecordingModel(), texts, 3, busy, threads=2, stop=stop)
    assert encode_overlapped(model, [], 3, busy, threads=1).shape[0] == 0
