"""Completions on disk, so that a rerun (after Ctrl-C, a crash, a spent budget) asks only for what is missing.

One SQLite file; an entry is keyed by a SHA-256 of (base URL, model, prompt template, question, seed,
temperature) and holds the completion's content only: never a key, a header or a URL with a password.
Each entry is committed when it arrives, so whatever finished before an interruption is kept.

>>> import tempfile, os
>>> cache = CompletionCache(os.path.join(tempfile.mkdtemp(), "completions.sqlite"))
>>> key = completion_key("http://127.0.0.1:8080/v1", "m", "Reword: {question}", "Tom has 3 pens.", 1, 0.8)
>>> cache.get(key) is None
True
>>> cache.put(key, "Tom owns 3 pens.")
>>> cache.get(key)
'Tom owns 3 pens.'
>>> cache.close()
"""

from __future__ import annotations

import hashlib
import json
import os
import sqlite3
import threading
from pathlib import Path

from ..errors import InputError


def default_cache_path() -> Path:
    """``$PARAQD_CACHE/completions.sqlite``, else ``~/.cache/paraqd/completions.sqlite``."""
    root = os.environ.get("PARAQD_CACHE") or Path.home() / ".cache" / "paraqd"
    return Path(root) / "completions.sqlite"


def completion_key(base_url: str, model: str, prompt: str, question: str, seed: int, temperature: float) -> str:
    """The cache key of one completion (a hex SHA-256; the inputs cannot be read back from it)."""
    from .client import display_url

    fields = [display_url(str(base_url).rstrip("/")), str(model), str(prompt), str(question), int(seed),
              round(float(temperature), 6)]
    return hashlib.sha256(json.dumps(fields, ensure_ascii=False).encode("utf-8")).hexdigest()


class CompletionCache:
    """A key -> completion store in one SQLite file (made with its folder on first use).

    Safe to use from several threads (one lock) and several processes (SQLite's own locking).
    """

    def __init__(self, path: str | os.PathLike | None = None) -> None:
        self.path = Path(path) if path is not None else default_cache_path()
        self._lock = threading.Lock()
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            self._db = sqlite3.connect(self.path, timeout=30, check_same_thread=False)
            self._db.execute("CREATE TABLE IF NOT EXISTS completions (key TEXT PRIMARY KEY, content TEXT NOT NULL)")
            self._db.commit()
        except (OSError, sqlite3.Error) as exc:
            raise InputError(f"cannot use the completion cache {self.path}: {exc} (--no-cache turns it off)") from None

    def get(self, key: str) -> str | None:
        with self._lock:
            row = self._db.execute("SELECT content FROM completions WHERE key = ?", (key,)).fetchone()
        return None if row is None else row[0]

    def put(self, key: str, content: str) -> None:
        with self._lock:
            self._db.execute("INSERT OR REPLACE INTO completions (key, content) VALUES (?, ?)", (key, content))
            self._db.commit()

    def __len__(self) -> int:
        with self._lock:
            return self._db.execute("SELECT COUNT(*) FROM completions").fetchone()[0]

    def close(self) -> None:
        with self._lock:
            self._db.close()
