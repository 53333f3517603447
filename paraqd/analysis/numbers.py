"""Numbers in every form word problems use, with their values.

Two scanners run over the question text and their results are merged:

* **digits** (one precompiled regex): ``100``, ``80,000``, ``1.90``, ``.5``, ``-5``, ``3/4``, ``1 1/2``,
  ``22%``, ``22 percent``, ``$1.90``, ``$ 3``, ``Rs. 500``, ``Rupees 500``, ``500 Rs``, ``₹500``, ``€5``,
  ``£5``, ``2nd``, ``1.5 million``, ``2 dozen``, and numerals glued to a unit (``750m``, ``20kmph``: the numeral is found, the unit is left to
  :mod:`paraqd.analysis.units`);
* **words** (a small parser over the alphabetic tokens): ``three``, ``twenty-one``, ``one hundred and five``,
  ``one point five``, ``a dozen``, ``a hundred``, ``half``, ``a quarter``, ``two thirds``,
  ``one and a half``, ``three over twenty-five``, ``twenty-first``, ``negative five``, ``forty percent``,
  ``half a dozen`` (6), ``a quarter of a million``.

Decisions (see ``tests/test_analysis.py``):

* ``one`` is a number, except where it is a pronoun: after *no, the, this, that, which, each, any, every,
  some, another, other, last, only* (``no one``, ``the one which``) and in ``one another``.
  ``one of them`` counts (it is a quantity).
* ``negative five`` is -5; ``minus five`` only at the start of a clause or after *is, was, of, to, from,
  at, by, and, ...* ("it was minus five degrees"); elsewhere "minus" is subtraction ("ten minus three",
  "twice the number minus 12").
* A fraction word must agree with its numerator ("one third", "two thirds": "108 third graders" is 108 and
  an ordinal) and be hyphenated or followed by *of* or *as* ("two-thirds", "two thirds of it"):
  "5 quarters and 2 dimes" are coins.
* ``a third``, ``a fifth`` are fractions before *of*, a verb's auxiliary, a preposition or a conjunction, or at
  the end of a phrase ("a third of them", "a fifth were plates"), ordinals before a noun ("a fifth story
  apartment"); ``a half``, ``a quarter`` are always fractions.
* ``second`` is an ordinal, except after a number or *a, an, per, each, one*, or after *every* with no noun
  after it (``30 second``, ``a second``, ``10 feet every second.``:
  the time unit). ``first``, ``third``, ... are ordinals; ``a third``, ``two thirds`` are fractions.
* ``half`` alone is 0.5; ``quarter`` only counts with a numerator (``a quarter``, ``three quarters``)
  because a bare "quarter" is often the coin; ``one fifth`` reads as ``a fifth``. ``dozen`` needs a count
  (``two dozen(s)``); ``hundred`` alone only after *every, each, per*. ``twice`` is a multiplier, left alone.
* Money: a currency sign before the numeral is part of the mention (``$1.90``: mention ``$1.90``, numeral
  ``1.90``, ``currency="$"``); a currency word after it (``500 dollars``) only sets ``kind="currency"`` and
  ``currency="dollars"``: the word itself is a unit mention, not part of the number.
* ``45°`` is the number 45 (the degree sign is a unit). Clock times and ratios (``10:30``, ``3:4``) give two
  plain cardinals with exact offsets, but ``6:00`` is the number 6 ("6 am" says the same); operators that
  would garble them (f3) leave numbers next to ``:`` alone. Digits glued after a letter (``A1``, ``x2``) are identifiers, not numbers; dates like
  ``12/25/2020`` yield only their first number.

Over 400 lines: the two scanners and the merge are one parser of one grammar of quantities.
"""

from __future__ import annotations

import re

from .document import NumberMention
from .multipliers import COUNT_NOUNS, MULTIPLIER_WORDS, extract_multipliers  # noqa: F401 (re-exported)

