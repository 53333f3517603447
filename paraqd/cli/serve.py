"""`paraqd serve`: the scoring service (JSON endpoints and a web page) on uvicorn."""

from __future__ import annotations

import errno
import json
import logging
import os
import socket

from ..errors import InputError, ParaqdError
from . import command, options

log = logging.getLogger("paraqd.serve")

DESCRIPTION = """Serve the scorer over HTTP: JSON endpoints (OpenAPI schema at /openapi.json) and a web page
at / where a problem and candidate paraphrases are pasted and each verdict is shown with its reasons.

The model is loaded once per worker (the embedded all-MiniLM-L6-v2 unless --model is given); scoring calls
are serialised within a worker, so add --workers to use more cores. The service listens on 127.0.0.1
(this machine only) unless --host says otherwise.

endpoints:
  POST /score     {"pairs": [{"question": ..., "paraphrase": ...}]}   score and valid per pair
  POST /explain   same body                                         + cosine, verdict, reasons, findings
  POST /rank      {"question": ..., "candidates": [...], "valid_only": false, "explain": false}
  GET  /health    status, version, model, threshold, limits         GET /version   the version
  GET  /          the web page

examples:
  paraqd serve                                  http://127.0.0.1:8000/
  paraqd serve --model model/ --port 8080 --workers 2
  curl -s localhost:8000/score -H 'Content-Type: application/json' \\
       -d '{"pairs": [{"question": "Tom has 3 apples.", "paraphrase": "Tom has three apples."}]}'"""


@command("serve", help="serve the scorer over HTTP: JSON endpoints and a web page", description=DESCRIPTION)
def add_arguments(parser):
    from ..serve.limits import ServeLimits

    defaults = ServeLimits()
    parser.add_argument("--host", default="127.0.0.1",
                        help="address to listen on (default: 127.0.0.1, this machine only; 0.0.0.0: every "
                             "interface)")
    parser.add_argument("--port", type=options.port, default=8000, help="port to listen on (default: 8000)")
    parser.add_argument("--model", metavar="MODEL_DIR",
                        help="trained model directory or encoder name (default: the embedded all-MiniLM-L6-v2)")
    parser.add_argument("--workers", type=options.count, default=1,
                        help="worker processes, each with its own copy of the model (default: 1)")
    parser.add_argument("--threshold", type=options.score_threshold,
                        help="minimum score of a valid paraphrase, in [-1, 1] (default: the model's, else 0.5)")
    parser.add_argument("--calibration", metavar="FILE",
                        help="use the threshold `paraqd calibrate` chose on labelled pairs (instead of --threshold)")
    mode = parser.add_mutually_exclusive_group()
    mode.add_argument("--hybrid", dest="hybrid", action="store_true", default=None,
                      help="the hybrid score even for a model whose paraqd.json asks for the pure cosine "
                           "(default: hybrid, the learned score lowered by the critical-information check, unless "
                           "the model says pure)")
    mode.add_argument("--pure", "--no-hybrid", dest="hybrid", action="store_false",
                      help="the learned cosine only (the paper's score) instead of the default hybrid score")
    parser.add_argument("--device", type=options.device, help="torch device, e.g. cpu or cuda (default: automatic)")
    from ..backends import backend_names  # the registry; light (no torch)

    parser.add_argument("--backend", choices=backend_names(), default="torch",
                        help="inference backend (default: torch; see `paraqd score --help`)")
    parser.add_argument("--batch-size", type=options.count, default=64, help="encoding batch size (default: 64)")
    limits = parser.add_argument_group("request limits (answered with 413 when exceeded)")
    limits.add_argument("--max-pairs", type=options.count, default=defaults.max_pairs,
                        help=f"pairs per /score or /explain request (default: {defaults.max_pairs})")
    limits.add_argument("--max-candidates", type=options.count, default=defaults.max_candidates,
                        help=f"candidates per /rank request (default: {defaults.max_candidates})")
    limits.add_argument("--max-text-chars", type=options.count, default=defaults.max_text_chars,
                        help=f"characters per question or paraphrase, at most {defaults.max_text_chars} "
                             f"(the default; longer texts are never scored)")
    limits.add_argument("--max-body-bytes", type=options.count, default=defaults.max_body_bytes,
                        help=f"bytes per request body (default: {defaults.max_body_bytes})")
    busy = parser.add_argument_group("load (answered with 503 and Retry-After when exceeded)")
    busy.add_argument("--max-queue", type=options.count, default=defaults.max_queue,
                      help=f"scoring requests waiting or running at once, per worker (default: {defaults.max_queue})")
    busy.add_argument("--request-timeout", type=options.positive_number, default=defaults.request_timeout,
                      metavar="SECONDS",
                      help=f"seconds a scoring request may wait and run (default: {defaults.request_timeout:g})")
    parser.add_argument("--no-access-log", dest="access_log", action="store_false",
                        help="do not log one line per request")
    return run


