"""Context added: what a retelling adds that does not enter the computation.

A problem is its quantities (value, unit, the thing they count), the relations between them and the asked
quantity. A retelling often adds more: a setting ("at the school fair", "on Saturday morning"), a name, a
feeling, and numbers about things the problem never counts ("the library, 500 square metres large, bought
2647 books"). Such additions leave the problem the same: nothing the question asks depends on them. A new
quantity about something the problem *does* count or measure ("she also bought 4 more books" in a problem
about books, "3 more miles" in a problem in kilometres) enters the computation and makes another problem.

This module tells the two apart; the number, unit and relation checks ask it before they report an addition
as a change of the problem, and report context as a note instead (``context_added``, minor):

- :func:`context_numbers`: an added number is context when what it measures is new to the problem: its unit
  is of a kind (length, mass, money, time, ...) the question measures nothing in and does not ask in, or the
  phrase it stands in ("3 *hats*", "*the humidity* rose to 60%", "*her dog*, who is 6 years old") names
  only things the question does not compute with (:func:`computed_nouns`: the nouns of the phrases of its
  numbers and of its asking clause, nor a synonym, more general or more specific word of one,
  :mod:`paraqd.analysis.lexicon` when WordNet is installed) and holds no number of the question ("544 pots
  in each of the 10 gardens" ties the gardens to the pots: it enters), or it is a calendar year ("in 2019").
  A number whose phrase names nothing ("3 of them") is never context: it may enter the computation.
- :func:`context_units`: an added unit is context when every mention of it belongs to a context number or
  measures nothing (no number, no rate), and the question neither measures nor asks in its kind.
- :func:`timed_problem`: whether the problem counts time (a quantity in days, weeks, hours..., a rate per
  period, or a question asked in a unit of time); only then can a weekday added to it ("Monday through
  Friday") change the count, and otherwise a weekday is setting ("on Saturday morning"). :class:`ContextCheck`
  reports added weekdays so (``day_added``, major, or ``context_added``).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

from ..analysis.document import Mention, NumberMention, QuestionDoc, UnitMention
from ..analysis.lexicon import MORE_GENERAL, MORE_SPECIFIC, SAME, SYNONYM, default_lexicon
from ..analysis.quantities import quantities as all_quantities
from .base import Check
from .days import added_days
from .findings import Finding, Severity

_CACHE_KEY = "paraqd.checks.context"
#: a calendar year: "in 2019", "since 1998", "of 2021", "2020's"
_YEAR = re.compile(r"(?:\b(?:in|since|of|from|until|by|during|year)\s+)$", re.IGNORECASE)
_NOUN_POS = frozenset({"NOUN", "PROPN"})
_VERB_POS = frozenset({"VERB", "AUX"})
_SUBJECT_DEPS = frozenset({"nsubj", "nsubjpass"})
#: coins are money: "50 cents" in a problem in dollars is money too
_MONEY = {"Coin": "Currency"}
#: the relations under which a noun of the paraphrase names a thing the problem counts
_SAME_THING = frozenset({SAME, SYNONYM, MORE_GENERAL, MORE_SPECIFIC})


def _lemma(tok) -> str:
    return (tok.lemma_ or tok.text).lower()


def measured_categories(doc: QuestionDoc) -> frozenset[str]:
    """The kinds of unit (``Length``, ``Time``, ``Currency``...) ``doc`` measures something in or asks in:
    its quantities' units (rates included) and the units of its question sentence."""
    from .question import find_ask

    cats = {q.unit.category for quantity in all_quantities(doc) for q in (quantity, *quantity.parts)}
    cats |= {u.category for u in doc.units if " per " in u.unit.name}
    if any(n.kind == "currency" for n in doc.numbers):
        cats.add("Currency")
    ask = find_ask(doc)
    if ask is not None:
        cats |= {u.category for u in ask.units}
    return frozenset(_MONEY.get(c, c) for c in cats)


def timed_problem(doc: QuestionDoc) -> bool:
    """Whether ``doc`` counts time: a quantity or rate in a unit of time, or a question asked in one."""
    return "Time" in measured_categories(doc)


def _unit_of(doc: QuestionDoc, number: NumberMention) -> UnitMention | None:
    for quantity in all_quantities(doc):
        for q in (quantity, *quantity.parts):
            if q.number is not None and q.number.start == number.start:
                return q.unit
    return None


def _phrase(doc: QuestionDoc, number: NumberMention):
    """``(nouns, numbers)`` of the phrase ``number`` belongs to: the largest part of its clause that holds it
    and is not the clause's verb ("*3 hats*", "*544 pots in each of the 10 gardens*", "*with a humidity of
    40%*"), plus the verb's subject when the number counts no noun of its own ("*the humidity* rose to
    60%"). Nouns by lemma, numbers by start offset, the number itself left out."""
    span = doc.doc.char_span(number.start, number.end, alignment_mode="expand")
    if span is None or len(span) == 0:
        return frozenset(), frozenset()
    node = span[-1]
    while node.head is not node and node.head.pos_ not in _VERB_POS:
        node = node.head
    tokens = list(node.subtree)
    counts_noun = span[-1].dep_ == "nummod" and span[-1].head.pos_ in _NOUN_POS
    if not counts_noun and node.head is not node:
        verb = node.head
        subjects = [t for child in verb.children if child.dep_ in _SUBJECT_DEPS for t in child.subtree]
        if not subjects and verb.dep_ in ("acl", "relcl") and verb.head.pos_ in _NOUN_POS:
            # "a humidity level *ranging* from 30% to 70%", "Biscuit, who *is* 6 years old"
            subjects = [verb.head, *(c for c in verb.head.children if c.dep_ == "compound")]
        tokens += subjects
    inside = range(span.start, span.end)
    in_unit = {i for u in doc.units for i in range(u.start, u.end)}
    nouns = frozenset(_lemma(t) for t in tokens if t.pos_ in _NOUN_POS and t.is_alpha and t.i not in inside
                      and t.idx not in in_unit)
    starts = frozenset(t.idx for t in tokens if t.i not in inside)
    return nouns, starts


