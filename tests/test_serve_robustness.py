"""The service under bodies, methods and load that clients send (issue 28): every error named, never a 500,
/health answering while scoring runs, a full queue refused with 503 and Retry-After.

Bounded in time: a stand-in scorer blocks on an event the test controls, so "under load" needs no real load
and nothing here measures a duration.
"""

from __future__ import annotations

import threading

import pytest

pytest.importorskip("fastapi")
from fastapi.testclient import TestClient  # noqa: E402

from paraqd.scoring import ParaphraseScorer  # noqa: E402
from paraqd.serve import ServeLimits, create_app  # noqa: E402
from paraqd.serve.body import MAX_DEPTH, MAX_INT_DIGITS  # noqa: E402

try:
    from test_scoring import HashEncoder
except ImportError:  # pragma: no cover - run from the repository root as a package
    from tests.test_scoring import HashEncoder

WALK = "John walked 200 kilometres. How long did he walk in terms of metres?"
WALK_KM = "john walked 200 km. How long did he walk in terms of metres?"
GOOD = ('{"pairs": [{"question": "%s", "paraphrase": "%s"}]}' % (WALK, WALK_KM)).encode()
JSON = {"content-type": "application/json"}


@pytest.fixture(scope="module")
def scorer() -> ParaphraseScorer:
    from paraqd.hybrid import HybridScorer

    scorer = ParaphraseScorer(HashEncoder(dim=16), threshold=0.2)
    scorer.hybrid = HybridScorer(scorer.checker)
    return scorer


@pytest.fixture(scope="module")
def client(scorer):
    with TestClient(create_app(scorer, ServeLimits(max_pairs=8)), raise_server_exceptions=False) as c:
        yield c


def assert_serving(client) -> None:
    response = client.post("/score", content=GOOD, headers=JSON)
    assert response.status_code == 200, response.text


# -- bodies ------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("body, headers, status, detail", [
    (b'{"pairs": [{"question": "caf\xe9", "paraphrase": "x"}]}', JSON, 400,
     "the body is not UTF-8: byte 0xe9 at line 1, column 29 (invalid continuation byte); send JSON as UTF-8"),
    (b'{"pairs": [{"question": "\xc0\xaf", "paraphrase": "x"}]}', JSON, 400,
     "the body is not UTF-8: byte 0xc0 at line 1, column 26 (an overlong encoding); send JSON as UTF-8"),
    (b'{\n "pairs": [\n  {"question": "a\xed\xa0\x80", "paraphrase": "x"}]}', JSON, 400,
     "the body is not UTF-8: byte 0xed at line 3, column 18 (an encoded surrogate); send JSON as UTF-8"),
    ('{"pairs": []}'.encode("utf-16"), JSON, 400,
     "the body is not UTF-8 (it looks like UTF-16 or UTF-32); send JSON as UTF-8"),
    (GOOD.replace(b"km", b"\xe9"), {"content-type": "application/json; charset=latin-1"}, 415,
     "the body must be UTF-8 JSON; the Content-Type declares charset=latin-1 (send UTF-8, with charset=utf-8 "
     "or no charset)"),
    (b'{"pairs": [\n  {"question": "a", "paraphrase": "b",}\n]}', JSON, 400,
     "the body is not valid JSON: line 2, column 39: Expecting property name enclosed in double quotes"),
    (b'{"pairs": ' + b"9" * 5000 + b"}", JSON, 400,
     f"the body holds an integer of 5000 digits; the limit is {MAX_INT_DIGITS}"),
    (b"[" * 200_000 + b"]" * 200_000, JSON, 400,
     f"the body is nested too deeply to parse; the limit is {MAX_DEPTH} levels (the API's bodies are 3 levels "
     "deep)"),
    (b"[" * 100 + b"]" * 100, JSON, 400,
     f"the body is nested more than {MAX_DEPTH} levels deep"),
])
def test_every_body_error_is_named(client, body, headers, status, detail):
    response = client.post("/score", content=body, headers=headers)
    assert response.status_code == status, response.text
    assert response.json()["detail"].startswith(detail)
    assert_serving(client)


@pytest.mark.parametrize("path, body, field", [
    ("/score", '{"pairs": [{"question": "John\\ud800 walked", "paraphrase": "x y"}]}', "pairs[0].question"),
    ("/explain", '{"pairs": [{"question": "a b", "paraphrase": "ok"}, {"question": "a b", "paraphrase": "\\udfff"}]}',
     "pairs[1].paraphrase"),
    ("/rank", '{"question": "\\ud83d", "candidates": ["a"]}', "question"),
    ("/rank", '{"question": "a", "candidates": ["b", "c\\udc00"]}', "candidates[1]"),
])
def test_lone_surrogates_are_a_422_naming_the_field(client, path, body, field):
    response = client.post(path, content=body.encode(), headers=JSON)
    assert response.status_code == 422, response.text
    assert response.json()["detail"].startswith(f"{field} holds a lone surrogate")
    assert_serving(client)


