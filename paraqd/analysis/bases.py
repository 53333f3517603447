"""The whole a part is taken of: "1/5 *of the original $240*", "a quarter *of the money he had left*".

A fraction or a percentage of a problem is a part of some whole, and which whole is information: a quarter of
what was left after lunch is not a quarter of what he started with, and 1/5 of the original $240 is not 1/5 of
his share. :func:`changed_bases` aligns the fractions and percentages of a pair by value (each value written as
often in both texts) and reads the phrase of each after its "of" (the *base*). The base changed when

- its aggregate changed (:data:`~paraqd.analysis.asked_quantity.CONFLICTS`, read as in an asking clause:
  "the money he had *left*" -> "the money he *started* with"; "original" and "start with" say the start), or
- the question's base was a stated number ("the original *$240*") and the paraphrase's, without a number, names
  a thing the question's sentence speaks of apart from that base ("... of *his share*", where the question
  said "from his share ..., 1/5 of the original $240"): the question kept the two apart.

Rewordings that keep the whole ("half of the remaining apples" -> "half of what was left", "20% of $50" ->
"20% of the $50") change neither.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from typing import TYPE_CHECKING

from .asked_quantity import CONFLICTS, INITIAL, aggregate_of
from .document import Mention, NumberMention, QuestionDoc
from .terms import token_mention

if TYPE_CHECKING:
    from .pair import QuestionPair

#: words that say the start of a story besides the asking clause's ("the *original* price", "what he *started*
#: with"); closed class of the aggregate "initial"
_START_WORDS = frozenset({"original", "initial"})
_START_VERBS = frozenset({"start", "begin"})


@dataclass(frozen=True)
class BaseChange:
    """A fraction or percentage ``number`` of the question taken of another whole in the paraphrase: the
    question's base ``old`` and the paraphrase's ``new``, each the word that says how (an aggregate word, or
    the stated number and the thing named instead)."""

    number: NumberMention
    old: Mention
    new: Mention
    why: str


def _base(doc: QuestionDoc, number: NumberMention) -> list | None:
    """The tokens of the phrase after ``number``'s "of" ("a quarter *of the money he had left*")."""
    span = doc.span(number)
    if span is None:
        return None
    of = next((c for c in span[-1].children if c.dep_ == "prep" and c.lower_ == "of"), None)
    obj = None if of is None else next((g for g in of.children if g.dep_ == "pobj"), None)
    return None if obj is None else list(obj.subtree)


def _aggregates(tokens) -> dict[str, object]:
    found = {}
    for tok in tokens:
        start = tok.lower_ in _START_WORDS or ((tok.lemma_ or "").lower() in _START_VERBS and tok.pos_ == "VERB")
        kind = INITIAL if start else aggregate_of(tok)
        if kind is not None:
            found.setdefault(kind, tok)
    return found


def _aligned_parts(pair: QuestionPair):
    """Fractions and percentages aligned by value, for each value written as often in both texts."""
    q_by, p_by = defaultdict(list), defaultdict(list)
    for doc, by in ((pair.question, q_by), (pair.paraphrase, p_by)):
        for n in doc.numbers:
            if n.kind == "percent" or 0 < n.value < 1:
                by[(n.kind == "percent", n.rounded)].append(n)
    for key, q_numbers in q_by.items():
        if len(p_by.get(key, ())) == len(q_numbers):
            yield from zip(q_numbers, p_by[key])


def changed_bases(pair: QuestionPair) -> list[BaseChange]:
    """The fractions and percentages of the question taken of another whole in the paraphrase (module
    docstring)."""
    question, paraphrase = pair.question, pair.paraphrase
    found = []
    for q_num, p_num in _aligned_parts(pair):
        q_base, p_base = _base(question, q_num), _base(paraphrase, p_num)
        if not q_base or not p_base:
            continue
        q_agg, p_agg = _aggregates(q_base), _aggregates(p_base)
        clash = next(((a, b) for a in q_agg for b in p_agg
                      if a not in p_agg and b not in q_agg and frozenset((a, b)) in CONFLICTS), None)
        if clash is not None:
            found.append(BaseChange(q_num, token_mention(q_agg[clash[0]]), token_mention(p_agg[clash[1]]),
                                    "aggregate"))
            continue
        stated = next((t for t in q_base if t.like_num or t.pos_ == "NUM"), None)
        head = next((t for t in p_base if t.head not in p_base or t.head.i == t.i), None)
        if stated is None or head is None or any(t.like_num or t.pos_ == "NUM" for t in p_base):
            continue
        noun = (head.lemma_ or head.text).lower()
        q_base_words = {(t.lemma_ or t.text).lower() for t in q_base}
        sentence = q_base[0].sent  # kept apart in the same sentence ("From his share, ... 1/5 of the original $240")
        elsewhere = {(t.lemma_ or t.text).lower() for t in sentence if t.pos_ == "NOUN" and t not in q_base}
        if head.pos_ == "NOUN" and noun not in q_base_words and noun in elsewhere:
            found.append(BaseChange(q_num, token_mention(stated), token_mention(head), "named"))
    return found
