"""f5: delete the question's most important phrase (negative).

Candidates are the ``top_k`` key phrases TopicRank finds in the question (paper, appendix A.2). Each
candidate is deleted by token span (every occurrence, never part of a longer word), and the deletion that
moves the question furthest from itself -- lowest cosine similarity between the sentence embeddings of the
question and of the question without the phrase -- is the output (the selection of TSDAE-style
importance by deletion).

Every candidate of every question in a batch goes through the encoder in one call, next to the question
itself (its embedding is computed once). The encoder dominates the cost: ``backend="onnx-int8"``
(``paraqd augment --set f5.backend=onnx-int8``) runs it about 4x faster on CPU; its int8 scores correlate
above 0.99 with torch's, so the deletion chosen can differ only where two candidates score nearly alike.
"""

from __future__ import annotations

import contextlib
import io
import random
from collections.abc import Sequence
from functools import cache

from ..analysis import QuestionDoc
from ..models import load_sentence_encoder
from .base import Operator, Requirement
from .registry import register_operator


@cache
def _topicrank():
    # pytextrank prints a git error on import (it looks for its own repository): keep stdout clean.
    with contextlib.redirect_stdout(io.StringIO()):
        from pytextrank import default_scrubber
        from pytextrank.topicrank import TopicRank
    return TopicRank, default_scrubber


def key_phrases(doc: QuestionDoc, top_k: int = 5, threshold: float = 0.25) -> list[list[tuple[int, int]]]:
    """The ``top_k`` TopicRank phrases of ``doc``, best first, each as the character spans of its occurrences.

    TopicRank runs on the existing parse (no second parse, no pipeline component added to the shared
    spaCy pipeline, the Doc is left untouched). An occurrence is a noun-chunk span of the phrase's topic
    whose text equals the phrase's text.
    """
    from collections import defaultdict

    topic_rank, scrub = _topicrank()
    try:
        ranker = topic_rank(doc.doc, edge_weight=1.0, pos_kept=["ADJ", "NOUN", "PROPN", "VERB"],
                            token_lookback=3, scrubber=scrub, stopwords=defaultdict(list),
                            threshold=threshold, method="average")
        phrases = ranker.calc_textrank()
    except (ValueError, ZeroDivisionError):  # no dependency parse / nothing to rank
        return []
    out: list[list[tuple[int, int]]] = []
    for phrase in phrases[:top_k]:
        key = phrase.text.lower()
        spans = sorted({(c.start_char, c.end_char) for c in phrase.chunks if scrub(c).lower() == key})
        if spans:
            out.append(spans)
    return out


@register_operator
class PhraseDeletion(Operator):
    """f5: delete the TopicRank phrase whose removal lowers cos(Q, Q without it) the most."""

    name = "phrase-deletion"
    paper_id = "f5"
    polarity = "negative"
    stage = "train"
    description = "delete the key phrase (TopicRank) whose removal changes the embedding most"
    batched = True
    model_params = ("encoder",)

    def __init__(self, top_k: int = 5, encoder: str | None = None, device: str | None = None,
                 batch_size: int = 64, threshold: float = 0.25, backend: str = "torch"):
        from ..backends import check_backend

        if top_k < 1:
            raise ValueError("top_k must be at least 1")
        self.backend = check_backend(backend)
        self.top_k = int(top_k)
        self.encoder = encoder
        self.device = device
        self.batch_size = int(batch_size)
        self.threshold = float(threshold)

    def requirements(self) -> list[Requirement]:
        return [Requirement("spacy", "en_core_web_sm"),
                Requirement("sentence-transformers", self.encoder or "pretrained", "phrase importance")]

    def load(self) -> None:
        load_sentence_encoder(self.encoder, self.device, self.backend)

    def candidates(self, doc: QuestionDoc) -> list[str]:
        """The question with each of its key phrases deleted, most important phrase (by TopicRank) first."""
        variants: list[str] = []
        for spans in key_phrases(doc, self.top_k, self.threshold):
            text = doc.replace_spans([(s, e, "") for s, e in spans])
            if text and text not in variants:
                variants.append(text)
        return variants

    def transform(self, doc: QuestionDoc, rng: random.Random) -> str | None:
        return self.transform_batch([doc], [rng])[0]

    def transform_batch(self, docs: Sequence[QuestionDoc], rngs: Sequence[random.Random]) -> list[str | None]:
        variants = [self.candidates(doc) for doc in docs]
        texts: list[str] = []
        for doc, cands in zip(docs, variants):
            if cands:
                texts.append(doc.text)
                texts.extend(cands)
        if not texts:
            return [None] * len(docs)
        encoder = load_sentence_encoder(self.encoder, self.device, self.backend)
        emb = encoder.encode(texts, batch_size=self.batch_size, convert_to_tensor=True,
                             normalize_embeddings=True, show_progress_bar=False)
        outs: list[str | None] = []
        pos = 0
        for cands in variants:
            if not cands:
                outs.append(None)
                continue
            sims = emb[pos + 1:pos + 1 + len(cands)] @ emb[pos]
            outs.append(cands[int(sims.argmin())])
            pos += 1 + len(cands)
        return outs
