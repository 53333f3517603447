"""Quantities that cannot be: more of a period of time than the period holds ("30 hours a day", "9 days a
week", "75 minutes an hour"); and spans of time that cannot be part of what a question asks per period.

A problem's conditions may be unusual, never impossible: a paraphrase that makes a website run 30 hours a day
asks a problem without a real answer. :func:`impossible_rates` reads the rates of a text whose amount is a time
(:func:`~paraqd.analysis.quantities.quantities`) and whose period is a longer unit of time
(:func:`~paraqd.analysis.rates.rate_periods`, the period right after the amount: "operates *30 hours a
day*"), and returns those whose amount exceeds the period. The lengths of the units of time are the calendar's
(a closed class): an amount counts at its shortest (a month 28 days), a period at its longest (a month 31 days).

:func:`outlasts_asked_period`: a question that asks for an amount per period ("how much does he earn *a week*")
and reads every time of its own as a rate ("8 hours *a day*", "5 days *a week*") computes from rates alone: a span
added that is longer than the asked period ("he had worked there *for three years*") is no part of the amount.

:func:`held_before_asked_period`: how long a person has held a state when the story starts ("she *has worked*
at the bakery *for 6 years*", "he *had been* a driver *for 17 years*": the perfect, a span after "for") ends
where the story's events begin; a question that asks about a named period ("that day", "during these 5 days")
shorter than the span, and computes with no time as long, computes nothing with it.
"""

from __future__ import annotations

import re

from .asked import find_ask
from .document import Mention, NumberMention, QuestionDoc
from .quantities import Quantity, quantities
from .rates import rate_periods
from .terms import SUBJECT_PRONOUNS

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
    found = []
    for quantity in quantities(doc):
        if quantity.number is None or quantity.unit.unit.name not in _SECONDS:
            continue
        period = _period_after(doc, quantity)
        if period is None:
            continue
        amount = quantity.value * _SECONDS[quantity.unit.unit.name][0]
        if amount > _SECONDS[period[1]][1]:
            start = quantity.number.start
            found.append((Mention(start, quantity.unit.end, doc.text[start:quantity.unit.end]), period[0]))
    return found


def _period_after(doc: QuestionDoc, quantity: Quantity) -> tuple[Mention, str] | None:
    """The rate period of time right after ``quantity``'s unit ("30 hours *a day*"), or ``None``; a period with
    another number before it is that number's ("2 hours at 2 miles *per hour*")."""
    periods = [(m, p) for m, p in rate_periods(doc) if p in _SECONDS]
    return next(((m, p) for m, p in periods if 0 <= m.start - quantity.unit.end <= _GAP
                 and not _BREAK.search(doc.text, quantity.unit.end, m.start)
                 and not any(quantity.unit.end <= n.start < m.start for n in doc.numbers)), None)


def _asked_period(doc: QuestionDoc) -> str | None:
    """The unit of time the asking clause asks per ("how much does he earn *a week*"): one of its units of time
    with no number of its own; ``None`` when it names none."""
    ask = find_ask(doc)
    if ask is None:
        return None
    periods = {q.unit.start: q.unit.unit.name for q in quantities(doc) if q.number is None}
    return next((periods[u.start] for u in ask.units if u.start in periods and periods[u.start] in _SECONDS), None)


def outlasts_asked_period(question: QuestionDoc, paraphrase: QuestionDoc, number: NumberMention) -> bool:
    """Whether ``number`` of the paraphrase is a span of time longer than the period the question asks per, in a
    question whose every time with a number is a rate's amount (see the module docstring)."""
    period = _asked_period(question)
    if period is None:
        return False
    for quantity in quantities(question):
        if quantity.number is not None and quantity.unit.category == "Time" and _period_after(question, quantity) is None:
            return False  # a span of the question's own ("in 3 months"): a total spread over it
    quantity = next((q for q in quantities(paraphrase) if q.number is not None and q.number.start == number.start),
                    None)
    if quantity is None or quantity.unit.unit.name not in _SECONDS or _period_after(paraphrase, quantity) is not None:
        return False
    return quantity.value * _SECONDS[quantity.unit.unit.name][0] > _SECONDS[period][1]


def held_before_asked_period(question: QuestionDoc, paraphrase: QuestionDoc, number: NumberMention) -> bool:
    """Whether ``number`` of the paraphrase is how long a person has held a state before the story (see the
    module docstring): the number of a time after "for" in a perfect clause ("has worked ... for 6 years", "had
    been a driver for 17 years") whose subject is a person (a personal pronoun, "who" or a name), while the
    question's asking clause names a period of time and every time the question writes (asked or computed
    with, "1" when it has no number) is shorter than the span."""
    quantity = next((q for q in quantities(paraphrase) if q.number is not None and q.number.start == number.start),
                    None)
    if quantity is None or quantity.unit.unit.name not in _SECONDS or not _perfect_span_of_person(paraphrase, quantity):
        return False
    ask = find_ask(question)
    if ask is None or not any(u.unit.name in _SECONDS for u in ask.units):
        return False
    span = quantity.value * _SECONDS[quantity.unit.unit.name][0]
    values = {q.unit.start: q.value for q in quantities(question) if q.number is not None}
    return all(u.unit.name in _SECONDS and values.get(u.start, 1) * _SECONDS[u.unit.name][1] < span
               for u in question.units if u.category == "Time")


def _perfect_span_of_person(doc: QuestionDoc, quantity: Quantity) -> bool:
    """Whether ``quantity``'s unit is the object of "for" in a clause in the perfect whose subject is a person
    ("Tom *has worked* at the mill *for 3 years*", "she had been a nurse for 9 years": "for" on the verb or on
    the noun "be" says she is)."""
    span = doc.span(quantity.unit)
    if span is None:
        return False
    prep = span.root.head
    if span.root.dep_ != "pobj" or prep.lower_ != "for":
        return False
    verb = prep.head
    if verb.dep_ == "attr" and verb.head.lemma_ == "be":
        verb = verb.head  # "had been a driver for 17 years"
    if verb.tag_ != "VBN" or not any(c.dep_ == "aux" and c.lemma_ == "have" for c in verb.children):
        return False
    subjects = [c for c in verb.children if c.dep_ == "nsubj"]
    if verb.dep_ == "relcl" and subjects and subjects[0].lower_ == "who":
        return True
    return bool(subjects) and (subjects[0].lower_ in SUBJECT_PRONOUNS or subjects[0].ent_type_ == "PERSON")
