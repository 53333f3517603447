"""The scoring service (paraqd.serve): every endpoint, every limit, bad requests, concurrency, the CLI."""

from __future__ import annotations

import json
import socket
import threading
import time

import numpy as np
import pytest

pytest.importorskip("fastapi")
from fastapi.testclient import TestClient  # noqa: E402

from paraqd import __version__  # noqa: E402
from paraqd.scoring import ParaphraseScorer  # noqa: E402
from paraqd.serve import ServeLimits, create_app  # noqa: E402
from paraqd.serve.app import OPTIONS_ENV, app_from_environment, validation_detail  # noqa: E402

try:
    from test_scoring import HashEncoder
except ImportError:  # pragma: no cover - run from the repository root as a package
    from tests.test_scoring import HashEncoder

WALK = "John walked 200 kilometres. How long did he walk in terms of metres?"
WALK_CM = "john walked 200 centimetres. How long did he walk in terms of metres?"
WALK_KM = "john walked 200 km. How long did he walk in terms of metres?"
CAT = "A bag of cat food weighs 7 pounds and 4 ounces. How much does the bag weigh in ounces?"
CAT_NO_4 = "A bag of cat food weighs 7 pounds and ounces. How much does the bag in ounces?"
LIMITS = ServeLimits(max_body_bytes=200_000, max_pairs=8, max_candidates=6, max_text_chars=1_000)


@pytest.fixture(scope="module")
def scorer() -> ParaphraseScorer:
    """A real hybrid ParaphraseScorer (the critical-information check included) on a stand-in encoder."""
    from paraqd.hybrid import HybridScorer

    scorer = ParaphraseScorer(HashEncoder(dim=16), threshold=0.2)
    scorer.hybrid = HybridScorer(scorer.checker)
    return scorer


@pytest.fixture(scope="module")
def client(scorer):
    with TestClient(create_app(scorer, LIMITS), raise_server_exceptions=False) as c:
        yield c


def pairs_body(pairs):
    return {"pairs": [{"question": q, "paraphrase": p} for q, p in pairs]}


def assert_serving(client) -> None:
    """The service still answers a good request correctly."""
    response = client.post("/score", json=pairs_body([(WALK, WALK_KM)]))
    assert response.status_code == 200, response.text
    assert len(response.json()["results"]) == 1


# -- endpoints ---------------------------------------------------------------------------------------------


def test_score_matches_the_scorer(client, scorer):
    pairs = [(WALK, WALK_CM), (WALK, WALK_KM), (CAT, CAT_NO_4), (CAT, CAT)]
    response = client.post("/score", json=pairs_body(pairs))
    assert response.status_code == 200
    body = response.json()
    expected = scorer.score_pairs([q for q, _ in pairs], [p for _, p in pairs])
    assert body["threshold"] == pytest.approx(0.2)
    assert [r["score"] for r in body["results"]] == pytest.approx(expected.tolist(), abs=1e-6)
    assert [r["valid"] for r in body["results"]] == [bool(s >= 0.2) for s in expected]
    assert body["results"][3]["score"] == pytest.approx(1.0, abs=1e-6)


def test_explain_gives_reasons_and_spans_in_both_texts(client, scorer):
    response = client.post("/explain", json=pairs_body([(WALK, WALK_CM), (CAT, CAT_NO_4), (WALK, WALK_KM)]))
    assert response.status_code == 200
    results = response.json()["results"]
    expected = scorer.explain_pairs([WALK, CAT, WALK], [WALK_CM, CAT_NO_4, WALK_KM])
    for got, want in zip(results, expected):
        assert got["score"] == pytest.approx(want.score, abs=1e-6)
        assert got["cosine"] == pytest.approx(want.cosine, abs=1e-6)
        assert got["verdict"] == want.verdict and got["valid"] == want.valid
        assert got["reasons"] == want.reasons
        assert [f["kind"] for f in got["findings"]] == [f.kind for f in want.check.findings]
    unit = results[0]["findings"][0]
    assert (unit["kind"], unit["severity"]) == ("unit_changed", "critical")
    assert [(s["text"], WALK[s["start"]:s["end"]]) for s in unit["question_spans"]] == [("kilometres",) * 2]
    assert [(s["text"], WALK_CM[s["start"]:s["end"]]) for s in unit["paraphrase_spans"]] == [("centimetres",) * 2]
    number = results[1]["findings"][0]
    assert number["kind"] == "number_missing" and [s["text"] for s in number["question_spans"]] == ["4"]
    assert results[0]["verdict"] == results[1]["verdict"] == "invalid"  # critical findings, hybrid score
    assert results[0]["score"] < results[0]["cosine"]
    assert results[2]["findings"] == []


