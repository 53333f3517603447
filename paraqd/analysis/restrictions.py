"""Which items a number counts, compared across a pair: a restriction on a quantity changed.

A number of a word problem may count only some of a set's items, and the words that say which are part of the
quantity: "*all but* 16 of the cards" (the set less 16), "*only* 16 of the cards" (16 of them), "*the first*
two books" (the earliest two), "the amount *exceeding* $100" (what lies above 100), "*every second* ride" (one
in two). :func:`restrictions` reads that restriction once per number of a text; :func:`changed_restrictions`
compares it on the same number across the pair, where a restriction said one way in the question is said as
another that picks other items in the paraphrase:

* "all but 16 of the cards" <-> "only 16 of the cards" (the complement against the part; not when the "only"
  clause counts what is left over, "only 16 were left unused", the same items);
* "the amount exceeding $100" <-> "the first $100" (what lies above the number against what lies below it);
* "the first two were 25% off" -> "all of them are 25% off" (the paraphrase names no first items at all and
  says "all").

A restriction said the same way in other words is the same restriction: "all but one" = "all except one" =
"every one except one"; "only" = "just" = "merely"; "the first" = "the initial". "Only" or "just" on a number the
question states exactly is emphasis and reads as no change ("she has 3 left" -> "she has only 3 left"). An
exclusion the paraphrase adds where the question has none is :mod:`.exclusions`'.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from .document import Mention, QuestionDoc
from .terms import cached, token_mention, tokens_mention

if TYPE_CHECKING:
    from .pair import QuestionPair

ALL_BUT, ONLY, FIRST, EXCESS = "all but", "only", "first", "excess"
#: restrictions that pick other items on the same number
_OPPOSED = {ALL_BUT: ONLY, ONLY: ALL_BUT, FIRST: EXCESS, EXCESS: FIRST}
_WORDS = {ALL_BUT: "all but that many", ONLY: "only that many", FIRST: "the first ones", EXCESS: "what lies above it"}
_ALLISH = frozenset({"all", "every", "everything", "everyone", "everybody", "each", "whole", "entire"})
_BUT = frozenset({"but", "except", "excepting", "excluding", "save"})
_ONLY = frozenset({"only", "just", "merely", "solely"})
_FIRSTS = frozenset({"first", "initial"})
_ABOVE = (("exceeding",), ("in", "excess", "of"), ("over",), ("above",), ("beyond",), ("more", "than"))
#: what "over $100" bears on when it is a part of an amount, not a threshold ("orders over $100")
_PART = frozenset({"amount", "part", "portion", "excess", "anything", "whatever", "money", "sum", "spending"})
#: words of a clause that count what is left over: "only 16 were left unused" is the complement again
_LEFT_OVER = frozenset({"left", "unused", "remain", "remaining", "spare", "over", "not", "n't", "never", "no"})


@dataclass(frozen=True)
class Restriction:
    """The items a number counts: ``kind`` (:data:`ALL_BUT`, :data:`ONLY`, :data:`FIRST`, :data:`EXCESS`),
    the number's ``value`` and the restriction's words with the number (``words``)."""

    kind: str
    value: float
    words: Mention


def _before(sent, i: int, phrase: tuple[str, ...]) -> bool:
    """Whether ``phrase`` ends just before token ``i`` of ``sent`` (a "$" or "the" in between is skipped)."""
    j = i
    while j > 0 and sent[j - 1].text in ("$", "the", "a", "Rs", "Rs."):
        j -= 1
    return j >= len(phrase) and tuple(t.lower_ for t in sent[j - len(phrase):j]) == phrase


def _read(doc: QuestionDoc, number) -> Restriction | None:
    span = doc.span(number)
    if span is None:
        return None
    sent, first = span.sent, span[0]
    i = first.i - sent.start
    words = [t.lower_ for t in sent]
    before = words[max(0, i - 4):i]
    start = None
    if i >= 2 and words[i - 1] in _BUT and words[i - 2] in _ALLISH | {"one"}:
        kind, start = ALL_BUT, sent[i - 2]  # "all but 16", "everyone except 2", "every one except one"
    elif i >= 1 and words[i - 1] in _BUT and any(w in _ALLISH for w in words[max(0, i - 6):i - 1]):
        kind, start = ALL_BUT, sent[i - 1]  # "all the cards except 16"
    elif before[-1:] and before[-1] in _ONLY or words[i - 2:i] == ["only", "the"]:
        kind, start = ONLY, sent[i - 1 if words[i - 1] in _ONLY else i - 2]
    elif any(_before(sent, i, (w,)) for w in _FIRSTS):
        kind, start = FIRST, next(t for t in reversed(sent[:i]) if t.lower_ in _FIRSTS)
    else:
        above = next((p for p in _ABOVE if _before(sent, i, p)), None)
        if above is None or not any(w in _PART for w in words[max(0, i - len(above) - 4):i]):
            return None
        kind, start = EXCESS, next(t for t in reversed(sent[:i]) if t.lower_ == above[0])
    return Restriction(kind, number.rounded, tokens_mention(doc, start, span[-1]))


def restrictions(doc: QuestionDoc) -> list[Restriction]:
    """The restriction of every number of ``doc`` that has one (once per document)."""
    if doc.doc is None:
        return []
    return cached(doc, "paraqd.restrictions", lambda d: [r for n in d.numbers if (r := _read(d, n)) is not None])


@dataclass(frozen=True)
class RestrictionChange:
    """The question's restriction on a number (``old``) said as one that picks other items in the paraphrase
    (``new``, the words of the paraphrase)."""

    old: Restriction
    new: Mention
    #: how the paraphrase's words read
    reads: str

    @property
    def was(self) -> str:
        """How the question's restriction reads."""
        return _WORDS[self.old.kind]


