"""A fake OpenAI-compatible chat-completions server on 127.0.0.1, for tests that must never touch the network.

It answers with canned rewordings (the rewording of a question is ``canned[question][seed % len]``, found by the
question's text in the prompt) and, for a judge prompt, with the verdict given for the rewording. Faults are
queued with :meth:`FakeLLM.fail` and served one per request, in order: ``"429"`` (with ``Retry-After: 0``),
``"500"``, ``"timeout"`` (answers after ``slow_s`` seconds), ``"empty"`` (empty content), ``"malformed"``
(not JSON), ``"no-choices"``. A wrong model name answers 404 like OpenAI; a wrong key 401 when ``key`` is set.
Every request is recorded (path, headers, JSON body).
"""

from __future__ import annotations

import json
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer


class FakeLLM:
    def __init__(self, canned: dict[str, list[str]], *, model: str = "fake-model", key: str | None = None,
                 verdicts: dict[str, str] | None = None, slow_s: float = 2.0):
        self.canned, self.model, self.key = canned, model, key
        self.verdicts = verdicts or {}
        self.slow_s = slow_s
        self.faults: list[str] = []
        self.requests: list[dict] = []
        self._lock = threading.Lock()
        fake = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args):  # quiet
                pass

            def do_POST(self):
                fake._handle(self)

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.server.daemon_threads = True
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.server.server_address[1]}/v1"

    def fail(self, *faults: str) -> None:
        with self._lock:
            self.faults.extend(faults)

    def __enter__(self) -> FakeLLM:
        self.thread.start()
        return self

    def __exit__(self, *exc) -> None:
        self.server.shutdown()
        self.server.server_close()

    def completions(self) -> int:
        """Requests that reached /v1/chat/completions."""
        return sum(r["path"] == "/v1/chat/completions" for r in self.requests)

    # -- answering ------------------------------------------------------------------------------------------

    def _handle(self, handler: BaseHTTPRequestHandler) -> None:
        length = int(handler.headers.get("Content-Length") or 0)
        raw = handler.rfile.read(length)
        try:
            body = json.loads(raw)
        except ValueError:
            body = None
        with self._lock:
            self.requests.append({"path": handler.path, "headers": dict(handler.headers), "body": body})
            fault = self.faults.pop(0) if self.faults else None
        if handler.path != "/v1/chat/completions":
            return _send(handler, 404, b"404 page not found", "text/plain")
        if self.key and handler.headers.get("Authorization") != f"Bearer {self.key}":
            return _json(handler, 401, {"error": {"message": "Incorrect API key provided", "code": "invalid_api_key"}})
        if not isinstance(body, dict) or body.get("model") != self.model:
            model = body.get("model") if isinstance(body, dict) else None
            return _json(handler, 404, {"error": {"message": f"The model `{model}` does not exist.",
                                                  "code": "model_not_found"}})
        if fault == "429":
            return _json(handler, 429, {"error": {"message": "Rate limit reached"}}, {"Retry-After": "0"})
        if fault == "500":
            return _json(handler, 500, {"error": {"message": "internal error"}})
        if fault == "malformed":
            return _send(handler, 200, b'{"choices": [{"message": ', "application/json")
        if fault == "no-choices":
            return _json(handler, 200, {"choices": []})
        if fault == "timeout":
            time.sleep(self.slow_s)
        content = "" if fault == "empty" else self._content(body)
        _json(handler, 200, {"id": "cmpl-1", "object": "chat.completion", "model": self.model,
                             "choices": [{"index": 0, "finish_reason": "stop",
                                          "message": {"role": "assistant", "content": content}}]})

    def _content(self, body: dict) -> str:
        prompt = body["messages"][-1]["content"]
        if "Rewording:" in prompt:  # the judge
            rewording = prompt.split("Rewording:", 1)[1].split("\n", 1)[0].strip()
            return self.verdicts.get(rewording, '{"valid": true, "lost_or_changed": ""}')
        for question, answers in self.canned.items():
            if question in prompt:
                return answers[int(body.get("seed", 0)) % len(answers)]
        return "I do not know this problem."


def _send(handler, status: int, data: bytes, kind: str, headers: dict | None = None) -> None:
    handler.send_response(status)
    handler.send_header("Content-Type", kind)
    handler.send_header("Content-Length", str(len(data)))
    for name, value in (headers or {}).items():
        handler.send_header(name, value)
    handler.end_headers()
    try:
        handler.wfile.write(data)
    except (BrokenPipeError, ConnectionResetError):  # the client gave up (a timeout test)
        pass


def _json(handler, status: int, data: dict, headers: dict | None = None) -> None:
    _send(handler, status, json.dumps(data).encode(), "application/json", headers)
