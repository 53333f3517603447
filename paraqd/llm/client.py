"""A client of one OpenAI-compatible chat-completions endpoint, robust like a good HTTP client.

``POST {base_url}/chat/completions`` with one user message; every request has its own ``seed``. What can go
wrong is sorted in three:

* **transient** (a connection dropped, a timeout, 429, 5xx): retried with exponential backoff and jitter,
  ``Retry-After`` honoured; when the retries run out, the endpoint is unusable (below).
* **one bad completion** (malformed JSON, no choices, empty content, a 400 refusing this one prompt):
  :class:`BadCompletion`, which callers count and skip.
* **the endpoint is unusable** (unreachable, the key refused: 401 / 403, the model unknown: 404, still
  failing after the retries): :class:`EndpointError`, one line (exit status 1 on the command line).

A request budget (``max_requests``, every HTTP attempt counts) stops cleanly: :meth:`RewordClient.map`
finishes the requests in flight and returns. The API key goes in the ``Authorization`` header only, and is
masked in every message this module makes.

httpx (``pip install 'paraqd[llm]'``) is imported when a client is made, not before.
"""

from __future__ import annotations

import email.utils
import random
import threading
import time
from collections.abc import Callable, Iterable, Iterator
from typing import Any, TypeVar
from urllib.parse import urlsplit, urlunsplit

from ..errors import ParaqdError

J = TypeVar("J")
R = TypeVar("R")

#: Seconds waited at most on one ``Retry-After``.
MAX_RETRY_AFTER_S = 300.0


class EndpointError(ParaqdError):
    """The endpoint cannot be used (unreachable, key refused, model unknown, failing after retries)."""

    exit_code = 1


class BadCompletion(Exception):
    """One completion that cannot be used (malformed, empty, refused): counted and skipped."""


class BudgetSpent(Exception):
    """The request budget (``max_requests``) is spent."""


def display_url(url: str) -> str:
    """``url`` without a user name or password in it (what messages show)."""
    parts = urlsplit(url)
    host = parts.hostname or ""
    if parts.port:
        host = f"{host}:{parts.port}"
    return urlunsplit((parts.scheme, host, parts.path, "", ""))


def retry_after_seconds(value: str | None) -> float | None:
    """A ``Retry-After`` header in seconds (a number of seconds or an HTTP date); None when absent or unreadable."""
    if not value:
        return None
    value = value.strip()
    try:
        return min(MAX_RETRY_AFTER_S, max(0.0, float(value)))
    except ValueError:
        pass
    try:
        when = email.utils.parsedate_to_datetime(value)
    except (TypeError, ValueError):
        return None
    return min(MAX_RETRY_AFTER_S, max(0.0, when.timestamp() - time.time()))


def completion_content(data: Any) -> str:
    """The message content of a chat-completions response body; :class:`BadCompletion` when there is none."""
    try:
        content = data["choices"][0]["message"]["content"]
    except (KeyError, IndexError, TypeError):
        raise BadCompletion("no message in the response") from None
    if not isinstance(content, str):
        raise BadCompletion("the message has no text content")
    if not content.strip():
        raise BadCompletion("empty completion")
    return content


