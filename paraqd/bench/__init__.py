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
without a masked LM). Ablations (:data:`ABLATIONS`, :meth:`Bench.ablate`): ``operators`` (Table 4), ``loss``
(Table 5), ``seed`` (Table 6) and ``encoder`` (Table 8).

The package: :mod:`.methods` (the method registry: add a method with ``@register_method``), :mod:`.runner`
(trains and evaluates one method), :mod:`.sweep` (one helper for Table 1 and every ablation), :mod:`.report`
(tables, plots, ``bench.json``), :mod:`.config` (the budget and the question pool).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ..errors import InputError
from ..evaluation.report import ResultTable
from .config import BenchConfig, QuestionPool
from .methods import MethodRun, get_method, method_labels, register_method, unregister_method
from .report import BenchReport
from .runner import MethodRunner
from .sweep import ABLATIONS, TABLE1, Variant, sweep

#: The paper's methods, scored with the pure learned cosine as there; the others use the default scorer.
PAPER_METHODS = ("pretrained", "uda", "uda-pl", "ssmba", "ssmba-pl", "paraqd")


class Bench:
    """Runs the comparison and the ablations; results and pictures go to ``config.output_dir``.

    Args:
        config: the comparison and its budget.
        show_progress_bar: training progress bars (None: on a terminal only).
    """

    def __init__(self, config: BenchConfig, show_progress_bar: bool | None = None) -> None:
        self.runner = MethodRunner(config, show_progress_bar)
        self.report = BenchReport(self.runner)
        self.config = self.runner.config

    def table1(self, methods: Sequence[str] | None = None) -> ResultTable:
        """Table 1: every method on every evaluation file (also writes files, plots and ``bench.json``)."""
        name, title, variants = TABLE1
        return sweep(self.runner, self.report, name, title, variants(self.runner, methods))

    def ablate(self, ablation: str, **options) -> ResultTable:
        """One ablation of :data:`ABLATIONS` (``options``: e.g. ``encoders=[...]``, ``methods=[...]``)."""
        if ablation not in ABLATIONS:
            raise InputError(f"unknown ablation {ablation!r}; choose from {', '.join(ABLATIONS)}")
        name, title, variants = ABLATIONS[ablation]
        return sweep(self.runner, self.report, name, title, variants(self.runner, **options))


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
    steps: list[tuple[str, Callable[[], ResultTable]]] = [(TABLE1[0], bench.table1)]
    for ablation in ablations:
        options = {"encoders": encoders} if ablation == "encoder" else {}
        steps.append((ABLATIONS[ablation][0], lambda a=ablation, o=options: bench.ablate(a, **o)))
    tables: dict[str, ResultTable] = {}
    for name, step in steps:
        tables[name] = step()
        if on_table:
            on_table(name, tables[name])
    return tables


__all__ = ["ABLATIONS", "PAPER_METHODS", "Bench", "BenchConfig", "BenchReport", "MethodRun", "MethodRunner",
           "QuestionPool", "Variant", "get_method", "method_labels", "register_method", "run_bench", "sweep",
           "unregister_method"]
