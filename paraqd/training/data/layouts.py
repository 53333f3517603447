"""Training files: triplets in long or wide form and labelled pairs, read into one :class:`TrainingData`.

Three layouts are recognised from the columns of each file:

``triplets``
    ``anchor, positive, negative`` (as written by ``paraqd augment``; ``positive_op``, ``negative_op`` and
    ``question_id`` are optional). Every cell must hold text.
``wide``
    a question column plus positive columns (``positive1``, ``pos_2``, ...) and negative columns (``neg_1``,
    ``negative3``, ...); an empty cell means "operator not applicable". Each question gives triplets by
    :func:`pair_up` of its positives and negatives.
``pairs``
    labelled pairs ``question, paraphrase, label`` (or ``text_a, text_b, label``; any names that
    :mod:`paraqd.io` detects) with an optional float ``score`` column, e.g. silver pairs.
"""

from __future__ import annotations

import hashlib
import itertools
import os
import re
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

import numpy as np
import pandas as pd

from ...errors import InputError
from ...io import (
    LABEL_COLUMNS,
    PARAPHRASE_COLUMNS,
    QUESTION_COLUMNS,
    find_column,
    label_column,
    read_table,
    text_column,
)

PAIRINGS = ("cycle", "product")
_POSITIVE_RE = re.compile(r"^pos(itive)?[_\- ]?\d+$", re.IGNORECASE)
_NEGATIVE_RE = re.compile(r"^neg(ative)?[_\- ]?\d+$", re.IGNORECASE)
_SCORE_COLUMNS = ("score", "silver_score", "similarity")


@dataclass
class Triplets:
    """Parallel lists of (anchor, positive, negative) texts, with the operators that made them when known."""

    anchor: list[str] = field(default_factory=list)
    positive: list[str] = field(default_factory=list)
    negative: list[str] = field(default_factory=list)
    positive_op: list[str | None] = field(default_factory=list)
    negative_op: list[str | None] = field(default_factory=list)

    def __len__(self) -> int:
        return len(self.anchor)

    def add(self, anchor: str, positive: str, negative: str, positive_op: str | None = None,
            negative_op: str | None = None) -> None:
        self.anchor.append(anchor)
        self.positive.append(positive)
        self.negative.append(negative)
        self.positive_op.append(positive_op)
        self.negative_op.append(negative_op)

    def extend(self, other: Triplets) -> None:
        for name in ("anchor", "positive", "negative", "positive_op", "negative_op"):
            getattr(self, name).extend(getattr(other, name))

    def subset(self, indices: Iterable[int]) -> Triplets:
        indices = list(indices)
        out = Triplets()
        for name in ("anchor", "positive", "negative", "positive_op", "negative_op"):
            values = getattr(self, name)
            setattr(out, name, [values[i] for i in indices])
        return out

    def operator_counts(self) -> dict[str, dict[str, int]]:
        """How many triplets each positive and negative operator contributed (known operators only)."""
        return {
            "positive": dict(sorted(Counter(op for op in self.positive_op if op).items())),
            "negative": dict(sorted(Counter(op for op in self.negative_op if op).items())),
        }

    def to_dict(self) -> dict[str, list[str]]:
        """Columns for a :class:`datasets.Dataset` (anchor, positive, negative, in this order)."""
        return {"anchor": list(self.anchor), "positive": list(self.positive), "negative": list(self.negative)}


@dataclass
class TrainingPairs:
    """Labelled pairs to train on: parallel lists of (text_a, text_b, label) with an optional float score per pair.

    (Not :class:`paraqd.evaluation.LabelledPairs`, the evaluation files' reader.)
    """

    text_a: list[str] = field(default_factory=list)
    text_b: list[str] = field(default_factory=list)
    label: list[int] = field(default_factory=list)
    score: list[float | None] = field(default_factory=list)

    def __len__(self) -> int:
        return len(self.text_a)

    def extend(self, other: TrainingPairs) -> None:
        for name in ("text_a", "text_b", "label", "score"):
            getattr(self, name).extend(getattr(other, name))

    def targets(self) -> list[float]:
        """Per-pair similarity target: the score when given, else the 0/1 label."""
        return [float(lab if s is None else s) for lab, s in zip(self.label, self.score)]


@dataclass
class SourceFile:
    """What was read from one input file (recorded in the model's metadata)."""

    path: str
    sha256: str
    rows: int
    layout: str
    triplets: int = 0
    pairs: int = 0

    def to_dict(self) -> dict:
        return dict(self.__dict__)


@dataclass
class TrainingData:
    """Everything read from the training files: triplets, labelled pairs and per-file provenance."""

    triplets: Triplets = field(default_factory=Triplets)
    pairs: TrainingPairs = field(default_factory=TrainingPairs)
    sources: list[SourceFile] = field(default_factory=list)

    def anchors(self) -> set[str]:
        return set(self.triplets.anchor) | set(self.pairs.text_a)


