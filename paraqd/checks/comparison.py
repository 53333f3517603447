"""Comparisons: a factor ("3 times as many", "twice as much") is not a difference ("3 more than").

"Ann has 3 times as many stamps as Ben" and "Ann has 3 more stamps than Ben" keep the number 3, the nouns
and the relation word "more", yet one multiplies and the other adds. :class:`ComparisonCheck` reads each
compared value's way on both sides (:func:`paraqd.analysis.compared.comparisons`: a factor, "twice",
"3 times as many", "half as long as"; or a difference, "3 more ... than", "5 years older than"; and the way
the asking clause compares, "how many *more* ... than" or "how many *times* as many"; a number that adds with
no "than", "and 9 *more* daisies", :func:`~paraqd.analysis.compared.additions`, counts as a difference) and
reports a value
that compared as a factor in the question and as a difference in the paraphrase, or the other way round
(critical: another equation). A rewording that keeps the way ("three times as many" -> "triple the number")
passes. A counted value said as a difference with "than" in one text ("9 *more* laps than Lena") and as an
amount of the same counted thing that compares nothing in the other ("9 laps, more than Lena";
:func:`~paraqd.analysis.compared.counted_amounts`) is on the other side of the comparison: the same finding,
either way round; "9 extra laps" (a word the difference lacks) or "by 9 laps" is not read as an amount.
"""

from __future__ import annotations

from collections import Counter, defaultdict

from ..analysis.compared import (
    DIFFERENCE,
    FACTOR,
    additions,
    comparisons,
    counted_amounts,
    counted_differences,
    than_phrases,
    than_side,
)
from ..analysis.document import Mention
from ..analysis.pair import QuestionPair
from .base import Check
from .findings import Finding, Severity
from .kinds import FindingKind


class ComparisonCheck(Check):
    """Reports a compared value (or the question) that changed from a factor to a difference or back
    (critical)."""

    name = "comparison"

    def compare(self, pair: QuestionPair) -> list[Finding]:
        # a factor has no unit: "twice the cost" -> "$2 more than the cost" compares the value 2 both times
        # a number that adds with no "than" ("9 more daisies") is a difference too, for a factor it became
        q_ways = [(_value(key), way, m) for key, way, m in (*comparisons(pair.question), *additions(pair.question))]
        p_ways = [(_value(key), way, m) for key, way, m in (*comparisons(pair.paraphrase),
                                                            *additions(pair.paraphrase))]
        findings = _sides_changed(pair)
        if not q_ways or not p_ways:
            return findings
        q_count = Counter((key, way) for key, way, _ in q_ways)
        p_count = Counter((key, way) for key, way, _ in p_ways)
        p_said: dict[tuple, list[Mention]] = defaultdict(list)
        for key, way, mention in p_ways:
            p_said[(key, way)].append(mention)
        for key, way, q_mention in q_ways:
            other = DIFFERENCE if way == FACTOR else FACTOR
            if q_count[(key, way)] > p_count[(key, way)] and p_count[(key, other)] > q_count[(key, other)]:
                p_mention = p_said[(key, other)][0]
                findings.append(Finding(
                    FindingKind.COMPARISON_CHANGED,
                    f'"{q_mention.text}" ({_says(way)}) became "{p_mention.text}" ({_says(other)})',
                    Severity.CRITICAL, (q_mention,), (p_mention,),
                ))
                q_count[(key, way)] -= 1
                p_count[(key, other)] -= 1
        return findings


def _sides_changed(pair: QuestionPair) -> list[Finding]:
    """A counted value said as a difference with "than" in one text ("9 *more* laps than Lena") and, counting
    the same thing with no other modifier, as an amount that compares nothing in the other ("9 laps, more than
    Lena"), or back: the quantity moved to the other side of the comparison (critical)."""
    findings = []
    for diff_doc, amount_doc, forward in ((pair.question, pair.paraphrase, True),
                                          (pair.paraphrase, pair.question, False)):
        differences = counted_differences(diff_doc)
        if not differences:
            continue
        amounts = counted_amounts(amount_doc)
        said = Counter((_value(k), noun) for k, noun, _m, _w in amounts)
        own = Counter((_value(k), noun) for k, noun, _m, _w in counted_amounts(diff_doc))
        other = Counter((_value(k), noun) for k, noun, _m, _w in counted_differences(amount_doc))
        for key, noun, d_mention, d_words in differences:
            item = (_value(key), noun)
            a_mention = next((m for k, n, m, w in amounts if (_value(k), n) == item and w <= d_words), None)
            if a_mention is None or said[item] <= own[item] or other[item] or _side_named(
                    amount_doc, a_mention, than_side(diff_doc, d_mention) - {noun}):
                continue
            old, new = (d_mention, a_mention) if forward else (a_mention, d_mention)
            ways = (DIFFERENCE, _AMOUNT) if forward else (_AMOUNT, DIFFERENCE)
            findings.append(Finding(
                FindingKind.COMPARISON_CHANGED, f'"{old.text}" ({_says(ways[0])}) became "{new.text}" ({_says(ways[1])})',
                Severity.CRITICAL, (old,), (new,),
            ))
    return findings


_AMOUNT = "amount"


def _side_named(doc, mention: Mention, side: set[str]) -> bool:
    """Whether the sentence of the amount at ``mention`` names the comparison's other side outside a "than"
    phrase ("5 jewels in excess of half of *Raymond's*", "5 years on *Jackson*"): a comparison said in other
    words may hold the number; one kept in a "than" phrase with no number ("9 laps, more than *Lena*") does
    not."""
    span = doc.span(mention)
    if span is None or not side:
        return span is None
    inside = than_phrases(span.sent)
    return any((t.lemma_ or t.text).lower() in side for t in span.sent if t.i not in inside)


def _value(key: tuple[str, float]) -> tuple[str, float]:
    """A compared value without its kind (money, plain), a percentage kept apart (20% is not 20)."""
    return key if key[0] in ("percent", "asked") else ("value", key[1])


def _says(way: str) -> str:
    if way == _AMOUNT:
        return "an amount: it compares nothing"
    return "a factor: it multiplies" if way == FACTOR else "a difference: it adds or subtracts"
