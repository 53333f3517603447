"""The values of a text as the number check compares them: a value's kind and key (``value_key``: 75% is the
3/4 of "three quarters"), the numbers compared (``compared_numbers``: the parsed numbers, spaced fractions joined,
with the multipliers and counts "twice", "a pair of"), and what each plain number counts (``number_roles``:
"20 apples" -> "apple", "4 piles of quarters" -> "quarter", "200 km" -> "kilometre", "twice as many woodwinds"
-> "woodwind"), so that two numbers that traded places can be told from two that were only reworded.

>>> from paraqd.analysis import analyze
>>> [(value, role) for value, role, _ in number_roles(analyze("Ann has 20 apples and 4 piles of quarters."))]
[(20.0, 'apple'), (4.0, 'quarter')]
"""

from __future__ import annotations

from .document import NumberMention, QuestionDoc
from .multipliers import extract_multipliers
from .quantities import merge_spaced_fractions
from .terms import counted_nouns, quantity_mentions

#: kinds whose values are interchangeable with each other; every other kind keeps its identity
_PLAIN_KINDS = frozenset({"cardinal", "decimal", "fraction", "multiplier", "count"})


def value_kind(mention: NumberMention) -> str:
    """The kind a value keeps across a paraphrase: ``plain``, ``percent``, ``currency`` or ``ordinal``."""
    return "plain" if mention.kind in _PLAIN_KINDS else mention.kind


def value_key(mention: NumberMention) -> tuple[str, float]:
    """Identity of a number for comparison: its kind and its value rounded to 9 significant digits, with a
    percentage read as the plain number it stands for (75% -> ("plain", 0.75), the key of 3/4)."""
    if mention.kind == "percent":
        return "plain", float(f"{mention.value / 100:.9g}")
    return value_kind(mention), mention.rounded


def compared_numbers(doc: QuestionDoc) -> list[NumberMention]:
    """The numbers the check compares: :func:`merge_spaced_fractions` plus the multipliers and counts
    ("twice", "triple", "a pair of"), in order of position."""
    numbers = merge_spaced_fractions(doc)
    return sorted([*numbers, *extract_multipliers(doc.text, doc.numbers)], key=lambda m: m.start)


def number_roles(doc: QuestionDoc) -> list[tuple[float, str, NumberMention]]:
    """``(value, role, mention)`` for each plain number that counts something: the noun after it that it
    modifies ("20 apples" -> "apple") or its unit ("200 km" -> "kilometre")."""
    measured = quantity_mentions(doc)
    unit_starts = {unit.start for _, unit in measured}
    roles = [(number.rounded, counted_thing(noun, noun.idx in unit_starts), number)
             for number, tok, noun in counted_nouns(doc) if noun.i > tok.i]
    roles += [(number.rounded, unit.unit.name, number) for number, unit in measured]
    roles += factor_roles(doc)
    return [role for role in roles if value_kind(role[2]) == "plain"]


def counted_thing(noun, is_unit: bool = False) -> str:
    """What a counted noun counts, with the words that tell it apart: "3 sweet cookies" -> "sweet cookie",
    "4 piles of quarters" -> "quarter", "one set of crystal beads" -> "crystal bead" (a container counts what
    its *of* names). A unit counts itself ("5 years of service" -> "year"), and an *of* with a number of its
    own is another quantity ("20 packets of 100 grams" -> "packet")."""
    head = noun
    for child in noun.children if not is_unit else ():
        if child.dep_ == "prep" and child.lower_ == "of":
            obj = next((t for t in child.children if t.dep_ == "pobj" and t.pos_ in ("NOUN", "PROPN")), None)
            if obj is not None and not any(t.dep_ == "nummod" for t in obj.children):
                head = obj
            break
    modifiers = [t.lemma_.lower() for t in head.lefts if t.dep_ in ("compound", "amod") and t.is_alpha]
    return " ".join((*modifiers, head.lemma_.lower()))


def factor_roles(doc: QuestionDoc) -> list[tuple[float, str, NumberMention]]:
    """``(value, noun, mention)`` for factors: "4 times as many percussion players" -> (4, "percussion"),
    "twice as many woodwinds" -> (2, "woodwind"): the first noun within six tokens after the factor."""
    roles = []
    for number in compared_numbers(doc):
        span = doc.span(number)
        if span is None:
            continue
        nxt = span.end
        if number.kind != "multiplier":
            if nxt >= len(doc.doc) or doc.doc[nxt].lower_ != "times":
                continue
            nxt += 1
        for tok in doc.doc[nxt:min(nxt + 6, span.sent.end)]:
            if tok.pos_ in ("NOUN", "PROPN"):
                roles.append((number.rounded, tok.lemma_.lower(), number))
                break
    return roles