def _is_year(doc: QuestionDoc, number: NumberMention) -> bool:
    return (number.kind == "cardinal" and number.written == "digits" and 1000 <= number.value <= 2100
            and number.value == int(number.value)
            and _YEAR.search(doc.text, max(0, number.start - 12), number.start) is not None)


def computed_nouns(doc: QuestionDoc) -> frozenset[str]:
    """The nouns ``doc`` computes with: those of the phrases of its numbers ("*544 pots*", "8 *players* in
    each *group*") and of its asking clause (computed once per document)."""
    key = _CACHE_KEY + ".computed"
    if key not in doc.doc.user_data:
        from .grounding import asked_nouns

        nouns = {noun for number in doc.numbers for noun in _phrase(doc, number)[0]}
        nouns |= {_lemma(t) for t in asked_nouns(doc)}
        doc.doc.user_data[key] = frozenset(nouns)
    return doc.doc.user_data[key]


def _known_noun(noun: str, question: QuestionDoc) -> bool:
    """Whether ``noun`` names a thing ``question`` computes with (:func:`computed_nouns`): the same word, or
    (WordNet) a synonym, more general or more specific word of one."""
    computed = computed_nouns(question)
    if noun in computed:
        return True
    lexicon = default_lexicon()
    if lexicon is None:
        return False
    return any(lexicon.relation(q_noun, noun) in _SAME_THING for q_noun in computed)


def is_context_number(question: QuestionDoc, paraphrase: QuestionDoc, number: NumberMention) -> bool:
    """Whether ``number`` of the paraphrase measures something new to the problem (see the module
    docstring): a unit of a kind the question does not measure, a noun it does not use, a calendar year."""
    if _is_year(paraphrase, number):
        return True
    if number.kind == "ordinal":
        return False
    nouns, starts = _phrase(paraphrase, number)
    unit = _unit_of(paraphrase, number)
    if unit is not None:
        if unit.unit.name in {u.unit.name for u in question.units}:
            return False
        if _MONEY.get(unit.category, unit.category) not in measured_categories(question):
            return True
        # a kind of unit the problem measures in: context only about things it does not compute with ("her
        # dog, who is 6 years old" in a problem in hours)
    if number.kind == "currency":
        return "Currency" not in measured_categories(question) and not any(
            n.kind == "currency" for n in question.numbers)
    if not nouns or any(_known_noun(noun, question) for noun in nouns):
        return False
    q_values = {n.rounded for n in question.numbers}
    return not any(n.rounded in q_values for n in paraphrase.numbers if n.start in starts)


def context_numbers(question: QuestionDoc, paraphrase: QuestionDoc,
                    added: Iterable[Sequence[NumberMention]]) -> list[Sequence[NumberMention]]:
    """The groups of added number mentions (one value each) whose every mention is context."""
    return [ms for ms in added if ms and all(is_context_number(question, paraphrase, m) for m in ms)]


def context_units(question: QuestionDoc, paraphrase: QuestionDoc, mentions: Sequence[UnitMention]) -> bool:
    """Whether the added unit ``mentions`` (one unit, every mention of it in the paraphrase) are context: a
    kind of unit the question neither measures nor asks in, each mention measuring a context number or
    nothing."""
    from .question import find_ask

    if not mentions or _MONEY.get(mentions[0].category, mentions[0].category) in measured_categories(question):
        return False
    ask = find_ask(paraphrase)
    if ask is not None and any(ask.clause and ask.clause.start <= m.start < ask.clause.end for m in mentions):
        return False  # the question now asks in it
    measuring = {}
    for quantity in all_quantities(paraphrase):
        for q in (quantity, *quantity.parts):
            measuring[q.unit.start] = q.number
    for m in mentions:
        number = measuring.get(m.start)
        if number is not None and not is_context_number(question, paraphrase, number):
            return False
        if number is None and m.start in measuring and " per " in m.unit.name:
            return False  # a rate of one: "per hour"
    return True


def describe(mentions: Iterable[Mention]) -> str:
    """The context spans quoted for a message, in order, each once."""
    return ", ".join(dict.fromkeys(f'"{m.text}"' for m in sorted(mentions, key=lambda m: m.start)))


class ContextCheck(Check):
    """Reports days of the week the question never names (:func:`~paraqd.checks.days.added_days`): a condition
    on when things happen in a problem that counts time (``day_added``, major: "5 times a day" -> "5 times a
    day, Monday through Friday only"), a setting in one that does not (``context_added``, minor: "On
    Saturday morning, ...")."""

    name = "context"

    def compare(self, question: QuestionDoc, paraphrase: QuestionDoc) -> list[Finding]:
        new_days = added_days(question, paraphrase)
        if not new_days:
            return []
        if not timed_problem(question):
            return [Finding(
                "context_added", f"the paraphrase adds {describe(new_days)}, days in a problem that counts no "
                "time (context: the problem is the same)", Severity.MINOR, (), tuple(new_days),
            )]
        return [Finding(
            "day_added", f"the paraphrase adds {describe(new_days)}, days the question never names (a "
            "condition on when things happen)", Severity.MAJOR, (), tuple(new_days),
        )]
