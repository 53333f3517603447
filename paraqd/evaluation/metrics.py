"""Metrics of a paraphrase scorer on labelled pairs (paper section 4.4), at an untuned threshold.

Every figure is computed from two arrays: ``labels`` (1 = valid paraphrase, 0 = invalid) and ``scores``
(higher = more likely valid, e.g. a cosine in [-1, 1]). A pair is *predicted* valid when its score is at
least the threshold (0.5, the paper's tau, never tuned on the evaluated data).

Two F1 conventions are reported and named apart:

* ``*_f1_paper``: the harmonic mean of the averaged precision and the averaged recall, which is what the
  ParaQD paper's tables report;
* ``*_f1``: the average of the per-class F1 scores (scikit-learn's ``f1_score(average=...)``).

Undefined values (a mean over no pairs, ROC-AUC with one class) are ``nan``; precision of a class that is
never predicted counts as 0, as in the paper's tables.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from typing import Literal

import numpy as np
from sklearn.metrics import average_precision_score, confusion_matrix, precision_recall_fscore_support, roc_auc_score

from ..defaults import DEFAULT_THRESHOLD
from ..errors import InputError

#: The keys of :func:`evaluate_scores`, in order (the evaluator puts ``file`` in front).
METRIC_KEYS = ("n", "n_valid", "n_invalid", "mu_pos", "mu_neg", "separation",
               "macro_p", "macro_r", "macro_f1_paper", "macro_f1",
               "weighted_p", "weighted_r", "weighted_f1_paper", "weighted_f1",
               "ap", "roc_auc", "threshold")

Average = Literal["macro", "weighted"]


def as_arrays(labels: Sequence[int] | np.ndarray, scores: Sequence[float] | np.ndarray
              ) -> tuple[np.ndarray, np.ndarray]:
    """Validate and convert ``labels`` (0/1) and ``scores`` (finite floats) of the same length."""
    y = np.asarray(labels)
    s = np.asarray(scores, dtype=float)
    if y.ndim != 1 or s.ndim != 1 or len(y) != len(s):
        raise InputError(f"labels and scores must be two flat sequences of one length "
                         f"(got shapes {y.shape} and {s.shape})")
    if len(y) == 0:
        raise InputError("no labelled pairs to evaluate")
    if not np.isin(y, (0, 1)).all():
        raise InputError("labels must be 0 (invalid) or 1 (valid)")
    if not np.isfinite(s).all():
        raise InputError("scores must be finite numbers")
    return y.astype(int), s


def predict(scores: Sequence[float] | np.ndarray, threshold: float = DEFAULT_THRESHOLD) -> np.ndarray:
    """Predicted labels: 1 where ``score >= threshold``."""
    return (np.asarray(scores, dtype=float) >= threshold).astype(int)


def harmonic_mean(p: float, r: float) -> float:
    """``2pr / (p + r)``, 0 when both are 0: the F1 of an averaged precision and recall."""
    return 0.0 if p + r == 0 else 2 * p * r / (p + r)


@dataclass(frozen=True)
class Separation:
    """Mean score of valid pairs (mu+), of invalid pairs (mu-) and their difference mu_s."""

    mu_pos: float
    mu_neg: float

    @property
    def separation(self) -> float:
        return self.mu_pos - self.mu_neg

    @classmethod
    def compute(cls, labels, scores) -> "Separation":
        y, s = as_arrays(labels, scores)
        pos, neg = s[y == 1], s[y == 0]
        return cls(float(pos.mean()) if len(pos) else math.nan, float(neg.mean()) if len(neg) else math.nan)


@dataclass(frozen=True)
class AveragedPRF:
    """Precision and recall averaged over the two classes, with both F1 conventions."""

    average: Average
    precision: float
    recall: float
    f1: float  #: average of the per-class F1 scores

    @property
    def f1_paper(self) -> float:
        """Harmonic mean of the averaged precision and recall (the paper's tables)."""
        return harmonic_mean(self.precision, self.recall)

    @classmethod
    def compute(cls, labels, predictions, average: Average = "macro") -> "AveragedPRF":
        if average not in ("macro", "weighted"):
            raise InputError(f"average must be 'macro' or 'weighted', not {average!r}")
        y = np.asarray(labels, dtype=int)
        p, r, f, _ = precision_recall_fscore_support(y, np.asarray(predictions, dtype=int), labels=[0, 1],
                                                     average=average, zero_division=0)
        return cls(average, float(p), float(r), float(f))


@dataclass(frozen=True)
class ConfusionMatrix:
    """Counts of the 2x2 confusion matrix (rows: true label, columns: predicted label; 0 = invalid)."""

    tn: int
    fp: int
    fn: int
    tp: int

    @property
    def matrix(self) -> np.ndarray:
        return np.array([[self.tn, self.fp], [self.fn, self.tp]])

    @property
    def accuracy(self) -> float:
        total = self.tn + self.fp + self.fn + self.tp
        return (self.tn + self.tp) / total if total else math.nan

    def as_dict(self) -> dict[str, int]:
        return asdict(self)

    @classmethod
    def compute(cls, labels, predictions) -> "ConfusionMatrix":
        tn, fp, fn, tp = confusion_matrix(np.asarray(labels, dtype=int), np.asarray(predictions, dtype=int),
                                          labels=[0, 1]).ravel()
        return cls(tn=int(tn), fp=int(fp), fn=int(fn), tp=int(tp))


def average_precision(labels, scores) -> float:
    """Area under the precision-recall curve of the valid class (threshold-free); nan with one class."""
    y, s = as_arrays(labels, scores)
    return float(average_precision_score(y, s)) if len(np.unique(y)) == 2 else math.nan


def roc_auc(labels, scores) -> float:
    """Probability that a valid pair outscores an invalid one (threshold-free); nan with one class."""
    y, s = as_arrays(labels, scores)
    return float(roc_auc_score(y, s)) if len(np.unique(y)) == 2 else math.nan


def auc_standard_error(auc: float, n_positive: int, n_negative: int) -> float:
    """Standard error of a ROC-AUC estimate from ``n_positive`` and ``n_negative`` examples (Hanley & McNeil,
    1982).

    >>> round(auc_standard_error(0.8, 74, 106), 4)
    0.0349
    """
    q1, q2 = auc / (2 - auc), 2 * auc * auc / (1 + auc)
    var = (auc * (1 - auc) + (n_positive - 1) * (q1 - auc * auc) + (n_negative - 1) * (q2 - auc * auc))
    return float(max(var, 0.0) / max(n_positive * n_negative, 1)) ** 0.5


@dataclass(frozen=True)
class TunedThreshold:
    """The threshold maximising ``objective`` ON THE EVALUATED DATA: optimistic, for reference only."""

    threshold: float
    objective: str
    value: float


def best_threshold(labels, scores, objective: str = "weighted_f1_paper") -> TunedThreshold:
    """Search the midpoints between distinct scores for the threshold maximising ``objective``.

    The result is tuned on the very pairs it is measured on; report it as such, never as the model's
    performance (the paper insists the threshold cannot be tuned in a self-supervised setting).
    """
    if objective not in METRIC_KEYS[6:14]:
        raise InputError(f"objective must be one of {', '.join(METRIC_KEYS[6:14])}")
    y, s = as_arrays(labels, scores)
    distinct = np.unique(s)
    candidates = np.concatenate([[distinct[0] - 1e-9], (distinct[:-1] + distinct[1:]) / 2,
                                 [distinct[-1] + 1e-9]])
    best = TunedThreshold(float(candidates[0]), objective, -math.inf)
    for t in candidates:
        value = classification_metrics(y, s, float(t))[objective]
        if value > best.value:
            best = TunedThreshold(float(t), objective, float(value))
    return best


def classification_metrics(labels, scores, threshold: float = DEFAULT_THRESHOLD) -> dict[str, float]:
    """Macro and weighted precision, recall and both F1s at ``threshold``."""
    y, s = as_arrays(labels, scores)
    yhat = predict(s, threshold)
    out: dict[str, float] = {}
    for average in ("macro", "weighted"):
        prf = AveragedPRF.compute(y, yhat, average)
        out.update({f"{average}_p": prf.precision, f"{average}_r": prf.recall,
                    f"{average}_f1_paper": prf.f1_paper, f"{average}_f1": prf.f1})
    return out


def evaluate_scores(labels, scores, threshold: float = DEFAULT_THRESHOLD) -> dict[str, float | int]:
    """All the Table 1 figures of one set of labelled scores, under the keys of :data:`METRIC_KEYS`.

    >>> r = evaluate_scores([1, 1, 0, 0], [0.9, 0.6, 0.7, -0.2])
    >>> round(r["separation"], 2), round(r["macro_p"], 3), round(r["macro_f1_paper"], 3), r["roc_auc"]
    (0.5, 0.833, 0.789, 0.75)
    """
    y, s = as_arrays(labels, scores)
    sep = Separation.compute(y, s)
    result: dict[str, float | int] = {
        "n": int(len(y)), "n_valid": int(y.sum()), "n_invalid": int(len(y) - y.sum()),
        "mu_pos": sep.mu_pos, "mu_neg": sep.mu_neg, "separation": sep.separation,
    }
    result.update(classification_metrics(y, s, threshold))
    result["ap"] = average_precision(y, s)
    result["roc_auc"] = roc_auc(y, s)
    result["threshold"] = float(threshold)
    return result
