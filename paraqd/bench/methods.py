"""The bench's method registry (catalogue): each method says how it makes its training triplets.

A method is a function ``(runner, run, *, seed, encoder, exclude) -> (triplets, details) | None``: ``None``
means "evaluate the encoder untrained"; otherwise the runner trains the encoder on ``triplets`` (a DataFrame
with ``anchor, positive, negative`` columns) and records ``details`` (a ``notes`` list goes to the table's
notes). Add one with a decorator and name it in ``paraqd bench --methods``::

    from paraqd.bench.methods import register_method

    @register_method("copy", label="Copy baseline")
    def copy_baseline(runner, run, *, seed, encoder, exclude):
        from paraqd.baselines import in_batch_triplets
        questions = runner.pool.train
        return in_batch_triplets(questions, questions, seed, "copy"), {}

``paper=True`` methods are scored with the pure learned cosine, as in the paper; the others with the default
scorer (``ParaphraseScorer.load``'s hybrid score). Third-party packages use the ``paraqd_bench_methods``
entry-point group.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..errors import InputError
from ..registries import Registry


@dataclass(frozen=True)
class BenchMethod:
    """A registered method: its display label, its data function and how it is scored and trained."""

    name: str
    label: str
    function: Callable[..., Any]
    paper: bool = True                 #: scored with the pure cosine (the paper's methods)
    loss: str = "baseline"             #: which configured loss trains it: "paraqd" or "baseline"


def _entry(name: str, function: Callable[..., Any], label: str, paper: bool = True,
           loss: str = "baseline") -> BenchMethod:
    return BenchMethod(name, label, function, paper, loss)


#: The registry of bench methods (:mod:`paraqd.registries`): :class:`BenchMethod` entries by name.
registry = Registry("bench_methods", what="method", entry=_entry)
#: Decorator registering a bench method: ``@register_method("name", label="Label", paper=True,
#: loss="baseline")`` (see the module's docstring).
register_method = registry.decorator()
#: Remove a method from the registry (mainly for tests and interactive sessions).
unregister_method = registry.unregister


def method_labels() -> dict[str, str]:
    """Registered method names and their display labels, in registration order (the paper's for built-ins)."""
    return {name: method.label for name, method in registry.get_all().items()}


def get_method(name: str) -> BenchMethod:
    return registry.get(name)


@dataclass
class MethodRun:
    """One trained (or untrained) method: where its model is, what it saw, its results and timings."""

    method: str
    label: str
    status: str = "ok"                 #: "ok" or "skipped"
    notes: list[str] = field(default_factory=list)
    model: str | None = None
    results: list[Any] = field(default_factory=list)
    seconds: dict[str, float] = field(default_factory=dict)
    details: dict[str, Any] = field(default_factory=dict)
    #: how the model is scored: False for the pure cosine (the paper's methods), None for the default scorer
    hybrid: bool | None = False

    def summary(self) -> dict[str, Any]:
        return {"method": self.method, "label": self.label, "status": self.status, "notes": self.notes,
                "seconds": {k: round(v, 1) for k, v in self.seconds.items()}, **self.details}


# -- built-ins, in the paper's order ------------------------------------------------------------------------


@register_method("pretrained", label="Pretrained")
def pretrained(runner, run: MethodRun, *, seed: int, encoder: str | None, exclude: Sequence[str]):
    """The encoder untrained, scored with the pure cosine."""
    return None


def _generated(runner, base: str, seed: int):
    """Positives of UDA or SSMBA for the pool (cached per method and seed; shared by the pl variant)."""
    key = ("generated", base, seed)
    if key not in runner.cache:
        from ..baselines import SSMBA, UDA

        cfg = runner.config
        augmenter = UDA(cfg.uda_models) if base == "uda" else SSMBA(cfg.ssmba_model)
        augmenter.prepare(runner.pool.train)
        start = time.perf_counter()
        generated = augmenter.generate(runner.pool.train, seed)
        runner.cache[key] = (generated, time.perf_counter() - start)
    return runner.cache[key]


def _baseline(pseudo_labelled: bool, base: str):
    def triplets(runner, run: MethodRun, *, seed: int, encoder: str | None, exclude: Sequence[str]):
        """Triplets of UDA / SSMBA (pseudo-labelled: by the untrained ``encoder``)."""
        from ..baselines import PseudoLabelStats, in_batch_triplets, pseudo_label, pseudo_labelled_triplets

        generated, seconds = _generated(runner, base, seed)
        _, anchors, positives = generated.pairs()
        details: dict[str, Any] = {"generated": len(positives), "generate_seconds": round(seconds, 1),
                                   "notes": list(generated.notes)}
        if len(anchors) < 2:
            raise InputError(f"{run.label}: fewer than two generated paraphrases")
        if pseudo_labelled:
            labels, _ = pseudo_label(runner.scorer(encoder), anchors, positives)
            stats = PseudoLabelStats(int(labels.sum()), int(len(labels) - labels.sum()))
            details["pseudo_labels"] = stats.as_dict()
            return pseudo_labelled_triplets(anchors, positives, labels, seed, base), details
        return in_batch_triplets(anchors, positives, seed, base), details

    return triplets


register_method("uda", label="UDA")(_baseline(False, "uda"))
register_method("uda-pl", label="UDA (pl)")(_baseline(True, "uda"))
register_method("ssmba", label="SSMBA")(_baseline(False, "ssmba"))
register_method("ssmba-pl", label="SSMBA (pl)")(_baseline(True, "ssmba"))


@register_method("paraqd", label="ParaQD", loss="paraqd")
def paraqd(runner, run: MethodRun, *, seed: int, encoder: str | None, exclude: Sequence[str]):
    """ParaQD triplets: the train operators available here (minus ``exclude``), one per question."""
    from ..augmentation import AugmentStats, augment

    cfg = runner.config
    names = [n for n in runner.paraqd_operator_names() if n not in set(exclude)]
    stats = AugmentStats()
    start = time.perf_counter()
    triplets = augment(runner.pool.train, operators=names, seed=seed, workers=cfg.workers,
                       skip_unavailable=True, operator_options=cfg.operator_options, stats=stats)
    details = {"augment": stats.as_dict(), "generate_seconds": round(time.perf_counter() - start, 1),
               "operators": names, "notes": list(runner.operator_notes)}
    return triplets, details


@register_method("default", label="Default scorer (hybrid)", paper=False)
def default(runner, run: MethodRun, *, seed: int, encoder: str | None, exclude: Sequence[str]):
    """``ParaphraseScorer.load()`` of the encoder, untrained: the default (hybrid) score."""
    scorer = runner.scorer(encoder, run.hybrid)
    run.label = f"Default scorer ({scorer.method})"
    run.details["scorer"] = scorer.description
    run.notes.append(f"Default scorer: ParaphraseScorer.load() of the same encoder, untrained, "
                     f"{scorer.description}; the paper's methods are scored with the pure "
                     f"learned cosine, as in the paper.")
    return None
