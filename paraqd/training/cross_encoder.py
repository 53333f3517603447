"""paraqd's one cross-encoder training path: sentence-transformers' ``CrossEncoderTrainer`` with binary
cross-entropy, for the pair cross-encoder and for the LoRA verifier alike.

A cross-encoder reads both texts in one transformer pass and outputs one logit; ``sigmoid(logit)`` is the
probability that the pair agrees. Every cross-encoder paraqd trains goes through :func:`fit_cross_encoder`
(AdamW, linear warm-up then linear decay, gradients clipped at norm 1, ``BinaryCrossEntropyLoss``); a new loss
is one more ``loss=`` there.

Two users:

* :func:`train_cross_encoder` / :class:`PairCrossEncoder` (``paraqd pairs cross-train``, ``pairs silver``): the
  whole model, initialised from the embedded MiniLM, with seed optimisation (the paper, after Dodge et al.,
  2020: train one model per seed for the first 20 % of the steps, score each on a held-out dev split (average
  precision) and continue only the best one to the end). Augmented SBERT (Thakur et al., 2021) labels silver
  pairs with it.
* :func:`train_verifier` (``paraqd train --recipe verifier``, :class:`paraqd.verifier.PairVerifier`): the
  embedded all-MiniLM-L6-v2 as ``BertForSequenceClassification`` (one logit) with a LoRA adapter (rank ``r`` on
  every attention and feed-forward projection; pooler and classifier trained in full), trained on operator-made
  pairs (:mod:`paraqd.training.verifier_data`). The embedding matrix stays frozen and batches are built from
  pairs of similar length (:func:`length_batches`, dynamic padding). The trained artefact is the PEFT adapter
  folder (``adapter_config.json`` + ``adapter_model.safetensors``, a few MB) that loads offline on top of the
  embedded encoder. ``lora_r=0`` fine-tunes every weight except the embedding matrix instead (for comparison).

Of paraqd it imports only the foundation (defaults, errors, io, resources), besides torch, transformers,
sentence-transformers and peft: it runs on a machine without spaCy.
"""

from __future__ import annotations

import copy
import json
import logging
import math
import os
import random
import shutil
import tempfile
import time
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any, Protocol

import numpy as np

from ..defaults import DEFAULT_SEED
from ..errors import InputError, ModelUnavailableError
from ..io import give_umask, staging_dir, write_json
from ..resources import resolve_encoder

logger = logging.getLogger(__name__)

ADAPTER_FILES = ("adapter_config.json", "adapter_model.safetensors")
LORA_TARGETS = ["query", "key", "value", "attention.output.dense", "intermediate.dense", "output.dense"]


def _torch():
    import torch

    return torch


# --------------------------------------------------------------------------------------------------------------
# The trainer