def test_rank_orders_best_first_filters_and_explains(client, scorer):
    candidates = [WALK_CM, WALK_KM, WALK, "Alex"]
    expected = scorer.rank(WALK, candidates)
    body = client.post("/rank", json={"question": WALK, "candidates": candidates}).json()
    assert body["question"] == WALK
    assert [(r["index"], r["text"]) for r in body["results"]] == [(c.index, c.text) for c in expected]
    assert [r["score"] for r in body["results"]] == pytest.approx([c.score for c in expected], abs=1e-6)
    assert set(body["results"][0]) == {"index", "text", "score", "valid"}
    assert body["results"][0]["text"] == WALK  # the question itself scores 1

    filtered = client.post("/rank", json={"question": WALK, "candidates": candidates, "valid_only": True}).json()
    assert [r["index"] for r in filtered["results"]] == [r["index"] for r in body["results"] if r["valid"]]
    assert all(r["valid"] for r in filtered["results"])

    explained = client.post("/rank", json={"question": WALK, "candidates": candidates, "explain": True}).json()
    assert [r["index"] for r in explained["results"]] == [r["index"] for r in body["results"]]
    by_index = {r["index"]: r for r in explained["results"]}
    assert by_index[0]["findings"][0]["kind"] == "unit_changed"
    assert {"cosine", "verdict", "reasons", "findings"} <= set(by_index[1])


def test_rank_ties_keep_request_order(client):
    body = client.post("/rank", json={"question": WALK, "candidates": [WALK_KM, WALK, WALK_KM, WALK]}).json()
    assert [r["index"] for r in body["results"]] == [1, 3, 0, 2]


def test_health_and_version(client, scorer):
    health = client.get("/health").json()
    assert health["status"] == "ok" and health["version"] == __version__
    assert health["threshold"] == pytest.approx(0.2) and health["hybrid"] is True
    assert health["limits"] == LIMITS.to_dict()
    assert client.get("/version").json() == {"version": __version__}


def test_openapi_schema_documents_endpoints_and_errors(client):
    schema = client.get("/openapi.json").json()
    assert {"/score", "/explain", "/rank", "/health", "/version"} <= set(schema["paths"])
    assert "/" not in schema["paths"]
    explain = schema["paths"]["/explain"]["post"]
    assert set(explain["responses"]) >= {"200", "400", "413", "415", "422"}
    components = schema["components"]["schemas"]
    assert {"Pair", "PairsRequest", "RankRequest", "ExplanationOut", "FindingOut", "Span"} <= set(components)
    assert components["Pair"]["additionalProperties"] is False


def test_page_and_static_files_are_served_with_a_strict_policy(client):
    page = client.get("/")
    assert page.status_code == 200 and page.headers["content-type"].startswith("text/html")
    assert "script-src 'self'" in page.headers["content-security-policy"]
    assert "<script>" not in page.text  # no inline script: the policy would block it
    for asset, kind in (("/static/app.js", "javascript"), ("/static/style.css", "text/css")):
        response = client.get(asset)
        assert response.status_code == 200 and kind in response.headers["content-type"]
    assert "innerHTML" not in client.get("/static/app.js").text


