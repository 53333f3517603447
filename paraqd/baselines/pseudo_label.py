"""Pseudo-labelling of generated pairs by the untrained encoder (paper appendix B, "with pl").

A generated paraphrase ``G`` of question ``Q`` is labelled positive when ``cos(ENC(Q), ENC(G)) > 0.8``
with the encoder before any training, negative otherwise. Training then uses the label:

* positive ``G``: triplet ``(Q, G, another question)``, as without pseudo-labels;
* negative ``G``: triplet ``(Q, Q, G)`` -- the question itself is the positive (the paper's f2, same
  sentence: encoder dropout makes it differ) and ``G`` the negative to push away.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import pandas as pd

from ..defaults import TRIPLET_COLUMNS
from ..errors import InputError
from .base import in_batch_triplets

PSEUDO_LABEL_THRESHOLD = 0.8


@dataclass(frozen=True)
class PseudoLabelStats:
    """How many generated pairs were labelled positive and negative (the paper's Table 9)."""

    positive: int
    negative: int

    @property
    def positive_share(self) -> float:
        total = self.positive + self.negative
        return self.positive / total if total else float("nan")

    def as_dict(self) -> dict[str, float | int]:
        return {"positive": self.positive, "negative": self.negative,
                "positive_pct": round(100 * self.positive_share, 2),
                "negative_pct": round(100 * (1 - self.positive_share), 2)}


def pseudo_label(scorer, questions: Sequence[str], generated: Sequence[str],
                 threshold: float = PSEUDO_LABEL_THRESHOLD) -> tuple[np.ndarray, np.ndarray]:
    """Labels (1 where the cosine exceeds ``threshold``) and the cosines, from an untrained ``scorer``.

    ``scorer`` is anything with ``score_pairs`` returning cosines, e.g. ``ParaphraseScorer.load()``.
    """
    if len(questions) != len(generated):
        raise InputError("one generated text per question is needed")
    cosines = np.asarray(scorer.score_pairs(list(questions), list(generated)), dtype=float)
    return (cosines > threshold).astype(int), cosines


def pseudo_labelled_triplets(anchors: Sequence[str], generated: Sequence[str], labels: Sequence[int],
                             seed: int, method: str) -> pd.DataFrame:
    """Training triplets from pseudo-labelled pairs (see the module docstring)."""
    anchors, generated, labels = list(anchors), list(generated), [int(v) for v in labels]
    if not (len(anchors) == len(generated) == len(labels)):
        raise InputError("anchors, generated texts and labels must have the same length")
    ids = list(range(len(anchors)))
    positive = in_batch_triplets(anchors, generated, seed, f"{method} (pl+)", ids)
    negative = pd.DataFrame({"anchor": anchors, "positive": anchors, "negative": generated,
                             "positive_op": "same-question", "negative_op": f"{method} (pl-)",
                             "question_id": ids}, columns=TRIPLET_COLUMNS)
    mask = np.asarray(labels, dtype=bool)
    rows = [positive.iloc[i] if mask[i] else negative.iloc[i] for i in range(len(anchors))]
    return pd.DataFrame(rows, columns=TRIPLET_COLUMNS).reset_index(drop=True)