def fit_cross_encoder(model, texts_a: Sequence[str], texts_b: Sequence[str], labels: Sequence[float], *,
                      steps: int, batch_size: int, lr: float, output_dir: str | os.PathLike, seed: int = DEFAULT_SEED,
                      warmup: float = 0.1, weight_decay: float = 0.01, batch_sampler=None, device: str | None = None,
                      callbacks: Sequence[Any] = (), progress: bool | None = None, loss=None):
    """A ``CrossEncoderTrainer`` for ``model`` (a sentence-transformers ``CrossEncoder``) on labelled pairs.

    ``steps`` optimiser steps of ``batch_size`` pairs (the data order is drawn from ``seed``; several epochs
    when ``steps`` exceeds one pass); AdamW with ``weight_decay`` (not on biases and LayerNorm), linear warm-up
    over the fraction ``warmup`` of the steps then linear decay to 0, gradients clipped at norm 1; the loss is
    ``BinaryCrossEntropyLoss`` unless ``loss`` (built from ``model``) says otherwise. ``batch_sampler``: a
    callable ``(dataset, **kwargs) -> DefaultBatchSampler`` (default: random batches). Returns the trainer;
    call ``.train()`` on it (``save_strategy`` is ``"no"``: checkpoints only where a callback asks).
    """
    from datasets import Dataset
    from sentence_transformers.cross_encoder import CrossEncoderTrainer, CrossEncoderTrainingArguments
    from sentence_transformers.cross_encoder.losses import BinaryCrossEntropyLoss

    if not len(texts_a) == len(texts_b) == len(labels):
        raise ValueError(f"got {len(texts_a)} first texts, {len(texts_b)} second texts and {len(labels)} labels")
    dataset = Dataset.from_dict({"text_a": list(texts_a), "text_b": list(texts_b),
                                 "label": [float(y) for y in labels]})
    extra = {} if batch_sampler is None else {"batch_sampler": batch_sampler}
    args = CrossEncoderTrainingArguments(
        output_dir=str(output_dir), max_steps=int(steps), per_device_train_batch_size=batch_size,
        learning_rate=lr, weight_decay=weight_decay, warmup_steps=warmup, lr_scheduler_type="linear",
        optim="adamw_torch", max_grad_norm=1.0, seed=seed, data_seed=seed, save_strategy="no",
        logging_strategy="no", report_to="none", disable_tqdm=progress is False,
        dataloader_num_workers=0, dataloader_pin_memory=False, use_cpu=device == "cpu", **extra)
    trainer = CrossEncoderTrainer(model=model, args=args, train_dataset=dataset,
                                  loss=loss if loss is not None else BinaryCrossEntropyLoss(model),
                                  callbacks=list(callbacks))
    if progress is False:  # nor the end-of-training metrics printed to stdout
        from transformers.trainer_callback import PrinterCallback

        trainer.remove_callback(PrinterCallback)
    return trainer


class _StopAt:
    """A trainer callback that saves a checkpoint and stops when ``step`` is reached (seed optimisation)."""

    def __new__(cls, step: int):
        from transformers import TrainerCallback

        class _Stop(TrainerCallback):
            def on_step_end(self, args, state, control, **kwargs):
                if state.global_step == step:
                    control.should_save = True
                    control.should_training_stop = True

        return _Stop()


# --------------------------------------------------------------------------------------------------------------
# The pair cross-encoder (whole model, seed optimisation)


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
                stop = _StopAt(early)
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


# --------------------------------------------------------------------------------------------------------------
# The LoRA verifier


@dataclass
class VerifierConfig:
    """Hyper-parameters of :func:`train_verifier`."""

    epochs: float = 1.0
    batch_size: int = 32
    lr: float = 5e-4
    warmup: float = 0.06
    weight_decay: float = 0.01
    max_length: int = 192
    lora_r: int = 16
    lora_alpha: int = 32
    lora_dropout: float = 0.05
    seed: int = DEFAULT_SEED
    threads: int | None = None
    time_budget_s: float | None = None

    def validate(self) -> VerifierConfig:
        if self.epochs <= 0 or self.batch_size < 1 or self.lr <= 0 or self.max_length < 16 or self.lora_r < 0:
            raise ValueError(f"invalid verifier configuration: {self}")
        return self

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


def load_base(base_dir: str | os.PathLike, *, device: str = "cpu", seed: int = DEFAULT_SEED):
    """The MiniLM encoder as a one-logit sequence classifier (fp32; the classifier initialised from ``seed``)."""
    torch = _torch()
    from transformers import AutoModelForSequenceClassification, AutoTokenizer
    from transformers.utils import logging as hf_logging

    torch.manual_seed(seed)
    verbosity = hf_logging.get_verbosity()
    hf_logging.set_verbosity_error()  # "newly initialized: classifier" is expected
    try:
        model = AutoModelForSequenceClassification.from_pretrained(str(base_dir), num_labels=1,
                                                                   dtype=torch.float32)
    finally:
        hf_logging.set_verbosity(verbosity)
    tokenizer = AutoTokenizer.from_pretrained(str(base_dir))
    return model.to(device), tokenizer