# -- bad requests ------------------------------------------------------------------------------------------

JSON = {"Content-Type": "application/json"}
PAIR = {"question": WALK, "paraphrase": WALK_KM}
BAD_REQUESTS = [
    # (id, method, path, request kwargs, status, words the one-line detail contains)
    ("empty body", "post", "/score", {"content": b"", "headers": JSON}, 400, "empty request body"),
    ("empty body, no type", "post", "/explain", {"content": b""}, 400, "empty request body"),
    ("invalid JSON", "post", "/score", {"content": b'{"pairs": [', "headers": JSON}, 400, "not valid JSON"),
    ("not JSON at all", "post", "/rank", {"content": b"question=x", "headers": JSON}, 400, "not valid JSON"),
    ("form-encoded", "post", "/score", {"content": json.dumps(pairs_body([(WALK, WALK_KM)])).encode(),
                                         "headers": {"Content-Type": "application/x-www-form-urlencoded"}},
     415, "Content-Type: application/json"),
    ("a list, not an object", "post", "/score", {"json": [PAIR]}, 422, "JSON object"),
    ("a string, not an object", "post", "/explain", {"json": "hello"}, 422, "JSON object"),
    ("number as question", "post", "/score", {"json": {"pairs": [{**PAIR, "question": 7}]}}, 422,
     "pairs[0].question: Input should be a valid string"),
    ("null paraphrase", "post", "/explain", {"json": {"pairs": [PAIR, {**PAIR, "paraphrase": None}]}}, 422,
     "pairs[1].paraphrase"),
    ("pairs not a list", "post", "/score", {"json": {"pairs": PAIR}}, 422, "pairs: Input should be a valid list"),
    ("missing field", "post", "/score", {"json": {"pairs": [{"question": WALK}]}}, 422,
     "pairs[0].paraphrase: Field required"),
    ("misspelt field", "post", "/score", {"json": {"pairs": [PAIR], "treshold": 0.4}}, 422,
     "treshold: Extra inputs are not permitted"),
    ("no pairs", "post", "/score", {"json": {"pairs": []}}, 422, "at least 1 item"),
    ("candidates a string", "post", "/rank", {"json": {"question": WALK, "candidates": WALK_KM}}, 422,
     "candidates: Input should be a valid list"),
    ("explain not a boolean", "post", "/rank", {"json": {"question": WALK, "candidates": [WALK], "explain": "yes"}},
     422, "explain: Input should be a valid boolean"),
    ("no candidates", "post", "/rank", {"json": {"question": WALK, "candidates": []}}, 422, "at least 1 item"),
    ("10,000 candidates", "post", "/rank", {"json": {"question": WALK, "candidates": ["a"] * 10_000}}, 413,
     "too many candidates: 10000 > 6"),
    ("too many pairs", "post", "/explain", {"json": {"pairs": [PAIR] * 9}}, 413, "too many pairs: 9 > 8"),
    ("long question", "post", "/score", {"json": {"pairs": [PAIR, {**PAIR, "question": "x" * 1001}]}}, 413,
     "pairs[1].question is 1001 characters long; the limit is 1000"),
    ("long candidate", "post", "/rank", {"json": {"question": WALK, "candidates": ["ok", "y" * 5000]}}, 413,
     "candidates[1] is 5000 characters long"),
    ("long rank question", "post", "/rank", {"json": {"question": "q" * 1001, "candidates": ["ok"]}}, 413,
     "question is 1001 characters long"),
    ("1 MB string", "post", "/explain", {"json": {"pairs": [{**PAIR, "paraphrase": "z" * 1_000_000}]}}, 413,
     "request body is 1000"),
    ("bad Content-Length", "post", "/score", {"content": b"{}", "headers": {**JSON, "Content-Length": "many"}},
     400, "invalid Content-Length"),
    ("unknown path", "get", "/nowhere", {}, 404, "Not Found"),
    ("wrong method", "get", "/score", {}, 405, "Method Not Allowed"),
]


