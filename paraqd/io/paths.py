"""What a path names for paraqd's tables: ``-`` (standard input or output), a device or named pipe written in
place, and the table format (CSV, JSON lines, JSON array, Parquet) from ``--format`` or the extension."""

from __future__ import annotations

import contextlib
import os
from pathlib import Path

from ..errors import InputError

FORMATS = {".csv": "csv", ".jsonl": "jsonl", ".json": "json", ".ndjson": "jsonl", ".parquet": "parquet",
           ".pq": "parquet"}
#: ``-`` as a path: standard input for a reader, standard output for a writer.
STDIO = "-"
_FORMAT_NAMES = ("csv", "jsonl", "json", "parquet")


def is_stdio(path: str | os.PathLike | None) -> bool:
    """Whether ``path`` is ``-`` (standard input or output)."""
    return path is not None and str(path) == STDIO


def source_name(path: str | os.PathLike) -> str:
    """How an input is named in messages: its path, or ``<stdin>`` for ``-``."""
    return "<stdin>" if is_stdio(path) else str(path)


def table_format(path: str | os.PathLike, fmt: str | None = None) -> str:
    """Format name ("csv", "jsonl", "json" or "parquet") from ``fmt`` or a file's extension.

    A ``.json`` file holds one JSON array of records; ``.jsonl`` / ``.ndjson`` one record per line; ``-``
    (a stream) is JSON lines unless ``fmt`` says otherwise.
    """
    if fmt is not None:
        if fmt not in _FORMAT_NAMES:
            raise InputError(f"unknown format {fmt!r}; use {', '.join(_FORMAT_NAMES)}")
        return fmt
    if is_stdio(path):
        return "jsonl"  # a stream without a named format: JSON lines
    suffix = Path(path).suffix.lower()
    if suffix not in FORMATS:
        raise InputError(
            f"{path}: unsupported file type {suffix or '(none)'!r}; use .csv, .jsonl, .json or .parquet"
        )
    return FORMATS[suffix]


def special_file(path: Path) -> bool:
    """An existing output that is neither a regular file nor a directory (``/dev/null``, a named pipe, a
    terminal): it is written in place; renaming a file onto it would replace the device itself."""
    try:
        return path.exists() and not path.is_file() and not path.is_dir()
    except OSError:
        return False


def stream_format(output: str | os.PathLike, fmt: str | None = None,
                  like: str | os.PathLike | None = None) -> str | None:
    """The format to write ``output`` in: ``fmt`` when given; for ``-``, the format of the input file ``like``
    (CSV, JSON lines or JSON; Parquet is not sent to a terminal unasked), else JSON lines; for a file, ``None``
    (its extension decides)."""
    if fmt is not None:
        return table_format(output, fmt)
    if not _streamlike(output):
        return None
    if like is not None and not is_stdio(like):
        with contextlib.suppress(InputError):
            found = table_format(like)
            if found != "parquet":
                return found
    return "jsonl"


def stream_formats(input: str | os.PathLike, output: str | os.PathLike, input_fmt: str | None = None,
                   output_fmt: str | None = None) -> tuple[str | None, str | None]:
    """(input format, output format) of a command with ``--input-format`` / ``--format`` options, which name
    the formats of ``-`` only (a file's extension names its own): ``None`` lets the reader detect / the
    extension decide; standard output defaults to the input file's format, else JSON lines."""
    return (input_fmt if is_stdio(input) else None,
            stream_format(output, output_fmt if _streamlike(output) else None, like=input))


def _streamlike(path: str | os.PathLike) -> bool:
    """``-``, or a device or named pipe without a table extension (``/dev/null``, ``/dev/stdout``): written
    in the format a stream gets (``--format``, else the input's, else JSON lines)."""
    return is_stdio(path) or (special_file(Path(path)) and Path(path).suffix.lower() not in FORMATS)
