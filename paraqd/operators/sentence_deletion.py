"""f6: the last sentence is deleted; a one-sentence question loses its last three tokens.

Paraphrasing models often drop the end of a question, which is where a word problem asks what to compute
("How many hours did it take?"), so the result is a negative. Tokens are spaCy tokens, punctuation included
(the paper's definition), so "Find the one which does not belong to that group?" becomes
"Find the one which does not belong to".
"""

from __future__ import annotations

import random

from ..analysis import QuestionDoc
from .base import Operator
from .registry import register_operator


@register_operator
class LastSentenceDeletion(Operator):
    name = "last-sentence-deletion"
    paper_id = "f6"
    polarity = "negative"
    stage = "train"
    description = "drop the last sentence (one sentence: its last 3 tokens)"

    def __init__(self, tokens: int = 3):
        self.tokens = tokens

    def transform(self, doc: QuestionDoc, rng: random.Random) -> str | None:
        sentences = doc.sentences
        if len(sentences) > 1:
            return doc.text[:sentences[-2].end]
        if not sentences:
            return None
        only = sentences[0]
        tokens = [t for t in doc.doc if not t.is_space and only.start <= t.idx < only.end]
        if len(tokens) <= self.tokens:
            return None
        last_kept = tokens[-self.tokens - 1]
        return doc.text[:last_kept.idx + len(last_kept.text)]