def check_port(host: str, port: int) -> None:
    """Fail with one line when ``host:port`` cannot be listened on (in use, not an address of this machine)."""
    if not 0 <= port <= 65535:
        raise InputError(f"--port must lie in 0..65535, got {port}")
    if port == 0:
        return
    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
    except socket.gaierror as exc:
        raise InputError(f"--host {host!r}: {exc.strerror}") from None
    family, kind, proto, _, address = infos[0]
    with socket.socket(family, kind, proto) as sock:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            sock.bind(address)
        except OSError as exc:
            reason = "address already in use" if exc.errno == errno.EADDRINUSE else (exc.strerror or str(exc))
            raise InputError(f"cannot listen on {host}:{port}: {reason}") from None


def run(args) -> int:
    try:
        import uvicorn

        from ..serve import ServeLimits, create_app
        from ..serve.app import OPTIONS_ENV
    except ImportError as exc:
        raise ParaqdError(f"the service needs fastapi and uvicorn ({exc.name} is missing): "
                          "pip install 'paraqd[serve]'") from None
    from ..calibration import calibrated_threshold
    from ..scoring import ParaphraseScorer

    if args.workers < 1:
        raise InputError(f"--workers must be at least 1, got {args.workers}")
    if args.batch_size < 1:
        raise InputError(f"--batch-size must be at least 1, got {args.batch_size}")
    limits = ServeLimits(max_body_bytes=args.max_body_bytes, max_pairs=args.max_pairs,
                         max_candidates=args.max_candidates, max_text_chars=args.max_text_chars,
                         max_queue=args.max_queue, request_timeout=args.request_timeout)
    check_port(args.host, args.port)
    threshold = calibrated_threshold(args.threshold, args.calibration, scorer=(args.model, args.hybrid))
    load_options = {"device": args.device, "backend": args.backend, "batch_size": args.batch_size,
                    "threshold": threshold, "hybrid": args.hybrid}
    # Loaded here even with several workers: a model that cannot load fails now, with one line.
    scorer = ParaphraseScorer.load(args.model, **load_options)
    log.info("model %s (threshold %.2f, %s); http://%s:%d/ (Ctrl+C stops)", scorer.path, scorer.threshold,
             "hybrid" if scorer.hybrid is not None else "pure cosine", args.host, args.port)
    level = "warning" if args.quiet else ("debug" if args.verbose > 1 else "info")
    server_options = {"host": args.host, "port": args.port, "log_level": level, "access_log": args.access_log}
    from . import raise_if_stopped

    if args.workers == 1:
        uvicorn.run(create_app(scorer, limits), **server_options)
        raise_if_stopped()  # uvicorn shuts down on SIGINT / SIGTERM and returns: exit 130 / 143 all the same
        return 0
    del scorer
    os.environ[OPTIONS_ENV] = json.dumps({"model": args.model, "limits": limits.to_dict(), **load_options})
    signum = run_workers("paraqd.serve.app:app_from_environment", args.workers, **server_options)
    raise_if_stopped()
    if signum is not None:  # the supervisor took the signal from us: exit as one worker does (130 / 143)
        from . import Interrupted

        raise Interrupted(signum)
    return 0


def run_workers(app: str, workers: int, **server_options) -> int | None:
    """``uvicorn.run(app, factory=True, workers=workers, ...)``, returning the stop signal (SIGINT, SIGTERM)
    that ended the supervisor, if any: uvicorn's supervisor installs its own signal handlers and returns
    normally, so without this a stopped ``serve --workers N`` would exit 0."""
    import signal

    from uvicorn import Config
    from uvicorn.supervisors import Multiprocess

    class Supervisor(Multiprocess):
        signum: int | None = None

        def handle_int(self) -> None:
            self.signum = self.signum or signal.SIGINT
            super().handle_int()

        def handle_term(self) -> None:
            self.signum = self.signum or signal.SIGTERM
            super().handle_term()

    config = Config(app, factory=True, workers=workers, **server_options)
    sock = config.bind_socket()
    supervisor = Supervisor(config, sockets=[sock])
    try:
        supervisor.run()
    finally:
        sock.close()
    return supervisor.signum
