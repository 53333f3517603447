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

from .defaults import DEFAULT_THRESHOLD
from .errors import InputError
from .resources import resolve_encoder
from .scheduling import PROGRESS_BAR_MIN_TEXTS, encode_beside_checks, encode_overlapped, parse_beside_encoding  # noqa: F401  (re-exported: imported from here before)
from .scheduling import distinct as _distinct
from .scheduling import progress_bar as _progress_bar
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
            process may use; see :func:`paraqd.scheduling.parse_processes`). The parse runs while the
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
        self._checker = None
        self._hybrid: HybridScorer | None = None
        self.hybrid = hybrid
        self.workers = workers
        #: when each stage of the last :meth:`cosines_and_checks` call ended, in seconds from its start
        #: (parse_done, checks_done, encoder_done, total) and how many processes parsed
        self.last_stages: dict[str, float] = {}

    @property
    def hybrid(self) -> HybridScorer | None:
        """The :class:`paraqd.hybrid.HybridScorer` (the rule) this scorer lowers the learned cosine with, or
        ``None`` for the pure learned cosine. Setting one makes its checker this scorer's :attr:`checker`: a
        scorer has one checker, which the hybrid rule and the explanations share."""
        return self._hybrid

    @hybrid.setter
    def hybrid(self, hybrid: HybridScorer | None) -> None:
        self._hybrid = hybrid
        if hybrid is not None:
            self._checker = hybrid.checker

    @property
    def checker(self):
        """The critical-information checker behind explanations and hybrid scores (built on first use; the
        hybrid rule's when one was given).

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
             workers: int | None = None, rule: str | None = None) -> ParaphraseScorer:
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

        ``rule`` names a registered hybrid rule kind (:data:`paraqd.hybrid.hybrid_rules`: ``"penalty"``,
        ``"cap"``...), built with its defaults, instead of the rule the model stores; it implies the hybrid
        score (with ``hybrid=False`` it is an :class:`InputError`).
        """
        from .backends import check_backend
        from .encoders import load_encoder

        check_backend(backend)
        batch_size = check_positive_int(batch_size, "batch_size")
        if threshold is not None:
            threshold = check_threshold(threshold)
        if max_seq_length is not None:
            max_seq_length = check_positive_int(max_seq_length, "max_seq_length")
        if workers is not None:
            workers = check_positive_int(workers, "workers")
        chosen_rule = None if rule is None else check_rule(rule, hybrid)()

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
        if hybrid is None and chosen_rule is None:
            stored = stored_method(scoring, f"{resolved}/{METADATA_FILE}")
            use_hybrid = True if stored is None else stored
        else:
            use_hybrid = hybrid is not False
        scorer = cls(model, threshold=threshold, batch_size=batch_size, metadata=metadata, path=resolved,
                     backend=backend, workers=workers)
        if use_hybrid:
            from .hybrid import HybridRule, HybridScorer

            scorer.hybrid = HybridScorer(scorer.checker,
                                         rule=chosen_rule or HybridRule.from_dict(scoring.get("rule")))
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
        once they are done (:func:`paraqd.scheduling.encode_beside_checks`). Other backends parse first on large
        inputs (an ONNX Runtime session keeps its thread count), or parse in a thread while the encoder embeds
        (:func:`paraqd.scheduling.parse_beside_encoding`).
        """
        questions = check_texts(questions, "questions")
        paraphrases = check_texts(paraphrases, "paraphrases")
        same_length(questions, paraphrases, "questions", "paraphrases")
        checker = self.checker
        if self.backend == "torch" and hasattr(self.model, "encode"):
            embeddings, results, stages = encode_beside_checks(
                self.model, checker, questions, paraphrases, batch_size=self.batch_size, workers=self.workers,
                show_progress_bar=show_progress_bar)
            self.last_stages = {k: round(v, 3) for k, v in stages.items()}
            return _row_cosines(embeddings, len(questions)), results
        began = time.perf_counter()
        cosines, docs, stages = parse_beside_encoding(
            checker, [*questions, *paraphrases],
            lambda: self.cosine_pairs(questions, paraphrases, show_progress_bar=show_progress_bar),
            workers=self.workers)
        results = checker.check_pairs(questions, paraphrases, docs=docs)
        stages["checks_done"] = stages["total"] = time.perf_counter() - began
        self.last_stages = {k: round(v, 3) for k, v in stages.items()}
        return cosines, results

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


def _row_cosines(embeddings: np.ndarray, n_left: int) -> np.ndarray:
    """Cosine of row i with row n_left + i of L2-normalised ``embeddings``, clipped to [-1, 1], float32."""
    left, right = embeddings[:n_left], embeddings[n_left:]
    return np.clip(np.einsum("ij,ij->i", left, right), -1.0, 1.0).astype(np.float32)


# -- chunks scored elsewhere (paraqd score --engine NAME) ---------------------------------------------------------

# Per-process cache of scorers, by their options and the process: loaded once per worker, not once per chunk,
# and never inherited through a fork (a parent's ONNX Runtime session hangs when run in a forked child).
_SCORERS: dict[tuple, ParaphraseScorer] = {}


def scorer_options(*, model: str | None = None, device: str | None = None, backend: str = "torch",
                   batch_size: int = 64, threshold: float | None = None, hybrid: bool | None = None,
                   rule: str | None = None) -> tuple:
    """The options a worker loads its scorer with (hashable, picklable); the parse runs in the worker's own
    process (``workers=1``: the engine's workers are the parallelism)."""
    return tuple(sorted({"path": model, "device": device, "backend": backend, "batch_size": batch_size,
                         "threshold": threshold, "hybrid": hybrid, "workers": 1, "rule": rule}.items()))


def options_scorer(options: tuple) -> ParaphraseScorer:
    """This process's scorer for ``options`` (:func:`scorer_options`), loaded on first use."""
    key = (options, os.getpid())
    scorer = _SCORERS.get(key)
    if scorer is None:
        scorer = _SCORERS[key] = ParaphraseScorer.load(**dict(options))
    return scorer


def score_chunk(scorer: ParaphraseScorer, questions: Sequence[str], paraphrases: Sequence[str],
                explain: bool = False) -> tuple[np.ndarray, list[str] | None, list[list[dict]] | None]:
    """``(scores, reasons or None, findings or None)`` of one chunk of pairs (``reasons``:
    :func:`paraqd.hybrid.format_reasons`, each after its severity; ``findings``: per pair, the records of
    :meth:`paraqd.hybrid.Explanation.findings_records`)."""
    if explain:
        from .hybrid import format_reasons

        explanations = scorer.explain_pairs(questions, paraphrases)
        return (np.array([e.score for e in explanations], dtype=np.float32),
                [format_reasons(e) for e in explanations], [e.findings_records() for e in explanations])
    return scorer.score_pairs(questions, paraphrases, show_progress_bar=False), None, None


class ChunkScorer(NamedTuple):
    """The scoring task an engine runs on each ``(questions, paraphrases)`` chunk (picklable: the options travel,
    the scorer is loaded once per process): ``engine.map_chunks(ChunkScorer(options, explain), chunks)``."""

    options: tuple
    explain: bool = False

    def __call__(self, questions: Sequence[str], paraphrases: Sequence[str]
                 ) -> tuple[np.ndarray, list[str] | None, list[list[dict]] | None]:
        return score_chunk(options_scorer(self.options), list(questions), list(paraphrases), self.explain)


def check_rule(rule: str, hybrid: bool | None = None) -> type:
    """The registered hybrid rule class ``rule`` names (:data:`paraqd.hybrid.hybrid_rules`); an unknown kind, or
    a rule with ``hybrid=False`` (the pure cosine), is an :class:`InputError`."""
    if hybrid is False:
        raise InputError("a hybrid rule needs the hybrid score, not the pure cosine (--pure)")
    from .hybrid import hybrid_rules

    return hybrid_rules.get(rule)


def model_threshold(path: str | os.PathLike | None = None, threshold: float | None = None) -> float:
    """The threshold :meth:`ParaphraseScorer.load` would use (``threshold``, else the model's, else 0.5),
    without loading the model."""
    if threshold is not None:
        return float(threshold)
    resolved = resolve_encoder(None if path is None else str(path))
    metadata = read_metadata(resolved) if Path(resolved).is_dir() else {}
    return float((metadata.get("scoring", {}) or {}).get("threshold", DEFAULT_THRESHOLD))
