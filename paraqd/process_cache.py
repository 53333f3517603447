"""A cache of loaded models private to each process: what paraqd's model loaders keep their models in.

A worker forked from a process that loaded a model (a process pool of ``paraqd augment``, a Dask or spaCy
worker) starts with a copy of that process's memory, models included. Running the parent's copy there is not
safe: an ONNX Runtime session whose thread pool stayed in the parent hangs forever, and the cache's lock may have
been held by a parent thread at the fork. So entries are keyed by process -- a forked worker loads its own model
and never touches (or frees) its parent's -- and every cache's lock is renewed in a forked child.

    >>> cache = ProcessCache()
    >>> cache.get("answer", lambda: 42), cache.get("answer", lambda: 0)
    (42, 42)
"""

from __future__ import annotations

import os
import threading
import weakref
from collections.abc import Callable, Hashable
from typing import Any, TypeVar

__all__ = ["ProcessCache"]

T = TypeVar("T")

_CACHES: weakref.WeakSet[ProcessCache] = weakref.WeakSet()


class ProcessCache:
    """``get(key, loader)`` returns this process's value for ``key``, calling ``loader()`` once per process."""

    def __init__(self) -> None:
        self._entries: dict[tuple[Hashable, int], Any] = {}
        self._lock = threading.Lock()
        _CACHES.add(self)

    def get(self, key: Hashable, loader: Callable[[], T]) -> T:
        full = (key, os.getpid())
        with self._lock:
            if full not in self._entries:
                self._entries[full] = loader()
            return self._entries[full]

    def clear(self) -> None:
        """Forget this process's entries (a parent's, inherited through a fork, are left alone: freeing them
        here could run their clean-up against resources that exist only in the parent)."""
        pid = os.getpid()
        with self._lock:
            for key in [k for k in self._entries if k[1] == pid]:
                del self._entries[key]

    def __len__(self) -> int:
        """How many entries this process has loaded."""
        pid = os.getpid()
        return sum(1 for k in self._entries if k[1] == pid)

    def _renew_lock(self) -> None:
        self._lock = threading.Lock()


def _after_fork_in_child() -> None:
    for cache in list(_CACHES):
        cache._renew_lock()


if hasattr(os, "register_at_fork"):
    os.register_at_fork(after_in_child=_after_fork_in_child)
