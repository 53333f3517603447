"""All-pairs evaluation (Mussmann et al., 2020): rank *every* pair of a test set, not a balanced sample.

Labels come from clusters: two texts are duplicates iff they share a cluster (for instance the components
of the transitive closure of the known duplicates); every other pair is a negative, so positives are rare.

Average precision (AP) and precision at a recall level (P@R, 20 % by default) follow the paper's
definitions: thresholds sweep the distinct scores from high to low, ``AP = sum (R_i - R_{i-1}) P_i``, which
is scikit-learn's ``average_precision_score`` / ``precision_recall_curve`` (with the estimator's weights
as ``sample_weight``).

Up to ``exact_limit`` texts every pair is scored (exact). Above it, the false positives are estimated as in
the paper's appendix A.2: all positives are scored; the negatives among pairs that are nearest neighbours in
a *reference* embedding (``D_near``, where false positives concentrate) are scored exactly; the remaining
negatives are represented by a uniform sample ``D_rand`` whose counts are weighted by
``(N_neg - |D_near|) / |D_rand|``. The estimate of each false-positive count is unbiased; AP computed from
it is a ratio estimator (consistent, with small bias). The pairs are drawn once per evaluator, so models
compared with one evaluator see the same pairs.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
from sklearn.metrics import average_precision_score, precision_recall_curve

from ..errors import InputError
from .neighbours import neighbour_pairs, normalize_rows


@dataclass(frozen=True)
class AllPairsScore:
    """AP and P@R over all pairs of a test set."""

    average_precision: float
    precision_at_recall: float
    recall_level: float
    n_pairs: int
    n_positive: int
    exact: bool

    def as_dict(self) -> dict:
        return {"ap": self.average_precision, f"p@r{round(self.recall_level * 100)}": self.precision_at_recall,
                "test_pairs": self.n_pairs, "test_positives": self.n_positive, "exact": self.exact}


def _weighted(pos_scores, neg_scores, neg_weights, what: str) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(labels, scores, sample weights) of positives (weight 1) against weighted negatives."""
    pos = np.asarray(pos_scores, dtype=np.float64)
    neg = np.asarray(neg_scores, dtype=np.float64)
    if len(pos) == 0:
        raise InputError(f"{what} needs at least one positive pair")
    w = np.ones(len(neg)) if neg_weights is None else np.asarray(neg_weights, dtype=np.float64)
    return (np.r_[np.ones(len(pos), dtype=np.int8), np.zeros(len(neg), dtype=np.int8)], np.r_[pos, neg],
            np.r_[np.ones(len(pos)), w])


def average_precision(pos_scores: Sequence[float], neg_scores: Sequence[float],
                      neg_weights: Sequence[float] | None = None) -> float:
    """AP of positives against (optionally weighted) negatives; a weight stands for that many negatives."""
    y, s, w = _weighted(pos_scores, neg_scores, neg_weights, "average precision")
    return float(average_precision_score(y, s, sample_weight=w))


def precision_at_recall(pos_scores: Sequence[float], neg_scores: Sequence[float], recall_level: float = 0.2,
                        neg_weights: Sequence[float] | None = None) -> float:
    """Precision at the highest threshold whose recall reaches ``recall_level``."""
    y, s, w = _weighted(pos_scores, neg_scores, neg_weights, "precision at recall")
    precision, recall, _ = precision_recall_curve(y, s, sample_weight=w)
    # the curve runs from the lowest threshold to the highest, then appends (precision 1, recall 0)
    reached = np.flatnonzero(recall[:-1] >= recall_level - 1e-12)
    return float(precision[reached[-1]])


