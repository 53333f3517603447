"""The FastAPI application: JSON endpoints around one :class:`~paraqd.scoring.ParaphraseScorer`, and the web page.

``create_app()`` loads the scorer once (the embedded all-MiniLM-L6-v2 unless told otherwise); tests and
embedding applications pass their own::

    from paraqd.serve import ServeLimits, create_app

    app = create_app()                                       # ParaphraseScorer.load()
    app = create_app(scorer, limits=ServeLimits(max_pairs=64))

Endpoints (the OpenAPI schema is at ``/openapi.json``):

    POST /score    {"pairs": [{"question", "paraphrase"}, ...]}  -> score and validity per pair
    POST /explain  same body                                     -> score, cosine, verdict, reasons, findings
    POST /rank     {"question", "candidates": [...], "valid_only", "explain"} -> candidates best first
    GET  /health   status, version, model, threshold and the request limits
    GET  /version  the paraqd version
    GET  /         the web page (paraqd/serve/static)

The scorer is not assumed thread-safe (the checker's parse caches, the encoder's tokenizer): scoring runs
off the event loop in one worker thread (:class:`ScorerService`), so calls never overlap, and the event loop
stays free for ``/health``, ``/version`` and the page, which never wait for it. At most
``ServeLimits.max_queue`` scoring requests wait or run at once: one more is answered ``503`` with a
``Retry-After`` header at once, and a request not answered within ``ServeLimits.request_timeout`` seconds
gets ``503`` too (a request that has not started by then is dropped from the queue). ``HEAD`` works on every
``GET`` route.

Bad requests get a 4xx answer whose ``detail`` is one line saying what to fix: 400 for a body that is empty,
not UTF-8 (the byte, line and column), not JSON (line and column), with an integer of more than 100 digits
or nested too deeply; 415 for one not sent as ``application/json`` or declaring another charset than UTF-8;
413 for a request above a :class:`ServeLimits` limit; 422 for JSON of the wrong shape or type, an empty text
or a lone surrogate (both naming the field). An unexpected error is a 500 with a one-line detail, logged
with its traceback on the server, never sent to the client.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import math
import os
import threading
import time
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import numpy as np
from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse
from fastapi.staticfiles import StaticFiles

from .. import __version__
from ..errors import ParaqdError
from .body import JSONBodyCheck, field_path, is_json_media
from .limits import BodySizeLimit, LimitExceeded, ServeLimits, check_batch, check_texts
from .schemas import (
    ErrorResponse,
    ExplainResponse,
    HealthResponse,
    PairsRequest,
    RankRequest,
    RankResponse,
    ScoreResponse,
    VersionResponse,
)

logger = logging.getLogger("paraqd.serve")

STATIC_DIR = Path(__file__).resolve().parent / "static"
#: the environment variable through which `paraqd serve --workers N` passes its options to each worker
OPTIONS_ENV = "PARAQD_SERVE_OPTIONS"
#: a pair scored at start-up so the first request does not pay for loading the parser
WARMUP_PAIR = ("John walked 200 kilometres. How long did he walk in metres?",
               "john walked 200 km. How long did he walk in metres?")
#: the page's security headers: no inline script, nothing loaded from elsewhere, no framing
PAGE_HEADERS = {
    "Content-Security-Policy": "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
                               "connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
}
ERRORS = {code: {"model": ErrorResponse, "description": text} for code, text in (
    (400, "the body is empty or not JSON"),
    (413, "the body, a batch or a text is above its limit (see /health)"),
    (408, "the body stopped arriving for request_timeout seconds"),
    (415, "the body is not sent as application/json, or not as UTF-8"),
    (422, "the JSON has the wrong shape or types, a text is empty or not valid Unicode"),
    (503, "the server is busy (the queue is full, or the request waited past the timeout); retry after "
          "the Retry-After header's seconds"),
)}


def _round(value: float) -> float:
    return round(float(value), 6)


def _spans(mentions) -> list[dict[str, Any]]:
    return [{"start": m.start, "end": m.end, "text": m.text} for m in mentions]


def explanation_dict(explanation) -> dict[str, Any]:
    """A :class:`paraqd.hybrid.Explanation` as the service returns it (:class:`~.schemas.ExplanationOut`)."""
    return {
        "score": _round(explanation.score),
        "valid": explanation.valid,
        "cosine": _round(explanation.cosine),
        "verdict": explanation.verdict,
        "reasons": explanation.reasons,
        "findings": [{"kind": f.kind, "message": f.message, "severity": str(f.severity),
                      "question_spans": _spans(f.question_spans),
                      "paraphrase_spans": _spans(f.paraphrase_spans)} for f in explanation.check.findings],
        "checks_failed": list(explanation.check.checks_failed),
    }


#: characters (questions and paraphrases together) scored in one call of the scoring thread: about 100
#: typical pairs, or a single pair at the text limit; a larger request is scored in several parts
CHUNK_CHARS = 20_000


def _parts(questions: Sequence[str], paraphrases: Sequence[str], budget: int) -> list[tuple[int, int]]:
    """``(start, end)`` ranges of consecutive pairs of at most ``budget`` characters each (a pair over the
    budget alone); one range for a request within it."""
    ranges, start, used = [], 0, 0
    for i, (q, p) in enumerate(zip(questions, paraphrases)):
        size = len(q) + len(p)
        if i > start and used + size > budget:
            ranges.append((start, i))
            start, used = i, 0
        used += size
    if start < len(questions):
        ranges.append((start, len(questions)))
    return ranges


class Busy(Exception):
    """The service cannot take or finish a scoring request now (answered 503 with ``Retry-After``)."""

    def __init__(self, detail: str, retry_after: int):
        super().__init__(detail)
        self.retry_after = retry_after


class ScorerService:
    """A :class:`~paraqd.scoring.ParaphraseScorer` behind a lock: one scorer call at a time, from any thread.

    :meth:`run` is the event loop's way in: it queues a call for the one scoring thread, refuses it at once
    (:class:`Busy`) when ``max_queue`` calls are already waiting or running, and gives up on it after
    ``timeout`` seconds (a call that has not started is dropped; one that has runs to its end).
    """

    def __init__(self, scorer, max_queue: int = 256, timeout: float = 60.0):
        self.scorer = scorer
        self.max_queue = int(max_queue)
        self.timeout = float(timeout)
        self._lock = threading.Lock()
        self._count_lock = threading.Lock()
        self._pending = 0
        self._seconds_per_call = 0.05  # running mean of a call's duration, for Retry-After
        self._executor = ThreadPoolExecutor(1, thread_name_prefix="paraqd-score")

    @property
    def pending(self) -> int:
        """Scoring calls waiting or running now."""
        return self._pending

    def retry_after(self) -> int:
        """Seconds a refused client should wait: about the time the queue ahead of it takes (1 to 60)."""
        return int(min(60, max(1, math.ceil(self._pending * self._seconds_per_call))))

    def _timed(self, method: str, *args):
        began = time.perf_counter()
        try:
            return getattr(self, method)(*args)
        finally:
            self._seconds_per_call = 0.8 * self._seconds_per_call + 0.2 * (time.perf_counter() - began)

    async def run(self, method: str, questions: list[str], paraphrases: list[str]):
        """``self.<method>(questions, paraphrases)`` in the scoring thread, awaited without blocking the event
        loop. A large request is scored in parts of about :data:`CHUNK_CHARS` characters, each queued behind
        the parts already waiting, so requests take turns and one past its timeout stops after its current
        part (a running scorer call cannot be interrupted)."""
        with self._count_lock:
            if self._pending >= self.max_queue:
                raise Busy(f"the server is busy: {self._pending} scoring requests are queued (max_queue "
                           f"{self.max_queue}); retry later", self.retry_after())
            self._pending += 1
        loop = asyncio.get_running_loop()
        deadline = loop.time() + self.timeout
        parts: list = []
        started = False
        try:
            for lo, hi in _parts(questions, paraphrases, CHUNK_CHARS):
                future = self._executor.submit(self._timed, method, questions[lo:hi], paraphrases[lo:hi])
                try:
                    parts.append(await asyncio.wait_for(asyncio.wrap_future(future),
                                                        max(0.0, deadline - loop.time())))
                    started = True
                except asyncio.TimeoutError:
                    started = started or not future.cancel()
                    raise Busy(f"the request was not answered within {self.timeout:g} s (request_timeout); "
                               + ("send fewer or shorter texts" if started else "the server is busy, retry later"),
                               self.retry_after()) from None
        finally:
            with self._count_lock:
                self._pending -= 1
        if method == "score_pairs":
            return np.concatenate(parts) if parts else np.zeros(0, dtype=np.float32)
        return [item for part in parts for item in part]

    def close(self) -> None:
        self._executor.shutdown(wait=False, cancel_futures=True)

    @property
    def threshold(self) -> float:
        return float(self.scorer.threshold)

    def score_pairs(self, questions: Sequence[str], paraphrases: Sequence[str]) -> np.ndarray:
        with self._lock:
            return self.scorer.score_pairs(questions, paraphrases, show_progress_bar=False)

    def explain_pairs(self, questions: Sequence[str], paraphrases: Sequence[str]) -> list:
        with self._lock:
            return self.scorer.explain_pairs(questions, paraphrases)

    def warm_up(self) -> None:
        """Score and explain one pair, so the encoder and the parser are loaded before the first request."""
        self.explain_pairs([WARMUP_PAIR[0]], [WARMUP_PAIR[1]])


def _is_json(content_type: str | None) -> bool:
    return is_json_media(content_type)


class HeadAsGet:
    """ASGI middleware: ``HEAD`` is served as ``GET`` without the body (monitors and ``curl -I`` use it), so
    every GET route answers it with the GET's status and headers."""

    def __init__(self, app):
        self.app = app

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http" or scope.get("method") != "HEAD":
            return await self.app(scope, receive, send)

        async def without_body(message):
            if message["type"] == "http.response.body":
                message = {**message, "body": b"", "more_body": False}
                if sent["body"]:
                    return None
                sent["body"] = True
            await send(message)

        sent = {"body": False}
        return await self.app({**scope, "method": "GET"}, receive, without_body)


