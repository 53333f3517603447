"""Rates and periods of time: what a unit of time does in a text, and a rate's period compared across a pair.

A unit of time (or a noun) is a rate's *period* when a number is counted per it: an adverb ("daily"), "per X",
"/X", or "a/an/each/every X" modifying a verb or a number ("$10 an hour", "each hour he gets 50 visits");
:func:`rate_periods` reads them, once per document, with the period each one is counted per (a part of the day
recurs once a day, a weekday once a week). A unit of time that measures no amount and is no rate's period
names *when* something happens (:func:`time_frames`: "one day he woke up late", "within a week"). Across a
pair: a rate's period written in place as another, or a total written as a rate (:func:`changed_rates`), and
a rate of time whose period the paraphrase no longer says at all (:func:`lost_rates`); how often each rate
recurs (:func:`rate_frequencies`: "every other day", "twice a week", "every 3 hours"), and a rate recurring
at another frequency across a pair (:func:`changed_frequencies`: "every week" -> "every two weeks"). The values with units
these read are :mod:`paraqd.analysis.quantities`'.
"""

from __future__ import annotations

import re

from .document import Mention, QuestionDoc, UnitMention
from .quantities import CALENDAR_TOLERANCE, quantities, same_quantity, to_base
from .terms import WEEKDAYS, cached

#: determiners that make a unit of time a rate's period: "$10 an hour", "each hour he gets 50 visits"
_RATE_DETERMINERS = frozenset({"a", "an", "each", "every", "per"})
#: the parts of a day recur once a day ("every night": a rate per day), the days of the week once a week
_ONCE_PER = {part: "day" for part in ("morning", "afternoon", "evening", "night", "bedtime")} | {
    day: "week" for day in WEEKDAYS}
_FRAMES_KEY = "paraqd.analysis.time_frames"
#: words that make a period a shift in time ("a day before the party", "a week after", "a month later")
_SHIFTS = frozenset({"before", "after", "later", "earlier", "ago", "prior"})


def time_frames(doc: QuestionDoc) -> frozenset[int]:
    """The starts of ``doc``'s units of time that name *when* something happens, not an amount the problem
    computes with: "one day he woke up late", "within a week", "a week later", "as the day progresses", "this
    week", "for months", "a day before the party". A unit of time is an amount when it measures a number ("3
    days", "the first 20 days"), is a rate's period (an adverb, "per day", "/hour", or "a/an/each/every" + unit modifying a verb or
    a number: "$10 an hour", "each hour he gets 50 visits"), or is the object of a verb ("it takes a week")."""
    if doc.doc is None:
        return frozenset()
    return cached(doc, _FRAMES_KEY, _time_frames)


def _time_frames(doc: QuestionDoc) -> frozenset[int]:
    # "one day he woke up late": "one" as a determiner counts no amount
    measuring = {q.unit.start for quantity in quantities(doc) for q in (quantity, *quantity.parts)
                 if q.number is not None and q.number.text.lower() != "one"}
    by_start = {tok.idx: tok for tok in doc.doc}
    frames = set()
    for unit in doc.units:
        tok = by_start.get(unit.start)
        if unit.category != "Time" or unit.adverb or unit.start in measuring or tok is None:
            continue
        last = doc.span(unit)
        tok = last.root if last is not None else tok
        before = doc.text[:unit.start].rstrip()
        if before.endswith("/") or re.search(r"(?<![A-Za-z])per$", before, re.IGNORECASE):
            continue
        determiners = {c.lower_ for c in tok.children if c.dep_ in ("det", "advmod", "quantmod", "nummod")}
        shift = any(c.lower_ in _SHIFTS for c in tok.children)  # "a day before the party": when, not how often
        if (tok.dep_ == "npadvmod" and determiners & _RATE_DETERMINERS and tok.head.pos_ not in ("ADV", "ADJ")
                and not shift):
            continue
        if tok.dep_ == "dobj":
            continue
        frames.add(unit.start)
    return frozenset(frames)


