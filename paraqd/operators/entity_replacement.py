"""f7: named entities are replaced by another of the same category, or deleted.

w = rand(1, min(3, k)) distinct entities are drawn (k distinct entity texts, in order of first appearance);
each is, with equal chance, replaced by a random entity with the same spaCy label from the bundled list
(``data/resources/entities.json``) or deleted. A chosen entity changes at **every** occurrence, including
occurrences the NER missed (matched as whole words): renaming "Alex" in one sentence but not in the next
would make a question about two people. A deleted name also loses its possessive ("Alex's" -> "").
Entities whose label has no list (or whose list holds only the entity itself) are deleted.
"""

from __future__ import annotations

import random
import re

from ..analysis import QuestionDoc
from ..resources import load_json
from .base import Operator
from .registry import register_operator

_POSSESSIVE = ("'s", "’s", "'", "’")


@register_operator
class EntityReplacement(Operator):
    name = "entity-replacement"
    paper_id = "f7"
    polarity = "negative"
    stage = "train"
    description = "replace or delete 1-3 named entities (same-category replacement from a list)"

    def __init__(self, max_entities: int = 3, replace_probability: float = 0.5,
                 entities: dict[str, list[str]] | None = None):
        self.max_entities = max_entities
        self.replace_probability = replace_probability
        self._entities = entities

    @property
    def entities(self) -> dict[str, list[str]]:
        if self._entities is None:
            self._entities = load_json("entities.json")["entities"]
        return self._entities

    def transform(self, doc: QuestionDoc, rng: random.Random) -> str | None:
        distinct: dict[str, str] = {}  # entity text -> label, in order of first appearance
        for e in doc.entities:
            if e.text.strip():
                distinct.setdefault(e.text, e.label)
        if not distinct:
            return None
        names = list(distinct)
        w = rng.randint(1, min(self.max_entities, len(names)))
        chosen = sorted(rng.sample(range(len(names)), w))
        text = doc.text
        edits: list[tuple[int, int, str]] = []
        taken: list[tuple[int, int]] = []
        for i in chosen:
            name, label = names[i], distinct[names[i]]
            pool = [x for x in self.entities.get(label, ()) if x.lower() != name.lower()]
            new = rng.choice(pool) if pool and rng.random() < self.replace_probability else ""
            for m in re.finditer(r"(?<!\w)" + re.escape(name) + r"(?!\w)", text):
                start, end = m.span()
                if not new:
                    end += next((len(p) for p in _POSSESSIVE if text.startswith(p, end)), 0)
                if any(start < b and a < end for a, b in taken):
                    continue
                taken.append((start, end))
                edits.append((start, end, new))
        return doc.replace_spans(edits) if edits else None
