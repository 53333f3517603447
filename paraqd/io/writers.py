"""Writing text, JSON and tables (CSV, JSON lines, JSON array, Parquet) atomically, or to standard output
for ``-``; :class:`TableWriter` streams chunks to one output."""

from __future__ import annotations

import io
import json
import math
import os
import sys
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import pandas as pd

from .atomic import atomic_path
from .paths import is_stdio, table_format


def write_text(text: str, path: str | os.PathLike) -> None:
    """Write ``text`` to ``path`` atomically, or to standard output when ``path`` is ``-`` (never a file named -)."""
    if is_stdio(path):
        sys.stdout.write(text)
        sys.stdout.flush()
        return
    with atomic_path(path) as tmp:
        tmp.write_text(text, encoding="utf-8")


def json_safe(value: Any) -> Any:
    """``value`` as plain JSON data: mappings (keys as text) and sequences recursively, numpy scalars as Python
    numbers, NaN and infinities as ``None``.

    >>> import numpy as np
    >>> json_safe({"a": (np.float64(0.5), float("nan")), 1: np.int64(2)})
    {'a': [0.5, None], '1': 2}
    """
    if isinstance(value, Mapping):
        return {str(k): json_safe(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [json_safe(v) for v in value]
    if isinstance(value, float) and not math.isfinite(value):
        return None
    if hasattr(value, "item") and not isinstance(value, (str, bytes)):  # numpy scalars
        return json_safe(value.item())
    return value


def write_json(data: Any, path: str | os.PathLike, *, sort_keys: bool = False) -> Path | None:
    """Write ``data`` as indented UTF-8 JSON (:func:`json_safe`: NaN as ``null``; other objects JSON cannot hold,
    such as paths, as their text) atomically, or to standard output when ``path`` is ``-``; returns the path
    written (``None`` for standard output).

    The one JSON writer of paraqd: reports, metrics, statistics, run fingerprints, model metadata and export
    records.
    """
    text = json.dumps(json_safe(data), indent=2, ensure_ascii=False, sort_keys=sort_keys, default=str)
    write_text(text + "\n", path)
    return None if is_stdio(path) else Path(path)


def write_table(df: pd.DataFrame, path: str | os.PathLike, fmt: str | None = None) -> Path | None:
    """Write a DataFrame as CSV, JSON lines, a JSON array or Parquet (``fmt``, else by extension), atomically
    and deterministically; ``-`` writes to standard output."""
    with TableWriter(path, fmt) as writer:
        writer.write(df)
    return None if is_stdio(path) else Path(path)


class TableWriter:
    """Append DataFrame chunks to one output (streaming); a file appears atomically on close, ``-`` streams
    to standard output as the chunks come (Parquet, which needs its footer, when complete)."""

    def __init__(self, path: str | os.PathLike, fmt: str | None = None):
        self.stdout = is_stdio(path)
        self.path = None if self.stdout else Path(path)
        self.fmt = table_format(path, fmt)
        self._ctx = None
        if self.stdout:
            self._fh = io.BytesIO() if self.fmt == "parquet" else sys.stdout.buffer
        else:
            self._ctx = atomic_path(self.path)
            self._tmp = self._ctx.__enter__()
            self._fh = open(self._tmp, "wb")
        self._first = True
        self._parquet_writer = None
        #: Arrow types of columns whose type the values cannot tell (nested records, possibly all empty)
        self.arrow_types: dict[str, Any] = {}

    def write(self, df: pd.DataFrame) -> None:
        if self.fmt == "csv":
            self._fh.write(df.to_csv(index=False, header=self._first, lineterminator="\n").encode("utf-8"))
        elif self.fmt == "jsonl":
            text = df.to_json(orient="records", lines=True, force_ascii=False)
            self._fh.write((text if text.endswith("\n") or not text else text + "\n").encode("utf-8"))
        elif self.fmt == "json":
            text = df.to_json(orient="records", lines=True, force_ascii=False) if len(df) else ""
            lines = text.rstrip("\n").split("\n") if text else []  # not splitlines: U+0085 is text here
            prefix = "[\n" if self._first else (",\n" if lines else "")
            self._fh.write((prefix + ",\n".join(lines)).encode("utf-8"))
        else:
            import pyarrow as pa
            import pyarrow.parquet as pq

            table = pa.Table.from_pandas(df, preserve_index=False)
            for name, type_ in self.arrow_types.items():
                if name in table.column_names:
                    table = table.set_column(table.column_names.index(name), name,
                                             pa.array(df[name].tolist(), type=type_))
            if self._parquet_writer is None:
                self._parquet_writer = pq.ParquetWriter(self._fh, table.schema)
            self._parquet_writer.write_table(table)
        if self.stdout:
            self._fh.flush()
        self._first = False

    def close(self, ok: bool = True) -> None:
        if self.fmt == "json" and ok:
            self._fh.write(b"[]\n" if self._first else b"\n]\n")
        if self._parquet_writer is not None:
            self._parquet_writer.close()
            self._parquet_writer = None
        if self.stdout:
            if ok and self.fmt == "parquet":
                sys.stdout.buffer.write(self._fh.getvalue())
            sys.stdout.buffer.flush()
            return
        if not self._fh.closed:
            self._fh.close()
        if ok:
            self._ctx.__exit__(None, None, None)
        else:
            try:
                self._ctx.__exit__(RuntimeError, RuntimeError("aborted"), None)
            except RuntimeError:
                pass

    def __enter__(self) -> "TableWriter":
        return self

    def __exit__(self, exc_type, exc, tb) -> None:
        self.close(ok=exc_type is None)
