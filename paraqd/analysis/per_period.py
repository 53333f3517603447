"""Per period or over the whole time: whether a number is said of each day (hour, night, time) or of the span.

"makes 2 bracelets *every day* for 5 days", "sleeps 6.5 hours *each night*", "charges $100 *a day*": the number
is said of one period and the problem multiplies it by the count of periods (a *rate*). "over the next 5 days
she made 2 bracelets", "during the first 2 weeks she takes 3 pills", "over the month she slept *a total of* 6.5
hours": the same number said of the whole time, once. The period may still be said elsewhere in the
paraphrase (of another number: "40 grapes every day"), so :func:`~paraqd.analysis.rates.lost_rates`, which
looks for the period anywhere, does not see it; :func:`rate_made_total` compares the number itself.

- a number of the question is said *per period* when its clause (:func:`~paraqd.analysis.per_item.clause_of`)
  holds a rate of time (:func:`~paraqd.analysis.rates.rate_periods`: "every day", "a night", "per hour",
  "daily"), the number is no ordinal and measures no span at least as long as the period ("*2 weeks*" in "3
  pills every day for 2 weeks" is the span, not the rate), nor counts the doers, the clause's subject, when a
  bare "each" or another number of the clause is said per period ("*5* hens each lay 2 eggs a day", "*3*
  machines make 40 toys every hour": 2 and 40 are the rates);
- its mentions in the paraphrase are matched as :mod:`~paraqd.analysis.converted` reads them (a number that
  measures another unit, or writes another quantity of the question in another unit, is another quantity;
  the number written in another unit, "420 minutes every night" for "7 hours", is still the number);
- a mention of it in the paraphrase is still per period when its clause holds a rate of any period, a
  distributive word ("each", "every", "per", "apiece") or a rate "a"/"an"
  (:func:`~paraqd.analysis.per_item.distributive`);
- it is said *of the whole time* when, per period nowhere, its clause names a span of time that is not its own
  measure ("over the next 4 days", "during the first 2 weeks", "on the first morning", "over the whole
  month") or a total word ("a total of 6.5 hours", "in all"); never in the asking clause, whose span is the
  time asked about ("In a week, how many eggs do the 5 hens lay?").

A value said per period more often in the question than in the paraphrase, with a mention said of the whole
time, was made a total.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .asked import find_ask
from .document import Mention, NumberMention, QuestionDoc, UnitMention
from .measures import phrase_root
from .per_item import (
    DISTRIBUTIVE,
    MadeTotal,
    clause_of,
    converted_same,
    distributive,
    same_measure,
    total_said,
    total_words,
)
from .quantities import CALENDAR_TOLERANCE, to_base
from .rates import rate_periods
from .terms import quantity_mentions, token_mention

if TYPE_CHECKING:
    from .pair import QuestionPair


#: a rate's period in seconds, by the name :func:`~paraqd.analysis.rates.rate_periods` gives it ("every night": a day)
_PERIOD_SECONDS = {"second": 1.0, "minute": 60.0, "hour": 3600.0, "day": 86400.0, "weekday": 86400.0,
                   "week": 604800.0, "month": 2629800.0, "year": 31557600.0}
def _time_unit(doc: QuestionDoc, start: int, end: int) -> UnitMention | None:
    """The unit of time among ``doc``'s units that overlaps ``start:end``, or ``None``."""
    return next((u for u in doc.units if u.start < end and start < u.end and u.category == "Time"), None)


def _seconds(unit: UnitMention) -> float | None:
    base = to_base(1, unit.unit)
    return base[0] if base is not None and base[0] > 0 else None


def _own_unit(doc: QuestionDoc, number: NumberMention) -> UnitMention | None:
    """The unit ``number`` measures ("*hours*" in "6.5 hours"), or ``None``."""
    return next((u for n, u in quantity_mentions(doc) if n.start == number.start), None)