def test_a_surrogate_in_a_field_name_is_refused_not_crashed(client):
    response = client.post("/score", content=b'{"pairs": [], "\\ud800": 1}', headers=JSON)
    assert response.status_code == 422 and "lone surrogate" in response.json()["detail"]


def test_a_surrogate_pair_is_ordinary_text(client):
    body = '{"pairs": [{"question": "John walked 200 km \\ud83d\\ude00", "paraphrase": "%s"}]}' % WALK_KM
    assert client.post("/score", content=body.encode(), headers=JSON).status_code == 200


def test_a_text_above_the_limit_is_a_413_naming_it(client):
    from paraqd.validation import MAX_TEXT_CHARS

    body = {"pairs": [{"question": WALK, "paraphrase": "x " * MAX_TEXT_CHARS}]}
    response = client.post("/score", json=body)
    assert response.status_code == 413
    assert response.json()["detail"].startswith(f"pairs[0].paraphrase is {2 * MAX_TEXT_CHARS} characters long")
    with pytest.raises(Exception, match="max_text_chars must be at most"):
        ServeLimits(max_text_chars=MAX_TEXT_CHARS + 1)


# -- methods -----------------------------------------------------------------------------------------------


@pytest.mark.parametrize("path", ["/", "/health", "/version", "/openapi.json"])
def test_head_answers_like_get_without_a_body(client, path):
    get, head = client.get(path), client.head(path)
    assert head.status_code == get.status_code == 200
    assert head.content == b"" and head.headers["content-type"] == get.headers["content-type"]


def test_head_on_a_post_route_is_405(client):
    assert client.head("/score").status_code == 405


# -- load --------------------------------------------------------------------------------------------------


class Blocking:
    """A scorer whose calls wait for ``release``: requests pile up as they would behind slow scoring."""

    threshold, path, hybrid = 0.5, None, None

    def __init__(self, scorer):
        self.scorer = scorer
        self.release = threading.Event()
        self.entered = threading.Semaphore(0)

    def score_pairs(self, questions, paraphrases, show_progress_bar=None):
        self.entered.release()
        assert self.release.wait(30)
        return self.scorer.score_pairs(questions, paraphrases)

    def explain_pairs(self, questions, paraphrases):
        return self.score_pairs(questions, paraphrases)


def test_health_answers_and_a_full_queue_is_a_503_with_retry_after(scorer):
    blocking = Blocking(scorer)
    app = create_app(blocking, ServeLimits(max_queue=3), warmup=False)
    answers: list[int] = []
    with TestClient(app) as c:
        def call():
            answers.append(c.post("/score", content=GOOD, headers=JSON).status_code)

        threads = [threading.Thread(target=call) for _ in range(3)]
        for t in threads:
            t.start()
        assert blocking.entered.acquire(timeout=30)  # one is scoring, two wait: the queue is full
        for _ in range(200):
            health = c.get("/health").json()
            if health["queued"] == 3:
                break
        assert health["status"] == "ok" and health["queued"] == 3 and health["limits"]["max_queue"] == 3
        assert c.get("/version").status_code == 200 and c.head("/health").status_code == 200
        refused = c.post("/score", content=GOOD, headers=JSON)
        assert refused.status_code == 503
        assert int(refused.headers["Retry-After"]) >= 1 and "max_queue 3" in refused.json()["detail"]
        blocking.release.set()
        for t in threads:
            t.join(timeout=30)
        assert answers == [200, 200, 200]
        assert c.get("/health").json()["queued"] == 0
        assert c.post("/score", content=GOOD, headers=JSON).status_code == 200


def test_a_request_past_its_timeout_is_a_503_and_leaves_the_queue(scorer):
    blocking = Blocking(scorer)
    app = create_app(blocking, ServeLimits(request_timeout=0.2), warmup=False)
    with TestClient(app) as c:
        first = c.post("/score", content=GOOD, headers=JSON)
        assert first.status_code == 503 and "not answered within 0.2 s (request_timeout)" in first.json()["detail"]
        assert "Retry-After" in first.headers
        blocking.release.set()
        for _ in range(200):  # the call that did start runs to its end, then the queue is empty
            if c.get("/health").json()["queued"] == 0:
                break
        assert c.get("/health").json()["queued"] == 0
        assert c.post("/score", content=GOOD, headers=JSON).status_code == 200


