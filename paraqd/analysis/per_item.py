"""Per item or in total: whether a number is said of one item or of all the items together.

"Each lamp costs $12", "3 eggs for every cake", "$4 per child", "5 posters in each classroom", "$12 each", "$4 a
child": the number is said of one item and the problem multiplies it (*distributive*). "He paid $12 for the
lamps", "3 eggs for the cakes", "5 posters across the classrooms": the number is said of all the items together
(a *total*). A rewording that turns the first into the second changes the answer, though every number, unit and
noun is still there; :func:`per_item_made_total` finds it.

- a number is said of items one by one when its clause (the verb it depends on and that verb's own arguments,
  not the clauses inside them) has a distributive word (:data:`DISTRIBUTIVE`: "each", "every", "per", "apiece")
  that determines a noun, not a unit ("each lamp", "per child"; "every day", "per hour" are rates), or when one
  follows it ("$12 each"); the items are those nouns;
- a number is a total of those items when its clause has no distributive word, no "a"/"an" rate ("3 eggs a
  cake") and ties it to the items as a plural whole: a preposition of :data:`_WHOLE_PREPOSITIONS` whose plural
  object, counted by no number of its own, is one of the items ("for the lamps", "across the classrooms", "from
  t-shirts", "among the blocks"; not "for 30 days").

A value said of items more often in the question than in the paraphrase, with a mention of it made a total of
the same items in the paraphrase, was made a total. Numbers are matched by value, so a rewording that moves the
number elsewhere, or keeps the distributive word anywhere in its clause ("paying $12 for each of the lamps",
"every classroom gets 5 posters"), keeps the problem; a plural subject with no preposition ("Lamps cost $12")
says neither and is left alone.
"""

from __future__ import annotations

from collections import defaultdict
from typing import TYPE_CHECKING, NamedTuple

from .document import Mention, NumberMention, QuestionDoc
from .measures import DISTRIBUTIVE as _QUANTIFIERS
from .measures import phrase_root
from .terms import token_lemma, token_mention

if TYPE_CHECKING:
    from .pair import QuestionPair

#: words that spread a number over the items: "each lamp", "every cake", "per child", "$3 apiece"
DISTRIBUTIVE = _QUANTIFIERS | {"apiece"}
#: prepositions whose plural object is the whole a total is said of
_WHOLE_PREPOSITIONS = frozenset({"for", "from", "among", "amongst", "across", "between", "on", "over"})
#: the dependencies that open a clause of its own: its words say nothing of the number's clause
_OWN_CLAUSE = frozenset({"relcl", "advcl", "acl", "ccomp", "xcomp", "conj", "csubj", "parataxis"})
_PLURAL_TAGS = frozenset({"NNS", "NNPS"})


class MadeTotal(NamedTuple):
    """A number said of each item in the question (``question_at``) and of all of them in the paraphrase
    (``paraphrase_at``); ``whole`` is the plural whole the paraphrase says it of."""

    question_at: NumberMention
    paraphrase_at: NumberMention
    whole: Mention


def _clause(doc: QuestionDoc, number: NumberMention) -> list:
    """The tokens of ``number``'s clause: its verb and the verb's arguments, without the clauses inside them."""
    span = doc.span(number)
    if span is None:
        return []
    verb = phrase_root(span[-1]).head  # the clause's verb (the sentence's root when no verb is above)
    tokens, stack = [verb], [c for c in verb.children if c.dep_ not in _OWN_CLAUSE]
    while stack:
        tok = stack.pop()
        tokens.append(tok)
        stack += [c for c in tok.children if c.dep_ not in _OWN_CLAUSE]
    return tokens