def _rates_in(doc: QuestionDoc, clause: list) -> list[tuple[Mention, float, UnitMention | None]]:
    """The rates of time (:func:`~paraqd.analysis.rates.rate_periods`) that begin in ``clause``: ``(their
    words, their period in seconds, their unit of time or None)``; never a rate word that describes a noun ("her
    *monthly* bill")."""
    starts = {t.idx for t in clause}
    by_start = {t.idx: t for t in doc.doc}
    found = []
    for mention, period in rate_periods(doc):
        unit = _time_unit(doc, mention.start, mention.end)
        seconds = _seconds(unit) if unit is not None else _PERIOD_SECONDS.get(period)
        first = by_start.get(mention.start)
        if seconds is None or mention.start not in starts or (first is not None and first.dep_ == "amod"):
            continue
        found.append((mention, seconds, unit))
    return found


def per_period(doc: QuestionDoc, number: NumberMention) -> tuple[Mention, float] | None:
    """The rate of time ``number`` is said per and its period in seconds (``("every day", 86400)`` in "makes 2
    bracelets every day"), or ``None``: never for an ordinal or a number said with a total word, nor for a
    number that measures a span at least as long as the period ("for *2 weeks*" in "3 pills every day for 2
    weeks")."""
    if number.kind == "ordinal" or total_said(doc, number) is not None:
        return None  # "120 cups *in total* over the weekend": a total already
    clause = clause_of(doc, number)
    if _counts_doers(doc, number, clause):
        return None  # "5 hens each lay 2 eggs a day": 5 counts the hens, 2 is the rate
    own = _own_unit(doc, number)
    own_seconds = _seconds(own) if own is not None and own.category == "Time" else None
    for mention, period, unit in _rates_in(doc, clause):
        if own is not None and unit is not None and own.start == unit.start:
            continue
        if _rate_of_another(doc, number, mention):
            continue  # "deliver 100 parcels ... with 5 men working 8 hours *a day*": the day is the hours'
        if own_seconds is not None and own_seconds >= period:
            continue  # the span the rate runs over, not the rate
        return mention, period
    return None


def _rate_of_another(doc: QuestionDoc, number: NumberMention, rate: Mention) -> bool:
    """Whether the rate words ``rate`` hang on a noun another number counts ("8 hours *a day*" for 100 in
    "deliver 100 parcels in 5 days with 5 men working 8 hours a day"): the rate is that number's."""
    words = [t for t in doc.doc if rate.start <= t.idx < rate.end]
    root = next((t for t in words if not rate.start <= t.head.idx < rate.end), None)
    if root is None or root.head.pos_ not in ("NOUN", "PROPN"):
        return False
    others = {n.start for n in doc.numbers if n.start != number.start and n.kind != "ordinal"}
    return any(c.dep_ == "nummod" and c.idx in others for c in root.head.children)


def _counts_doers(doc: QuestionDoc, number: NumberMention, clause: list) -> bool:
    """Whether ``number`` counts the doers of its clause, the things the rate is said of one by one, not the
    amount of each period: it counts the verb's subject ("*5 hens* each lay 2 eggs a day", "a team of *5
    workers* builds 2 walls every week", "*3 machines* make 40 toys every hour"), and the clause spreads the
    rate over them with a bare "each" (not "each day") or holds another number, the amount each period."""
    span = doc.span(number)
    if span is None or not clause:
        return False
    subjects = [c for c in clause[0].children if c.dep_ in ("nsubj", "nsubjpass")]
    subject = next((set(t.i for t in c.subtree) for c in subjects if span.root.i in {t.i for t in c.subtree}), None)
    if subject is None:
        return False
    bare = any(t.lower_ in DISTRIBUTIVE and t.dep_ != "det" and not any(c.dep_ == "pobj" for c in t.children)
               for t in clause)
    others = {n.start for n in doc.numbers if n.start != number.start and n.kind != "ordinal"}
    return bare or any(t.idx in others and t.i not in subject for t in clause)


