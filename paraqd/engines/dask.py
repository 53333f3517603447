"""The Dask engine: augmentation and scoring on Dask, from one laptop to a cluster.

Augmentation: the questions are cut into partitions of ``(position, text)`` items; each partition is parsed once
and rewritten by every rule-based operator (and f5, whose encoder each worker loads) with
:func:`paraqd.engines.base.rewrite_questions`, on whichever worker Dask picks.
Every random choice is seeded by ``(seed, position, operator)``, so the result is identical to the local engine's
whatever the partitioning, the number of workers or the order in which partitions finish.

Two modes:

* ``address=None``: Dask's ``processes`` scheduler on this machine; no server, only the ``dask`` package;
* ``address="tcp://host:8786"`` (or a :class:`distributed.Client`, or ``"local"`` for a throw-away
  :class:`~distributed.LocalCluster`): the distributed scheduler; needs the ``distributed`` package, and
  paraqd with its spaCy pipeline installed on every worker. ``"local"`` spawns its worker processes, so a
  script using it needs the usual ``if __name__ == "__main__":`` guard.

    from paraqd.augmentation import augment
    triplets = augment(questions, engine="dask", engine_options={"address": "tcp://scheduler:8786"})

Scoring (``paraqd score --engine dask``): :func:`map_chunks` sends the chunks the local engine would score,
whole, to the workers with the scoring task (:class:`paraqd.scoring.ChunkScorer`: each worker loads the scorer
once), a few at a time, and yields the results in input order; each chunk is scored exactly as the local engine
scores it, so the output is the same file.
"""

from __future__ import annotations

import contextlib
import logging
import multiprocessing as mp
from collections.abc import Callable, Sequence
from typing import Any, ClassVar

from ..errors import InputError, ParaqdError
from ..scheduling import (  # noqa: F401  (re-exported: imported from here before)
    PARTITIONS_PER_WORKER,
    TARGET_PARTITION_SIZE,
    cpu_count,
    default_partitions,
    split_items,
)
from .base import Rewrites, rewrite_questions
from .registry import register_engine

logger = logging.getLogger(__name__)

# Per-worker-process cache: spaCy pipelines are loaded once per worker, not once per partition.
_ANALYZERS: dict[str | None, Any] = {}


def _worker_analyzer(spacy_model: str | None):
    analyzer = _ANALYZERS.get(spacy_model)
    if analyzer is None:
        from ..analysis import Analyzer

        analyzer = _ANALYZERS[spacy_model] = Analyzer(spacy_model)
    return analyzer


def rewrite_partition(items: Sequence[tuple[int, str]], operators: Sequence, seed: int,
                      spacy_model: str | None) -> list[tuple[int, Rewrites]]:
    """Dask task: parse one partition once and apply every operator (runs on a worker)."""
    return rewrite_questions(list(items), _worker_analyzer(spacy_model), operators, seed)


def dask_rule_operators(texts: Sequence[str], operators: Sequence, seed: int, spacy_model: str | None = None,
                        *, address: Any = None, partitions: int | None = None, workers: int | None = None,
                        progress: Callable[[int], None] | None = None) -> list[Rewrites]:
    """Run rule-based operators on Dask; one dict ``{operator name: rewrite or None}`` per question, in order.

    Args:
        texts: the questions.
        operators: built rule-based operators (they are pickled to the workers).
        seed: the run's seed; rewrites depend only on it, the position and the operator.
        spacy_model: spaCy pipeline the workers load (default: paraqd's).
        address: ``None`` for the ``processes`` scheduler on this machine, a scheduler address such as
            ``"tcp://10.0.0.5:8786"``, ``"local"`` for a temporary local cluster, or a ``distributed.Client``.
        partitions: number of partitions (default: see :func:`default_partitions`).
        workers: processes for ``address=None`` / ``"local"`` (default: all cores).
        progress: called with the number of questions of each finished partition.
    """
    try:
        import dask
        import dask.bag  # noqa: F401  (checks the "bag" extra's dependencies)
    except ImportError:
        raise InputError("engine 'dask' needs Dask: pip install 'paraqd[dask]'") from None
    if partitions is not None and int(partitions) < 1:
        raise InputError(f"partitions must be at least 1, got {partitions}")
    if workers is not None and int(workers) < 1:
        raise InputError(f"workers must be at least 1, got {workers}")

    texts = list(texts)
    results: list[Rewrites] = [{} for _ in texts]
    if not operators or not texts:
        return results
    operators = list(operators)

    if address is None:
        n_workers = int(workers or cpu_count())
        chunks = split_items(texts, int(partitions or default_partitions(len(texts), n_workers)))
        finished = _run_processes(chunks, operators, seed, spacy_model, n_workers, progress)
    else:
        finished = _run_distributed(texts, partitions, operators, seed, spacy_model, address, workers, progress)
    for chunk_result in finished:
        for pos, outs in chunk_result:
            results[pos] = outs
    return results