def add_lora(model, config: VerifierConfig):
    """Wrap ``model`` with a LoRA adapter; the pooler and classifier are trained in full (``modules_to_save``)."""
    from peft import LoraConfig, get_peft_model

    lora = LoraConfig(r=config.lora_r, lora_alpha=config.lora_alpha, lora_dropout=config.lora_dropout,
                      target_modules=LORA_TARGETS, modules_to_save=["classifier", "pooler"], task_type="SEQ_CLS")
    return get_peft_model(model, lora)


def tokenize_pairs(tokenizer, questions: Sequence[str], candidates: Sequence[str], max_length: int) -> list[list]:
    """Token ids and segment ids of each pair, truncated to ``max_length`` (longest text cut first)."""
    enc = tokenizer(list(questions), list(candidates), truncation="longest_first", max_length=max_length)
    return [list(x) for x in zip(enc["input_ids"], enc["token_type_ids"])]


def length_batches(lengths: Sequence[int], batch_size: int, rng: random.Random | None,
                   window: int = 64) -> list[list[int]]:
    """Batches of indices with similar lengths: shuffled in windows of ``window`` batches, sorted within each
    (``rng`` None: no shuffling, for inference)."""
    order = list(range(len(lengths)))
    if rng is not None:
        rng.shuffle(order)
    batches = []
    span = batch_size * window
    for i in range(0, len(order), span):
        chunk = sorted(order[i:i + span], key=lambda j: lengths[j])
        batches.extend(chunk[k:k + batch_size] for k in range(0, len(chunk), batch_size))
    if rng is not None:
        rng.shuffle(batches)
    return batches


def length_batch_sampler(lengths: Sequence[int]):
    """A ``batch_sampler`` for :func:`fit_cross_encoder`: :func:`length_batches` over ``lengths`` (the token
    count of each pair), reshuffled each epoch from the trainer's seed."""
    from sentence_transformers.base.sampler import DefaultBatchSampler

    class LengthBatchSampler(DefaultBatchSampler):
        def __iter__(self):
            rng = random.Random(self.seed * 1_000_003 + self.epoch)
            yield from length_batches(lengths, self.batch_size, rng)

        def __len__(self):
            return math.ceil(len(lengths) / self.batch_size)

    def make(dataset, **kwargs):
        if len(dataset) != len(lengths):
            raise ValueError(f"{len(lengths)} lengths for {len(dataset)} pairs")
        return LengthBatchSampler(dataset, **kwargs)

    return make


def collate(items: Sequence[list], device: str):
    """Pad one batch of (ids, segments) to its longest pair."""
    torch = _torch()
    width = max(len(ids) for ids, _ in items)
    ids = torch.zeros((len(items), width), dtype=torch.long)
    seg = torch.zeros_like(ids)
    mask = torch.zeros_like(ids)
    for row, (a, b) in enumerate(items):
        ids[row, :len(a)] = torch.tensor(a)
        seg[row, :len(b)] = torch.tensor(b)
        mask[row, :len(a)] = 1
    return {"input_ids": ids.to(device), "token_type_ids": seg.to(device), "attention_mask": mask.to(device)}


@dataclass
class TrainReport:
    pairs: int
    steps: int
    seconds: float
    pairs_per_second: float
    final_loss: float
    history: list[dict[str, Any]]

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


