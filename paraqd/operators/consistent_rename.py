"""p1: one person is renamed consistently, at every mention (a valid rewording: paper Table 3, example 3).

Unlike f7 (entity replacement, a negative: it deletes entities or renames any kind of entity), this positive
renames exactly one PERSON entity, everywhere it occurs (possessives included, as whole words in any case, so mentions the
NER missed change too), to a first name from the bundled list that the question does not already use. The
question keeps every number, every relation and the same number of people, so its answer is unchanged.
"""

from __future__ import annotations

import random
import re

from ..analysis import QuestionDoc
from ..resources import load_json
from .base import Operator
from .registry import register_operator


@register_operator
class ConsistentRename(Operator):
    name = "consistent-rename"
    paper_id = "p1"
    polarity = "positive"
    stage = "train"
    in_stage_group = False  # not one of the paper\'s: only by name, id or the "extra" group
    description = "rename one person at every mention to an unused first name"

    def __init__(self, names: list[str] | None = None):
        self._names = names

    @property
    def names(self) -> list[str]:
        if self._names is None:
            self._names = list(load_json("entities.json")["entities"]["PERSON"])
        return self._names

    def transform(self, doc: QuestionDoc, rng: random.Random) -> str | None:
        people = []
        for e in doc.entities:
            name = e.text.strip()
            if e.label == "PERSON" and name and name not in people and re.fullmatch(r"[A-Z][\w'-]*", name):
                people.append(name)
        if not people:
            return None
        old = rng.choice(people)
        lowered = doc.text.lower()
        pool = [n for n in self.names
                if " " not in n and not re.search(r"(?<!\w)" + re.escape(n.lower()) + r"(?!\w)", lowered)]
        if not pool:
            return None
        new = rng.choice(pool)
        edits = [(m.start(), m.end(), new)
                 for m in re.finditer(r"(?<!\w)" + re.escape(old) + r"(?!\w)", doc.text, flags=re.IGNORECASE)]
        return doc.replace_spans(edits)
