"""Exact or not: whether a number is given as its value or only as an estimate or a bound.

"The trip takes 3 hours" gives the value; "about 3 hours", "3 hours or so", "40-odd stickers" give an estimate,
and "at least 3 hours", "more than 20 people" a lower bound. A rewording that hedges a number the
question gives exactly leaves every digit in place, yet the problem no longer has one answer: the number was
made vague. :func:`made_inexact` finds it.

The hedges are the closed class of English approximators and lower bounds, read on the words right before the
number (:data:`_BEFORE`: "about", "around", "roughly", "approximately", "nearly", "almost", "some", "at least",
"more than", "no fewer than", "close to", "upwards of") and right after it or its unit (:data:`_AFTER`: "-odd",
"-ish", "-plus", "+", "or so", "or more", "or thereabouts"). Upper bounds ("up to 80 people", "at most 20
pounds", "no more than $30") are not read as hedges in a paraphrase: they are how a capacity or a limit the
question states with a noun ("a maximum of 20 pounds", "a carrying capacity of 80", "can only afford $15,000") is
reworded, and "up to" also reaches a value ("from 60 up to 240 degrees", "adds up to 131"). A value the question
itself hedges anywhere, with an upper bound, or with a preposition of bound that may also mean a span ("over 3
days", "under 5 minutes", "within 5 seconds", :data:`_LOOSE_BEFORE`), is never reported: only an exact value of
the question written hedged in the paraphrase more often than exactly, so a rewording that keeps the exact value
where the question has it and adds an estimate of a setting's number ("for almost three years") keeps the
problem.

>>> from paraqd.analysis.analyzer import analyze
>>> doc = analyze("He waited about 20 minutes and bought 3 pens.")
>>> [(n.text, hedge.text if hedge else None) for n in doc.numbers for hedge in [hedge_of(doc, n)]]
[('20', 'about 20'), ('3', None)]
"""

from __future__ import annotations

import re
from collections import Counter
from typing import TYPE_CHECKING, NamedTuple

from .document import Mention, NumberMention, QuestionDoc

if TYPE_CHECKING:
    from .pair import QuestionPair

_HEDGE_BEFORE = (r"at[ ]+least|about|around|roughly|approximately|approx\.?|nearly|almost|some"
                 r"|more[ ]+than|no[ ]+(?:less|fewer)[ ]+than|close[ ]+to|upwards[ ]+of")
#: an approximator or a lower bound right before a number: "*about* 20", "*at least* 4 hours"
_BEFORE = re.compile(rf"(?<![A-Za-z])(?<!no )(?:{_HEDGE_BEFORE})[ ]+$", re.IGNORECASE)  # not "no more than"
#: the same, an upper bound, or a preposition of bound that may also say a span ("over 3 days"): read on the
#: question only
_LOOSE_BEFORE = re.compile(rf"(?<![A-Za-z])(?:{_HEDGE_BEFORE}|at[ ]+most|up[ ]+to|(?:no[ ]+)?(?:less|fewer)[ ]+than"
                           r"|no[ ]+more[ ]+than|over|under|above|below|within)[ ]+$", re.IGNORECASE)
#: an approximator or a lower bound right after a number or its one-word unit: "40*-odd*", "a dozen *or so*",
#: "5 hours *or more*"
_AFTER = re.compile(r"^(?:-(?:odd|ish|plus)(?![A-Za-z])|\+|(?:[ ]+[A-Za-z%]+)?[ ]+or[ ]+"
                    r"(?:so|more|thereabouts)(?![A-Za-z]))", re.IGNORECASE)
#: how far before a number a hedge is looked for (characters)
_WINDOW = 30


class MadeInexact(NamedTuple):
    """A number the question gives exactly (``question_at``) that the paraphrase gives only hedged
    (``paraphrase_at``); ``hedge`` spans the paraphrase's hedge and number ("at least 4", "a dozen or so")."""

    question_at: NumberMention
    paraphrase_at: NumberMention
    hedge: Mention


def hedge_of(doc: QuestionDoc, number: NumberMention, loose: bool = False) -> Mention | None:
    """The words that make ``number`` an estimate or a bound, with the number ("about 20", "40-odd", "a dozen
    or so"), or ``None`` when it is given exactly; ``loose`` also reads the prepositions that may say a span
    (:data:`_LOOSE_BEFORE`)."""
    text = doc.text
    before = (_LOOSE_BEFORE if loose else _BEFORE).search(text, max(0, number.start - _WINDOW), number.start)
    after = _AFTER.match(text[number.end:number.end + _WINDOW])
    if before is None and after is None:
        return None
    start = before.start() if before is not None else number.start
    end = number.end + after.end() if after is not None else number.end
    return Mention(start, end, text[start:end])


def made_inexact(pair: QuestionPair) -> list[MadeInexact]:
    """The values the question gives exactly and the paraphrase only as an estimate or a bound (module
    docstring): per value, a hedged mention in the paraphrase when the paraphrase writes the value exactly fewer
    times than the question does and the question hedges it nowhere."""
    question, paraphrase = pair.question, pair.paraphrase
    q_numbers = [n for n in question.numbers if n.kind != "ordinal"]
    loose = {n.rounded for n in q_numbers if hedge_of(question, n, loose=True) is not None}
    q_exact = Counter(n.rounded for n in q_numbers if n.rounded not in loose)
    p_exact: Counter = Counter()
    hedged: dict[float, tuple[NumberMention, Mention]] = {}
    for n in paraphrase.numbers:
        if n.kind == "ordinal" or n.rounded not in q_exact:
            continue
        hedge = hedge_of(paraphrase, n)
        if hedge is None:
            p_exact[n.rounded] += 1
        else:
            hedged.setdefault(n.rounded, (n, hedge))
    found = []
    for value, (p_number, hedge) in hedged.items():
        if p_exact[value] < q_exact[value]:
            same = [n for n in q_numbers if n.rounded == value]
            q_number = next((n for n in same if n.text == p_number.text), same[0])  # "4 hours", not "four episodes"
            found.append(MadeInexact(q_number, p_number, hedge))
    return found
