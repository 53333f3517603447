"""The pair cross-encoder: :func:`train_cross_encoder` / :class:`PairCrossEncoder` (``paraqd pairs
cross-train``, ``pairs silver``), trained through :func:`paraqd.training.cross_encoder_fit.fit_cross_encoder`
(paraqd's one cross-encoder training path).

The whole model, initialised from the embedded MiniLM, with seed optimisation (the paper, after Dodge et al.,
2020: train one model per seed for the first 20 % of the steps, score each on a held-out dev split (average
precision) and continue only the best one to the end). Augmented SBERT (Thakur et al., 2021) labels silver
pairs with it.

The trainer (:func:`fit_cross_encoder`) and the LoRA verifier (:func:`train_verifier` and its pieces, now in
:mod:`paraqd.training.verifier_training`) are re-exported here so that existing imports keep working.

Of paraqd it imports only the foundation (errors, io, resources), besides torch, transformers and
sentence-transformers: it runs on a machine without spaCy.
"""

from __future__ import annotations

import logging
import os
import shutil
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Protocol

import numpy as np

from ..errors import InputError, ModelUnavailableError
from ..io import give_umask, staging_dir
from ..resources import resolve_encoder
from .cross_encoder_fit import StopAt, fit_cross_encoder
from .verifier_training import (
    ADAPTER_FILES,
    LORA_TARGETS,
    TrainReport,
    VerifierConfig,
    add_lora,
    as_cross_encoder,
    collate,
    length_batch_sampler,
    length_batches,
    load_adapter,
    load_base,
    predict_logits,
    save_adapter,
    tokenize_pairs,
    train_verifier,
)

__all__ = [
    "ADAPTER_FILES", "LORA_TARGETS", "CrossEncoderTrainingConfig", "LabelledTexts", "PairCrossEncoder",
    "TrainReport", "TrainingReport", "VerifierConfig", "StopAt", "add_lora", "as_cross_encoder", "collate",
    "dev_average_precision", "fit_cross_encoder", "length_batch_sampler", "length_batches", "load_adapter",
    "load_base", "predict_logits", "save_adapter", "tokenize_pairs", "train_cross_encoder", "train_verifier",
]

logger = logging.getLogger(__name__)


def _torch():
    import torch

    return torch


class LabelledTexts(Protocol):
    """What :func:`train_cross_encoder` reads of a gold pair (e.g. :class:`paraqd.pairs.data.LabelledPair`)."""

    text_a: str
    text_b: str
    label: int


