"""The order in time of two events on one quantity, compared across a pair.

"Mina spent half of her money on a scarf. Then she spent $6 on tea" and "Mina spent $6 on tea. Then she spent
half of her money on a scarf" keep every number, verb and thing, but the half is taken of another amount: the
answer changes. Order matters where one event depends on the amount at that moment: a part taken of it (a
fraction or a percentage some verb moves or takes as its object, :data:`PART`), or a statement of the amount itself (:data:`STATE`, "Ben had 40
stamps"), beside a change of the same quantity (:data:`CHANGE`, a number some verb moves:
:func:`paraqd.analysis.directions.directions`). Two changes of fixed amounts ("found 7, then found 9") commute
and are never compared.

The order of two events in one text is read from the narration and its closed-class markers: an event in a
clause or phrase headed by "after" ("after spending half", "after a 25% discount") comes before the clause it
hangs on (in its own sentence), one headed by "before" after it; a later sentence (or clause) marked as earlier
("before that", "before the raise", "earlier", "previously", a past perfect "had given") tells an event before
the ones already told; an amount said to be the start ("at first", "initially") or the end ("left", "now",
"still") is pinned there, whatever the narration. The asking sentence's numbers are no events here (its conditions are the end state).
:func:`order_changes` compares the order of every two such events whose numbers keep their values across the
pair.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from .asked import find_ask
from .direction_changes import aligned_by_value
from .directions import directions
from .document import Mention, NumberMention, QuestionDoc
from .terms import cached, clause_verb

if TYPE_CHECKING:
    from .pair import QuestionPair

PART, STATE, CHANGE = "part", "state", "change"
_STATE_VERBS = frozenset({"have", "own", "hold", "contain", "be", "possess"})
_BEFORE, _AFTER = frozenset({"before", "prior"}), frozenset({"after", "once"})
_EARLIER = frozenset({"earlier", "previously", "beforehand"})
_START = frozenset({"initially", "originally", "start", "begin", "beginning", "first"})
_END = frozenset({"left", "now", "still", "remaining", "end", "finally"})
#: the present: the end of a story told up to now, the start of one whose question asks about the future
_PRESENT = frozenset({"now", "currently"})
_SUBJECTS = frozenset({"nsubj", "nsubjpass"})
_CLAUSES = frozenset({"advcl", "conj", "ccomp", "xcomp", "relcl", "acl", "dep", "parataxis", "cc"})
#: nouns that name the amount at that moment, not a thing ("a third of *the rest*")
_WHAT_IS_LEFT = frozenset({"rest", "remainder", "balance", "remaining"})


@dataclass(frozen=True)
class Event:
    """A number of a story sentence that changes or states an amount: its ``kind`` (:data:`PART`,
    :data:`STATE` or :data:`CHANGE`), the verb that holds it, the thing it counts and who holds it (lemmas;
    ``None`` where a pronoun or nothing says), and ``pin`` (-1: the start, 1: the end, 0: where it is told)."""

    number: NumberMention
    kind: str
    verb: object
    token: object
    thing: str | None
    holder: str | None
    pin: int


def _number_token(doc: QuestionDoc, number: NumberMention):
    span = doc.span(number)
    if span is None:
        return None
    return next((t for t in span if t.like_num or t.pos_ == "NUM"), span[-1])


def _thing(tok, number: NumberMention) -> str | None:
    """The lemma of what ``tok`` counts: its noun ("40 *stamps*"), the whole of a part ("half *of the money*"),
    money for an amount of money; ``None`` for a pronoun ("half of *it*") or nothing."""
    if number.currency:
        return "money"
    noun = tok.head if tok.dep_ == "nummod" else tok
    if noun.lower_ in ("%", "percent"):
        noun = noun.head if noun.dep_ in ("nummod", "compound", "amod") else noun
    whole = next((c for c in noun.children if c.dep_ == "prep" and c.lower_ == "of"), None)
    if whole is not None:
        noun = next((c for c in whole.children if c.dep_ == "pobj"), noun)
    elif number.kind in ("fraction", "percent"):
        return None  # "a 25% discount": a part of whatever the amount is then
    if noun.pos_ != "NOUN" or noun.lower_ in _WHAT_IS_LEFT:
        return None
    return "money" if noun.lemma_.lower() in ("money", "dollar", "cash") else noun.lemma_.lower()


def _holder(verb) -> str | None:
    subject = next((c for c in verb.children if c.dep_ in _SUBJECTS), None)
    if subject is None and verb.dep_ in ("conj", "xcomp", "advcl", "pcomp"):
        return _holder(verb.head) if verb.head.i != verb.i else None
    return subject.lower_ if subject is not None and subject.pos_ == "PROPN" else None


def _own_words(tok):
    """The words of ``tok``'s own phrases: a clause under it gives its head word only ("had 4 *left*"), never
    its words ("had 10, then deleted some and had 4 left"), and its subject nothing."""
    for child in tok.children:
        if child.dep_ in _SUBJECTS or child.dep_ == "punct":
            continue
        yield child.lower_
        if child.dep_ not in _CLAUSES:
            yield from _own_words(child)


def _pin(verb, tok, future: bool) -> int:
    """-1 for an amount said to be the start ("had 20 *at first*", "*started* with"), 1 for the end ("has 9
    *left*", "*now*", "*still*"), else 0. When the question asks about the future (``future``: "how many will
    she have in 4 years?"), "now" is where the story starts."""
    # the verb's own phrases ("had 20 *at first*", "has 9 *left*"), not its subject's ("Bonnie, *now* 8, has")
    # nor other clauses
    words = set(_own_words(verb))
    lemma = verb.lemma_.lower()
    if lemma in ("start", "begin") or words & _START and not words & _END \
            or future and words & _PRESENT and not words & (_END - _PRESENT):
        return -1
    if words & _END or lemma == "remain":
        return 1
    return 0


def events(doc: QuestionDoc) -> list[Event]:
    """The events of ``doc``'s story sentences (once per document)."""
    if doc.doc is None:
        return []
    return cached(doc, "paraqd.event_order", _events)


def _events(doc: QuestionDoc) -> list[Event]:
    ask = find_ask(doc)
    moved = {n.start for n, _d in directions(doc)}
    future = ask is not None and any(t.tag_ == "MD" and t.lower_ in ("will", "'ll", "shall") for t in doc.doc
                                     if ask.sentence.start <= t.idx < ask.sentence.end)
    found = []
    for number in doc.numbers:
        if number.kind == "ordinal" or ask is not None and ask.sentence.start <= number.start < ask.sentence.end:
            continue
        tok = _number_token(doc, number)
        if tok is None:
            continue
        verb = clause_verb(tok)
        part = number.kind == "percent" or number.kind == "fraction" and number.value < 1
        state_verb = verb.lemma_.lower() in _STATE_VERBS
        if part and (number.start in moved or tok.dep_ == "dobj" and not state_verb):
            kind = PART
        elif number.start in moved:
            kind = CHANGE
        elif state_verb and not part and (tok.dep_ == "dobj" or tok.head.dep_ in
                                                                     ("dobj", "attr", "nsubj")):
            kind = STATE
        else:
            continue
        found.append(Event(number, kind, verb, tok, _thing(tok, number), _holder(verb),
                           _pin(verb, tok, future) if kind == STATE else 0))
    return found


def _marker(tok):
    """``(word, head)`` for the "after" / "before" that heads the clause or phrase holding ``tok`` ("*after*
    spending half", "*before* he gave 5", "*after* a 25% discount"): the marker's word and the token whose
    subtree it governs; ``None`` when none does."""
    node = tok
    while True:
        for child in node.children:
            if child.dep_ == "mark" and child.lower_ in _BEFORE | _AFTER:
                return child.lower_, node
        if node.dep_ in ("pobj", "pcomp") and node.head.lower_ in _BEFORE | _AFTER:
            return node.head.lower_, node.head
        if node.head.i == node.i:
            return None
        node = node.head


def _told_earlier(event: Event) -> bool:
    """Whether ``event``'s clause says it happened before what was told already: "*before that*",
    "*earlier*", "*first*", a past perfect ("he *had* given")."""
    verb = event.verb
    for child in verb.children:
        if child.dep_ == "advmod" and child.lower_ in _EARLIER:
            return True
        if child.dep_ == "prep" and child.lower_ in _BEFORE and any(c.dep_ == "pobj" for c in child.children):
            return True
        if child.dep_ == "aux" and child.lower_ == "had" and verb.tag_ == "VBN" and event.kind != STATE:
            return True
    return False


def happens_first(a: Event, b: Event) -> bool:
    """Whether ``a`` happens before ``b`` in their text (``a`` told first)."""
    if a.pin != b.pin:
        return a.pin < b.pin
    for event, other, first_if_after in ((a, b, True), (b, a, False)):
        found = _marker(event.token)
        # "after" / "before" orders its clause against the clause it hangs on, in its own sentence
        if found is not None and event.token.sent.start == other.token.sent.start \
                and not any(t.i == other.token.i for t in found[1].subtree):
            # the event hangs on an "after" clause: it came first; on a "before" clause: it came last
            return first_if_after if found[0] in _AFTER else not first_if_after
    return not _told_earlier(b)


def _related(a: Event, b: Event) -> bool:
    """Whether the order of ``a`` and ``b`` changes an amount: one of them is a part or a statement of the
    amount, of the same thing (or of things no noun names) and of the same holder (where names say)."""
    if a.kind == CHANGE and b.kind == CHANGE or a.kind == STATE and b.kind == STATE:
        return False
    if a.thing is not None and b.thing is not None and a.thing != b.thing:
        return False
    return a.holder is None or b.holder is None or a.holder == b.holder


@dataclass(frozen=True)
class OrderChange:
    """Two events told in one order of time in the question and the other in the paraphrase: ``first`` and
    ``then`` are the question's numbers in its order."""

    first: NumberMention
    then: NumberMention
    p_first: Mention
    p_then: Mention


def order_changes(pair: QuestionPair) -> list[OrderChange]:
    """Pairs of events (numbers aligned by value, each an event of both texts) whose order in time differs
    between the question and the paraphrase."""
    q_events = {e.number.start: e for e in events(pair.question)}
    p_events = {e.number.start: e for e in events(pair.paraphrase)}
    aligned = [(q_events[q.start], p_events[p.start]) for q, p in aligned_by_value(pair)
               if q.start in q_events and p.start in p_events]
    found = []
    for i, (qa, pa) in enumerate(aligned):
        for qb, pb in aligned[i + 1:]:
            if not (_related(qa, qb) and _related(pa, pb)) or {qa.kind, qb.kind} != {pa.kind, pb.kind}:
                continue
            q_first = happens_first(qa, qb) if qa.number.start < qb.number.start else not happens_first(qb, qa)
            p_first = happens_first(pa, pb) if pa.number.start < pb.number.start else not happens_first(pb, pa)
            if q_first != p_first:
                first, then = (qa, qb) if q_first else (qb, qa)
                p_then, p_firstev = (pb, pa) if q_first else (pa, pb)
                found.append(OrderChange(first.number, then.number, p_firstev.number, p_then.number))
    return found
