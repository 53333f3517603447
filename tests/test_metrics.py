"""Metrics of paraqd.evaluation.metrics: hand-computed cases, both F1 conventions, edge cases, properties."""

from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from sklearn.metrics import confusion_matrix, f1_score

from paraqd.errors import InputError
from paraqd.evaluation.metrics import (
    METRIC_KEYS,
    AveragedPRF,
    ConfusionMatrix,
    Separation,
    best_threshold,
    evaluate_scores,
    harmonic_mean,
    predict,
)

LABELS = [1, 1, 0, 0]
SCORES = [0.9, 0.6, 0.7, -0.2]


def test_keys_are_exactly_the_documented_ones():
    assert tuple(evaluate_scores(LABELS, SCORES)) == METRIC_KEYS
    assert METRIC_KEYS[:3] == ("n", "n_valid", "n_invalid") and METRIC_KEYS[-1] == "threshold"


def test_hand_computed_example():
    r = evaluate_scores(LABELS, SCORES)
    # predictions at 0.5: 1, 1, 1, 0 -> valid: P 2/3, R 1; invalid: P 1, R 1/2
    assert (r["n"], r["n_valid"], r["n_invalid"]) == (4, 2, 2)
    assert r["mu_pos"] == pytest.approx(0.75) and r["mu_neg"] == pytest.approx(0.25)
    assert r["separation"] == pytest.approx(0.5)
    assert r["macro_p"] == pytest.approx((2 / 3 + 1) / 2)
    assert r["macro_r"] == pytest.approx(0.75)
    assert r["macro_f1_paper"] == pytest.approx(harmonic_mean((2 / 3 + 1) / 2, 0.75))
    assert r["macro_f1"] == pytest.approx((0.8 + 2 / 3) / 2)  # per-class F1: valid 0.8, invalid 2/3
    assert r["roc_auc"] == pytest.approx(0.75)
    assert r["threshold"] == 0.5


def test_a_class_never_predicted_has_precision_zero():
    # Everything predicted valid, as the untrained encoder does on AQUA_test.
    labels = [1] * 3 + [0] * 7
    r = evaluate_scores(labels, [0.9] * 10)
    assert r["macro_p"] == pytest.approx(0.15)          # (0.3 + 0) / 2, no division error
    assert r["macro_r"] == pytest.approx(0.5)
    assert r["macro_f1_paper"] == pytest.approx(harmonic_mean(0.15, 0.5))
    assert r["macro_f1"] == pytest.approx(f1_score(labels, [1] * 10, average="macro", zero_division=0))


def test_the_two_f1_conventions_differ_in_general():
    r = evaluate_scores(LABELS, SCORES)
    assert r["macro_f1_paper"] == pytest.approx(0.7895, abs=1e-4)
    assert r["macro_f1"] == pytest.approx(0.7333, abs=1e-4)


def test_score_equal_to_threshold_counts_as_valid():
    assert predict([0.5, 0.4999, 0.51], 0.5).tolist() == [1, 0, 1]


def test_one_class_only_gives_nan_for_ranking_metrics_and_missing_mean():
    r = evaluate_scores([1, 1, 1], [0.2, 0.9, 0.7])
    assert math.isnan(r["roc_auc"]) and math.isnan(r["ap"]) and math.isnan(r["mu_neg"])
    assert r["mu_pos"] == pytest.approx(0.6)


@pytest.mark.parametrize("labels, scores", [
    ([1, 0], [0.5]),
    ([], []),
    ([1, 2], [0.1, 0.2]),
    ([1, 0], [0.1, float("nan")]),
])
def test_bad_input_raises_input_error(labels, scores):
    with pytest.raises(InputError):
        evaluate_scores(labels, scores)


def test_unknown_average_is_rejected():
    with pytest.raises(InputError):
        AveragedPRF.compute([1, 0], [1, 0], "micro")


def test_best_threshold_is_labelled_tuned_and_never_worse_than_the_fixed_one():
    labels = [1, 1, 0, 0, 1, 0]
    scores = [0.95, 0.9, 0.85, 0.8, 0.97, 0.6]
    tuned = best_threshold(labels, scores)
    assert tuned.objective == "weighted_f1_paper"
    assert tuned.value == pytest.approx(1.0)        # perfectly separable at 0.875
    assert 0.85 < tuned.threshold < 0.9
    assert tuned.value >= evaluate_scores(labels, scores)["weighted_f1_paper"]
    with pytest.raises(InputError):
        best_threshold(labels, scores, objective="roc_auc")


pairs = st.integers(min_value=2, max_value=60).flatmap(lambda n: st.tuples(
    st.lists(st.integers(0, 1), min_size=n, max_size=n),
    st.lists(st.floats(-1, 1, allow_nan=False), min_size=n, max_size=n)))


@settings(max_examples=60, deadline=None)
@given(pairs, st.floats(-1, 1))
def test_properties(data, threshold):
    labels, scores = data
    r = evaluate_scores(labels, scores, threshold)
    y, s = np.array(labels), np.array(scores)
    for key in METRIC_KEYS[6:14]:
        assert 0.0 <= r[key] <= 1.0
    assert r["n_valid"] + r["n_invalid"] == r["n"] == len(labels)
    if 0 < y.sum() < len(y):
        assert r["separation"] == pytest.approx(s[y == 1].mean() - s[y == 0].mean())
        assert 0.0 <= r["roc_auc"] <= 1.0
    # the weighted recall is the accuracy
    assert r["weighted_r"] == pytest.approx(float(((s >= threshold).astype(int) == y).mean()))
    # F1 of the paper is the harmonic mean of the averaged P and R
    assert r["weighted_f1_paper"] == pytest.approx(harmonic_mean(r["weighted_p"], r["weighted_r"]))
    # per-class-average F1 is scikit-learn's
    assert r["macro_f1"] == pytest.approx(f1_score(y, s >= threshold, average="macro", labels=[0, 1],
                                                   zero_division=0))
    # order of the pairs does not matter
    perm = np.random.default_rng(0).permutation(len(y))
    r2 = evaluate_scores(y[perm], s[perm], threshold)
    assert all(r2[k] == pytest.approx(r[k], nan_ok=True) for k in METRIC_KEYS)


@settings(max_examples=40, deadline=None)
@given(pairs)
def test_confusion_matrix_matches_scikit_learn(data):
    labels, scores = data
    yhat = predict(scores)
    cm = ConfusionMatrix.compute(labels, yhat)
    assert cm.matrix.tolist() == confusion_matrix(labels, yhat, labels=[0, 1]).tolist()
    assert cm.accuracy == pytest.approx(float(np.mean(np.array(labels) == yhat)))


def test_separation_of_perfectly_separated_scores():
    sep = Separation.compute([1, 0, 1, 0], [1.0, -1.0, 1.0, -1.0])
    assert sep.separation == pytest.approx(2.0)