@pytest.mark.parametrize("method,path,kwargs,status,words", [case[1:] for case in BAD_REQUESTS],
                         ids=[case[0] for case in BAD_REQUESTS])
def test_bad_requests_get_a_4xx_with_one_line_and_the_service_keeps_serving(client, method, path, kwargs, status,
                                                                             words):
    response = getattr(client, method)(path, **kwargs) if method == "get" else client.request(
        method.upper(), path, **kwargs)
    assert response.status_code == status, response.text
    detail = response.json()["detail"]
    assert isinstance(detail, str) and words in detail
    assert "\n" not in detail and "Traceback" not in detail
    assert_serving(client)


def test_default_limits_refuse_a_1_mb_text_and_10000_candidates(scorer):
    with TestClient(create_app(scorer, warmup=False)) as c:
        response = c.post("/score", json=pairs_body([(WALK, "z" * 1_000_000)]))
        assert response.status_code == 413
        assert response.json()["detail"] == ("pairs[0].paraphrase is 1000000 characters long; the limit is 5000 "
                                             "(max_text_chars)")
        response = c.post("/rank", json={"question": WALK, "candidates": [WALK_KM] * 10_000})
        assert response.status_code == 413
        assert response.json()["detail"] == ("too many candidates: 10000 > 256 (limit max_candidates); "
                                             "split the request")
        response = c.post("/score", content=b"[" + b" " * 1_100_000 + b"]", headers=JSON)
        assert response.status_code == 413 and "limit is 1048576" in response.json()["detail"]
        assert_serving(c)


def test_validation_detail_counts_further_errors():
    errors = [{"type": "missing", "loc": ("body", "pairs", 0, "question"), "msg": "Field required"},
              {"type": "missing", "loc": ("body", "pairs", 0, "paraphrase"), "msg": "Field required"},
              {"type": "missing", "loc": ("body", "pairs", 1, "paraphrase"), "msg": "Field required"}]
    assert validation_detail(errors) == (422, "pairs[0].question: Field required (and 2 more errors)")


def test_a_chunked_body_over_the_limit_is_refused_while_it_arrives(scorer):
    app = create_app(scorer, ServeLimits(max_body_bytes=1000), warmup=False)
    with TestClient(app) as c:  # no Content-Length: the body streams in
        response = c.post("/score", content=(b" " * 100 for _ in range(100)), headers=JSON)
        assert response.status_code == 413
        assert response.json()["detail"] == "request body is over 1000 bytes, the limit (max_body_bytes)"
        assert_serving(c)


def test_body_limit_stops_reading_once_the_limit_is_passed():
    import asyncio

    from paraqd.serve.limits import BodySizeLimit

    received, sent = [], []

    async def receive():
        received.append(1)
        return {"type": "http.request", "body": b"x" * 100, "more_body": True}

    async def send(message):
        sent.append(message)

    async def never(scope, receive, send):  # pragma: no cover - must not be reached
        raise AssertionError("the application was called")

    scope = {"type": "http", "method": "POST", "path": "/score", "headers": []}
    asyncio.run(BodySizeLimit(never, max_bytes=1000)(scope, receive, send))
    assert len(received) == 11  # 1,100 bytes: one chunk past the limit, and no more
    assert sent[0]["status"] == 413 and json.loads(sent[1]["body"])["detail"].startswith("request body is over")


def test_unexpected_errors_are_a_500_with_one_line_and_serving_goes_on(scorer):
    class Flaky:
        threshold, path, hybrid = 0.5, None, None
        calls = 0

        def score_pairs(self, questions, paraphrases, show_progress_bar=None):
            Flaky.calls += 1
            if Flaky.calls == 1:
                raise RuntimeError("boom\nwith a second line")
            return scorer.score_pairs(questions, paraphrases)

    with TestClient(create_app(Flaky(), warmup=False), raise_server_exceptions=False) as c:
        first = c.post("/score", json=pairs_body([(WALK, WALK_KM)]))
        assert first.status_code == 500
        assert first.json() == {"detail": "internal error (RuntimeError); the server log has the details"}
        assert_serving(c)


