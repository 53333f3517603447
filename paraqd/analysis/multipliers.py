"""Numbers written as a factor or a collective noun: "twice", "triple the price", "fourfold", "a pair of",
"a trio" (:func:`extract_multipliers`; :func:`~paraqd.analysis.numbers.extract_numbers` reads the others)."""

from __future__ import annotations

import re

from .document import NumberMention

#: Words that are a number used as a factor: "twice as many", "doubled", "triple the price", "fourfold",
#: "halved".
MULTIPLIER_WORDS = {
    "twice": 2, "double": 2, "doubled": 2, "doubles": 2, "doubling": 2, "twofold": 2,
    "thrice": 3, "triple": 3, "tripled": 3, "triples": 3, "tripling": 3, "treble": 3, "trebled": 3,
    "threefold": 3, "quadruple": 4, "quadrupled": 4, "quadruples": 4, "fourfold": 4,
    "quintuple": 5, "quintupled": 5, "fivefold": 5, "sixfold": 6, "tenfold": 10, "hundredfold": 100,
    # the factor 1/2 as a verb ("its speed is halved", "the price halves"); "halves" after a determiner, a
    # number or a preposition is the noun ("two halves", "cut into halves"), not a factor
    "halve": 0.5, "halved": 0.5, "halving": 0.5, "halves": 0.5,
}
#: Collective nouns that name a count after an article: "a pair of shoes", "a couple of days", "a trio".
COUNT_NOUNS = {"pair": 2, "couple": 2, "duo": 2, "trio": 3, "quartet": 4, "dozen": 12, "score": 20}
#: (a hyphen after the word ends it when a period follows: "twice-a-month", "twice-weekly" are "twice a month")
_MULTIPLIER = re.compile(
    r"(?<![A-Za-z-])(?:(?P<mult>" + "|".join(sorted(MULTIPLIER_WORDS, key=len, reverse=True)) + r")"
    r"(?=-count)?"
    r"|(?:a|an|the)[ ]+(?P<count>" + "|".join(c for c in COUNT_NOUNS if c != "dozen") + r")(?=[ ]+of(?![A-Za-z]))"
    r"|(?:(?<=a[ ])|(?<=an[ ])|(?<=the[ ]))(?P<group>duo|trio|quartet)(?![A-Za-z-])"
    r")(?![A-Za-z]|-(?!count|(?:a|an|per|each|every)-[A-Za-z]|(?:hourly|daily|weekly|monthly|yearly)(?![A-Za-z])))",
    re.IGNORECASE)
#: "a double room", "a triple jump": after an article, "double"/"triple" describe a kind, not a factor
_KIND_ARTICLE = re.compile(r"(?<![A-Za-z])(?:a|an)[ ]+$", re.IGNORECASE)
#: "two halves", "the halves", "into halves": "halves" as a noun (the words that open a noun phrase)
_NOUN_OPENER = re.compile(r"(?:(?<![A-Za-z])(?:a|an|the|two|both|into|in|of|its|his|her|their|these|those)|\d)"
                          r"[ ]+$", re.IGNORECASE)


#: a digit factor written with a times sign joined to it: "4x as many", "3× more" (not "2x4", "3x5 feet", "4xl")
_TIMES_SIGN = re.compile(r"[xX\u00d7](?![A-Za-z0-9])")


def times_sign_after(text: str, number: NumberMention) -> bool:
    """Whether ``number`` (digits) is a factor written with a times sign joined to it: "4x more games than",
    "3x as many", "each paid 2x what": the same factor as "4 times"."""
    return number.written != "words" and _TIMES_SIGN.match(text, number.end) is not None


def extract_multipliers(text: str, numbers: tuple[NumberMention, ...] = ()) -> tuple[NumberMention, ...]:
    """Numbers written as a factor or a collective noun, as :class:`NumberMention` of kind ``multiplier``
    (``twice`` 2, ``triple`` 3, ``fourfold`` 4, ``doubled`` 2) or ``count`` (``a pair of`` 2, ``a trio`` 3).

    They are kept apart from :func:`extract_numbers` (operators do not rewrite them) but have values, so the
    checks can read "three times as many" and "triple the number" as the same factor 3. Mentions that
    overlap ``numbers`` are skipped.
    """
    found = []
    for m in _MULTIPLIER.finditer(text):
        if any(n.start < m.end() and m.start() < n.end for n in numbers):
            continue
        if m.group("mult") is not None:
            word = m.group("mult").lower()
            if word in ("double", "triple", "quadruple", "treble", "quintuple") \
                    and _KIND_ARTICLE.search(text, max(0, m.start() - 4), m.start()):
                continue  # "a double room" ("double-check", "triple-decker" never match; "double-counts" does)
            if word == "halves" and _NOUN_OPENER.search(text, max(0, m.start() - 8), m.start()):
                continue  # "two halves": the noun
            found.append(NumberMention(m.start(), m.end(), m.group(), value=float(MULTIPLIER_WORDS[word]),
                                       kind="multiplier", written="words"))
        else:
            group = "count" if m.group("count") is not None else "group"
            start, end = m.span(group)
            word = m.group(group).lower()
            found.append(NumberMention(start, end, text[start:end], value=float(COUNT_NOUNS[word]),
                                       kind="count", written="words"))
    return tuple(found)


def with_multipliers(text: str, numbers, *, known: tuple[NumberMention, ...] | None = None) -> list[NumberMention]:
    """``numbers`` and the multipliers and counts of ``text`` (:func:`extract_multipliers`) in order of
    position: what the comparison readings compare. A multiplier that overlaps ``known`` (default: ``numbers``)
    is left out.

    >>> [m.text for m in with_multipliers("She has 3 cats and twice as many dogs.", ())]
    ['twice']
    """
    known = tuple(numbers) if known is None else known
    return sorted([*numbers, *extract_multipliers(text, known)], key=lambda m: m.start)

