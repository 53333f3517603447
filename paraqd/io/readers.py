"""Reading tables (CSV, JSON lines, JSON arrays, Parquet; a file, a stream or standard input), whole or in
chunks, with one-line errors that name the file, the line / record / row and the column; where each row came
from (:func:`row_place`)."""

from __future__ import annotations

import contextlib
import io
import itertools
import json
import os
import re
import sys
from collections.abc import Iterator
from pathlib import Path

import pandas as pd

from ..errors import InputError
from .paths import FORMATS, is_stdio, table_format

_SURROGATE = re.compile("[\ud800-\udfff]")
_READ_ERRORS = (ValueError, pd.errors.ParserError, OSError, UnicodeDecodeError)


def _sniff_format(data: bytes) -> str:
    """The format of streamed bytes: JSON array, JSON lines, Parquet, else CSV."""
    if data[:4] == b"PAR1":
        return "parquet"
    head = data.lstrip(b"\xef\xbb\xbf \t\r\n")[:1]
    return {b"[": "json", b"{": "jsonl"}.get(head, "csv")


_STDIN: list = [None, b""]  # [the stream read, its bytes]


def _stdin_bytes() -> bytes:
    """Standard input, read once (a command may look at its first rows, then stream it)."""
    stream = sys.stdin
    if _STDIN[0] is not stream:
        _STDIN[:] = [stream, stream.buffer.read() if hasattr(stream, "buffer") else stream.read().encode()]
    return _STDIN[1]


_STREAMS: dict[str, bytes] = {}  # streams read, by path: a command looks at the first rows, then reads it all


def _stream_bytes(path: Path) -> bytes:
    """The bytes of a stream that is not a regular file (a FIFO, ``/dev/fd/N``), read once per process."""
    key = str(path)
    if key not in _STREAMS:
        try:
            with open(path, "rb") as fh:
                _STREAMS[key] = fh.read()
        except OSError as exc:
            raise InputError(f"{path}: cannot read: {exc.strerror or exc}") from None
    return _STREAMS[key]


def _open_source(path: str | os.PathLike, fmt: str | None) -> tuple[str, str, Path | io.BytesIO]:
    """(name for messages, format, readable): a checked, non-empty file, or standard input read whole."""
    if is_stdio(path):
        data = _stdin_bytes()
        if not data.strip():
            raise InputError("<stdin>: no input")
        return "<stdin>", (table_format(path, fmt) if fmt else _sniff_format(data)), io.BytesIO(data)
    path = Path(path)
    if not path.exists():
        raise InputError(f"{path}: no such file")
    if path.is_dir():
        raise InputError(f"{path}: is a directory, expected a .csv, .jsonl, .json or .parquet file")
    if not path.is_file():  # a named pipe, `<(command)` (/dev/fd/N), a device: a stream, read once
        data = _stream_bytes(path)
        if not data.strip():
            raise InputError(f"{path}: no input (the stream is empty)")
        known = fmt is not None or path.suffix.lower() in FORMATS
        return str(path), (table_format(path, fmt) if known else _sniff_format(data)), io.BytesIO(data)
    fmt = table_format(path, fmt)
    if path.stat().st_size == 0:
        raise InputError(f"{path}: file is empty")
    return str(path), fmt, path


def _binary_stream(src: Path | io.BytesIO):
    if isinstance(src, io.BytesIO):
        src.seek(0)
        return contextlib.nullcontext(src)
    return open(src, "rb")


def _not_utf8(name: str, unit: str, number: int, raw: bytes, exc: UnicodeDecodeError) -> InputError:
    bad = raw[exc.start:exc.start + 1].hex()
    return InputError(f"{name}: {unit} {number}, column {exc.start + 1}: not UTF-8 text (byte 0x{bad}); "
                      "save the file as UTF-8")


def _check_not_utf16(name: str, head: bytes) -> None:
    if head[:2] in (b"\xff\xfe", b"\xfe\xff"):
        raise InputError(f"{name}: the file is UTF-16 text; save it as UTF-8")


def _locate_decode_error(name: str, src: Path | io.BytesIO) -> InputError | None:
    """The line and column of the first byte that is not UTF-8 (after a pandas decode error, which only
    says a position inside its buffer)."""
    try:
        for _ in _decoded_lines(name, src):
            pass
    except InputError as exc:
        return exc
    return None


def _decoded_lines(name: str, src: Path | io.BytesIO) -> Iterator[tuple[int, str]]:
    """(line number, text) of a UTF-8 source (a byte-order mark is dropped); a byte that is not UTF-8
    raises :class:`InputError` naming its line and column."""
    with _binary_stream(src) as fh:
        for lineno, raw in enumerate(fh, 1):
            if lineno == 1:
                _check_not_utf16(name, raw)
                raw = raw.removeprefix(b"\xef\xbb\xbf")
            try:
                yield lineno, raw.decode("utf-8")
            except UnicodeDecodeError as exc:
                raise _not_utf8(name, "line", lineno, raw, exc) from None


def _check_record(name: str, where: str, rec) -> dict:
    if not isinstance(rec, dict):
        raise InputError(f"{name}: {where}: expected a JSON object, got {type(rec).__name__}")
    for key, value in rec.items():  # a "\ud800" escape: text no table or writer can hold
        if isinstance(value, str) and _SURROGATE.search(value):
            from ..validation import text_problem

            raise InputError(f"{name}: {where}, column {key!r} {text_problem(value, max_chars=None)}")
    return rec


