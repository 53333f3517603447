"""Reporting of ``paraqd bench``: result tables, plots and ``bench.json``, apart from training."""

from __future__ import annotations

import os
import platform
import re
import shutil
import time
from collections.abc import Sequence
from dataclasses import asdict
from pathlib import Path
from typing import Any

from ..evaluation.report import ResultTable
from ..io import write_json
from .methods import MethodRun
from .runner import MethodRunner


class BenchReport:
    """Writes what a :class:`MethodRunner` produced into ``config.output_dir``."""

    def __init__(self, runner: MethodRunner) -> None:
        self.runner = runner
        self.out = runner.out
        self.started = time.perf_counter()

    def add_rows(self, table: ResultTable, run: MethodRun, *extra_keys: Any) -> None:
        """One row per evaluation file (``None`` metrics for a skipped run); the run's notes once."""
        runner = self.runner
        for dataset, result in zip(runner.dataset_names(), run.results or [None] * len(runner.eval_pairs)):
            metrics = result.metrics if result is not None else None
            table.add((dataset, *extra_keys), metrics)
        for note in run.notes:
            if note not in table.notes:
                table.notes.append(note)

    def by_dataset(self, table: ResultTable) -> ResultTable:
        """The same rows grouped by dataset first (the paper's layout)."""
        names = self.runner.dataset_names()

        def rank(name: str) -> int:
            return names.index(name) if name in names else len(names)

        return ResultTable(table.keys, table.title, sorted(table.rows, key=lambda r: rank(r[0][0])),
                           list(table.notes))

    def finish(self, name: str, table: ResultTable, runs: Sequence[MethodRun]) -> None:
        """Write the table (and Table 1's plots), remove the trained models unless kept, rewrite the log."""
        runner = self.runner
        table.notes.insert(0, self.budget_note())
        paths = table.write(self.out / name)
        runner.log["tables"][name] = {fmt: str(p) for fmt, p in paths.items()}
        if runner.config.plots and name == "table1":
            runner.log["plots"] = [str(p) for p in self.plot(runs)]
        if not runner.config.keep_models:
            runner.forget_models([run.model for run in runs if run.model and str(runner.work) in run.model])
            shutil.rmtree(runner.work, ignore_errors=True)
        self.write_log()

    def budget_note(self) -> str:
        cfg, stats = self.runner.config, self.runner.pool.stats
        steps = f", at most {cfg.max_steps} steps" if cfg.max_steps else ""
        return (f"Budget: {stats['train']} training questions ({stats['dropped_eval_overlap']} pool questions "
                f"dropped because they occur in an evaluation file), {cfg.epochs:g} epoch(s){steps}, batch "
                f"{cfg.batch_size}, lr {cfg.learning_rate:g}, max_seq_length {cfg.max_seq_length or 'model default'}, "
                f"seed {cfg.seed}, encoder {cfg.encoder or 'all-MiniLM-L6-v2 (embedded)'}; baselines train with the "
                f"{cfg.baseline_loss} loss and another question as the negative.")

    def plot(self, runs: Sequence[MethodRun]) -> list[Path]:
        """Score distributions, confusion matrices and t-SNE of test triplets, one PNG each per dataset."""
        from ..evaluation.plots import plot_confusion_matrices, plot_score_distributions, plot_triplet_embeddings

        runner = self.runner
        done = [r for r in runs if r.status == "ok" and r.results]
        paths = []
        for k, (dataset, pairs) in enumerate(zip(runner.dataset_names(), runner.eval_pairs)):
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
                    scorer = runner.scorer(r.model)
                    panels[r.label] = (scorer.encode(anchors), scorer.encode(positives), scorer.encode(negatives))
                paths.append(plot_triplet_embeddings(panels, self.out / f"tsne_{slug}.png",
                                                     title=f"t-SNE of test triplets, {dataset}",
                                                     seed=runner.config.seed))
        return paths

    def write_log(self) -> Path:
        """``bench.json``: configuration, versions, seeds, pool statistics, per-run details and wall times."""
        from ..training import library_versions

        runner = self.runner
        runner.log.update({
            "config": {k: (list(v) if isinstance(v, tuple) else v) for k, v in asdict(runner.config).items()},
            "pool": runner.pool.stats, "versions": library_versions(), "platform": platform.platform(),
            "cpu_count": os.cpu_count(), "wall_seconds": round(time.perf_counter() - self.started, 1),
        })
        return write_json(runner.log, self.out / "bench.json")
