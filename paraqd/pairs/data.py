"""Reading labelled pairs (``text_a, text_b, label``) and text pools from user files."""

from __future__ import annotations

import os
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from ..defaults import LABEL_COLUMNS, PARAPHRASE_COLUMNS, QUESTION_COLUMNS, TRAIN_COLUMNS
from ..errors import InputError
from ..io import find_column, label_column, read_table, text_column
from ..leakage import LeakageFilter

#: Column names tried, in order, for the two sides of a pair (QQP's ``question1/question2`` included).
TEXT_A_COLUMNS = ("text_a", "question1", "sentence1", "premise", *QUESTION_COLUMNS)
TEXT_B_COLUMNS = ("text_b", "question2", "sentence2", "hypothesis", *PARAPHRASE_COLUMNS)




@dataclass(frozen=True)
class LabelledPair:
    """One labelled pair: ``label`` is 1 for duplicates/paraphrases, 0 for non-duplicates."""

    text_a: str
    text_b: str
    label: int


def normalize_text(text: str) -> str:
    """The identity of a text for pair bookkeeping (deduplication, pair keys): surrounding and repeated
    whitespace ignored, case kept. Leakage guards compare by :func:`paraqd.leakage.question_key` instead."""
    return " ".join(text.split())


def pair_key(a: str, b: str) -> tuple[str, str]:
    """Order-free key of a pair of (normalized) texts."""
    return (a, b) if a <= b else (b, a)


def read_labelled_pairs(path: str | os.PathLike, text_a: str | None = None, text_b: str | None = None,
                        label: str | None = None) -> list[LabelledPair]:
    """Read a CSV/JSONL/Parquet file of labelled pairs; columns are detected unless named.

    A triplet file (``anchor, positive, negative``, as written by ``paraqd augment``) is read as the pairs
    ``(anchor, positive, 1)`` and ``(anchor, negative, 0)``.
    """
    df = read_table(path)
    lower = {str(c).lower() for c in df.columns}
    if not (text_a or text_b or label) and set(TRAIN_COLUMNS) <= lower and not lower & set(LABEL_COLUMNS):
        return _triplet_pairs(df, path)
    col_a = find_column(df, text_a, TEXT_A_COLUMNS, "first text", path)
    col_b = find_column(df, text_b, tuple(c for c in TEXT_B_COLUMNS if c != col_a), "second text", path)
    if col_a == col_b:
        raise InputError(f"{path}: the two texts of a pair must come from different columns ({col_a!r})")
    col_l = find_column(df, label, LABEL_COLUMNS, "label", path)
    a_values = text_column(df, col_a, path)
    b_values = text_column(df, col_b, path)
    labels = label_column(df, col_l, path)
    return [LabelledPair(a, b, y) for a, b, y in zip(a_values, b_values, labels)]


def _triplet_pairs(df, path) -> list[LabelledPair]:
    cols = {str(c).lower(): c for c in df.columns}
    anchors = text_column(df, cols["anchor"], path)
    pos = text_column(df, cols["positive"], path)
    neg = text_column(df, cols["negative"], path)
    out: list[LabelledPair] = []
    seen: set[tuple[str, str, int]] = set()
    for a, p, n in zip(anchors, pos, neg):
        for b, y in ((p, 1), (n, 0)):
            if (a, b, y) not in seen:
                seen.add((a, b, y))
                out.append(LabelledPair(a, b, y))
    return out


def read_texts(path: str | os.PathLike, column: str | None = None) -> list[str]:
    """Unique texts of a file, in first-seen order.

    A table with a text column (``question``, ``text``, ...) gives that column; a pair file
    (``text_a``/``text_b`` or ``question1``/``question2``) gives the texts of both sides.
    """
    df = read_table(path)
    cols: list[str]
    if column:
        cols = [find_column(df, column, (), "text", path)]
    else:
        a = find_column(df, None, TEXT_A_COLUMNS, "text", path, required=False)
        b = find_column(df, None, tuple(c for c in TEXT_B_COLUMNS if c != a), "text", path, required=False)
        if a is None:
            raise InputError(f"{path}: cannot find a text column (looked for {', '.join(TEXT_A_COLUMNS)}); "
                             "name it with --text-column")
        cols = [a] if b is None else [a, b]
    return unique_texts(t for c in cols for t in text_column(df, c, path))


def unique_texts(texts: Iterable[str]) -> list[str]:
    """Texts deduplicated by :func:`normalize_text`, keeping the first spelling and order."""
    seen: set[str] = set()
    out = []
    for t in texts:
        key = normalize_text(t)
        if key and key not in seen:
            seen.add(key)
            out.append(t)
    return out


def read_exclusions(paths: Sequence[str | os.PathLike]) -> LeakageFilter:
    """The leakage guard: every text of every text column of the given evaluation files
    (compared by :func:`paraqd.leakage.question_key`)."""
    out = LeakageFilter()
    for path in paths:
        df = read_table(path)
        cols = [c for c in df.columns
                if str(c).lower() in {*TEXT_A_COLUMNS, *TEXT_B_COLUMNS}]
        if not cols:
            raise InputError(f"{path}: no text column to exclude (looked for {', '.join(TEXT_A_COLUMNS)}, "
                             f"{', '.join(TEXT_B_COLUMNS)})")
        for c in cols:
            out.add(df[c].tolist())
    return out
