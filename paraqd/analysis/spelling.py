"""One word spelt two ways: British and American spellings, and a compound written closed or open.

A rewording "in British English" writes "kilometres", "colour", "organised", "travelled", "catalogue" where
the problem wrote "kilometers", "color", "organized", "traveled", "catalog": the same words, so nothing was
lost or renamed. The differences are a handful of spelling *rules*, not a list of words (the Oxford and
Merriam-Webster conventions):

- ``-our`` / ``-or`` (colour, neighbour, favourite): the British ``-our`` after at least two letters;
- ``-re`` / ``-er`` (centre, metre, kilometres, theatre): a consonant before the ending;
- ``-ise`` / ``-ize``, ``-isation`` / ``-ization``, ``-yse`` / ``-yze`` (organised, analysing);
- a doubled ``l`` before an ending (travelled, jeweller, cancelling) where American English writes one;
- ``-ogue`` / ``-og`` (catalogue, dialogue).

:func:`american` gives the American forms a word may be the British spelling of (none for most words);
:func:`spelling_variants` says whether two words are one word spelt two ways. A rule applied blindly also
maps "tour" to "tor" (a hill), so a caller with WordNet (:class:`~paraqd.analysis.lexicon.Lexicon`) passes
``known``: the variant then counts only when the American form is a word WordNet knows and the British form
is either unknown to it or shares a sense with it. Without WordNet the rules alone decide, on words of at
least :data:`MIN_LENGTH` letters.

:func:`closed_compound` says whether a word is two adjacent words of the other text written as one
("sky diving" -> "skydiving", "book store" -> "bookstore", "t shirt" -> "tshirt").
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

#: the shortest word the rules apply to (without WordNet to confirm them): "tour", "hour" and "four" end in
#: ``-our`` without being British spellings of anything
MIN_LENGTH = 5

_VOWELS = "aeiouy"
_ENDINGS = ("", "s", "es", "ed", "d", "ing", "er", "ers", "ation", "ations", "ite", "ites", "able", "ful",
            "al", "ally")


def _split(word: str) -> list[tuple[str, str]]:
    """``(stem, inflection)`` for each inflectional or derivational ending ``word`` may carry."""
    return [(word[:len(word) - len(e)] if e else word, e) for e in _ENDINGS
            if word.endswith(e) and len(word) - len(e) >= 3]


def _rules(stem: str, ending: str) -> list[str]:
    """The American spellings of a British ``stem`` (before ``ending``), by the rules of the module."""
    out = []
    if stem.endswith("our") and len(stem) >= 5:
        out.append(stem[:-3] + "or")  # colour -> color (not "tour": 4 letters)
    if stem.endswith("re") and len(stem) >= 4 and stem[-3] not in _VOWELS + "c":
        out.append(stem[:-2] + "er")  # centre -> center, metre -> meter
    for british, us in (("isation", "ization"), ("ise", "ize"), ("yse", "yze"), ("is", "iz"), ("ys", "yz")):
        if stem.endswith(british) and len(stem) > len(british) + 2:
            out.append(stem[:-len(british)] + us)  # organis(ed) -> organiz(ed), analys(ing) -> analyz(ing)
            break
    if ending[:1] in ("e", "i") and stem.endswith("ll") and len(stem) >= 5 and stem[-3] in _VOWELS:
        out.append(stem[:-1])  # travell(ed) -> travel(ed), jewell(er) -> jewel(er)
    if stem.endswith("ogue") and len(stem) >= 6:
        out.append(stem[:-2])  # catalogue -> catalog
    return out


def american(word: str) -> set[str]:
    """The American spellings ``word`` may be the British spelling of, by rule (lower case; empty for a
    word no rule applies to); an ending is kept as it is ("kilometres" -> "kilometers")."""
    word = word.strip().lower()
    if len(word) < 4 or not word.isalpha():
        return set()
    found = set()
    for stem, ending in _split(word):
        for us in _rules(stem, ending):
            found.add(us + ending)
    found.discard(word)
    return found


def spelling_variants(a: str, b: str, known: Callable[[str], bool] | None = None) -> bool:
    """Whether ``a`` and ``b`` are one word spelt the British and the American way (either order, case
    ignored). ``known(word)``: whether a dictionary (WordNet) knows the word; with it, the American form must
    be known (the rules alone map "tour" to "tor"); without it, both words need :data:`MIN_LENGTH` letters."""
    a, b = a.strip().lower(), b.strip().lower()
    if a == b or not a or not b:
        return False
    for british, us in ((a, b), (b, a)):
        if us in american(british):
            if known is not None:
                return known(us)
            return len(british) >= MIN_LENGTH and len(us) >= MIN_LENGTH
    return False


def closed_compound(word: str, words: Sequence[str]) -> bool:
    """Whether ``word`` is two adjacent ``words`` written as one, hyphen or not ("skydiving" for "sky",
    "diving"; "bookstore" for "book", "store"); case ignored."""
    joined = re.sub(r"[^a-z]", "", word.lower())
    if len(joined) < 4:
        return False
    low = [re.sub(r"[^a-z]", "", w.lower()) for w in words]
    return any(a and b and a + b == joined for a, b in zip(low, low[1:]))
