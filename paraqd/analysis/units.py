"""Units of measurement from the bundled vocabulary (``data/resources/units.json``).

Every form of every unit (full name, plural, spelling variants, abbreviations, symbols) is compiled into one
case-insensitive trie regex, so a question is scanned once, longest form first ("km per hour" before "km",
"square feet" before "feet"). A form never matches inside a longer word ("someone", "mass", "kinship").
Ambiguous forms ("m", "s", "h", "g", "l", "in", "min", "second", "foot", ...) count only right after a
number ("750m", "750 m", "a 750-metre canal"), after *per*, *a*, *an*, *each* ("per m", "a second") or after
a slash ("15 feet/second"); "a second" that modifies the noun after it ("a second guard", "a second car") is
the ordinal, no unit (:func:`ordinal_modifiers`, from the parse). A form inside a percentage is none ("25 per cent" holds no cents).
Coin names (category ``Coin``: quarter, dime, nickel, penny) count only right after a number that counts
("32 quarters", "sixty-four dimes"): "a quarter of the money" is a fraction and "the first quarter" a period.
A coin is a unit of value (pint converts "64 quarters" to "$16"), so writing dimes for quarters changes the
amount as writing centimetres for kilometres does.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from ..errors import InputError
from .document import NumberMention, Unit, UnitMention, is_symbol  # noqa: F401 (Unit, is_symbol: re-exported)

_CONTEXT_WORDS = {"per", "a", "an", "each"}
#: determiners that make what follows a thing someone has ("his feet"), never a unit without a number
_POSSESSIVE_DETERMINERS = {"my", "your", "his", "her", "its", "our", "their"}
#: a possessive noun right before a unit that is also a part of the body ("Bobby's feet", "the twins' feet"):
#: a thing someone has, like "his feet" (not "the neighbours' yards", which the problem may call "yards")
_BODY_PARTS = frozenset({"foot"})
_POSSESSOR_BEFORE = re.compile(r"[A-Za-z](?:['\u2019]s|s['\u2019])[ ]+$")
_LAST_WORD = re.compile(r"([A-Za-z]+)[ \t]*$")
#: a power written after a unit and its number: "1 inch square", "120 feet squared", "8 metres cubed"
_SQUARE_AFTER = re.compile(r"[ ]+(square|squared|cubed)(?![A-Za-z])", re.IGNORECASE)


@dataclass(frozen=True)
class _Form:
    unit: Unit
    abbreviated: bool
    plural: bool | None  # None: number-neutral abbreviation, decided by the adjacent number
    needs_context: bool
    strict: bool
    exact: frozenset[str] | None  # case-sensitive spellings, or None
    adverb: bool = False  # "daily", "annually": the unit as a rate or period
    after_number: bool = False  # a unit only right after a counting number ("32 quarters", not "a quarter")


class UnitVocabulary:
    """A set of units and the compiled matcher that finds them in text.

    >>> vocab = UnitVocabulary.default()
    >>> [(m.text, m.unit.name) for m in vocab.find("20 kmph for 3 hours", ())]
    [('kmph', 'kilometre per hour'), ('hours', 'hour')]
    """

    def __init__(self, units: Sequence[Unit], forms: dict[str, _Form] | None = None):
        self.units = tuple(units)
        self._forms = forms if forms is not None else {
            _key(u.name): _Form(u, False, False, False, False, None) for u in units} | {
            _key(u.plural): _Form(u, False, True, False, False, None) for u in units}
        self._pattern = _compile(self._forms)
        self._by_category: dict[str, tuple[Unit, ...]] = {}
        for unit in self.units:
            self._by_category[unit.category] = self._by_category.get(unit.category, ()) + (unit,)

    # -- construction ---------------------------------------------------------------------------------
    @classmethod
    def from_records(cls, records: Iterable[dict]) -> UnitVocabulary:
        """Build from ``units.json`` records (see ``data/resources/README.md`` for the fields)."""
        units: list[Unit] = []
        forms: dict[str, _Form] = {}

        def add(form: str, entry: _Form) -> None:
            key = _key(form)
            old = forms.get(key)
            if old is not None and old.unit is not entry.unit:
                raise InputError(f"unit form {form!r} is used by both {old.unit.name!r} and "
                                 f"{entry.unit.name!r}")
            if old is not None and old.exact is not None and entry.exact is not None:
                entry = _Form(entry.unit, entry.abbreviated, entry.plural, entry.needs_context, entry.strict,
                              old.exact | entry.exact, entry.adverb, entry.after_number)
            forms[key] = entry

        for rec in records:
            pairs = [tuple(v) for v in rec.get("variants", ())]
            unit = Unit(name=rec["name"], plural=rec["plural"], abbreviations=tuple(rec.get("abbreviations", ())),
                        category=rec["category"], variants=tuple(f for pair in pairs for f in pair),
                        plural_abbreviations=tuple(rec.get("plural_abbreviations", ())),
                        adverbs=tuple(rec.get("adverbs", ())), pint=rec.get("pint"))
            units.append(unit)
            ctx, cs, strict, counted = (set(rec.get(k, ())) for k in ("needs_context", "case_sensitive", "strict",
                                                                          "after_number"))
            full = [(unit.name, False), (unit.plural, True)]
            full += [(f, i == 1) for pair in pairs for i, f in enumerate(pair)]
            for form, plural in full:
                add(form, _Form(unit, False, plural, form in ctx, form in strict, None,
                                after_number=form in counted))
            abbrs = [(a, None) for a in unit.abbreviations] + [(a, True) for a in unit.plural_abbreviations]
            for form, plural in abbrs:
                add(form, _Form(unit, True, plural, form in ctx, form in strict,
                                frozenset([form]) if form in cs else None))
            for form in unit.adverbs:
                add(form, _Form(unit, False, False, False, False, None, adverb=True))
        return cls(units, forms)

    @classmethod
    def default(cls) -> UnitVocabulary:
        """The bundled vocabulary (loaded and compiled once per process)."""
        return _default_vocabulary()

    # -- lookup ---------------------------------------------------------------------------------------
    @property
    def categories(self) -> tuple[str, ...]:
        return tuple(self._by_category)

    def in_category(self, category: str) -> tuple[Unit, ...]:
        return self._by_category.get(category, ())

    def is_strict(self, form: str) -> bool:
        """Whether ``form`` reads as a unit only in narrow contexts ("in" for inches: "5 in the box")."""
        entry = self._forms.get(_key(form))
        return bool(entry and entry.strict)

    def needs_context(self, form: str) -> bool:
        """Whether ``form`` is a unit only after a number or per/a/an/each ("m", "second", "foot")."""
        entry = self._forms.get(_key(form))
        return bool(entry and entry.needs_context)

    def get(self, form: str) -> Unit | None:
        """The unit a form (name, plural, variant or abbreviation) belongs to."""
        entry = self._forms.get(_key(form))
        return entry.unit if entry else None

    def find(self, text: str, numbers: tuple[NumberMention, ...]) -> tuple[UnitMention, ...]:
        """All unit mentions of ``text``, in order, non-overlapping (longest form first).

        ``numbers`` (from :func:`~paraqd.analysis.numbers.extract_numbers`) decide ambiguous forms and the
        grammatical number of number-neutral abbreviations ("20 km" is plural, "1 km" singular).
        """
        if not text:
            return ()
        ends = {n.end: n for n in numbers}
        starts = {n.start: n for n in numbers}
        percents = [(n.start, n.end) for n in numbers if n.kind == "percent"]
        found: list[UnitMention] = []
        for m in self._pattern.finditer(text):
            raw = m.group()
            entry = self._forms.get(_key(raw))
            if entry is None or (entry.exact is not None and raw not in entry.exact):
                continue
            start, end = m.span()
            if any(s <= start and end <= e for s, e in percents):
                continue  # "25 per cent" is a percentage, not cents
            before = number_before(text, start, ends)
            if (entry.needs_context and before is None and _previous_word(text, start) not in _CONTEXT_WORDS
                    and not _after_slash(text, start)):
                continue
            if (before is None and not entry.abbreviated and not entry.adverb
                    and (_previous_word(text, start) in _POSSESSIVE_DETERMINERS
                         or (entry.unit.name in _BODY_PARTS
                             and _POSSESSOR_BEFORE.search(text, max(0, start - 4), start)))):
                continue  # "lying at his feet", "a mold of Bobby's feet": a thing someone has, no measure (not
                # "her $25", "his weekly pay")
            if raw == "s" and before is not None and start == before.end and before.kind == "cardinal":
                continue  # "all 20s", "the 1990s": the plural of a whole number, not seconds ("12.5s" is)
            if entry.after_number and (before is None or before.kind == "ordinal"):
                continue  # "a quarter of the money", "the first quarter"
            if entry.strict and (before is None or start > before.end) and _word_follows(text, end):
                continue  # "5 in the box", "7 points each in a game"
            plural = entry.plural
            if plural is None:
                number = before or starts.get(start)
                plural = number is not None and number.value != 1 and number.kind != "ordinal"
            unit = entry.unit
            square = _SQUARE_AFTER.match(text, end) if before is not None else None
            power = "cubic" if square is not None and square.group(1).lower() == "cubed" else "square"
            if square is not None and self._forms.get(_key(f"{power} {unit.name}")) is not None:
                # "a tile 1 inch square": a square of that side, measured in the square unit; "120 feet
                # squared", "8 metres cubed": the square and the cubic unit
                unit, end = self._forms[_key(f"{power} {unit.name}")].unit, square.end()
                raw = text[start:end]
            found.append(UnitMention(start, end, raw, unit=unit, abbreviated=entry.abbreviated,
                                     plural=plural, adverb=entry.adverb))
        return self._compounds(text, found, ends)

    def _compounds(self, text: str, found: list[UnitMention], ends: dict[int, NumberMention]) -> tuple[UnitMention, ...]:
        """One unit where the text writes one out of two: a power abbreviated before a unit ("6 *sq. feet*",
        "2 cu. metres": the square or cubic unit) and a quotient of two units after a number ("0.9 *g/ml*",
        "8 *kg/m³*": a density is neither a mass nor a volume). A quotient by a unit of time stays two units: a
        rate per period is the rate logic's ("15 feet/second")."""
        merged: list[UnitMention] = []
        for mention in found:
            power = _POWER_BEFORE.search(text, max(0, mention.start - 8), mention.start)
            word = None if power is None else _POWERS[power.group(1).lower()]
            entry = None if word is None else self._forms.get(_key(f"{word} {mention.unit.name}"))
            if entry is not None:
                mention = UnitMention(power.start(), mention.end, text[power.start():mention.end], unit=entry.unit,
                                      abbreviated=True, plural=mention.plural)
            previous = merged[-1] if merged else None
            if (previous is not None and _SLASH.fullmatch(text, previous.end, mention.start)
                    and mention.category != "Time" and previous.category != mention.category
                    and number_before(text, previous.start, ends) is not None):
                merged[-1] = UnitMention(previous.start, mention.end, text[previous.start:mention.end],
                                         unit=_quotient(previous.unit, mention.unit), abbreviated=True,
                                         plural=previous.plural)
                continue
            merged.append(mention)
        return tuple(merged)