def _items(doc: QuestionDoc, number: NumberMention, clause: list) -> set[str]:
    """The lemmas of the items ``number`` is said of one by one: the noun a distributive word of its clause
    determines ("*each lamp* costs $12", "3 eggs for *every cake*", "$4 *per child*"), or, when one follows the
    number or its unit ("$12 *each*", "2 pounds apiece"), the nouns of its clause ("3 sons *each*" counts the
    items: the number is not said of each one); a unit ("every day", "per hour") is a rate, no
    item. Empty when the number is said of no item one by one. ``clause``: :func:`_clause` of the number."""
    span = doc.span(number)
    if span is None:
        return set()
    in_unit = {i for u in doc.units for i in range(u.start, u.end)}
    items = set()
    for tok in clause:
        if tok.lower_ not in DISTRIBUTIVE:
            continue
        noun = tok.head if tok.dep_ == "det" else next((c for c in tok.children if c.dep_ == "pobj"), None)
        if noun is not None and noun.pos_ == "NOUN" and noun.idx not in in_unit:
            items.add(token_lemma(noun))
    after = doc.doc[span.end:span.end + 2]
    if len(after) and after[0].idx in in_unit:  # "2 pounds each"
        after = after[1:]
    # "$12 each"; in "3 sons each" the number counts the items, in "$6 each one costing $3" "each" is another's
    if len(after) and after[0].lower_ in DISTRIBUTIVE and after[0].dep_ != "det":
        items |= {token_lemma(t) for t in clause if t.pos_ == "NOUN" and t.idx not in in_unit
                  and not span.start <= t.i < span.end}
    return items


def distributive(doc: QuestionDoc, number: NumberMention, clause: list | None = None) -> bool:
    """Whether ``number`` is said of some item one by one (:func:`_items`), or of a rate ("a day", "per hour",
    "daily"); ``clause``: its :func:`_clause`, when the caller has it."""
    clause = _clause(doc, number) if clause is None else clause
    rate_adverbs = {i for u in doc.units if u.adverb for i in range(u.start, u.end)}  # "100 visitors *daily*"
    if _items(doc, number, clause) or any(t.idx in rate_adverbs for t in clause):
        return True
    span = doc.span(number)
    after = [t for t in doc.doc[span.end:span.end + 3]] if span is not None else []
    if after and after[0].pos_ == "NOUN":  # the counted noun: "3 eggs *a* cake"
        after = after[1:]
    return bool(after) and after[0].lower_ in ("a", "an") and after[0].head.dep_ == "npadvmod"


def total_of(doc: QuestionDoc, number: NumberMention, items: set[str]):
    """The plural whole among ``items`` that ``number``'s clause says it of ("for *the lamps*", "across *the
    classrooms*": a preposition of :data:`_WHOLE_PREPOSITIONS`, its plural object one of ``items`` and counted
    by no number of its own), or ``None``; ``None`` too for a distributive number."""
    clause = _clause(doc, number)
    if distributive(doc, number, clause):
        return None
    span = doc.span(number)
    inside = range(span.start, span.end) if span is not None else range(0)
    for tok in clause:
        if tok.dep_ == "prep" and tok.lower_ in _WHOLE_PREPOSITIONS:
            for obj in tok.children:
                if (obj.dep_ == "pobj" and obj.tag_ in _PLURAL_TAGS and obj.i not in inside
                        and token_lemma(obj) in items and not any(c.dep_ == "nummod" for c in obj.children)):
                    return obj
    return None


def per_item_made_total(pair: QuestionPair) -> list[MadeTotal]:
    """The numbers said of each item in the question and of all of them together in the paraphrase (module
    docstring)."""
    question, paraphrase = pair.question, pair.paraphrase
    per_item: dict[float, list[tuple[NumberMention, set[str]]]] = defaultdict(list)
    for n in question.numbers:
        items = _items(question, n, _clause(question, n))
        if items:
            per_item[n.rounded].append((n, items))
    found = []
    for value, q_mentions in per_item.items():
        p_mentions = [n for n in paraphrase.numbers if n.rounded == value]
        if sum(distributive(paraphrase, n) for n in p_mentions) >= len(q_mentions):
            continue
        items = set().union(*(i for _, i in q_mentions))
        for n in p_mentions:
            whole = total_of(paraphrase, n, items)
            if whole is not None:
                found.append(MadeTotal(q_mentions[0][0], n, token_mention(whole)))
                break
    return found
