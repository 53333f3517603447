"""What every baseline shares: generated positives and the in-batch-negative triplets they train on.

A baseline augmenter (UDA, SSMBA) turns questions into one generated paraphrase each, meant as a positive.
It says what it really ran (``describe()``), so a report can state "UDA, TF-IDF replacement only: no
translation model" instead of silently running less than the method.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Protocol

import numpy as np
import pandas as pd

from ..defaults import TRIPLET_COLUMNS
from ..errors import InputError


@dataclass
class GeneratedPositives:
    """One generated text per question (``None`` where the augmenter produced nothing usable)."""

    questions: list[str]
    generated: list[str | None]
    method: str
    notes: list[str] = field(default_factory=list)

    def pairs(self) -> tuple[list[int], list[str], list[str]]:
        """Positions, questions and generated texts of the questions that got an output."""
        keep = [i for i, g in enumerate(self.generated) if g]
        return keep, [self.questions[i] for i in keep], [self.generated[i] for i in keep]  # type: ignore[misc]


class Augmenter(Protocol):
    """A baseline that generates one positive per question."""

    name: str

    def prepare(self, corpus: Sequence[str]) -> None: ...

    def describe(self) -> str: ...

    def generate(self, questions: Sequence[str], seed: int) -> GeneratedPositives: ...


def other_question_indices(n: int, seed: int) -> np.ndarray:
    """For each of ``n`` questions, the index of a different one: a seeded random cycle (a derangement)."""
    if n < 2:
        raise InputError("in-batch negatives need at least two questions")
    order = np.random.default_rng(seed).permutation(n)
    partner = np.empty(n, dtype=int)
    partner[order] = np.roll(order, -1)
    return partner


def in_batch_triplets(anchors: Sequence[str], positives: Sequence[str], seed: int, method: str,
                      question_ids: Sequence | None = None) -> pd.DataFrame:
    """Triplets whose negative is another training question (the paper's in-batch negatives).

    The baselines generate positives only; "other questions in the dataset (in-batch)" are the negatives
    (paper section 4.3). Each anchor is paired with a different question of the set by a seeded random
    cycle, so every question is used exactly once as a negative.
    """
    anchors, positives = list(anchors), list(positives)
    if len(anchors) != len(positives):
        raise InputError("one positive per anchor is needed")
    if len(set(anchors)) < len(anchors):
        raise InputError("anchors must be distinct questions (deduplicate the pool first)")
    partner = other_question_indices(len(anchors), seed)
    ids = list(question_ids) if question_ids is not None else list(range(len(anchors)))
    return pd.DataFrame({"anchor": anchors, "positive": positives,
                         "negative": [anchors[j] for j in partner], "positive_op": method,
                         "negative_op": "other-question", "question_id": ids}, columns=TRIPLET_COLUMNS)