_RATES_KEY = "paraqd.analysis.rate_periods"
#: words that say a number is a total, not a rate ("120 cups in total")
_TOTAL = re.compile(r"(?:in[ ]+)?(?:total|all|altogether|all[ ]+together|overall|combined)", re.IGNORECASE)


def _period(unit_name: str) -> str:
    """The period a rate in ``unit_name`` is counted per: a compound unit's denominator ("foot per second" ->
    "second"), else the unit itself."""
    return unit_name.rpartition(" per ")[2]


def _rate_markers(doc: QuestionDoc) -> dict[int, tuple[Mention, str]]:
    """The rate periods of ``doc`` by start: ``(the words, the period)`` (see :func:`rate_periods`)."""
    markers: dict[int, tuple[Mention, str]] = {}
    for unit in doc.units:
        before = doc.text[:unit.start].rstrip()
        per = re.search(r"(?:(?<![A-Za-z])per|/)$", before, re.IGNORECASE)
        if unit.adverb or per:
            start = per.start() if per else unit.start
            markers[start] = (Mention(start, unit.end, doc.text[start:unit.end]), _period(unit.unit.name))
    for tok in doc.doc:
        det = next((c for c in tok.children if c.lower_ in _RATE_DETERMINERS and c.i < tok.i), None)
        rate = det is not None and tok.head.pos_ not in ("ADV", "ADJ") and (
            tok.dep_ == "npadvmod" or (tok.dep_ == "dobj" and det.lower_ in ("each", "every")))  # "$12 each shift"
        rate = rate or (tok.dep_ == "pobj" and tok.head.lower_ == "per")
        if not rate or tok.pos_ not in ("NOUN", "PROPN") or (det is None and tok.head.idx in markers):
            continue
        nxt = doc.doc[tok.i + 1] if tok.i + 1 < len(doc.doc) else None
        if any(c.dep_ == "nummod" for c in tok.children) or (nxt is not None and nxt.lower_ == "of"):
            continue  # a period of its own amount ("every 15 minutes", "every quarter of an hour"): a quantity
        first = det if det is not None else tok.head
        unit = next((u for u in doc.units if u.start <= tok.idx < u.end), None)
        end = unit.end if unit is not None else tok.idx + len(tok.text)
        if first.idx not in markers:
            period = _period(unit.unit.name) if unit is not None else tok.lemma_.lower()
            markers[first.idx] = (Mention(first.idx, end, doc.text[first.idx:end]), _ONCE_PER.get(period, period))
    return markers


def rate_periods(doc: QuestionDoc) -> tuple[tuple[Mention, str], ...]:
    """The rate periods of ``doc``, in order: ``(the words, the period)``, the period a unit's name or a noun's
    lemma ("$12 in tips each hour": ``("each hour", "hour")``; "$1.5 per driveway": ``("per driveway",
    "driveway")``; a part of the day recurs once a day, a weekday once a week: ``("every night", "day")``,
    ``("every Monday", "week")``). A period is a rate's: an adverb ("daily"), "per X", "/X", or "a/an/each/every X" modifying a
    verb or a number ("each hour he gets 50 visits"), never one with its own amount ("every 15 minutes")."""
    if doc.doc is None:
        return ()
    return cached(doc, _RATES_KEY, lambda d: tuple(m for _, m in sorted(_rate_markers(d).items())))


#: the words that make a period's name one period: "a day", "each of the days", "one school day"
_ONE_BEFORE = r"(?:a|an|one|each|every|per|single)\s+(?:of\s+the\s+)?(?:[a-z]+\s+)?"