class PairCrossEncoder:
    """Scores ``(text_a, text_b)`` pairs with a sentence-transformers ``CrossEncoder`` (one output)."""

    def __init__(self, model):
        self.model = model

    @classmethod
    def from_pretrained(cls, name_or_path: str | None = None, max_length: int = 128, seed: int = 0,
                        device: str | None = "cpu") -> PairCrossEncoder:
        """A cross-encoder with ``name_or_path``'s transformer (default: the embedded MiniLM).

        A sentence encoder has no classification head: it is created at random (seeded), to be trained.
        """
        torch = _torch()
        from sentence_transformers import CrossEncoder
        from transformers.utils import logging as hf_logging

        path = resolve_encoder(name_or_path)
        torch.manual_seed(seed)
        verbosity = hf_logging.get_verbosity()
        hf_logging.set_verbosity_error()  # the "classifier weights missing" report is expected here
        try:
            model = CrossEncoder(path, num_labels=1, max_length=max_length, device=device)
        except (OSError, ValueError) as exc:
            raise ModelUnavailableError(str(name_or_path or path), reason=str(exc).splitlines()[0]) from None
        finally:
            hf_logging.set_verbosity(verbosity)
        logger.debug("cross-encoder from %s, classification head initialised with seed %d", path, seed)
        return cls(model)

    @classmethod
    def load(cls, path: str | os.PathLike, device: str | None = "cpu") -> PairCrossEncoder:
        """Load a cross-encoder saved with :meth:`save`."""
        from sentence_transformers import CrossEncoder

        path = Path(path)
        if not path.is_dir():
            raise InputError(f"{path}: not a saved cross-encoder directory")
        try:
            return cls(CrossEncoder(str(path), device=device))
        except (OSError, ValueError) as exc:
            raise ModelUnavailableError(str(path), reason=str(exc).splitlines()[0]) from None

    def save(self, path: str | os.PathLike) -> Path:
        """Save to directory ``path``; it appears complete or not at all (written aside, then renamed)."""
        path = Path(path)
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = staging_dir(path)
        try:
            self.model.save(str(tmp))
            give_umask(tmp)  # model.safetensors is written 0600
            if path.exists():
                shutil.rmtree(path)
            os.replace(tmp, path)
        finally:
            if tmp.exists():
                shutil.rmtree(tmp)
        return path

    def predict(self, pairs: Sequence[tuple[str, str]], batch_size: int = 32,
                progress: bool | None = None) -> np.ndarray:
        """Duplicate probability of each pair, in ``[0, 1]``; ``progress``: show a bar (None: on a terminal)."""
        if len(pairs) == 0:
            return np.zeros(0, dtype=np.float32)
        torch = _torch()
        from tqdm.auto import tqdm

        self.model.model.eval()
        out = []
        with torch.inference_mode():
            for start in tqdm(range(0, len(pairs), batch_size), desc="cross-encoder", unit="batch",
                              disable=None if progress is None else not progress, leave=False):
                batch = pairs[start:start + batch_size]
                logits = self._logits([a for a, _ in batch], [b for _, b in batch])
                out.append(torch.sigmoid(logits).float().cpu().numpy())
        return np.concatenate(out)

    def score(self, text_a: str, text_b: str) -> float:
        """Duplicate probability of one pair (use :meth:`predict` for many)."""
        return float(self.predict([(text_a, text_b)])[0])

    def _logits(self, a: list[str], b: list[str]):
        max_len = getattr(self.model, "max_seq_length", None) or self.model.tokenizer.model_max_length
        enc = self.model.tokenizer(a, b, padding=True, truncation=True, max_length=max_len, return_tensors="pt")
        enc = {k: v.to(self.model.model.device) for k, v in enc.items()}
        return self.model.model(**enc).logits.squeeze(-1)


@dataclass
class CrossEncoderTrainingConfig:
    """Training settings (the paper: batch 16, lr 1e-5 on BERT-base; MiniLM trains well at 2e-5)."""

    epochs: float = 1.0
    batch_size: int = 16
    lr: float = 2e-5
    warmup_fraction: float = 0.1
    max_length: int = 128
    max_steps: int | None = None
    seeds: tuple[int, ...] = (0,)
    early_stop_fraction: float = 0.2
    dev_fraction: float = 0.2


@dataclass
class TrainingReport:
    steps: int
    seed: int
    seed_scores: dict[int, float] = field(default_factory=dict)  # dev AP at the early stop, per seed
    dev_score: float | None = None

    def summary(self) -> str:
        parts = [f"cross-encoder: {self.steps} steps, seed {self.seed}"]
        if len(self.seed_scores) > 1:
            parts.append("seed optimisation (dev AP at early stop): "
                         + ", ".join(f"{s}: {v:.4f}" for s, v in self.seed_scores.items()))
        if self.dev_score is not None:
            parts.append(f"final dev AP {self.dev_score:.4f}")
        return "; ".join(parts)


def _trainer(train: list[LabelledTexts], config: CrossEncoderTrainingConfig, total: int, seed: int,
             base: str | None, output_dir: Path, progress: bool | None):
    """A new cross-encoder (head drawn from ``seed``) and its :func:`fit_cross_encoder` trainer for ``total``
    steps (AdamW, weight decay 0.01, warm-up over ``warmup_fraction``, the data order drawn from ``seed``)."""
    encoder = PairCrossEncoder.from_pretrained(base, config.max_length, seed)
    trainer = fit_cross_encoder(encoder.model, [p.text_a for p in train], [p.text_b for p in train],
                                [p.label for p in train], steps=total, batch_size=config.batch_size, lr=config.lr,
                                warmup=config.warmup_fraction, seed=seed, output_dir=output_dir, progress=progress)
    return encoder, trainer