def sha256_file(path: str | os.PathLike, chunk_size: int = 1 << 20) -> str:
    """Hex SHA-256 of a file's bytes."""
    digest = hashlib.sha256()
    with open(path, "rb") as fh:
        for block in iter(lambda: fh.read(chunk_size), b""):
            digest.update(block)
    return digest.hexdigest()


def pair_up(positives: Sequence[str], negatives: Sequence[str], pairing: str = "cycle") -> list[tuple[int, int]]:
    """Index pairs (i, j) of positive i and negative j that make one question's triplets.

    ``cycle`` gives max(P, N) triplets in which every positive and every negative appears (shorter side
    repeated in turn); ``product`` gives all P x N combinations.
    """
    if pairing not in PAIRINGS:
        raise InputError(f"unknown pairing {pairing!r}; choose one of {', '.join(PAIRINGS)}")
    p, n = len(positives), len(negatives)
    if not p or not n:
        return []
    if pairing == "product":
        return list(itertools.product(range(p), range(n)))
    return [(k % p, k % n) for k in range(max(p, n))]


def wide_columns(df: pd.DataFrame) -> tuple[list[str], list[str]]:
    """The positive (``positive1``, ``pos_2``...) and negative (``neg_1``, ``negative3``...) candidate columns of
    a wide-form table (both empty when it is not one)."""
    return ([c for c in df.columns if _POSITIVE_RE.match(str(c))],
            [c for c in df.columns if _NEGATIVE_RE.match(str(c))])


def detect_layout(df: pd.DataFrame) -> str:
    """``"triplets"``, ``"wide"`` or ``"pairs"`` from a table's column names (InputError when none fits)."""
    lower = {str(c).lower() for c in df.columns}
    if {"positive", "negative"} <= lower:
        return "triplets"
    positives, negatives = wide_columns(df)
    if positives and negatives:
        return "wide"
    if lower & set(LABEL_COLUMNS):
        return "pairs"
    raise InputError("cannot tell the layout from the columns "
                     f"({', '.join(map(str, df.columns))}): expected anchor/positive/negative triplets, "
                     "a question column with positive1../neg_1.. columns, or question/paraphrase/label pairs")


def _optional_text(value) -> str | None:
    if isinstance(value, str):
        return value if value.strip() else None
    if value is None or (isinstance(value, float) and np.isnan(value)):
        return None
    raise InputError(f"cell {value!r} is not text")


def triplets_from_long(df: pd.DataFrame, source: str = "input") -> Triplets:
    """Triplets from ``anchor, positive, negative`` columns (the anchor may be named like a question)."""
    anchor_col = find_column(df, None, ("anchor", *QUESTION_COLUMNS), "anchor", source)
    pos_col = find_column(df, None, ("positive",), "positive", source)
    neg_col = find_column(df, None, ("negative",), "negative", source)
    anchors = text_column(df, anchor_col, source)
    positives = text_column(df, pos_col, source)
    negatives = text_column(df, neg_col, source)
    ops = {}
    for side in ("positive_op", "negative_op"):
        col = find_column(df, None, (side,), side, source, required=False)
        ops[side] = [_op_name(v) for v in df[col].tolist()] if col else [None] * len(df)
    out = Triplets()
    for a, p, n, po, no in zip(anchors, positives, negatives, ops["positive_op"], ops["negative_op"]):
        out.add(a, p, n, po, no)
    return out


def _op_name(value) -> str | None:
    if value is None or (isinstance(value, float) and np.isnan(value)):
        return None
    text = str(value).strip()
    return text or None


def triplets_from_wide(df: pd.DataFrame, pairing: str = "cycle", source: str = "input") -> Triplets:
    """Triplets from a question column and positive*/neg* columns; empty cells are skipped.

    The operator of a wide-form triplet is recorded as its column name (e.g. ``positive1``, ``neg_3``).
    """
    pos_cols, neg_cols = wide_columns(df)
    question_col = find_column(df, None, QUESTION_COLUMNS, "question", source)
    questions = text_column(df, question_col, source)
    out = Triplets()
    for row, question in enumerate(questions):
        try:
            pos = [(c, _optional_text(df.at[df.index[row], c])) for c in pos_cols]
            neg = [(c, _optional_text(df.at[df.index[row], c])) for c in neg_cols]
        except InputError as exc:
            raise InputError(f"{source}: row {row + 1}: {exc}") from None
        pos = [(c, t) for c, t in pos if t is not None]
        neg = [(c, t) for c, t in neg if t is not None]
        for i, j in pair_up(pos, neg, pairing):
            out.add(question, pos[i][1], neg[j][1], str(pos[i][0]), str(neg[j][0]))
    return out


