"""paraqd's one cross-encoder training path: sentence-transformers' ``CrossEncoderTrainer`` with binary
cross-entropy, for the pair cross-encoder and for the LoRA verifier alike.

A cross-encoder reads both texts in one transformer pass and outputs one logit; ``sigmoid(logit)`` is the
probability that the pair agrees. Every cross-encoder paraqd trains goes through :func:`fit_cross_encoder`
(AdamW, linear warm-up then linear decay, gradients clipped at norm 1, ``BinaryCrossEntropyLoss``); a new loss
is one more ``loss=`` there.

Two users:

* :mod:`paraqd.training.cross_encoder`: the pair cross-encoder (whole model, seed optimisation;
  ``paraqd pairs cross-train``, ``pairs silver``).
* :mod:`paraqd.training.verifier_training`: the LoRA verifier (``paraqd train --recipe verifier``,
  :class:`paraqd.verifier.PairVerifier`).

Of paraqd it imports only the foundation (defaults), besides transformers, datasets and sentence-transformers.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from typing import Any

from ..defaults import DEFAULT_SEED


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


class StopAt:
    """A trainer callback that saves a checkpoint and stops when ``step`` is reached (seed optimisation)."""

    def __new__(cls, step: int):
        from transformers import TrainerCallback

        class _Stop(TrainerCallback):
            def on_step_end(self, args, state, control, **kwargs):
                if state.global_step == step:
                    control.should_save = True
                    control.should_training_stop = True

        return _Stop()
