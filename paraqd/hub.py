"""The Hugging Face hub: whether it can be reached, and going offline at once when it cannot.

Without network, the hub libraries retry every download for about 30 s (printing "Retrying in 8s" lines) before
they fall back on the cache. paraqd decides once, before it loads a model, and sets the hub's offline mode
(``HF_HUB_OFFLINE``) when

* every model the command names is local (a directory, or the embedded all-MiniLM-L6-v2): nothing to ask
  the hub, or
* the hub does not answer a quick probe (its name does not resolve, or a connection is not accepted within
  :data:`PROBE_TIMEOUT_S` seconds).

Then a model that is neither local nor in the Hugging Face cache is reported missing at once. The command
line, ``paraqd demo``, :func:`paraqd.augment` and the service all call :func:`prepare_offline`::

    from paraqd.hub import prepare_offline
    prepare_offline(["model/"])      # a local model: offline, no probe
    prepare_offline()                # models not known yet (operators' defaults): probe the hub
"""

from __future__ import annotations

import logging
import os
import socket
import sys
import threading
from collections.abc import Iterable
from pathlib import Path
from urllib.parse import urlparse

logger = logging.getLogger(__name__)

OFFLINE_VARIABLES = ("HF_HUB_OFFLINE", "TRANSFORMERS_OFFLINE")
DEFAULT_ENDPOINT = "https://huggingface.co"
#: Seconds the probe waits for the hub's name to resolve and for a connection to it.
PROBE_TIMEOUT_S = 1.5
#: Names of the embedded encoder (no download ever).
EMBEDDED_NAMES = (None, "", "pretrained", "default", "all-MiniLM-L6-v2", "sentence-transformers/all-MiniLM-L6-v2")

_probe_result: tuple[bool, str] | None = None
_lock = threading.Lock()


def _true(value: str | None) -> bool:
    return (value or "").strip().lower() in ("1", "true", "yes", "on")


def hub_offline() -> bool:
    """Whether the hub's offline mode is on (``HF_HUB_OFFLINE`` / ``TRANSFORMERS_OFFLINE``)."""
    return any(_true(os.environ.get(name)) for name in OFFLINE_VARIABLES)


def looks_like_path(name: str) -> bool:
    """Whether ``name`` can only be a file-system path, never a hub id (``org/name`` or ``name``).

    >>> [looks_like_path(n) for n in ("model/", "./m", "/tmp/m", "runs/a/b", "~/m", "org/name", "bert")]
    [True, True, True, True, True, False, False]
    """
    name = str(name)
    return (name.startswith((".", "/", "~")) or name.endswith(("/", os.sep)) or name.count("/") > 1
            or (os.sep != "/" and os.sep in name))


def is_local_model(name: str | os.PathLike | None) -> bool:
    """Whether loading ``name`` needs nothing from the hub: the embedded encoder or an existing path."""
    if name is None or str(name) in EMBEDDED_NAMES:
        return True
    return Path(str(name)).expanduser().exists()


def _endpoint() -> tuple[str, int]:
    """The host and port the hub is reached through (a proxy's when one is set for HTTPS)."""
    proxy = os.environ.get("HTTPS_PROXY") or os.environ.get("https_proxy")
    url = urlparse(proxy if proxy else os.environ.get("HF_ENDPOINT") or DEFAULT_ENDPOINT)
    return url.hostname or "huggingface.co", url.port or (443 if url.scheme in ("https", "") else 80)


def _probe(host: str, port: int, timeout: float) -> tuple[bool, str]:
    try:
        with socket.create_connection((host, port), timeout=timeout):
            return True, f"{host}:{port} answers"
    except OSError as exc:
        return False, f"{host}:{port}: {exc.strerror or exc}"


def hub_reachable(timeout: float = PROBE_TIMEOUT_S) -> tuple[bool, str]:
    """(whether the hub accepts a connection, what the probe saw), probed once per process.

    The probe runs in a thread, so a name server that never answers costs ``timeout`` seconds, not more.
    """
    global _probe_result
    with _lock:
        if _probe_result is None:
            host, port = _endpoint()
            answer: list[tuple[bool, str]] = []
            thread = threading.Thread(target=lambda: answer.append(_probe(host, port, timeout)),
                                      name="paraqd-hub-probe", daemon=True)
            thread.start()
            thread.join(timeout + 0.5)
            _probe_result = answer[0] if answer else (False, f"{host}:{port}: no answer in {timeout:g} s")
        return _probe_result


def go_offline() -> None:
    """Turn the hub's offline mode on for this process (and the processes it starts)."""
    os.environ["HF_HUB_OFFLINE"] = "1"
    constants = sys.modules.get("huggingface_hub.constants")
    if constants is not None:  # already imported: it read the variable then; transformers asks it each time
        constants.HF_HUB_OFFLINE = True


def prepare_offline(models: Iterable[str | os.PathLike | None] | None = None) -> bool:
    """Go offline before loading models when the hub is not needed or not reachable; whether offline now.

    ``models``: every model the caller will load (``None`` where some are not known yet, e.g. operators'
    defaults): when they are all local, offline without a probe. Otherwise the hub is probed once
    (:func:`hub_reachable`); when it does not answer, one line says so and paraqd works offline.
    """
    if hub_offline():
        go_offline()  # the variable may have been set after huggingface_hub was imported
        return True
    if models is not None:
        models = list(models)
        if all(is_local_model(m) for m in models):
            logger.debug("working offline: every model is local (%s)",
                         ", ".join("the embedded encoder" if m is None else str(m) for m in models) or "none")
            go_offline()
            return True
    ok, seen = hub_reachable()
    if ok:
        logger.debug("the Hugging Face hub is reachable (%s)", seen)
        return False
    logger.info("the Hugging Face hub is unreachable: working offline (local models and the Hugging Face cache "
                "only; -v for detail)")
    logger.debug("hub probe: %s; HF_HUB_OFFLINE=1 set for this process", seen)
    go_offline()
    return True


def reset_probe() -> None:
    """Forget the probe's answer (tests; a process whose network changed)."""
    global _probe_result
    with _lock:
        _probe_result = None
