"""The paper's comparison on a budget: pretrained, UDA, UDA (pl), SSMBA, SSMBA (pl) and ParaQD, plus ablations.

Every method uses the same encoder, seed, training questions and training budget (epochs, max steps), is
evaluated on the same human-labelled files at the untuned threshold 0.5, and lands in one Table 1. The paper's
methods are scored as in the paper, with the pure learned cosine; beside them, "Default scorer" is what
``ParaphraseScorer.load(encoder)`` gives a user, untrained: the hybrid score (the cosine lowered by the
critical-information check, :mod:`paraqd.hybrid`) unless the encoder's ``paraqd.json`` says pure::

    from paraqd.bench import Bench, BenchConfig

    bench = Bench(BenchConfig(pools=["gsm8k_train.jsonl"], eval_files=["AQUA_test.csv"], output_dir="out",
                              questions=300, epochs=1, max_steps=50))
    table = bench.table1()          # also writes out/table1.{md,csv,json}, plots and out/bench.json

Training questions never include a question (or paraphrase) of an evaluation file: the pool is checked and
the number dropped is reported. A method whose model is missing runs reduced with the reduction stated
(UDA without translation model: TF-IDF replacement only) or is listed as skipped with the reason (SSMBA
without a masked LM). Ablations: :meth:`Bench.ablate_operators` (Table 4), :meth:`Bench.ablate_loss`
(Table 5), :meth:`Bench.ablate_seed` (Table 6) and :meth:`Bench.ablate_encoders` (Table 8).
"""

from __future__ import annotations

import logging
import math
import os
import platform
import re
import shutil
import time
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd

from .errors import InputError, ModelUnavailableError
from .evaluation.evaluator import FileEvaluation, LabelledPairs, evaluate_pairs
from .evaluation.report import ResultTable, write_json
from .io import QUESTION_COLUMNS, find_column, read_table, text_column, write_table

logger = logging.getLogger(__name__)

#: Method keys and their display names, in the paper's order.
METHODS: dict[str, str] = {"pretrained": "Pretrained", "uda": "UDA", "uda-pl": "UDA (pl)", "ssmba": "SSMBA",
                           "ssmba-pl": "SSMBA (pl)", "paraqd": "ParaQD", "default": "Default scorer (hybrid)"}
#: The methods of the paper, scored with the pure learned cosine as there; the others use the default scorer.
PAPER_METHODS = ("pretrained", "uda", "uda-pl", "ssmba", "ssmba-pl", "paraqd")
ABLATIONS = ("operators", "loss", "seed", "encoder")
SEED_SEARCH = (0, 1, 2, 3, 4)
SEED_SEARCH_SHARE = 0.2


def normalise_text(text: str) -> str:
    """Case- and whitespace-insensitive form used to find evaluation questions in a pool."""
    return re.sub(r"\s+", " ", text).strip().casefold()


@dataclass
class BenchConfig:
    """What to compare and on which budget; the training defaults are the paper's (9 epochs, batch 16...)."""

    pools: Sequence[str]
    eval_files: Sequence[str]
    output_dir: str
    encoder: str | None = None
    seed: int = 3407
    questions: int | None = None          #: training questions sampled from the pools (None: all)
    validation_questions: int = 100       #: held-out pool questions for seed optimisation
    epochs: float = 9
    max_steps: int | None = None
    batch_size: int = 16
    learning_rate: float = 2e-5
    max_seq_length: int | None = None
    methods: Sequence[str] = tuple(METHODS)
    paraqd_operators: str = "train"
    paraqd_loss: str = "triplet"
    baseline_loss: str = "triplet"
    operator_options: dict[str, dict] = field(default_factory=dict)
    uda_models: tuple[str, str] | None = ("facebook/wmt19-en-de", "facebook/wmt19-de-en")
    ssmba_model: str = "bert-base-uncased"
    workers: int = 1
    plots: bool = True
    keep_models: bool = False

    def validate(self) -> "BenchConfig":
        if not self.pools:
            raise InputError("give at least one question pool (--pool)")
        if not self.eval_files:
            raise InputError("give at least one labelled evaluation file (--eval)")
        unknown = [m for m in self.methods if m not in METHODS]
        if unknown:
            raise InputError(f"unknown method(s) {', '.join(unknown)}; choose from {', '.join(METHODS)}")
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
              validation: int, seed: int) -> "QuestionPool":
        """Read, deduplicate, drop evaluation questions, then sample ``validation`` + ``limit`` questions."""
        read: list[str] = []
        for path in pools:
            df = read_table(path)
            read += text_column(df, find_column(df, None, QUESTION_COLUMNS, "question", path), path)
        unique = list(dict.fromkeys(q.strip() for q in read if q.strip()))
        banned = {normalise_text(t) for pairs in eval_pairs for t in (*pairs.questions, *pairs.paraphrases)}
        clean = [q for q in unique if normalise_text(q) not in banned]
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