def dev_average_precision(model: PairCrossEncoder, dev: Sequence[LabelledTexts]) -> float:
    """AP of the cross-encoder on labelled pairs (negated log loss when ``dev`` has one class)."""
    from sklearn.metrics import average_precision_score, log_loss

    scores = model.predict([(p.text_a, p.text_b) for p in dev], progress=False)
    labels = [p.label for p in dev]
    if len(set(labels)) < 2:
        return -float(log_loss(labels, np.clip(scores, 1e-6, 1 - 1e-6), labels=[0, 1]))
    return float(average_precision_score(labels, scores))


def train_cross_encoder(gold: Sequence[LabelledTexts], config: CrossEncoderTrainingConfig | None = None,
                        base: str | None = None, progress: bool | None = None
                        ) -> tuple[PairCrossEncoder, TrainingReport]:
    """Train a cross-encoder on gold pairs, with seed optimisation when ``config.seeds`` has several seeds.

    Training is :func:`fit_cross_encoder`. With several seeds, each trains the first ``early_stop_fraction`` of
    the (full) schedule and is checkpointed; the best on the dev split resumes from its checkpoint to the end.
    """
    config = config or CrossEncoderTrainingConfig()
    gold = list(gold)
    if len(gold) < 2:
        raise InputError("training a cross-encoder needs at least two gold pairs")
    if not config.seeds:
        raise InputError("give at least one seed")
    if not 0 < config.early_stop_fraction <= 1:
        raise InputError("the early stop must be a fraction in (0, 1]")
    train, dev = list(gold), []
    if len(config.seeds) > 1:  # the dev split only serves to pick the seed
        rng = np.random.default_rng(config.seeds[0])
        order = rng.permutation(len(gold))
        n_dev = round(config.dev_fraction * len(gold))
        if 0 < n_dev < len(gold):
            dev = [gold[i] for i in order[:n_dev]]
            train = [gold[i] for i in order[n_dev:]]
    if len(config.seeds) > 1 and not dev:
        raise InputError("seed optimisation needs a dev split: raise --dev-fraction or give more gold pairs")
    steps_per_epoch = -(-len(train) // config.batch_size)
    total = max(1, round(config.epochs * steps_per_epoch))
    if config.max_steps:
        total = min(total, config.max_steps)
    early = max(1, round(config.early_stop_fraction * total))
    seed_scores: dict[int, float] = {}
    best_seed = config.seeds[0]
    with tempfile.TemporaryDirectory(prefix="paraqd-cross-encoder-") as tmp:
        if len(config.seeds) == 1:
            best, trainer = _trainer(train, config, total, best_seed, base, Path(tmp) / "run", progress)
            trainer.train()
        else:
            runs = {}
            for seed in config.seeds:
                encoder, trainer = _trainer(train, config, total, seed, base, Path(tmp) / f"seed-{seed}", progress)
                stop = StopAt(early)
                trainer.add_callback(stop)
                trainer.train()  # the first `early` steps of the full schedule, then a checkpoint
                trainer.remove_callback(stop)
                seed_scores[seed] = dev_average_precision(encoder, dev)
                logger.info("seed %d: dev AP %.4f after %d/%d steps", seed, seed_scores[seed], early, total)
                runs[seed] = (encoder, trainer)
                if seed_scores[seed] > seed_scores[best_seed]:
                    best_seed = seed
            best, trainer = runs.pop(best_seed)
            runs.clear()  # free the models that lost
            if early < total:
                trainer.train(resume_from_checkpoint=str(Path(tmp) / f"seed-{best_seed}" / f"checkpoint-{early}"))
    report = TrainingReport(total, best_seed, seed_scores, dev_average_precision(best, dev) if dev else None)
    best.model.model.eval()
    return best, report
