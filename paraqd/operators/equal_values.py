"""p4: a quantity is written as an equal value in another form (75% <-> 3/4, 0.5 <-> 1/2, twice <-> two times).

One rewrite is drawn among those that apply:

* a percentage with a simple fraction equivalent becomes that fraction in words ("25%" -> "one quarter",
  "50%" -> "one half", "75%" -> "three quarters", "20%" -> "one fifth", "10%" -> "one tenth");
* a fraction a/b whose percentage is whole becomes the percentage ("3/4" -> "75%");
* a decimal with a simple fraction equivalent becomes the fraction ("0.5" -> "1/2", "0.25" -> "1/4");
* "twice" becomes "two times", "thrice" becomes "three times", and "double" (as in "double the") "twice".

Every value is kept; only the way it is written changes.
"""

from __future__ import annotations

import random
import re
from fractions import Fraction

from ..analysis import QuestionDoc
from .base import Operator
from .registry import register_operator

PERCENT_WORDS = {25: "one quarter", 50: "one half", 75: "three quarters", 20: "one fifth", 10: "one tenth",
                 40: "two fifths", 60: "three fifths", 80: "four fifths"}
DECIMAL_FRACTIONS = {0.5: "1/2", 0.25: "1/4", 0.75: "3/4", 0.2: "1/5", 0.1: "1/10"}
MULTIPLIERS = {"twice": "two times", "thrice": "three times"}


@register_operator
class EqualValues(Operator):
    name = "equal-values"
    paper_id = "p4"
    polarity = "positive"
    stage = "train"
    in_stage_group = False  # not one of the paper\'s: only by name, id or the "extra" group
    description = "write one quantity as an equal value in another form (75% <-> 3/4, twice <-> two times)"
    needs_spacy = False  # reads only the analysed question

    def transform(self, doc: QuestionDoc, rng: random.Random) -> str | None:
        edits: list[tuple[int, int, str]] = []
        text = doc.text
        for n in doc.numbers:
            raw = text[n.start:n.end]
            if n.kind == "percent" and n.written == "digits" and n.value in PERCENT_WORDS:
                edits.append((n.start, n.end, PERCENT_WORDS[int(n.value)]))
            elif n.kind == "fraction" and re.fullmatch(r"\d+/\d+", raw):
                pct = Fraction(raw) * 100
                if pct.denominator == 1 and 0 < pct < 100:
                    edits.append((n.start, n.end, f"{pct.numerator}%"))
            elif n.kind == "decimal" and re.fullmatch(r"0?\.\d+", raw) and round(n.value, 6) in DECIMAL_FRACTIONS:
                edits.append((n.start, n.end, DECIMAL_FRACTIONS[round(n.value, 6)]))
        taken = [(s, e) for s, e, _ in edits]
        for m in re.finditer(r"\b(twice|thrice|Twice|Thrice)\b", text):
            if not any(s < m.end() and m.start() < e for s, e in taken):
                new = MULTIPLIERS[m.group(1).lower()]
                edits.append((m.start(), m.end(), new.capitalize() if m.group(1)[0].isupper() else new))
        if not edits:
            return None
        return doc.replace_spans([rng.choice(edits)])
