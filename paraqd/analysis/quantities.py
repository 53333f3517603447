"""Quantities: a value with a unit ("200 km", "half an hour", "a decade"), compared by dimension with pint.

A quantity is read from the numbers and units of a :class:`~paraqd.analysis.document.QuestionDoc`:

* a number directly before its unit: ``200 km``, ``750m``, ``a 20-kilometre walk``, ``a quarter-hour``;
* a fraction, then *a*/*an*/*of a*/*of an*, then the unit: ``half an hour``, ``a quarter of an hour``;
* an article or *one*/*per*/*each*/*every* before the unit, with at most one describing word between them:
  ``a decade``, ``an extra hour``, ``per week`` -- the value 1, with no number mention (``number`` is None);
  so is a period of time counted by its place: ``the first hour``, ``the next day``.

Ordinals never make quantities of their own value ("the first month" is one month, not 1st). Units are converted with :mod:`pint`
(a maintained units library with dimensions and conversion factors); the bundled vocabulary maps each unit
to a pint expression (:attr:`~paraqd.analysis.units.Unit.pint_expression`) and defines what pint does not
know (currencies, from ``units.json``'s ``pint_definitions``). So ``10 years`` equals ``a decade``,
``7 days`` ``a week``, ``2 hours`` ``120 minutes``, and ``2 hours`` differs from ``2 minutes``.
"""

from __future__ import annotations

import functools
import math
import re
from collections import Counter
from dataclasses import dataclass

from .document import Mention, NumberMention, QuestionDoc, UnitMention
from .units import Unit

#: characters allowed between a number and its unit ("750m", "200 km", "20-kilometre")
_GAP = frozenset(" -\u00a0")
#: "half an hour", "a quarter of an hour", "three quarters of a mile"
_FRACTION_GAP = re.compile(r"[ ]+(?:of[ ]+)?(?:a|an)[ ]+", re.IGNORECASE)
#: "a decade", "an extra hour", "per week", "each day": the unit counted once, the value 1
_ONE_BEFORE = re.compile(r"(?:(?<![A-Za-z])(?:a|an|one|per|each|every|single)[ ]+|/[ ]*)(?:(?P<word>[A-Za-z]+)[ ]+)?$",
                         re.IGNORECASE)
#: "the first hour", "the next day": one period of time, counted by its place ("She took 1 hour for the first
#: 4 miles" = "She spent the first hour walking 4 miles")
_PERIOD_BEFORE = re.compile(r"(?<![A-Za-z])the[ ]+(?:first|second|third|next|last|final|initial|following|"
                            r"previous|latter|former)[ ]+$", re.IGNORECASE)
#: "quarter of an hour", "half of a day" without a numerator: a part of one unit
_PARTS = {"half": 0.5, "quarter": 0.25, "third": 1 / 3}
_PART_OF = re.compile(r"(?<![A-Za-z])(half|quarter|third)[ ]+of[ ]+(?:a|an|one)[ ]+$", re.IGNORECASE)
#: "2 extra dollars", "5 more rupees"
_MONEY_GAP = re.compile(r"[ ]+(?:extra|more|additional|fewer|less)[ ]+", re.IGNORECASE)
#: "a year and a half"
_AND_A_HALF = re.compile(r"[ ]+and[ ]+(a[ ]+half)(?![A-Za-z])", re.IGNORECASE)
#: words that, between an article and a unit, make it something other than one unit ("a few hours")
_NOT_ONE = frozenset({"few", "couple", "lot", "number", "dozen", "fraction", "half", "quarter", "third",
                      "several", "many", "score", "pair", "total", "sum", "set", "series", "rate"})
_CACHE_KEY = "paraqd.analysis.quantities"


@dataclass(frozen=True)
class Quantity:
    """A value with a unit. ``number`` is the number mention, or None for an implicit one ("a decade");
    ``parts`` the smaller quantities added to it ("15 dollars and 20 cents": 15.2 dollars, part 20 cents)."""

    value: float
    unit: UnitMention
    number: NumberMention | None = None
    parts: tuple[Quantity, ...] = ()
    #: a period counted by its place ("the first hour", "the next day"): one unit of time, which names a time
    #: frame as often as it measures something
    period: bool = False

    @property
    def start(self) -> int:
        return self.number.start if self.number is not None else self.unit.start

    @property
    def text(self) -> str:
        return f"{self.number.text if self.number is not None else 'a'} {self.unit.text}"