@dataclass
class MethodRun:
    """One trained (or untrained) method: where its model is, what it saw, its results and timings."""

    method: str
    label: str
    status: str = "ok"                 #: "ok" or "skipped"
    notes: list[str] = field(default_factory=list)
    model: str | None = None
    results: list[FileEvaluation] = field(default_factory=list)
    seconds: dict[str, float] = field(default_factory=dict)
    details: dict[str, Any] = field(default_factory=dict)
    #: how the model is scored: False for the pure cosine (the paper's methods), None for the default scorer
    hybrid: bool | None = False

    def summary(self) -> dict[str, Any]:
        return {"method": self.method, "label": self.label, "status": self.status, "notes": self.notes,
                "seconds": {k: round(v, 1) for k, v in self.seconds.items()}, **self.details}


class Bench:
    """Runs the comparison and the ablations; results and pictures go to ``config.output_dir``.

    Args:
        config: the comparison and its budget.
        show_progress_bar: training progress bars (None: on a terminal only).
    """

    def __init__(self, config: BenchConfig, show_progress_bar: bool | None = None):
        self.config = config.validate()
        self.out = Path(config.output_dir)
        self.work = self.out / "work"
        self.show_progress_bar = show_progress_bar
        self.started = time.perf_counter()
        self.log: dict[str, Any] = {"runs": {}, "tables": {}}
        self._eval_pairs: list[LabelledPairs] | None = None
        self._pool: QuestionPool | None = None
        self._generated: dict[tuple, Any] = {}
        self._scorers: dict[str, Any] = {}
        self._validation: pd.DataFrame | None = None
        self._paraqd_operators: list[str] | None = None
        self._operator_notes: list[str] = []

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
        from .scoring import ParaphraseScorer

        key = (str(model), hybrid)
        if key not in self._scorers:
            self._scorers[key] = ParaphraseScorer.load(model, max_seq_length=self.config.max_seq_length,
                                                       hybrid=hybrid)
        return self._scorers[key]

    # -- training data ------------------------------------------------------------------------------------

    def _generate(self, base: str, seed: int):
        """Positives of UDA or SSMBA for the pool (cached per method and seed; shared by the pl variant)."""
        key = (base, seed)
        if key not in self._generated:
            from .baselines import SSMBA, UDA

            cfg = self.config
            augmenter = UDA(cfg.uda_models) if base == "uda" else SSMBA(cfg.ssmba_model)
            augmenter.prepare(self.pool.train)
            start = time.perf_counter()
            generated = augmenter.generate(self.pool.train, seed)
            self._generated[key] = (generated, time.perf_counter() - start)
        return self._generated[key]

    def baseline_triplets(self, method: str, seed: int, encoder: str | None) -> tuple[pd.DataFrame, dict]:
        """Triplets of UDA / SSMBA (with ``-pl``: pseudo-labelled by the untrained ``encoder``)."""
        from .baselines import PseudoLabelStats, in_batch_triplets, pseudo_label, pseudo_labelled_triplets

        base = method.removesuffix("-pl")
        generated, seconds = self._generate(base, seed)
        _, anchors, positives = generated.pairs()
        details: dict[str, Any] = {"generated": len(positives), "generate_seconds": round(seconds, 1),
                                   "notes": list(generated.notes)}
        if len(anchors) < 2:
            raise InputError(f"{METHODS[method]}: fewer than two generated paraphrases")
        if method.endswith("-pl"):
            labels, _ = pseudo_label(self.scorer(encoder), anchors, positives)
            stats = PseudoLabelStats(int(labels.sum()), int(len(labels) - labels.sum()))
            details["pseudo_labels"] = stats.as_dict()
            return pseudo_labelled_triplets(anchors, positives, labels, seed, base), details
        return in_batch_triplets(anchors, positives, seed, base), details

    def paraqd_triplets(self, seed: int, exclude: Sequence[str] = ()) -> tuple[pd.DataFrame, dict]:
        """ParaQD triplets: the train operators available here (minus ``exclude``), one per question."""
        from .augmentation import AugmentStats, augment

        cfg = self.config
        names = [n for n in self.paraqd_operator_names() if n not in set(exclude)]
        stats = AugmentStats()
        start = time.perf_counter()
        triplets = augment(self.pool.train, operators=names, seed=seed, workers=cfg.workers,
                           skip_unavailable=True, operator_options=cfg.operator_options, stats=stats)
        details = {"augment": stats.as_dict(), "generate_seconds": round(time.perf_counter() - start, 1),
                   "operators": names, "notes": list(self._operator_notes)}
        return triplets, details

    def paraqd_operator_names(self) -> list[str]:
        """The train operators that can run here; the others are named in the notes with the reason."""
        if self._paraqd_operators is None:
            from .operators import create_operator, resolve_operator_names

            available, missing = [], []
            for name in resolve_operator_names(self.config.paraqd_operators):
                op = create_operator(name, **self.config.operator_options.get(name, {}))
                state = op.availability()
                (available if state.ok else missing).append((op, state.reason))
            self._paraqd_operators = [op.name for op, _ in available]
            if missing:
                self._operator_notes.append(
                    "ParaQD without " + "; ".join(f"{op.paper_id} ({op.name}): {reason or 'unavailable'}"
                                                  for op, reason in missing))
        return self._paraqd_operators

    # -- training and evaluation ------------------------------------------------------------------------

    def training_config(self, seed: int, loss: str, encoder: str | None, max_steps: int | None = None):
        from .training import TrainingConfig

        cfg = self.config
        return TrainingConfig(encoder=encoder, loss=loss, epochs=cfg.epochs, max_steps=max_steps or cfg.max_steps,
                              batch_size=cfg.batch_size, learning_rate=cfg.learning_rate, seed=seed,
                              max_seq_length=cfg.max_seq_length)

    def train(self, triplets: pd.DataFrame, name: str, seed: int, loss: str, encoder: str | None,
              max_steps: int | None = None) -> tuple[str, dict[str, Any]]:
        """Write ``triplets`` and train a model on them into ``work/models/<name>``."""
        from .training import train

        data = self.work / "data" / f"{name}.jsonl"
        data.parent.mkdir(parents=True, exist_ok=True)
        write_table(triplets, data)
        model_dir = self.work / "models" / name
        result = train([data], model_dir, self.training_config(seed, loss, encoder, max_steps), overwrite=True,
                       show_progress_bar=self.show_progress_bar)
        return str(model_dir), {"triplets": len(triplets), "steps": result.steps,
                                "train_seconds": round(result.seconds, 1),
                                "examples_per_second": round(result.examples_per_second, 2)}

    def evaluate(self, model: str | None, hybrid: bool | None = False) -> list[FileEvaluation]:
        scorer = self.scorer(model, hybrid)
        return [evaluate_pairs(scorer, pairs, name=name) for pairs, name in zip(self.eval_pairs,
                                                                                 self.dataset_names())]

    def full_steps(self, n_triplets: int) -> int:
        cfg = self.config
        per_epoch = math.ceil(n_triplets / cfg.batch_size)
        steps = math.ceil(per_epoch * cfg.epochs)
        return min(steps, cfg.max_steps) if cfg.max_steps else steps

    def run_method(self, method: str, *, seed: int | None = None, loss: str | None = None,
                   encoder: str | None = None, exclude: Sequence[str] = (), seed_search: bool = False,
                   tag: str = "") -> MethodRun:
        """Build the training data of ``method``, train, evaluate; a missing model gives a skipped run."""
        cfg = self.config
        seed = cfg.seed if seed is None else seed
        encoder = cfg.encoder if encoder is None else encoder
        loss = loss or (cfg.paraqd_loss if method == "paraqd" else cfg.baseline_loss)
        name = method + (f"-{tag}" if tag else "")
        run = MethodRun(method, METHODS[method], hybrid=False if method in PAPER_METHODS else None)
        start = time.perf_counter()
        try:
            if method in ("pretrained", "default"):
                run.model = encoder
                if method == "default":
                    scorer = self.scorer(encoder, run.hybrid)
                    run.label = f"Default scorer ({scorer.method})"
                    run.details["scorer"] = scorer.description
                    run.notes.append(f"Default scorer: ParaphraseScorer.load() of the same encoder, untrained, "
                                     f"{scorer.description}; the paper's methods are scored with the pure "
                                     f"learned cosine, as in the paper.")
            else:
                if method == "paraqd":
                    triplets, details = self.paraqd_triplets(seed, exclude)
                else:
                    triplets, details = self.baseline_triplets(method, seed, encoder)
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
            run.notes.append(f"{METHODS[method]} skipped: {exc.model} is not available here")
            logger.warning("%s skipped: %s", METHODS[method], exc)
        run.seconds["total"] = time.perf_counter() - start
        self.log["runs"][name] = run.summary()
        logger.info("%s done in %.0f s", name, run.seconds["total"])
        return run

    # -- seed optimisation --------------------------------------------------------------------------------

    def validation_triplets(self) -> pd.DataFrame:
        """ParaQD triplets of the held-out validation questions (the unlabelled validation set)."""
        if self._validation is None:
            from .augmentation import augment

            if len(self.pool.validation) < 2:
                raise InputError("seed optimisation needs validation questions (--validation-questions)")
            self._validation = augment(self.pool.validation, operators=self.paraqd_operator_names(),
                                       seed=self.config.seed, workers=self.config.workers, skip_unavailable=True,
                                       operator_options=self.config.operator_options)
        return self._validation

    def validation_separation(self, model: str) -> float:
        """mean cos(anchor, positive) - mean cos(anchor, negative) on the validation triplets."""
        from .scoring import ParaphraseScorer

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

    # -- tables -------------------------------------------------------------------------------------------

    def _add_rows(self, table: ResultTable, run: MethodRun, *extra_keys: Any) -> None:
        for dataset, result in zip(self.dataset_names(), run.results or [None] * len(self.eval_pairs)):
            metrics = result.metrics if result is not None else None
            table.add((dataset, *extra_keys), metrics)
        for note in run.notes:
            if note not in table.notes:
                table.notes.append(note)

    def _rows_by_dataset(self, table: ResultTable) -> ResultTable:
        """The same rows grouped by dataset first (the paper's layout)."""
        ordered = ResultTable(table.keys, table.title, sorted(table.rows, key=lambda r: self._dataset_rank(r[0][0])),
                              list(table.notes))
        return ordered

    def _dataset_rank(self, name: str) -> int:
        names = self.dataset_names()
        return names.index(name) if name in names else len(names)

    def table1(self, methods: Sequence[str] | None = None) -> ResultTable:
        """Table 1: every method on every evaluation file (also writes files, plots and ``bench.json``)."""
        methods = list(methods or self.config.methods)
        table = ResultTable.layout("table1", "Table 1: methods x datasets")
        runs = []
        for method in methods:
            run = self.run_method(method)
            runs.append(run)
            self._add_rows(table, run, run.label)
        table = self._rows_by_dataset(table)
        self._finish("table1", table, runs)
        return table

    def ablate_operators(self) -> ResultTable:
        """Table 4: ParaQD retrained without each available train operator in turn."""
        table = ResultTable.layout("table4", "Table 4: ParaQD without one operator")
        names = self.paraqd_operator_names()
        from .operators import get_operator_class

        runs = []
        polarity = {n: get_operator_class(n).polarity for n in names}
        for name in names:
            cls = get_operator_class(name)
            left = {polarity[n] for n in names if n != name}
            if left != {"positive", "negative"}:
                for dataset in self.dataset_names():
                    table.add((dataset, f"{cls.paper_id} ({name})"), None,
                              note=f"without {cls.paper_id}: skipped, no {cls.polarity} operator would be left")
                continue
            run = self.run_method("paraqd", exclude=[name], tag=f"without-{cls.paper_id}")
            runs.append(run)
            self._add_rows(table, run, f"{cls.paper_id} ({name})")
        table = self._rows_by_dataset(table)
        self._finish("table4", table, runs)
        return table

    def ablate_loss(self) -> ResultTable:
        """Table 5: ParaQD with the triplet loss and with MultipleNegativesRankingLoss."""
        table = ResultTable.layout("table5", "Table 5: loss function (ParaQD)")
        runs = []
        for loss, label in (("triplet", "Triplet"), ("mnrl", "MultipleNegativesRankingLoss")):
            run = self.run_method("paraqd", loss=loss, tag=loss)
            runs.append(run)
            self._add_rows(table, run, label)
        table = self._rows_by_dataset(table)
        self._finish("table5", table, runs)
        return table

    def ablation_methods(self, methods: Sequence[str] | None) -> list[str]:
        """The methods of Tables 6 and 8: ParaQD, UDA and SSMBA, those among ``config.methods`` by default."""
        if methods is not None:
            return list(methods)
        chosen = [m for m in ("paraqd", "uda", "ssmba") if m in self.config.methods]
        return chosen or ["paraqd", "uda", "ssmba"]

    def ablate_seed(self, methods: Sequence[str] | None = None) -> ResultTable:
        """Table 6: the fixed seed against seed optimisation (seeds 0..4 for 20 % of the steps)."""
        table = ResultTable.layout("table6", "Table 6: fixed seed vs seed search")
        methods = self.ablation_methods(methods)
        runs = []
        for label, search in ((str(self.config.seed), False), ("Seed search", True)):
            for method in methods:
                run = self.run_method(method, seed_search=search, tag="seed-search" if search else "")
                runs.append(run)
                self._add_rows(table, run, label, run.label)
        table = self._rows_by_dataset(table)
        self._finish("table6", table, runs)
        return table

    def ablate_encoders(self, encoders: Sequence[str], methods: Sequence[str] | None = None) -> ResultTable:
        """Table 8: the methods with each encoder (names, paths, or ``pretrained`` for the default)."""
        table = ResultTable.layout("table8", "Table 8: encoders")
        methods = self.ablation_methods(methods)
        runs = []
        for encoder in encoders:
            for method in methods:
                safe = re.sub(r"[^A-Za-z0-9_.-]+", "_", encoder)[-40:]
                run = self.run_method(method, encoder=encoder, tag=f"enc-{safe}")
                runs.append(run)
                self._add_rows(table, run, encoder, run.label)
        table = self._rows_by_dataset(table)
        self._finish("table8", table, runs)
        return table

    # -- output -------------------------------------------------------------------------------------------

    def _finish(self, name: str, table: ResultTable, runs: Sequence[MethodRun]) -> None:
        table.notes.insert(0, self.budget_note())
        paths = table.write(self.out / name)
        self.log["tables"][name] = {fmt: str(p) for fmt, p in paths.items()}
        if self.config.plots and name == "table1":
            self.log["plots"] = [str(p) for p in self.plot(runs)]
        if not self.config.keep_models:
            for run in runs:
                if run.model and str(self.work) in run.model:
                    for key in [k for k in self._scorers if k[0] == run.model]:
                        del self._scorers[key]
            shutil.rmtree(self.work, ignore_errors=True)
        self.write_log()

    def budget_note(self) -> str:
        cfg, stats = self.config, self.pool.stats
        steps = f", at most {cfg.max_steps} steps" if cfg.max_steps else ""
        return (f"Budget: {stats['train']} training questions ({stats['dropped_eval_overlap']} pool questions "
                f"dropped because they occur in an evaluation file), {cfg.epochs:g} epoch(s){steps}, batch "
                f"{cfg.batch_size}, lr {cfg.learning_rate:g}, max_seq_length {cfg.max_seq_length or 'model default'}, "
                f"seed {cfg.seed}, encoder {cfg.encoder or 'all-MiniLM-L6-v2 (embedded)'}; baselines train with the "
                f"{cfg.baseline_loss} loss and another question as the negative.")

    def plot(self, runs: Sequence[MethodRun]) -> list[Path]:
        """Score distributions, confusion matrices and t-SNE of test triplets, one PNG each per dataset."""
        from .evaluation.plots import plot_confusion_matrices, plot_score_distributions, plot_triplet_embeddings

        done = [r for r in runs if r.status == "ok" and r.results]
        paths = []
        for k, (dataset, pairs) in enumerate(zip(self.dataset_names(), self.eval_pairs)):
            slug = re.sub(r"[^A-Za-z0-9_.-]+", "_", dataset)
            paths.append(plot_score_distributions({r.label: (r.results[k].labels, r.results[k].scores) for r in done},
                                                  self.out / f"scores_{slug}.png", title=f"Scores on {dataset}"))
            paths.append(plot_confusion_matrices({r.label: r.results[k].confusion for r in done},
                                                 self.out / f"confusion_{slug}.png",
                                                 title=f"Confusion matrices on {dataset} (threshold 0.5)"))
            anchors, positives, negatives = pairs.triplets()
            if len(anchors) >= 3:
                panels = {}
                shown: set[str] = set()
                for r in done:
                    if str(r.model) in shown:  # the default scorer embeds with Pretrained's encoder: one panel
                        continue
                    shown.add(str(r.model))
                    scorer = self.scorer(r.model)
                    panels[r.label] = (scorer.encode(anchors), scorer.encode(positives), scorer.encode(negatives))
                paths.append(plot_triplet_embeddings(panels, self.out / f"tsne_{slug}.png",
                                                     title=f"t-SNE of test triplets, {dataset}", seed=self.config.seed))
        return paths

    def write_log(self) -> Path:
        """``bench.json``: configuration, versions, seeds, pool statistics, per-run details and wall times."""
        from .training import library_versions

        self.log.update({
            "config": {k: (list(v) if isinstance(v, tuple) else v) for k, v in asdict(self.config).items()},
            "pool": self.pool.stats, "versions": library_versions(), "platform": platform.platform(),
            "cpu_count": os.cpu_count(), "wall_seconds": round(time.perf_counter() - self.started, 1),
        })
        return write_json(self.log, self.out / "bench.json")