#: "sq." / "cu." right before a unit: its square or cubic unit ("6 sq. feet", "2 cu metres")
_POWER_BEFORE = re.compile(r"(?<![A-Za-z])(sq|cu)\.?[ \t]*$", re.IGNORECASE)
_POWERS = {"sq": "square", "cu": "cubic"}
_SLASH = re.compile(r"[ \t]*/[ \t]*")


@functools.lru_cache(maxsize=None)
def _quotient(numerator: Unit, denominator: Unit) -> Unit:
    """The unit ``numerator`` per ``denominator`` ("gram per millilitre"), of a kind of its own."""
    return Unit(name=f"{numerator.name} per {denominator.name}", plural=f"{numerator.plural} per {denominator.name}",
                abbreviations=(), category=f"{numerator.category} per {denominator.category}",
                pint=f"({numerator.pint_expression}) / ({denominator.pint_expression})")


@functools.lru_cache(maxsize=1)
def _default_vocabulary() -> UnitVocabulary:
    from ..resources import load_json

    return UnitVocabulary.from_records(load_json("units.json")["units"])


def _key(form: str) -> str:
    """Lookup key of a unit form: lower case, single spaces (a hyphen between words is one: "square-foot"), no
    spaces around a slash ("km / h" -> "km/h")."""
    return re.sub(r"\s*/\s*", "/", " ".join(re.sub(r"(?<=[a-z])-(?=[a-z])", " ", form.lower()).split()))


