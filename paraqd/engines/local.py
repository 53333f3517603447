"""The local engine: worker processes on this machine (``fork`` where available), one chunk of questions per
task, each worker parsing its share once; the default engine of ``paraqd augment``."""

from __future__ import annotations

import multiprocessing as mp
import multiprocessing.context
import multiprocessing.pool
import os
from collections.abc import Sequence
from typing import ClassVar

from ..errors import InputError
from ..scheduling import chunks as scheduling_chunks
from ..scheduling import cpu_count
from .base import Progress, Rewrites, map_in_process, rewrite_questions
from .registry import register_engine

#: Questions per task: small enough to balance two workers on a few hundred questions, large enough for
#: batched operators (f5's encoder) to batch.
CHUNK_SIZE = 32

_WORKER: dict = {}


def init_worker(operators: list, spacy_model: str | None, seed: int) -> None:
    from ..analysis import Analyzer

    _WORKER["analyzer"] = Analyzer(spacy_model)
    _WORKER["operators"] = operators
    _WORKER["seed"] = seed


def init_pool_worker(operators: list, spacy_model: str | None, seed: int) -> None:
    """Initializer of a worker process: one thread per process (the processes are the parallelism), then
    :func:`init_worker`."""
    try:
        import torch

        torch.set_num_threads(1)
    except ImportError:  # pragma: no cover - torch is a dependency
        pass
    init_worker(operators, spacy_model, seed)


def rewrite_chunk(chunk: list[tuple[int, str]]) -> list[tuple[int, Rewrites]]:
    """Process-pool task: :func:`rewrite_questions` with the worker's analyzer and operators."""
    return rewrite_questions(chunk, _WORKER["analyzer"], _WORKER["operators"], _WORKER["seed"])


class _QuietWhenOrphaned:
    """A pool worker whose parent stopped reading its results (a stop signal ended the command while the worker
    was sending a result) leaves quietly: the parent has reported the stop, a traceback would only add noise."""

    def run(self):
        try:
            super().run()
        except (BrokenPipeError, ConnectionResetError, EOFError):
            os._exit(0)


class ForkWorkerProcess(_QuietWhenOrphaned, multiprocessing.context.ForkProcess):
    pass


class SpawnWorkerProcess(_QuietWhenOrphaned, multiprocessing.context.SpawnProcess):
    pass


_WORKER_PROCESSES = {"fork": ForkWorkerProcess, "spawn": SpawnWorkerProcess}


class WorkerPool(multiprocessing.pool.Pool):
    """A process pool whose workers leave quietly when their parent stops reading (:class:`_QuietWhenOrphaned`)."""

    @staticmethod
    def Process(ctx, *args, **kwds):  # noqa: N802 - multiprocessing's name
        return _WORKER_PROCESSES[ctx.get_start_method()](*args, **kwds)


def _pool_context():
    methods = mp.get_all_start_methods()
    # fork shares the loaded spaCy model copy-on-write. Models are not shared: the model cache is per process,
    # so a worker running an ``in_workers`` operator loads its own encoder (and its own ONNX Runtime session),
    # with one thread, and never touches the parent's.
    return mp.get_context("fork" if "fork" in methods else "spawn")


def run_rule_operators(texts: Sequence[str], operators: list, seed: int, workers: int = 1,
                       spacy_model: str | None = None, chunk_size: int = CHUNK_SIZE,
                       progress: Progress | None = None) -> list[Rewrites]:
    """Run rule-based operators on every question; one dict ``{operator name: rewrite or None}`` each."""
    results: list[Rewrites] = [{} for _ in texts]
    items = list(enumerate(texts))
    if not operators or not items:
        return results
    chunks = list(scheduling_chunks(items, chunk_size))
    if workers <= 1 or len(chunks) == 1:
        init_worker(operators, spacy_model, seed)
        mapped = map(rewrite_chunk, chunks)
        pool = None
    else:
        pool = WorkerPool(min(workers, len(chunks)), initializer=init_pool_worker,
                          initargs=(operators, spacy_model, seed), context=_pool_context())
        mapped = pool.imap(rewrite_chunk, chunks)
    try:
        for chunk_result in mapped:
            for pos, outs in chunk_result:
                results[pos] = outs
            if progress:
                progress(len(chunk_result))
    except BaseException:
        if pool is not None:  # an error or an interrupt: stop the workers now, not after the queued chunks
            pool.terminate()
            pool.join()
        raise
    else:
        if pool is not None:
            pool.close()
            pool.join()
    return results


@register_engine
class LocalEngine:
    """Worker processes on this machine (``workers``: ``None`` for every core)."""

    name: ClassVar[str] = "local"

    def __init__(self, workers: int | None = None, chunk_size: int = CHUNK_SIZE):
        if workers is not None and int(workers) < 1:
            raise InputError(f"workers must be at least 1, got {workers}")
        if int(chunk_size) < 1:
            raise InputError(f"chunk_size must be at least 1, got {chunk_size}")
        self.workers = cpu_count() if workers is None else int(workers)
        self.chunk_size = int(chunk_size)

    def rewrite(self, texts, operators, seed, *, spacy_model=None, progress=None) -> list[Rewrites]:
        return run_rule_operators(texts, list(operators), seed, self.workers, spacy_model, self.chunk_size,
                                  progress)

    def map_chunks(self, task, chunks):
        """``task(*chunk)`` of every chunk, in this process (the local engine's scoring runs here)."""
        return map_in_process(task, chunks)

    def __repr__(self) -> str:
        return f"LocalEngine(workers={self.workers})"
