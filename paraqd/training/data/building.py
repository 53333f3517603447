"""Building a leakage-safe training set from question files (the recommended recipe's data).

:func:`build_training_set` mixes "bring your own" candidates (wide-form reference augmentations, which hold
real back-translations and Pegasus negatives) with triplets freshly made by the rule-based train operators from
question pools, after dropping every question of the excluded files (:class:`paraqd.leakage.LeakageFilter`).
"""

from __future__ import annotations

import glob
import os
import random
import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pandas as pd

from ...defaults import DEFAULT_SEED, LABEL_COLUMNS, PARAPHRASE_COLUMNS, SOURCED_TRIPLET_COLUMNS
from ...errors import InputError
from ...io import QUESTION_COLUMNS, find_column, label_column, read_table, text_column, write_table
from ...leakage import LeakageFilter, question_key
from .layouts import triplets_from_wide, wide_columns

#: Rule-based train operators that need no model and no encoder (f5 phrase deletion encodes every candidate
#: and is the slowest; f1 and f9 come from the reference augmentations instead).
FAST_TRAIN_OPERATORS = "f2,f3,f4,f6,f7,f8,f10"


def read_questions(path: str | os.PathLike) -> list[str]:
    """The question column of a pool (``{"id", "question"}`` JSONL), a pairs file or a wide-form file."""
    df = read_table(path)
    column = find_column(df, None, ("question", *QUESTION_COLUMNS), "question", path)
    return text_column(df, column, path)


def banned_questions(paths: Iterable[str | os.PathLike]) -> LeakageFilter:
    """The leakage guard of the questions of the given (evaluation) files: none of them may be trained on."""
    banned = LeakageFilter()
    for path in paths:
        banned.add(read_questions(path))
    return banned


def source_dev_files() -> list[Path]:
    """The hand-labelled dev pair files of a source checkout (every ``data/dev/*.csv``: the ``*_labelled.csv``
    files, the style rewordings ``rewordings_*.csv``, the blind parts ``data/dev/blind/*.csv`` and the gate
    rewordings ``data/dev/gate/*.csv``); none when installed.

    The training recipes always exclude them: a model selected or reported on them must not have seen them.
    """
    root = Path(__file__).resolve().parents[3] / "data" / "dev"
    patterns = ("*.csv", "blind/*.csv", "gate/*.csv")
    return sorted(Path(p) for pattern in patterns for p in glob.glob(str(root / pattern)))


def with_source_dev_files(exclude: Sequence[str | os.PathLike]) -> list[Path]:
    """``exclude`` plus the source checkout's dev pair files not already in it."""
    given = {Path(e).resolve() for e in exclude}
    return [Path(p) for p in exclude] + [p for p in source_dev_files() if p.resolve() not in given]


def wide_to_pairs(df: pd.DataFrame, *, drop_identical: bool = True, source: str = "input") -> pd.DataFrame:
    """Labelled ``question, paraphrase, label, column`` pairs from a wide-form table (positives 1, negatives 0).

    Empty cells are skipped; with ``drop_identical`` a candidate equal to its question (same
    :func:`~paraqd.leakage.question_key`) is left out, since it says nothing about a scorer.
    """
    positives, negatives = wide_columns(df)
    if not positives or not negatives:
        raise InputError(f"{source}: not a wide-form table (needs positive*/neg* columns)")
    question_col = find_column(df, None, QUESTION_COLUMNS, "question", source)
    rows = []
    for _, row in df.iterrows():
        question = row[question_col]
        if not isinstance(question, str) or not question.strip():
            continue
        for columns, label in ((positives, 1), (negatives, 0)):
            for col in columns:
                text = row[col]
                if not isinstance(text, str) or not text.strip():
                    continue
                if drop_identical and question_key(text) == question_key(question):
                    continue
                rows.append((question, text, label, str(col)))
    return pd.DataFrame(rows, columns=["question", "paraphrase", "label", "column"])


def read_labelled_frame(paths: Sequence[str | os.PathLike]) -> pd.DataFrame:
    """``question, paraphrase, label`` pairs of labelled-pair files and wide-form files, in one frame.

    A labelled-pair file's columns are found by their usual names (``question``/``anchor``...,
    ``paraphrase``/``augmented``..., ``label``/``final_label``...: :mod:`paraqd.defaults`); its other columns are
    kept. A missing column or a label that is not 0/1 is an :class:`~paraqd.errors.InputError`.
    """
    frames = []
    for path in paths:
        df = read_table(path)
        if wide_columns(df)[0]:
            frames.append(wide_to_pairs(df, source=str(path)))
            continue
        columns = {name: find_column(df, None, candidates, name, path) for name, candidates in
                   (("question", QUESTION_COLUMNS), ("paraphrase", PARAPHRASE_COLUMNS), ("label", LABEL_COLUMNS))}
        frame = df.drop(columns=[c for c in ("question", "paraphrase", "label") if c in df.columns
                                 and c not in columns.values()])
        frame = frame.rename(columns={found: name for name, found in columns.items()})
        frame["question"] = text_column(frame, "question", path)
        frame["paraphrase"] = text_column(frame, "paraphrase", path)
        frame["label"] = label_column(frame, "label", path)
        frames.append(frame)
    return pd.concat(frames, ignore_index=True)


