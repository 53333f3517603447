"""fd: EDA random deletion: each token is deleted with probability ``p``.

Tokens are the spaCy tokens (punctuation included, whitespace excluded). At least one token is deleted
(if the coin flips spare them all, one random token goes) and at least one is kept, so the result always
differs from the question and is never empty; a one-token question is left alone (not applicable).
"""

from __future__ import annotations

import random

from ..analysis import QuestionDoc
from ..errors import InputError
from .base import Operator
from .registry import register_operator


@register_operator
class RandomDeletion(Operator):
    name = "random-deletion"
    paper_id = "fd"
    polarity = "negative"
    stage = "test"
    description = "delete each token with probability p (EDA), at least one, never all"

    def __init__(self, p: float = 0.1):
        if not 0 < p < 1:
            raise InputError(f"random-deletion: p must be between 0 and 1 (exclusive), got {p}")
        self.p = p

    def transform(self, doc: QuestionDoc, rng: random.Random) -> str | None:
        tokens = [t for t in doc.doc if not t.is_space]
        if len(tokens) < 2:
            return None
        drop = [rng.random() < self.p for _ in tokens]
        if not any(drop):
            drop[rng.randrange(len(tokens))] = True
        elif all(drop):
            drop[rng.randrange(len(tokens))] = False
        edits = [(t.idx, t.idx + len(t.text), "") for t, d in zip(tokens, drop) if d]
        return doc.replace_spans(edits)
