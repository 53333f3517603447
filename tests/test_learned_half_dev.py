"""benchmarks/learned_half_dev.py: the blend and veto sweeps over a rewordings.py run (no model is loaded: the
verifier's logits come from the cache file the script reads back)."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import numpy as np
import pandas as pd
import pytest

SCRIPT = Path(__file__).resolve().parents[1] / "benchmarks" / "learned_half_dev.py"


@pytest.fixture(scope="module")
def bench():
    spec = importlib.util.spec_from_file_location("learned_half_dev", SCRIPT)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _run(tmp_path, rows, logits):
    run = tmp_path / "run.json"
    run.write_text(json.dumps([{"file": f, "question": f"q{i}", "paraphrase": f"p{i}", "label": y, "cosine": c,
                                "score": s} for i, (f, y, c, s) in enumerate(rows)]))
    cache = tmp_path / "logits.csv"
    pd.DataFrame({"file": [r[0] for r in rows], "row": range(len(rows)), "logit": logits}).to_csv(cache, index=False)
    return run, cache


def test_the_sweeps_count_wrong_verdicts_and_a_critical_finding_keeps_rejecting(bench, tmp_path, capsys):
    # (file, label, cosine, hybrid score): a valid pair kept, an invalid pair the check misses (kept), a valid
    # pair rejected by a major finding (cosine 0.9 - 1), an invalid pair rejected by a critical one (clipped at -1)
    rows = [("a", 1, 0.9, 0.9), ("a", 0, 0.95, 0.95), ("b", 1, 0.9, -0.1), ("b", 0, 0.8, -1.0)]
    run, cache = _run(tmp_path, rows, [4.0, -4.0, 4.0, 4.0])
    assert bench.main([str(run), "--logits", str(cache)]) == 0
    out = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert out["blend"]["0.0"] == {"valid_rejected": 1, "invalid_kept": 1}
    # w = 1: the verifier (0.98 / 0.02) replaces the cosine; the major finding still takes 1 off, the clipped
    # critical pair stays rejected whatever the verifier says
    assert out["blend"]["1.0"] == {"valid_rejected": 1, "invalid_kept": 0}
    assert out["veto"]["0.1"] == {"valid_rejected": 1, "invalid_kept": 0}
    assert out["best_weight"] == 0.5 and out["best_veto"] == 0.02  # p(invalid) = 0.018
    assert out["overall"]["accepted"] == {"n": 2, "invalid": 1, "cosine_auc": 0.0, "verifier_auc": 1.0}
    assert out["files"]["a"]["verifier_auc"] == 1.0


def test_a_stale_cache_is_scored_again_and_replaced(bench, tmp_path, monkeypatch):
    rows = [("a", 1, 0.9, 0.9), ("a", 0, 0.95, 0.95)]
    run, cache = _run(tmp_path, rows, [1.0, -1.0])
    pd.read_csv(cache).assign(file="other").to_csv(cache, index=False)  # logits of another run
    loaded = []

    class FakeVerifier:
        @staticmethod
        def load(adapter, device):
            loaded.append((adapter, device))
            return FakeVerifier()

        def logits(self, questions, paraphrases):
            return np.array([2.0, -2.0])

    monkeypatch.setattr("paraqd.verifier.PairVerifier", FakeVerifier)
    logits = bench.verifier_logits(bench.read_run(str(run)), None, str(cache))
    assert loaded == [(None, "cpu")] and logits.tolist() == [2.0, -2.0]
    assert pd.read_csv(cache).file.tolist() == ["a", "a"]
    assert bench.verifier_logits(bench.read_run(str(run)), None, str(cache)).tolist() == [2.0, -2.0]
    assert len(loaded) == 1  # the fresh cache is read back
