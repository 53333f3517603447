"""f4: every abbreviated unit is written out in full from the unit vocabulary.

"100 km" -> "100 kilometres", "20 kmph" -> "20 kilometres per hour", "1 km" -> "1 kilometre" (agreement
with the number; singular after *per*, *a*, *an*, *each*), "750m" -> "750 metres" (a space is inserted),
"$5" -> "5 dollars" and "Rs. 500" -> "500 rupees" (a currency sign before a number moves after it).
The paper's example keeps the singular ("100 kilometre"); agreement reads better and keeps the meaning.
"""

from __future__ import annotations

import random

from ..analysis import QuestionDoc, UnitMention
from .base import Operator
from .registry import register_operator

_SINGULAR_AFTER = {"per", "a", "an", "each", "every"}


@register_operator
class UnitExpansion(Operator):
    name = "unit-expansion"
    paper_id = "f4"
    polarity = "positive"
    stage = "train"
    description = "abbreviated units written in full (km -> kilometres, kmph -> kilometres per hour)"
    needs_spacy = False  # reads only the analysed question

    def transform(self, doc: QuestionDoc, rng: random.Random) -> str | None:
        text = doc.text
        prefixed = {n.start: n for n in doc.numbers if n.currency and n.start < n.numeral[0]}
        edits: list[tuple[int, int, str]] = []
        for u in doc.units:
            if not u.abbreviated:
                continue
            number = prefixed.get(u.start)
            if number is not None:  # "$5" -> "5 dollars"
                full = u.unit.full(plural=number.value != 1)
                lead = "0" if text[number.numeral[0]] == "." else ""  # "$.5" -> "0.5 dollars"
                edits.append((u.start, number.numeral[0], lead))
                edits.append((number.end, number.end, " " + full))
                continue
            full = u.unit.full(plural=_plural(text, u))
            if u.start > 0 and text[u.start - 1].isdigit():
                full = " " + full  # "750m" -> "750 metres"
            if u.end < len(text) and text[u.end].isalnum():
                full += " "
            edits.append((u.start, u.end, full))
        return doc.replace_spans(_drop_overlaps(edits)) if edits else None


def _plural(text: str, u: UnitMention) -> bool:
    word = text[max(0, u.start - 8):u.start].split()
    if word and word[-1].lower() in _SINGULAR_AFTER:
        return False
    return u.plural


def _drop_overlaps(edits: list[tuple[int, int, str]]) -> list[tuple[int, int, str]]:
    """Keep the first of overlapping edits (a unit glued to a currency amount: "$5m")."""
    kept: list[tuple[int, int, str]] = []
    for e in sorted(edits, key=lambda e: (e[0], e[1])):
        if not kept or e[0] >= kept[-1][1]:
            kept.append(e)
    return kept