def lost_rates(question: QuestionDoc, paraphrase: QuestionDoc) -> list[tuple[Mention, str]]:
    """The rates of time of ``question`` whose period the paraphrase no longer says at all ("chops 2 trees *every
    day*" -> "chops 2 trees"): ``(the question's words, the period)``. A period is still said by a rate of the
    paraphrase (:func:`rate_periods`: "daily", "a day", "each day", "every night"), or by the period's name after
    a determiner or "per" ("in *a* day", "on *each* day", "*one* day's"); a period named only with its own number
    ("in 30 days") is no rate, and by one word used as an adverb ("*everyday*": :func:`one_word_periods`).
    Periods that are no unit of time ("per driveway") are items, not rates."""
    kept = {period for _, period in rate_periods(paraphrase)} | one_word_periods(paraphrase)
    lost = []
    for mention, period in rate_periods(question):
        unit = next((u for u in question.units if u.start <= mention.end - 1 < u.end), None)
        if unit is None or unit.category != "Time" or period in kept or _describes_noun(question, unit):
            continue
        if re.search(rf"\b{_ONE_BEFORE}{re.escape(period)}s?\b", paraphrase.text, re.IGNORECASE) or any(
                u.unit.name == period and re.search(rf"\b{_ONE_BEFORE}$", paraphrase.text[:u.start], re.IGNORECASE)
                for u in paraphrase.units) or _every_amount(paraphrase, unit):
            continue  # the period's name, or any form of its unit ("in a *wk*"), after a determiner
        lost.append((mention, period))
    return lost


def _describes_noun(doc: QuestionDoc, unit: UnitMention) -> bool:
    """Whether a rate word is an adjective of a noun ("his *weekly* average"): it names a thing, no rate."""
    span = doc.span(unit)
    return span is not None and span[-1].dep_ == "amod"


def _every_amount(doc: QuestionDoc, unit: UnitMention) -> bool:
    """Whether ``doc`` says a period of one ``unit`` as "every"/"each" and an amount of another unit ("every
    seven days" for "a week")."""
    for quantity in quantities(doc):
        if quantity.number is not None and re.search(r"\b(?:every|each|per)\s*$", doc.text[:quantity.number.start],
                                                     re.IGNORECASE) and same_quantity(
                quantity.value, quantity.unit.unit, 1, unit.unit):
            return True
    return False


def changed_rates(question: QuestionDoc, paraphrase: QuestionDoc,
                  substitutions: list[tuple[int, int, int, int]]) -> list[tuple[Mention, Mention]]:
    """Rates whose period was written in place as another ("50 visits each hour" -> "50 visits each day",
    "$12 in tips each hour" -> "each shift"): an edit in place (token ranges ``(i1, i2, j1, j2)``, e.g.
    :meth:`~paraqd.analysis.pair.QuestionPair.aligned_substitutions`) inside a rate period of each text, the two
    periods different and at least one of them a unit; or a whole rate per a unit written in place of words that
    say a total ("120 cups in total" -> "120 cups per day"), or the other way. ``(question's period, paraphrase's period)`` each."""
    q_rates, p_rates = rate_periods(question), rate_periods(paraphrase)
    if not q_rates or not p_rates:
        return []
    unit_names = {u.unit.name for u in (*question.units, *paraphrase.units)}
    found = []
    for i1, i2, j1, j2 in substitutions:
        if i1 == i2 or j1 == j2:
            continue
        q_span, p_span = question.doc[i1:i2], paraphrase.doc[j1:j2]
        q_rate = next((r for r in q_rates if r[0].start < q_span.end_char and q_span.start_char < r[0].end), None)
        p_rate = next((r for r in p_rates if r[0].start < p_span.end_char and p_span.start_char < r[0].end), None)
        if q_rate is None and p_rate is None:
            continue
        if q_rate is None or p_rate is None:  # "120 cups in total" -> "120 cups per day": a total made a rate
            rate, span, other = (q_rate, q_span, p_span) if q_rate else (p_rate, p_span, q_span)
            if (rate[1] in unit_names and span.start_char <= rate[0].start and rate[0].end <= span.end_char
                    and _TOTAL.fullmatch(other.text)):
                found.append((q_rate[0] if q_rate else _mention(question, q_span),
                              p_rate[0] if p_rate else _mention(paraphrase, p_span)))
        elif q_rate[1] != p_rate[1] and (q_rate[1] in unit_names or p_rate[1] in unit_names):
            found.append((q_rate[0], p_rate[0]))
    return found


