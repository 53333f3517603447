"""Score (question, paraphrase) pairs with a sentence encoder and the critical-information check.

By default the score is **hybrid**: the learned cosine similarity of the two embeddings, lowered by what the
critical-information check finds (a number, unit or question lost or changed: :mod:`paraqd.hybrid`). The
paper's score, the learned cosine alone, is one argument away: ``load(hybrid=False)`` (``--pure`` on the
command line). A model whose ``paraqd.json`` says ``"method": "pure"`` keeps the pure cosine.

A paraphrase is *valid* when its score reaches the threshold (0.5 in the paper, not tuned). Each distinct text is
encoded once per call, so ranking many candidates for one question encodes the question a single time::

    from paraqd import ParaphraseScorer

    scorer = ParaphraseScorer.load()               # embedded all-MiniLM-L6-v2 + the check, or load("model_dir/")
    scorer.score("Alex walked 4 km.", "Alex walked four kilometres.")
    scorer.rank("Alex walked 4 km.", candidates)   # [RankedCandidate(text, score, index), ...] best first
    scorer.explain(question, paraphrase).reasons   # why: ['the number 4 is missing']
    ParaphraseScorer.load(hybrid=False)            # the paper's pure cosine
"""

from __future__ import annotations

import json
import logging
import os
import time
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple

import numpy as np

from .defaults import BACKENDS, DEFAULT_THRESHOLD
from .errors import InputError
from .resources import resolve_encoder
from .validation import (
    TextTypeError,
    check_positive_int,
    check_text,
    check_texts,
    check_threshold,
    same_length,
    text_sequence,
)

if TYPE_CHECKING:  # pragma: no cover
    from sentence_transformers import SentenceTransformer

    from .hybrid import HybridScorer

logger = logging.getLogger(__name__)

METADATA_FILE = "paraqd.json"
#: ``scoring.method`` values of a model's ``paraqd.json``: the hybrid score, or the learned cosine alone
#: (``"cosine"`` is what paraqd wrote for the pure score before the hybrid score became the default).
HYBRID_METHOD, PURE_METHODS = "hybrid", ("pure", "cosine")
#: Inputs with at least this many distinct texts show a progress bar when ``show_progress_bar`` is None.
PROGRESS_BAR_MIN_TEXTS = 2048


class RankedCandidate(NamedTuple):
    """One candidate of :meth:`ParaphraseScorer.rank`: its text, score and position in the input list."""

    text: str
    score: float
    index: int


def read_metadata(model_dir: str | os.PathLike) -> dict[str, Any]:
    """The ``paraqd.json`` written beside a trained model, or ``{}`` when there is none."""
    path = Path(model_dir) / METADATA_FILE
    if not path.is_file():
        return {}
    try:
        with open(path, encoding="utf-8") as fh:
            data = json.load(fh)
    except (OSError, ValueError) as exc:
        raise InputError(f"{path}: cannot read model metadata: {exc}") from None
    if not isinstance(data, dict):
        raise InputError(f"{path}: model metadata is not a JSON object")
    return data


def stored_method(scoring: dict[str, Any], source: str = METADATA_FILE) -> bool | None:
    """Whether a ``paraqd.json`` ``scoring`` section asks for the hybrid score (True), the pure cosine (False),
    or says nothing (None: the library default, hybrid)."""
    method = scoring.get("method")
    if method is None:
        return None if "hybrid" not in scoring else bool(scoring["hybrid"])
    if method == HYBRID_METHOD:
        return True
    if method in PURE_METHODS:
        return False
    raise InputError(f"{source}: unknown scoring.method {method!r}; expected "
                     f"{', '.join((HYBRID_METHOD, *PURE_METHODS))}")


def _check_texts(texts: Sequence[str], what: str) -> list[str]:
    """Texts to encode: strings (an empty one is allowed here; scored pairs refuse it, :func:`check_texts`)."""
    out = text_sequence(texts, what)
    for i, text in enumerate(out):
        if not isinstance(text, str):
            raise TextTypeError(f"{what}[{i}]", f"is not text ({type(text).__name__})")
    return out


