"""What every execution engine shares: the protocol, the per-(question, operator) generators and the rewrite of
one batch of questions (parsed once, every operator applied).

This module imports nothing from :mod:`paraqd.augmentation`; the augmentation pipeline imports the engines, never
the other way round.
"""

from __future__ import annotations

import hashlib
import os
import random
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import TYPE_CHECKING, Any, ClassVar, Protocol, runtime_checkable

if TYPE_CHECKING:  # pragma: no cover
    from ..operators import Operator

Rewrites = dict[str, "str | None"]
Progress = Callable[[int], None]


def derive_rng(seed: int, position: int, purpose: str) -> random.Random:
    """A generator for one (question, operator) cell, independent of processing order."""
    digest = hashlib.blake2b(f"{seed}\x1f{position}\x1f{purpose}".encode(), digest_size=8).digest()
    return random.Random(int.from_bytes(digest, "big"))


def rewrite_questions(items: Sequence[tuple[int, str]], analyzer, operators: Sequence[Operator],
                      seed: int) -> list[tuple[int, Rewrites]]:
    """Analyse ``(position, text)`` items once each and apply every operator; every engine calls this.

    Per-question operators rewrite one document at a time; batched ones (``in_workers``) get all the
    documents of the items at once.
    """
    positions = [p for p, _ in items]
    docs = list(analyzer.pipe([t for _, t in items]))
    outs: list[Rewrites] = [{} for _ in docs]
    for op in operators:
        if op.batched:
            rewrites = op.rewrite_batch(docs, [derive_rng(seed, pos, op.name) for pos in positions])
        else:
            rewrites = [op.rewrite(doc, derive_rng(seed, pos, op.name)) for pos, doc in zip(positions, docs)]
        for out, rewrite in zip(outs, rewrites):
            out[op.name] = rewrite
    return list(zip(positions, outs))


@runtime_checkable
class Engine(Protocol):
    """Where ``paraqd augment`` runs its rule-based operators (and the operators with small models).

    An engine is created with its own options (``get_engine("dask", address=...)``) and returns, for
    every question in order, the dict ``{operator name: rewrite or None}``. Every random choice is seeded by
    ``(seed, position, operator)`` (:func:`derive_rng`), so any engine gives the same rewrites as any other.
    :func:`rewrite_questions` does the work on one batch of questions wherever the engine runs it.
    """

    name: ClassVar[str]

    def rewrite(self, texts: Sequence[str], operators: Sequence[Operator], seed: int, *,
                spacy_model: str | None = None, progress: Progress | None = None) -> list[Rewrites]:
        ...


# -- scoring ----------------------------------------------------------------------------------------------------
# An engine that can also run ``paraqd score`` defines ``score_chunks(chunks, options, *, explain=False)``: an
# iterable of ``(questions, paraphrases)`` chunks in, ``(scores, reasons or None)`` per chunk out, in order,
# each chunk scored by a scorer loaded from ``options`` (:func:`scorer_options`) exactly as this process would.

ScoredChunk = tuple[Any, "list[str] | None"]

# Per-process cache of scorers, by their options and the process: loaded once per worker, not once per chunk,
# and never inherited through a fork (a parent's ONNX Runtime session hangs when run in a forked child).
_SCORERS: dict[tuple, Any] = {}


def scorer_options(*, model: str | None = None, device: str | None = None, backend: str = "torch",
                   batch_size: int = 64, threshold: float | None = None, hybrid: bool | None = None,
                   rule: str | None = None) -> tuple:
    """The options a worker loads its scorer with (hashable, picklable); the parse runs in the worker's own
    process (``workers=1``: the engine's workers are the parallelism)."""
    return tuple(sorted({"path": model, "device": device, "backend": backend, "batch_size": batch_size,
                         "threshold": threshold, "hybrid": hybrid, "workers": 1, "rule": rule}.items()))


def options_scorer(options: tuple):
    """This process's scorer for ``options`` (:func:`scorer_options`), loaded on first use."""
    key = (options, os.getpid())
    scorer = _SCORERS.get(key)
    if scorer is None:
        from ..scoring import ParaphraseScorer

        scorer = _SCORERS[key] = ParaphraseScorer.load(**dict(options))
    return scorer


def score_with(scorer, questions: list[str], paraphrases: list[str], explain: bool = False) -> ScoredChunk:
    """``(scores, reasons or None)`` of one chunk of pairs: what every engine computes per chunk."""
    if explain:
        import numpy as np

        from ..hybrid import format_reasons

        explanations = scorer.explain_pairs(questions, paraphrases)
        return (np.array([e.score for e in explanations], dtype=np.float32),
                [format_reasons(e) for e in explanations])
    return scorer.score_pairs(questions, paraphrases, show_progress_bar=False), None


def score_in_process(chunks: Iterable[tuple[Sequence[str], Sequence[str]]], options: tuple, *,
                     explain: bool = False) -> Iterator[ScoredChunk]:
    """``score_chunks`` in this process, chunk after chunk."""
    scorer = options_scorer(options)
    for questions, paraphrases in chunks:
        yield score_with(scorer, list(questions), list(paraphrases), explain)