# --------------------------------------------------------------------------------------------------------
# digits
_CURRENCY_SIGN = r"US\$|\$|₹|€|£|(?<![A-Za-z])(?:Rs\.?|Re\.?|INR|USD|[Rr]upees?\.?)"
_DIGIT_NUMBER = re.compile(
    r"(?:(?P<cur>" + _CURRENCY_SIGN + r")[ ]?|(?P<sign>(?:(?<=[\s(\[])|^)-)|(?<![A-Za-z0-9_./]))"
    r"(?P<num>"
    r"(?P<mw>\d+)[ ]+(?P<mn>\d+)/(?P<md>\d+)(?![/\d])"
    r"|(?P<fn>\d+)/(?P<fd>\d+)(?![/\d])"
    r"|(?P<dec>(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+|(?<=\d)(?:(?<=[$₹€£.]\d)|(?<=[$₹€£.]\d\d)),\d\d(?![\d,]))?|\.\d+)"
    r")"
    r"(?:(?P<ord>st|nd|rd|th)(?![A-Za-z]))?"
    r"(?:(?P<scale>[ ](?:hundred|thousand|million|billion|trillion|dozens?))(?![A-Za-z]))?"
    r"(?P<pct>[ ]?%|[ ](?:percent|per[ ]?cent)(?![A-Za-z]))?",
)
_CURRENCY_WORD = re.compile(
    r"(?:[ ]+(?:(?:extra|more|additional|fewer|less)[ ]+)?|-)(dollars?|rupees?|rs|euros?|cents?|paise|yen|yuan|pesos?)"
    r"(?![A-Za-z])", re.IGNORECASE)