def test_many_concurrent_requests_with_a_health_probe_all_answered(scorer):
    """A small version of benchmarks/serve_load.py --load: 24 clients, the probe answered throughout."""
    app = create_app(scorer, ServeLimits(max_queue=64), warmup=False)
    statuses: list[int] = []
    probes: list[int] = []
    stop = threading.Event()
    with TestClient(app) as c:
        def client():
            for _ in range(3):
                statuses.append(c.post("/score", content=GOOD, headers=JSON).status_code)

        def probe():
            while not stop.is_set():
                probes.append(c.get("/health").status_code)
                stop.wait(0.01)

        prober = threading.Thread(target=probe)
        prober.start()
        threads = [threading.Thread(target=client) for _ in range(24)]
        for t in threads:
            t.start()
        for t in threads:
            t.join(timeout=120)
        stop.set()
        prober.join(timeout=30)
    assert statuses == [200] * 72
    assert probes and set(probes) == {200}


# -- several workers ---------------------------------------------------------------------------------------


def tiny_app():
    """A stand-in application for the worker processes of the next test (no model to load)."""
    from fastapi import FastAPI

    app = FastAPI()

    @app.get("/health")
    def health():
        return {"status": "ok"}

    return app


@pytest.mark.skipif(not hasattr(__import__("signal"), "SIGTERM") or __import__("os").name != "posix",
                    reason="POSIX signals")
def test_several_workers_report_the_stop_signal_like_one_worker(tmp_path):
    """`serve --workers N` on SIGTERM exits 143 as one worker does: the supervisor's signal is returned."""
    import os
    import signal
    import socket
    import subprocess
    import sys
    import time
    from pathlib import Path

    import httpx

    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    tests = Path(__file__).resolve().parent
    code = ("import signal, sys\nfrom paraqd.cli.serve import run_workers\n"
            f"got = run_workers('test_serve_robustness:tiny_app', 2, host='127.0.0.1', port={port}, "
            "log_level='warning')\nsys.exit(143 if got == signal.SIGTERM else 1)\n")
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(tests), str(tests.parent),
                                                        os.environ.get("PYTHONPATH", "")])}
    process = subprocess.Popen([sys.executable, "-c", code], env=env, cwd=tmp_path,
                               stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    try:
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline:
            assert process.poll() is None, process.stderr.read().decode()[-2000:]
            try:
                if httpx.get(f"http://127.0.0.1:{port}/health", timeout=2).status_code == 200:
                    break
            except httpx.HTTPError:
                time.sleep(0.2)
        process.send_signal(signal.SIGTERM)
        assert process.wait(timeout=60) == 143
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()


def test_parts_cover_every_pair_in_order_within_the_budget():
    from paraqd.serve.app import _parts

    questions = ["a" * 10, "b" * 50, "c" * 10, "d" * 200, "e"]
    paraphrases = ["x" * 10] * 5
    assert _parts(questions, paraphrases, 100) == [(0, 3), (3, 4), (4, 5)]  # 20+60+20, 210 alone, 11
    assert _parts(questions, paraphrases, 10_000) == [(0, 5)]
    assert _parts([], [], 100) == []


def test_a_request_scored_in_parts_answers_as_one_call(scorer, monkeypatch):
    import paraqd.serve.app as app_module

    monkeypatch.setattr(app_module, "CHUNK_CHARS", 150)
    pairs = [(WALK, WALK_KM), (WALK, "john walked 200 cm. How long did he walk?"), ("Tom has 3 apples.", "x y"),
             (WALK_KM, WALK)] * 2
    body = {"pairs": [{"question": q, "paraphrase": p} for q, p in pairs]}
    with TestClient(create_app(scorer, warmup=False)) as c:
        scores = [r["score"] for r in c.post("/score", json=body).json()["results"]]
        explained = c.post("/explain", json=body).json()["results"]
        ranked = c.post("/rank", json={"question": WALK, "candidates": [p for _, p in pairs]}).json()["results"]
    direct = scorer.score_pairs([q for q, _ in pairs], [p for _, p in pairs])
    assert scores == pytest.approx(direct.tolist(), abs=1e-6)
    assert [r["verdict"] for r in explained] == [e.verdict for e in scorer.explain_pairs(
        [q for q, _ in pairs], [p for _, p in pairs])]
    assert len(ranked) == len(pairs)


def test_a_body_that_stops_arriving_is_a_408():
    import asyncio

    from paraqd.serve.limits import BodySizeLimit

    async def app(scope, receive, send):  # pragma: no cover - never reached
        raise AssertionError("the application must not see the request")

    async def receive():
        await asyncio.sleep(3600)

    sent = []

    async def send(message):
        sent.append(message)

    scope = {"type": "http", "method": "POST", "headers": [(b"content-type", b"application/json")]}
    asyncio.run(BodySizeLimit(app, max_bytes=100, read_timeout=0.05)(scope, receive, send))
    assert sent[0]["status"] == 408 and b"stopped arriving" in sent[1]["body"]
