"""Reading and writing tables (CSV, JSONL, Parquet) with column detection and atomic writes."""

from __future__ import annotations

import contextlib
import io
import itertools
import json
import os
import sys
import tempfile
from collections.abc import Iterator, Sequence
from pathlib import Path

import pandas as pd

from .errors import InputError

FORMATS = {".csv": "csv", ".jsonl": "jsonl", ".json": "json", ".ndjson": "jsonl", ".parquet": "parquet",
           ".pq": "parquet"}
#: ``-`` as a path: standard input for a reader, standard output for a writer.
STDIO = "-"

QUESTION_COLUMNS = ("question", "anchor", "text", "original", "source", "sentence1", "question1", "text_a")
PARAPHRASE_COLUMNS = ("paraphrase", "augmented", "candidate", "positive", "sentence2", "question2", "text_b")
LABEL_COLUMNS = ("label", "final_label", "is_duplicate", "valid", "gold")
ID_COLUMNS = ("question_id", "id", "qid")

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


def _open_source(path: str | os.PathLike, fmt: str | None) -> tuple[str, str, Path | io.BytesIO]:
    """(name for messages, format, readable): a checked, non-empty file, or standard input read whole."""
    if is_stdio(path):
        data = _stdin_bytes()
        if not data.strip():
            raise InputError("<stdin>: no input")
        return "<stdin>", (table_format(path, fmt) if fmt else _sniff_format(data)), io.BytesIO(data)
    path = Path(path)
    fmt = table_format(path, fmt)
    if not path.exists():
        raise InputError(f"{path}: no such file")
    if path.is_dir():
        raise InputError(f"{path}: is a directory, expected a .csv, .jsonl, .json or .parquet file")
    if path.stat().st_size == 0:
        raise InputError(f"{path}: file is empty")
    return str(path), fmt, path


def _text_stream(src: Path | io.BytesIO):
    """A text reader of a JSON source (UTF-8, with or without a byte-order mark)."""
    if isinstance(src, io.BytesIO):
        src.seek(0)
        return io.TextIOWrapper(src, encoding="utf-8-sig")
    return open(src, encoding="utf-8-sig")


def _check_record(name: str, where: str, rec) -> dict:
    if not isinstance(rec, dict):
        raise InputError(f"{name}: {where}: expected a JSON object, got {type(rec).__name__}")
    return rec


def _json_array_records(name: str, src: Path | io.BytesIO) -> list[dict]:
    """The records of a JSON array; errors name the file and the line."""
    with _text_stream(src) as fh:
        try:
            data = json.load(fh)
        except json.JSONDecodeError as exc:
            raise InputError(f"{name}: line {exc.lineno}: not valid JSON ({exc.msg})") from None
    if not isinstance(data, list):
        raise InputError(f"{name}: expected a JSON array of records, got a JSON {type(data).__name__}"
                         + (" (one record per line? name the file .jsonl)" if isinstance(data, dict) else ""))
    return [_check_record(name, f"record {i + 1}", rec) for i, rec in enumerate(data)]


def _jsonl_records(name: str, src: Path | io.BytesIO) -> Iterator[dict]:
    """The records of a JSON-lines source, read lazily; errors name the file and the line."""
    with _text_stream(src) as fh:
        for lineno, line in enumerate(fh, 1):
            if not line.strip():
                continue
            try:
                rec = json.loads(line)
            except json.JSONDecodeError as exc:
                hint = " (a JSON array? name the file .json)" if lineno == 1 and line.lstrip()[:1] == "[" else ""
                raise InputError(f"{name}: line {lineno}: not valid JSON ({exc.msg}){hint}") from None
            yield _check_record(name, f"line {lineno}", rec)


def _read_error(name: str, fmt: str, exc: Exception) -> InputError:
    """A one-line error for a file the reader library rejected (its first message line)."""
    first = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
    return InputError(f"{name}: cannot read as {fmt}: {first}")


def _iter_frames(name: str, fmt: str, src: Path | io.BytesIO, chunk_size: int | None) -> Iterator[pd.DataFrame]:
    """DataFrames of ``src``: one, or chunks of at most ``chunk_size`` rows."""
    try:
        if fmt == "csv":
            kwargs = dict(dtype=str, keep_default_na=False, na_values=[""], encoding="utf-8-sig")
            if chunk_size is None:
                yield pd.read_csv(src, **kwargs)
            else:
                yield from pd.read_csv(src, chunksize=chunk_size, **kwargs)
        elif fmt in ("json", "jsonl"):
            records = iter(_json_array_records(name, src) if fmt == "json" else _jsonl_records(name, src))
            if chunk_size is None:
                yield pd.DataFrame.from_records(list(records))
            else:
                while batch := list(itertools.islice(records, chunk_size)):
                    yield pd.DataFrame.from_records(batch)
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


