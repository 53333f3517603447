"""Columns of a table read: which column holds the questions, paraphrases or labels (given or detected among
the names of :mod:`paraqd.defaults`), and their cells as text or 0/1 labels, with errors naming row and column."""

from __future__ import annotations

import os
from collections.abc import Sequence

import pandas as pd

from ..errors import InputError
from .readers import row_place


def find_column(df: pd.DataFrame, requested: str | None, candidates: Sequence[str], what: str,
                source: str | os.PathLike = "input", required: bool = True, option: str | None = None) -> str | None:
    """Return the column to use for ``what``: the requested one, or the first candidate present.

    Matching of candidates is case-insensitive. Raises :class:`InputError` naming the columns that exist and
    ``option``, the command-line option that chooses the column (e.g. ``--paraphrase-column``).
    """
    found = ", ".join(map(str, df.columns)) or "none"
    how = f"name it with {option}" if option else "name it with an option"
    if requested:
        if requested in df.columns:
            return requested
        raise InputError(f"{source}: no column {requested!r} for the {what} (columns found: {found}); "
                         f"{'give ' + option + ' one of them' if option else 'name one of them'}")
    lower = {str(c).lower(): c for c in df.columns}
    for cand in candidates:
        if cand in lower:
            return lower[cand]
    if required:
        raise InputError(f"{source}: cannot find a {what} column (looked for {', '.join(candidates)}; "
                         f"columns found: {found}); {how}")
    return None


def text_column(df: pd.DataFrame, column: str, source: str | os.PathLike = "input",
                allow_empty: bool = False, row_offset: int = 0) -> list[str]:
    """The values of a text column as ``str``; non-text or missing cells raise one clear error.

    ``row_offset`` is added to row numbers in errors (for a chunk read from the middle of a file).
    """
    values = df[column].tolist()
    out: list[str] = []
    for i, v in enumerate(values):
        problem = cell_problem(v, allow_empty)
        if problem is None:
            out.append(v)
            continue
        raise InputError(f"{source}: {row_place(df, i, row_offset)}, column {column!r} {problem}")
    return out


def cell_problem(value, allow_empty: bool = False) -> str | None:
    """Why a table cell cannot be read as text (``None`` when it can), in the words of every reader's errors.

    >>> cell_problem("Tom has 3 apples."), cell_problem(float("nan")), cell_problem(42)
    (None, 'is empty (expected text)', 'is a number (42) where text was expected')
    """
    from ..validation import text_problem

    if isinstance(value, str):
        return None if allow_empty and not value.strip() else text_problem(value)
    if value is None or (isinstance(value, float) and value != value):
        return "is empty (expected text)"
    return f"is {_value_kind(value)} where text was expected"


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
