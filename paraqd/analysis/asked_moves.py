"""What a question asks about a move: what is left, what is kept, what went or what was done so far, compared
across a pair.

- **what went, for what is left** (with WordNet, :func:`remainder_to_moved`): "how many do they have *left*" ->
  "how many did they *give out* or *sell*", the story's own verbs that take quantities away (:mod:`.directions`),
  or such a verb the clause asks with as a fact ("how many cans will she *use*"; not "how much can he *spend*",
  what is left to spend); or what a verb of the story has done so far ("how many problems has she *completed so
  far*"). A negated verb (:func:`negated_verb`: "how many did they *not* sell") asks for what stayed;
- **what moved, for what is kept** (:func:`spent_for_kept`): "how much does Lucy *save*" / "how much does Tom
  *keep*" asks for what stays with its holder (a retaining verb, WordNet's ``keep.v.03``:
  :func:`~paraqd.analysis.predicates.retains`); "how much does Lucy *pay*" / "... *spend*" for what an act moves
  away (:func:`~paraqd.analysis.directions.verb_direction`), the mirror of
  :func:`~paraqd.analysis.predicates.kept_for_moved`. A paraphrase that still keeps ("get to keep"), puts aside (a
  verb that moves nothing), names no act ("what are her savings") or compares ("how much *less* does she pay", a
  saving said as a difference) is not read as a change.

:func:`~paraqd.analysis.asked_changes.asked_changes` and :func:`~paraqd.analysis.asked_shape.shape_changes`
report them with the other readings of the asked quantity.
"""

from __future__ import annotations

from .asked import story_tokens
from .asked_quantity import (
    DIFFERENCE,
    NOW,
    REMAINING,
    AskedChange,
    AskedQuantity,
    clause_tokens,
    compares,
)
from .directions import LOSS, verb_direction
from .document import Mention, QuestionDoc
from .predicates import clause_predicates, retains, verb_negated
from .terms import token_lemma, token_mention


def remainder_to_moved(question: QuestionDoc, paraphrase: QuestionDoc, q: AskedQuantity,
                        p: AskedQuantity) -> AskedChange | None:
    """The question asks for what is left ("how many do they have *left*") and the paraphrase, asking for nothing
    that remains, asks with the story's own verbs that take quantities away ("how many did they *give out* or
    *sell*", with WordNet: :func:`~paraqd.analysis.directions.verb_direction`): it asks for what went, not for
    what stayed. A negated verb ("how many did they *not* sell") asks for what stayed."""
    if REMAINING not in q.aggregates or {REMAINING, NOW} & set(p.aggregates):
        return None
    story = {(t.lemma_ or t.text).lower() for t in story_tokens(question, q.ask) if t.pos_ == "VERB"}
    toks, main = clause_tokens(paraphrase, p.ask)
    losing = [t for t in toks if t.i in main and t.pos_ == "VERB" and not negated_verb(t)
              and (verb_direction((t.lemma_ or t.text).lower()) or (None, 0))[1] == LOSS]
    told = tuple(token_mention(t) for t in losing if (t.lemma_ or t.text).lower() in story)
    if told:
        return AskedChange("moved", (q.aggregates[REMAINING],), told, REMAINING, "moved")
    # a verb of taking away the story does not use, the verb the clause asks with: "how many cans will she *use*"
    asked_with = tuple(token_mention(t) for t in losing if _asks_with(t))
    if asked_with:
        return AskedChange("went", (q.aggregates[REMAINING],), asked_with, REMAINING, "moved")
    done = _done_so_far(toks, main, story)
    return AskedChange("done", (q.aggregates[REMAINING],), done, REMAINING, "done") if done else None


#: modals of what can still happen: "how much can he *spend*" asks for what he has left to spend
_ABILITY = frozenset({"can", "could", "may", "might"})
#: words that read an act up to now: "how many has she completed *so far*", "... *already* sold"
_SO_FAR = frozenset({"already", "far", "yet"})


def _asks_with(verb) -> bool:
    """Whether ``verb`` is the verb the asking clause asks with (its root), said as a fact rather than as what
    can still be done ("will she *use*", not "can she *spend*"): a verb of taking away that the story does not
    use still asks what went ("how many cans will she *use*")."""
    return verb.dep_ == "ROOT" and not any(c.dep_ == "aux" and c.lower_ in _ABILITY for c in verb.children)


def _done_so_far(toks, main: set[int], story: set[str]) -> tuple[Mention, ...]:
    """The verbs of the asking clause that ask what the story's act has done up to now ("how many problems has
    she *completed so far*", "... *already* sold"): a verb of the story, not of the question's asking clause,
    with "so far", "already" or "yet" on it; what is done, not what is left."""
    found = []
    for t in toks:
        if t.i not in main or t.pos_ != "VERB" or (t.lemma_ or t.text).lower() not in story or negated_verb(t):
            continue
        if any(c.lower_ in _SO_FAR and (c.lower_ != "far" or any(g.lower_ == "so" for g in c.children)
                                         or c.nbor(-1).lower_ == "so") for c in t.children):
            found.append(token_mention(t))
    return tuple(found)


def negated_verb(verb) -> bool:
    """Whether ``verb`` or a verb it is coordinated with has a negation ("did *not* sell or give away")."""
    while True:
        if any(c.dep_ == "neg" for c in verb.children):
            return True
        if verb.dep_ != "conj" or verb.head.i == verb.i:
            return False
        verb = verb.head


def spent_for_kept(question: QuestionDoc, paraphrase: QuestionDoc, q: AskedQuantity,
                    p: AskedQuantity) -> AskedChange | None:
    """The question asks with a retaining verb that moves nothing itself, the paraphrase, without it, with a verb
    that moves a quantity and has no other thing than the asked one as its object; neither negated, the
    paraphrase neither comparing nor asking what remains."""
    if DIFFERENCE in q.aggregates or {REMAINING, NOW} & set(p.aggregates) or compares(paraphrase, p):
        return None
    q_toks, q_main = clause_tokens(question, q.ask)
    p_toks, p_main = clause_tokens(paraphrase, p.ask)
    q_verbs, p_verbs = clause_predicates(q_toks, q_main), clause_predicates(p_toks, p_main)
    q_words = {w for t in q_toks for w in (token_lemma(t), t.lower_)}
    p_words = {w for t in p_toks for w in (token_lemma(t), t.lower_)}
    # a retaining verb that moves nothing itself ("collect" gathers: it is a gain, not what stays); a moving
    # verb whose object is another thing than the asked one ("reserve rooms to *accommodate* the students")
    # moves that thing, not the asked quantity
    kept = [t for key, t in q_verbs.items() if key not in p_words and retains(key) and verb_direction(key) is None]
    moved = [t for key, t in p_verbs.items()
             if key not in q_words and verb_direction(key) is not None and not retains(key)
             and not any(c.dep_ == "dobj" and c.pos_ == "NOUN" and token_lemma(c) != p.ask.noun for c in t.children)]
    if not kept or not moved or any(verb_negated(t) for t in (*q_verbs.values(), *p_verbs.values())):
        return None
    return AskedChange("spent", tuple(token_mention(t) for t in kept), tuple(token_mention(t) for t in moved),
                       REMAINING, "moved")
