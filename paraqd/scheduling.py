"""Batching and thread / process scheduling, in one place: how many processes parse, how texts are batched and
split, and how the encoder runs in a thread beside the parse and the checks.

Shared by the scorer (:class:`paraqd.scoring.ParaphraseScorer`), the checker (its parse processes) and the
engines (:mod:`paraqd.engines`: chunks and partitions). Imports no other part of paraqd but the foundation.
"""

from __future__ import annotations

import logging
import math
import os
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from typing import Any

import numpy as np

logger = logging.getLogger(__name__)

#: Distinct texts per parsing process: inputs with fewer are parsed in this process (starting worker
#: processes costs more than it saves on a few hundred texts).
TEXTS_PER_PROCESS = 500
#: Questions per partition aimed at when the number of partitions is not given.
TARGET_PARTITION_SIZE = 256
#: Partitions per worker, at least, so that a slow partition does not leave the other workers idle.
PARTITIONS_PER_WORKER = 4
#: Inputs with at least this many distinct texts show a progress bar when ``show_progress_bar`` is None.
PROGRESS_BAR_MIN_TEXTS = 2048


def cpu_count() -> int:
    """The machine's cores (``os.cpu_count()``, at least 1): the engines' default number of workers."""
    return os.cpu_count() or 1


def usable_cores() -> int:
    """The cores this process may run on (its CPU affinity where the platform has one, else :func:`cpu_count`)."""
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else cpu_count()


def parse_processes(n_texts: int, workers: int | None = None) -> int:
    """How many processes parse ``n_texts`` distinct texts: ``workers`` (``None``: every core this process may
    run on), but at most one per :data:`TEXTS_PER_PROCESS` texts, and at least one."""
    if workers is None:
        workers = usable_cores()
    return max(1, min(int(workers), n_texts // TEXTS_PER_PROCESS))


def chunks(items: Sequence, size: int) -> Iterator[list]:
    """Consecutive slices of ``items`` of ``size`` (the last one shorter)."""
    for i in range(0, len(items), size):
        yield list(items[i:i + size])


def default_partitions(n_items: int, workers: int) -> int:
    """At least :data:`PARTITIONS_PER_WORKER` per worker, and about :data:`TARGET_PARTITION_SIZE` items each."""
    if n_items <= 0:
        return 1
    wanted = max(PARTITIONS_PER_WORKER * max(1, workers), math.ceil(n_items / TARGET_PARTITION_SIZE))
    return max(1, min(n_items, wanted))


def split_items(texts: Sequence[str], partitions: int) -> list[list[tuple[int, str]]]:
    """Contiguous, nearly equal partitions of ``(position, text)`` items (sizes differ by at most one)."""
    n = len(texts)
    if n == 0:
        return []
    partitions = max(1, min(partitions, n))
    bounds = [n * i // partitions for i in range(partitions + 1)]
    return [[(pos, texts[pos]) for pos in range(lo, hi)] for lo, hi in zip(bounds, bounds[1:])]


def distinct(texts: Sequence[str]) -> tuple[list[str], np.ndarray]:
    """The distinct texts in first-seen order, and each text's row among them."""
    unique: dict[str, int] = {}
    index = np.fromiter((unique.setdefault(t, len(unique)) for t in texts), dtype=np.int64, count=len(texts))
    return list(unique), index


def progress_bar(n_texts: int, show: bool | None) -> bool:
    """``show``, or when None: a bar for :data:`PROGRESS_BAR_MIN_TEXTS` texts or more at log level INFO."""
    if show is None:
        return n_texts >= PROGRESS_BAR_MIN_TEXTS and logger.getEffectiveLevel() <= logging.INFO
    return bool(show)


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


def encode_beside_checks(model, checker, questions: list[str], paraphrases: list[str], *, batch_size: int,
                         workers: int | None, show_progress_bar: bool | None
                         ) -> tuple[np.ndarray, list, dict[str, float]]:
    """The embeddings of the distinct texts of the pairs (rows in ``questions + paraphrases`` order), the
    checker's results and the stage times: the encoder (torch) embeds in a thread, on one torch thread while
    this one parses (in up to ``workers`` spaCy processes on large inputs) and runs the checks, on all of its
    threads once they are done (:func:`encode_overlapped`)."""
    from concurrent.futures import ThreadPoolExecutor

    import torch

    texts, index = distinct([*questions, *paraphrases])
    clock = time.perf_counter
    began = clock()
    n_process = parse_processes(len(texts), workers)
    extra = {"n_process": n_process} if n_process > 1 else {}  # an Analyzer-like object may not take it
    parsed = checker.analyzer.pipe(texts, batch_size=batch_size, **extra)
    busy, stop = threading.Event(), threading.Event()
    busy.set()
    with ThreadPoolExecutor(1, thread_name_prefix="paraqd-encode") as pool:
        # the first parse starts spaCy's worker processes: they fork before the encoder's thread exists
        first = next(parsed, None)
        encoded = pool.submit(encode_overlapped, model, texts, batch_size, busy, torch.get_num_threads(),
                              progress_bar(len(texts), show_progress_bar), stop)
        stages: dict[str, float] = {"parse_processes": n_process}

        def encoder_done() -> None:  # the judges encode their words after the sentences, not beside
            stages["checks_done"] = clock() - began
            busy.clear()
            encoded.result()
            stages["encoder_done"] = clock() - began

        try:
            docs = dict(zip(texts, [] if first is None else [first, *parsed]))
            stages["parse_done"] = clock() - began
            results = checker.check_pairs(questions, paraphrases, docs=docs, before_encoding=encoder_done)
        except BaseException:  # an interrupt or an error: the encoder stops after its current batch
            stop.set()
            raise
        embeddings = encoded.result()[index]
    stages["total"] = clock() - began
    return embeddings, results, stages


def parse_beside_encoding(checker, texts: list[str], encode: Callable[[], Any], *, workers: int | None
                          ) -> tuple[Any, dict, dict[str, float]]:
    """``encode()``'s result, the checker's parses of ``texts`` (by text) and the stage times, for encoders
    that keep their own threads (ONNX Runtime, OpenVINO): large inputs are parsed first in several processes
    (spaCy forks them from this, the main, thread: forked from another thread they exit with an error status,
    spaCy warning W127), smaller ones in a thread while ``encode`` runs."""
    from concurrent.futures import ThreadPoolExecutor

    began = time.perf_counter()
    n_process = parse_processes(len(set(texts)), workers)
    stages: dict[str, float] = {"parse_processes": n_process}
    if n_process > 1:
        docs = checker.analyze_texts(texts, workers=workers)
        stages["parse_done"] = time.perf_counter() - began
        encoded = encode()
        stages["encoder_done"] = time.perf_counter() - began
    else:
        with ThreadPoolExecutor(1, thread_name_prefix="paraqd-parse") as pool:
            parsed = pool.submit(checker.analyze_texts, texts, workers=1)
            try:
                encoded = encode()
                stages["encoder_done"] = time.perf_counter() - began
            finally:
                docs = parsed.result()
            stages["parse_done"] = time.perf_counter() - began
    return encoded, docs, stages

