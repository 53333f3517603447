"""Training and evaluating one bench method: :class:`MethodRunner` (inputs, scorers and caches of one bench)."""

from __future__ import annotations

import logging
import math
import shutil
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd

from ..errors import InputError, ModelUnavailableError
from ..evaluation.evaluator import FileEvaluation, LabelledPairs, evaluate_pairs
from ..io import write_table
from .config import BenchConfig, QuestionPool
from .methods import MethodRun, get_method

logger = logging.getLogger("paraqd.bench")

SEED_SEARCH = (0, 1, 2, 3, 4)
SEED_SEARCH_SHARE = 0.2


class MethodRunner:
    """Builds a method's training data (through the method registry), trains, evaluates.

    Args:
        config: the comparison and its budget.
        show_progress_bar: training progress bars (None: on a terminal only).
    """

    def __init__(self, config: BenchConfig, show_progress_bar: bool | None = None) -> None:
        self.config = config.validate()
        self.out = Path(config.output_dir)
        self.work = self.out / "work"
        self.show_progress_bar = show_progress_bar
        self.log: dict[str, Any] = {"runs": {}, "tables": {}}
        #: what methods compute once per bench (generated paraphrases per method and seed...)
        self.cache: dict[Any, Any] = {}
        self.scorers: dict[tuple[str, bool | None], Any] = {}
        self.operator_notes: list[str] = []
        self._eval_pairs: list[LabelledPairs] | None = None
        self._pool: QuestionPool | None = None
        self._validation: pd.DataFrame | None = None
        self._paraqd_operators: list[str] | None = None

    # -- inputs -----------------------------------------------------------------------------------------

    @property
    def eval_pairs(self) -> list[LabelledPairs]:
        if self._eval_pairs is None:
            self._eval_pairs = [LabelledPairs.read(p) for p in self.config.eval_files]
        return self._eval_pairs

    @property
    def pool(self) -> QuestionPool:
        if self._pool is None:
            cfg = self.config
            self._pool = QuestionPool.build(cfg.pools, self.eval_pairs, cfg.questions, cfg.validation_questions,
                                            cfg.seed)
            stats = self._pool.stats
            logger.info("pool: %d questions read, %d unique, %d dropped (in an evaluation file), %d for training, "
                        "%d for validation", stats["read"], stats["unique"], stats["dropped_eval_overlap"],
                        stats["train"], stats["validation"])
        return self._pool

    def dataset_names(self) -> list[str]:
        names = [Path(p).stem for p in self.config.eval_files]
        return [f"{n} ({i + 1})" if names.count(n) > 1 else n for i, n in enumerate(names)]

    def scorer(self, model: str | None, hybrid: bool | None = False):
        """A (cached) scorer for a model directory or encoder name (``None``: the embedded default).

        ``hybrid`` is :meth:`ParaphraseScorer.load`'s; it is False here by default because the paper's
        methods (and their pseudo-labels and seed search) use the pure learned cosine.
        """
        from ..scoring import ParaphraseScorer

        key = (str(model), hybrid)
        if key not in self.scorers:
            self.scorers[key] = ParaphraseScorer.load(model, max_seq_length=self.config.max_seq_length,
                                                      hybrid=hybrid)
        return self.scorers[key]

    def forget_models(self, models: Sequence[str | None]) -> None:
        """Drop the cached scorers of ``models`` (before their directories are removed)."""
        for key in [k for k in self.scorers if k[0] in {str(m) for m in models}]:
            del self.scorers[key]

    def paraqd_operator_names(self) -> list[str]:
        """The train operators that can run here; the others are named in the notes with the reason."""
        if self._paraqd_operators is None:
            from ..operators import create_operator, resolve_operator_names

            available, missing = [], []
            for name in resolve_operator_names(self.config.paraqd_operators):
                op = create_operator(name, **self.config.operator_options.get(name, {}))
                state = op.availability()
                (available if state.ok else missing).append((op, state.reason))
            self._paraqd_operators = [op.name for op, _ in available]
            if missing:
                self.operator_notes.append(
                    "ParaQD without " + "; ".join(f"{op.paper_id} ({op.name}): {reason or 'unavailable'}"
                                                  for op, reason in missing))
        return self._paraqd_operators

    # -- training and evaluation ------------------------------------------------------------------------

    def train(self, triplets: pd.DataFrame, name: str, seed: int, loss: str, encoder: str | None,
              max_steps: int | None = None) -> tuple[str, dict[str, Any]]:
        """Write ``triplets`` and train a model on them into ``work/models/<name>``."""
        from ..training import TrainingConfig, train

        cfg = self.config
        config = TrainingConfig(encoder=encoder, loss=loss, epochs=cfg.epochs, max_steps=max_steps or cfg.max_steps,
                                batch_size=cfg.batch_size, learning_rate=cfg.learning_rate, seed=seed,
                                max_seq_length=cfg.max_seq_length)
        data = self.work / "data" / f"{name}.jsonl"
        data.parent.mkdir(parents=True, exist_ok=True)
        write_table(triplets, data)
        model_dir = self.work / "models" / name
        result = train([data], model_dir, config, overwrite=True, show_progress_bar=self.show_progress_bar)
        return str(model_dir), {"triplets": len(triplets), "steps": result.steps,
                                "train_seconds": round(result.seconds, 1),
                                "examples_per_second": round(result.examples_per_second, 2)}

    def evaluate(self, model: str | None, hybrid: bool | None = False) -> list[FileEvaluation]:
        scorer = self.scorer(model, hybrid)
        return [evaluate_pairs(scorer, pairs, name=name) for pairs, name in zip(self.eval_pairs,
                                                                                 self.dataset_names())]

    def run_method(self, method: str, *, seed: int | None = None, loss: str | None = None,
                   encoder: str | None = None, exclude: Sequence[str] = (), seed_search: bool = False,
                   tag: str = "") -> MethodRun:
        """Build the training data of ``method``, train, evaluate; a missing model gives a skipped run."""
        cfg = self.config
        spec = get_method(method)
        seed = cfg.seed if seed is None else seed
        encoder = cfg.encoder if encoder is None else encoder
        loss = loss or (cfg.paraqd_loss if spec.loss == "paraqd" else cfg.baseline_loss)
        name = method + (f"-{tag}" if tag else "")
        run = MethodRun(method, spec.label, hybrid=False if spec.paper else None)
        start = time.perf_counter()
        try:
            made = spec.function(self, run, seed=seed, encoder=encoder, exclude=exclude)
            if made is None:
                run.model = encoder
            else:
                triplets, details = made
                run.notes += details.pop("notes", [])
                run.details.update(details)
                if seed_search:
                    seed = self.search_seed(triplets, name, loss, encoder, run)
                run.model, info = self.train(triplets, name, seed, loss, encoder)
                run.details.update(info)
            run.details["seed"] = seed
            eval_start = time.perf_counter()
            run.results = self.evaluate(run.model, run.hybrid)
            run.seconds["evaluate"] = time.perf_counter() - eval_start
        except ModelUnavailableError as exc:
            run.status = "skipped"
            run.notes.append(f"{spec.label} skipped: {exc.model} is not available here")
            logger.warning("%s skipped: %s", spec.label, exc)
        run.seconds["total"] = time.perf_counter() - start
        self.log["runs"][name] = run.summary()
        logger.info("%s done in %.0f s", name, run.seconds["total"])
        return run

    # -- seed optimisation --------------------------------------------------------------------------------

    def full_steps(self, n_triplets: int) -> int:
        cfg = self.config
        per_epoch = math.ceil(n_triplets / cfg.batch_size)
        steps = math.ceil(per_epoch * cfg.epochs)
        return min(steps, cfg.max_steps) if cfg.max_steps else steps

    def validation_triplets(self) -> pd.DataFrame:
        """ParaQD triplets of the held-out validation questions (the unlabelled validation set)."""
        if self._validation is None:
            from ..augmentation import augment

            if len(self.pool.validation) < 2:
                raise InputError("seed optimisation needs validation questions (--validation-questions)")
            self._validation = augment(self.pool.validation, operators=self.paraqd_operator_names(),
                                       seed=self.config.seed, workers=self.config.workers, skip_unavailable=True,
                                       operator_options=self.config.operator_options)
        return self._validation

    def validation_separation(self, model: str) -> float:
        """mean cos(anchor, positive) - mean cos(anchor, negative) on the validation triplets."""
        from ..scoring import ParaphraseScorer

        v = self.validation_triplets()
        scorer = ParaphraseScorer.load(model, max_seq_length=self.config.max_seq_length, hybrid=False)
        pos = scorer.score_pairs(v["anchor"].tolist(), v["positive"].tolist())
        neg = scorer.score_pairs(v["anchor"].tolist(), v["negative"].tolist())
        return float(np.mean(pos) - np.mean(neg))

    def search_seed(self, triplets: pd.DataFrame, name: str, loss: str, encoder: str | None,
                    run: MethodRun) -> int:
        """Train seeds 0..4 for 20 % of the steps; return the one with the best validation separation."""
        short = max(1, math.ceil(SEED_SEARCH_SHARE * self.full_steps(len(triplets))))
        scores = {}
        for s in SEED_SEARCH:
            model, _ = self.train(triplets, f"{name}-seed{s}", s, loss, encoder, max_steps=short)
            scores[s] = self.validation_separation(model)
            shutil.rmtree(model, ignore_errors=True)
        best = max(scores, key=lambda s: (scores[s], -s))
        run.details["seed_search"] = {"steps": short, "validation_separation": scores, "best": best}
        return best