def run_bench(config: BenchConfig, ablations: Sequence[str] = (), encoders: Sequence[str] = (),
              show_progress_bar: bool | None = None,
              on_table: Callable[[str, ResultTable], None] | None = None) -> dict[str, ResultTable]:
    """Table 1 then the requested ablations; ``on_table`` is called as each table is ready."""
    bad = [a for a in ablations if a not in ABLATIONS]
    if bad:
        raise InputError(f"unknown ablation(s) {', '.join(bad)}; choose from {', '.join(ABLATIONS)}")
    if "encoder" in ablations and not encoders:
        raise InputError("the encoder ablation needs --encoders NAME,NAME")
    bench = Bench(config, show_progress_bar)
    tables: dict[str, ResultTable] = {}
    steps: list[tuple[str, Callable[[], ResultTable]]] = [("table1", bench.table1)]
    steps += [{"operators": ("table4", bench.ablate_operators), "loss": ("table5", bench.ablate_loss),
               "seed": ("table6", bench.ablate_seed),
               "encoder": ("table8", lambda: bench.ablate_encoders(encoders))}[a] for a in ablations]
    for name, step in steps:
        tables[name] = step()
        if on_table:
            on_table(name, tables[name])
    return tables


__all__ = ["ABLATIONS", "METHODS", "PAPER_METHODS", "Bench", "BenchConfig", "MethodRun", "QuestionPool", "normalise_text",
           "run_bench"]
