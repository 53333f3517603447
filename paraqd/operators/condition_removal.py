"""n4: one condition is removed: a statement that gives a number, or a clause of one, is dropped.

Unlike f6 (which drops the last sentence), the dropped piece is a statement before the question: a whole
sentence holding a number, or, in a sentence of several comma-separated clauses, one clause holding a number.
The question loses a given quantity and cannot be answered as asked.
"""

from __future__ import annotations

import random

from ..analysis import QuestionDoc
from .base import Operator
from .registry import register_operator


@register_operator
class ConditionRemoval(Operator):
    name = "condition-removal"
    paper_id = "n4"
    polarity = "negative"
    stage = "train"
    in_stage_group = False  # not one of the paper\'s: only by name, id or the "extra" group
    description = "drop one statement (or one comma clause) that gives a number, before the question"
    needs_spacy = False  # reads only the analysed question

    def transform(self, doc: QuestionDoc, rng: random.Random) -> str | None:
        sents = doc.sentences
        if len(sents) < 2:
            return None
        numbers = [n for n in doc.numbers if n.kind != "ordinal"]
        cuts: list[tuple[int, int]] = []
        for s in sents[:-1]:
            if not any(s.start <= n.start < s.end for n in numbers):
                continue
            cuts.append((s.start, s.end))
            # clauses "A, B and C" -> drop one comma-separated part holding a number
            pos, parts = s.start, []
            for piece in s.text[:-1].split(", "):
                parts.append((pos, pos + len(piece)))
                pos += len(piece) + 2
            if len(parts) > 1:
                for i, (a, b) in enumerate(parts):
                    if any(a <= n.start < b for n in numbers):
                        cuts.append((a, b + 2) if i < len(parts) - 1 else (a - 2, b))
        if not cuts:
            return None
        start, end = rng.choice(cuts)
        out = doc.replace_spans([(start, end, "")])
        return out[:1].upper() + out[1:] if out else None
