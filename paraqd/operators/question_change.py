"""n3: the asked quantity changes while the story stays: the same facts, a different question.

Two changes, one drawn among those that apply:

* the counted thing is swapped: "How many apples ..." -> "How many pears ..." where "pears" is another plural
  noun counted by a number in the question;
* a given number becomes the unknown: one number of a statement becomes "x", the question sentence becomes a
  stated result and the request "What is the value of unknown variable x?" (the inverse problem, whose answer
  is a different quantity). The stated result is a new number, since the pools hold no answers.
"""

from __future__ import annotations

import random
import re

from ..analysis import QuestionDoc
from .base import Operator
from .distractor import counted_nouns
from .registry import register_operator


@register_operator
class QuestionChange(Operator):
    name = "question-change"
    paper_id = "n3"
    polarity = "negative"
    stage = "train"
    in_stage_group = False  # not one of the paper\'s: only by name, id or the "extra" group
    description = "ask for another quantity: swap the counted thing, or make a given number the unknown x"

    def transform(self, doc: QuestionDoc, rng: random.Random) -> str | None:
        moves = []
        swap = self._swap_noun(doc, rng)
        if swap is not None:
            moves.append(swap)
        unknown = self._unknown(doc, rng)
        if unknown is not None:
            moves.append(unknown)
        return rng.choice(moves) if moves else None

    @staticmethod
    def _swap_noun(doc: QuestionDoc, rng: random.Random) -> str | None:
        if not doc.sentences:
            return None
        last = doc.sentences[-1]
        match = re.search(r"\b[Hh]ow many ([a-z]+)\b", last.text)
        if not match:
            return None
        asked = match.group(1)
        others = [n for n in counted_nouns(doc) if n.lower() != asked.lower()]
        if not others:
            return None
        start = last.start + match.start(1)
        return doc.replace_spans([(start, start + len(asked), rng.choice(others))])

    @staticmethod
    def _unknown(doc: QuestionDoc, rng: random.Random) -> str | None:
        sents = doc.sentences
        if len(sents) < 2 or not sents[-1].text.endswith("?"):
            return None
        last = sents[-1]
        numbers = [n for n in doc.numbers if n.kind != "ordinal" and n.written == "digits" and n.end <= last.start]
        if not numbers:
            return None
        chosen = rng.choice(numbers)
        start, end = chosen.numeral
        result = rng.randint(2, 500)
        return doc.replace_spans([
            (start, end, "x"),
            (last.start, last.end, f"The answer is {result}. What is the value of unknown variable x?"),
        ])
