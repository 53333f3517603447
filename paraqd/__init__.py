"""paraqd: score paraphrases of algebraic word problems.

Quick start::

    from paraqd import ParaphraseScorer
    scorer = ParaphraseScorer.load()          # embedded all-MiniLM-L6-v2, offline; the hybrid score
    scorer.score("Alex walked 4 km.", "Alex walked four kilometres.")
    scorer.explain("Alex walked 4 km.", "Alex walked.").reasons   # why it is invalid
    ParaphraseScorer.load(hybrid=False)       # the paper's score: the learned cosine alone
"""

from __future__ import annotations

from importlib.metadata import PackageNotFoundError, version

try:
    __version__ = version("paraqd")
except PackageNotFoundError:  # running from a source tree that is not installed
    __version__ = "0.0.0+unknown"

_LAZY = {
    "ParaphraseScorer": ("paraqd.scoring", "ParaphraseScorer"),
    "Analyzer": ("paraqd.analysis", "Analyzer"),
    "analyze": ("paraqd.analysis", "analyze"),
    "augment": ("paraqd.augmentation", "augment"),
    "CriticalInfoChecker": ("paraqd.checks", "CriticalInfoChecker"),
    "Evaluator": ("paraqd.evaluation", "Evaluator"),
    "evaluate_scores": ("paraqd.evaluation.metrics", "evaluate_scores"),
    "reword": ("paraqd.llm.rewording", "reword"),
    "RewordClient": ("paraqd.llm.client", "RewordClient"),
}


def __getattr__(name: str):
    # Lazy imports keep `import paraqd` (and `paraqd --help`) fast: torch is loaded only when needed.
    if name in _LAZY:
        import importlib

        module, attr = _LAZY[name]
        return getattr(importlib.import_module(module), attr)
    raise AttributeError(f"module 'paraqd' has no attribute {name!r}")


__all__ = ["__version__", *_LAZY]
