"""n2: an extra step is added: one more sentence about the question's own people and things.

The sentence is made from the question itself: its first person (or "They"), a plural noun that a number counts
in it ("16 eggs" -> "eggs") and a new number that the question does not contain, in one of a few templates (those naming nobody when the question has no person)
("Then Janet gets 7 more eggs.", "Later, 3 of the eggs are lost."), and goes just before the final question.
The question's answer changes (or becomes ambiguous), so the rewrite is invalid; the model must notice an
added condition, not only a missing one.
"""

from __future__ import annotations

import random

from ..analysis import QuestionDoc
from .base import Operator
from .registry import register_operator

#: plural nouns after a number that are not things one can get more of
NOT_COUNTED = frozenset("times hours minutes seconds days weeks months years percent dollars cents".split())

TEMPLATES = (
    "Then {who} gets {n} more {noun}.",
    "Later, {n} of the {noun} are lost.",
    "On top of that, {who} receives {n} extra {noun}.",
    "{Who} also gives away {n} {noun}.",
    "After that, {who} buys {n} more {noun}.",
    "{N} of the {noun} are then returned.",
)


def counted_nouns(doc: QuestionDoc) -> list[str]:
    """Plural nouns that directly follow a number ("16 eggs", "3 large pizzas" -> "pizzas")."""
    starts = {n.end for n in doc.numbers if n.kind in ("cardinal",)}
    nouns = []
    for tok in doc.doc:
        if tok.tag_ == "NNS" and tok.text.isalpha() and tok.lower_ not in NOT_COUNTED:
            left = tok.i - 1
            while left >= 0 and doc.doc[left].pos_ == "ADJ":
                left -= 1
            if left >= 0 and doc.doc[left].idx + len(doc.doc[left].text) in starts and tok.text not in nouns:
                nouns.append(tok.text)
    return nouns


@register_operator
class DistractorStep(Operator):
    name = "distractor-step"
    paper_id = "n2"
    polarity = "negative"
    stage = "train"
    in_stage_group = False  # not one of the paper\'s: only by name, id or the "extra" group
    description = "add one more step about the question's own people and things before the question"

    def transform(self, doc: QuestionDoc, rng: random.Random) -> str | None:
        sents = doc.sentences
        nouns = counted_nouns(doc)
        if len(sents) < 2 or not nouns:
            return None
        people = [e.text for e in doc.entities if e.label == "PERSON" and e.text.strip()]
        who = people[0] if people else None
        values = {round(n.value, 6) for n in doc.numbers}
        n = rng.choice([v for v in range(2, 13) if v not in values] or [17])
        template = rng.choice([t for t in TEMPLATES if who is not None or "who" not in t.lower()])
        who = who or ""
        sentence = template.format(who=who, Who=who[:1].upper() + who[1:], n=n, N=str(n),
                                   noun=rng.choice(nouns))
        last = sents[-1]
        return doc.replace_spans([(last.start, last.start, sentence + " ")])
