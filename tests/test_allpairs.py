"""All-pairs AP / P@R: agreement with scikit-learn, the exact path and the estimator."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from sklearn.metrics import average_precision_score, precision_recall_curve

from paraqd.errors import InputError
from paraqd.pairs.allpairs import (
    AllPairsEvaluator,
    average_precision,
    clusters_from_pairs,
    precision_at_recall,
)

scores = st.lists(st.sampled_from([0.0, 0.1, 0.25, 0.5, 0.7, 0.9, 1.0]), min_size=1, max_size=25)


@settings(max_examples=80, deadline=None)
@given(scores, scores)
def test_ap_matches_sklearn_with_ties(pos, neg):
    y = [1] * len(pos) + [0] * len(neg)
    assert average_precision(pos, neg) == pytest.approx(average_precision_score(y, pos + neg))


@settings(max_examples=60, deadline=None)
@given(scores, scores, st.floats(0.05, 1.0))
def test_precision_at_recall_matches_sklearn_curve(pos, neg, level):
    y = [1] * len(pos) + [0] * len(neg)
    precision, recall, _ = precision_recall_curve(y, pos + neg)
    # sklearn lists thresholds from low to high score; take the highest threshold reaching the recall
    ok = np.nonzero(recall >= level - 1e-12)[0]
    expected = precision[ok.max()]
    assert precision_at_recall(pos, neg, level) == pytest.approx(expected)


def test_weights_stand_for_repeated_negatives():
    assert average_precision([0.9, 0.4], [0.5, 0.1], [3.0, 2.0]) == pytest.approx(
        average_precision([0.9, 0.4], [0.5] * 3 + [0.1] * 2))


def test_weighted_hand_computed_example():
    """pos 0.9, 0.5; one negative at 0.7 standing for 3: P/R = 1/.5 (0.9), .25/.5 (0.7), .4/1 (0.5)."""
    assert average_precision([0.9, 0.5], [0.7], [3.0]) == pytest.approx(0.5 * 1 + 0.5 * 0.4)
    assert precision_at_recall([0.9, 0.5], [0.7], 0.2, [3.0]) == 1.0
    assert precision_at_recall([0.9, 0.5], [0.7], 1.0, [3.0]) == pytest.approx(0.4)


def test_perfect_and_inverted_rankings():
    assert average_precision([0.9, 0.8], [0.1, 0.2, 0.3]) == 1.0
    assert average_precision([0.1], [0.2, 0.3, 0.4]) == pytest.approx(0.25)
    with pytest.raises(InputError):
        average_precision([], [0.5])


def test_clusters_from_pairs_are_components():
    ids = clusters_from_pairs(["a", "b", "c", "d", "e"], [(0, 1), (3, 1), (2, 4)])
    assert ids[0] == ids[1] == ids[3] and ids[2] == ids[4] and ids[0] != ids[2]


def _clustered_embeddings(n_clusters: int, size: int, noise: float, seed: int = 0):
    rng = np.random.default_rng(seed)
    centres = rng.normal(size=(n_clusters, 16))
    clusters = np.repeat(np.arange(n_clusters), size)
    return centres[clusters] + noise * rng.normal(size=(len(clusters), 16)), clusters


def test_exact_evaluation_equals_sklearn_over_every_pair():
    emb, clusters = _clustered_embeddings(12, 3, 0.8)
    result = AllPairsEvaluator(clusters).evaluate(emb)
    x = emb / np.linalg.norm(emb, axis=1, keepdims=True)
    iu = np.triu_indices(len(x), 1)
    expected = average_precision_score(clusters[iu[0]] == clusters[iu[1]], (x @ x.T)[iu])
    assert result.exact and result.n_pairs == len(iu[0]) and result.n_positive == 12 * 3
    assert result.average_precision == pytest.approx(expected)


def test_estimator_is_close_to_the_exact_value():
    emb, clusters = _clustered_embeddings(150, 3, 0.9, seed=1)
    exact = AllPairsEvaluator(clusters).evaluate(emb)
    est = AllPairsEvaluator(clusters, reference=emb, exact_limit=100, near_k=10, n_random=20_000).evaluate(emb)
    assert not est.exact and est.n_pairs == exact.n_pairs
    assert est.average_precision == pytest.approx(exact.average_precision, rel=0.05)
    assert est.precision_at_recall == pytest.approx(exact.precision_at_recall, rel=0.1)


def test_evaluator_rejects_sets_without_duplicates():
    with pytest.raises(InputError, match="no duplicate"):
        AllPairsEvaluator([0, 1, 2])