class ParaphraseScorer:
    """Paraphrase scorer around a :class:`~sentence_transformers.SentenceTransformer`: the learned cosine,
    lowered by the critical-information check when ``hybrid`` is set (what :meth:`load` does by default).

    Built directly, a scorer is pure (``hybrid=None``); :meth:`load` is the way to get the default scorer.

    Args:
        model: the sentence encoder.
        threshold: score at or above which a paraphrase counts as valid.
        batch_size: encoding batch size.
        metadata: the model's ``paraqd.json`` content (``{}`` for a model not trained by paraqd).
        path: where the model was loaded from, for messages.
        backend: the inference backend the model runs on.
        hybrid: a :class:`paraqd.hybrid.HybridScorer` lowering the learned cosine by what the
            critical-information check finds, or ``None`` for the pure learned cosine.
        workers: processes that parse the texts of the check on large inputs (``None``: every core this
            process may use; see :func:`paraqd.checks.checker.parse_processes`). The parse runs while the
            encoder embeds the same texts.
    """

    def __init__(self, model: SentenceTransformer, *, threshold: float = DEFAULT_THRESHOLD, batch_size: int = 64,
                 metadata: dict[str, Any] | None = None, path: str | None = None, backend: str = "torch",
                 hybrid: HybridScorer | None = None, workers: int | None = None) -> None:
        batch_size = check_positive_int(batch_size, "batch_size")
        if workers is not None:
            workers = check_positive_int(workers, "workers")
        self.model = model
        self.threshold = check_threshold(threshold)
        self.batch_size = batch_size
        self.metadata: dict[str, Any] = dict(metadata or {})
        self.path = path
        self.backend = backend
        self.hybrid = hybrid
        self.workers = workers
        self._checker = None
        #: when each stage of the last :meth:`cosines_and_checks` call ended, in seconds from its start
        #: (parse_done, checks_done, encoder_done, total) and how many processes parsed
        self.last_stages: dict[str, float] = {}

    @property
    def checker(self):
        """The critical-information checker behind explanations and hybrid scores (built on first use).

        Its entity check judges one-place renames with this scorer's encoder (a noun replaced by a synonym,
        "shop" -> "store", is not a broken rename; :class:`paraqd.checks.WordSimilarity`).
        """
        if self._checker is None:
            from .checks import CriticalInfoChecker, WordSimilarity

            self._checker = CriticalInfoChecker(synonyms=WordSimilarity(self.encode))
        return self._checker

    @classmethod
    def load(cls, path: str | os.PathLike | None = None, *, device: str | None = None, backend: str = "torch",
             batch_size: int = 64, threshold: float | None = None,
             max_seq_length: int | None = None, hybrid: bool | None = None,
             workers: int | None = None) -> ParaphraseScorer:
        """Load a scorer from a model directory or name (``None``: the embedded all-MiniLM-L6-v2).

        ``device`` None picks CUDA, then MPS, then CPU. ``threshold`` None takes the model's own from its
        ``paraqd.json`` (``scoring.threshold``), else 0.5. ``backend`` is ``"torch"``, ``"onnx"`` or
        ``"onnx-int8"`` (ONNX Runtime, int8 weights) or ``"openvino"`` (OpenVINO, bfloat16 where the CPU has it:
        the fastest on such CPUs; see :mod:`paraqd.backends`).

        ``hybrid`` None (the default) scores with the hybrid rule (:mod:`paraqd.hybrid`: the learned cosine
        lowered by what the critical-information check finds), with the rule the model's ``paraqd.json``
        stores, unless that file asks for the pure cosine (``scoring.method`` ``"pure"``, or ``"cosine"``,
        what ``paraqd train`` wrote before the hybrid score was the default). True forces the hybrid score;
        False gives the pure learned cosine, the paper's score, whatever the model says. ``workers`` bounds
        the processes that parse large inputs for the check (``None``: every core).
        """
        if backend not in BACKENDS:
            raise InputError(f"unknown backend {backend!r}; choose one of {', '.join(BACKENDS)}")
        batch_size = check_positive_int(batch_size, "batch_size")
        if threshold is not None:
            threshold = check_threshold(threshold)
        if max_seq_length is not None:
            max_seq_length = check_positive_int(max_seq_length, "max_seq_length")
        if workers is not None:
            workers = check_positive_int(workers, "workers")
        from .encoders import load_encoder

        resolved = resolve_encoder(None if path is None else str(path))
        metadata = read_metadata(resolved) if Path(resolved).is_dir() else {}
        # a scorer owns its encoder (max_seq_length below changes it): not the shared cached one
        model = load_encoder(resolved, backend=backend, device=device, cached=False)
        if max_seq_length is not None:
            model.max_seq_length = int(max_seq_length)
        scoring = metadata.get("scoring", {}) or {}
        if threshold is None:
            threshold = check_threshold(scoring.get("threshold", DEFAULT_THRESHOLD), "scoring.threshold of "
                                        f"{resolved}/{METADATA_FILE}")
        if hybrid is None:
            stored = stored_method(scoring, f"{resolved}/{METADATA_FILE}")
            use_hybrid = True if stored is None else stored
        else:
            use_hybrid = bool(hybrid)
        scorer = cls(model, threshold=threshold, batch_size=batch_size, metadata=metadata, path=resolved,
                     backend=backend, workers=workers)
        if use_hybrid:
            from .hybrid import HybridRule, HybridScorer

            scorer.hybrid = HybridScorer(scorer.checker, rule=HybridRule.from_dict(scoring.get("rule")))
        return scorer

    # -- embeddings -------------------------------------------------------------------------------------

    def encode(self, texts: Sequence[str], show_progress_bar: bool | None = None) -> np.ndarray:
        """L2-normalised embeddings (float32, one row per text); each distinct text is encoded once."""
        texts = _check_texts(texts, "texts")
        if not texts:
            return np.zeros((0, self.dimension), dtype=np.float32)
        distinct, index = _distinct(texts)
        embeddings = self.model.encode(distinct, batch_size=self.batch_size, convert_to_numpy=True,
                                       normalize_embeddings=True,
                                       show_progress_bar=_progress_bar(len(distinct), show_progress_bar))
        return np.asarray(embeddings, dtype=np.float32)[index]

    @property
    def dimension(self) -> int:
        """Size of the embedding vectors."""
        getter = getattr(self.model, "get_embedding_dimension", None) or \
            self.model.get_sentence_embedding_dimension
        return int(getter())

    # -- scores -----------------------------------------------------------------------------------------

    def cosine_pairs(self, questions: Sequence[str], paraphrases: Sequence[str],
                     show_progress_bar: bool | None = None) -> np.ndarray:
        """Learned cosine similarity of each (question, paraphrase) pair, in [-1, 1].

        This is the pure embedding score; :meth:`score_pairs` builds on it, and so can hybrid scorers.
        """
        questions = check_texts(questions, "questions")
        paraphrases = check_texts(paraphrases, "paraphrases")
        same_length(questions, paraphrases, "questions", "paraphrases")
        return _row_cosines(self.encode(questions + paraphrases, show_progress_bar=show_progress_bar), len(questions))

    def score_pairs(self, questions: Sequence[str], paraphrases: Sequence[str],
                    show_progress_bar: bool | None = None) -> np.ndarray:
        """Scores of (question, paraphrase) pairs as a float32 array, in [-1, 1].

        The learned cosine, lowered by what the critical-information check finds when the scorer is hybrid.
        """
        if self.hybrid is None:
            return self.cosine_pairs(questions, paraphrases, show_progress_bar=show_progress_bar)
        cosines, results = self.cosines_and_checks(questions, paraphrases, show_progress_bar=show_progress_bar)
        return self.hybrid.combine(cosines, results)

    def cosines_and_checks(self, questions: Sequence[str], paraphrases: Sequence[str],
                           show_progress_bar: bool | None = None) -> tuple[np.ndarray, list]:
        """The learned cosines and the critical-information check results of the pairs.

        On the torch backend the encoder embeds the distinct texts in a thread while this one parses them
        (in up to :attr:`workers` spaCy processes on large inputs) and runs the checks: the encoder uses one
        thread of computation while the parse and the checks take the other core, and all of its threads
        once they are done (:func:`encode_overlapped`). Other backends parse first on large inputs (an ONNX
        Runtime session keeps its thread count), or parse in a thread while the encoder embeds.
        """
        from concurrent.futures import ThreadPoolExecutor

        from .checks.checker import parse_processes

        questions = check_texts(questions, "questions")
        paraphrases = check_texts(paraphrases, "paraphrases")
        same_length(questions, paraphrases, "questions", "paraphrases")
        checker = self.checker if self.hybrid is None else self.hybrid.checker
        texts = [*questions, *paraphrases]
        if self.backend == "torch" and hasattr(self.model, "encode"):
            return self._overlapped_cosines_and_checks(checker, questions, paraphrases, show_progress_bar)
        began = time.perf_counter()
        n_process = parse_processes(len(set(texts)), self.workers)
        stages = {"parse_processes": n_process}
        if n_process > 1:
            # spaCy's worker processes are forked from this (the main) thread: forked from another thread
            # they exit with an error status (spaCy warning W127), though their parses arrive
            docs = checker.analyze_texts(texts, workers=self.workers)
            stages["parse_done"] = time.perf_counter() - began
            cosines = self.cosine_pairs(questions, paraphrases, show_progress_bar=show_progress_bar)
            stages["encoder_done"] = time.perf_counter() - began
        else:
            with ThreadPoolExecutor(1, thread_name_prefix="paraqd-parse") as pool:
                parsed = pool.submit(checker.analyze_texts, texts, workers=1)
                try:
                    cosines = self.cosine_pairs(questions, paraphrases, show_progress_bar=show_progress_bar)
                    stages["encoder_done"] = time.perf_counter() - began
                finally:
                    docs = parsed.result()
                stages["parse_done"] = time.perf_counter() - began
        results = checker.check_pairs(questions, paraphrases, docs=docs)
        stages["checks_done"] = stages["total"] = time.perf_counter() - began
        self.last_stages = {k: round(v, 3) for k, v in stages.items()}
        return cosines, results

    def _overlapped_cosines_and_checks(self, checker, questions: list[str], paraphrases: list[str],
                                       show_progress_bar: bool | None) -> tuple[np.ndarray, list]:
        """:meth:`cosines_and_checks` with the encoder in a thread beside the parse and the checks."""
        import threading
        from concurrent.futures import ThreadPoolExecutor

        import torch

        from .checks.checker import parse_processes

        distinct, index = _distinct([*questions, *paraphrases])
        clock = time.perf_counter
        began = clock()
        n_process = parse_processes(len(distinct), self.workers)
        extra = {"n_process": n_process} if n_process > 1 else {}  # an Analyzer-like object may not take it
        parsed = checker.analyzer.pipe(distinct, batch_size=self.batch_size, **extra)
        busy, stop = threading.Event(), threading.Event()
        busy.set()
        with ThreadPoolExecutor(1, thread_name_prefix="paraqd-encode") as pool:
            # the first parse starts spaCy's worker processes: they fork before the encoder's thread exists
            first = next(parsed, None)
            encoded = pool.submit(encode_overlapped, self.model, distinct, self.batch_size, busy,
                                  torch.get_num_threads(), _progress_bar(len(distinct), show_progress_bar), stop)
            stages = {"parse_processes": n_process}

            def encoder_done() -> None:  # the judges encode their words after the sentences, not beside
                stages["checks_done"] = clock() - began
                busy.clear()
                encoded.result()
                stages["encoder_done"] = clock() - began

            try:
                docs = dict(zip(distinct, [] if first is None else [first, *parsed]))
                stages["parse_done"] = clock() - began
                results = checker.check_pairs(questions, paraphrases, docs=docs, before_encoding=encoder_done)
            except BaseException:  # an interrupt or an error: the encoder stops after its current batch
                stop.set()
                raise
            embeddings = encoded.result()[index]
        stages["total"] = clock() - began
        self.last_stages = {k: round(v, 3) for k, v in stages.items()}
        return _row_cosines(embeddings, len(questions)), results

    def explain_pairs(self, questions: Sequence[str], paraphrases: Sequence[str]) -> list:
        """Score, learned cosine, verdict and reasons per pair (:class:`paraqd.hybrid.Explanation`).

        The verdict is always ``score >= threshold`` with this scorer's score. The reasons come from the
        critical-information check even when the scorer is pure; then the score and verdict are the learned
        cosine's, and an explanation whose verdict ignores findings says so (``Explanation.method`` is
        ``"pure"``).
        """
        from .hybrid import HybridScorer

        cosines, results = self.cosines_and_checks(questions, paraphrases)
        hybrid = self.hybrid or HybridScorer(self.checker)
        return hybrid.explain_results(cosines, results, self.threshold, apply_rule=self.hybrid is not None)

    def explain(self, question: str, paraphrase: str):
        """Why ``paraphrase`` is (in)valid: score, verdict and reasons (see :meth:`explain_pairs`)."""
        check_text(question, "question")
        check_text(paraphrase, "paraphrase")
        return self.explain_pairs([question], [paraphrase])[0]

    def score(self, question: str, paraphrase: str) -> float:
        """Score of one paraphrase of ``question``, in [-1, 1]; an empty or whitespace-only text is refused
        (:class:`paraqd.validation.TextError`, a ``ValueError`` naming the argument)."""
        check_text(question, "question")
        check_text(paraphrase, "paraphrase")
        return float(self.score_pairs([question], [paraphrase])[0])

    def valid_pairs(self, questions: Sequence[str], paraphrases: Sequence[str],
                    threshold: float | None = None) -> np.ndarray:
        """Boolean array: whether each pair's score reaches ``threshold`` (default: the scorer's)."""
        limit = self.threshold if threshold is None else check_threshold(threshold)
        return self.score_pairs(questions, paraphrases) >= limit

    def is_valid(self, question: str, paraphrase: str, threshold: float | None = None) -> bool:
        """Whether ``paraphrase`` keeps the information of ``question`` (score >= threshold)."""
        check_text(question, "question")
        check_text(paraphrase, "paraphrase")
        return bool(self.valid_pairs([question], [paraphrase], threshold=threshold)[0])

    def rank(self, question: str, candidates: Sequence[str]) -> list[RankedCandidate]:
        """Candidates sorted best first, with their scores and input positions (ties keep input order)."""
        check_text(question, "question")
        candidates = check_texts(candidates, "candidates")
        scores = self.score_pairs([question] * len(candidates), candidates)
        order = np.argsort(-scores, kind="stable")
        return [RankedCandidate(candidates[i], float(scores[i]), int(i)) for i in order]

    @property
    def method(self) -> str:
        """``"hybrid"`` or ``"pure"``: the score this scorer gives (:meth:`load` picks hybrid by default)."""
        return "pure" if self.hybrid is None else "hybrid"

    @property
    def description(self) -> str:
        """The score in words for reports: ``"hybrid score (penalty rule)"`` or ``"pure cosine"``."""
        return "pure cosine" if self.hybrid is None else f"hybrid score ({self.hybrid.rule.kind} rule)"

    def __repr__(self) -> str:
        return (f"{type(self).__name__}(path={self.path!r}, threshold={self.threshold}, "
                f"backend={self.backend!r}, hybrid={self.hybrid is not None})")


