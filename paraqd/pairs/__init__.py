"""Getting more out of labelled pairs: transitive closure, Augmented SBERT silver pairs, active learning.

Modules: :mod:`.data` (reading pairs), :mod:`.closure`, :mod:`.cross_encoder`, :mod:`.sampling`,
:mod:`.silver`, :mod:`.active`, :mod:`.allpairs` and :mod:`.neighbours`. Heavy dependencies (torch,
sentence-transformers, faiss, rank-bm25) load only when used.
"""

from __future__ import annotations

from .allpairs import (
    AllPairsEvaluator,
    AllPairsScore,
    average_precision,
    clusters_from_pairs,
    precision_at_recall,
)
from .closure import ClosureResult, Contradiction, transitive_closure
from .data import LabelledPair, read_labelled_pairs, read_texts

__all__ = [
    "AllPairsEvaluator", "AllPairsScore", "ClosureResult", "Contradiction", "LabelledPair", "average_precision",
    "clusters_from_pairs", "precision_at_recall", "read_labelled_pairs", "read_texts", "transitive_closure",
]