def ordinal_modifiers(units: Sequence[UnitMention], numbers: Sequence[NumberMention], doc) -> tuple[UnitMention, ...]:
    """``units`` without the time unit "second" where, with no number before it, the parse ``doc`` makes it a
    modifier of a noun after it: "a second guard", "a second car" (the ordinal: one more guard), not "wait a
    second", "a second later", "5 feet a second"."""
    ends = {n.end: n for n in numbers}
    kept = []
    for unit in units:
        if unit.unit.name == "second" and number_before(doc.text, unit.start, ends) is None:
            span = doc.char_span(unit.start, unit.end)
            if (span is not None and len(span) == 1 and span[0].dep_ == "amod" and span[0].head.i > span[0].i
                    and span[0].head.pos_ in ("NOUN", "PROPN")):
                continue
        kept.append(unit)
    return tuple(kept)


def number_before(text: str, pos: int, ends: dict[int, NumberMention]) -> NumberMention | None:
    """The number mention ending right before ``pos`` (glued, or separated by spaces and/or a hyphen)."""
    p = pos
    while p > 0 and text[p - 1] in " \t":
        p -= 1
    if p > 0 and text[p - 1] == "-":
        p -= 1
        while p > 0 and text[p - 1] in " \t":
            p -= 1
    return ends.get(p)