def validation_detail(errors: Sequence[dict[str, Any]], content_type: str | None = "application/json"
                      ) -> tuple[int, str]:
    """The status and one-line ``detail`` for pydantic's validation ``errors`` of a request body."""
    first = errors[0]
    loc = tuple(first.get("loc", ()))
    kind = first.get("type", "")
    if kind == "json_invalid":
        error = (first.get("ctx") or {}).get("error", "")
        where = f" at character {loc[1]}" if len(loc) > 1 and isinstance(loc[1], int) else ""
        return 400, f"the body is not valid JSON{where}" + (f": {error}" if error else "")
    if loc == ("body",) and kind == "missing":
        return 400, "empty request body; send a JSON object (see /docs or /openapi.json)"
    if loc == ("body",) and not _is_json(content_type):
        return 415, f"send the body as JSON with the header Content-Type: application/json (got {content_type!r})"
    if loc == ("body",):
        return 422, "the body must be a JSON object (see /docs or /openapi.json)"
    where = field_path(loc[1:] if loc and loc[0] == "body" else loc, empty="")
    more = f" (and {len(errors) - 1} more error{'s' if len(errors) > 2 else ''})" if len(errors) > 1 else ""
    return 422, f"{where}: {first.get('msg', 'invalid value')}{more}"


