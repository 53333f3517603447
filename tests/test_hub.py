"""No silent waits (issue 27): paraqd goes offline at once when the Hugging Face hub is not needed or does not
answer, for the command line, `paraqd augment`, `paraqd.augment()` and the service."""

from __future__ import annotations

import logging
import os
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

from paraqd import hub

REPO_ROOT = Path(__file__).resolve().parents[1]


def closed_port() -> int:
    """A local port nothing listens on (connections are refused at once)."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture
def online(monkeypatch):
    """The environment of a user who did not set HF_HUB_OFFLINE; the probe forgotten before and after."""
    import huggingface_hub.constants as constants

    for name in hub.OFFLINE_VARIABLES:
        monkeypatch.delenv(name, raising=False)
    monkeypatch.delenv("HTTPS_PROXY", raising=False)
    monkeypatch.delenv("https_proxy", raising=False)
    monkeypatch.setattr(constants, "HF_HUB_OFFLINE", False)
    hub.reset_probe()
    yield monkeypatch
    hub.reset_probe()


def test_local_models_go_offline_without_a_probe(online, tmp_path):
    online.setattr(hub, "hub_reachable", lambda *a, **k: pytest.fail("probed the hub for local models"))
    assert hub.prepare_offline([None, "pretrained", str(tmp_path)])
    assert os.environ["HF_HUB_OFFLINE"] == "1"
    import huggingface_hub.constants as constants

    assert constants.HF_HUB_OFFLINE is True


def test_an_unreachable_hub_is_one_line_and_offline(online, caplog):
    online.setenv("HF_ENDPOINT", f"http://127.0.0.1:{closed_port()}")
    with caplog.at_level(logging.DEBUG, logger="paraqd.hub"):
        assert hub.prepare_offline(["org/not-local-model"])
    infos = [r.getMessage() for r in caplog.records if r.levelno == logging.INFO]
    assert infos == ["the Hugging Face hub is unreachable: working offline (local models and the Hugging Face "
                     "cache only; -v for detail)"]
    assert any("refused" in r.getMessage().lower() for r in caplog.records if r.levelno == logging.DEBUG)
    assert os.environ["HF_HUB_OFFLINE"] == "1"


def test_an_unresolvable_hub_name_is_offline(online):
    online.setenv("HF_ENDPOINT", "https://hub.invalid")
    assert hub.prepare_offline() is True


def test_a_reachable_hub_stays_online_and_is_probed_once(online):
    with socket.socket() as server:
        server.bind(("127.0.0.1", 0))
        server.listen()
        online.setenv("HF_ENDPOINT", f"http://127.0.0.1:{server.getsockname()[1]}")
        assert hub.prepare_offline() is False
        assert "HF_HUB_OFFLINE" not in os.environ
    assert hub.hub_reachable()[0] is True  # the first answer is kept


def test_augment_api_goes_offline_when_the_hub_does_not_answer(online):
    from paraqd import augment

    online.setenv("HF_ENDPOINT", f"http://127.0.0.1:{closed_port()}")
    began = time.monotonic()
    out = augment(["Tom has 3 apples. How many apples does Tom have?"], operators="f1,f3,f8", seed=1)
    assert os.environ["HF_HUB_OFFLINE"] == "1"
    assert time.monotonic() - began < 60  # the hub's retries alone last over 60 s (not a timing target)
    assert list(out.columns)[:3] == ["anchor", "positive", "negative"]


def test_service_with_a_local_model_goes_offline(online, tmp_path):
    pytest.importorskip("fastapi")
    from paraqd.scoring import ParaphraseScorer
    from paraqd.serve import create_app

    try:
        from test_scoring import HashEncoder
    except ImportError:  # pragma: no cover
        from tests.test_scoring import HashEncoder
    online.setattr(hub, "hub_reachable", lambda *a, **k: pytest.fail("probed the hub for a local model"))
    online.setattr(ParaphraseScorer, "load", classmethod(lambda cls, *a, **k: cls(HashEncoder(dim=8))))
    create_app(model=str(tmp_path), warmup=False)
    assert os.environ["HF_HUB_OFFLINE"] == "1"


def test_cli_augment_without_hf_hub_offline_prints_no_retries(tmp_path):
    """The done-when of issue 27: no `Retrying` lines, one line saying paraqd works offline."""
    questions = tmp_path / "q.jsonl"
    questions.write_text('{"question": "Tom has 3 apples. How many apples does Tom have?"}\n', encoding="utf-8")
    env = {k: v for k, v in os.environ.items() if k not in (*hub.OFFLINE_VARIABLES, "HTTPS_PROXY", "https_proxy")}
    env["HF_ENDPOINT"] = f"http://127.0.0.1:{closed_port()}"
    env["PYTHONPATH"] = os.pathsep.join([str(REPO_ROOT), env.get("PYTHONPATH", "")])
    done = subprocess.run([sys.executable, "-m", "paraqd", "augment", str(questions), "-o", str(tmp_path / "t.jsonl"),
                           "--operators", "f1,f3,f8,f9"], capture_output=True, text=True, env=env, timeout=300)
    assert done.returncode == 0, done.stderr
    assert "Retrying" not in done.stderr
    assert "the Hugging Face hub is unreachable: working offline" in done.stderr
    assert "skipping back-translation (f1)" in done.stderr