def _mention(doc: QuestionDoc, span) -> Mention:
    return Mention(span.start_char, span.end_char, doc.text[span.start_char:span.end_char])


#: adverbs that say how many times an event recurs in one period ("twice a week")
_TIMES = {"once": 1.0, "twice": 2.0, "thrice": 3.0}
#: "every other day", "every second day": once per two periods
_ALTERNATE = re.compile(r"\bevery[\s-]+(?:other|second|alternate)[\s-]+$", re.IGNORECASE)
_PERIOD_WORD = re.compile(r"(?:\b(?P<det>a|an|per|each|every)[\s-]+|(?P<slash>/)\s*)$", re.IGNORECASE)


def _times_before(doc: QuestionDoc, end: int) -> tuple[int, float] | None:
    """How many times an event recurs, said right before ``end``: ``(its start, the times)`` for "twice", "3
    times" (None when nothing is)."""
    before = doc.text[:end]
    word = re.search(r"\b([A-Za-z]+)[\s-]+$", before)
    if word and word.group(1).lower() in _TIMES:
        return word.start(), _TIMES[word.group(1).lower()]
    times = re.search(r"\s*\btimes[\s-]+$", before, re.IGNORECASE)
    number = times and next((n for n in doc.numbers if n.end == times.start() and n.kind in ("cardinal", "decimal")),
                            None)
    return (number.start, number.value) if number else None


def _frequency(doc: QuestionDoc, unit: UnitMention, rate_starts: list[tuple[int, int]]) -> tuple[int, float] | None:
    """``(the start of its words, times per period)`` for a unit of time that is a rate's period, with the
    period's own number of units folded into the times: "every other day" (1/2 a day), "every 3 days" (1/3 a
    day), "twice a week" (2 a week), "daily" (1 a day); None for a unit that is no rate's period."""
    before = doc.text[:unit.start]
    alternate = _ALTERNATE.search(before)
    if alternate:
        return alternate.start(), 0.5
    number = next((n for n in doc.numbers if n.kind == "cardinal" and n.value > 0 and n.end <= unit.start
                   and not doc.text[n.end:unit.start].strip(" -")), None)
    if number is not None:
        every = re.search(r"\b(?:every|each)[\s-]+$", doc.text[:number.start], re.IGNORECASE)
        return (every.start(), 1 / number.value) if every else None
    word = None if unit.adverb else _PERIOD_WORD.search(before)
    if not unit.adverb and word is None:
        return None
    start = word.start() if word else unit.start
    times = _times_before(doc, start)
    if (word is not None and word.group("det") and word.group("det").lower() in ("a", "an") and times is None
            and not any(a <= unit.start < b for a, b in rate_starts)):
        return None  # "in a day": when, no rate
    return (times[0], times[1]) if times else (start, 1.0)


def rate_frequencies(doc: QuestionDoc) -> tuple[tuple[Mention, float, float], ...]:
    """How often each rate of time of ``doc`` recurs: ``(the words, times per second, the times said)``, in order ("every other
    day": once per two days; "twice a week"; "every 3 hours"; "daily"; "$5 per hour"). A unit of time after "in
    a" or "for a" is no rate ("in a day"), and neither is a part of the day ("every morning": a time, no unit)."""
    if doc.doc is None:
        return ()
    return cached(doc, "paraqd.analysis.rate_frequencies", _rate_frequencies)


