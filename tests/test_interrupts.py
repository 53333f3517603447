"""Stop signals (issue 19): SIGINT / SIGTERM to `paraqd augment --workers 2`, `paraqd score` (hybrid: spaCy parse
processes) and `paraqd train`; SIGKILL to `train`, then --resume.

Each stopped run must exit 130 (SIGINT) / 143 (SIGTERM) within a few seconds, print no traceback, leave no
output or temporary file and no process of its own alive; the same command run again gives output identical to
an uninterrupted run (train: resumed from its last checkpoint, the same model as an uninterrupted run).
"""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import numpy as np
import pandas as pd
import pytest

from paraqd.cli import main

try:
    from tiny_models import tiny_models_dir, tiny_sentence_encoder  # noqa: F401
except ImportError:  # run from the repository root as a package
    from tests.tiny_models import tiny_models_dir, tiny_sentence_encoder  # noqa: F401

psutil = pytest.importorskip("psutil")

pytestmark = pytest.mark.slow

#: The promise is "about 2 s"; a loaded CI machine gets some slack.
STOP_LIMIT_S = 6.0


def _questions(n: int) -> list[str]:
    rng = random.Random(0)
    names = ["Tom", "Sara", "Ali", "Mina", "John", "Lee"]
    return [f"{rng.choice(names)} has {rng.randint(2, 90)} apples and buys {rng.randint(2, 90)} more at $2 each. "
            f"A train travels {i + 3} km in {rng.randint(2, 9)} hours. How many apples are there?" for i in range(n)]


@pytest.fixture(scope="module")
def work(tmp_path_factory):
    root = tmp_path_factory.mktemp("interrupts")
    (root / "q.jsonl").write_text("".join(json.dumps({"id": f"q{i}", "question": q}) + "\n"
                                          for i, q in enumerate(_questions(240))))
    qs = _questions(520)  # 1040 distinct texts: hybrid scoring parses them in 2 spaCy processes
    pd.DataFrame({"question": qs, "paraphrase": [q.replace("apples", "pears") for q in qs]}).to_csv(
        root / "pairs.csv", index=False)
    rows = [(q, q.replace("has", "owns"), q.split(".")[0] + ".") for q in _questions(24)]
    pd.DataFrame(rows, columns=["anchor", "positive", "negative"]).to_csv(root / "t.csv", index=False)
    return root


def _descendants(pid: int) -> set[int]:
    try:
        return {c.pid for c in psutil.Process(pid).children(recursive=True)}
    except psutil.Error:
        return set()


def _alive(pids: set[int]) -> list[int]:
    out = []
    for pid in pids:
        try:
            if psutil.Process(pid).status() != psutil.STATUS_ZOMBIE:
                out.append(pid)
        except psutil.Error:
            pass
    return out


def _listing(root: Path) -> set[str]:
    return {str(p.relative_to(root)) for p in root.rglob("*")}


def _stop(argv: list[str], sig: int, ready, cwd: Path, timeout: float = 240):
    """Run ``paraqd argv`` in its own process, send ``sig`` once ``ready()``; return (exit code, stderr,
    seconds from the signal to the exit, every descendant process seen)."""
    env = {**os.environ, "HF_HUB_OFFLINE": "1", "TOKENIZERS_PARALLELISM": "false"}
    proc = subprocess.Popen([sys.executable, "-m", "paraqd", *argv], cwd=cwd, env=env, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, start_new_session=True)
    seen: set[int] = set()
    deadline = time.monotonic() + timeout
    try:
        while not ready(proc):
            seen |= _descendants(proc.pid)
            if proc.poll() is not None:
                pytest.fail(f"finished before the signal: {proc.stderr.read().decode()[-2000:]}")
            if time.monotonic() > deadline:
                pytest.fail("never became ready")
            time.sleep(0.05)
        seen |= _descendants(proc.pid)
        start = time.monotonic()
        proc.send_signal(sig)
        _, err = proc.communicate(timeout=60)
        return proc.returncode, err.decode(), time.monotonic() - start, seen
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()


