"""Execution engines: one protocol, a registry extended with one decorator, the Dask engine for scoring."""

from __future__ import annotations

import pandas as pd
import pytest

from paraqd.augmentation import augment
from paraqd.engines import Engine, engine_classes, get_engine, register_engine, rewrite_questions
from paraqd.engines.registry import unregister_engine
from paraqd.errors import InputError

QUESTIONS = [
    "Alex travelled 100 km from New York at a constant speed of 20 kmph. How many hours did it take him?",
    "A full box has 15 pieces of chalk. My box only has 5 pieces. How many pieces of chalk are missing?",
    "Paco had 26 salty cookies and 17 sweet cookies. He ate 14 sweet cookies. How many are left?",
    "Janet has 3 apples. She buys 4 more. How many apples does she have?",
]
OPS = "same-sentence,num2words,last-sentence-deletion,number-deletion"


def test_builtin_engines_follow_the_protocol():
    classes = engine_classes()
    assert {"local", "dask"} <= set(classes)
    assert isinstance(get_engine("local", workers=1), Engine)
    assert isinstance(get_engine("dask", address=None), Engine)
    with pytest.raises(InputError, match="unknown engine 'nope'"):
        get_engine("nope")
    with pytest.raises(InputError, match="bad option"):
        get_engine("local", colour="red")


def test_custom_engine_registers_with_one_decorator():
    calls = []

    @register_engine
    class InProcess:
        """Every question in this process, in reverse order (the output must not depend on the order)."""

        name = "test-in-process"

        def __init__(self, label="x"):
            self.label = label

        def rewrite(self, texts, operators, seed, *, spacy_model=None, progress=None):
            from paraqd.analysis import Analyzer

            calls.append(self.label)
            items = list(reversed(list(enumerate(texts))))
            out = dict(rewrite_questions(items, Analyzer(spacy_model), operators, seed))
            return [out[i] for i in range(len(texts))]

    try:
        assert "test-in-process" in engine_classes()
        custom = augment(QUESTIONS, operators=OPS, seed=9, engine="test-in-process",
                         engine_options={"label": "mine"})
        local = augment(QUESTIONS, operators=OPS, seed=9, workers=1)
        pd.testing.assert_frame_equal(custom, local)
        assert calls == ["mine"]
        instance = augment(QUESTIONS, operators=OPS, seed=9, engine=InProcess("given"))
        pd.testing.assert_frame_equal(instance, local)
        assert calls == ["mine", "given"]
    finally:
        unregister_engine("test-in-process")
    assert "test-in-process" not in engine_classes()
    with pytest.raises(InputError, match="unknown engine"):
        augment(QUESTIONS, operators=OPS, engine="test-in-process")


def test_deprecated_distributed_module_is_the_dask_engine():
    import paraqd.distributed as old
    from paraqd.engines import dask as new

    assert old.dask_rule_operators is new.dask_rule_operators and old.DaskEngine is new.DaskEngine


@pytest.mark.slow
def test_score_on_a_local_dask_cluster_is_byte_identical(tmp_path):
    """`paraqd score --engine dask` on a local cluster of 2 worker processes: the same file as the local engine."""
    pytest.importorskip("distributed")
    from paraqd.cli import main

    pairs = [(q, p) for q in QUESTIONS for p in (q, q.replace("3", "4"), q.split(". ")[0] + ".", q.lower())]
    src = tmp_path / "pairs.csv"
    pd.DataFrame({"id": range(len(pairs)), "question": [q for q, _ in pairs],
                  "paraphrase": [p for _, p in pairs]}).to_csv(src, index=False)
    local, dask = tmp_path / "local.csv", tmp_path / "dask.csv"
    common = ["--chunk-size", "5", "--explain", "--device", "cpu"]
    assert main(["-q", "score", str(src), "-o", str(local), *common]) == 0
    assert main(["-q", "score", str(src), "-o", str(dask), *common, "--engine", "dask", "--workers", "2"]) == 0
    assert local.read_bytes() == dask.read_bytes()
    scored = pd.read_csv(dask)
    assert len(scored) == len(pairs) and {"score", "valid", "reasons"} <= set(scored.columns)
    assert scored.valid[12] and not scored.valid[13]  # "Janet has 4 apples": the changed number is caught


def _broken_pipe():
    raise BrokenPipeError(32, "Broken pipe")


def test_a_worker_whose_parent_stopped_reading_leaves_quietly(capfd):
    """A stop signal can end the command while a worker sends a result: that worker leaves with no traceback
    (a plain multiprocessing process prints one: the contrast keeps this test honest)."""
    import multiprocessing as mp

    from paraqd.engines import local

    if "fork" not in mp.get_all_start_methods():
        pytest.skip("fork is not available here")
    ctx = mp.get_context("fork")
    plain = ctx.Process(target=_broken_pipe)
    plain.start()
    plain.join()
    assert plain.exitcode == 1 and "BrokenPipeError" in capfd.readouterr().err
    quiet = local.WorkerPool.Process(ctx, target=_broken_pipe)
    quiet.start()
    quiet.join()
    assert quiet.exitcode == 0 and capfd.readouterr().err == ""