def quantities(doc: QuestionDoc) -> tuple[Quantity, ...]:
    """Every quantity of ``doc`` (explicit and implicit), in order; computed once per document."""
    cached = doc.doc.user_data.get(_CACHE_KEY) if doc.doc is not None else None
    if cached is None:
        cached = extract_quantities(doc.text, doc.numbers, doc.units)
        if doc.doc is not None:
            doc.doc.user_data[_CACHE_KEY] = cached
    return cached


def extract_quantities(text: str, numbers: tuple[NumberMention, ...],
                       units: tuple[UnitMention, ...]) -> tuple[Quantity, ...]:
    """The quantities formed by ``numbers`` and ``units`` of ``text`` (see the module docstring)."""
    units_by_start = sorted((u for u in units if not u.adverb), key=lambda u: u.start)
    found: list[Quantity] = []
    used: set[int] = set()
    for number in numbers:
        if number.kind in ("ordinal", "percent"):
            continue
        inside = next((u for u in units_by_start if number.start <= u.start and u.end <= number.end), None)
        if inside is not None:  # "$1.90", "Rs.500": the currency sign is part of the number mention
            found.append(Quantity(number.value, inside, number))
            used.add(inside.start)
            continue
        for unit in units_by_start:
            if unit.start < number.end:
                continue
            gap = text[number.end:unit.start]
            if (len(gap) <= 2 and set(gap) <= _GAP) or (
                    number.kind == "fraction" and _FRACTION_GAP.fullmatch(gap)) or (
                    number.kind == "currency" and _MONEY_GAP.fullmatch(gap)):
                found.append(Quantity(number.value, unit, number))
                used.add(unit.start)
            break
    spans = [(n.start, n.end) for n in numbers]
    halves = {n.start: n for n in numbers if n.kind == "fraction" and n.value == 0.5}
    for unit in units_by_start:
        if unit.start in used:
            continue
        part = _PART_OF.search(text, max(0, unit.start - 32), unit.start)
        if part is not None and not any(s < unit.start and part.start() < e for s, e in spans):
            found.append(Quantity(_PARTS[part.group(1).lower()], unit, None))  # "every quarter of an hour"
            continue
        if unit.category == "Time" and _PERIOD_BEFORE.search(text, max(0, unit.start - 24), unit.start):
            found.append(Quantity(1.0, unit, None, period=True))  # "the first hour", "the next day"
            continue
        m = _ONE_BEFORE.search(text, max(0, unit.start - 24), unit.start)
        if m is None or (m.group("word") or "").lower() in _NOT_ONE:
            continue
        if any(s < unit.start and m.start() < e for s, e in spans):
            continue  # a number word between the article and the unit: "a 5 hour trip" is read above
        and_half = _AND_A_HALF.match(text, unit.end)
        half = halves.get(and_half.start(1)) if and_half else None
        if half is not None:  # "a year and a half": 1.5 years, the "a half" is part of the quantity
            found.append(Quantity(1.5, unit, half))
            continue
        found.append(Quantity(1.0, unit, None))
    return _compound(text, sorted(found, key=lambda q: q.start))


_AND = re.compile(r"[ ]*,?[ ]+and[ ]+|[ ]*,[ ]*", re.IGNORECASE)


def _compound(text: str, found: list[Quantity]) -> tuple[Quantity, ...]:
    """Quantities written in two units, the larger first: "15 dollars and 20 cents" (15.2 dollars), "2 hours
    and 30 minutes" (2.5 hours), "5 feet 6 inches"."""
    out: list[Quantity] = []
    i = 0
    while i < len(found):
        big = found[i]
        small = found[i + 1] if i + 1 < len(found) else None
        if (small is not None and big.number is not None and small.number is not None
                and small.unit.unit.name != big.unit.unit.name
                and (_AND.fullmatch(text[big.unit.end:small.number.start])
                     or not text[big.unit.end:small.number.start].strip())):
            a, b = to_base(1.0, big.unit.unit), to_base(small.value, small.unit.unit)
            if a is not None and b is not None and a[1] == b[1] and b[0] < a[0]:
                out.append(Quantity(big.value + b[0] / a[0], big.unit, big.number, (small,)))
                i += 2
                continue
        out.append(big)
        i += 1
    return tuple(out)