def pairs_from_table(df: pd.DataFrame, source: str = "input") -> TrainingPairs:
    """Labelled pairs from question/paraphrase/label columns (and an optional score column in [-1, 1])."""
    a_col = find_column(df, None, QUESTION_COLUMNS, "question", source)
    b_col = find_column(df, None, tuple(c for c in PARAPHRASE_COLUMNS if c != a_col), "paraphrase", source)
    label_col = find_column(df, None, LABEL_COLUMNS, "label", source)
    score_col = find_column(df, None, _SCORE_COLUMNS, "score", source, required=False)
    out = TrainingPairs(text_column(df, a_col, source), text_column(df, b_col, source),
                        label_column(df, label_col, source))
    if score_col:
        scores = pd.to_numeric(df[score_col], errors="coerce")
        bad = scores.isna() | (scores < -1) | (scores > 1)
        if bad.any():
            row = int(np.flatnonzero(bad.to_numpy())[0])
            raise InputError(f"{source}: row {row + 1}, column {score_col!r}: "
                             f"{df[score_col].iloc[row]!r} is not a score in [-1, 1]")
        out.score = [float(s) for s in scores]
    else:
        out.score = [None] * len(out)
    return out


def triplets_from_pairs(pairs: TrainingPairs, pairing: str = "cycle") -> tuple[Triplets, int]:
    """Group labelled pairs by anchor and pair each anchor's positives with its negatives.

    Returns the triplets and the number of pairs left unused (anchors lacking a positive or a negative).
    Anchors keep their first-seen order, so the result is deterministic.
    """
    groups: dict[str, tuple[list[str], list[str]]] = {}
    for a, b, lab in zip(pairs.text_a, pairs.text_b, pairs.label):
        pos, neg = groups.setdefault(a, ([], []))
        (pos if lab else neg).append(b)
    out, unused = Triplets(), 0
    for anchor, (pos, neg) in groups.items():
        combos = pair_up(pos, neg, pairing)
        if not combos:
            unused += len(pos) + len(neg)
        for i, j in combos:
            out.add(anchor, pos[i], neg[j])
    return out, unused


def load_training_files(paths: Sequence[str | os.PathLike], pairing: str = "cycle") -> TrainingData:
    """Read every file, detect its layout and gather triplets and labelled pairs."""
    if not paths:
        raise InputError("no training file given")
    data = TrainingData()
    for path in paths:
        df = read_table(path)
        try:
            layout = detect_layout(df)
        except InputError as exc:
            raise InputError(f"{path}: {exc}") from None
        info = SourceFile(path=str(path), sha256=sha256_file(path), rows=len(df), layout=layout)
        if layout == "triplets":
            triplets = triplets_from_long(df, path)
            data.triplets.extend(triplets)
            info.triplets = len(triplets)
        elif layout == "wide":
            triplets = triplets_from_wide(df, pairing, path)
            if not triplets:
                raise InputError(f"{path}: no question has both a positive and a negative")
            data.triplets.extend(triplets)
            info.triplets = len(triplets)
        else:
            pairs = pairs_from_table(df, path)
            data.pairs.extend(pairs)
            info.pairs = len(pairs)
        data.sources.append(info)
    return data


def split_by_anchor(triplets: Triplets, fraction: float, seed: int) -> tuple[Triplets, Triplets]:
    """Hold out ``fraction`` of the anchors (all their triplets) for validation; deterministic under ``seed``."""
    if not 0 < fraction < 1:
        raise InputError(f"validation fraction must be between 0 and 1, got {fraction}")
    anchors = list(dict.fromkeys(triplets.anchor))
    if len(anchors) < 2:
        raise InputError("need at least two distinct anchors to hold some out for validation")
    rng = np.random.default_rng(seed)
    n_val = min(len(anchors) - 1, max(1, round(fraction * len(anchors))))
    held = {anchors[i] for i in rng.permutation(len(anchors))[:n_val]}
    train_idx = [i for i, a in enumerate(triplets.anchor) if a not in held]
    val_idx = [i for i, a in enumerate(triplets.anchor) if a in held]
    return triplets.subset(train_idx), triplets.subset(val_idx)


def load_validation_files(paths: Sequence[str | os.PathLike], pairing: str = "cycle") -> Triplets:
    """Validation triplets from files of any layout (labelled pairs are turned into triplets per anchor)."""
    data = load_training_files(paths, pairing)
    out = Triplets()
    out.extend(data.triplets)
    out.extend(triplets_from_pairs(data.pairs, pairing)[0])
    if not out:
        raise InputError(f"{', '.join(map(str, paths))}: no validation triplets could be formed")
    return out