def _leaves_over(doc: QuestionDoc, words: Mention) -> bool:
    span = doc.span(words)
    return span is not None and any(t.lower_ in _LEFT_OVER or t.lemma_ in _LEFT_OVER for t in span.sent)


def changed_restrictions(pair: QuestionPair) -> list[RestrictionChange]:
    """The question's restrictions said as the opposed restriction on the same number in the paraphrase, and
    never as the same one ("all but 16" -> "only 16", "exceeding $100" -> "the first $100"), and the question's
    "the first N" where the paraphrase names no first items and says "all"."""
    q_found, p_found = restrictions(pair.question), restrictions(pair.paraphrase)
    changes = []
    for old in q_found:
        same = [r for r in p_found if r.value == old.value]
        if any(r.kind == old.kind for r in same):
            continue
        other = next((r for r in same if r.kind == _OPPOSED[old.kind]), None)
        if other is not None:
            only = other.words if other.kind == ONLY else old.words if old.kind == ONLY else None
            side = pair.paraphrase if other.kind == ONLY else pair.question
            if only is None or not _leaves_over(side, only):
                changes.append(RestrictionChange(old, other.words, _WORDS[other.kind]))
        elif old.kind == FIRST and pair.paraphrase.doc is not None \
                and not any(t.lower_ in _FIRSTS | {"earliest", "opening"} for t in pair.paraphrase.doc):
            every = _all_on_same_statement(pair, old)
            if every is not None:
                changes.append(RestrictionChange(old, every, "all of them"))
    return changes


def _sentence_values(doc: QuestionDoc, sent) -> set[float]:
    return {n.rounded for n in doc.numbers if sent.start_char <= n.start < sent.end_char}


def _all_on_same_statement(pair: QuestionPair, old: Restriction):
    """The paraphrase's "all" / "every" in a sentence that states another number of the question's "the first
    N" sentence ("the first two were 25% off" -> "all of them are 25% off"), or ``None``."""
    span = pair.question.span(old.words)
    if span is None:
        return None
    values = _sentence_values(pair.question, span.sent) - {old.value}
    # "pages 1 to 10" is the first 10 pages said as a range
    doc = pair.paraphrase.doc
    if any(t.text == "1" and t.i + 2 < len(doc) and doc[t.i + 1].lower_ in ("to", "through", "-", "thru")
           and doc[t.i + 2].like_num for t in doc):
        return None
    for word in ("all", "every"):
        for tok in doc:
            # "every remaining page", "all the other pages": the items after the first ones, no change
            after = {t.lower_ for t in doc[tok.i + 1:tok.i + 4]}
            if tok.lower_ == word and values & _sentence_values(pair.paraphrase, tok.sent) \
                    and not after & {"remaining", "other", "others", "rest", "next", "later", "following"} \
                    and not tok.sent.text.rstrip().endswith("?") \
                    and not (tok.i > 0 and tok.nbor(-1).lower_ in ("in", "at", "after")):  # "in all", "at all"
                return token_mention(tok)
    return None
