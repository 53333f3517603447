"""Reading and writing tables (CSV, JSONL, Parquet) with column detection and atomic writes."""

from __future__ import annotations

import contextlib
import os
import tempfile
from collections.abc import Iterator, Sequence
from pathlib import Path

import pandas as pd

from .errors import InputError

FORMATS = {".csv": "csv", ".jsonl": "jsonl", ".json": "jsonl", ".ndjson": "jsonl", ".parquet": "parquet",
           ".pq": "parquet"}

QUESTION_COLUMNS = ("question", "anchor", "text", "original", "source", "sentence1", "question1", "text_a")
PARAPHRASE_COLUMNS = ("paraphrase", "augmented", "candidate", "positive", "sentence2", "question2", "text_b")
LABEL_COLUMNS = ("label", "final_label", "is_duplicate", "valid", "gold")
ID_COLUMNS = ("question_id", "id", "qid")


def table_format(path: str | os.PathLike) -> str:
    """Format name ("csv", "jsonl" or "parquet") from a file's extension."""
    suffix = Path(path).suffix.lower()
    if suffix not in FORMATS:
        raise InputError(
            f"{path}: unsupported file type {suffix or '(none)'!r}; use .csv, .jsonl or .parquet"
        )
    return FORMATS[suffix]


_READ_ERRORS = (ValueError, pd.errors.ParserError, OSError)


def _readable_format(path: Path) -> str:
    """The table format of ``path``, after checking it is an existing, non-empty file."""
    fmt = table_format(path)
    if not path.exists():
        raise InputError(f"{path}: no such file")
    if path.is_dir():
        raise InputError(f"{path}: is a directory, expected a .csv, .jsonl or .parquet file")
    if path.stat().st_size == 0:
        raise InputError(f"{path}: file is empty")
    return fmt


def _read_error(path: Path, fmt: str, exc: Exception) -> InputError:
    """A one-line error for a file the reader library rejected (its first message line)."""
    first = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
    return InputError(f"{path}: cannot read as {fmt}: {first}")


def read_table(path: str | os.PathLike) -> pd.DataFrame:
    """Read a CSV, JSONL or Parquet file into a DataFrame, with one-line errors for bad input."""
    path = Path(path)
    fmt = _readable_format(path)
    try:
        if fmt == "csv":
            df = pd.read_csv(path, dtype=str, keep_default_na=False, na_values=[""])
        elif fmt == "jsonl":
            df = pd.read_json(path, lines=True, dtype=False)
        else:
            df = pd.read_parquet(path)
    except _READ_ERRORS as exc:
        raise _read_error(path, fmt, exc) from None
    if len(df) == 0:
        raise InputError(f"{path}: no rows")
    return df


def iter_table_chunks(path: str | os.PathLike, chunk_size: int = 10_000) -> Iterator[pd.DataFrame]:
    """Stream a table in chunks of at most ``chunk_size`` rows (bounded memory for large files)."""
    path = Path(path)
    fmt = _readable_format(path)
    try:
        if fmt == "csv":
            yield from pd.read_csv(path, dtype=str, keep_default_na=False, na_values=[""],
                                   chunksize=chunk_size)
        elif fmt == "jsonl":
            yield from pd.read_json(path, lines=True, dtype=False, chunksize=chunk_size)
        else:
            import pyarrow.parquet as pq

            for batch in pq.ParquetFile(path).iter_batches(batch_size=chunk_size):
                yield batch.to_pandas()
    except _READ_ERRORS as exc:
        raise _read_error(path, fmt, exc) from None


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
        umask = os.umask(0)
        os.umask(umask)
        os.chmod(tmp_path, 0o666 & ~umask)  # mkstemp creates 0600; give the file the usual permissions
        os.replace(tmp_path, path)
    finally:
        if tmp_path.exists():
            tmp_path.unlink()


def write_table(df: pd.DataFrame, path: str | os.PathLike) -> Path:
    """Write a DataFrame as CSV, JSONL or Parquet (by extension), atomically and deterministically."""
    fmt = table_format(path)
    with atomic_path(path) as tmp:
        if fmt == "csv":
            df.to_csv(tmp, index=False, lineterminator="\n")
        elif fmt == "jsonl":
            df.to_json(tmp, orient="records", lines=True, force_ascii=False)
        else:
            df.to_parquet(tmp, index=False)
    return Path(path)


class TableWriter:
    """Append DataFrame chunks to one output file (streaming); the file appears atomically on close."""

    def __init__(self, path: str | os.PathLike):
        self.path = Path(path)
        self.fmt = table_format(self.path)
        self._ctx = atomic_path(self.path)
        self._tmp = self._ctx.__enter__()
        self._first = True
        self._parquet_writer = None

    def write(self, df: pd.DataFrame) -> None:
        if self.fmt == "csv":
            df.to_csv(self._tmp, index=False, header=self._first, mode="w" if self._first else "a",
                      lineterminator="\n")
        elif self.fmt == "jsonl":
            text = df.to_json(orient="records", lines=True, force_ascii=False)
            with open(self._tmp, "w" if self._first else "a", encoding="utf-8") as fh:
                fh.write(text if text.endswith("\n") or not text else text + "\n")
        else:
            import pyarrow as pa
            import pyarrow.parquet as pq

            table = pa.Table.from_pandas(df, preserve_index=False)
            if self._parquet_writer is None:
                self._parquet_writer = pq.ParquetWriter(self._tmp, table.schema)
            self._parquet_writer.write_table(table)
        self._first = False

    def close(self, ok: bool = True) -> None:
        if self._parquet_writer is not None:
            self._parquet_writer.close()
            self._parquet_writer = None
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
