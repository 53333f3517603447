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

The scorer is not assumed thread-safe (the checker's parse caches, the encoder's tokenizer): requests are
served on a thread pool but every scorer call holds one lock, so calls never overlap. Concurrent requests
queue for it; ``/health`` never waits for it.

Bad requests get a 4xx answer whose ``detail`` is one line: 400 for a body that is empty or not JSON, 415
for one not sent as ``application/json``, 413 for a request above a :class:`ServeLimits` limit, 422 for
JSON of the wrong shape or type. An unexpected error is a 500 with a one-line detail, logged with its
traceback on the server, never sent to the client.
"""

from __future__ import annotations

import contextlib
import json
import logging
import os
import threading
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np
from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse
from fastapi.staticfiles import StaticFiles

from .. import __version__
from ..errors import ParaqdError
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
    (415, "the body is not sent as application/json"),
    (422, "the JSON has the wrong shape or types"),
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
    }


class ScorerService:
    """A :class:`~paraqd.scoring.ParaphraseScorer` behind a lock: one scorer call at a time, from any thread."""

    def __init__(self, scorer):
        self.scorer = scorer
        self._lock = threading.Lock()

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


def _location(loc: Sequence[Any]) -> str:
    out = ""
    for part in loc:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            out += f".{part}" if out else str(part)
    return out


def _is_json(content_type: str | None) -> bool:
    media = (content_type or "").split(";")[0].strip().lower()
    return media == "application/json" or (media.startswith("application/") and media.endswith("+json"))


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
    where = _location(loc[1:] if loc and loc[0] == "body" else loc)
    more = f" (and {len(errors) - 1} more error{'s' if len(errors) > 2 else ''})" if len(errors) > 1 else ""
    return 422, f"{where}: {first.get('msg', 'invalid value')}{more}"


def _error(status: int, detail: str) -> JSONResponse:
    return JSONResponse({"detail": " ".join(str(detail).split())}, status_code=status)


def _install_error_handlers(app: FastAPI) -> None:
    @app.exception_handler(RequestValidationError)
    async def _invalid(request: Request, exc: RequestValidationError):
        return _error(*validation_detail(exc.errors(), request.headers.get("content-type")))

    @app.exception_handler(LimitExceeded)
    async def _too_large(request: Request, exc: LimitExceeded):
        return _error(413, str(exc))

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
    service = ScorerService(scorer)

    @contextlib.asynccontextmanager
    async def lifespan(app: FastAPI):
        if warmup:
            from fastapi.concurrency import run_in_threadpool

            await run_in_threadpool(service.warm_up)
        yield

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
    app.add_middleware(BodySizeLimit, max_bytes=limits.max_body_bytes)
    _install_error_handlers(app)

    def _pairs(body: PairsRequest) -> tuple[list[str], list[str]]:
        check_batch(len(body.pairs), limits.max_pairs, "pairs", "max_pairs")
        questions = [p.question for p in body.pairs]
        paraphrases = [p.paraphrase for p in body.pairs]
        check_texts(questions, limits.max_text_chars, "pairs[{i}].question")
        check_texts(paraphrases, limits.max_text_chars, "pairs[{i}].paraphrase")
        return questions, paraphrases

    @app.post("/score", response_model=ScoreResponse, responses=ERRORS, tags=["scoring"])
    def score(body: PairsRequest) -> dict[str, Any]:
        """Score (question, paraphrase) pairs: the score and whether it reaches the threshold."""
        questions, paraphrases = _pairs(body)
        scores = service.score_pairs(questions, paraphrases)
        threshold = service.threshold
        return {"threshold": threshold,
                "results": [{"score": _round(s), "valid": bool(s >= threshold)} for s in scores]}

    @app.post("/explain", response_model=ExplainResponse, responses=ERRORS, tags=["scoring"])
    def explain(body: PairsRequest) -> dict[str, Any]:
        """Score, learned cosine, verdict, reasons and findings (with character spans in both texts) per pair."""
        questions, paraphrases = _pairs(body)
        explanations = service.explain_pairs(questions, paraphrases)
        return {"threshold": service.threshold, "results": [explanation_dict(e) for e in explanations]}

    @app.post("/rank", response_model=RankResponse, response_model_exclude_none=True, responses=ERRORS,
              tags=["scoring"])
    def rank(body: RankRequest) -> dict[str, Any]:
        """Candidate paraphrases of one question, best first (valid ones first); `valid_only` filters."""
        check_batch(len(body.candidates), limits.max_candidates, "candidates", "max_candidates")
        check_texts([body.question], limits.max_text_chars, "question")
        check_texts(body.candidates, limits.max_text_chars, "candidates[{i}]")
        questions = [body.question] * len(body.candidates)
        threshold = service.threshold
        if body.explain:
            rows = [{"index": i, "text": text, **explanation_dict(e)} for i, (text, e) in
                    enumerate(zip(body.candidates, service.explain_pairs(questions, body.candidates)))]
        else:
            scores = service.score_pairs(questions, body.candidates)
            rows = [{"index": i, "text": text, "score": _round(s), "valid": bool(s >= threshold)}
                    for i, (text, s) in enumerate(zip(body.candidates, scores))]
        rows.sort(key=lambda row: -row["score"])  # stable: ties keep the request's order
        if body.valid_only:
            rows = [row for row in rows if row["valid"]]
        return {"question": body.question, "threshold": threshold, "results": rows}

    @app.get("/health", response_model=HealthResponse, tags=["service"])
    def health() -> dict[str, Any]:
        """Liveness, the loaded model and the request limits (never waits for a running scoring call)."""
        return {"status": "ok", "version": __version__, "model": getattr(scorer, "path", None),
                "hybrid": getattr(scorer, "hybrid", None) is not None, "threshold": service.threshold,
                "limits": limits.to_dict()}

    @app.get("/version", response_model=VersionResponse, tags=["service"])
    def version() -> dict[str, str]:
        """The paraqd version."""
        return {"version": __version__}

    @app.get("/", include_in_schema=False)
    def page() -> FileResponse:
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