def test_scorer_input_errors_are_a_422(scorer):
    from paraqd.errors import InputError

    class Refusing:
        threshold, path, hybrid = 0.5, None, None

        def score_pairs(self, questions, paraphrases, show_progress_bar=None):
            raise InputError("questions[0] is not usable")

    with TestClient(create_app(Refusing(), warmup=False)) as c:
        response = c.post("/score", json=pairs_body([(WALK, WALK_KM)]))
        assert (response.status_code, response.json()) == (422, {"detail": "questions[0] is not usable"})


def test_unusual_texts_are_scored_not_crashed(client):
    texts = ["\u0000", "😀 200 km", "<b>5</b> apples", "١٢٣"]
    response = client.post("/explain", json=pairs_body([(WALK, t) for t in texts]))
    assert response.status_code == 200, response.text
    assert len(response.json()["results"]) == len(texts)


@pytest.mark.parametrize("path, body, detail", [
    ("/score", pairs_body([(WALK, WALK_KM), (WALK, "")]), "pairs[1].paraphrase is empty"),
    ("/explain", pairs_body([(" \t\n", WALK)]), "pairs[0].question is empty (only whitespace)"),
    ("/rank", {"question": "  ", "candidates": [WALK]}, "question is empty (only whitespace)"),
    ("/rank", {"question": WALK, "candidates": [WALK_KM, "", WALK_CM]}, "candidates[1] is empty"),
])
def test_empty_or_whitespace_texts_are_a_422_naming_the_field(client, path, body, detail):
    response = client.post(path, json=body)
    assert (response.status_code, response.json()) == (422, {"detail": detail})
    assert_serving(client)


# -- concurrency -------------------------------------------------------------------------------------------


def test_concurrent_requests_never_overlap_in_the_scorer_and_get_their_own_answers(scorer):
    class Watching:
        """Delegates to the real scorer, recording how many calls run at once."""

        threshold, path, hybrid = scorer.threshold, None, None

        def __init__(self):
            self.active = self.most = 0
            self.guard = threading.Lock()

        def _enter(self):
            with self.guard:
                self.active += 1
                self.most = max(self.most, self.active)
            time.sleep(0.02)

        def _leave(self):
            with self.guard:
                self.active -= 1

        def score_pairs(self, questions, paraphrases, show_progress_bar=None):
            self._enter()
            try:
                return scorer.score_pairs(questions, paraphrases)
            finally:
                self._leave()

        def explain_pairs(self, questions, paraphrases):
            self._enter()
            try:
                return scorer.explain_pairs(questions, paraphrases)
            finally:
                self._leave()

    watching = Watching()
    requests = [pairs_body([(WALK, f"john walked {n} km. How long did he walk in terms of metres?")])
                for n in range(100, 124)]
    expected = [scorer.explain_pairs([r["pairs"][0]["question"]], [r["pairs"][0]["paraphrase"]])[0].score
                for r in requests]
    answers: dict[int, float] = {}
    with TestClient(create_app(watching, warmup=False)) as c:
        def call(i):
            path = "/explain" if i % 2 else "/score"
            answers[i] = c.post(path, json=requests[i]).json()["results"][0]["score"]

        threads = [threading.Thread(target=call, args=(i,)) for i in range(len(requests))]
        for t in threads:
            t.start()
        for t in threads:
            t.join(timeout=60)
    assert watching.most == 1
    assert [answers[i] for i in range(len(requests))] == pytest.approx(expected, abs=1e-6)


# -- the real default model --------------------------------------------------------------------------------


