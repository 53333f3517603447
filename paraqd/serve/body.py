"""What is wrong with a request body, named: encoding, JSON syntax (line and column), number size, nesting,
lone surrogates; and the ASGI middleware that answers those before the application parses the body.

FastAPI's own parser answers most of these with "There was an error parsing the body" (or a 500 for a lone
surrogate, which cannot be encoded again); :func:`body_problem` says which rule the body breaks and where:

>>> body_problem(b'{"pairs": [}', "application/json")
(400, 'the body is not valid JSON: line 1, column 12: Expecting value')
>>> body_problem('{"question": "caf\\u00e9"}'.encode("latin-1"), "application/json")
(400, 'the body is not UTF-8: byte 0xe9 at line 1, column 18 (invalid continuation byte); send JSON as UTF-8')
>>> body_problem(b'{"question": "\\\\ud800"}', "application/json")
(422, 'question holds a lone surrogate (U+D800), which is not valid Unicode text')
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from typing import Any

#: the most digits a JSON integer may have (the API's integers are small; Python refuses > 4300 digits)
MAX_INT_DIGITS = 100
#: the deepest nesting of arrays and objects accepted (the API's bodies are 3 levels deep)
MAX_DEPTH = 32

_SURROGATE = re.compile("[\ud800-\udfff]")
_UTF8_NAMES = {"utf-8", "utf8"}


class _NumberTooLong(ValueError):
    pass


def _parse_int(text: str) -> int:
    digits = len(text.lstrip("-"))
    if digits > MAX_INT_DIGITS:
        raise _NumberTooLong(digits)
    return int(text)


def _media_and_charset(content_type: str | None) -> tuple[str, str | None]:
    parts = (content_type or "").split(";")
    charset = None
    for param in parts[1:]:
        key, _, value = param.partition("=")
        if key.strip().lower() == "charset":
            charset = value.strip().strip('"').lower()
    return parts[0].strip().lower(), charset


def is_json_media(content_type: str | None) -> bool:
    """Whether a Content-Type names JSON (``application/json`` or ``application/*+json``)."""
    media, _ = _media_and_charset(content_type)
    return media == "application/json" or (media.startswith("application/") and media.endswith("+json"))


def _line_column(data: bytes | str, position: int) -> tuple[int, int]:
    line = data.count(b"\n" if isinstance(data, bytes) else "\n", 0, position) + 1
    start = data.rfind(b"\n" if isinstance(data, bytes) else "\n", 0, position) + 1
    return line, position - start + 1


def _overlong(data: bytes, at: int) -> bool:
    """Whether the bytes at ``at`` start an overlong UTF-8 encoding (a character in more bytes than needed)."""
    first = data[at]
    second = data[at + 1] if at + 1 < len(data) else 0
    return first in (0xC0, 0xC1) or (first == 0xE0 and 0x80 <= second < 0xA0) or \
        (first == 0xF0 and 0x80 <= second < 0x90)


def _decode(body: bytes) -> str:
    """The body as text; :class:`BodyProblem` for bytes that are not UTF-8 (named by line and column)."""
    if body[:2] in (b"\xff\xfe", b"\xfe\xff") or (len(body) > 1 and (body[0] == 0 or body[1] == 0)):
        raise BodyProblem(400, "the body is not UTF-8 (it looks like UTF-16 or UTF-32); send JSON as UTF-8")
    try:
        return body.removeprefix(b"\xef\xbb\xbf").decode("utf-8")
    except UnicodeDecodeError as exc:
        offset = 3 if body.startswith(b"\xef\xbb\xbf") else 0
        at = exc.start + offset
        line, column = _line_column(body, at)
        after = body[at + 1] if at + 1 < len(body) else 0
        why = "an overlong encoding" if _overlong(body, at) else \
            "an encoded surrogate" if body[at] == 0xED and after >= 0xA0 else exc.reason
        raise BodyProblem(400, f"the body is not UTF-8: byte 0x{body[at]:02x} at line {line}, column {column} "
                               f"({why}); send JSON as UTF-8") from None


class BodyProblem(Exception):
    """A request body the service cannot read: ``status`` (400, 415 or 422) and a one-line ``detail``."""

    def __init__(self, status: int, detail: str):
        super().__init__(detail)
        self.status = status
        self.detail = detail


def field_path(path: Sequence[Any], empty: str = "the body") -> str:
    """A JSON location as a client writes it (``pairs[1].paraphrase``); ``empty`` for the body itself."""
    out = ""
    for part in path:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            out += f".{part}" if out else str(part)
    return out or empty


def _escape_surrogates(text: str) -> str:
    return _SURROGATE.sub(lambda m: f"\\u{ord(m.group()):04x}", text)


def _walk(data: Any) -> None:
    """Refuse nesting deeper than :data:`MAX_DEPTH` and lone surrogates in any key or string (422 naming the
    field). Iterative: a deep body cannot exhaust the stack here."""
    stack: list[tuple[Any, list[Any]]] = [(data, [])]
    while stack:
        value, path = stack.pop()
        if len(path) > MAX_DEPTH:
            raise BodyProblem(400, f"the body is nested more than {MAX_DEPTH} levels deep (at {field_path(path[:3])}"
                                   "...); the API's bodies are 3 levels deep")
        if isinstance(value, str):
            bad = _SURROGATE.search(value)
            if bad is not None:
                raise BodyProblem(422, f"{_escape_surrogates(field_path(path))} holds a lone surrogate "
                                       f"(U+{ord(bad.group()):04X}), which is not valid Unicode text")
        elif isinstance(value, dict):
            for key, item in value.items():
                if _SURROGATE.search(key):
                    raise BodyProblem(422, f"the key {_escape_surrogates(key)!r} of {field_path(path)} holds a lone "
                                           "surrogate, which is not valid Unicode text")
                stack.append((item, [*path, key]))
        elif isinstance(value, list):
            stack.extend((item, [*path, i]) for i, item in enumerate(value))


def parse_body(body: bytes, content_type: str | None) -> Any:
    """The JSON value of ``body``, or :class:`BodyProblem` saying what to fix: a charset other than UTF-8
    (415), bytes that are not UTF-8, JSON syntax (line and column), an integer of more than
    :data:`MAX_INT_DIGITS` digits, nesting deeper than :data:`MAX_DEPTH` (400), a lone surrogate (422)."""
    _, charset = _media_and_charset(content_type)
    if charset is not None and charset not in _UTF8_NAMES:
        raise BodyProblem(415, f"the body must be UTF-8 JSON; the Content-Type declares charset={charset} (send "
                               "UTF-8, with charset=utf-8 or no charset)")
    text = _decode(body)
    try:
        data = json.loads(text, parse_int=_parse_int)
    except json.JSONDecodeError as exc:
        raise BodyProblem(400, f"the body is not valid JSON: line {exc.lineno}, column {exc.colno}: "
                               f"{exc.msg}") from None
    except _NumberTooLong as exc:
        raise BodyProblem(400, f"the body holds an integer of {exc.args[0]} digits; the limit is "
                               f"{MAX_INT_DIGITS}") from None
    except RecursionError:
        raise BodyProblem(400, f"the body is nested too deeply to parse; the limit is {MAX_DEPTH} levels (the "
                               "API's bodies are 3 levels deep)") from None
    _walk(data)
    return data


def body_problem(body: bytes, content_type: str | None) -> tuple[int, str] | None:
    """``(status, detail)`` for a JSON body the service cannot read (see :func:`parse_body`), else None."""
    try:
        parse_body(body, content_type)
    except BodyProblem as exc:
        return exc.status, exc.detail
    return None


class JSONBodyCheck:
    """ASGI middleware: a request whose body is declared JSON and breaks a rule of :func:`parse_body` gets its
    4xx answer (one-line JSON ``detail``) before the application sees it; others pass through unchanged.

    It reads the body whole: put it inside :class:`~paraqd.serve.limits.BodySizeLimit`, which bounds it.
    """

    def __init__(self, app):
        self.app = app

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http" or scope.get("method") not in ("POST", "PUT", "PATCH"):
            return await self.app(scope, receive, send)
        content_type = dict(scope.get("headers") or ()).get(b"content-type", b"").decode("latin-1")
        if not is_json_media(content_type):
            return await self.app(scope, receive, send)
        chunks = []
        while True:
            message = await receive()
            if message["type"] == "http.disconnect":
                return None
            chunks.append(message.get("body", b""))
            if not message.get("more_body", False):
                break
        body = b"".join(chunks)
        if body.strip():
            problem = body_problem(body, content_type)
            if problem is not None:
                return await send_error(send, *problem)
        replayed = False

        async def replay():
            nonlocal replayed
            if not replayed:
                replayed = True
                return {"type": "http.request", "body": body, "more_body": False}
            return await receive()

        return await self.app(scope, replay, send)


async def send_error(send, status: int, detail: str, headers: dict[str, str] | None = None) -> None:
    """Answer ``status`` with the one-line JSON ``{"detail": ...}`` (and ``headers``) straight over ASGI."""
    data = json.dumps({"detail": " ".join(_escape_surrogates(detail).split())}, separators=(",", ":")).encode()
    extra = [(k.lower().encode("latin-1"), v.encode("latin-1")) for k, v in (headers or {}).items()]
    await send({"type": "http.response.start", "status": status,
                "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(data)).encode()),
                            *extra]})
    await send({"type": "http.response.body", "body": data})
