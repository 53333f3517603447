"""The present of a problem moved to an event of its story (issue 24).

A problem's "now" comes after the events it tells as past and before the ones it tells as future: "I added
them to my tank. The tank has 20 fish right now" counts the fish after they were added; "When Diane turns 30,
she will be half Alex's age ... What is the sum of their ages now?" asks before Diane turns 30. A rewording
that ties the same number or question to one of those events instead asks another problem:

* a number the question holds at the present ("right now", "currently", "today") written in the paraphrase
  *before* an event both texts tell in the past ("If the tank has 20 fish right now" -> "If the tank had 20
  fish before I added them"), with no present named in the paraphrase's sentence of the number;
* the question asking about the present, the paraphrase asking "when" (or "once", "by the time") a future
  event of the question's story happens ("What is the sum of their ages now?" -> "What will the sum be when
  Diane turns 30?"), the event written in the question as a time its story looks ahead to;
* a number the question holds at the present written in the paraphrase at the end of a numbered period
  ("Jessie currently weighs 9 kg ... lost 6 kg in the first week and 4 in the second week" -> "Jessie weighed
  9 kg at the end of her first week"), while the question's story goes on to a later one.

The time points are read by :mod:`paraqd.analysis.time_anchors`.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from .asked import asking_clause
from .document import Mention
from .time_anchors import (
    TimeMove,
    TimePoint,
    anchor_of,
    clause_head,
    numbers_in_both,
    sentence_of,
    time_points,
)

if TYPE_CHECKING:
    from .document import QuestionDoc
    from .pair import QuestionPair

__all__ = ["moved_to_events"]


def _present(points: list[TimePoint]) -> list[TimePoint]:
    return [p for p in points if p.offset == 0 and not p.story]


def _past_event_before(doc: QuestionDoc, start: int, end: int, story: set[str]) -> Mention | None:
    """The words "before <a past event>" of the clause of ``doc.text[start:end]``: a "before" that opens a
    clause whose verb is in the past tense, a verb of ``story`` (lemmas), hanging on the number's own verb."""
    head = clause_head(doc, start, end)
    sentence = sentence_of(doc, start)
    if head is None or sentence is None:
        return None
    for token in doc.doc:
        if not (sentence.start <= token.idx < sentence.end) or token.lower_ != "before" or token.dep_ != "mark":
            continue
        verb = token.head
        if verb.tag_ == "VBD" and verb.head.i == head and verb.lemma_.lower() in story:
            last = max(t.idx + len(t.text) for t in verb.subtree)
            return Mention(token.idx, last, doc.text[token.idx:last])
    return None


def _number_before_events(pair: QuestionPair, q_points, p_points) -> list[TimeMove]:
    question, paraphrase = pair.question, pair.paraphrase
    story = {t.lemma_.lower() for t in question.doc if t.pos_ == "VERB" and t.tag_ == "VBD"}
    found = []
    for q_n, p_n in numbers_in_both(pair):
        q_at = anchor_of(question, q_n.start, q_n.end, q_points)
        if q_at is None or q_at.offset != 0 or q_at.story:
            continue
        q_sentence, p_sentence = sentence_of(question, q_n.start), sentence_of(paraphrase, p_n.start)
        if q_sentence is None or p_sentence is None or re.search(r"\bbefore\b", q_sentence.text, re.IGNORECASE):
            continue
        if any(p_sentence.start <= p.mention.start < p_sentence.end for p in _present(p_points)):
            continue
        before = _past_event_before(paraphrase, p_n.start, p_n.end, story)
        if before is not None:
            found.append(TimeMove((q_at.mention,), (before,),
                                  f'{q_n.text} is at "{q_at.mention.text}" in the question but '
                                  f'"{before.text}" in the paraphrase, before an event the story tells as past'))
    return found


_ORDINALS = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth")
_ORDINAL = "|".join(_ORDINALS)
_PERIOD_END = re.compile(rf"\b(?:(?:at|by)\s+the\s+end\s+of|after)\s+(?:the|her|his|their|its|my|our)\s+"
                         rf"(?P<ord>{_ORDINAL})\s+(?P<unit>day|week|month|year)\b", re.IGNORECASE)


def _number_at_period_ends(pair: QuestionPair, q_points, p_points) -> list[TimeMove]:
    question, paraphrase = pair.question, pair.paraphrase
    found = []
    for q_n, p_n in numbers_in_both(pair):
        q_at = anchor_of(question, q_n.start, q_n.end, q_points)
        p_sentence = sentence_of(paraphrase, p_n.start)
        if q_at is None or q_at.offset != 0 or q_at.story or p_sentence is None or any(
                p_sentence.start <= p.mention.start < p_sentence.end for p in _present(p_points)):
            continue
        head = clause_head(paraphrase, p_n.start, p_n.end)
        for m in _PERIOD_END.finditer(paraphrase.text, p_sentence.start, p_sentence.end):
            if head is None or clause_head(paraphrase, m.start(), m.end()) != head:
                continue
            rank, unit = _ORDINALS.index(m.group("ord").lower()), m.group("unit").lower()
            later = [o for o in _ORDINALS[rank + 1:]
                     if re.search(rf"\b{o}\s+{unit}\b", question.text, re.IGNORECASE)]
            if later:
                said = Mention(m.start(), m.end(), m.group())
                found.append(TimeMove((q_at.mention,), (said,),
                                      f'{q_n.text} is at "{q_at.mention.text}" in the question but "{said.text}" in '
                                      f"the paraphrase, before the {later[-1]} {unit} the story goes on to"))
                break
    return found


_WHEN = re.compile(r"\b(?:when|once|by\s+the\s+time)\s+(?P<event>[^,?.;]+)", re.IGNORECASE)
_FUTURE = re.compile(r"\b(?:will|'ll|going\s+to)\b", re.IGNORECASE)


def _asked_at_events(pair: QuestionPair, q_points, p_points) -> list[TimeMove]:
    question, paraphrase = pair.question, pair.paraphrase
    q_clause, p_clause = asking_clause(question), asking_clause(paraphrase)
    if q_clause is None or p_clause is None:
        return []
    now = [p for p in _present(q_points) if q_clause.start <= p.mention.start < q_clause.end]
    if not now or any(p_clause.start <= p.mention.start < p_clause.end for p in p_points):
        return []
    when = _WHEN.search(paraphrase.text, p_clause.start, p_clause.end)
    if when is None or not _FUTURE.search(paraphrase.text, p_clause.start, p_clause.end):
        return []
    event = " ".join(when.group("event").lower().split())
    for sentence in question.sentences:
        if sentence.end <= q_clause.start and event in " ".join(sentence.text.lower().split()) \
                and _FUTURE.search(sentence.text):
            said = Mention(when.start(), when.end(), when.group())
            return [TimeMove((now[-1].mention,), (said,),
                             f'the question asks about "{now[-1].mention.text}", the paraphrase about '
                             f'"{said.text.strip()}", a time the story looks ahead to')]
    return []


def moved_to_events(pair: QuestionPair) -> list[TimeMove]:
    """The present of the question moved to an event of its story (see the module's docstring)."""
    q_points, p_points = time_points(pair.question), time_points(pair.paraphrase)
    return (_number_before_events(pair, q_points, p_points) + _asked_at_events(pair, q_points, p_points)
            + _number_at_period_ends(pair, q_points, p_points))