def _json_array_records(name: str, src: Path | io.BytesIO) -> list[dict]:
    """The records of a JSON array; errors name the file, the line and the column."""
    text = "".join(line for _, line in _decoded_lines(name, src))
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise InputError(f"{name}: line {exc.lineno}, column {exc.colno}: not valid JSON ({exc.msg})") from None
    except RecursionError:
        raise InputError(f"{name}: JSON nested too deeply") from None
    if not isinstance(data, list):
        raise InputError(f"{name}: expected a JSON array of records, got a JSON {type(data).__name__}"
                         + (" (one record per line? name the file .jsonl)" if isinstance(data, dict) else ""))
    return [_check_record(name, f"record {i + 1}", rec) for i, rec in enumerate(data)]


def _jsonl_records(name: str, src: Path | io.BytesIO) -> Iterator[tuple[int, dict]]:
    """(line number, record) of a JSON-lines source, read lazily; errors name the file, line and column."""
    first = True
    for lineno, line in _decoded_lines(name, src):
        line = line.rstrip("\r\n")
        if not line.strip():
            continue
        hint = " (a JSON array? name the file .json)" if first and line.lstrip()[:1] == "[" else ""
        first = False
        try:
            rec = json.loads(line)
        except json.JSONDecodeError as exc:
            raise InputError(f"{name}: line {lineno}, column {exc.pos + 1}: not valid JSON ({exc.msg}){hint}") \
                from None
        except RecursionError:
            raise InputError(f"{name}: line {lineno}: JSON nested too deeply") from None
        if not isinstance(rec, dict):
            raise InputError(f"{name}: line {lineno}: expected a JSON object, got {type(rec).__name__}{hint}")
        yield lineno, _check_record(name, f"line {lineno}", rec)


#: DataFrame.attrs key: (unit, numbers) naming where each row came from, e.g. ("line", array of line numbers)
#: for JSON lines, so that errors about a cell name the file's line (blank lines are skipped when read).
PLACE_ATTR = "paraqd_place"


def _frame(records: list[tuple[int, dict]], unit: str) -> pd.DataFrame:
    import numpy as np

    df = pd.DataFrame.from_records([r for _, r in records])
    df.attrs[PLACE_ATTR] = (unit, np.array([n for n, _ in records], dtype=np.int64))
    return df


def row_place(df: pd.DataFrame, position: int, row_offset: int = 0) -> str:
    """Where row ``position`` of ``df`` is in its file: ``line N`` (JSON lines), ``record N`` (a JSON array)
    or ``row N`` (CSV, Parquet: the Nth row after the header, counting ``row_offset`` earlier rows)."""
    place = df.attrs.get(PLACE_ATTR)
    if place is not None:
        unit, numbers = place
        label = df.index[position]
        if isinstance(label, (int,)) or hasattr(label, "__index__"):
            try:
                if 0 <= int(label) < len(numbers):
                    return f"{unit} {int(numbers[int(label)])}"
            except (TypeError, ValueError):
                pass
    return f"row {row_offset + position + 1}"


def _read_error(name: str, fmt: str, exc: Exception) -> InputError:
    """A one-line error for a file the reader library rejected (its first message line)."""
    first = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
    return InputError(f"{name}: cannot read as {fmt}: {first}")


def _iter_frames(name: str, fmt: str, src: Path | io.BytesIO, chunk_size: int | None) -> Iterator[pd.DataFrame]:
    """DataFrames of ``src``: one, or chunks of at most ``chunk_size`` rows."""
    try:
        if fmt == "csv":
            kwargs = dict(dtype=str, keep_default_na=False, na_values=[""], encoding="utf-8-sig")
            try:
                if chunk_size is None:
                    yield pd.read_csv(src, **kwargs)
                else:
                    yield from pd.read_csv(src, chunksize=chunk_size, **kwargs)
            except UnicodeDecodeError:
                located = _locate_decode_error(name, src)
                if located is not None:
                    raise located from None
                raise
        elif fmt in ("json", "jsonl"):
            if fmt == "json":
                records = iter(list(enumerate(_json_array_records(name, src), 1)))
                unit = "record"
            else:
                records, unit = _jsonl_records(name, src), "line"
            if chunk_size is None:
                yield _frame(list(records), unit)
            else:
                while batch := list(itertools.islice(records, chunk_size)):
                    yield _frame(batch, unit)
        else:
            import pyarrow.parquet as pq

            if chunk_size is None:
                yield pd.read_parquet(src)
            else:
                for batch in pq.ParquetFile(src).iter_batches(batch_size=chunk_size):
                    yield batch.to_pandas()
    except InputError:
        raise
    except _READ_ERRORS as exc:
        raise _read_error(name, fmt, exc) from None
    except Exception as exc:  # pyarrow's ArrowInvalid and friends: not a parquet file
        if fmt == "parquet":
            raise _read_error(name, fmt, exc) from None
        raise


def read_table(path: str | os.PathLike, fmt: str | None = None) -> pd.DataFrame:
    """Read a CSV, JSON-lines, JSON-array or Parquet file (``-``: standard input) into a DataFrame.

    ``fmt`` overrides the extension (for ``-``, the format is detected from the content when not given).
    Bad input raises :class:`InputError` with one line naming the file (and the line, for JSON).
    """
    name, fmt, src = _open_source(path, fmt)
    df = next(_iter_frames(name, fmt, src, None))
    if len(df) == 0:
        raise InputError(f"{name}: no rows")
    return df


def iter_table_chunks(path: str | os.PathLike, chunk_size: int = 10_000,
                      fmt: str | None = None) -> Iterator[pd.DataFrame]:
    """Stream a table in chunks of at most ``chunk_size`` rows (bounded memory for large files, except a
    JSON array, which is parsed whole)."""
    name, fmt, src = _open_source(path, fmt)
    yield from _iter_frames(name, fmt, src, chunk_size)
