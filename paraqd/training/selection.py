"""Choosing and reporting a trained head on labelled pairs (sentence-transformers' evaluator style).

:class:`HybridAUCEvaluator` is what the recommended recipe selects its epoch with: ``evaluator(head)``
returns ``{"hybrid_roc_auc": ...}``, its ``primary_metric``, and ``greater_is_better`` is true, as for a
:class:`sentence_transformers.evaluation.SentenceEvaluator`. The "model" it is called with is the head (a
list of residual blocks; ``[]`` is the frozen encoder as it is), applied to embeddings cached once.
"""

from __future__ import annotations

from typing import Any

import pandas as pd

from ..defaults import DEFAULT_THRESHOLD
from ..errors import InputError
from ..evaluation.metrics import auc_standard_error
from .head import EmbeddingCache, head_cosines


def checker_with_synonyms(encoder):
    """A :class:`~paraqd.checks.CriticalInfoChecker` whose synonym judge is ``encoder`` (as a scorer's is)."""
    from ..checks import CriticalInfoChecker, WordSimilarity

    return CriticalInfoChecker(synonyms=WordSimilarity(
        lambda words: encoder.encode(list(words), convert_to_numpy=True, normalize_embeddings=True,
                                     show_progress_bar=False)))


class HybridAUCEvaluator:
    """ROC-AUC of the default hybrid score of labelled ``question, paraphrase, label`` pairs under a head.

    The critical-information check runs once, at construction (its synonym judge is the frozen ``encoder``);
    each call only re-applies the head to the cached embeddings, so evaluating after every epoch costs
    milliseconds.
    """

    primary_metric = "hybrid_roc_auc"
    greater_is_better = True

    def __init__(self, encoder: Any, cache: EmbeddingCache, pairs: pd.DataFrame, name: str = ""):
        from ..hybrid import DEFAULT_RULE

        self.name = name
        self.labels = pairs["label"].astype(int).to_numpy()
        if len(set(self.labels.tolist())) < 2:
            raise InputError("selection pairs need both valid (1) and invalid (0) labels")
        questions, paraphrases = pairs["question"].astype(str).tolist(), pairs["paraphrase"].astype(str).tolist()
        cache.add([*questions, *paraphrases])
        self.cache, self.rule = cache, DEFAULT_RULE
        self.checks = checker_with_synonyms(encoder).check_pairs(questions, paraphrases)
        self.q_rows, self.p_rows = cache.lookup(questions), cache.lookup(paraphrases)

    def __call__(self, model: list[Any]) -> dict[str, float]:
        from sklearn.metrics import roc_auc_score

        cos = head_cosines(model, self.cache.matrix(), self.q_rows, self.p_rows)
        return {self.primary_metric: float(roc_auc_score(self.labels, self.rule.combine(cos, self.checks)))}

    def standard_error(self, model: list[Any]) -> float:
        """The standard error of the primary metric under ``model`` (Hanley and McNeil's, for ROC-AUC)."""
        n_valid = int(self.labels.sum())
        return auc_standard_error(self(model)[self.primary_metric], n_valid, len(self.labels) - n_valid)


def validation_metrics(encoder, blocks, pairs: pd.DataFrame, *, batch_size: int = 64) -> dict[str, Any]:
    """Pure and hybrid metrics at threshold 0.5 of labelled ``question, paraphrase, label`` pairs."""
    from ..evaluation.metrics import evaluate_scores
    from ..hybrid import HybridScorer

    cache = EmbeddingCache(encoder, batch_size=batch_size)
    cache.add([*pairs["question"], *pairs["paraphrase"]])
    cos = head_cosines(blocks, cache.matrix(), cache.lookup(pairs["question"].tolist()),
                       cache.lookup(pairs["paraphrase"].tolist()))
    hybrid = HybridScorer(checker_with_synonyms(encoder))
    scores = hybrid.combine(cos, hybrid.check_pairs(pairs["question"].tolist(), pairs["paraphrase"].tolist()))
    labels = pairs["label"].to_numpy()
    out: dict[str, Any] = {"pairs": int(len(pairs))}
    for kind, values in (("pure", cos), ("hybrid", scores)):
        m = evaluate_scores(labels, values, DEFAULT_THRESHOLD)
        out[kind] = {k: round(float(m[k]), 4) for k in ("weighted_f1_paper", "separation", "roc_auc")}
    return out