def reference_triplets(df: pd.DataFrame, *, pairing: str = "product", source: str = "input") -> pd.DataFrame:
    """Triplets from a wide-form table of candidates, with the column names as operator names."""
    t = triplets_from_wide(df, pairing, source)
    return pd.DataFrame({"anchor": t.anchor, "positive": t.positive, "negative": t.negative,
                         "positive_op": t.positive_op, "negative_op": t.negative_op})


def pool_triplets(questions: Sequence[str], *, operators: str = FAST_TRAIN_OPERATORS, per_question: int = 3,
                  seed: int = DEFAULT_SEED, workers: int | None = 1) -> pd.DataFrame:
    """Triplets made by the rule-based train operators from pool questions (never a test operator)."""
    from ...augmentation import augment
    from ...operators import get_operator_class, resolve_operator_names

    names = resolve_operator_names(operators)
    test_ops = [n for n in names if get_operator_class(n).stage == "test"]
    if test_ops:
        raise InputError(f"test operators may not make training data: {', '.join(test_ops)}")
    df = augment(list(questions), operators=names, per_question=per_question, seed=seed, workers=workers,
                 skip_unavailable=True)
    return df[SOURCED_TRIPLET_COLUMNS].reset_index(drop=True)


@dataclass
class TrainingSetSpec:
    """What :func:`build_training_set` mixes.

    Args:
        reference: wide-form candidate files ("bring your own": real back-translations, Pegasus negatives).
        pools: question pools augmented with ``operators`` (``pool_questions`` sampled from all of them).
        exclude: files whose questions must not be trained on (the evaluation sets, the validation split).
        reference_triplets: how many reference triplets to keep (``None``: all ``pairing`` combinations).
    """

    reference: Sequence[str | os.PathLike] = ()
    pools: Sequence[str | os.PathLike] = ()
    exclude: Sequence[str | os.PathLike] = ()
    pool_questions: int = 1000
    per_question: int = 3
    operators: str = FAST_TRAIN_OPERATORS
    pairing: str = "product"
    reference_triplets: int | None = None
    seed: int = DEFAULT_SEED
    workers: int | None = 1


@dataclass
class TrainingSetReport:
    """Counts behind a built training set (written beside it as JSON)."""

    reference_triplets: int = 0
    pool_questions: int = 0
    pool_triplets: int = 0
    dropped_questions: int = 0
    seconds: float = 0.0
    operators: dict[str, int] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        return dict(self.__dict__)


def build_training_set(spec: TrainingSetSpec, out: str | os.PathLike) -> TrainingSetReport:
    """Write the shuffled triplets of ``spec`` to ``out`` (any table format) and return their counts.

    Every question of ``spec.exclude`` is dropped, from the reference files and from the pools, before
    anything is sampled.
    """
    start = time.perf_counter()
    rng = random.Random(spec.seed)
    banned = banned_questions(spec.exclude)
    report = TrainingSetReport()
    parts = []
    for path in spec.reference:
        df = read_table(path)
        question_col = find_column(df, None, QUESTION_COLUMNS, "question", path)
        keep = df[question_col].map(lambda q: isinstance(q, str) and q not in banned)
        report.dropped_questions += int((~keep).sum())
        parts.append(reference_triplets(df[keep].reset_index(drop=True), pairing=spec.pairing, source=str(path)))
    reference = pd.concat(parts, ignore_index=True) if parts else pd.DataFrame(columns=SOURCED_TRIPLET_COLUMNS)
    if spec.reference_triplets is not None and len(reference) > spec.reference_triplets:
        reference = reference.iloc[sorted(rng.sample(range(len(reference)), spec.reference_triplets))]
    report.reference_triplets = len(reference)

    pooled: list[str] = []
    for path in spec.pools:
        pooled.extend(read_questions(path))
    pooled = list(dict.fromkeys(pooled))
    pooled, dropped = banned.drop(pooled)
    report.dropped_questions += dropped
    pool = pd.DataFrame(columns=SOURCED_TRIPLET_COLUMNS)
    if pooled and spec.pool_questions > 0:
        chosen = rng.sample(pooled, min(spec.pool_questions, len(pooled)))
        pool = pool_triplets(chosen, operators=spec.operators, per_question=spec.per_question, seed=spec.seed,
                             workers=spec.workers)
        report.pool_questions = len(chosen)
    report.pool_triplets = len(pool)

    triplets = pd.concat([reference, pool], ignore_index=True)
    if not len(triplets):
        raise InputError("the training set is empty: give reference files or question pools")
    leaked = triplets["anchor"].map(lambda q: q in banned)
    if leaked.any():  # cannot happen after the filters above; kept as a hard guarantee
        raise InputError(f"{int(leaked.sum())} training anchors occur in the excluded files")
    triplets = triplets.sample(frac=1.0, random_state=spec.seed).reset_index(drop=True)
    report.operators = {f"{p}+{n}": int(c) for (p, n), c in
                        triplets.groupby(["positive_op", "negative_op"]).size().items()}
    write_table(triplets, out)
    report.seconds = round(time.perf_counter() - start, 2)
    return report
