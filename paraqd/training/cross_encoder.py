"""A cross-encoder verifier: MiniLM reads the question and the candidate together and says whether they agree.

The verifier is ``BertForSequenceClassification`` (one logit) built on the embedded all-MiniLM-L6-v2, trained
with binary cross-entropy on operator-made pairs (:mod:`paraqd.training.verifier_data`). Only a LoRA adapter
(rank ``r`` on every attention and feed-forward projection) and the pooler + classifier are trained, so the
trained artefact is a few MB (``adapter_config.json`` + ``adapter_model.safetensors``) that loads offline on top
of the embedded encoder (:class:`paraqd.verifier.PairVerifier`; experimental, not the default score: that is
the hybrid score of :meth:`paraqd.scoring.ParaphraseScorer.load`).
``lora_r=0`` fine-tunes every weight except the embedding matrix instead (for comparison; a full model).

Training is tuned for CPUs: the pairs are tokenised once, batches are built from pairs of similar length
(dynamic padding, no pad tokens wasted), sequences are capped at ``max_length`` tokens, and the embedding matrix
stays frozen. :func:`train_verifier` reports pairs per second.

Of paraqd it imports only the foundation (defaults, io), besides torch, transformers and peft: it runs on a
machine without spaCy.
"""

from __future__ import annotations

import json
import math
import os
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

import numpy as np

from ..defaults import DEFAULT_SEED
from ..io import write_json

ADAPTER_FILES = ("adapter_config.json", "adapter_model.safetensors")
LORA_TARGETS = ["query", "key", "value", "attention.output.dense", "intermediate.dense", "output.dense"]


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


def _torch():
    import torch

    return torch


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


def train_verifier(model, tokenizer, questions: Sequence[str], candidates: Sequence[str], labels: Sequence[int],
                   config: VerifierConfig | None = None, *, device: str = "cpu",
                   on_epoch: Callable[[int, Any], dict[str, Any]] | None = None,
                   log: Callable[[str], None] | None = None) -> TrainReport:
    """Train ``model`` (a LoRA-wrapped or plain classifier) on labelled pairs with binary cross-entropy.

    ``config.epochs`` may be fractional (1.5 = one pass and half of another); ``config.time_budget_s`` stops
    early, after the step that crosses it. ``on_epoch(epoch, model)`` runs after each whole epoch and its dict
    goes into the report's history (e.g. a dev-set ROC-AUC).
    """
    torch = _torch()
    config = (config or VerifierConfig()).validate()
    if config.threads:
        torch.set_num_threads(config.threads)
    rng = random.Random(config.seed)
    torch.manual_seed(config.seed)
    data = tokenize_pairs(tokenizer, questions, candidates, config.max_length)
    y = torch.tensor(list(labels), dtype=torch.float32)
    lengths = [len(ids) for ids, _ in data]
    steps_per_epoch = math.ceil(len(data) / config.batch_size)
    total = max(1, int(round(steps_per_epoch * config.epochs)))
    base = getattr(model, "base_model", model)
    embeddings = base.get_input_embeddings() if hasattr(base, "get_input_embeddings") else None
    if embeddings is not None:
        embeddings.weight.requires_grad_(False)
    params = [p for p in model.parameters() if p.requires_grad]
    optimiser = torch.optim.AdamW(params, lr=config.lr, weight_decay=config.weight_decay)
    warm = max(1, int(total * config.warmup))
    schedule = torch.optim.lr_scheduler.LambdaLR(
        optimiser, lambda s: min((s + 1) / warm, max(0.0, (total - s) / max(1, total - warm))))
    loss_fn = torch.nn.BCEWithLogitsLoss()
    model.train()
    history: list[dict[str, Any]] = []
    step, seen, running = 0, 0, float("nan")
    start = time.perf_counter()
    epoch = 0
    while step < total:
        epoch += 1
        for batch in length_batches(lengths, config.batch_size, rng):
            inputs = collate([data[i] for i in batch], device)
            logits = model(**inputs).logits.squeeze(-1)
            loss = loss_fn(logits, y[batch].to(device))
            loss.backward()
            torch.nn.utils.clip_grad_norm_(params, 1.0)
            optimiser.step()
            schedule.step()
            optimiser.zero_grad(set_to_none=True)
            step += 1
            seen += len(batch)
            value = float(loss.detach())
            running = value if math.isnan(running) else 0.98 * running + 0.02 * value
            if log and step % 100 == 0:
                rate = seen / (time.perf_counter() - start)
                log(f"step {step}/{total} loss {running:.4f} {rate:.1f} pairs/s")
            if step >= total or (config.time_budget_s and time.perf_counter() - start > config.time_budget_s):
                break
        entry: dict[str, Any] = {"epoch": epoch, "step": step, "loss": running,
                                 "seconds": time.perf_counter() - start}
        if on_epoch is not None:
            model.eval()
            entry.update(on_epoch(epoch, model) or {})
            model.train()
        history.append(entry)
        if log:
            log(json.dumps(entry))
        if config.time_budget_s and time.perf_counter() - start > config.time_budget_s:
            break
    model.eval()
    seconds = time.perf_counter() - start
    return TrainReport(pairs=seen, steps=step, seconds=seconds, pairs_per_second=seen / max(seconds, 1e-9),
                       final_loss=running, history=history)


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
