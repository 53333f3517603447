"""The whole-encoder trainer's hyper-parameters (:class:`TrainingConfig`, the paper's defaults) and what a run
produced (:class:`TrainingResult`); the trainer itself is :mod:`paraqd.training.trainer`."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..defaults import DEFAULT_SEED
from ..errors import InputError
from .data import PAIRINGS
from .losses import DISTANCES, PAIR_MODES, get_loss


@dataclass
class TrainingConfig:
    """Hyper-parameters; the defaults are the paper's (and the authors' script: Euclidean distance, margin 5)."""

    encoder: str | None = None
    loss: str = "triplet"
    distance: str = "euclidean"
    margin: float = 5.0
    epochs: float = 9
    max_steps: int | None = None
    batch_size: int = 16
    learning_rate: float = 2e-5
    weight_decay: float = 0.01
    warmup_ratio: float = 0.1
    seed: int = DEFAULT_SEED
    max_seq_length: int | None = None
    pairs_as: str = "triplets"
    pairing: str = "cycle"
    validation_fraction: float = 0.0
    save_steps: int | None = None
    save_total_limit: int | None = 2
    keep_checkpoints: bool = False

    def validate(self) -> TrainingConfig:
        """Raise :class:`InputError` for a setting that cannot work; return self."""
        if self.loss != "triplet":
            get_loss(self.loss)  # InputError naming the registered losses
        choices = {"distance": DISTANCES, "pairs_as": PAIR_MODES, "pairing": PAIRINGS}
        for name, allowed in choices.items():
            if getattr(self, name) not in allowed:
                raise InputError(f"unknown {name} {getattr(self, name)!r}; choose one of {', '.join(allowed)}")
        positive = {"epochs": self.epochs, "batch_size": self.batch_size, "learning_rate": self.learning_rate,
                    "margin": self.margin}
        for name, value in positive.items():
            if value <= 0:
                raise InputError(f"{name} must be positive, got {value}")
        for name in ("max_steps", "max_seq_length", "save_steps", "save_total_limit"):
            value = getattr(self, name)
            if value is not None and value < 1:
                raise InputError(f"{name} must be at least 1, got {value}")
        if not 0 <= self.warmup_ratio < 1:
            raise InputError(f"warmup_ratio must be in [0, 1), got {self.warmup_ratio}")
        if self.weight_decay < 0:
            raise InputError(f"weight_decay must not be negative, got {self.weight_decay}")
        if not 0 <= self.validation_fraction < 1:
            raise InputError(f"validation_fraction must be in [0, 1), got {self.validation_fraction}")
        return self

    def to_dict(self) -> dict[str, Any]:
        return dataclasses.asdict(self)


@dataclass
class TrainingResult:
    """What :meth:`ParaqdTrainer.train` produced."""

    model_dir: Path
    metadata: dict[str, Any]
    steps: int
    seconds: float
    examples_seen: int = 0
    history: list[dict[str, Any]] = field(default_factory=list)

    @property
    def examples_per_second(self) -> float:
        return self.examples_seen / self.seconds if self.seconds > 0 else 0.0
