"""Defaults and column names that several parts of paraqd share: each is defined here once.

Import them from here (``from paraqd.defaults import DEFAULT_SEED``); the modules that used to define their own
copies (:mod:`paraqd.scoring`, :mod:`paraqd.hybrid`, :mod:`paraqd.evaluation.metrics`, :mod:`paraqd.augmentation`,
:mod:`paraqd.io`) re-export them under the same names.

>>> DEFAULT_SEED, DEFAULT_THRESHOLD
(3407, 0.5)
>>> [c for c in TRIPLET_COLUMNS if c not in TRAIN_COLUMNS]
['positive_op', 'negative_op', 'question_id']
"""

from __future__ import annotations

#: The seed of every command and function that draws at random (the paper's authors' seed).
DEFAULT_SEED = 3407
#: A pair is valid when its score reaches this (0.5 in the paper, not tuned).
DEFAULT_THRESHOLD = 0.5
#: Inference backends of a sentence encoder (:mod:`paraqd.backends`, :mod:`paraqd.encoders`).
BACKENDS = ("torch", "onnx", "onnx-int8", "openvino")

# -- triplets ---------------------------------------------------------------------------------------------------

#: The columns a triplet loss trains on (a table with these three is a triplet table).
TRAIN_COLUMNS = ["anchor", "positive", "negative"]
#: The operators that made a triplet's positive and negative.
OPERATOR_COLUMNS = ["positive_op", "negative_op"]
#: What ``augment`` and the baselines write: the training triple, the operators, and the question's id.
TRIPLET_COLUMNS = [*TRAIN_COLUMNS, *OPERATOR_COLUMNS, "question_id"]
#: Triplets from several sources mixed in the training recipes, some of which have no question id: the training
#: triple and its operators only.
SOURCED_TRIPLET_COLUMNS = [*TRAIN_COLUMNS, *OPERATOR_COLUMNS]

# -- column names tried, in order, when reading a user's table ------------------------------------------------

QUESTION_COLUMNS = ("question", "anchor", "text", "original", "source", "sentence1", "question1", "text_a")
PARAPHRASE_COLUMNS = ("paraphrase", "augmented", "candidate", "positive", "sentence2", "question2", "text_b")
LABEL_COLUMNS = ("label", "final_label", "is_duplicate", "valid", "gold")
ID_COLUMNS = ("question_id", "id", "qid")