def _rate_frequencies(doc: QuestionDoc) -> tuple[tuple[Mention, float, float], ...]:
    rate_starts = [(m.start, m.end) for m, _ in rate_periods(doc)]
    found = []
    for unit in doc.units:
        if unit.category != "Time" or (unit.text.lower() == "second" and _ALTERNATE.search(
                doc.text[:unit.end] + " ")):
            continue  # "every second hour": "second" is the order, not the unit
        frequency = _frequency(doc, unit, rate_starts)
        base = to_base(1, unit.unit) if frequency is not None else None
        if base is None or base[0] <= 0:
            continue
        start, times = frequency
        found.append((Mention(start, unit.end, doc.text[start:unit.end]), times / base[0], times))
    return tuple(found)


def _same_frequency(a: float, b: float) -> bool:
    return abs(a - b) <= CALENDAR_TOLERANCE * max(a, b)


def changed_frequencies(question: QuestionDoc, paraphrase: QuestionDoc) -> list[tuple[Mention, Mention]]:
    """Rates of time that recur at another frequency in the paraphrase ("every week" -> "every two weeks", "per
    day" -> "every other day", "twice a month" -> "monthly"): a frequency of the question the paraphrase no
    longer has, and one of the paraphrase the question never had, paired in order: ``(question's words,
    paraphrase's words)`` each. A frequency in other words ("weekly" / "every seven days") is the same."""
    q_rates, p_rates = rate_frequencies(question), rate_frequencies(paraphrase)
    q_gone = [r for r in q_rates if not _kept(r, p_rates, paraphrase) and not _counted_in(r, p_rates, question)]
    p_new = [r for r in p_rates if not _kept(r, q_rates, question) and not _counted_in(r, q_rates, paraphrase)]
    return [(q[0], p[0]) for q, p in zip(q_gone, p_new, strict=False)]


def _kept(rate: tuple[Mention, float, float], others, other: QuestionDoc) -> bool:
    """Whether ``rate`` recurs as often as one of ``others``, or, said "N times a period", as often as a rate
    once a period of ``other`` while N stays a number of it ("18 times a minute" / "18 tweets a minute")."""
    _, frequency, times = rate
    values = {n.value for n in other.numbers}
    return any(_same_frequency(frequency, g) or (times >= 2 and times in values and _same_frequency(
        frequency / times, g)) for _, g, _ in others)


def _counted_in(rate: tuple[Mention, float, float], others, own: QuestionDoc) -> bool:
    """Whether ``rate``, once a period, is one of ``others`` said "N times a period" whose N is a number of
    ``own`` ("3 sessions per week" / "3 times a week")."""
    values = {n.value for n in own.numbers}
    return rate[2] == 1 and any(t >= 2 and t in values and _same_frequency(rate[1], g / t) for _, g, t in others)


#: "every day" written as one word (a common misspelling of the adverb): the unit it names as a rate's period
_ONE_WORD_PERIODS = {"everyday": "day"}


def one_word_periods(doc: QuestionDoc) -> frozenset[str]:
    """The periods ``doc`` names as one word used as an adverb: "she walks 3 miles *everyday*", "jogging
    *everyday*" say "every day", the period day; the adjective ("her *everyday* shoes", a noun's modifier) names
    no period."""
    if doc.doc is None:
        return frozenset()
    return frozenset(_ONE_WORD_PERIODS[t.lower_] for t in doc.doc if t.lower_ in _ONE_WORD_PERIODS
                     and t.dep_ not in ("amod", "compound") and (t.pos_ == "ADV" or t.head.pos_ in ("VERB", "AUX")))


def periods_only(doc: QuestionDoc, name: str, mentions) -> bool:
    """Whether every one of ``mentions`` (the unit ``name`` in ``doc``) is the period of a rate ("every *day*",
    "*daily*"): a frequency, no amount of time."""
    periods = [m for m, period in rate_periods(doc) if period == name]
    return bool(mentions) and all(m.adverb or any(r.start <= m.start < r.end for r in periods) for m in mentions)
