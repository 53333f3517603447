"""Whose quantity a question asks for: one person's or a group's, compared across a pair.

"How many marbles does Lina have" asks for one person's quantity; "how many do *they* / *the two children* have"
for a group's, the problem naming more than one person (:func:`group_for_one`). The group must be the subject of
the asking clause ("how many of them does she have" counts things); a paraphrase that still names the question's
person elsewhere asks for that person too, unless the group is that person joined with another ("how much does
Carrie pay" -> "how much do *Carrie and her mom* pay"), and "you" for the asked person in a retelling is that
person. :func:`~paraqd.analysis.asked_shape.shape_changes` reports it with the other shapes of the asked quantity;
a part of a whole asked (some of a group's members) is :mod:`.asked_members`'.
"""

from __future__ import annotations

from .asked import story_tokens
from .asked_quantity import (
    DIFFERENCE,
    TOTAL,
    AskedChange,
    AskedQuantity,
    clause_tokens,
    compares,
)
from .document import Mention, QuestionDoc
from .terms import SUBJECT_DEPS, token_mention

#: pronouns and quantifiers that are a group as the subject of an asking clause ("do *they* have", "*both*")
_GROUP_SUBJECTS = frozenset({"they", "both"})
_GROUP_DETERMINERS = frozenset({"both", "all"})


def _group_subject(doc: QuestionDoc, aq: AskedQuantity):
    """The subject of the asking clause when it is a group: "they", "both", a plural noun counted by a numeral
    of two or more or by "both" / "all" ("the two children"), "the two of them", or names joined ("Ana and
    Ben"); else ``None``."""
    toks, main = clause_tokens(doc, aq.ask)
    for tok in toks:
        if tok.i not in main or tok.dep_ not in SUBJECT_DEPS:
            continue
        kids = list(tok.children)
        if tok.lower_ in _GROUP_SUBJECTS or any(c.dep_ == "conj" and c.pos_ in ("PROPN", "NOUN") for c in kids):
            return tok
        if tok.tag_ in ("NNS", "NNPS") and any(
                (c.dep_ == "nummod" and c.like_num and c.lower_ not in ("1", "one"))
                or (c.dep_ in ("det", "predet") and c.lower_ in _GROUP_DETERMINERS) for c in kids):
            return tok
        if tok.like_num and any(c.dep_ == "prep" and c.lower_ == "of" and any(
                o.lower_ in ("them", "us") for o in c.children) for c in kids):
            return tok
    return None


def _members(subject) -> set[str]:
    """The lower-cased words of the people a coordinated subject joins ("*Carrie* and her *mom*")."""
    if not any(c.dep_ == "conj" for c in subject.children):
        return set()
    return {t.lower_ for t in subject.subtree if t.dep_ in ("conj", "nsubj", "nsubjpass") or t.i == subject.i}


def group_for_one(question: QuestionDoc, paraphrase: QuestionDoc, q: AskedQuantity,
                   p: AskedQuantity) -> AskedChange | None:
    """The question asks for one named person's quantity, the paraphrase, no longer naming that person in its
    question, for a group's, the problem naming more than one person."""
    if len(q.owners) != 1 or q.group is not None or TOTAL in q.aggregates or DIFFERENCE in q.aggregates:
        return None
    key, owner = next(iter(q.owners.items()))
    if _group_subject(question, q) is not None:  # "did *Mell and her friends* pay": a group asked already
        return None
    group = _group_subject(paraphrase, p)
    # the person still named in the paraphrase's question asks for that person, unless the group the
    # question's subject is joins that person with another ("do *Carrie and her mom* pay")
    if group is None or compares(paraphrase, p):
        return None
    if key not in _members(group):
        if key in p.names:
            return None
        story = {t.lower_ for t in story_tokens(question, q.ask) if t.pos_ == "PROPN" and t.is_alpha}
        if len(story | {key}) < 2:
            return None
    span = paraphrase.doc[group.left_edge.i:group.i + 1] if group.tag_ in ("NNS", "NNPS") else None
    if _members(group):  # "Liam and his sister"
        span = paraphrase.doc[group.left_edge.i:group.right_edge.i + 1]
    new = token_mention(group) if span is None else Mention(span.start_char, span.end_char, span.text)
    return AskedChange("group", (owner,), (new,), "one", "group")
