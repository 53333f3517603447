"""What ``paraqd bench`` compares and on which budget, and the question pool every method trains on."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from ..defaults import DEFAULT_SEED
from ..errors import InputError
from ..evaluation.evaluator import LabelledPairs
from ..io import QUESTION_COLUMNS, find_column, read_table, text_column
from ..leakage import LeakageFilter
from .methods import method_labels


@dataclass
class BenchConfig:
    """What to compare and on which budget; the training defaults are the paper's (9 epochs, batch 16...).

    ``methods`` are names of the method registry (:mod:`paraqd.bench.methods`; default: all, in registration
    order).
    """

    pools: Sequence[str]
    eval_files: Sequence[str]
    output_dir: str
    encoder: str | None = None
    seed: int = DEFAULT_SEED
    questions: int | None = None          #: training questions sampled from the pools (None: all)
    validation_questions: int = 100       #: held-out pool questions for seed optimisation
    epochs: float = 9
    max_steps: int | None = None
    batch_size: int = 16
    learning_rate: float = 2e-5
    max_seq_length: int | None = None
    methods: Sequence[str] = field(default_factory=lambda: tuple(method_labels()))
    paraqd_operators: str = "train"
    paraqd_loss: str = "triplet"
    baseline_loss: str = "triplet"
    operator_options: dict[str, dict] = field(default_factory=dict)
    uda_models: tuple[str, str] | None = ("facebook/wmt19-en-de", "facebook/wmt19-de-en")
    ssmba_model: str = "bert-base-uncased"
    workers: int = 1
    plots: bool = True
    keep_models: bool = False

    def validate(self) -> BenchConfig:
        if not self.pools:
            raise InputError("give at least one question pool (--pool)")
        if not self.eval_files:
            raise InputError("give at least one labelled evaluation file (--eval)")
        known = method_labels()
        unknown = [m for m in self.methods if m not in known]
        if unknown:
            raise InputError(f"unknown method(s) {', '.join(unknown)}; choose from {', '.join(known)}")
        if self.questions is not None and self.questions < 2:
            raise InputError("--questions must be at least 2")
        if self.validation_questions < 0:
            raise InputError("--validation-questions must not be negative")
        for path in [*self.pools, *self.eval_files]:
            if not Path(path).is_file():
                raise InputError(f"{path}: no such file")
        return self


@dataclass
class QuestionPool:
    """Training and validation questions, with the bookkeeping of how they were chosen."""

    train: list[str]
    validation: list[str]
    stats: dict[str, int]

    @classmethod
    def build(cls, pools: Sequence[str], eval_pairs: Sequence[LabelledPairs], limit: int | None,
              validation: int, seed: int) -> QuestionPool:
        """Read, deduplicate, drop evaluation questions, then sample ``validation`` + ``limit`` questions."""
        read: list[str] = []
        for path in pools:
            df = read_table(path)
            read += text_column(df, find_column(df, None, QUESTION_COLUMNS, "question", path), path)
        unique = list(dict.fromkeys(q.strip() for q in read if q.strip()))
        banned = LeakageFilter(t for pairs in eval_pairs for t in (*pairs.questions, *pairs.paraphrases))
        clean, _ = banned.drop(unique)
        order = np.random.default_rng(seed).permutation(len(clean))
        n_val = min(validation, max(0, len(clean) - 2))
        val = [clean[i] for i in sorted(order[:n_val])]
        rest = order[n_val:]
        chosen = sorted(rest if limit is None else rest[:limit])
        train = [clean[i] for i in chosen]
        if len(train) < 2:
            raise InputError("fewer than two training questions are left after removing evaluation questions")
        stats = {"read": len(read), "unique": len(unique), "dropped_eval_overlap": len(unique) - len(clean),
                 "train": len(train), "validation": len(val)}
        return cls(train, val, stats)
