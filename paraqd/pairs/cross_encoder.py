"""A cross-encoder for pairs, initialised from the embedded MiniLM, with seed optimisation.

A cross-encoder reads both texts in one transformer pass and outputs one logit; ``sigmoid(logit)`` is the
probability that the pair is a duplicate/paraphrase. Augmented SBERT (Thakur et al., 2021) trains one on
the gold pairs and uses it to label silver pairs for the bi-encoder.

Seed optimisation (the paper, after Dodge et al., 2020): train one model per seed for the first 20 % of
the steps, score each on a held-out dev split (average precision), and continue only the best one to the
end.
"""

from __future__ import annotations

import logging
import os
import shutil
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from ..errors import InputError, ModelUnavailableError
from ..io import staging_dir
from ..resources import resolve_encoder
from .data import LabelledPair

logger = logging.getLogger(__name__)


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
        import torch
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
            if path.exists():
                shutil.rmtree(path)
            os.replace(tmp, path)
        finally:
            if tmp.exists():
                shutil.rmtree(tmp)
        return path

    def predict(self, pairs: Sequence[tuple[str, str]], batch_size: int = 32,
                progress: bool | None = None) -> np.ndarray:
        """Duplicate probability of each pair, in ``[0, 1]``."""
        if len(pairs) == 0:
            return np.zeros(0, dtype=np.float32)
        import torch

        self.model.model.eval()
        out = []
        from tqdm.auto import tqdm

        with torch.inference_mode():
            for start in tqdm(range(0, len(pairs), batch_size), desc="cross-encoder", unit="batch",
                              disable=progress if progress is not None else None, leave=False):
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


class _Run:
    """One seed's training: model, optimiser, schedule and its own data order."""

    def __init__(self, pairs: list[LabelledPair], config: CrossEncoderTrainingConfig, total: int, seed: int,
                 base: str | None):
        import torch

        self.encoder = PairCrossEncoder.from_pretrained(base, config.max_length, seed)
        self.model = self.encoder.model.model
        self.pairs, self.config, self.total, self.step = pairs, config, total, 0
        self.optimizer = torch.optim.AdamW(self.model.parameters(), lr=config.lr, weight_decay=0.01)
        warmup = int(config.warmup_fraction * total)
        self.schedule = torch.optim.lr_scheduler.LambdaLR(
            self.optimizer, lambda s: (s + 1) / max(1, warmup) if s < warmup else
            max(0.0, (total - s) / max(1, total - warmup)))
        self.generator = torch.Generator().manual_seed(seed)
        self.order: list[int] = []
        self.loss = torch.nn.BCEWithLogitsLoss()

    def _next_batch(self) -> list[LabelledPair]:
        import torch

        batch = []
        while len(batch) < self.config.batch_size:
            if not self.order:
                self.order = torch.randperm(len(self.pairs), generator=self.generator).tolist()
            batch.append(self.pairs[self.order.pop()])
            if len(batch) == len(self.pairs):
                break
        return batch

    def train_until(self, step: int, bar=None) -> None:
        import torch

        self.model.train()
        while self.step < step:
            batch = self._next_batch()
            logits = self.encoder._logits([p.text_a for p in batch], [p.text_b for p in batch])
            loss = self.loss(logits, torch.tensor([float(p.label) for p in batch]))
            loss.backward()
            torch.nn.utils.clip_grad_norm_(self.model.parameters(), 1.0)
            self.optimizer.step()
            self.schedule.step()
            self.optimizer.zero_grad()
            self.step += 1
            if bar is not None:
                bar.update(1)
                bar.set_postfix(loss=f"{loss.item():.3f}")


def dev_average_precision(model: PairCrossEncoder, dev: Sequence[LabelledPair]) -> float:
    """AP of the cross-encoder on labelled pairs (negated log loss when ``dev`` has one class)."""
    from sklearn.metrics import average_precision_score, log_loss

    scores = model.predict([(p.text_a, p.text_b) for p in dev], progress=False)
    labels = [p.label for p in dev]
    if len(set(labels)) < 2:
        return -float(log_loss(labels, np.clip(scores, 1e-6, 1 - 1e-6), labels=[0, 1]))
    return float(average_precision_score(labels, scores))


def train_cross_encoder(gold: Sequence[LabelledPair], config: CrossEncoderTrainingConfig | None = None,
                        base: str | None = None, progress: bool | None = None
                        ) -> tuple[PairCrossEncoder, TrainingReport]:
    """Train a cross-encoder on gold pairs, with seed optimisation when ``config.seeds`` has several seeds."""
    from tqdm.auto import tqdm

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
    best: _Run | None = None
    best_seed = config.seeds[0]
    with tqdm(total=total + early * (len(config.seeds) - 1), desc="cross-encoder training", unit="step",
              disable=progress if progress is not None else None) as bar:
        if len(config.seeds) == 1:
            best = _Run(train, config, total, best_seed, base)
        else:
            for seed in config.seeds:
                run = _Run(train, config, total, seed, base)
                run.train_until(early, bar)
                seed_scores[seed] = dev_average_precision(run.encoder, dev)
                logger.info("seed %d: dev AP %.4f after %d/%d steps", seed, seed_scores[seed], early, total)
                if best is None or seed_scores[seed] > seed_scores[best_seed]:
                    best, best_seed = run, seed
        best.train_until(total, bar)
    report = TrainingReport(total, best_seed, seed_scores, dev_average_precision(best.encoder, dev) if dev else None)
    best.model.eval()
    return best.encoder, report