def test_table3_through_the_service_with_the_embedded_model(hybrid_scorer):
    from paraqd.serve.app import explanation_dict

    with TestClient(create_app(hybrid_scorer)) as c:
        assert c.get("/health").json()["hybrid"] is True
        pairs = [(CAT, CAT_NO_4), (WALK, WALK_CM), (WALK, WALK_KM)]
        results = c.post("/explain", json=pairs_body(pairs)).json()["results"]
    assert [r["verdict"] for r in results] == ["invalid", "invalid", "valid"]
    assert results[0]["findings"][0]["question_spans"][0]["text"] == "4"
    assert results[1]["findings"][0]["paraphrase_spans"][0]["text"] == "centimetres"
    direct = hybrid_scorer.explain_pairs([q for q, _ in pairs], [p for _, p in pairs])
    assert results == [explanation_dict(e) for e in direct]


# -- the command line --------------------------------------------------------------------------------------


@pytest.fixture
def fake_load(monkeypatch, scorer):
    calls = []

    def load(path=None, **options):
        calls.append((path, options))
        return scorer

    monkeypatch.setattr(ParaphraseScorer, "load", staticmethod(load))
    return calls


@pytest.fixture
def fake_uvicorn(monkeypatch):
    import uvicorn

    runs = []
    monkeypatch.setattr(uvicorn, "run", lambda app, **options: runs.append((app, options)))
    return runs


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def test_cli_serves_one_worker_with_the_options_given(fake_load, fake_uvicorn):
    from paraqd.cli import main

    port = free_port()
    assert main(["serve", "--port", str(port), "--model", "m/", "--threshold", "0.3", "--max-pairs", "5",
                 "--pure", "--no-access-log"]) == 0
    assert fake_load == [("m/", {"device": None, "backend": "torch", "batch_size": 64, "threshold": 0.3,
                                 "hybrid": False})]
    (app, options), = fake_uvicorn
    assert options == {"host": "127.0.0.1", "port": port, "log_level": "info", "access_log": False}
    assert app.state.limits == ServeLimits(max_pairs=5)
    with TestClient(app) as c:
        assert c.post("/explain", json={"pairs": [PAIR] * 6}).status_code == 413


def test_cli_with_workers_passes_its_options_to_each_worker(fake_load, fake_uvicorn, monkeypatch):
    import paraqd.cli.serve
    from paraqd.cli import main

    runs = []
    monkeypatch.setattr(paraqd.cli.serve, "run_workers",
                        lambda app, workers, **options: runs.append((app, workers, options)))
    monkeypatch.setenv(OPTIONS_ENV, "")  # restored after the test: main() sets it
    assert main(["serve", "--port", "0", "--workers", "3", "--max-candidates", "9", "--hybrid"]) == 0
    (app, workers, options), = runs
    assert app == "paraqd.serve.app:app_from_environment"
    assert workers == 3 and options["port"] == 0
    stored = json.loads(__import__("os").environ[OPTIONS_ENV])
    assert stored["hybrid"] is True and stored["limits"]["max_candidates"] == 9
    worker_app = app_from_environment()  # what each worker builds
    assert worker_app.state.limits.max_candidates == 9
    assert fake_load[-1] == (None, {"device": None, "backend": "torch", "batch_size": 64, "threshold": None,
                                    "hybrid": True})


@pytest.mark.parametrize("argv,message", [
    (["--workers", "0"], "argument --workers: must be at least 1"),
    (["--max-pairs", "0"], "argument --max-pairs: must be at least 1"),
    (["--port", "70000"], "argument --port: must be in [0, 65535]"),
    (["--host", "no.such.host.invalid"], "--host 'no.such.host.invalid'"),
])
def test_cli_refuses_bad_options_with_one_line(fake_load, fake_uvicorn, capsys, argv, message):
    from paraqd.cli import main

    assert main(["serve", *argv]) == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith("paraqd serve: error: ") and message in err and "\n" not in err
    assert fake_uvicorn == []