def find_column(df: pd.DataFrame, requested: str | None, candidates: Sequence[str], what: str,
                source: str | os.PathLike = "input", required: bool = True) -> str | None:
    """Return the column to use for ``what``: the requested one, or the first candidate present.

    Matching of candidates is case-insensitive. Raises :class:`InputError` naming the columns that exist.
    """
    if requested:
        if requested in df.columns:
            return requested
        raise InputError(f"{source}: no column {requested!r} for the {what} "
                         f"(columns: {', '.join(map(str, df.columns))})")
    lower = {str(c).lower(): c for c in df.columns}
    for cand in candidates:
        if cand in lower:
            return lower[cand]
    if required:
        raise InputError(f"{source}: cannot find a {what} column (looked for {', '.join(candidates)}; "
                         f"columns: {', '.join(map(str, df.columns))}); name it with an option")
    return None


def text_column(df: pd.DataFrame, column: str, source: str | os.PathLike = "input",
                allow_empty: bool = False, row_offset: int = 0) -> list[str]:
    """The values of a text column as ``str``; non-text or missing cells raise one clear error.

    ``row_offset`` is added to row numbers in errors (for a chunk read from the middle of a file).
    """
    values = df[column].tolist()
    out: list[str] = []
    for i, v in enumerate(values):
        if isinstance(v, str) and (allow_empty or v.strip()):
            out.append(v)
            continue
        kind = "empty" if (v is None or (isinstance(v, str)) or (isinstance(v, float) and v != v)) \
            else f"not text ({type(v).__name__})"
        raise InputError(f"{source}: row {row_offset + i + 1}, column {column!r} is {kind}")
    return out


def label_column(df: pd.DataFrame, column: str, source: str | os.PathLike = "input") -> list[int]:
    """A binary label column as ints (accepts 0/1, true/false, yes/no, valid/invalid)."""
    mapping = {"1": 1, "0": 0, "true": 1, "false": 0, "yes": 1, "no": 0, "valid": 1, "invalid": 0,
               "1.0": 1, "0.0": 0, "y": 1, "n": 0}
    out = []
    for i, v in enumerate(df[column].tolist()):
        key = str(v).strip().lower()
        if key not in mapping:
            raise InputError(f"{source}: row {i + 1}, column {column!r}: label {v!r} is not 0/1")
        out.append(mapping[key])
    return out


@contextlib.contextmanager
def atomic_path(path: str | os.PathLike) -> Iterator[Path]:
    """Yield a temporary path next to ``path``; on success it replaces ``path`` in one rename.

    On any error the temporary file is removed, so a reader never sees a half-written output.
    """
    path = Path(path)
    if path.parent and not path.parent.exists():
        path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent or ".")
    os.close(fd)
    tmp_path = Path(tmp)
    try:
        yield tmp_path
        os.chmod(tmp_path, 0o666 & ~_umask())  # mkstemp creates 0600; give the file the usual permissions
        os.replace(tmp_path, path)
    finally:
        if tmp_path.exists():
            tmp_path.unlink()


def stream_format(output: str | os.PathLike, fmt: str | None = None,
                  like: str | os.PathLike | None = None) -> str | None:
    """The format to write ``output`` in: ``fmt`` when given; for ``-``, the format of the input file ``like``
    (CSV, JSON lines or JSON; Parquet is not sent to a terminal unasked), else JSON lines; for a file, ``None``
    (its extension decides)."""
    if fmt is not None:
        return table_format(output, fmt)
    if not is_stdio(output):
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
            stream_format(output, output_fmt if is_stdio(output) else None, like=input))


def output_directory(path: str | os.PathLike, option: str = "--output") -> Path:
    """``path`` as an output directory; ``-`` (standard output) is refused rather than made a directory named -."""
    if is_stdio(path):
        raise InputError(f"{option}: - (standard output) cannot hold a directory; give a directory path")
    return Path(path)


def _umask() -> int:
    umask = os.umask(0)
    os.umask(umask)
    return umask


def staging_dir(target: str | os.PathLike, suffix: str = ".tmp") -> Path:
    """A new empty directory beside ``target``, to be renamed onto it when complete.

    ``tempfile.mkdtemp`` creates it 0700; it gets the user's umask like any other output (0755 usually),
    so a saved model directory is as readable as the files in it.
    """
    target = Path(target)
    parent = target.resolve().parent
    parent.mkdir(parents=True, exist_ok=True)
    path = Path(tempfile.mkdtemp(prefix=f".{target.name}.", suffix=suffix, dir=parent))
    os.chmod(path, 0o777 & ~_umask())
    return path


def write_text(text: str, path: str | os.PathLike) -> None:
    """Write ``text`` to ``path`` atomically, or to standard output when ``path`` is ``-`` (never a file named -)."""
    if is_stdio(path):
        sys.stdout.write(text)
        sys.stdout.flush()
        return
    with atomic_path(path) as tmp:
        tmp.write_text(text, encoding="utf-8")


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
