"""p2: sentences or clauses are reordered without changing what they say.

Two moves, one drawn among those that apply:

* two adjacent statements (not the final question) swap places, when the one moved forward does not lean on
  what came before it (it starts with neither a pronoun nor a connective such as "then" or "the rest");
* a condition moves across the question: "How many ... if X?" -> "If X, how many ...?" and back.

Every word and number is kept; only their order changes.
"""

from __future__ import annotations

import random
import re

from ..analysis import QuestionDoc
from .base import Operator
from .registry import register_operator

#: first words of a sentence that refer back to an earlier one; such a sentence is never moved forward
ANAPHORIC = frozenset("""
he she it they his her its their them him this that these those then there also after afterwards later next
finally meanwhile so thus therefore but and or however besides each both another the rest remaining
other others such if when while once
""".split())


def _first_word(text: str) -> str:
    match = re.match(r"\W*([A-Za-z']+)", text)
    return match.group(1).lower() if match else ""


def _lower_first(text: str) -> str:
    return text[:1].lower() + text[1:]


def _upper_first(text: str) -> str:
    return text[:1].upper() + text[1:]


@register_operator
class SentenceReorder(Operator):
    name = "sentence-reorder"
    paper_id = "p2"
    polarity = "positive"
    stage = "train"
    in_stage_group = False  # not one of the paper\'s: only by name, id or the "extra" group
    description = "swap two independent statements, or move an if-condition across the question"

    def transform(self, doc: QuestionDoc, rng: random.Random) -> str | None:
        moves = self._swaps(doc) + self._condition_moves(doc)
        if not moves:
            return None
        return doc.replace_spans(rng.choice(moves))

    @staticmethod
    def _swaps(doc: QuestionDoc) -> list[list[tuple[int, int, str]]]:
        sents = doc.sentences
        moves = []
        for a, b in zip(sents, sents[1:-1]):
            if not (a.text.endswith(".") and b.text.endswith(".")):
                continue
            if _first_word(b.text) in ANAPHORIC or _first_word(a.text) in ANAPHORIC:
                continue
            gap = doc.text[a.end:b.start]
            moves.append([(a.start, b.end, b.text + gap + a.text)])
        return moves

    @staticmethod
    def _condition_moves(doc: QuestionDoc) -> list[list[tuple[int, int, str]]]:
        if not doc.sentences:
            return []
        last = doc.sentences[-1]
        text = last.text
        if not text.endswith("?"):
            return []
        # "How many ... if X?" -> "If X, how many ...?"
        match = re.match(r"^((?:How|What|Which)\b[^?]*?),? (if [^?]+)\?$", text)
        if match and "," not in match.group(2):
            new = f"{_upper_first(match.group(2))}, {_lower_first(match.group(1))}?"
            return [[(last.start, last.end, new)]]
        # "If X, how many ...?" -> "How many ... if X?"
        match = re.match(r"^If ([^,?]+), ((?:how|what|which)\b[^?]*)\?$", text)
        if match:
            new = f"{_upper_first(match.group(2))} if {match.group(1)}?"
            return [[(last.start, last.end, new)]]
        return []
