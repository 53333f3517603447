"""n1: one number is replaced by a nearby value ("16 eggs" -> "18 eggs"): a subtle, information-changing edit.

The new value differs from the old one by 1-25 % (at least 1 for whole numbers), keeps its form (a whole
number stays whole, a decimal keeps its decimal places) and differs from every value already in the question,
so the change cannot be mistaken for a reordering. Only numerals written in digits are changed; the currency or
percent sign around them stays. Ordinals are never chosen.
"""

from __future__ import annotations

import random

from ..analysis import QuestionDoc
from .base import Operator
from .registry import register_operator


def nearby_value(text: str, rng: random.Random, avoid: set[float], max_relative: float = 0.25) -> str | None:
    """A numeral near ``text`` ("16" -> "18", "2.5" -> "2.8"), formatted like it, not in ``avoid``."""
    plain = text.replace(",", "")
    try:
        value = float(plain)
    except ValueError:
        return None
    decimals = len(plain.split(".")[1]) if "." in plain else 0
    step = 10 ** -decimals
    spread = max(step, abs(value) * max_relative)
    for _ in range(20):
        delta = rng.uniform(step, spread) * rng.choice((-1, 1))
        new = round(value + delta, decimals)
        if new <= 0 or new == value or round(new, 9) in avoid or abs(new - value) > spread + 1e-9:
            continue
        out = f"{new:.{decimals}f}"
        if "," in text and decimals == 0:
            out = f"{int(new):,}"
        return out
    return None


@register_operator
class NumberPerturbation(Operator):
    name = "number-perturbation"
    paper_id = "n1"
    polarity = "negative"
    stage = "train"
    in_stage_group = False  # not one of the paper\'s: only by name, id or the "extra" group
    description = "replace one number by a nearby different value (1-25 % away)"
    needs_spacy = False  # reads only the analysed question

    def __init__(self, max_relative: float = 0.25):
        self.max_relative = max_relative

    def transform(self, doc: QuestionDoc, rng: random.Random) -> str | None:
        numbers = [n for n in doc.numbers if n.kind != "ordinal" and n.written == "digits"]
        if not numbers:
            return None
        chosen = rng.choice(numbers)
        start, end = chosen.numeral
        avoid = {round(n.value, 9) for n in doc.numbers}
        new = nearby_value(doc.text[start:end], rng, avoid, self.max_relative)
        if new is None:
            return None
        return doc.replace_spans([(start, end, new)])
