"""Quantities that cannot be: more of a period of time than the period holds ("30 hours a day", "9 days a
week", "75 minutes an hour").

A problem's conditions may be unusual, never impossible: a paraphrase that makes a website run 30 hours a day
asks a problem without a real answer. :func:`impossible_rates` reads the rates of a text whose amount is a time
(:func:`~paraqd.analysis.quantities.quantities`) and whose period is a longer unit of time
(:func:`~paraqd.analysis.quantities.rate_periods`, the period right after the amount: "operates *30 hours a
day*"), and returns those whose amount exceeds the period. The lengths of the units of time are the calendar's
(a closed class): an amount counts at its shortest (a month 28 days), a period at its longest (a month 31 days).
"""

from __future__ import annotations

import re

from .document import Mention, QuestionDoc
from .quantities import quantities, rate_periods

_DAY = 86400
#: the shortest and the longest length of each unit of time, in seconds
_SECONDS = {"second": (1, 1), "minute": (60, 60), "hour": (3600, 3600), "day": (_DAY, _DAY),
            "week": (7 * _DAY, 7 * _DAY), "month": (28 * _DAY, 31 * _DAY), "year": (365 * _DAY, 366 * _DAY)}
#: how many characters may stand between an amount's unit and its period ("30 hours *a day*", "30 hours of
#: work *a day*")
_GAP = 12
#: punctuation between them ends the amount's clause ("four days ago. *Every day* he ate ...")
_BREAK = re.compile(r"[.,;:!?]")


def impossible_rates(doc: QuestionDoc) -> list[tuple[Mention, Mention]]:
    """``(the amount, the period)`` of each rate of ``doc`` that holds more time than its period."""
    periods = [(m, p) for m, p in rate_periods(doc) if p in _SECONDS]
    found = []
    for quantity in quantities(doc):
        if quantity.number is None or quantity.unit.unit.name not in _SECONDS:
            continue
        period = next(((m, p) for m, p in periods if 0 <= m.start - quantity.unit.end <= _GAP
                       and not _BREAK.search(doc.text, quantity.unit.end, m.start)), None)
        if period is None:
            continue
        amount = quantity.value * _SECONDS[quantity.unit.unit.name][0]
        if amount > _SECONDS[period[1]][1]:
            start = quantity.number.start
            found.append((Mention(start, quantity.unit.end, doc.text[start:quantity.unit.end]), period[0]))
    return found