class RewordClient:
    """One model at one OpenAI-compatible endpoint.

    Args:
        base_url: the API root, e.g. ``http://127.0.0.1:8080/v1`` (requests go to ``{base_url}/chat/completions``).
        model: the model name the endpoint serves.
        api_key: sent as ``Authorization: Bearer ...`` (None: no header, fine for local servers).
        connect_timeout, read_timeout: seconds to connect, and to wait for an answer.
        retries: further attempts of a request after a transient failure.
        backoff_s, max_backoff_s: the first retry waits about ``backoff_s``, each next one twice as long (with
            jitter), at most ``max_backoff_s``; a ``Retry-After`` header sets the wait instead.
        concurrency: requests in flight at most (:meth:`map`).
        max_requests: HTTP requests sent at most, retries included (None: no limit).
        max_tokens: the completion's length limit sent to the endpoint (None: the endpoint's default).
        transport: an httpx transport (tests: ``httpx.MockTransport``).
    """

    def __init__(self, base_url: str, model: str, *, api_key: str | None = None, connect_timeout: float = 10.0,
                 read_timeout: float = 120.0, retries: int = 5, backoff_s: float = 0.5, max_backoff_s: float = 30.0,
                 concurrency: int = 4, max_requests: int | None = None, max_tokens: int | None = None,
                 transport: Any = None) -> None:
        try:
            import httpx
        except ImportError:
            raise ParaqdError("talking to an LLM needs httpx: pip install 'paraqd[llm]'") from None
        if not str(base_url).startswith(("http://", "https://")):
            raise ParaqdError(f"--base-url must start with http:// or https://, got {display_url(str(base_url))!r}")
        if concurrency < 1 or retries < 0 or (max_requests is not None and max_requests < 0):
            raise ParaqdError("concurrency must be at least 1, retries and max_requests at least 0")
        self.base_url = str(base_url).rstrip("/")
        self.model = str(model)
        self.read_timeout = float(read_timeout)
        self.retries = int(retries)
        self.backoff_s, self.max_backoff_s = float(backoff_s), float(max_backoff_s)
        self.concurrency = int(concurrency)
        self.max_requests = max_requests
        self.max_tokens = max_tokens
        self._key = api_key or None
        headers = {"Authorization": f"Bearer {self._key}"} if self._key else {}
        self._http = httpx.Client(headers=headers, transport=transport, follow_redirects=True,
                                  timeout=httpx.Timeout(read_timeout, connect=connect_timeout))
        self._httpx = httpx
        self._lock = threading.Lock()
        self._sent = 0
        self._reached = False  # an answer came back once: a connection error now is worth retrying
        self.budget_spent = False

    @classmethod
    def from_env(cls, base_url: str, model: str, api_key_env: str = "OPENAI_API_KEY", **kwargs) -> RewordClient:
        """A client whose key is the value of the environment variable ``api_key_env`` (unset: no key)."""
        import os

        return cls(base_url, model, api_key=os.environ.get(api_key_env) or None, **kwargs)

    def __repr__(self) -> str:  # never the key
        return f"RewordClient({display_url(self.base_url)!r}, {self.model!r})"

    @property
    def requests_sent(self) -> int:
        """HTTP requests sent so far, retries included."""
        return self._sent

    def close(self) -> None:
        self._http.close()

    def __enter__(self) -> RewordClient:
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    # -- one completion ---------------------------------------------------------------------------------

    def complete(self, prompt: str, *, seed: int, temperature: float = 0.8) -> str:
        """The content of one completion of ``prompt`` (one user message), unstripped.

        Raises :class:`BadCompletion` (skip it), :class:`EndpointError` (stop) or :class:`BudgetSpent`.
        """
        payload: dict[str, Any] = {"model": self.model, "messages": [{"role": "user", "content": prompt}],
                                   "temperature": float(temperature), "seed": int(seed), "n": 1, "stream": False}
        if self.max_tokens:
            payload["max_tokens"] = int(self.max_tokens)
        return completion_content(self._post(payload))

    def _post(self, payload: dict[str, Any]) -> Any:
        attempt = 0
        while True:
            self._take_request()
            response, failure, wait = self._attempt(payload)
            if failure is None:
                return response
            retries = self.retries if self._reached else min(self.retries, 1)
            if attempt >= retries:
                tries = f" after {attempt + 1} attempts" if attempt else ""
                raise EndpointError(self.mask(f"{failure}{tries}"))
            time.sleep(self._delay(attempt, wait))
            attempt += 1

    def _take_request(self) -> None:
        with self._lock:
            if self.max_requests is not None and self._sent >= self.max_requests:
                self.budget_spent = True
                raise BudgetSpent(f"the request budget ({self.max_requests}) is spent")
            self._sent += 1

    def _attempt(self, payload: dict[str, Any]) -> tuple[Any, str | None, float | None]:
        """One request: (body, None, None) on success, (None, why, Retry-After) on a transient failure."""
        httpx = self._httpx
        where = display_url(self.base_url)
        try:
            response = self._http.post(f"{self.base_url}/chat/completions", json=payload)
        except httpx.TimeoutException:
            return None, f"{where} did not answer within {self.read_timeout:g} s (raise --timeout?)", None
        except httpx.TransportError as exc:
            reason = type(exc).__name__ if self._reached else "is the server running, and --base-url right?"
            return None, f"cannot reach {where} ({reason})", None
        self._reached = True
        status = response.status_code
        if status == 429 or status >= 500:
            return None, f"{where} answered {status} {response.reason_phrase}", \
                retry_after_seconds(response.headers.get("retry-after"))
        if status >= 300:
            self._refusal(status, _error_message(response))
        try:
            return response.json(), None, None
        except ValueError:
            raise BadCompletion("malformed JSON in the response") from None

    def _refusal(self, status: int, message: str) -> None:
        """A 3xx / 4xx answer: the endpoint is unusable (EndpointError) or this one prompt is refused."""
        where = display_url(self.base_url)
        detail = f": {message}" if message else ""
        if status in (401, 403):
            raise EndpointError(self.mask(f"{where} refused the API key ({status}{detail}); set the variable "
                                          "--api-key-env names (default OPENAI_API_KEY)"))
        lowered = message.lower()
        if "model" in lowered and any(w in lowered for w in ("not found", "does not exist", "unknown", "invalid")):
            raise EndpointError(self.mask(f"{where} does not serve the model {self.model!r} ({status}{detail})"))
        if status in (404, 405):
            raise EndpointError(self.mask(f"{where}/chat/completions is not an OpenAI-compatible endpoint "
                                          f"({status}{detail}); --base-url usually ends in /v1"))
        raise BadCompletion(self.mask(f"refused ({status}{detail})"))

    def _delay(self, attempt: int, retry_after: float | None) -> float:
        if retry_after is not None:
            return retry_after + random.uniform(0, self.backoff_s / 2)
        cap = min(self.max_backoff_s, self.backoff_s * 2**attempt)
        return random.uniform(cap / 2, cap)

    def mask(self, text: str) -> str:
        """``text`` with the API key (if any) replaced by ``***``."""
        return text.replace(self._key, "***") if self._key else text

    # -- many completions -------------------------------------------------------------------------------

    def map(self, fn: Callable[[J], R], jobs: Iterable[J]) -> Iterator[tuple[J, R | BadCompletion]]:
        """``(job, fn(job))`` as each finishes, at most :attr:`concurrency` in flight; a :class:`BadCompletion`
        is yielded in place of the result. Stops cleanly (after the requests in flight) when the request budget
        is spent (:attr:`budget_spent`); an :class:`EndpointError` stops everything and is raised."""
        from concurrent.futures import FIRST_COMPLETED, ThreadPoolExecutor, wait

        pool = ThreadPoolExecutor(self.concurrency, thread_name_prefix="paraqd-llm")
        pending: dict[Any, J] = {}
        todo = iter(jobs)
        clean = False
        try:
            while True:
                while len(pending) < self.concurrency and not self.budget_spent:
                    job = next(todo, _END)
                    if job is _END:
                        break
                    pending[pool.submit(fn, job)] = job
                if not pending:
                    break
                done, _ = wait(pending, return_when=FIRST_COMPLETED)
                for future in done:
                    job = pending.pop(future)
                    outcome = _outcome(future)
                    if outcome is not _SPENT:
                        yield job, outcome
            clean = True
        finally:
            pool.shutdown(wait=clean, cancel_futures=True)


_END: Any = object()
_SPENT: Any = object()


def _outcome(future):
    try:
        return future.result()
    except BadCompletion as exc:
        return exc
    except BudgetSpent:
        return _SPENT


def _error_message(response) -> str:
    """The error message of an error response (OpenAI's ``{"error": {"message": ...}}`` or the text), short."""
    text = ""
    try:
        body = response.json()
        error = body.get("error", body) if isinstance(body, dict) else body
        if isinstance(error, dict):
            text = error.get("message") or error.get("detail") or ""
        else:
            text = str(error)
    except (ValueError, AttributeError):
        text = response.text or ""
    text = " ".join(str(text).split())
    return text[:200] + ("..." if len(text) > 200 else "")


__all__ = ["RewordClient", "EndpointError", "BadCompletion", "BudgetSpent", "display_url", "retry_after_seconds",
           "completion_content"]
