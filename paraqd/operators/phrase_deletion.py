"""f5: delete the question's most important phrase (negative).

Candidates are the ``top_k`` key phrases TopicRank finds in the question (paper, appendix A.2). Each
candidate is deleted by token span (every occurrence, never part of a longer word), and the deletion that
moves the question furthest from itself -- lowest cosine similarity between the sentence embeddings of the
question and of the question without the phrase -- is the output (the selection of TSDAE-style
importance by deletion).

The question and its candidates go through the encoder together, one ``encode`` call per question (the
question's embedding is computed once and compared with each candidate's): the padding is then the question's
own, so the chosen deletion depends on the question only -- never on which questions share a batch, a chunk,
a worker or an engine. The operator runs inside ``paraqd augment``'s rule-based workers (``in_workers``): each
worker loads its own encoder and deletes phrases on the parse it already made, so augmentation is bound by the
parse and the encoder.

The encoder dominates the cost. ``backend="auto"`` (the default) runs it on ONNX Runtime with int8 weights
(:mod:`paraqd.backends`, about 4x torch on CPU) when ``onnxruntime`` is installed and the encoder is a local
directory, else on torch; ``--set f5.backend=torch`` forces torch. int8 scores correlate above 0.99 with
torch's, so the deletion chosen can differ only where two candidates score nearly alike.
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
    in_workers = True
    model_params = ("encoder",)

    def __init__(self, top_k: int = 5, encoder: str | None = None, device: str | None = None,
                 batch_size: int = 64, threshold: float = 0.25, backend: str = "auto"):
        from ..backends import check_backend

        if top_k < 1:
            raise ValueError("top_k must be at least 1")
        self.backend = backend if backend == "auto" else check_backend(backend)
        self.top_k = int(top_k)
        self.encoder = encoder
        self.device = device
        self.batch_size = int(batch_size)
        self.threshold = float(threshold)

    def requirements(self) -> list[Requirement]:
        return [Requirement("spacy", "en_core_web_sm"),
                Requirement("sentence-transformers", self.encoder or "pretrained", "phrase importance")]

    def resolved_backend(self) -> str:
        """The backend the encoder runs on (``"auto"``: int8 ONNX on CPU where it can, else torch)."""
        if self.backend != "auto":
            return self.backend
        from ..backends import fastest_cpu_backend

        if self.device and not str(self.device).startswith("cpu"):
            return "torch"
        return fastest_cpu_backend(self.encoder)

    def _encoder(self):
        return load_sentence_encoder(self.encoder, self.device, self.resolved_backend())

    def load(self) -> None:
        self._encoder()

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
        outs: list[str | None] = []
        encoder = None
        for doc in docs:
            cands = self.candidates(doc)
            if not cands:
                outs.append(None)
                continue
            encoder = encoder or self._encoder()
            # one call per question: the question's own embedding once, then every candidate's
            emb = encoder.encode([doc.text, *cands], batch_size=self.batch_size, convert_to_tensor=True,
                                 normalize_embeddings=True, show_progress_bar=False)
            outs.append(cands[int((emb[1:] @ emb[0]).argmin())])
        return outs
