"""Amounts that change another: a count added on top of one said ("5 *more* plants", "*another* 3 chapters"),
and a change by an amount or to an amount ("lowers the price *by* $10" / "*to* $10").

A number marked as more of something ("*8 more* plants", "*30 more* order forms", "*another 3* chapters": the
word "more" right after it, or the determiner "another" right before it, and no "than" that would make it a
comparison) adds to a quantity of the problem. :func:`marked_added` reads the mark (closed-class words only);
:func:`added_on_top` finds, for a value the paraphrase writes more often than the question, a mention marked so
more often in the paraphrase than in the question: a new quantity added, not the same value written again
("$15 in June" -> "$15 more in June" marks a value written as often on both sides, and is no addition). A
number with a unit of its own ("20 more minutes in line") measures, it adds no count.

A number that is the object of "by" under a verb is the size of a change ("lowers the price *by* $10"); the
object of "to" under the same verb is what the change ends at ("lowers the price *to* $10").
:func:`change_by_to` pairs one value under one verb that is the one in the question and the other in the
paraphrase: another change, and another answer.
"""

from __future__ import annotations

from collections.abc import Sequence

from .document import NumberMention, QuestionDoc
from .measures import unit_of
from .values import compared_numbers, value_key

#: the prepositions that say how a change stands to its number: its size, or where it ends
_CHANGE_PREPS = frozenset({"by", "to"})
#: determiners that make a number name things already introduced ("the two of them", "those 4")
_DEFINITE = frozenset({"the", "these", "those"})
#: how far "than" may follow "more" and still make the number a comparison ("3 more apples than Tom")
_THAN_WINDOW = 5


def marked_added(doc: QuestionDoc, number: NumberMention) -> bool:
    """Whether ``number`` is a cardinal marked as more of something ("8 more plants", "another 3"), not a
    comparison ("3 more than", "2 more apples than Tom") and with no unit of its own ("20 more minutes")."""
    span = doc.span(number)
    if span is None or number.kind != "cardinal":
        return False
    tokens = doc.doc
    after = tokens[span.end] if span.end < len(tokens) else None
    before = tokens[span.start - 1] if span.start > 0 else None
    if after is not None and after.lower_ == "more":
        window = tokens[after.i + 1:after.i + 1 + _THAN_WINDOW]
        if any(t.lower_ == "than" for t in window):
            return False
    elif before is None or before.lower_ != "another":
        return False
    if unit_of(doc, number) is not None:
        return False
    units = {u.start for u in doc.units}  # "20 more minutes": the unit stands past "more", unread as the number's
    return not any(t.idx in units for t in (span[-1].head, *tokens[span.end:span.end + 2]))


def added_on_top(question: QuestionDoc, paraphrase: QuestionDoc, q_mentions: Sequence[NumberMention],
                 p_mentions: Sequence[NumberMention]) -> NumberMention | None:
    """The mention of a value the paraphrase writes more often than the question that is marked as more of
    something (:func:`marked_added`) where the question marks fewer of its mentions so, and every mention of
    the question is still written unmarked in the paraphrase (not counting a mention that names things already
    introduced: "2 *more* puzzles ... *the two* of them" writes the question's "2 puzzles" once, marked), or
    ``None``."""
    if len(p_mentions) <= len(q_mentions):
        return None
    marked = [m for m in p_mentions if marked_added(paraphrase, m)]
    q_marked = sum(marked_added(question, m) for m in q_mentions)
    if len(marked) <= q_marked:
        return None
    unmarked = [m for m in p_mentions if not marked_added(paraphrase, m) and not _points_back(paraphrase, m)]
    if len(unmarked) < len(q_mentions) - q_marked:
        return None
    return marked[-1]


def _points_back(doc: QuestionDoc, number: NumberMention) -> bool:
    """Whether ``number`` stands right after a definite determiner ("the two of them", "those 4")."""
    span = doc.span(number)
    return span is not None and span.start > 0 and doc.doc[span.start - 1].lower_ in _DEFINITE


def _change_of(doc: QuestionDoc, number: NumberMention) -> tuple[str, str] | None:
    """``(verb lemma, preposition)`` when ``number`` (or the noun or symbol it counts: "by 300 liters", "by
    $10") is the object of "by" or "to" attached to a verb, else ``None``."""
    prep = _change_prep(doc, number)
    return (prep.head.lemma_.lower(), prep.lower_) if prep is not None else None


def _change_prep(doc: QuestionDoc, number: NumberMention):
    """The token "by" or "to" whose object ``number`` is (see :func:`_change_of`), under a verb, or ``None``."""
    span = doc.span(number)
    if span is None:
        return None
    tok = span[-1]
    if tok.dep_ in ("nummod", "quantmod", "compound") and tok.head.dep_ == "pobj":
        tok = tok.head
    prep = tok.head
    if tok.dep_ != "pobj" or prep.lower_ not in _CHANGE_PREPS or prep.head.pos_ != "VERB":
        return None
    if prep.lower_ == "to" and any(c.dep_ == "prep" and c.lower_ == "from" for c in prep.head.children):
        return None  # "from 30 to 60": the ends of a change, both said
    return prep


def change_by_to(question: QuestionDoc, paraphrase: QuestionDoc) -> list[tuple[NumberMention, NumberMention]]:
    """``(question mention, paraphrase mention)`` of one value that is the object of "by" under a verb in one
    text and of "to" under the same verb in the other, the other preposition never taking the value under that
    verb there (:func:`_change_of`)."""
    def changes(doc):
        found = {}
        for m in compared_numbers(doc):
            change = _change_of(doc, m)
            if change is not None:
                found.setdefault((value_key(m), *change), m)
        return found

    q_changes = changes(question)
    if not q_changes:
        return []
    p_changes = changes(paraphrase)
    pairs = []
    for (key, verb, prep), q_m in q_changes.items():
        other = "to" if prep == "by" else "by"
        p_m = p_changes.get((key, verb, other))
        if p_m is not None and (key, verb, prep) not in p_changes and (key, verb, other) not in q_changes:
            pairs.append((q_m, p_m))
    return pairs


def marked_words(doc: QuestionDoc, mention: NumberMention) -> str:
    """The number with the word that marks it as more of something ("8 more", "another 3")."""
    before = doc.text[:mention.start].rstrip()
    if before.lower().endswith("another"):
        return f"another {mention.text}"
    return f"{mention.text} more"


def change_word(doc: QuestionDoc, mention: NumberMention) -> str:
    """The preposition before ``mention`` ("by" or "to") and the verb it hangs on, as written."""
    prep = _change_prep(doc, mention)
    return f'"{prep.lower_}" (after "{prep.head.text}")' if prep is not None else '"by" or "to"'
