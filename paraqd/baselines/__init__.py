"""The paper's baselines (section 4.3): UDA and SSMBA positives, in-batch negatives, pseudo-labelling.

    from paraqd.baselines import UDA, in_batch_triplets

    uda = UDA(translation_models=None)          # TF-IDF replacement only
    uda.prepare(questions)
    out = uda.generate(questions, seed=3407)
    _, anchors, positives = out.pairs()
    triplets = in_batch_triplets(anchors, positives, seed=3407, method="uda")
"""

from .base import GeneratedPositives, in_batch_triplets, other_question_indices
from .pseudo_label import PSEUDO_LABEL_THRESHOLD, PseudoLabelStats, pseudo_label, pseudo_labelled_triplets
from .ssmba import SSMBA
from .uda import UDA, BackTranslator, TfidfWordReplacement

__all__ = [
    "GeneratedPositives", "in_batch_triplets", "other_question_indices", "PSEUDO_LABEL_THRESHOLD",
    "PseudoLabelStats", "pseudo_label", "pseudo_labelled_triplets", "SSMBA", "UDA", "BackTranslator",
    "TfidfWordReplacement",
]
