"""The LoRA verifier (``paraqd train --recipe verifier``, :class:`paraqd.verifier.PairVerifier`): the embedded
all-MiniLM-L6-v2 as ``BertForSequenceClassification`` (one logit) with a LoRA adapter (rank ``r`` on every
attention and feed-forward projection; pooler and classifier trained in full), trained on operator-made pairs
(:mod:`paraqd.training.verifier_data`) through :func:`paraqd.training.cross_encoder_fit.fit_cross_encoder`
(paraqd's one cross-encoder training path, binary cross-entropy). The embedding matrix stays frozen and batches
are built from pairs of similar length (:func:`length_batches`, dynamic padding). The trained artefact is the
PEFT adapter folder (``adapter_config.json`` + ``adapter_model.safetensors``, a few MB) that loads offline on
top of the embedded encoder. ``lora_r=0`` fine-tunes every weight except the embedding matrix instead (for
comparison).

Of paraqd it imports only the foundation (defaults, io), besides torch, transformers, sentence-transformers and
peft: it runs on a machine without spaCy.
"""

from __future__ import annotations

import copy
import json
import math
import os
import random
import tempfile
import time
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

import numpy as np

from ..defaults import DEFAULT_SEED
from ..io import give_umask, write_json
from .cross_encoder_fit import fit_cross_encoder

ADAPTER_FILES = ("adapter_config.json", "adapter_model.safetensors")
LORA_TARGETS = ["query", "key", "value", "attention.output.dense", "intermediate.dense", "output.dense"]


def _torch():
    import torch

    return torch


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
