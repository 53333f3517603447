"""Training a paraphrase scorer: data layouts, losses, the trainer and its metadata file."""

from .data import TrainingData, TrainingPairs, Triplets, load_training_files, pair_up, triplets_from_pairs
from .losses import pair_loss, triplet_loss
from .metadata import build_metadata, library_versions
from .trainer import ParaqdTrainer, train
from .trainer_config import TrainingConfig, TrainingResult

__all__ = [
    "TrainingPairs", "ParaqdTrainer", "TrainingConfig", "TrainingData", "TrainingResult", "Triplets",
    "build_metadata", "library_versions", "load_training_files", "pair_loss", "pair_up", "train",
    "triplet_loss", "triplets_from_pairs",
]
