"""What one request may ask of the service, and the ASGI middleware that caps the request body.

The limits keep one client from holding the (serialised) scorer for minutes or filling the server's memory:
a body larger than ``max_body_bytes`` is refused before it is read in full, and a batch or a text above its
limit is refused before anything is scored. Every refusal is a 4xx answer with a one-line ``detail``.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass

from ..errors import InputError
from ..validation import MAX_TEXT_CHARS


@dataclass(frozen=True)
class ServeLimits:
    """Per-request limits of the scoring service.

    Args:
        max_body_bytes: largest request body (bytes); larger bodies get 413 before they are parsed.
        max_pairs: most (question, paraphrase) pairs in one ``/score`` or ``/explain`` request.
        max_candidates: most candidates in one ``/rank`` request.
        max_text_chars: longest question or paraphrase (characters), at most
            :data:`paraqd.validation.MAX_TEXT_CHARS` (the scorer's own limit). Word problems run to a few
            hundred; the limit leaves room for long ones while bounding the parse and the encoder's work.
        max_queue: most scoring requests waiting or running at once (per worker process); one more is
            answered 503 with ``Retry-After``.
        request_timeout: seconds a scoring request may wait and run before it is answered 503 (one that has
            not started is dropped from the queue).
    """

    max_body_bytes: int = 1_048_576
    max_pairs: int = 256
    max_candidates: int = 256
    max_text_chars: int = MAX_TEXT_CHARS
    max_queue: int = 256
    request_timeout: float = 60.0

    def __post_init__(self) -> None:
        for name, value in asdict(self).items():
            if name == "request_timeout":
                if isinstance(value, bool) or not isinstance(value, (int, float)) or not 0 < value < float("inf"):
                    raise InputError(f"{name} must be a positive number of seconds, got {value!r}")
            elif not isinstance(value, int) or isinstance(value, bool) or value < 1:
                raise InputError(f"{name} must be a positive integer, got {value!r}")
        if self.max_text_chars > MAX_TEXT_CHARS:
            raise InputError(f"max_text_chars must be at most {MAX_TEXT_CHARS} (paraqd.validation.MAX_TEXT_CHARS: "
                             f"the scorer refuses longer texts), got {self.max_text_chars}")

    def to_dict(self) -> dict[str, float]:
        return asdict(self)


class LimitExceeded(Exception):
    """A request asks for more than a :class:`ServeLimits` allows (answered with 413)."""


def check_batch(count: int, limit: int, what: str, limit_name: str) -> None:
    """Refuse a batch of ``count`` items above ``limit``."""
    if count > limit:
        raise LimitExceeded(f"too many {what}: {count} > {limit} (limit {limit_name}); split the request")


def check_texts(texts, limit: int, where: str) -> None:
    """Refuse an empty or whitespace-only text (:class:`paraqd.validation.TextError`, answered 422) and any
    text longer than ``limit`` characters (413); ``where`` names the field (``pairs[{i}].question``)."""
    from ..validation import TextError, text_problem

    for i, text in enumerate(texts):
        problem = text_problem(text, max_chars=None)  # the length is checked against the service's limit
        if problem is not None:
            raise TextError(where.format(i=i), problem)
        if len(text) > limit:
            raise LimitExceeded(f"{where.format(i=i)} is {len(text)} characters long; the limit is {limit} "
                                "(max_text_chars)")


class BodySizeLimit:
    """ASGI middleware refusing request bodies above ``max_bytes`` with 413 and a one-line JSON ``detail``.

    A declared ``Content-Length`` above the limit is refused without reading the body; a body sent without
    one (chunked) is counted as it arrives and refused as soon as it passes the limit, so the server never
    holds more than ``max_bytes`` of it. A client that stops sending for ``read_timeout`` seconds gets 408.
    The accepted body is replayed to the application unchanged.
    """

    def __init__(self, app, max_bytes: int, read_timeout: float | None = None):
        self.app = app
        self.max_bytes = int(max_bytes)
        #: seconds to wait for each part of the body (a client that stops sending gets 408, never holds on)
        self.read_timeout = read_timeout

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            return await self.app(scope, receive, send)
        declared = dict(scope.get("headers") or ()).get(b"content-length")
        if declared is not None:
            try:
                size = int(declared)
            except ValueError:
                return await self._refuse(send, 400, "invalid Content-Length header")
            if size > self.max_bytes:
                return await self._refuse(send, 413, f"request body is {size} bytes; the limit is "
                                                     f"{self.max_bytes} (max_body_bytes)")
        import asyncio

        chunks, total = [], 0
        while True:
            try:
                message = await asyncio.wait_for(receive(), self.read_timeout)
            except asyncio.TimeoutError:
                return await self._refuse(send, 408, f"the request body stopped arriving for {self.read_timeout:g} s "
                                                     "(request_timeout); send it at once")
            if message["type"] == "http.disconnect":
                return None
            body = message.get("body", b"")
            total += len(body)
            if total > self.max_bytes:
                return await self._refuse(send, 413, f"request body is over {self.max_bytes} bytes, the limit "
                                                     "(max_body_bytes)")
            chunks.append(body)
            if not message.get("more_body", False):
                break
        replayed = False

        async def replay():
            nonlocal replayed
            if not replayed:
                replayed = True
                return {"type": "http.request", "body": b"".join(chunks), "more_body": False}
            return await receive()

        return await self.app(scope, replay, send)

    @staticmethod
    async def _refuse(send, status: int, detail: str) -> None:
        import json

        body = json.dumps({"detail": detail}, separators=(",", ":")).encode()
        await send({"type": "http.response.start", "status": status,
                    "headers": [(b"content-type", b"application/json"),
                                (b"content-length", str(len(body)).encode()), (b"connection", b"close")]})
        await send({"type": "http.response.body", "body": body})
