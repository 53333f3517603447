"""Reading and writing tables (CSV, JSONL, Parquet) with column detection and atomic writes.

Over 400 lines on purpose for now: readers (formats, decoding, errors that name file, line/row and column),
the output-path checks made before any work and the atomic writers share one notion of a path ("-", special
files, staging names); splitting the output half into its own module is the next step if it grows.
"""

from __future__ import annotations

import contextlib
import io
import itertools
import json
import math
import os
import re
import sys
import tempfile
from collections.abc import Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any

import pandas as pd

from .defaults import ID_COLUMNS, LABEL_COLUMNS, PARAPHRASE_COLUMNS, QUESTION_COLUMNS  # noqa: F401 (re-exported)
from .errors import InputError

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
            from .validation import text_problem

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
    from .validation import text_problem

    values = df[column].tolist()
    out: list[str] = []
    for i, v in enumerate(values):
        if isinstance(v, str):
            problem = None if allow_empty and not v.strip() else text_problem(v)
            if problem is None:
                out.append(v)
                continue
        elif v is None or (isinstance(v, float) and v != v):
            problem = "is empty (expected text)"
        else:
            problem = f"is {_value_kind(v)} where text was expected"
        raise InputError(f"{source}: {row_place(df, i, row_offset)}, column {column!r} {problem}")
    return out


def _value_kind(value) -> str:
    """A cell's value in words for errors: "a number (3)", "a list", "a JSON object"."""
    if isinstance(value, bool):
        return f"a boolean ({str(value).lower()})"
    if isinstance(value, (int, float)):
        return f"a number ({value!r})"
    if isinstance(value, dict):
        return "a JSON object"
    if isinstance(value, (list, tuple)):
        return "a list"
    return f"a {type(value).__name__}"


def label_column(df: pd.DataFrame, column: str, source: str | os.PathLike = "input") -> list[int]:
    """A binary label column as ints (accepts 0/1, true/false, yes/no, valid/invalid)."""
    mapping = {"1": 1, "0": 0, "true": 1, "false": 0, "yes": 1, "no": 0, "valid": 1, "invalid": 0,
               "1.0": 1, "0.0": 0, "y": 1, "n": 0}
    out = []
    for i, v in enumerate(df[column].tolist()):
        key = str(v).strip().lower()
        if key not in mapping:
            raise InputError(f"{source}: {row_place(df, i)}, column {column!r}: label {v!r} is not 0/1")
        out.append(mapping[key])
    return out


#: Temporary files and staging directories not yet renamed into place: removed if the process is stopped.
_PENDING: set[Path] = set()


def remove_pending_outputs() -> None:
    """Remove every unfinished temporary output of this process (called when a stop signal ends it)."""
    import shutil

    for path in list(_PENDING):
        with contextlib.suppress(OSError):
            if path.is_dir() and not path.is_symlink():
                shutil.rmtree(path, ignore_errors=True)
            elif os.path.lexists(path):
                path.unlink()
        _PENDING.discard(path)


def _special_file(path: Path) -> bool:
    """An existing output that is neither a regular file nor a directory (``/dev/null``, a named pipe, a
    terminal): it is written in place; renaming a file onto it would replace the device itself."""
    try:
        return path.exists() and not path.is_file() and not path.is_dir()
    except OSError:
        return False


def _remove_orphaned_temporaries(path: Path) -> None:
    """Remove the temporary files that writers of ``path`` killed with SIGKILL left (nothing can clean up
    after a SIGKILL): the writing process's id is in each name, and only those of processes gone are removed."""
    import glob

    for stale in (path.parent or Path(".")).glob(f".{glob.escape(path.name)}.*.tmp"):
        pid = stale.name[len(path.name) + 2:].split(".", 1)[0]
        if not pid.isdigit() or int(pid) == os.getpid():
            continue
        try:
            os.kill(int(pid), 0)
        except ProcessLookupError:  # its writer is gone
            stale.unlink(missing_ok=True)
        except OSError:  # alive (another user's, or ours): leave it
            pass


@contextlib.contextmanager
def atomic_path(path: str | os.PathLike) -> Iterator[Path]:
    """Yield a temporary path next to ``path``; on success it replaces ``path`` in one rename.

    On any error, or an interrupt, the temporary file is removed, so a reader never sees a half-written
    output. A missing parent directory is created here, when the output is written. A device or named pipe
    (``-o /dev/null``) is written in place.
    """
    path = Path(path)
    if _special_file(path):
        yield path
        return
    if path.is_dir():
        raise InputError(f"{path}: is a directory; give a file name")
    if path.parent and not path.parent.exists():
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise InputError(f"{path}: cannot create its directory ({exc.strerror or exc})") from None
    _remove_orphaned_temporaries(path)
    try:
        fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.{os.getpid()}.", suffix=".tmp", dir=path.parent or ".")
    except OSError as exc:
        raise InputError(f"{path}: cannot write in {path.parent} ({exc.strerror or exc})") from None
    os.close(fd)
    tmp_path = Path(tmp)
    _PENDING.add(tmp_path)
    try:
        yield tmp_path
        os.chmod(tmp_path, 0o666 & ~_umask())  # mkstemp creates 0600; give the file the usual permissions
        try:
            os.replace(tmp_path, path)
        except IsADirectoryError:
            raise InputError(f"{path}: is a directory; give a file name") from None
    finally:
        try:
            if tmp_path.exists():
                tmp_path.unlink()
        finally:
            _PENDING.discard(tmp_path)


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
    return is_stdio(path) or (_special_file(Path(path)) and Path(path).suffix.lower() not in FORMATS)


