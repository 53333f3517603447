"""The Dask engine: same output as the local engine for the same seed, whatever the partitioning."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

pytest.importorskip("dask.bag")

from paraqd.augmentation import augment, build_operators, run_rule_operators  # noqa: E402
from paraqd.cli import main  # noqa: E402
from paraqd.distributed import dask_rule_operators, default_partitions, split_items  # noqa: E402
from paraqd.errors import InputError  # noqa: E402
from paraqd.operators import Operator, register_operator  # noqa: E402
from paraqd.operators.registry import unregister_operator  # noqa: E402

QUESTIONS = [
    "Alex travelled 100 km from New York at a constant speed of 20 kmph. How many hours did it take him?",
    "A full box has 15 pieces of chalk. My box only has 5 pieces. How many pieces of chalk are missing?",
    "Paco had 26 salty cookies and 17 sweet cookies. He ate 14 sweet cookies. How many are left?",
    "What is the sum of two numbers?",
    "Janet has 3 apples. She buys 4 more. How many apples does she have?",
    "A train leaves at 9 am and travels 60 miles per hour. How far has it gone by noon?",
    "Sara saved $45 in March and $30 in April. How much did she save in total?",
]


class _SwapWords(Operator):
    """Test negative drawing from its rng, so that a seed mix-up between engines would show."""

    name, paper_id, polarity, stage = "test-dask-swap", "t9", "negative", "test"

    def requirements(self):
        return []

    def transform(self, doc, rng):
        words = doc.text.split()
        if len(words) < 3:
            return None
        i, j = rng.sample(range(len(words)), 2)
        words[i], words[j] = words[j], words[i]
        return " ".join(words)


OPS = "same-sentence,test-dask-swap"


@pytest.fixture(autouse=True, scope="module")
def _registered():
    register_operator(_SwapWords)
    yield
    unregister_operator(_SwapWords.name)


@pytest.fixture(scope="module")
def rule_ops():
    return build_operators(["same-sentence", "test-dask-swap"])


@given(n=st.integers(0, 50), partitions=st.integers(1, 60))
def test_split_items_covers_every_position_once_in_order(n, partitions):
    texts = [f"q{i}" for i in range(n)]
    chunks = split_items(texts, partitions)
    assert [item for chunk in chunks for item in chunk] == list(enumerate(texts))
    if n:
        sizes = [len(c) for c in chunks]
        assert len(chunks) == min(partitions, n) and max(sizes) - min(sizes) <= 1


@settings(max_examples=50)
@given(n=st.integers(0, 10**6), workers=st.integers(1, 64))
def test_default_partitions_keeps_every_worker_busy(n, workers):
    parts = default_partitions(n, workers)
    assert 1 <= parts <= max(1, n)
    if n >= 4 * workers:
        assert parts >= 4 * workers


@pytest.mark.parametrize("partitions", [1, 3, 7])
def test_processes_scheduler_matches_local_engine(rule_ops, partitions):
    local = run_rule_operators(QUESTIONS, rule_ops, seed=11, workers=1)
    seen = []
    remote = dask_rule_operators(QUESTIONS, rule_ops, 11, partitions=partitions, workers=2, progress=seen.append)
    assert remote == local
    assert sum(seen) == len(QUESTIONS) and len(seen) == partitions
    assert any(out["test-dask-swap"] != q for out, q in zip(remote, QUESTIONS))


def test_distributed_client_matches_local_engine(rule_ops):
    distributed = pytest.importorskip("distributed")
    local = run_rule_operators(QUESTIONS, rule_ops, seed=5, workers=1)
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=False,
                                  dashboard_address=None) as cluster, distributed.Client(cluster) as client:
        seen = []
        remote = dask_rule_operators(QUESTIONS, rule_ops, 5, address=client, partitions=4, progress=seen.append)
    assert remote == local
    assert sorted(seen) == sorted(len(c) for c in split_items(QUESTIONS, 4))


def test_augment_engine_dask_equals_local():
    kwargs = dict(operators=OPS, per_question="all", seed=3)
    local = augment(QUESTIONS, engine="local", workers=2, **kwargs)
    remote = augment(QUESTIONS, engine="dask", engine_options={"partitions": 3, "workers": 2}, **kwargs)
    assert len(local) > 0
    assert remote.equals(local)


def test_real_rule_operators_equal_local():
    names = [n for n in ("same-sentence", "num2words", "last-sentence-deletion", "number-deletion")
             if _registered_name(n)]
    if len(names) < 2:
        pytest.skip("the rule-based operators f3, f6, f8 are not available")
    ops = build_operators(names, skip_unavailable=True)
    local = run_rule_operators(QUESTIONS, ops, seed=1, workers=1)
    assert dask_rule_operators(QUESTIONS, ops, 1, partitions=2, workers=2) == local


def _registered_name(name: str) -> bool:
    from paraqd.operators import operator_classes

    return name in operator_classes()


def test_empty_input_and_bad_options(rule_ops):
    assert dask_rule_operators([], rule_ops, 0) == []
    assert dask_rule_operators(QUESTIONS[:2], [], 0) == [{}, {}]
    with pytest.raises(InputError, match="partitions"):
        dask_rule_operators(QUESTIONS, rule_ops, 0, partitions=0)
    with pytest.raises(InputError, match="workers"):
        dask_rule_operators(QUESTIONS, rule_ops, 0, workers=0)


def test_cli_engine_dask_is_byte_identical_to_local(tmp_path):
    questions = tmp_path / "q.jsonl"
    questions.write_text("".join(json.dumps({"id": f"q{i}", "question": q}) + "\n"
                                 for i, q in enumerate(QUESTIONS)))
    local, remote = tmp_path / "local.jsonl", tmp_path / "dask.jsonl"
    base = ["-q", "augment", str(questions), "--operators", OPS, "--seed", "21", "--per-question", "all"]
    assert main([*base, "-o", str(local), "--workers", "2"]) == 0
    assert main([*base, "-o", str(remote), "--engine", "dask"]) == 0
    assert local.read_bytes() == remote.read_bytes()