# --------------------------------------------------------------------------------------------------------
# words
UNIT_WORDS = {w: i for i, w in enumerate(
    ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine"])}
TEEN_WORDS = {w: i + 10 for i, w in enumerate(
    ["ten", "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen"])}
TENS_WORDS = {w: (i + 2) * 10 for i, w in enumerate(
    ["twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"])}
SCALE_WORDS = {"thousand": 10**3, "million": 10**6, "billion": 10**9, "trillion": 10**12}
ORDINAL_WORDS = {
    "first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5, "sixth": 6, "seventh": 7, "eighth": 8,
    "ninth": 9, "tenth": 10, "eleventh": 11, "twelfth": 12, "thirteenth": 13, "fourteenth": 14,
    "fifteenth": 15, "sixteenth": 16, "seventeenth": 17, "eighteenth": 18, "nineteenth": 19,
    "twentieth": 20, "thirtieth": 30, "fortieth": 40, "fiftieth": 50, "sixtieth": 60, "seventieth": 70,
    "eightieth": 80, "ninetieth": 90, "hundredth": 100, "thousandth": 1000, "millionth": 10**6,
}
#: Fraction denominators in words (singular and plural); "second" is never a denominator.
DENOMINATOR_WORDS = {"half": 2, "halves": 2, "quarter": 4, "quarters": 4}
for _w, _v in ORDINAL_WORDS.items():
    if _v >= 3:
        DENOMINATOR_WORDS[_w] = _v
        DENOMINATOR_WORDS[_w + "s"] = _v
#: "1 quarter of", "2 thirds as", "1 quarter that much": a digit numerator with a denominator word.
_DIGIT_FRACTION_WORD = re.compile(
    r"[ ]+(" + "|".join(sorted(DENOMINATOR_WORDS, key=len, reverse=True))
    + r")(?=[ ]+(?:of|as|that[ ]+(?:much|many))(?![A-Za-z]))",
    re.IGNORECASE)
_CARDINAL_WORDS = UNIT_WORDS.keys() | TEEN_WORDS.keys() | TENS_WORDS.keys()
_NUMERIC_WORDS = _CARDINAL_WORDS | ORDINAL_WORDS.keys() | DENOMINATOR_WORDS.keys() | SCALE_WORDS.keys() | {
    "hundred", "dozen"}
#: Words after which "minus five" is a negative number rather than a subtraction.
_SIGN_CONTEXT = {"is", "was", "were", "are", "be", "been", "of", "to", "from", "at", "by", "reached", "becomes",
                 "became", "equals", "and", "or"}
_START_WORDS = (_CARDINAL_WORDS | ORDINAL_WORDS.keys() | {"half", "a", "an", "minus", "negative", "hundred",
                                                          "thousand"})
_ONE_PRONOUN_BEFORE = {"no", "the", "this", "that", "which", "each", "any", "every", "some", "another",
                       "other", "last", "same", "little", *ORDINAL_WORDS}
#: words after "a third", "a fifth" that make it a fraction: "a third of them", "a third the size"; and the
#: closed classes that cannot be the noun an ordinal modifies (auxiliaries, prepositions, conjunctions): "a
#: fifth were plates", "a fifth is water", "a tenth and a half" are fractions, "a fifth story" an ordinal
_FRACTION_BEFORE = {"of", "the", "that", "this", "his", "her", "its", "their", "as",
                    "is", "are", "was", "were", "be", "been", "will", "would", "can", "could", "shall", "should",
                    "may", "might", "must", "has", "have", "had", "do", "does", "did",
                    "in", "on", "at", "for", "to", "from", "with", "by", "into", "than", "off", "over", "per",
                    "more", "less", "fewer", "and", "or", "but", "while", "so"}
#: a clock time's zero minutes ("6:00" is 6 o'clock: the "00" is no number of its own; not "3:0", "10:05")
_ZERO_MINUTES = re.compile(r"\d:00$")
#: between a share with the one word of what it is and the next item of the list: " blue, ", " water and "
_NEXT_SHARE = re.compile(r"[ ]+[A-Za-z]+[ ]*(?:,|,?[ ]+and)[ ]+")
_SECOND_TIME_BEFORE = {"a", "an", "per", "each", "one"}
_WORD = re.compile(r"[A-Za-z]+")
_JOIN = re.compile(r"[ ]*-?[ ]*|[ ]+")
_PERCENT_WORDS = re.compile(r"[ ]+(?:percent|per[ ]?cent)(?![A-Za-z])", re.IGNORECASE)


def extract_numbers(text: str, doc=None) -> tuple[NumberMention, ...]:
    """All number mentions of ``text`` in order of position, non-overlapping.

    ``doc`` (the spaCy parse) is accepted for interface stability; the scanners work on the text alone, which
    keeps the result identical whatever the tokenizer does with "20kmph" or "$1.90".
    """
    if not text:
        return ()
    digits = [n for n in _digit_numbers(text) if not _ZERO_MINUTES.match(text, n.start - 2, n.end)]  # "6:00"
    words = _word_numbers(text, digits)
    if not words:
        return tuple(digits)
    merged = digits + [w for w in words if not any(w.start < d.end and d.start < w.end for d in digits)]
    return tuple(sorted(merged, key=lambda m: m.start))


# ---------------------------------------------------------------------------------------------- digits
def _digit_numbers(text: str) -> list[NumberMention]:
    found: list[NumberMention] = []
    for m in _DIGIT_NUMBER.finditer(text):
        kind = "cardinal"
        if m.group("mw") is not None:
            den = int(m.group("md"))
            if den == 0:
                continue
            value = int(m.group("mw")) + int(m.group("mn")) / den
            kind = "fraction"
        elif m.group("fn") is not None:
            den = int(m.group("fd"))
            if den == 0:
                continue
            value = int(m.group("fn")) / den
            kind = "fraction"
        else:
            raw = m.group("dec")
            # "Rs.12,40": a decimal comma (two digits after it, right after a currency sign)
            raw = raw.replace(",", ".") if re.fullmatch(r"\d{1,2},\d\d", raw) else raw.replace(",", "")
            value = float(raw)
            if "." in raw:
                kind = "decimal"
        if m.group("sign"):
            value = -value
        if m.group("scale"):
            scale = m.group("scale").strip()
            value *= 12 if scale.startswith("dozen") else 100 if scale == "hundred" else SCALE_WORDS[scale]
        if m.group("ord") and kind == "cardinal":
            kind = "ordinal"
        currency = None
        end = m.end()
        if m.group("pct"):
            kind = "percent"
        elif m.group("cur"):
            kind, currency = "currency", m.group("cur")
        elif kind in ("cardinal", "decimal"):
            cw = _CURRENCY_WORD.match(text, end)
            fw = _DIGIT_FRACTION_WORD.match(text, end) if kind == "cardinal" and not m.group("scale") else None
            den = _denominator(fw.group(1).lower(), value) if fw else None
            if cw:
                kind, currency = "currency", cw.group(1).lower()
            elif den:  # "1 quarter of the year", "2 thirds of them"
                kind, value, end = "fraction", value / den, fw.end(1)
        start = m.start("sign") if m.group("sign") else m.start()
        found.append(NumberMention(
            start, end, text[start:end], value=float(value), kind=kind, written="digits",
            currency=currency, number_start=m.start("num"), number_end=m.end("num"),
        ))
    return found


# ----------------------------------------------------------------------------------------------- words
def _denominator(word: str, numerator: float) -> int | None:
    """The denominator named by ``word`` when it agrees with the numerator: "one third", "two thirds"
    (so "108 third graders" stays a cardinal and an ordinal)."""
    den = DENOMINATOR_WORDS.get(word)
    if den is None or (word.endswith("s") != (numerator != 1)):
        return None
    return den


class _Tok:
    __slots__ = ("end", "low", "start")

    def __init__(self, low: str, start: int, end: int):
        self.low, self.start, self.end = low, start, end


def _word_numbers(text: str, digits: list[NumberMention]) -> list[NumberMention]:
    lowered = text.lower()
    toks = [_Tok(m.group(), m.start(), m.end()) for m in _WORD.finditer(lowered)]
    if not any(t.low in _START_WORDS for t in toks):
        return []
    parser = _WordParser(text, toks, digits)
    return parser.run()


class _WordParser:
    """Greedy left-to-right parser of number words over alphabetic tokens."""

    def __init__(self, text: str, toks: list[_Tok], digits: list[NumberMention]):
        self.text, self.toks, self.n = text, toks, len(toks)
        self.digit_ends = {d.end for d in digits}
        #: where the shares (fractions, percentages) parsed so far end: "seven tenths blue, *one fifth* red"
        self.share_ends = [d.end for d in digits if d.kind in ("fraction", "percent")]

    def joined(self, j: int) -> bool:
        """Whether token ``j`` follows token ``j-1`` with only spaces or one hyphen between them."""
        if j <= 0 or j >= self.n:
            return False
        gap = self.text[self.toks[j - 1].end:self.toks[j].start]
        return _JOIN.fullmatch(gap) is not None

    def low(self, j: int) -> str:
        return self.toks[j].low if 0 <= j < self.n else ""

    def run(self) -> list[NumberMention]:
        out: list[NumberMention] = []
        i = 0
        while i < self.n:
            parsed = self.parse_at(i) if self.toks[i].low in _START_WORDS else None
            if parsed is None:
                i += 1
                continue
            j, value, kind = self._of_a_scale(*parsed)
            start, end = self.toks[i].start, self.toks[j - 1].end
            num_end = end
            pct = _PERCENT_WORDS.match(self.text, end)
            currency = None
            if pct and kind != "ordinal":
                kind, end = "percent", pct.end()
            elif kind in ("cardinal", "decimal"):
                cw = _CURRENCY_WORD.match(self.text, end)
                if cw:  # "five dollars", "a twenty-dollar bill": money, the word is a unit mention
                    kind, currency = "currency", cw.group(1).lower()
            out.append(NumberMention(start, end, self.text[start:end], value=float(value), kind=kind,
                                     written="words", currency=currency, number_start=start, number_end=num_end))
            if kind in ("fraction", "percent"):
                self.share_ends.append(end)
            i = j
        return out

    def _of_a_scale(self, j: int, value: float, kind: str) -> tuple[int, float, str]:
        """A fraction of a dozen or of a scale word is one number: "half a dozen" (6), "a quarter of a million",
        "one and a half dozen" (18); else the fraction as parsed."""
        k = j + (kind == "fraction" and self.low(j) == "of" and self.joined(j))
        k += self.low(k) in ("a", "an") and self.joined(k)
        scale = {"dozen": 12, "hundred": 100, **SCALE_WORDS}.get(self.low(k)) if kind == "fraction" else None
        if scale is None or not self.joined(k) or (k > j and self.low(k - 1) not in ("a", "an")):
            return j, value, kind
        return k + 1, value * scale, "cardinal" if float(value * scale).is_integer() else "decimal"

    # -- grammar ---------------------------------------------------------------------------------------
    def parse_at(self, i: int) -> tuple[int, float, str] | None:
        w = self.toks[i].low
        if w in ("minus", "negative"):
            return self._negative(i)
        if w in ("a", "an"):
            return self._article(i)
        card = self.cardinal(i)
        if card is not None:
            return self._after_cardinal(i, *card)
        if w in ORDINAL_WORDS:
            if w == "second" and self._second_is_time(i):
                return None
            return i + 1, ORDINAL_WORDS[w], "ordinal"
        if w == "half":
            return i + 1, 0.5, "fraction"
        if w in ("hundred", "thousand") and ((self.text[self.toks[i].end:self.toks[i].end + 1] == "-" and self.joined(
                i + 1)) or (self.low(i - 1) in ("every", "each", "per") and self.joined(i))):  # "every hundred people"
            return i + 1, 100 if w == "hundred" else 1000, "cardinal"  # "hundred-dollar bills"
        return None

    def _negative(self, i: int) -> tuple[int, float, str] | None:
        if not self.joined(i + 1) or self.low(i + 1) not in _CARDINAL_WORDS:
            return None
        if self.toks[i].low == "minus":  # "twice the number minus 12": an operator, not a sign
            before = self.text[:self.toks[i].start].rstrip()
            if before and before[-1] not in ",;:([" and self.low(i - 1) not in _SIGN_CONTEXT:
                return None
        card = self.cardinal(i + 1)
        if card is None:
            return None
        j, value, kind = self._after_cardinal(i + 1, *card)
        return (j, -value, kind) if kind in ("cardinal", "decimal") else None

    def _article(self, i: int) -> tuple[int, float, str] | None:
        nxt = self.low(i + 1)
        if not self.joined(i + 1):
            return None
        if nxt == "dozen":
            return i + 2, 12, "cardinal"
        if nxt == "hundred" or nxt in SCALE_WORDS:
            card = self.cardinal(i + 1, start_value=1)
            return self._after_cardinal(i + 1, *card) if card else None
        if nxt in DENOMINATOR_WORDS and not nxt.endswith("s"):
            after = self.low(i + 2) if self.joined(i + 2) else ""
            if nxt in ("half", "quarter") or not after or after in _FRACTION_BEFORE:
                return i + 2, 1 / DENOMINATOR_WORDS[nxt], "fraction"
            return None  # "a fifth story": the ordinal, parsed from the next token
        return None

    def _second_is_time(self, i: int) -> bool:
        prev = self.low(i - 1)
        if prev in _SECOND_TIME_BEFORE or prev in _CARDINAL_WORDS:
            return True
        if prev == "every":  # "every second glass" is every other glass; "10 feet every second." the time unit
            nxt = self.low(i + 1) if self.joined(i + 1) else ""
            return not nxt or nxt in _FRACTION_BEFORE
        before = self.text[:self.toks[i].start].rstrip()
        return bool(before) and before[-1].isdigit()

    def cardinal(self, i: int, start_value: int = 0) -> tuple[int, int, str] | None:
        """Parse a cardinal from token ``i``: returns (end index, value, kind of the last word)."""
        # (total, current, kind of the last word, last scale)
        state = (0, start_value, ("unit" if start_value else None), 10**15)
        j = i
        while j < self.n:
            if j > i and not self.joined(j) and not (state[2] == "scale" and self._comma_after_scale(j)):
                break
            step = self._cardinal_word(j, *state)
            if step is None:
                break
            state = step
            j += 1
        total, current, last, _ = state
        if last is None:
            return None
        if last == "and":  # never end on "and"
            j -= 1
        if i == j:
            return None
        if self.toks[i].low == "one" and j == i + 1 and start_value == 0 and self._one_is_pronoun(i):
            return None
        return j, total + current, last

    def _cardinal_word(self, j: int, total: int, current: int, last: str | None,
                       last_scale: int) -> tuple[int, int, str | None, int] | None:
        """The cardinal's state after its word ``j``, or ``None`` when that word ends it."""
        w = self.toks[j].low
        if w in UNIT_WORDS or w in TEEN_WORDS:
            if last in ("unit", "teen") or (last == "tens" and w not in UNIT_WORDS) \
                    or (last == "tens" and w == "zero"):
                return None
            return total, current + UNIT_WORDS.get(w, TEEN_WORDS.get(w, 0)), \
                ("unit" if w in UNIT_WORDS else "teen"), last_scale
        if w in TENS_WORDS:
            if last in ("unit", "teen", "tens"):
                return None
            return total, current + TENS_WORDS[w], "tens", last_scale
        if w == "hundred":
            if last not in ("unit", "teen") or current >= 100:
                return None
            return total, current * 100, "hundred", last_scale
        if w in SCALE_WORDS:
            scale = SCALE_WORDS[w]
            if last is None or last == "and" or scale >= last_scale:
                return None
            return total + current * scale, 0, "scale", scale
        if w == "and":
            nxt = self.low(j + 1)
            if last not in ("hundred", "scale") or not self.joined(j + 1) or \
                    nxt not in _CARDINAL_WORDS or self._fraction_follows(j + 1):
                return None
            return total, current, "and", last_scale
        return None

    def _comma_after_scale(self, j: int) -> bool:
        """"two thousand, one hundred": a comma after a scale word, before a group of hundreds (not "two
        thousand, three are left")."""
        gap = self.text[self.toks[j - 1].end:self.toks[j].start]
        return (gap.strip() == "," and self.toks[j].low in UNIT_WORDS and self.joined(j + 1)
                and self.low(j + 1) == "hundred")

    def _fraction_follows(self, j: int) -> bool:
        """Whether a numerator + denominator starts at ``j`` ("and one half")."""
        card = self.cardinal(j)
        return card is not None and self.joined(card[0]) and _denominator(self.low(card[0]), card[1]) is not None

    def _one_is_pronoun(self, i: int) -> bool:
        if self.joined(i + 1) and (self.low(i + 1) in _NUMERIC_WORDS or self.low(i + 1) in ("point", "over")):
            return False  # "only one third", "the one hundred"
        if self.low(i - 1) in _ONE_PRONOUN_BEFORE and self.joined(i):
            # "among which one is bad", "of which one is red": a relative clause counting one of a set
            return not (self.low(i - 1) == "which" and self.low(i - 2) in ("among", "of", "in")
                        and self.joined(i - 1))
        return self.low(i + 1) == "another" and self.joined(i + 1)

    def _after_cardinal(self, i: int, j: int, value: float, last: str) -> tuple[int, float, str]:
        nxt = self.low(j) if self.joined(j) else ""
        if nxt == "point":
            k = j + 1
            digits = ""
            while k < self.n and self.joined(k) and self.toks[k].low in UNIT_WORDS:
                digits += str(UNIT_WORDS[self.toks[k].low])
                k += 1
            if digits:
                dec = float(f"{int(value)}.{digits}")
                if self.joined(k) and self.low(k) in SCALE_WORDS:
                    return k + 1, dec * SCALE_WORDS[self.low(k)], "decimal"
                return k, dec, "decimal"
            return j, value, "cardinal"
        if nxt in ("dozen", "dozens"):  # "2 dozen", "two dozens of eggs"
            return j + 1, value * 12, "cardinal"
        if nxt in ORDINAL_WORDS and (
                (last == "tens" and ORDINAL_WORDS[nxt] < 10)
                or (last in ("hundred", "scale") and ORDINAL_WORDS[nxt] < 100)):
            return j + 1, value + ORDINAL_WORDS[nxt], "ordinal"
        if last == "scale" and nxt in ("and",) and self.joined(j + 1) and self.low(j + 1) in ORDINAL_WORDS:
            return j + 2, value + ORDINAL_WORDS[self.low(j + 1)], "ordinal"
        den = _denominator(nxt, value)
        if den is not None and value < 1000 and self._fraction_context(j, value):
            return j + 1, value / den, "fraction"
        if nxt == "over" and self.joined(j + 1):
            den = self.cardinal(j + 1)
            if den is not None and den[1] != 0:
                return den[0], value / den[1], "fraction"
        if nxt == "and" and self.joined(j + 1):
            frac = self._mixed_part(j + 1)
            if frac is not None:
                k, part = frac
                return k, value + part, "fraction"
        return j, value, "cardinal"

    def _fraction_context(self, j: int, numerator: float = 0) -> bool:
        """Whether the denominator word at ``j`` makes a fraction: hyphenated ("two-thirds") or followed by
        *of*/*as* ("two thirds of it"); a plural ordinal after its numerator ("seven tenths blue", "three fifths
        longer": "tenths" names no thing that could be counted); not "5 quarters and 2 dimes", "4 quarters, 3
        dimes" (coins), "two halves" (pieces); after "one", where
        "a" would ("one quarter the size", "one fifth have"; not "one fifth grader")."""
        after = self.low(j + 1) if self.joined(j + 1) else ""
        if "-" in self.text[self.toks[j - 1].end:self.toks[j].start] or after in ("of", "as"):
            return True
        if numerator != 1 and self.low(j) not in ("quarters", "halves"):
            return True  # "seven tenths blue", "three fifths longer": a plural ordinal counts no thing
        return numerator == 1 and (self.low(j) in ("half", "quarter") or not after or after in _FRACTION_BEFORE
                                   or self._listed_after_share(j - 1))

    def _listed_after_share(self, i: int) -> bool:
        """Whether token ``i`` opens the next item of a list of shares, each a share and one word of what it is
        ("seven tenths blue, *one* fifth red", "70% water, one fifth oil"): a fraction like the one before."""
        start = self.toks[i].start
        return any(_NEXT_SHARE.fullmatch(self.text, end, start) for end in self.share_ends if end <= start)

    def _mixed_part(self, k: int) -> tuple[int, float] | None:
        """The fraction after "X and": "a half", "one third", "three quarters", a bare "half" before what it
        measures ("two and half hours", not "one and half of the rest")."""
        w = self.low(k)
        if w in ("a", "an") and self.joined(k + 1) and self.low(k + 1) in DENOMINATOR_WORDS:
            return k + 2, 1 / DENOMINATOR_WORDS[self.low(k + 1)]
        if w == "half" and self.joined(k + 1) and self.low(k + 1) not in _FRACTION_BEFORE:
            return k + 1, 0.5
        card = self.cardinal(k)
        if card is None or not self.joined(card[0]):
            return None
        after = self.low(card[0])
        den = _denominator(after, card[1])
        if den is not None:
            return card[0] + 1, card[1] / den
        if after == "over" and self.joined(card[0] + 1):
            den = self.cardinal(card[0] + 1)
            if den is not None and den[1] != 0:
                return den[0], card[1] / den[1]
        return None
