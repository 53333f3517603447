"""Training data: reading the training layouts (:mod:`.layouts`) and building leakage-safe training sets from
question files (:mod:`.building`)."""

from .building import (
    FAST_TRAIN_OPERATORS,
    SOURCED_TRIPLET_COLUMNS,
    TrainingSetReport,
    TrainingSetSpec,
    banned_questions,
    build_training_set,
    pool_triplets,
    read_labelled_frame,
    read_questions,
    reference_triplets,
    source_dev_files,
    wide_to_pairs,
    with_source_dev_files,
)
from .layouts import (
    PAIRINGS,
    SourceFile,
    TrainingData,
    TrainingPairs,
    Triplets,
    detect_layout,
    load_training_files,
    load_validation_files,
    pair_up,
    pairs_from_table,
    sha256_file,
    split_by_anchor,
    triplets_from_long,
    triplets_from_pairs,
    triplets_from_wide,
    wide_columns,
)

__all__ = [
    "FAST_TRAIN_OPERATORS", "PAIRINGS", "SOURCED_TRIPLET_COLUMNS", "SourceFile", "TrainingData", "TrainingPairs",
    "TrainingSetReport", "TrainingSetSpec", "Triplets", "banned_questions", "build_training_set", "detect_layout",
    "load_training_files", "load_validation_files", "pair_up", "pairs_from_table", "pool_triplets",
    "read_labelled_frame", "read_questions", "reference_triplets", "sha256_file", "source_dev_files",
    "split_by_anchor", "triplets_from_long", "triplets_from_pairs", "triplets_from_wide", "wide_columns",
    "wide_to_pairs", "with_source_dev_files",
]