def _run_processes(chunks, operators, seed, spacy_model, n_workers, progress):
    """The ``processes`` scheduler: a pool on this machine, no server."""
    import dask
    from dask.callbacks import Callback

    tasks = [dask.delayed(rewrite_partition, pure=False)(chunk, operators, seed, spacy_model)
             for chunk in chunks]
    keys = {task.key for task in tasks}

    def posttask(key, result, dsk, state, worker_id):
        if progress is not None and key in keys:
            progress(len(result))

    # fork shares the parent's imports (and a parsed spaCy model) copy-on-write, as the local engine does
    context = "fork" if "fork" in mp.get_all_start_methods() else "spawn"
    with dask.config.set({"multiprocessing.context": context}), Callback(posttask=posttask):
        return dask.compute(*tasks, scheduler="processes", num_workers=min(n_workers, len(tasks)))


@contextlib.contextmanager
def _connected(address: Any, workers: int | None, local: tuple = ("local",)):
    """A ``distributed.Client`` for ``address``: the given Client itself, a temporary LocalCluster of ``workers``
    processes (default every core) when ``address`` is one of ``local``, else a scheduler address; what this
    opened is closed on exit."""
    from distributed import Client, LocalCluster

    own_cluster = own_client = None
    try:
        if isinstance(address, Client):
            client = address
        elif address in local:
            own_cluster = LocalCluster(n_workers=int(workers or cpu_count()), threads_per_worker=1,
                                       processes=True, dashboard_address=None)
            client = own_client = Client(own_cluster)
        else:
            try:
                client = own_client = Client(str(address), timeout="20s")
            except (OSError, TimeoutError) as exc:
                raise InputError(f"cannot reach the Dask scheduler at {address}: {exc}") from None
        yield client
    finally:
        if own_client is not None:
            own_client.close()
        if own_cluster is not None:
            own_cluster.close()


def _worker_result(future) -> Any:
    """A finished task's result; a worker's own failure (no paraqd, a missing model) as one InputError."""
    try:
        return future.result()
    except ParaqdError:
        raise
    except Exception as exc:
        raise InputError(f"a Dask worker failed: {type(exc).__name__}: {exc}") from None


def _run_distributed(texts, partitions, operators, seed, spacy_model, address, workers, progress):
    """The distributed scheduler: an existing cluster, a given Client, or a temporary LocalCluster."""
    try:
        from distributed import as_completed
    except ImportError:
        raise InputError("a Dask scheduler address needs the distributed package: "
                         "pip install 'paraqd[dask]'") from None

    with _connected(address, workers) as client:
        n_workers = max(1, sum(client.nthreads().values()))
        chunks = split_items(texts, int(partitions or default_partitions(len(texts), n_workers)))
        [shared_ops] = client.scatter([operators], broadcast=True)  # sent once per worker, not per task
        futures = [client.submit(rewrite_partition, chunk, shared_ops, seed, spacy_model, pure=False)
                   for chunk in chunks]
        out = []
        for future in as_completed(futures):
            chunk_result = _worker_result(future)
            out.append(chunk_result)
            if progress is not None:
                progress(len(chunk_result))
        return out


@register_engine
class DaskEngine:
    """Dask: ``address`` ``None`` (the ``processes`` scheduler here), ``"local"`` (a temporary LocalCluster), a
    scheduler address or a ``distributed.Client``; ``partitions`` and ``workers`` as in
    :func:`dask_rule_operators`."""

    name: ClassVar[str] = "dask"

    def __init__(self, address: Any = None, partitions: int | None = None, workers: int | None = None):
        self.address = address
        self.partitions = partitions
        self.workers = workers

    def rewrite(self, texts, operators, seed, *, spacy_model=None, progress=None) -> list[Rewrites]:
        return dask_rule_operators(texts, operators, seed, spacy_model, address=self.address,
                                   partitions=self.partitions, workers=self.workers, progress=progress)

    def map_chunks(self, task, chunks):
        """``task(*chunk)`` of every chunk on Dask (:func:`map_chunks` on this engine's ``address`` and
        ``workers``): ``paraqd score --engine dask``."""
        return map_chunks(task, chunks, address=self.address, workers=self.workers)

    def __repr__(self) -> str:
        return f"DaskEngine(address={self.address!r})"


# -- scoring ----------------------------------------------------------------------------------------------------

def map_chunks(task: Callable[..., Any], chunks, *, address: Any = "local", workers: int | None = None,
               in_flight: int | None = None):
    """``task(*chunk)`` of every chunk on Dask (``task`` is pickled to the workers: e.g. a
    :class:`paraqd.scoring.ChunkScorer`, which loads its scorer once per worker); yields the results in input
    order, while at most ``in_flight`` chunks (default: two per worker thread) are read ahead, so memory stays
    bounded whatever the input size.

    ``address``: ``"local"`` (a temporary LocalCluster with ``workers`` processes, default every core), a
    scheduler address (``"tcp://host:8786"``) or a ``distributed.Client``.
    """
    from collections import deque

    try:
        import distributed  # noqa: F401  (the extra is installed)
    except ImportError:
        raise InputError("engine 'dask' needs Dask: pip install 'paraqd[dask]'") from None
    if workers is not None and int(workers) < 1:
        raise InputError(f"workers must be at least 1, got {workers}")
    with _connected(address, workers, local=(None, "local")) as client:
        limit = int(in_flight or 2 * max(1, sum(client.nthreads().values())))
        pending: deque = deque()
        for chunk in chunks:
            pending.append(client.submit(task, *chunk, pure=False))
            if len(pending) >= limit:
                yield _worker_result(pending.popleft())
        while pending:
            yield _worker_result(pending.popleft())