def _assert_clean_stop(code, err, seconds, seen, sig, command):
    assert code == 128 + sig, err[-2000:]
    assert "Traceback" not in err and "Error" not in err.split(f"paraqd {command}:")[-1], err[-2000:]
    name = signal.Signals(sig).name
    assert err.strip().splitlines()[-1].startswith(f"paraqd {command}: "), err[-500:]
    assert name in err.strip().splitlines()[-1]
    assert seconds < STOP_LIMIT_S, seconds
    deadline = time.monotonic() + 3
    while _alive(seen) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert _alive(seen) == []


# -- augment --workers 2 -----------------------------------------------------------------------------------

AUGMENT = ["augment", "q.jsonl", "--operators", "f3,f6,f8,f10", "--workers", "2", "--seed", "5"]


class _Cwd:
    def __init__(self, path: Path):
        self.path, self.old = path, os.getcwd()

    def __enter__(self):
        os.chdir(self.path)

    def __exit__(self, *exc):
        os.chdir(self.old)


@pytest.fixture(scope="module")
def augment_reference(work, tmp_path_factory):
    """An uninterrupted run, in a directory of its own (no stopped run ever touched it)."""
    clean = tmp_path_factory.mktemp("augment-reference")
    (clean / "q.jsonl").write_bytes((work / "q.jsonl").read_bytes())
    with _Cwd(clean):
        assert main([*AUGMENT, "-o", "out.jsonl"]) == 0
    return (clean / "out.jsonl").read_bytes()


@pytest.mark.parametrize("sig", [signal.SIGINT, signal.SIGTERM], ids=["SIGINT", "SIGTERM"])
def test_augment_with_workers_stops_cleanly_and_reruns_identically(work, augment_reference, sig, monkeypatch):
    out = work / f"augment-{sig}.jsonl"
    before = _listing(work)

    def ready(proc):  # the process pool's workers are running
        return len(_descendants(proc.pid)) >= 2

    code, err, seconds, seen = _stop([*AUGMENT, "-o", out.name], sig, ready, work)
    _assert_clean_stop(code, err, seconds, seen, sig, "augment")
    assert len(seen) >= 2  # the workers existed, and are gone
    assert _listing(work) == before  # no output, no temporary file
    if sig == signal.SIGINT:  # one rerun is enough to show that nothing of the stopped run is reused
        monkeypatch.chdir(work)
        assert main([*AUGMENT, "-o", out.name]) == 0
        assert out.read_bytes() == augment_reference
        out.unlink()


# -- score (hybrid: spaCy parse processes) -----------------------------------------------------------------

@pytest.fixture(scope="module")
def score_argv(work, tiny_sentence_encoder):  # noqa: F811
    return ["score", "pairs.csv", "--model", tiny_sentence_encoder, "--batch-size", "256"]


@pytest.mark.parametrize("sig", [signal.SIGINT, signal.SIGTERM], ids=["SIGINT", "SIGTERM"])
def test_score_stops_cleanly_and_reruns_identically(work, score_argv, sig, monkeypatch):
    out = work / f"scored-{sig}.csv"
    before = _listing(work)
    started: list[float] = []

    def ready(proc):  # scoring has begun (its temporary output exists) a moment ago
        if not list(work.glob(f".{out.name}.*.tmp")):
            return False
        started.append(time.monotonic())
        return time.monotonic() - started[0] > 1.0

    code, err, seconds, seen = _stop([*score_argv, "-o", out.name], sig, ready, work)
    _assert_clean_stop(code, err, seconds, seen, sig, "score")
    assert _listing(work) == before
    if sig == signal.SIGINT:  # one rerun is enough to show that nothing of the stopped run is reused
        monkeypatch.chdir(work)
        assert main([*score_argv, "-o", out.name]) == 0
        clean = work.parent / f"{work.name}-score-reference"  # an uninterrupted run elsewhere
        clean.mkdir()
        (clean / "pairs.csv").write_bytes((work / "pairs.csv").read_bytes())
        monkeypatch.chdir(clean)
        assert main([*score_argv, "-o", "scored.csv"]) == 0
        assert out.read_bytes() == (clean / "scored.csv").read_bytes()
        out.unlink()


