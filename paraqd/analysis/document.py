"""The analysed question: spaCy parse plus numbers, units and entities, with character offsets."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # pragma: no cover
    from spacy.tokens import Doc, Span


@dataclass(frozen=True)
class Unit:
    """One unit: canonical full name (singular), plural, abbreviations, category.

    ``variants`` holds other spellings (singular and plural: "kilometer", "kilometers");
    ``plural_abbreviations`` abbreviations that are themselves plural ("kms", "hrs").
    """

    name: str
    plural: str
    abbreviations: tuple[str, ...]
    category: str
    variants: tuple[str, ...] = ()
    plural_abbreviations: tuple[str, ...] = ()
    #: words naming the unit as a rate or a period ("daily", "hourly", "annually"): the same unit
    adverbs: tuple[str, ...] = ()
    #: the pint expression of the unit when its name is not one ("100 * kilogram" for the quintal)
    pint: str | None = None

    @property
    def pint_expression(self) -> str:
        """What :mod:`pint` reads this unit as: ``pint`` when given, else the name with "square"/"cubic"
        as powers and "per" as a division ("kilometre per hour" -> "kilometre / hour")."""
        if self.pint:
            return self.pint
        name = self.name
        for word, power in (("square ", "**2"), ("cubic ", "**3")):
            if name.startswith(word):
                name = name[len(word):].replace(" ", "_") + power
        return " / ".join(part.strip().replace(" ", "_") for part in name.split(" per "))

    def full(self, plural: bool) -> str:
        return self.plural if plural else self.name

    def abbreviations_like(self, plural: bool = False, symbol: bool | None = None) -> list[str]:
        """Abbreviations, canonical first (plural ones first when asked); ``symbol`` filters symbols
        ("$", "°C") in or out."""
        pool = list(self.plural_abbreviations) if plural else []
        pool += list(self.abbreviations)
        return [a for a in pool if symbol is None or is_symbol(a) == symbol]


def is_symbol(form: str) -> bool:
    """Whether an abbreviation is a symbol ("$", "₹", "°C") rather than letters ("km", "Rs.")."""
    return not form[:1].isalpha()


@dataclass(frozen=True)
class Mention:
    """A span of the question text, by character offsets (``text[start:end] == mention.text``)."""

    start: int
    end: int
    text: str


@dataclass(frozen=True)
class NumberMention(Mention):
    """A number as written in the question.

    ``value`` is its numeric value (3/4 -> 0.75, "twenty-one" -> 21, "half" -> 0.5, 25% -> 25).
    ``kind`` is one of ``cardinal``, ``decimal``, ``fraction``, ``percent``, ``currency``, ``ordinal``.
    ``written`` is ``digits`` or ``words``. ``currency`` holds the currency marker for money amounts
    ("$", "Rs.", "dollars"...), ``None`` otherwise. ``number_start``/``number_end`` delimit the numeral
    itself inside the mention (for "$1.90" the mention is "$1.90", the numeral "1.90").
    """

    value: float
    kind: str = "cardinal"
    written: str = "digits"
    currency: str | None = None
    number_start: int = -1
    number_end: int = -1

    @property
    def rounded(self) -> float:
        """The value rounded to 9 significant digits: what checks compare (0.1 + 0.2 == 0.3 here)."""
        return float(f"{self.value:.9g}")

    @property
    def numeral(self) -> tuple[int, int]:
        """Character offsets of the numeral itself (without currency sign or percent sign)."""
        if self.number_start >= 0:
            return self.number_start, self.number_end
        return self.start, self.end


@dataclass(frozen=True)
class UnitMention(Mention):
    """A unit of measurement found in the question, resolved against the unit vocabulary.

    ``adverb`` marks the unit named as a rate or a period ("daily" is the unit day, "annually" the year).
    """

    unit: Unit = None  # type: ignore[assignment]
    abbreviated: bool = False
    plural: bool = False
    adverb: bool = False

    @property
    def category(self) -> str:
        return self.unit.category


@dataclass(frozen=True)
class EntityMention(Mention):
    """A named entity (spaCy label: PERSON, GPE, ORG, LOC, NORP, FAC, PRODUCT, EVENT, ...)."""

    label: str = ""


@dataclass
class QuestionDoc:
    """One question, analysed once. Operators treat it as read-only."""

    text: str
    doc: "Doc"
    numbers: tuple[NumberMention, ...] = ()
    units: tuple[UnitMention, ...] = ()
    entities: tuple[EntityMention, ...] = ()
    _sentences: tuple[Mention, ...] | None = field(default=None, repr=False)

    @property
    def sentences(self) -> tuple[Mention, ...]:
        """The sentences as character spans (whitespace between them excluded)."""
        if self._sentences is None:
            sents = []
            for s in self.doc.sents:
                start, end = s.start_char, s.end_char
                while end > start and self.text[end - 1].isspace():
                    end -= 1
                if end > start:
                    sents.append(Mention(start, end, self.text[start:end]))
            self._sentences = tuple(sents)
        return self._sentences

    @property
    def spacy_sentences(self) -> list["Span"]:
        return list(self.doc.sents)

    @property
    def tokens(self) -> list[str]:
        return [t.text for t in self.doc]

    def span(self, mention: Mention) -> "Span | None":
        """The parse's tokens that cover ``mention``'s characters (widened to whole tokens), or ``None`` when
        the text has no parse or no token lies there: the one way every analysis goes from a mention to its words.

        >>> from paraqd.analysis import analyze
        >>> doc = analyze("Tom has 3 red apples.")
        >>> [t.text for t in doc.span(doc.numbers[0])]
        ['3']
        """
        if self.doc is None:
            return None
        span = self.doc.char_span(mention.start, mention.end, alignment_mode="expand")
        return span if span is not None and len(span) else None

    def replace_spans(self, replacements: Iterable[tuple[int, int, str]]) -> str:
        """Apply character-span replacements ``(start, end, new_text)`` in one pass.

        Spans must not overlap. Replacing by span (never by string search) is what keeps "20" inside
        "120" untouched. Double spaces left by deletions are collapsed, and no space is left before
        punctuation.
        """
        return replace_spans(self.text, replacements)


def replace_spans(text: str, replacements: Iterable[tuple[int, int, str]]) -> str:
    reps = sorted(replacements, key=lambda r: (r[0], r[1]))
    for (s1, e1, _), (s2, _e2, _) in zip(reps, reps[1:]):
        if s2 < e1:
            raise ValueError(f"overlapping replacements at {s1}:{e1} and {s2}")
    out: list[str] = []
    pos = 0
    for start, end, new in reps:
        out.append(text[pos:start])
        out.append(new)
        pos = end
    out.append(text[pos:])
    return tidy_spacing("".join(out))


def tidy_spacing(text: str) -> str:
    """Collapse runs of spaces and remove spaces before , . ? ! ; : (after edits that delete words)."""
    import re

    text = re.sub(r"[ \t]{2,}", " ", text)
    text = re.sub(r" +([,.?!;:])(?!\d)", r"\1", text)  # not before a decimal: "needs .75 bags"
    return text.strip()


def overlapping(mention: Mention, others: Sequence[Mention]) -> bool:
    return any(mention.start < o.end and o.start < mention.end for o in others)
