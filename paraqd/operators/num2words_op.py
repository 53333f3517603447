"""f3: every number written in digits is rewritten in words (num2words), by character span.

The rewrite keeps every value, so re-analysing the output finds the same numbers:

* ``120`` -> "one hundred and twenty", ``80,000`` -> "eighty thousand", ``1.90`` -> "one point nine zero"
  (digits after the point are read one by one, trailing zeros kept), ``-5`` -> "negative five";
* ``22%`` -> "twenty-two percent", ``2nd`` -> "second", ``1.5 million`` -> "one point five million";
* ``3/4`` -> "three-quarters", ``2/3`` -> "two-thirds", ``1 1/2`` -> "one and a half", and
  ``3/25`` -> "three over twenty-five" when the denominator has no one-word name;
* money: ``$1.90`` -> "one point nine zero dollars", ``Rs. 500`` -> "five hundred rupees" (the currency sign
  becomes the unit's full name after the number, singular for exactly 1);
* a unit glued to the numeral gets a space: ``750m`` -> "seven hundred and fifty m".

Numbers inside formulas or clock times (next to ``:``, ``^``, ``=``, ``+``, ``*``, ``<``, ``>``) stay in
digits: "ten:thirty" or "x^two" would not be a paraphrase.
"""

from __future__ import annotations

import random

from num2words import num2words

from ..analysis import NumberMention, QuestionDoc
from ..analysis.numbers import ORDINAL_WORDS
from .base import Operator, UsesUnitVocabulary
from .registry import register_operator

_FORMULA_CHARS = set(":^=+*<>")
_MAX_VALUE = 10**15
_ORDINAL_SUFFIXES = {"st", "nd", "rd", "th"}
_DENOMINATOR_NAMES = {v: (w, w + "s") for w, v in ORDINAL_WORDS.items() if v >= 3} | {
    2: ("half", "halves"), 4: ("quarter", "quarters")}


def integer_words(n: int) -> str:
    """``1234`` -> "one thousand two hundred and thirty-four" (no commas, so it reads as one number)."""
    return num2words(n).replace(",", "")


def decimal_words(numeral: str) -> str:
    """A digit string in words, keeping every digit after the point ("1.90" -> "one point nine zero")."""
    raw = numeral.replace(",", "")
    negative = raw.startswith("-")
    raw = raw.lstrip("-")
    whole, _, frac = raw.partition(".")
    words = integer_words(int(whole or "0"))
    if frac:
        words += " point " + " ".join(num2words(int(d)) for d in frac)
    return ("negative " + words) if negative else words


def fraction_words(numerator: int, denominator: int) -> str:
    """``3/4`` -> "three-quarters" (hyphenated: "5 quarters" may be coins); "N over M" when M has no
    one-word name or N >= 100."""
    names = _DENOMINATOR_NAMES.get(denominator)
    if names is None or numerator >= 100:
        return f"{integer_words(numerator)} over {integer_words(denominator)}"
    return f"{integer_words(numerator)}-{names[0] if numerator == 1 else names[1]}"


def number_words(text: str, mention: NumberMention) -> str | None:
    """The words for the numeral of ``mention`` (without currency sign, percent or scale word)."""
    lo, hi = mention.numeral
    numeral = text[lo:hi]
    if "/" in numeral:
        head, _, den = numeral.partition("/")
        parts = head.split()
        if len(parts) == 2:  # mixed number "1 1/2"
            whole, num = int(parts[0]), int(parts[1])
            if int(den) == 2 and num == 1:
                return f"{integer_words(whole)} and a half"
            return f"{integer_words(whole)} and {fraction_words(num, int(den))}"
        return fraction_words(int(parts[0]), int(den))
    if mention.kind == "ordinal":
        return num2words(int(numeral.replace(",", "")), to="ordinal").replace(",", "")
    words = decimal_words(numeral)
    if mention.start < lo and text[mention.start] == "-":
        words = "negative " + words
    return words


@register_operator
class NumToWords(UsesUnitVocabulary, Operator):
    name = "num2words"
    paper_id = "f3"
    polarity = "positive"
    stage = "train"
    description = "every number written in digits is written in words (value-preserving)"

    def transform(self, doc: QuestionDoc, rng: random.Random) -> str | None:
        text = doc.text
        edits: list[tuple[int, int, str]] = []
        for m in doc.numbers:
            if m.written != "digits" or abs(m.value) >= _MAX_VALUE or in_formula(text, m):
                continue
            words = number_words(text, m)
            if words is None:
                continue
            lo, hi = m.numeral
            start, end = m.start, hi
            if m.kind == "ordinal" or text[hi:m.end] in _ORDINAL_SUFFIXES:
                end = m.end  # "2nd" -> "second", "2/3rd" -> "two thirds"
            elif m.kind == "percent" and text[hi:m.end].strip() == "%":
                words, end = words + " percent", m.end
            elif m.currency and m.start < lo:  # "$1.90" -> "one point nine zero dollars"
                unit = self._vocab().get(m.currency.strip())
                if unit is None:
                    words = text[m.start:lo] + words
                else:
                    after = text[hi:m.end]  # a scale word: "$1.5 million" -> "... million dollars"
                    words = words + after + " " + unit.full(plural=m.value != 1)
                    end = m.end
            if end < len(text) and text[end].isalnum():
                words += " "
            edits.append((start, end, words))
        if not edits:
            return None
        return doc.replace_spans(edits)


def in_formula(text: str, m: NumberMention) -> bool:
    """Whether a number sits in a formula, ratio or clock time ("1/2*base", "10:30"), which f3 keeps."""
    before = text[m.start - 1] if m.start > 0 else ""
    after = text[m.end] if m.end < len(text) else ""
    return before in _FORMULA_CHARS or after in _FORMULA_CHARS


__all__ = ["NumToWords", "decimal_words", "fraction_words", "in_formula", "integer_words", "number_words"]
