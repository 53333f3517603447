"""paraqd.scheduling: batching and splitting keep every item once, in order; the scorer holds one checker."""

from __future__ import annotations

import logging

import numpy as np
from hypothesis import given
from hypothesis import strategies as st

from paraqd import scheduling
from paraqd.scheduling import (
    PROGRESS_BAR_MIN_TEXTS,
    TEXTS_PER_PROCESS,
    chunks,
    default_partitions,
    distinct,
    parse_processes,
    progress_bar,
    split_items,
)

texts = st.lists(st.sampled_from(["a", "b", "c", "Tom has 3 apples.", ""]), max_size=60)


@given(st.lists(st.integers(), max_size=80), st.integers(1, 20))
def test_chunks_cover_the_items_once_in_order(items, size):
    out = list(chunks(items, size))
    assert [x for chunk in out for x in chunk] == items
    assert all(len(chunk) == size for chunk in out[:-1]) and all(0 < len(chunk) <= size for chunk in out)


@given(texts, st.integers(1, 30))
def test_split_items_is_contiguous_and_balanced(items, partitions):
    parts = split_items(items, partitions)
    assert [pos for part in parts for pos, _ in part] == list(range(len(items)))
    assert all(items[pos] == text for part in parts for pos, text in part)
    sizes = [len(part) for part in parts]
    assert not sizes or (max(sizes) - min(sizes) <= 1 and len(parts) == min(partitions, len(items)))


@given(st.integers(0, 10_000), st.integers(1, 64))
def test_default_partitions_gives_every_worker_work(n_items, workers):
    n = default_partitions(n_items, workers)
    assert 1 <= n <= max(1, n_items)
    if n_items >= scheduling.PARTITIONS_PER_WORKER * workers:
        assert n >= scheduling.PARTITIONS_PER_WORKER * workers


@given(texts)
def test_distinct_indexes_back_to_the_texts(items):
    unique, index = distinct(items)
    assert len(unique) == len(set(items)) and [unique[i] for i in index] == items
    assert index.dtype == np.int64


def test_parse_processes_and_the_progress_bar_rule():
    assert parse_processes(TEXTS_PER_PROCESS - 1, workers=8) == 1
    assert parse_processes(TEXTS_PER_PROCESS * 3, workers=2) == 2
    assert progress_bar(1, True) and not progress_bar(10**6, False)
    logger = logging.getLogger("paraqd.scheduling")
    before = logger.level
    try:
        logger.setLevel(logging.WARNING)
        assert not progress_bar(PROGRESS_BAR_MIN_TEXTS, None)
        logger.setLevel(logging.INFO)
        assert progress_bar(PROGRESS_BAR_MIN_TEXTS, None) and not progress_bar(PROGRESS_BAR_MIN_TEXTS - 1, None)
    finally:
        logger.setLevel(before)


def test_the_scorer_holds_one_checker_shared_with_its_hybrid_rule():
    from paraqd.checks import CriticalInfoChecker
    from paraqd.hybrid import HybridScorer
    from paraqd.scoring import ParaphraseScorer

    checker = CriticalInfoChecker(checks=["numbers"])
    scorer = ParaphraseScorer(object(), hybrid=HybridScorer(checker))
    assert scorer.checker is checker and scorer.hybrid.checker is checker
    other = CriticalInfoChecker(checks=["units"])
    scorer.hybrid = HybridScorer(other)
    assert scorer.checker is other