def output_directory(path: str | os.PathLike, option: str = "--output") -> Path:
    """``path`` as an output directory; ``-`` (standard output) is refused rather than made a directory named -."""
    if is_stdio(path):
        raise InputError(f"{option}: - (standard output) cannot hold a directory; give a directory path")
    return Path(path)


def _same_path(a: str | os.PathLike, b: str | os.PathLike) -> bool:
    """Whether two paths name the same file (the same inode when both exist, else the same resolved path)."""
    try:
        if os.path.exists(a) and os.path.exists(b):
            return os.path.samefile(a, b)
        return Path(a).resolve() == Path(b).resolve()
    except OSError:
        return False


def _inside(path: str | os.PathLike, directory: str | os.PathLike) -> bool:
    try:
        return Path(directory).resolve() in Path(path).resolve().parents
    except OSError:
        return False


def _writable_ancestor(option: str, path: Path, start: Path) -> None:
    """The nearest existing ancestor of ``start`` must be a directory this process can create files in
    (tried for real: a permission check says nothing for root or on a read-only file system)."""
    probe = start
    while not os.path.lexists(probe) and probe != probe.parent:
        probe = probe.parent
    if not probe.is_dir():
        raise InputError(f"{option} {path}: {probe} is not a directory")
    try:
        fd, tmp = tempfile.mkstemp(prefix=".paraqd-write-check.", dir=probe)
    except OSError as exc:
        raise InputError(f"{option} {path}: cannot write in {probe} ({exc.strerror or exc})") from None
    os.close(fd)
    os.unlink(tmp)


def check_output_file(path: str | os.PathLike | None, option: str = "--output",
                      inputs: Sequence[str | os.PathLike | None] = ()) -> None:
    """Fail early, in one line, when ``path`` cannot take a file: an existing directory, a name ending in
    ``/``, a parent that is a file or cannot be written, or a file that is also one of ``inputs``.

    ``None`` and ``-`` (standard output) pass. A missing parent directory is fine: it is created when the
    output is written, after the work succeeded.
    """
    if path is None or is_stdio(path):
        return
    text = str(path)
    if not text.strip():
        raise InputError(f"{option}: the path is empty; give a file name")
    p = Path(path)
    if _special_file(p):
        return  # /dev/null, a named pipe: written in place
    if p.is_dir():
        raise InputError(f"{option} {text}: is a directory; give a file name")
    if text.endswith(("/", os.sep)):
        raise InputError(f"{option} {text}: names a directory; give a file name")
    for source in inputs:
        if source is not None and not is_stdio(source) and _same_path(p, source):
            raise InputError(f"{option} {text}: is also an input; write the output to another file")
    _writable_ancestor(option, p, p.parent)


def check_output_dir(path: str | os.PathLike | None, option: str = "--output",
                     inputs: Sequence[str | os.PathLike | None] = (), replaced: bool = False) -> None:
    """Fail early, in one line, when ``path`` cannot be an output directory: ``-``, an existing file, an
    ancestor that is a file or cannot be written, or an input that is the directory (or, when ``replaced``,
    lies inside the directory the command replaces)."""
    if path is None:
        return
    if not str(path).strip():
        raise InputError(f"{option}: the path is empty; give a directory")
    output_directory(path, option)
    p = Path(path)
    if os.path.lexists(p) and not p.is_dir():
        raise InputError(f"{option} {path}: is a file; give a directory")
    for source in inputs:
        if source is None or is_stdio(source):
            continue
        if _same_path(p, source):
            raise InputError(f"{option} {path}: is also an input; write the output to another directory")
        if replaced and p.is_dir() and _inside(source, p):
            raise InputError(f"{option} {path}: holds the input {source}, which replacing the directory "
                             "would delete; move the input or write elsewhere")
    _writable_ancestor(option, p, p)


def check_distinct_outputs(outputs: Sequence[tuple[str, str | os.PathLike | None]],
                           share_stdout: bool = False) -> None:
    """Two options naming one output file (or both ``-``, unless ``share_stdout``: one is printed after the
    other) would overwrite each other: refuse them."""
    given = [(opt, path) for opt, path in outputs if path is not None]
    for i, (opt_a, a) in enumerate(given):
        for opt_b, b in given[i + 1:]:
            if is_stdio(a) and is_stdio(b) and not share_stdout:
                raise InputError(f"{opt_a} and {opt_b} cannot both be - (standard output)")
            if not is_stdio(a) and not is_stdio(b) and _same_path(a, b):
                raise InputError(f"{opt_a} and {opt_b} name the same file {a}; give each its own")


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
    _PENDING.add(path)  # removed if the process is stopped before it is renamed into place
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