def _distinct(texts: Sequence[str]) -> tuple[list[str], np.ndarray]:
    """The distinct texts in first-seen order, and each text's row among them."""
    unique: dict[str, int] = {}
    index = np.fromiter((unique.setdefault(t, len(unique)) for t in texts), dtype=np.int64, count=len(texts))
    return list(unique), index


def _progress_bar(n_texts: int, show: bool | None) -> bool:
    """``show``, or when None: a bar for :data:`PROGRESS_BAR_MIN_TEXTS` texts or more at log level INFO."""
    if show is None:
        return n_texts >= PROGRESS_BAR_MIN_TEXTS and logger.getEffectiveLevel() <= logging.INFO
    return bool(show)


def _row_cosines(embeddings: np.ndarray, n_left: int) -> np.ndarray:
    """Cosine of row i with row n_left + i of L2-normalised ``embeddings``, clipped to [-1, 1], float32."""
    left, right = embeddings[:n_left], embeddings[n_left:]
    return np.clip(np.einsum("ij,ij->i", left, right), -1.0, 1.0).astype(np.float32)


def encode_overlapped(model, texts: Sequence[str], batch_size: int, busy, threads: int,
                      show_progress_bar: bool = False, stop=None) -> np.ndarray:
    """L2-normalised embeddings of ``texts`` (float32), encoded on one torch thread while ``busy`` (a
    :class:`threading.Event`) is set, on ``threads`` after (run in a thread beside other work). ``stop`` (an
    event) set ends it after the current batch, with :class:`InterruptedError`.

    One ``SentenceTransformer.encode`` call per batch, the batches those of one call over all the texts (the
    texts longest first, by the same sort), so every embedding is bit for bit the one a single call gives
    (a text's embedding depends on the padding of its batch, not on the thread count). Torch's thread count
    is per thread: the caller's stays as it was.
    """
    import torch

    if not texts:
        return np.zeros((0, 0), dtype=np.float32)
    can_flatten = getattr(model, "_can_flatten_inputs", None)
    if callable(can_flatten) and can_flatten():  # unpadded batches (flash attention): one call
        return np.asarray(model.encode(list(texts), batch_size=batch_size, convert_to_numpy=True,
                                       normalize_embeddings=True, show_progress_bar=show_progress_bar),
                          dtype=np.float32)
    order = np.argsort([-len(t) for t in texts])  # SentenceTransformer.encode's own order for text
    out: np.ndarray | None = None
    bar = None
    if show_progress_bar:
        from tqdm.auto import tqdm

        bar = tqdm(total=len(texts), desc="encoding", unit="text")
    try:
        for start in range(0, len(order), batch_size):
            if stop is not None and stop.is_set():
                raise InterruptedError("encoding stopped")
            torch.set_num_threads(1 if busy.is_set() else max(1, threads))
            batch = order[start:start + batch_size]
            rows = np.asarray(model.encode([texts[i] for i in batch], batch_size=batch_size, convert_to_numpy=True,
                                           normalize_embeddings=True, show_progress_bar=False), dtype=np.float32)
            if out is None:
                out = np.empty((len(texts), rows.shape[1]), dtype=np.float32)
            out[batch] = rows
            if bar is not None:
                bar.update(len(batch))
    finally:
        if bar is not None:
            bar.close()
    assert out is not None
    return out


def model_threshold(path: str | os.PathLike | None = None, threshold: float | None = None) -> float:
    """The threshold :meth:`ParaphraseScorer.load` would use (``threshold``, else the model's, else 0.5),
    without loading the model."""
    if threshold is not None:
        return float(threshold)
    resolved = resolve_encoder(None if path is None else str(path))
    metadata = read_metadata(resolved) if Path(resolved).is_dir() else {}
    return float((metadata.get("scoring", {}) or {}).get("threshold", DEFAULT_THRESHOLD))