def _previous_word(text: str, pos: int) -> str:
    m = _LAST_WORD.search(text, max(0, pos - 16), pos)
    return m.group(1).lower() if m else ""


def _after_slash(text: str, pos: int) -> bool:
    """Whether a slash comes right before ``pos``: the denominator of a rate ("15 feet/second", "2 blocks/minute")."""
    return text[:pos].rstrip(" \t").endswith("/")


def _word_follows(text: str, pos: int) -> bool:
    rest = text[pos:pos + 3].lstrip(" \t")
    return bool(rest) and rest[0].isalnum()


def _compile(forms: Iterable[str]) -> re.Pattern[str]:
    """One regex for all forms: a character trie (longest match first), never inside a longer word."""
    trie: dict = {}
    for form in forms:
        node = trie
        for ch in form:
            node = node.setdefault(ch, {})
        node[""] = {}
    body = _trie_pattern(trie)
    # a form ending in a dot ends there even when a word follows without a space ("4000 rs.More than")
    return re.compile(r"(?<![A-Za-z])(?:" + body + r")(?:(?<=\.)|(?![A-Za-z]))", re.IGNORECASE)


def _trie_pattern(node: dict) -> str:
    ends_here = "" in node
    branches = []
    for ch in sorted(k for k in node if k):
        # a space matches any run of white space; a slash may be spaced ("km / h" is "km/h")
        piece = r"(?:\s+|-)" if ch == " " else r"\s*/\s*" if ch == "/" else re.escape(ch)
        branches.append(piece + _trie_pattern(node[ch]))
    if not branches:
        return ""
    alt = branches[0] if len(branches) == 1 else "(?:" + "|".join(branches) + ")"
    return f"(?:{alt})?" if ends_here else alt