def _error(status: int, detail: str) -> JSONResponse:
    # a lone surrogate (in a field name echoed back) cannot be encoded: written as its escape instead
    detail = str(detail).encode("utf-8", "backslashreplace").decode("utf-8")
    return JSONResponse({"detail": " ".join(detail.split())}, status_code=status)


def _install_error_handlers(app: FastAPI) -> None:
    @app.exception_handler(RequestValidationError)
    async def _invalid(request: Request, exc: RequestValidationError):
        return _error(*validation_detail(exc.errors(), request.headers.get("content-type")))

    @app.exception_handler(LimitExceeded)
    async def _too_large(request: Request, exc: LimitExceeded):
        return _error(413, str(exc))

    @app.exception_handler(Busy)
    async def _busy(request: Request, exc: Busy):
        response = _error(503, str(exc))
        response.headers["Retry-After"] = str(exc.retry_after)
        return response

    @app.exception_handler(ParaqdError)
    async def _input(request: Request, exc: ParaqdError):
        return _error(422, str(exc))

    @app.exception_handler(Exception)
    async def _unexpected(request: Request, exc: Exception):
        logger.exception("error while serving %s %s", request.method, request.url.path)
        return _error(500, f"internal error ({type(exc).__name__}); the server log has the details")


def create_app(scorer=None, limits: ServeLimits | None = None, *, model: str | None = None,
               warmup: bool = True, **load_options) -> FastAPI:
    """The service around ``scorer`` (default: ``ParaphraseScorer.load(model, **load_options)``, loaded now).

    ``limits`` bounds each request (:class:`ServeLimits`); ``warmup`` scores one pair when the application
    starts so the first request does not wait for the parser to load.
    """
    if scorer is None:
        from ..hub import prepare_offline
        from ..scoring import ParaphraseScorer

        prepare_offline([model])  # a local model (or an unreachable hub): offline at once, no retries
        scorer = ParaphraseScorer.load(model, **load_options)
    limits = limits or ServeLimits()
    service = ScorerService(scorer, max_queue=limits.max_queue, timeout=limits.request_timeout)

    @contextlib.asynccontextmanager
    async def lifespan(app: FastAPI):
        if warmup:
            await asyncio.wrap_future(service._executor.submit(service.warm_up))
        try:
            yield
        finally:
            service.close()

    app = FastAPI(
        title="paraqd",
        version=__version__,
        summary="Score paraphrases of algebraic word problems, and say why they are (in)valid.",
        description="A paraphrase is valid when its score reaches the threshold. Every error answer has one "
                    "line of `detail`. Limits per request are listed by `GET /health`.",
        lifespan=lifespan,
        docs_url=None, redoc_url=None,  # FastAPI's pages load from a CDN: /docs is served from here instead
    )
    app.state.service = service
    app.state.limits = limits
    app.add_middleware(JSONBodyCheck)  # inside BodySizeLimit (added after it, so outside), which bounds the body
    app.add_middleware(BodySizeLimit, max_bytes=limits.max_body_bytes, read_timeout=limits.request_timeout)
    app.add_middleware(HeadAsGet)
    _install_error_handlers(app)

    def _pairs(body: PairsRequest) -> tuple[list[str], list[str]]:
        check_batch(len(body.pairs), limits.max_pairs, "pairs", "max_pairs")
        questions = [p.question for p in body.pairs]
        paraphrases = [p.paraphrase for p in body.pairs]
        check_texts(questions, limits.max_text_chars, "pairs[{i}].question")
        check_texts(paraphrases, limits.max_text_chars, "pairs[{i}].paraphrase")
        return questions, paraphrases

    @app.post("/score", response_model=ScoreResponse, responses=ERRORS, tags=["scoring"])
    async def score(body: PairsRequest) -> dict[str, Any]:
        """Score (question, paraphrase) pairs: the score and whether it reaches the threshold."""
        questions, paraphrases = _pairs(body)
        scores = await service.run("score_pairs", questions, paraphrases)
        threshold = service.threshold
        return {"threshold": threshold,
                "results": [{"score": _round(s), "valid": bool(s >= threshold)} for s in scores]}

    @app.post("/explain", response_model=ExplainResponse, responses=ERRORS, tags=["scoring"])
    async def explain(body: PairsRequest) -> dict[str, Any]:
        """Score, learned cosine, verdict, reasons and findings (with character spans in both texts) per pair."""
        questions, paraphrases = _pairs(body)
        explanations = await service.run("explain_pairs", questions, paraphrases)
        return {"threshold": service.threshold, "results": [explanation_dict(e) for e in explanations]}

    @app.post("/rank", response_model=RankResponse, response_model_exclude_none=True, responses=ERRORS,
              tags=["scoring"])
    async def rank(body: RankRequest) -> dict[str, Any]:
        """Candidate paraphrases of one question, best first (valid ones first); `valid_only` filters."""
        check_batch(len(body.candidates), limits.max_candidates, "candidates", "max_candidates")
        check_texts([body.question], limits.max_text_chars, "question")
        check_texts(body.candidates, limits.max_text_chars, "candidates[{i}]")
        questions = [body.question] * len(body.candidates)
        threshold = service.threshold
        if body.explain:
            explanations = await service.run("explain_pairs", questions, body.candidates)
            rows = [{"index": i, "text": text, **explanation_dict(e)} for i, (text, e) in
                    enumerate(zip(body.candidates, explanations))]
        else:
            scores = await service.run("score_pairs", questions, body.candidates)
            rows = [{"index": i, "text": text, "score": _round(s), "valid": bool(s >= threshold)}
                    for i, (text, s) in enumerate(zip(body.candidates, scores))]
        rows.sort(key=lambda row: -row["score"])  # stable: ties keep the request's order
        if body.valid_only:
            rows = [row for row in rows if row["valid"]]
        return {"question": body.question, "threshold": threshold, "results": rows}

    @app.get("/health", response_model=HealthResponse, tags=["service"])
    async def health() -> dict[str, Any]:
        """Liveness, the loaded model and the request limits (never waits for a running scoring call)."""
        return {"status": "ok", "version": __version__, "model": getattr(scorer, "path", None),
                "hybrid": getattr(scorer, "hybrid", None) is not None, "threshold": service.threshold,
                "limits": limits.to_dict(), "queued": service.pending}

    @app.get("/version", response_model=VersionResponse, tags=["service"])
    async def version() -> dict[str, str]:
        """The paraqd version."""
        return {"version": __version__}

    @app.get("/", include_in_schema=False)
    async def page() -> FileResponse:
        return FileResponse(STATIC_DIR / "index.html", media_type="text/html", headers=PAGE_HEADERS)

    from .docs import install_docs

    install_docs(app)
    app.mount("/static", StaticFiles(directory=STATIC_DIR), name="static")
    return app


def app_from_environment() -> FastAPI:
    """The application a ``paraqd serve --workers N`` worker builds: options from ``$PARAQD_SERVE_OPTIONS``.

    Each worker process loads its own scorer once (uvicorn's ``factory=True``).
    """
    options = json.loads(os.environ.get(OPTIONS_ENV) or "{}")
    limits = ServeLimits(**options.pop("limits", {}))
    return create_app(limits=limits, **options)
