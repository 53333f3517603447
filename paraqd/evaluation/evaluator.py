"""Evaluate a paraphrase scorer on labelled (question, paraphrase, label) files.

    from paraqd.evaluation import Evaluator

    evaluator = Evaluator.load("pretrained")                 # or a trained model directory; the default scorer
    evaluator = Evaluator.load("pretrained", hybrid=False)   # the paper's pure cosine (its "Pretrained" row)
    result = evaluator.evaluate_file("AQUA_test.csv")
    result.metrics["weighted_f1_paper"], result.confusion.matrix

Columns are detected (question; paraphrase, augmented or candidate; label or final_label) or named.
"""

from __future__ import annotations

import logging
import os
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

import numpy as np

from ..errors import InputError
from ..io import LABEL_COLUMNS, PARAPHRASE_COLUMNS, QUESTION_COLUMNS, find_column, label_column, read_table, text_column
from .metrics import DEFAULT_THRESHOLD, ConfusionMatrix, TunedThreshold, best_threshold, evaluate_scores, predict

logger = logging.getLogger(__name__)


class PairScorer(Protocol):
    """Anything that scores (question, paraphrase) pairs, e.g. :class:`paraqd.scoring.ParaphraseScorer`."""

    def score_pairs(self, questions: Sequence[str], paraphrases: Sequence[str]) -> np.ndarray: ...


@dataclass(frozen=True)
class PairColumns:
    """Column names to use; ``None`` means detect (see :mod:`paraqd.io`)."""

    question: str | None = None
    paraphrase: str | None = None
    label: str | None = None


@dataclass
class LabelledPairs:
    """Human-labelled pairs of one file: 1 = valid paraphrase, 0 = invalid."""

    questions: list[str]
    paraphrases: list[str]
    labels: np.ndarray
    source: str = "input"

    def __len__(self) -> int:
        return len(self.questions)

    @classmethod
    def read(cls, path: str | os.PathLike, columns: PairColumns = PairColumns(),
             bad_rows=None) -> "LabelledPairs":
        """Read a CSV/JSONL/Parquet file of labelled pairs (one-line :class:`InputError` when unusable)."""
        return cls.from_frame(read_table(path), columns, source=path, bad_rows=bad_rows)

    @classmethod
    def from_frame(cls, df, columns: PairColumns = PairColumns(),
                   source: str | os.PathLike = "input", bad_rows=None) -> "LabelledPairs":
        """The labelled pairs of a table already read (its other columns are left to the caller).

        ``bad_rows`` (:class:`paraqd.badrows.BadRows`) skips the rows whose question or paraphrase is empty or
        not text, when its policy says so (default: such a row is an error naming the file, row and column).
        """
        q = find_column(df, columns.question, QUESTION_COLUMNS, "question", source, option="--question-column")
        p = find_column(df, columns.paraphrase, PARAPHRASE_COLUMNS, "paraphrase", source,
                        option="--paraphrase-column")
        y = find_column(df, columns.label, LABEL_COLUMNS, "label", source, option="--label-column")
        if len({q, p, y}) < 3:
            raise InputError(f"{source}: the question, paraphrase and label columns must differ "
                             f"(got {q!r}, {p!r}, {y!r}); name them with options")
        if bad_rows is not None:
            df = bad_rows.keep(df, [q, p])
        return cls(text_column(df, q, source), text_column(df, p, source),
                   np.asarray(label_column(df, y, source), dtype=int), str(source))

    def triplets(self) -> tuple[list[str], list[str], list[str]]:
        """(anchors, positives, negatives) from questions with both a valid and an invalid paraphrase.

        The first valid and the first invalid paraphrase of each such question make one triplet, in order
        of first appearance (the test triplets of the paper's Figure 2).
        """
        valid: dict[str, str] = {}
        invalid: dict[str, str] = {}
        for q, p, y in zip(self.questions, self.paraphrases, self.labels):
            (valid if y == 1 else invalid).setdefault(q, p)
        anchors = [q for q in dict.fromkeys(self.questions) if q in valid and q in invalid]
        return anchors, [valid[q] for q in anchors], [invalid[q] for q in anchors]