def as_cross_encoder(model, tokenizer, max_length: int, device: str | None = "cpu"):
    """A sentence-transformers ``CrossEncoder`` whose transformer is ``model`` (a plain or PEFT-wrapped
    one-logit sequence classifier, shared, not copied) and whose tokenizer is ``tokenizer``: what
    :func:`fit_cross_encoder` trains. The wrapper is built from the folder ``model`` was loaded from."""
    from sentence_transformers import CrossEncoder
    from transformers.utils import logging as hf_logging

    inner = model.get_base_model() if hasattr(model, "get_base_model") else model
    source = getattr(inner.config, "_name_or_path", None) or getattr(inner.config, "name_or_path", None)
    if not source or not Path(source).is_dir():
        raise ValueError("the classifier must come from a local folder (load_base) to be trained as a cross-encoder")
    verbosity = hf_logging.get_verbosity()
    hf_logging.set_verbosity_error()
    try:
        wrapper = CrossEncoder(str(source), num_labels=1, max_length=max_length, device=device)
    finally:
        hf_logging.set_verbosity(verbosity)
    wrapper[0].model = model  # the caller's model is the one trained
    wrapper[0].processor = copy.deepcopy(tokenizer)  # max_seq_length sets model_max_length: not on the caller's
    wrapper[0].max_seq_length = max_length
    return wrapper


def _verifier_callbacks(state: dict[str, Any], config: VerifierConfig, model, start: float,
                        on_epoch: Callable[[int, Any], dict[str, Any]] | None, log: Callable[[str], None] | None):
    """Trainer callbacks: the time budget, a log line every 100 steps, one history entry per epoch."""
    from transformers import TrainerCallback

    def entry(epoch: int, step: int) -> None:
        record: dict[str, Any] = {"epoch": epoch, "step": step, "loss": state["loss"],
                                  "seconds": time.perf_counter() - start}
        if on_epoch is not None:
            model.eval()
            record.update(on_epoch(epoch, model) or {})
            model.train()
        state["history"].append(record)
        state["logged_step"] = step
        if log:
            log(json.dumps(record))

    class Callbacks(TrainerCallback):
        def on_step_end(self, args, trainer_state, control, **kwargs):
            step = trainer_state.global_step
            if log and step % 100 == 0:
                rate = state["seen"] / (time.perf_counter() - start)
                log(f"step {step}/{trainer_state.max_steps} loss {state['loss']:.4f} {rate:.1f} pairs/s")
            if config.time_budget_s and time.perf_counter() - start > config.time_budget_s:
                control.should_training_stop = True

        def on_epoch_end(self, args, trainer_state, control, **kwargs):
            entry(len(state["history"]) + 1, trainer_state.global_step)

        def on_train_end(self, args, trainer_state, control, **kwargs):
            if trainer_state.global_step > state["logged_step"]:  # a part epoch (fractional epochs, time budget)
                entry(len(state["history"]) + 1, trainer_state.global_step)

    return [Callbacks()]