def test_cli_refuses_a_port_in_use(fake_load, fake_uvicorn, capsys):
    from paraqd.cli import main

    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        assert main(["serve", "--port", str(port)]) == 2
    assert capsys.readouterr().err.strip() == f"paraqd serve: error: cannot listen on 127.0.0.1:{port}: " \
                                              "address already in use"
    assert fake_load == [] and fake_uvicorn == []


def test_limits_must_be_positive_integers():
    from paraqd.errors import InputError

    for bad in (0, -1, 1.5, True):
        with pytest.raises(InputError, match="max_pairs must be a positive integer"):
            ServeLimits(max_pairs=bad)


def test_scores_are_plain_json_numbers(client):
    # float32 scores come back as JSON numbers rounded to 6 places, never as strings or NaN
    text = client.post("/score", json=pairs_body([(WALK, WALK_CM)])).text
    score = json.loads(text)["results"][0]["score"]
    assert isinstance(score, float) and np.isfinite(score) and round(score, 6) == score


@pytest.mark.slow
def test_paraqd_serve_starts_with_one_command_offline_and_stops_on_ctrl_c():
    import os
    import signal
    import subprocess
    import sys
    from pathlib import Path

    import httpx

    port = free_port()
    root = Path(__file__).resolve().parents[1]
    env = {**os.environ, "HF_HUB_OFFLINE": "1", "PYTHONPATH": str(root)}
    process = subprocess.Popen([sys.executable, "-m", "paraqd", "serve", "--port", str(port), "--no-access-log"],
                               env=env, cwd=root, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    try:
        deadline = time.monotonic() + 180
        while True:
            assert process.poll() is None, process.stdout.read()
            try:
                health = httpx.get(f"http://127.0.0.1:{port}/health", timeout=2).json()
                break
            except httpx.HTTPError:
                assert time.monotonic() < deadline, "the service did not start"
                time.sleep(0.25)
        assert health["model"].endswith("model") and health["status"] == "ok"
        answer = httpx.post(f"http://127.0.0.1:{port}/score", json=pairs_body([(WALK, WALK_KM)]), timeout=60)
        assert answer.status_code == 200 and answer.json()["results"][0]["valid"] is True
        assert httpx.get(f"http://127.0.0.1:{port}/", timeout=10).text.startswith("<!doctype html>")
        process.send_signal(signal.SIGINT)
        assert process.wait(timeout=30) == 130  # stopped by SIGINT, like every command (docs/failures.md)
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()


def test_api_docs_are_served_offline_from_this_machine(client):
    """issue 27: /docs loads Swagger UI from this server (no CDN), its start-up script is a static file."""
    import re

    from paraqd.serve.docs import swagger_ui_dir

    page = client.get("/docs")
    assert page.status_code == 200 and "text/html" in page.headers["content-type"]
    assert "script-src 'self'" in page.headers["content-security-policy"]
    sources = re.findall(r'(?:src|href)="([^"]+)"', page.text)
    assert sources and all(s.startswith("/") for s in sources), sources  # nothing from another host
    assert "<script>" not in page.text  # no inline script
    for source in sources:
        assert client.get(source).status_code == 200, source
    if swagger_ui_dir() is not None:
        assert "/docs-assets/swagger-ui-bundle.js" in sources and "/static/docs.js" in sources
    else:
        assert "/openapi.json" in sources
    assert client.get("/redoc").status_code == 404  # ReDoc only comes from a CDN: not offered


def test_api_docs_without_swagger_ui_point_at_the_schema(monkeypatch, scorer):
    import paraqd.serve.docs as docs

    monkeypatch.setattr(docs, "swagger_ui_dir", lambda: None)
    with TestClient(create_app(scorer, LIMITS, warmup=False)) as c:
        page = c.get("/docs")
        assert page.status_code == 200 and 'href="/openapi.json"' in page.text
        assert "pip install &#x27;paraqd[serve]&#x27;" in page.text or "paraqd[serve]" in page.text
