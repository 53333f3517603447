"""Comparisons: a factor ("3 times as many", "twice as much") is not a difference ("3 more than").

"Ann has 3 times as many stamps as Ben" and "Ann has 3 more stamps than Ben" keep the number 3, the nouns
and the relation word "more", yet one multiplies and the other adds. A number that compares two quantities
does it one of two ways:

- a **factor**: a multiplier word ("twice", "triple", "double", "half as"), or a number followed by "times"
  ("3 times as many", "3 times more than"), or by "as many/much/long ... as";
- a **difference**: a number followed, within a few words of its sentence, by a comparative ("more",
  "fewer", "less", "older", "taller": the tagger's JJR/RBR) that a "than" completes ("3 more than", "5 years
  older than"), with no "times" between.

:class:`ComparisonCheck` reads each compared value's ways on both sides and reports a value that compared as
a factor in the question and as a difference in the paraphrase, or the other way round (critical: another
equation). The asking clause compares too: "how many *more* pages ... than" asks for a difference, "how many
*times* as many pages" for a factor. A rewording that keeps the way ("three times as many" -> "triple the
number") passes.
"""

from __future__ import annotations

from collections import Counter, defaultdict

from ..analysis.document import Mention, NumberMention, QuestionDoc
from .base import Check
from .findings import Finding, Severity
from .numbers import compared_numbers, value_key

FACTOR, DIFFERENCE = "factor", "difference"
#: how many tokens after a number its comparative may stand ("3 *more* than", "5 years *older* than", "3 more
#: red pens than")
_REACH = 4
_THAN_REACH = 8


def comparisons(doc: QuestionDoc) -> list[tuple[tuple[str, float], str, Mention]]:
    """``(value key, FACTOR or DIFFERENCE, the words that say it)`` for every number of ``doc`` that
    compares, in order."""
    found = []
    for number in compared_numbers(doc):
        way = _way(doc, number)
        if way is not None:
            found.append((value_key(number), *way))
    asked = _asked_way(doc)
    if asked is not None:
        found.append((ASKED, *asked))
    return found


#: the key of the way the question itself compares ("how many *more* ... than", "how many *times* as")
ASKED = ("asked", 0.0)


def _asked_way(doc: QuestionDoc) -> tuple[str, Mention] | None:
    """How the asking clause compares: "how many times as many" asks for a factor, "how many more ... than"
    for a difference; ``None`` when it compares nothing."""
    from .question import find_ask

    ask = find_ask(doc)
    if ask is None:
        return None
    clause = ask.clause or ask.sentence
    span = doc.doc.char_span(clause.start, clause.end, alignment_mode="expand")
    if span is None:
        return None
    toks = list(span)
    for i, tok in enumerate(toks[:-2]):
        if tok.lower_ != "how" or toks[i + 1].lower_ not in ("many", "much"):
            continue
        nxt = toks[i + 2]
        if nxt.lower_ == "times":
            return FACTOR, _mention(doc, tok.idx, nxt.idx + len(nxt.text))
        if nxt.tag_ in ("JJR", "RBR") and any(t.lower_ == "than" for t in toks[i + 3:]):
            return DIFFERENCE, _mention(doc, tok.idx, nxt.idx + len(nxt.text))
    return None


def _way(doc: QuestionDoc, number: NumberMention) -> tuple[str, Mention] | None:
    span = doc.doc.char_span(number.start, number.end, alignment_mode="expand")
    if span is None or len(span) == 0:
        return None
    sent_end = span.sent.end
    after = list(doc.doc[span.end:min(span.end + _THAN_REACH, sent_end)])
    words = [t.lower_ for t in after]
    if number.kind == "multiplier" or words[:1] == ["times"] or (
            words[:1] == ["as"] and len(words) > 1 and words[1] in ("many", "much", "long", "far", "old", "big")):
        end = after[0] if words[:1] in (["times"], ["as"]) else span[-1]
        return FACTOR, _mention(doc, number.start, end.idx + len(end.text))
    if number.kind in ("percent", "ordinal"):
        return None  # "20% more than" is a factor written as a percentage: the number check's kind
    for i, tok in enumerate(after[:_REACH]):
        if tok.lower_ == "times" or tok.is_punct:
            return None
        if tok.tag_ in ("JJR", "RBR") and "than" in words[i + 1:]:
            return DIFFERENCE, _mention(doc, number.start, tok.idx + len(tok.text))
    return None


def _mention(doc: QuestionDoc, start: int, end: int) -> Mention:
    return Mention(start, end, doc.text[start:end])


class ComparisonCheck(Check):
    """Reports a compared value that changed from a factor to a difference or back (critical)."""

    name = "comparison"

    def compare(self, question: QuestionDoc, paraphrase: QuestionDoc) -> list[Finding]:
        q_ways, p_ways = comparisons(question), comparisons(paraphrase)
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
                    "comparison_changed",
                    f'"{q_mention.text}" ({_says(way)}) became "{p_mention.text}" ({_says(other)})',
                    Severity.CRITICAL, (q_mention,), (p_mention,),
                ))
                q_count[(key, way)] -= 1
                p_count[(key, other)] -= 1
        return findings


def _says(way: str) -> str:
    return "a factor: it multiplies" if way == FACTOR else "a difference: it adds or subtracts"
