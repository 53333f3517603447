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
passes.
"""

from __future__ import annotations

from collections import Counter, defaultdict

from ..analysis.compared import DIFFERENCE, FACTOR, additions, comparisons
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
        if not q_ways or not p_ways:
            return []
        q_count = Counter((key, way) for key, way, _ in q_ways)
        p_count = Counter((key, way) for key, way, _ in p_ways)
        p_said: dict[tuple, list[Mention]] = defaultdict(list)
        for key, way, mention in p_ways:
            p_said[(key, way)].append(mention)
        findings = []
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


def _value(key: tuple[str, float]) -> tuple[str, float]:
    """A compared value without its kind (money, plain), a percentage kept apart (20% is not 20)."""
    return key if key[0] in ("percent", "asked") else ("value", key[1])


def _says(way: str) -> str:
    return "a factor: it multiplies" if way == FACTOR else "a difference: it adds or subtracts"
