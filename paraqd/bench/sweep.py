"""One sweep helper for Table 1 and every ablation: a list of variants, each one method run, makes a table.

An ablation is a function ``(runner, **options) -> list[Variant]`` registered in :data:`ABLATIONS` with the
table it fills; :func:`sweep` runs the variants and hands the table to the report.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..evaluation.report import ResultTable
from .methods import MethodRun
from .report import BenchReport
from .runner import MethodRunner

#: a row key filled in with the run's display label (known only once the method ran)
LABEL = object()


@dataclass
class Variant:
    """One row group of a table: ``keys`` after the dataset, and the run (``options`` of
    :meth:`MethodRunner.run_method`), or ``skip``: the note of a variant that cannot run."""

    keys: tuple[Any, ...]
    method: str = "paraqd"
    options: dict[str, Any] = field(default_factory=dict)
    skip: str | None = None


def sweep(runner: MethodRunner, report: BenchReport, name: str, title: str,
          variants: Sequence[Variant]) -> ResultTable:
    """Run every variant, fill the table ``name`` (rows grouped by dataset) and write it."""
    table = ResultTable.layout(name, title)
    runs: list[MethodRun] = []
    for variant in variants:
        if variant.skip is not None:
            for dataset in runner.dataset_names():
                table.add((dataset, *variant.keys), None, note=variant.skip)
            continue
        run = runner.run_method(variant.method, **variant.options)
        runs.append(run)
        report.add_rows(table, run, *(run.label if k is LABEL else k for k in variant.keys))
    table = report.by_dataset(table)
    report.finish(name, table, runs)
    return table


def methods_variants(runner: MethodRunner, methods: Sequence[str] | None = None) -> list[Variant]:
    """Table 1: every method on every evaluation file."""
    return [Variant((LABEL,), method) for method in (methods or runner.config.methods)]


def operator_variants(runner: MethodRunner) -> list[Variant]:
    """Table 4: ParaQD retrained without each available train operator in turn."""
    from ..operators import get_operator_class

    names = runner.paraqd_operator_names()
    polarity = {n: get_operator_class(n).polarity for n in names}
    variants = []
    for name in names:
        cls = get_operator_class(name)
        key = (f"{cls.paper_id} ({name})",)
        if {polarity[n] for n in names if n != name} != {"positive", "negative"}:
            variants.append(Variant(key, skip=f"without {cls.paper_id}: skipped, no {cls.polarity} operator "
                                              f"would be left"))
        else:
            variants.append(Variant(key, options={"exclude": [name], "tag": f"without-{cls.paper_id}"}))
    return variants


def loss_variants(runner: MethodRunner) -> list[Variant]:
    """Table 5: ParaQD with the triplet loss and with MultipleNegativesRankingLoss."""
    return [Variant((label,), options={"loss": loss, "tag": loss})
            for loss, label in (("triplet", "Triplet"), ("mnrl", "MultipleNegativesRankingLoss"))]


def ablation_methods(runner: MethodRunner, methods: Sequence[str] | None) -> list[str]:
    """The methods of Tables 6 and 8: ParaQD, UDA and SSMBA, those among ``config.methods`` by default."""
    if methods is not None:
        return list(methods)
    chosen = [m for m in ("paraqd", "uda", "ssmba") if m in runner.config.methods]
    return chosen or ["paraqd", "uda", "ssmba"]


def seed_variants(runner: MethodRunner, methods: Sequence[str] | None = None) -> list[Variant]:
    """Table 6: the fixed seed against seed optimisation (seeds 0..4 for 20 % of the steps)."""
    return [Variant((label, LABEL), method, {"seed_search": search, "tag": "seed-search" if search else ""})
            for label, search in ((str(runner.config.seed), False), ("Seed search", True))
            for method in ablation_methods(runner, methods)]


def encoder_variants(runner: MethodRunner, encoders: Sequence[str] = (),
                     methods: Sequence[str] | None = None) -> list[Variant]:
    """Table 8: the methods with each encoder (names, paths, or ``pretrained`` for the default)."""
    return [Variant((encoder, LABEL), method,
                    {"encoder": encoder, "tag": "enc-" + re.sub(r"[^A-Za-z0-9_.-]+", "_", encoder)[-40:]})
            for encoder in encoders for method in ablation_methods(runner, methods)]


#: ablation name -> (table name, title, variants)
ABLATIONS: dict[str, tuple[str, str, Callable[..., list[Variant]]]] = {
    "operators": ("table4", "Table 4: ParaQD without one operator", operator_variants),
    "loss": ("table5", "Table 5: loss function (ParaQD)", loss_variants),
    "seed": ("table6", "Table 6: fixed seed vs seed search", seed_variants),
    "encoder": ("table8", "Table 8: encoders", encoder_variants),
}
TABLE1 = ("table1", "Table 1: methods x datasets", methods_variants)
