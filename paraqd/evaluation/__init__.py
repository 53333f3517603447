"""Evaluation of paraphrase scorers on labelled pairs: metrics, evaluator, paper-style tables and plots.

    from paraqd.evaluation import Evaluator, evaluate_scores

    rows = [r.as_row() for r in Evaluator.load("pretrained").evaluate(["AQUA_test.csv"])]   # default scorer
    paper = Evaluator.load("pretrained", hybrid=False)      # the paper's pure cosine

Plots live in :mod:`paraqd.evaluation.plots` (imported on demand: matplotlib is optional).
"""

from .evaluator import Evaluator, FileEvaluation, LabelledPairs, PairColumns, evaluate_pairs
from .metrics import (
                      DEFAULT_THRESHOLD,
                      METRIC_KEYS,
                      AveragedPRF,
                      ConfusionMatrix,
                      Separation,
                      TunedThreshold,
                      average_precision,
                      best_threshold,
                      evaluate_scores,
                      roc_auc,
)
from .report import LAYOUTS, ResultTable

__all__ = [
    "Evaluator", "FileEvaluation", "LabelledPairs", "PairColumns", "evaluate_pairs",
    "DEFAULT_THRESHOLD", "METRIC_KEYS", "AveragedPRF", "ConfusionMatrix", "Separation", "TunedThreshold",
    "average_precision", "best_threshold", "evaluate_scores", "roc_auc", "LAYOUTS", "ResultTable",
]