#: determiners that make a unit of time a rate's period: "$10 an hour", "each hour he gets 50 visits"
_RATE_DETERMINERS = frozenset({"a", "an", "each", "every", "per"})
#: the parts of a day recur once a day ("every night": a rate per day), the days of the week once a week
_DAILY = {part: "day" for part in ("morning", "afternoon", "evening", "night", "bedtime")} | {
    day: "week" for day in ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")}
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
    cached = doc.doc.user_data.get(_FRAMES_KEY)
    if cached is not None:
        return cached
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
    result = frozenset(frames)
    doc.doc.user_data[_FRAMES_KEY] = result
    return result


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
            markers[first.idx] = (Mention(first.idx, end, doc.text[first.idx:end]), _DAILY.get(period, period))
    return markers


def rate_periods(doc: QuestionDoc) -> tuple[tuple[Mention, str], ...]:
    """The rate periods of ``doc``, in order: ``(the words, the period)``, the period a unit's name or a noun's
    lemma ("$12 in tips each hour": ``("each hour", "hour")``; "$1.5 per driveway": ``("per driveway",
    "driveway")``; a part of the day recurs once a day, a weekday once a week: ``("every night", "day")``,
    ``("every Monday", "week")``). A period is a rate's: an adverb ("daily"), "per X", "/X", or "a/an/each/every X" modifying a
    verb or a number ("each hour he gets 50 visits"), never one with its own amount ("every 15 minutes")."""
    if doc.doc is None:
        return ()
    cached = doc.doc.user_data.get(_RATES_KEY)
    if cached is None:
        cached = tuple(m for _, m in sorted(_rate_markers(doc).items()))
        doc.doc.user_data[_RATES_KEY] = cached
    return cached


def lost_rates(question: QuestionDoc, paraphrase: QuestionDoc) -> list[tuple[Mention, str]]:
    """The rates of time of ``question`` whose period the paraphrase no longer says at all ("chops 2 trees *every
    day*" -> "chops 2 trees"): ``(the question's words, the period)``. A period is still said by a rate of the
    paraphrase (:func:`rate_periods`: "daily", "a day", "each day", "every night"), or by the period's name after
    a determiner or "per" ("in *a* day", "on *each* day", "*one* day's"); a period named only with its own number
    ("in 30 days") is no rate. Periods that are no unit of time ("per driveway") are items, not rates."""
    kept = {period for _, period in rate_periods(paraphrase)}
    lost = []
    for mention, period in rate_periods(question):
        unit = next((u for u in question.units if u.start <= mention.end - 1 < u.end), None)
        if unit is None or unit.category != "Time" or period in kept or _describes_noun(question, unit):
            continue
        if re.search(rf"\b(?:a|an|one|each|every|per|single)\s+(?:of\s+the\s+)?(?:[a-z]+\s+)?{re.escape(period)}s?\b",
                     paraphrase.text, re.IGNORECASE) or _every_amount(paraphrase, unit):
            continue
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


# ------------------------------------------------------------------------------------------------ pint
@functools.lru_cache(maxsize=1)
def unit_registry():
    """The pint registry, with the bundled definitions of what pint does not know (currencies)."""
    import pint

    from ..resources import load_json

    registry = pint.UnitRegistry()
    for line in load_json("units.json").get("pint_definitions", ()):
        registry.define(line)
    return registry


@functools.lru_cache(maxsize=None)
def pint_unit(unit: Unit):
    """The pint unit of a vocabulary unit, or None when pint cannot read it."""
    import pint

    registry = unit_registry()
    try:
        parsed = registry.parse_expression(unit.pint_expression)
    except (pint.errors.PintError, AttributeError, SyntaxError, TypeError, ValueError):
        return None
    return parsed if isinstance(parsed, registry.Quantity) else registry.Quantity(1, parsed)


def to_base(value: float, unit: Unit) -> tuple[float, str] | None:
    """``value`` ``unit`` in base units: ``(magnitude, dimensionality)``, or None when pint cannot read it.

    >>> from paraqd.analysis import UnitVocabulary
    >>> vocab = UnitVocabulary.default()
    >>> to_base(2, vocab.get("hours")) == to_base(120, vocab.get("minutes"))
    True
    """
    one = pint_unit(unit)
    if one is None:
        return None
    # built from the units (not one * value): degrees Celsius are an offset, not a factor
    base = unit_registry().Quantity(value * one.magnitude, one.units).to_base_units()
    return float(base.magnitude), str(base.dimensionality)


#: calendar conventions of word problems: a year is 365 days or 52 weeks, a month 30 days (pint's year is
#: 365.25 days and its month a twelfth of that), so time in two different units may differ by 1.5 %
CALENDAR_TOLERANCE = 0.015


def same_quantity(value_a: float, unit_a: Unit, value_b: float, unit_b: Unit, rel: float = 1e-6) -> bool:
    """Whether two quantities are equal once converted: same dimension and magnitude (``rel`` tolerance;
    :data:`CALENDAR_TOLERANCE` for times in two different units, "52 weeks" = "a year")."""
    if unit_a is unit_b or unit_a.name == unit_b.name:
        return math.isclose(value_a, value_b, rel_tol=rel)
    a, b = to_base(value_a, unit_a), to_base(value_b, unit_b)
    if a is None or b is None or a[1] != b[1]:
        return False
    tolerance = max(rel, CALENDAR_TOLERANCE) if a[1] == "[time]" else rel
    return math.isclose(a[0], b[0], rel_tol=tolerance)


def same_dimension(unit_a: Unit, unit_b: Unit) -> bool:
    """Whether two units measure the same thing (by pint dimensionality; by category when pint cannot)."""
    a, b = to_base(1.0, unit_a), to_base(1.0, unit_b)
    if a is None or b is None:
        return unit_a.category == unit_b.category
    return a[1] == b[1]


_CONVERSIONS_KEY = "paraqd.analysis.conversions"


def conversions(question: QuestionDoc, paraphrase: QuestionDoc) -> list[tuple[Quantity, Quantity]]:
    """Quantities of the question written in another unit or form in the paraphrase: "2 hours" ->
    "120 minutes", "10 years" -> "a decade", "1 year" -> "a year", "a week" -> "7 days".

    A pair needs equal converted values (:func:`same_quantity`), different units or exactly one implicit
    side, and neither side kept as written on the other side (a "2 hours" still in the paraphrase is not
    converted). Pairs are one-to-one, in order of position. Computed once per pair of documents.
    """
    memo = paraphrase.doc.user_data.setdefault(_CONVERSIONS_KEY, {}) if paraphrase.doc is not None else {}
    if question.text in memo:
        return memo[question.text]
    q_quants, p_quants = quantities(question), quantities(paraphrase)

    def key(q: Quantity) -> tuple[float, str, bool]:
        return round(q.value, 9), q.unit.unit.name, bool(q.parts)

    q_written = Counter(key(q) for q in q_quants if q.number is not None)
    p_written = Counter(key(q) for q in p_quants if q.number is not None)
    # quantities written more often on one side than on the other ("15 minutes" three times, twice as "a
    # quarter of an hour"): the surplus may have been converted
    q_surplus, p_surplus = q_written - p_written, p_written - q_written
    pairs: list[tuple[Quantity, Quantity]] = []
    taken: set[int] = set()
    for qq in q_quants:
        if qq.number is not None and q_surplus[key(qq)] <= 0:
            continue
        for i, pq in enumerate(p_quants):
            if i in taken or (pq.number is None and qq.number is None):
                continue
            if pq.number is not None and p_surplus[key(pq)] <= 0:
                continue
            implicit_one_side = (pq.number is None) != (qq.number is None)
            if qq.unit.unit.name == pq.unit.unit.name and not implicit_one_side and not (qq.parts or pq.parts):
                continue
            if same_quantity(qq.value, qq.unit.unit, pq.value, pq.unit.unit):
                pairs.append((qq, pq))
                taken.add(i)
                for quantity, surplus in ((qq, q_surplus), (pq, p_surplus)):
                    if quantity.number is not None:
                        surplus[key(quantity)] -= 1
                break
    memo[question.text] = pairs
    return pairs


_SPACED_SLASH = re.compile(r"\s*/\s*")


def merge_spaced_fractions(doc: QuestionDoc) -> list[NumberMention]:
    """The numbers of ``doc`` with "3 / 4" (a fraction spaced out, as translation often writes it) as 0.75.

    Plain integers on both sides of a spaced slash are merged into one fraction; everything else is kept.
    """
    numbers = list(doc.numbers)
    merged: list[NumberMention] = []
    i = 0
    while i < len(numbers):
        left = numbers[i]
        right = numbers[i + 1] if i + 1 < len(numbers) else None
        gap = doc.text[left.end:right.start] if right is not None else ""
        if (right is not None and " " in gap and _SPACED_SLASH.fullmatch(gap) and right.value != 0
                and left.kind == right.kind == "cardinal" and left.written == right.written == "digits"):
            text = doc.text[left.start:right.end]
            merged.append(NumberMention(left.start, right.end, text, value=left.value / right.value,
                                        kind="fraction", written="digits"))
            i += 2
        else:
            merged.append(left)
            i += 1
    return merged
