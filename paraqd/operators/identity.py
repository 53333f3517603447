"""f2: the same sentence as its own positive (SimCSE-style: dropout is the augmentation)."""

from __future__ import annotations

import random

from ..analysis import QuestionDoc
from .base import Operator
from .registry import register_operator


@register_operator
class SameSentence(Operator):
    name = "same-sentence"
    paper_id = "f2"
    polarity = "positive"
    stage = "train"
    description = "the question itself; encoder dropout makes it a useful positive (SimCSE)"
    needs_spacy = False  # reads only the analysed question
    allows_identity = True

    def transform(self, doc: QuestionDoc, rng: random.Random) -> str | None:
        return doc.text