def clusters_from_pairs(texts: Sequence[str], positive_pairs: Sequence[tuple[int, int]]) -> np.ndarray:
    """Cluster id per text: connected components of the positive pairs (union-find)."""
    parent = list(range(len(texts)))

    def find(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    for i, j in positive_pairs:
        ri, rj = find(i), find(j)
        if ri != rj:
            parent[max(ri, rj)] = min(ri, rj)
    roots = [find(i) for i in range(len(texts))]
    _, ids = np.unique(roots, return_inverse=True)
    return ids.astype(np.int64)


def _positive_pairs(clusters: np.ndarray) -> np.ndarray:
    out = []
    order = np.argsort(clusters, kind="stable")
    bounds = np.r_[0, np.nonzero(np.diff(clusters[order]))[0] + 1, len(order)]
    for s, e in itertools.pairwise(bounds):
        members = np.sort(order[s:e])
        if len(members) > 1:
            ii, jj = np.triu_indices(len(members), 1)
            out.append(np.stack([members[ii], members[jj]], axis=1))
    return np.concatenate(out) if out else np.zeros((0, 2), np.int64)


class AllPairsEvaluator:
    """Scores embeddings by AP and P@R over all pairs of a clustered test set.

    Args:
        clusters: cluster id of each test text (same id = duplicates).
        reference: embeddings that choose ``D_near`` for the estimator (e.g. the pre-trained encoder's);
            only used above ``exact_limit`` texts.
        exact_limit: up to this many texts every pair is scored exactly.
        near_k: neighbours per text in ``D_near``; n_random: size of ``D_rand``.
    """

    def __init__(self, clusters: Sequence[int], reference: np.ndarray | None = None, exact_limit: int = 3000,
                 near_k: int = 50, n_random: int = 200_000, recall_level: float = 0.2, seed: int = 0):
        self.clusters = np.asarray(clusters, dtype=np.int64)
        n = len(self.clusters)
        self.recall_level = recall_level
        self.n_pairs = n * (n - 1) // 2
        self.positives = _positive_pairs(self.clusters)
        if len(self.positives) == 0:
            raise InputError("the test set has no duplicate pair; all-pairs AP is undefined")
        self.exact = n <= exact_limit
        if self.exact:
            self._iu = np.triu_indices(n, 1)
            self._is_pos = self.clusters[self._iu[0]] == self.clusters[self._iu[1]]
            return
        if reference is None:
            raise InputError("above the exact limit the all-pairs estimator needs reference embeddings")
        near = neighbour_pairs(normalize_rows(reference), near_k)
        self.near = near[self.clusters[near[:, 0]] != self.clusters[near[:, 1]]]
        near_codes = set((self.near[:, 0] * n + self.near[:, 1]).tolist())
        n_neg = self.n_pairs - len(self.positives)
        rest = n_neg - len(self.near)
        rng = np.random.default_rng(seed)
        target = min(n_random, rest)
        picked: dict[int, None] = {}
        while len(picked) < target:
            i = rng.integers(0, n, size=2 * (target - len(picked)) + 16)
            j = rng.integers(0, n, size=len(i))
            a, b = np.minimum(i, j), np.maximum(i, j)
            ok = (a != b) & (self.clusters[a] != self.clusters[b])
            for code in (a[ok] * n + b[ok]).tolist():
                if code not in near_codes and code not in picked:
                    picked[code] = None
                    if len(picked) == target:
                        break
        codes = np.fromiter(picked, dtype=np.int64, count=len(picked))
        self.random = np.stack([codes // n, codes % n], axis=1)
        self.random_weight = rest / max(len(self.random), 1)

    def evaluate(self, embeddings: np.ndarray) -> AllPairsScore:
        """AP and P@R of cosine similarity between the given (test-text) embeddings."""
        x = normalize_rows(embeddings)
        if len(x) != len(self.clusters):
            raise InputError(f"{len(x)} embeddings for {len(self.clusters)} test texts")
        if self.exact:
            sims = (x @ x.T)[self._iu]
            pos, neg, w = sims[self._is_pos], sims[~self._is_pos], None
        else:
            def cos(p: np.ndarray) -> np.ndarray:
                return np.einsum("ij,ij->i", x[p[:, 0]], x[p[:, 1]])
            pos = cos(self.positives)
            neg = np.r_[cos(self.near), cos(self.random)]
            w = np.r_[np.ones(len(self.near)), np.full(len(self.random), self.random_weight)]
        ap = average_precision(pos, neg, w)
        p_at_r = precision_at_recall(pos, neg, self.recall_level, w)
        return AllPairsScore(ap, p_at_r, self.recall_level, self.n_pairs, len(self.positives), self.exact)
