"""One value written two ways, across a question and its paraphrase: "3 dozen" as "3 sets of 12", "3/4 of the
students" as "3 out of every 4 students", "an hour" as "1" (the unit left to the sentence: "2 hours on Mondays
and 1 on Wednesdays").

:func:`spelt_out` lists them as ``(question values, paraphrase values)``: the number check takes each such pair
off what it reports missing and added, when both sides are still unexplained.
"""

from __future__ import annotations

import re

from .asked import find_ask
from .document import NumberMention, QuestionDoc
from .quantities import quantities, rate_periods

_PLAIN = frozenset({"cardinal", "decimal", "fraction"})
#: a count of dozens: "3 dozen", "two dozens"
_DOZEN = re.compile(r"(?<![A-Za-z])dozens?$", re.IGNORECASE)
#: between the two counts of a ratio written as a fraction: "3 *out of every* 4", "2 out of 5"
_OUT_OF = re.compile(r"[ ]+out[ ]+of[ ]+(?:every[ ]+|each[ ]+)?", re.IGNORECASE)
#: an article counting one thing of a unit: "*an* hour", "*a* day"
_ARTICLE = re.compile(r"(?<![A-Za-z])(?:a|an)[ ]+$", re.IGNORECASE)


def _round(value: float) -> float:
    return float(f"{value:.9g}")


def out_of(doc: QuestionDoc) -> list[tuple[NumberMention, NumberMention]]:
    """``(a, b)`` for every "a out of (every) b" of ``doc``, b not 0."""
    numbers = [n for n in doc.numbers if n.kind in _PLAIN]
    return [(a, b) for a, b in zip(numbers, numbers[1:])
            if b.value and _OUT_OF.fullmatch(doc.text[a.end:b.start]) is not None]


def ones_by_article(doc: QuestionDoc) -> int:
    """How many quantities of ``doc`` count one thing of a unit with an article ("an hour on Fridays"), not the
    period of a rate ("$9 an hour") nor one the question asks in ("how much does he earn a week")."""
    periods = {p.end for p, _ in rate_periods(doc)}
    ask = find_ask(doc)
    asked = range(ask.sentence.start, ask.sentence.end) if ask is not None else range(0)
    return sum(1 for q in quantities(doc) if q.number is None and q.value == 1 and not q.period and not q.parts
               and q.unit.end not in periods and q.unit.start not in asked
               and _ARTICLE.search(doc.text, max(0, q.unit.start - 4), q.unit.start) is not None)


def spelt_out(question: QuestionDoc, paraphrase: QuestionDoc) -> list[tuple[tuple[float, ...], tuple[float, ...]]]:
    """The values one side writes as others on the other side, as ``(question values, paraphrase values)``
    (plain values, rounded as :attr:`NumberMention.rounded`): a count of dozens and its count and twelve, a
    fraction and the two counts of "a out of b", an article counting one and the number 1."""
    forms = []
    for doc, first in ((question, True), (paraphrase, False)):
        for n in doc.numbers:
            if n.kind == "cardinal" and _DOZEN.search(n.text) and n.value != 144:
                whole, parts = (n.rounded,), (_round(n.value / 12), 12.0)
                forms.append((whole, parts) if first else (parts, whole))
        for a, b in out_of(doc):
            whole, parts = (_round(a.value / b.value),), (a.rounded, b.rounded)
            forms.append((parts, whole) if first else (whole, parts))
    forms += [((), (1.0,))] * ones_by_article(question)
    return forms
