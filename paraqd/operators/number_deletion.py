"""f8: up to two numbers are replaced by a vague quantity ("some", "a few", "many", "a lot of") or deleted.

As in the paper, one string ``s`` is drawn per question and every chosen number becomes ``s``; the number of
deleted numbers is drawn uniformly from 1..min(2, k). The whole mention goes, currency sign and percent sign
included ("$5" -> "some", not "$ some"). Ordinals ("the 2nd day", "the first hour") are not quantities and
are never chosen.
"""

from __future__ import annotations

import random

from ..analysis import QuestionDoc
from .base import Operator
from .registry import register_operator

VAGUE_QUANTITIES = ("some", "a few", "many", "a lot of", "")


@register_operator
class NumberDeletion(Operator):
    name = "number-deletion"
    paper_id = "f8"
    polarity = "negative"
    stage = "train"
    description = "replace at most 2 numbers by one of 'some', 'a few', 'many', 'a lot of', ''"
    needs_spacy = False  # reads only the analysed question

    def __init__(self, max_numbers: int = 2, replacements: tuple[str, ...] = VAGUE_QUANTITIES):
        self.max_numbers = max_numbers
        self.replacements = tuple(replacements)

    def transform(self, doc: QuestionDoc, rng: random.Random) -> str | None:
        numbers = [n for n in doc.numbers if n.kind != "ordinal"]
        if not numbers:
            return None
        k = rng.randint(1, min(self.max_numbers, len(numbers)))
        chosen = sorted(rng.sample(range(len(numbers)), k))
        s = rng.choice(self.replacements)
        text = doc.text
        edits = []
        for i in chosen:
            n = numbers[i]
            new = s
            if new and n.end < len(text) and text[n.end].isalnum():
                new += " "  # "750m" -> "some m"
            if new and n.start > 0 and text[n.start - 1].isalnum():
                new = " " + new
            edits.append((n.start, n.end, new))
        return doc.replace_spans(edits)
