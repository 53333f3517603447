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
Rates (the period a number is counted per) and time frames are :mod:`paraqd.analysis.rates`'.
"""

from __future__ import annotations

import functools
import math
import re
from collections import Counter
from dataclasses import dataclass

from .document import NumberMention, QuestionDoc, UnitMention
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
    # so for the units written with no number ("one stamp *per ounce*"): one the other side keeps as often
    # was not converted ("per ounce" kept beside a new "1 ounce" is no "1 ounce" for "per ounce")
    q_bare = Counter(q.unit.unit.name for q in q_quants if q.number is None)
    p_bare = Counter(q.unit.unit.name for q in p_quants if q.number is None)
    q_bare, p_bare = q_bare - p_bare, p_bare - q_bare
    pairs: list[tuple[Quantity, Quantity]] = []
    taken: set[int] = set()
    for qq in q_quants:
        if (q_surplus[key(qq)] if qq.number is not None else q_bare[qq.unit.unit.name]) <= 0:
            continue
        for i, pq in enumerate(p_quants):
            if i in taken or (pq.number is None and qq.number is None):
                continue
            if (p_surplus[key(pq)] if pq.number is not None else p_bare[pq.unit.unit.name]) <= 0:
                continue
            implicit_one_side = (pq.number is None) != (qq.number is None)
            if qq.unit.unit.name == pq.unit.unit.name and not implicit_one_side and not (qq.parts or pq.parts):
                continue
            if same_quantity(qq.value, qq.unit.unit, pq.value, pq.unit.unit):
                pairs.append((qq, pq))
                taken.add(i)
                for quantity, surplus, bare in ((qq, q_surplus, q_bare), (pq, p_surplus, p_bare)):
                    if quantity.number is not None:
                        surplus[key(quantity)] -= 1
                    else:
                        bare[quantity.unit.unit.name] -= 1
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