# -- train: stop, kill, resume -------------------------------------------------------------------------------

def _train_argv(encoder: str, out: str, *extra: str) -> list[str]:
    """30 steps of 2 triplets on the tiny encoder (milliseconds each); the stopped run saves a checkpoint
    every step, so that it is still busy when the test sees its first checkpoint."""
    return ["train", "t.csv", "-o", out, "--encoder", encoder, "--max-steps", "30", "--batch-size", "2",
            "--max-seq-length", "16", "--warmup-ratio", "0", "--lr", "1e-3", "--seed", "7", *extra]


def _embed(model_dir: Path, texts: list[str]) -> np.ndarray:
    from sentence_transformers import SentenceTransformer

    return SentenceTransformer(str(model_dir), device="cpu").encode(texts, normalize_embeddings=True)


@pytest.fixture(scope="module")
def train_reference(work, tiny_sentence_encoder):  # noqa: F811
    out = work / "model-reference"
    with _Cwd(work):
        assert main(_train_argv(tiny_sentence_encoder, out.name)) == 0
    return out


@pytest.mark.parametrize("sig", [signal.SIGINT, signal.SIGKILL], ids=["SIGINT", "SIGKILL"])
def test_stopped_train_resumes_from_its_last_checkpoint(work, tiny_sentence_encoder, train_reference,  # noqa: F811
                                                        sig, monkeypatch):
    out = work / f"model-{sig}"
    before = _listing(work)

    def ready(proc):
        return (out / "checkpoints" / "checkpoint-1" / "trainer_state.json").is_file()

    argv = _train_argv(tiny_sentence_encoder, out.name, "--save-steps", "1", "--save-total-limit", "1")
    code, err, seconds, seen = _stop(argv, sig, ready, work)
    if sig == signal.SIGKILL:
        assert code == -signal.SIGKILL
    else:
        _assert_clean_stop(code, err, seconds, seen, sig, "train")
        assert "--resume" in err  # says how to continue
    assert not (out / "paraqd.json").exists()
    staged = [p for p in _listing(work) - before if not p.startswith(out.name)]
    assert staged == []  # no staging directory beside the model
    monkeypatch.chdir(work)
    assert main(_train_argv(tiny_sentence_encoder, out.name, "--resume")) == 0  # no more checkpoints needed
    meta = json.loads((out / "paraqd.json").read_text())
    assert meta["run"]["resumed_from"].startswith("checkpoint-") and meta["run"]["global_step"] == 30
    texts = ["Tom has 3 apples.", "A train travels 60 km in 2 hours."]
    np.testing.assert_allclose(_embed(out, texts), _embed(train_reference, texts), atol=1e-5)


def test_a_stop_signal_python_cannot_raise_is_silent_and_still_recorded(capsys):
    """A stop signal landing in an at-fork hook or a finaliser reaches sys.unraisablehook: while a command runs,
    an Interrupted there prints nothing (the stop is recorded; the watchdog ends the run); other errors still
    reach the previous hook, which comes back when the command ends."""
    import signal as _signal
    import types

    from paraqd.cli import Interrupted, _Stopper

    before = sys.unraisablehook
    seen = []
    sys.unraisablehook = seen.append
    try:
        stopper = _Stopper(hard_exit=False)
        stopper.install()
        try:
            hook = sys.unraisablehook
            hook(types.SimpleNamespace(exc_value=Interrupted(_signal.SIGTERM), exc_type=Interrupted))
            assert seen == []
            other = types.SimpleNamespace(exc_value=ValueError("x"), exc_type=ValueError)
            hook(other)
            assert seen == [other]
        finally:
            stopper.restore()
        assert sys.unraisablehook == seen.append
    finally:
        sys.unraisablehook = before
    assert capsys.readouterr().err == ""