def _asked_span(doc: QuestionDoc, number: NumberMention, clause: list) -> bool:
    """Whether ``number``'s clause is the asking clause ("In a week, how many eggs do Nell's 5 hens lay?"):
    the span of time there is the one the question asks about, not a span the number is said of."""
    ask = find_ask(doc)
    if ask is None or ask.clause is None or not clause:
        return False
    verb = clause[0]
    return verb.dep_ == "ROOT" and ask.clause.start <= verb.idx < ask.clause.end


def _still_per(doc: QuestionDoc, number: NumberMention) -> bool:
    """Whether ``number``'s clause still says it of one period or one item: a rate of any period, a
    distributive word anywhere in it, or :func:`~paraqd.analysis.per_item.distributive`."""
    clause = clause_of(doc, number)
    span = doc.span(number)
    reach = list(clause)  # and the number's own phrase, and nouns joined to it ("2 pills and 3 tablets daily")
    for tok in [*clause, *(span if span is not None else ())]:
        if tok.pos_ in ("NOUN", "PROPN", "NUM") or tok.dep_ in ("dobj", "nummod"):
            reach += [t for c in tok.children if c.dep_ == "conj" and c.pos_ in ("NOUN", "PROPN", "NUM")
                      for t in c.subtree]
    if span is not None:
        reach += list(phrase_root(span[-1]).subtree)
    starts = {t.idx for t in reach}
    clause = reach
    return (distributive(doc, number, clause) or any(t.lower_ in DISTRIBUTIVE for t in clause)
            or any(m.start in starts for m, _ in rate_periods(doc)))


def _whole_time(doc: QuestionDoc, number: NumberMention, period: float) -> Mention | None:
    """The words that say ``number`` of a whole span of time: a unit of time in its clause that is not its own
    measure and spans more than the question's ``period`` (in seconds) ("*over the next 4 days* she made 3",
    "over the whole *month*"; not "5 boxes in one *hour*", the period itself), or a total word on it ("a
    *total* of 6.5 hours"); ``None`` when there are none."""
    own = _own_unit(doc, number)
    values = {n.start: n.value for n in doc.numbers if n.kind != "ordinal"}
    clause = clause_of(doc, number)
    if _asked_span(doc, number, clause):
        return None
    for tok in clause:
        unit = _time_unit(doc, tok.idx, tok.idx + len(tok.text))
        if unit is None or (own is not None and unit.start == own.start) or unit.adverb:
            continue
        count = next((values.get(c.idx) for c in tok.children if c.dep_ == "nummod"), None)
        seconds = _seconds(unit)
        if seconds is not None and seconds * (count or 1) > period * (1 + CALENDAR_TOLERANCE):
            return Mention(unit.start, unit.end, doc.text[unit.start:unit.end])
    word = total_words(doc, number)
    return token_mention(word) if word is not None else None


def rate_made_total(pair: QuestionPair) -> list[MadeTotal]:
    """The numbers said per period of time in the question and of the whole time in the paraphrase (module
    docstring); each :class:`~paraqd.analysis.per_item.MadeTotal` carries the question's rate as ``rate``."""
    question, paraphrase = pair.question, pair.paraphrase
    rated: dict[float, list[tuple[NumberMention, tuple[Mention, float]]]] = {}
    for n in question.numbers:
        rate = per_period(question, n)
        if rate is not None:
            rated.setdefault(n.rounded, []).append((n, rate))
    found = []
    for value, q_mentions in rated.items():
        p_mentions = same_measure(pair, [n for n, _ in q_mentions], [
            n for n in paraphrase.numbers if n.rounded == value and n.kind != "ordinal"])
        kept = [*p_mentions, *converted_same(pair, [n for n, _ in q_mentions])]  # "420 minutes every night"
        if sum(_still_per(paraphrase, n) for n in kept) >= len(q_mentions):
            continue
        for n in p_mentions:
            at, (rate, period) = q_mentions[0]
            whole = None if _still_per(paraphrase, n) else _whole_time(paraphrase, n, period)
            if whole is not None:
                found.append(MadeTotal(at, n, whole, rate))
                break
    return found
