"""UDA, SSMBA, in-batch negatives and pseudo-labelling (tiny random-weight models, no downloads)."""

from __future__ import annotations

import random
import re

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from paraqd.baselines import (
    SSMBA,
    UDA,
    PseudoLabelStats,
    TfidfWordReplacement,
    in_batch_triplets,
    other_question_indices,
    pseudo_label,
    pseudo_labelled_triplets,
)
from paraqd.errors import InputError, ModelUnavailableError

try:  # tests/ on sys.path, or tests as a package
    from tiny_models import single_torch_thread, tiny_bert_mlm, tiny_fsmt_pair, tiny_models_dir  # noqa: F401
except ImportError:  # pragma: no cover
    from tests.tiny_models import single_torch_thread, tiny_bert_mlm, tiny_fsmt_pair, tiny_models_dir  # noqa: F401

QUESTIONS = [
    "A train covers 300 km in 5 hours. What is the speed of the train?",
    "Tom walks 3 miles every day. How many miles does he walk in a week?",
    "Sarah bought 3 apples for $2 each. How much money did she spend?",
    "The price of a shirt was reduced by 25% to Rs. 600. What was the original price of the shirt?",
    "A tank fills in 6 minutes and empties in 9 minutes. How long will it take to fill the tank?",
    "What is the area of a rectangle 12 metres long and 8 metres wide?",
]


class FixedScorer:
    def __init__(self, values):
        self.values = np.asarray(values, dtype=float)

    def score_pairs(self, questions, paraphrases):
        assert len(questions) == len(paraphrases) == len(self.values)
        return self.values


def test_tfidf_replacement_keeps_numbers_punctuation_and_is_deterministic():
    rep = TfidfWordReplacement(p=0.5).fit(QUESTIONS)
    for q in QUESTIONS:
        out = rep.replace(q, random.Random(1))
        assert out == rep.replace(q, random.Random(1))
        assert re.findall(r"[\d.$%,?]+", out) == re.findall(r"[\d.$%,?]+", q)


def test_tfidf_replacement_prefers_uninformative_words():
    corpus = ["the cat sat on the mat"] * 20 + ["the zebra ran"]
    rep = TfidfWordReplacement(p=0.3).fit(corpus)
    words = "the zebra ran to the the".split()
    probs = rep.replacement_probabilities(words)
    assert probs[0] > probs[1]                     # "the" (everywhere, repeated) before "zebra" (rare)
    assert probs[1] == pytest.approx(0.0)          # the most informative word is never replaced
    assert probs.sum() == pytest.approx(0.3 * len(words), rel=0.05) or probs.max() == 1.0
    with pytest.raises(InputError):
        TfidfWordReplacement(p=0)
    with pytest.raises(RuntimeError):
        TfidfWordReplacement().replace("x", random.Random(0))


def test_uda_without_translation_model_says_so():
    uda = UDA(translation_models=None)
    uda.prepare(QUESTIONS)
    assert uda.describe().startswith("UDA, TF-IDF replacement only: no translation model")
    out = uda.generate(QUESTIONS, seed=3)
    assert out.notes == [uda.describe()]
    assert all(g is None or g != q for q, g in zip(QUESTIONS, out.generated))
    assert out.generated == uda.generate(QUESTIONS, seed=3).generated


def test_uda_with_a_missing_translation_model_falls_back_and_names_it(monkeypatch):
    monkeypatch.setenv("HF_HUB_OFFLINE", "1")
    uda = UDA(translation_models=("no/such-en-de-model", "no/such-de-en-model"))
    uda.prepare(QUESTIONS)
    assert "TF-IDF replacement only" in uda.describe() and "no/such-en-de-model" in uda.describe()


def test_uda_back_translates_with_tiny_models(tiny_fsmt_pair):
    uda = UDA(translation_models=tiny_fsmt_pair, backtranslation_share=1.0)
    uda.prepare(QUESTIONS)
    assert uda.describe().startswith("UDA: back-translation")
    out = uda.generate(QUESTIONS, seed=0)
    assert len(out.generated) == len(QUESTIONS)
    assert all(g is None or isinstance(g, str) and g.strip() for g in out.generated)
    assert out.generated == uda.generate(QUESTIONS, seed=0).generated


def test_ssmba_with_tiny_masked_lm(tiny_bert_mlm):
    ssmba = SSMBA(tiny_bert_mlm, mask_prob=0.3)
    ssmba.prepare(QUESTIONS)
    out = ssmba.generate(QUESTIONS, seed=5)
    assert out.method == "SSMBA" and tiny_bert_mlm in ssmba.describe()
    assert any(g is not None for g in out.generated)
    assert out.generated == ssmba.generate(QUESTIONS, seed=5).generated


def test_ssmba_without_its_model_cannot_run(monkeypatch):
    monkeypatch.setenv("HF_HUB_OFFLINE", "1")
    with pytest.raises(ModelUnavailableError):
        SSMBA("no/such-masked-lm").prepare(QUESTIONS)


@settings(max_examples=50, deadline=None)
@given(st.integers(2, 200), st.integers(0, 10_000))
def test_other_question_is_always_a_different_one_and_each_is_used_once(n, seed):
    partner = other_question_indices(n, seed)
    assert (partner != np.arange(n)).all()
    assert sorted(partner.tolist()) == list(range(n))


def test_in_batch_triplets():
    df = in_batch_triplets(QUESTIONS, [q.lower() for q in QUESTIONS], seed=1, method="uda")
    assert list(df.columns) == ["anchor", "positive", "negative", "positive_op", "negative_op", "question_id"]
    assert (df["anchor"] != df["negative"]).all() and set(df["negative"]) == set(QUESTIONS)
    with pytest.raises(InputError):
        in_batch_triplets(QUESTIONS[:1], QUESTIONS[:1], seed=1, method="uda")
    with pytest.raises(InputError):
        in_batch_triplets([QUESTIONS[0]] * 2, QUESTIONS[:2], seed=1, method="uda")


def test_pseudo_labels_are_strictly_above_point_eight():
    labels, cos = pseudo_label(FixedScorer([0.95, 0.8, 0.3]), QUESTIONS[:3], ["a", "b", "c"])
    assert labels.tolist() == [1, 0, 0] and cos.tolist() == [0.95, 0.8, 0.3]
    stats = PseudoLabelStats(int(labels.sum()), int((1 - labels).sum())).as_dict()
    assert stats["positive_pct"] == pytest.approx(33.33) and stats["negative"] == 2


def test_pseudo_labelled_triplets_use_the_label():
    generated = [f"rewrite {i}" for i in range(len(QUESTIONS))]
    labels = [1, 0, 1, 0, 1, 1]
    df = pseudo_labelled_triplets(QUESTIONS, generated, labels, seed=2, method="ssmba")
    for row, g, lab in zip(df.itertuples(), generated, labels):
        if lab:
            assert row.positive == g and row.negative in QUESTIONS and row.negative != row.anchor
        else:
            assert row.positive == row.anchor and row.negative == g
