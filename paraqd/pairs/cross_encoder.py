"""The pair cross-encoder now lives in :mod:`paraqd.training.cross_encoder` (paraqd's one cross-encoder
training path); these names are re-exported here so that existing imports keep working."""

from __future__ import annotations

from ..training.cross_encoder import (
    CrossEncoderTrainingConfig,
    PairCrossEncoder,
    TrainingReport,
    dev_average_precision,
    train_cross_encoder,
)

__all__ = ["CrossEncoderTrainingConfig", "PairCrossEncoder", "TrainingReport", "dev_average_precision",
           "train_cross_encoder"]