def train_verifier(model, tokenizer, questions: Sequence[str], candidates: Sequence[str], labels: Sequence[int],
                   config: VerifierConfig | None = None, *, device: str = "cpu",
                   on_epoch: Callable[[int, Any], dict[str, Any]] | None = None,
                   log: Callable[[str], None] | None = None) -> TrainReport:
    """Train ``model`` (a LoRA-wrapped or plain classifier from :func:`load_base`) on labelled pairs with binary
    cross-entropy, in place, through :func:`fit_cross_encoder` (batches of similar length, embeddings frozen).

    ``config.epochs`` may be fractional (1.5 = one pass and half of another); ``config.time_budget_s`` stops
    early, after the step that crosses it. ``on_epoch(epoch, model)`` runs after each whole epoch and its dict
    goes into the report's history (e.g. a dev-set ROC-AUC).
    """
    torch = _torch()
    from sentence_transformers.cross_encoder.losses import BinaryCrossEntropyLoss

    config = (config or VerifierConfig()).validate()
    if len(questions) != len(candidates) or len(questions) != len(labels):
        raise ValueError(f"got {len(questions)} questions, {len(candidates)} candidates and {len(labels)} labels")
    if config.threads:
        torch.set_num_threads(config.threads)
    base = getattr(model, "base_model", model)
    embeddings = base.get_input_embeddings() if hasattr(base, "get_input_embeddings") else None
    if embeddings is not None:
        embeddings.weight.requires_grad_(False)
    lengths = [len(ids) for ids, _ in tokenize_pairs(tokenizer, questions, candidates, config.max_length)]
    total = max(1, int(round(math.ceil(len(lengths) / config.batch_size) * config.epochs)))
    wrapper = as_cross_encoder(model, tokenizer, config.max_length, device)
    state: dict[str, Any] = {"loss": float("nan"), "seen": 0, "history": [], "logged_step": 0}

    class TrackedLoss(BinaryCrossEntropyLoss):  # the running loss and the pairs seen, for the report
        def forward(self, inputs, labels, *args, **kwargs):
            loss = super().forward(inputs, labels, *args, **kwargs)
            if torch.is_grad_enabled():
                value = float(loss.detach())
                state["loss"] = value if math.isnan(state["loss"]) else 0.98 * state["loss"] + 0.02 * value
                state["seen"] += int(labels.numel())
            return loss

    start = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="paraqd-verifier-") as tmp:
        trainer = fit_cross_encoder(
            wrapper, questions, candidates, labels, steps=total, batch_size=config.batch_size, lr=config.lr,
            output_dir=tmp, seed=config.seed, warmup=config.warmup, weight_decay=config.weight_decay,
            batch_sampler=length_batch_sampler(lengths), device=device, loss=TrackedLoss(wrapper), progress=False,
            callbacks=_verifier_callbacks(state, config, model, start, on_epoch, log))
        trainer.train()
        steps = trainer.state.global_step
    model.eval()
    seconds = time.perf_counter() - start
    return TrainReport(pairs=state["seen"], steps=steps, seconds=seconds,
                       pairs_per_second=state["seen"] / max(seconds, 1e-9), final_loss=state["loss"],
                       history=state["history"])


def predict_logits(model, tokenizer, questions: Sequence[str], candidates: Sequence[str], *,
                   batch_size: int = 64, max_length: int = 192, device: str = "cpu") -> np.ndarray:
    """The verifier's logit for each (question, candidate) pair (float32; sigmoid gives the probability)."""
    torch = _torch()
    if len(questions) != len(candidates):
        raise ValueError(f"got {len(questions)} questions but {len(candidates)} candidates")
    out = np.zeros(len(questions), dtype=np.float32)
    if not len(questions):
        return out
    data = tokenize_pairs(tokenizer, questions, candidates, max_length)
    was_training = model.training
    model.eval()
    with torch.inference_mode():
        for batch in length_batches([len(ids) for ids, _ in data], batch_size, None):
            logits = model(**collate([data[i] for i in batch], device)).logits.squeeze(-1)
            out[batch] = logits.float().cpu().numpy()
    if was_training:
        model.train()
    return out


def save_adapter(model, output_dir: str | os.PathLike, metadata: dict[str, Any] | None = None) -> Path:
    """Write the LoRA adapter (+ pooler and classifier) and ``verifier.json`` (how it was trained) to a folder."""
    out = Path(output_dir)
    out.mkdir(parents=True, exist_ok=True)
    model.save_pretrained(str(out))
    give_umask(out)  # adapter_model.safetensors is written 0600
    config_path = out / "adapter_config.json"
    if config_path.is_file():  # do not record where the base happened to live on this machine
        data = json.loads(config_path.read_text())
        data["base_model_name_or_path"] = "all-MiniLM-L6-v2"
        write_json(data, config_path, sort_keys=True)
    if metadata is not None:
        write_json(metadata, out / "verifier.json", sort_keys=True)
    return out


def load_adapter(base_dir: str | os.PathLike, adapter_dir: str | os.PathLike, *, device: str = "cpu"):
    """The verifier: the base encoder with the adapter of ``adapter_dir`` applied (for inference)."""
    from peft import PeftModel

    model, tokenizer = load_base(base_dir, device=device)
    model = PeftModel.from_pretrained(model, str(adapter_dir))
    model.eval()
    return model.to(device), tokenizer