@dataclass
class FileEvaluation:
    """The metrics of one labelled file, with the raw scores kept for plots."""

    file: str
    metrics: dict[str, Any]
    labels: np.ndarray = field(repr=False)
    scores: np.ndarray = field(repr=False)
    tuned: TunedThreshold | None = None

    @property
    def confusion(self) -> ConfusionMatrix:
        return ConfusionMatrix.compute(self.labels, predict(self.scores, self.metrics["threshold"]))

    def as_row(self) -> dict[str, Any]:
        """``file`` then the metric keys, then accuracy and confusion counts (and the tuned threshold)."""
        cm = self.confusion
        row: dict[str, Any] = {"file": self.file, **self.metrics, "accuracy": cm.accuracy, **cm.as_dict()}
        if self.tuned is not None:
            row["tuned_threshold_on_eval_data"] = self.tuned.threshold
            row[f"tuned_{self.tuned.objective}_on_eval_data"] = self.tuned.value
        return row


def evaluate_pairs(scorer: PairScorer, pairs: LabelledPairs, threshold: float = DEFAULT_THRESHOLD,
                   tune_threshold: bool = False, name: str | None = None) -> FileEvaluation:
    """Score ``pairs`` with ``scorer`` and compute every metric at ``threshold``."""
    from ..progress import in_chunks

    scores = np.asarray(in_chunks(scorer.score_pairs, pairs.questions, pairs.paraphrases,
                                  desc=f"evaluating {os.path.basename(name) if name else 'pairs'}"), dtype=float)
    metrics = evaluate_scores(pairs.labels, scores, threshold)
    tuned = best_threshold(pairs.labels, scores) if tune_threshold else None
    return FileEvaluation(name or pairs.source, metrics, pairs.labels, scores, tuned)


class Evaluator:
    """Evaluates one scorer on labelled files at a fixed, untuned threshold.

    Args:
        scorer: anything with ``score_pairs(questions, paraphrases)``.
        threshold: a pair is predicted valid when its score is at least this (the paper's 0.5).
        columns: column names of the labelled files (default: detected).
        tune_threshold: also report the best threshold found ON THE EVALUATED DATA (labelled as such).
    """

    def __init__(self, scorer: PairScorer, threshold: float = DEFAULT_THRESHOLD,
                 columns: PairColumns = PairColumns(), tune_threshold: bool = False,
                 on_bad_row: str = "error") -> None:
        from ..badrows import BadRows

        BadRows(on_bad_row)  # refuses an unknown policy now
        self.on_bad_row = on_bad_row
        #: the rows each evaluated file skipped (:class:`paraqd.badrows.BadRows`), with ``on_bad_row="skip"``
        self.bad_rows: dict[str, object] = {}
        self.scorer = scorer
        self.threshold = float(threshold)
        self.columns = columns
        self.tune_threshold = tune_threshold

    @classmethod
    def load(cls, model: str | os.PathLike | None = "pretrained", *, max_seq_length: int | None = None,
             batch_size: int = 64, hybrid: bool | None = None, **kwargs) -> "Evaluator":
        """An evaluator around :class:`~paraqd.scoring.ParaphraseScorer` loaded from ``model``.

        ``model`` is a trained model directory, a sentence-transformers name, or ``"pretrained"`` (the
        embedded all-MiniLM-L6-v2). ``hybrid`` is :meth:`ParaphraseScorer.load`'s: None scores with the
        default (hybrid unless the model's ``paraqd.json`` says pure), False with the paper's pure cosine.
        """
        from ..scoring import ParaphraseScorer

        scorer = ParaphraseScorer.load(None if model in (None, "pretrained") else str(model),
                                       max_seq_length=max_seq_length, batch_size=batch_size, hybrid=hybrid)
        return cls(scorer, **kwargs)

    def _read(self, path: str | os.PathLike) -> LabelledPairs:
        from ..badrows import BadRows

        bad = self.bad_rows[str(path)] = BadRows(self.on_bad_row, str(path))
        pairs = LabelledPairs.read(path, self.columns, bad_rows=bad)
        if not len(pairs):
            raise InputError(f"{path}: no rows" + (f" left ({bad.summary()})" if bad.count else ""))
        return pairs

    def evaluate_file(self, path: str | os.PathLike) -> FileEvaluation:
        pairs = self._read(path)
        logger.info("%s: %d pairs (%d valid)", path, len(pairs), int(pairs.labels.sum()))
        return evaluate_pairs(self.scorer, pairs, self.threshold, self.tune_threshold, name=str(path))

    def evaluate(self, paths: Sequence[str | os.PathLike]) -> list[FileEvaluation]:
        """One :class:`FileEvaluation` per file, in order; every file is read (and checked) before scoring."""
        if not paths:
            raise InputError("no labelled file to evaluate")
        loaded = [self._read(p) for p in paths]
        return [evaluate_pairs(self.scorer, pairs, self.threshold, self.tune_threshold, name=str(path))
                for path, pairs in zip(paths, loaded)]
