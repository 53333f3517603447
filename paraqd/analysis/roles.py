"""Who gives to whom: the giver and the receiver of a verb exchanged.

"Grady gives his friend Gage 2/5 of his cubes" and "His friend Gage gives him 2/5 of his cubes" share every
number, name and relation word, yet the cubes now travel the other way. :func:`exchanged_roles` reads each
verb with its *agent* (the subject, or the "by" phrase of a passive) and its *recipient* (the first of two
objects, "gives *his friend* the cubes"; a "to" phrase, "gives the cubes *to Gage*"; the dative), and reports
a verb of the question whose agent is the paraphrase's recipient of the same verb while its recipient is the
paraphrase's agent. Participants are compared by the lemma of their head word and the names in their phrase,
so a pronoun matches itself in either case ("he" gives, gives "him").

The passive, or the same transfer said from the receiver's side with another verb ("Gage receives 2/5 from
Grady"), keeps the roles: the passive's agent is its "by" phrase, and another verb is never compared.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from .document import Mention, QuestionDoc

if TYPE_CHECKING:
    from .pair import QuestionPair

_CACHE_KEY = "paraqd.roles"
_OBJECT_DEPS = frozenset({"dative", "dobj"})


@dataclass(frozen=True)
class Roles:
    """One verb with its agent and recipient: the verb's lemma, and each participant's words (the head's
    lemma and the names in its phrase) and mention."""

    verb: str
    agent: frozenset[str]
    recipient: frozenset[str]
    agent_at: Mention
    recipient_at: Mention
    verb_at: Mention


def _words(tok) -> frozenset[str]:
    """What names a participant: the lemma of its head word and the names in its phrase ("his friend Gage":
    friend, gage)."""
    return frozenset({(tok.lemma_ or tok.text).lower()} | {t.lower_ for t in tok.subtree if t.pos_ == "PROPN"})


def _mention(tok) -> Mention:
    span = tok.doc[tok.left_edge.i:tok.i + 1]  # "his friend", without what follows the head
    return Mention(span.start_char, span.end_char, span.text)


def verb_roles(doc: QuestionDoc) -> list[Roles]:
    """Every verb of ``doc`` that has both an agent and a recipient (computed once per document)."""
    cached = doc.doc.user_data.get(_CACHE_KEY)
    if cached is None:
        cached = doc.doc.user_data[_CACHE_KEY] = _verb_roles(doc)
    return cached


def _verb_roles(doc: QuestionDoc) -> list[Roles]:
    found = []
    for verb in doc.doc:
        if verb.pos_ != "VERB":
            continue
        agent = recipient = None
        for child in verb.children:
            if child.dep_ == "nsubj":
                agent = child
            elif child.dep_ == "agent":  # "were given to Gage *by him*"
                agent = next((g for g in child.children if g.dep_ == "pobj"), agent)
            elif child.dep_ == "prep" and child.lower_ == "to" and recipient is None:
                recipient = next((g for g in child.children if g.dep_ == "pobj"), None)
        objects = [c for c in verb.children if c.dep_ in _OBJECT_DEPS and c.pos_ != "ADP"]
        if len(objects) >= 2:  # "gives his friend Gage 2/5": the first of two objects receives
            recipient = objects[0]
        elif objects and objects[0].dep_ == "dative":
            recipient = objects[0]
        elif recipient is None and objects and verb.i + 1 < len(doc.doc):
            # "gives *Tom* 3 apples" read as a modifier of the object: a name right after the verb
            first = doc.doc[verb.i + 1]
            if first.pos_ in ("PROPN", "PRON") and first.dep_ in ("nmod", "compound") and first.head == objects[0]:
                recipient = first
        if agent is not None and recipient is not None:
            found.append(Roles((verb.lemma_ or verb.text).lower(), _words(agent), _words(recipient),
                               _mention(agent), _mention(recipient),
                               Mention(verb.idx, verb.idx + len(verb.text), verb.text)))
    return found


def exchanged_roles(pair: QuestionPair) -> list[tuple[Roles, Roles]]:
    """``(question's roles, paraphrase's roles)`` for each verb whose agent and recipient swapped: the same
    verb, the paraphrase's agent named as the question's recipient and its recipient as the question's agent,
    and neither named as before ("He gives his friend Gage 2/5" -> "His friend Gage gives him 2/5"). A
    question verb the paraphrase also keeps as it was is no exchange (two transfers, one each way)."""
    p_roles = verb_roles(pair.paraphrase)
    if not p_roles:
        return []
    found = []
    for q in verb_roles(pair.question):
        if any(q.verb == p.verb and p.agent & q.agent and p.recipient & q.recipient for p in p_roles):
            continue
        for p in p_roles:
            if (q.verb == p.verb and p.agent & q.recipient and p.recipient & q.agent
                    and not p.agent & q.agent and not p.recipient & q.recipient):
                found.append((q, p))
                break
    return found
