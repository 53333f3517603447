"""What every execution engine shares: the protocol, the per-(question, operator) generators and the rewrite of
one batch of questions (parsed once, every operator applied).

This module imports nothing from :mod:`paraqd.augmentation`; the augmentation pipeline imports the engines, never
the other way round.
"""

from __future__ import annotations

import hashlib
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


# -- chunks of other work (``paraqd score``) --------------------------------------------------------------------
# An engine that can also run other work on chunks defines ``map_chunks(task, chunks)``: ``task(*chunk)`` for
# every chunk, results in input order, read ahead boundedly; ``task`` is picklable (it may run in another
# process), e.g. :class:`paraqd.scoring.ChunkScorer` for ``paraqd score --engine NAME``.


def map_in_process(task: Callable[..., Any], chunks: Iterable[tuple]) -> Iterator[Any]:
    """``map_chunks`` in this process, chunk after chunk."""
    for chunk in chunks:
        yield task(*chunk)
