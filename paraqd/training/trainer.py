"""Fine-tune a sentence encoder as a paraphrase scorer (sentence-transformers' trainer, paper defaults).

:class:`ParaqdTrainer` adds to :class:`~sentence_transformers.SentenceTransformerTrainer`: reading paraqd's
training layouts, validation triplet accuracy, checkpoints under ``MODEL_DIR/checkpoints`` with resume, an
atomic final save and the ``paraqd.json`` metadata file. :func:`train` is the one-call form::

    from paraqd.training import TrainingConfig, train
    train(["triplets.jsonl"], "model/", TrainingConfig(max_steps=100))

(Over ~400 lines on purpose: most of it is the one :class:`ParaqdTrainer` lifecycle, from prepared data
through checkpoints and resume to the atomic save, whose steps share the run's state; the layouts, the losses
and the metadata already live in :mod:`.data`, :mod:`.losses` and :mod:`.metadata`.)
"""

from __future__ import annotations

import dataclasses
import json
import logging
import os
import shutil
import tempfile
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..defaults import DEFAULT_SEED, DEFAULT_THRESHOLD
from ..encoders import library_progress_bars, load_encoder
from ..errors import InputError
from ..io import give_umask, staging_dir, write_json
from ..resources import resolve_encoder
from .data import (
    PAIRINGS,
    Triplets,
    load_training_files,
    load_validation_files,
    split_by_anchor,
    triplets_from_pairs,
)
from .losses import DISTANCES, PAIR_MODES, get_loss, pair_loss, triplet_loss
from .metadata import build_metadata, write_metadata

logger = logging.getLogger(__name__)

CHECKPOINT_DIR = "checkpoints"
RUN_FILE = "paraqd-run.json"
# Settings that may differ between a run and its resumption without changing what is trained.
_RESUMABLE = {"save_steps", "save_total_limit", "keep_checkpoints"}
# Logged values not worth keeping in the metadata history.
_NOISE_SUFFIXES = ("_per_second", "_runtime", "total_flos")
_ACCURACY_KEY = "eval_validation_cosine_accuracy"


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


@dataclass
class PreparedData:
    """Training and validation examples after layout detection, pairing and splitting."""

    triplets: Triplets
    pairs: Any  # TrainingPairs trained with a pair loss, or None
    validation: Triplets | None
    sources: list[dict[str, Any]]
    counts: dict[str, int]
    operators: dict[str, dict[str, int]]


def _history_callback(history: list[dict[str, Any]]):
    from transformers import TrainerCallback

    class _History(TrainerCallback):
        """Keeps every logged dict (loss, learning rate, validation accuracy) with its step and epoch."""

        def on_log(self, args, state, control, logs=None, **kwargs):
            kept = {k: v for k, v in (logs or {}).items()
                    if isinstance(v, (int, float)) and not k.endswith(_NOISE_SUFFIXES)}
            if kept:
                history.append({"step": state.global_step, "epoch": round(state.epoch or 0.0, 4), **kept})
                if not args.disable_tqdm:
                    return
                logger.info("step %d (epoch %.2f): %s", state.global_step, state.epoch or 0.0,
                            ", ".join(f"{k}={v:.4g}" for k, v in kept.items()))

    return _History()


def _loss_progress_callback():
    """The Hugging Face progress bar (steps, epochs), with the latest loss and epoch in it instead of a raw
    dict printed under it at each log; a validation result is one readable line above the bar."""
    from transformers.trainer_callback import ProgressCallback

    class _LossProgress(ProgressCallback):
        def on_log(self, args, state, control, logs=None, **kwargs):
            if not state.is_world_process_zero or self.training_bar is None:
                return
            kept = {k: v for k, v in (logs or {}).items()
                    if isinstance(v, (int, float)) and not k.endswith(_NOISE_SUFFIXES)}
            if "loss" in kept:
                self.training_bar.set_postfix(loss=f"{kept['loss']:.4g}", epoch=f"{state.epoch or 0.0:.2f}",
                                              refresh=False)
            shown = {k: v for k, v in kept.items() if k.startswith("eval_")}
            if shown:
                self.training_bar.write(f"epoch {state.epoch or 0.0:.2f}, step {state.global_step}: " + ", ".join(
                    f"{k[len('eval_'):]}={v:.4g}" for k, v in shown.items()))

    return _LossProgress()


class ParaqdTrainer:
    """Train a paraphrase scorer from paraqd training files into a model directory.

    Args:
        config: hyper-parameters (default: the paper's).
        show_progress_bar: None shows it on a terminal only.
        device: torch device for training (None: automatic).
        callbacks: extra :class:`transformers.TrainerCallback` objects (e.g. early stopping, custom logging).
    """

    def __init__(self, config: TrainingConfig | None = None, *, show_progress_bar: bool | None = None,
                 device: str | None = None, callbacks: Sequence[Any] = ()) -> None:
        self.config = (config or TrainingConfig()).validate()
        from ..progress import show_progress

        # None: a bar on a terminal, not with -q (paraqd.progress)
        self.show_progress_bar = show_progress() if show_progress_bar is None else show_progress_bar
        self.device = device
        self.callbacks = list(callbacks)

    # -- data -------------------------------------------------------------------------------------------

    def prepare(self, train_files: Sequence[str | os.PathLike],
                validation_files: Sequence[str | os.PathLike] | None = None) -> PreparedData:
        """Read the files and build the training triplets, pairs and validation triplets."""
        cfg = self.config
        data = load_training_files(train_files, cfg.pairing)
        triplets, pairs, unused = Triplets(), None, 0
        triplets.extend(data.triplets)
        if len(data.pairs):
            if cfg.pairs_as == "triplets":
                made, unused = triplets_from_pairs(data.pairs, cfg.pairing)
                triplets.extend(made)
                if unused:
                    logger.warning("%d labelled pairs belong to questions without both a valid and an invalid "
                                   "paraphrase and are not used (--pairs-as cosent trains every pair)", unused)
            else:
                pairs = data.pairs
        validation = None
        if validation_files:
            validation = load_validation_files(validation_files, cfg.pairing)
            overlap = set(validation.anchor) & (set(triplets.anchor) | set(pairs.text_a if pairs else ()))
            if overlap:
                logger.warning("%d validation questions also appear in the training data", len(overlap))
        elif cfg.validation_fraction:
            triplets, validation = split_by_anchor(triplets, cfg.validation_fraction, cfg.seed)
        if not len(triplets) and not pairs:
            raise InputError("no training triplets: labelled pairs need, per question, at least one valid and "
                             "one invalid paraphrase (or use --pairs-as cosent)")
        counts = {"triplets": len(triplets), "pairs": len(pairs) if pairs else 0, "unused_pairs": unused,
                  "validation_triplets": len(validation) if validation else 0,
                  "questions": len(set(triplets.anchor) | set(pairs.text_a if pairs else ()))}
        return PreparedData(triplets, pairs, validation, [s.to_dict() for s in data.sources], counts,
                            triplets.operator_counts())

    def _datasets(self, prepared: PreparedData):
        from datasets import Dataset

        train: dict[str, Any] = {}
        if len(prepared.triplets):
            train["triplets"] = Dataset.from_dict(prepared.triplets.to_dict())
        if prepared.pairs is not None:
            target = "score" if self.config.pairs_as == "cosent" else "label"
            values = prepared.pairs.targets() if target == "score" else [int(v) for v in prepared.pairs.label]
            train["pairs"] = Dataset.from_dict({"sentence1": prepared.pairs.text_a,
                                                "sentence2": prepared.pairs.text_b, target: values})
        return train

    # -- model directory --------------------------------------------------------------------------------

    def _check_output(self, output_dir: Path, fingerprint: dict[str, Any], resume: bool,
                      overwrite: bool) -> str | None:
        """Validate the target directory; return the checkpoint to resume from, if any."""
        from transformers.trainer_utils import get_last_checkpoint

        ckpt_dir = output_dir / CHECKPOINT_DIR
        if output_dir.exists() and not output_dir.is_dir():
            raise InputError(f"{output_dir}: exists and is not a directory")
        if resume:
            last = get_last_checkpoint(str(ckpt_dir)) if ckpt_dir.is_dir() else None
            if last is None:
                raise InputError(f"{output_dir}: no checkpoint to resume from in {ckpt_dir}")
            run_file = ckpt_dir / RUN_FILE
            if run_file.is_file():
                before = json.loads(run_file.read_text(encoding="utf-8"))
                changed = _fingerprint_changes(before, fingerprint)
                if changed:
                    raise InputError(f"{output_dir}: cannot resume, the run changed ({', '.join(changed)}); "
                                     "train into a new directory instead")
            return last
        if output_dir.is_dir() and any(output_dir.iterdir()):
            if not overwrite:
                raise InputError(f"{output_dir}: directory is not empty; pass --overwrite to replace it "
                                 "or --resume to continue from its last checkpoint")
            if ckpt_dir.is_dir():
                shutil.rmtree(ckpt_dir)
        return None

    # -- training ---------------------------------------------------------------------------------------

    def train(self, train_files: Sequence[str | os.PathLike], output_dir: str | os.PathLike, *,
              validation_files: Sequence[str | os.PathLike] | None = None, resume: bool = False,
              overwrite: bool = False) -> TrainingResult:
        """Train on ``train_files`` and save the model with its ``paraqd.json`` into ``output_dir``."""
        with library_progress_bars(self.show_progress_bar):
            return self._train(train_files, output_dir, validation_files, resume, overwrite)

    def _train(self, train_files, output_dir, validation_files, resume, overwrite) -> TrainingResult:
        from sentence_transformers import SentenceTransformerTrainer, SentenceTransformerTrainingArguments
        from sentence_transformers.base.sampler import BatchSamplers
        from sentence_transformers.sentence_transformer.evaluation import TripletEvaluator
        from transformers import set_seed

        cfg = self.config
        output_dir = Path(output_dir)
        prepared = self.prepare(train_files, validation_files)
        fingerprint = {"config": cfg.to_dict(), "data": [s["sha256"] for s in prepared.sources],
                       "validation": prepared.counts["validation_triplets"]}
        ckpt_dir = output_dir / CHECKPOINT_DIR
        # Under torchrun / accelerate launch (several processes), only rank 0 prepares and later saves the
        # output directory; the other ranks receive the checkpoint to resume from (see _sync_checkpoint).
        is_main = int(os.environ.get("RANK", "0")) == 0
        checkpoint = None
        if is_main:
            checkpoint = self._check_output(output_dir, fingerprint, resume, overwrite)
            ckpt_dir.mkdir(parents=True, exist_ok=True)
            write_json(fingerprint, ckpt_dir / RUN_FILE)

        encoder = resolve_encoder(cfg.encoder)
        set_seed(cfg.seed)
        model = load_encoder(encoder, device=self.device, cached=False)  # trained in place: its own copy
        model.model_card_data.generate_widget_examples = False
        if cfg.max_seq_length:
            model.max_seq_length = cfg.max_seq_length
        train_datasets = self._datasets(prepared)
        losses = {name: (triplet_loss(model, cfg.loss, cfg.distance, cfg.margin) if name == "triplets"
                         else pair_loss(model, cfg.pairs_as)) for name in train_datasets}

        evaluator, history = None, []
        if prepared.validation:
            v = prepared.validation
            evaluator = TripletEvaluator(v.anchor, v.positive, v.negative, name="validation",
                                         batch_size=max(cfg.batch_size, 32), write_csv=False,
                                         similarity_fn_names=["cosine"])
            if checkpoint is None:
                before = evaluator(model)
                history.append({"step": 0, "epoch": 0.0, **{f"eval_{k}": float(x) for k, x in before.items()}})

        args = SentenceTransformerTrainingArguments(
            output_dir=str(ckpt_dir),
            num_train_epochs=cfg.epochs,
            max_steps=cfg.max_steps or -1,
            per_device_train_batch_size=cfg.batch_size,
            per_device_eval_batch_size=cfg.batch_size,
            learning_rate=cfg.learning_rate,
            weight_decay=cfg.weight_decay,
            warmup_steps=cfg.warmup_ratio,
            lr_scheduler_type="linear",
            optim="adamw_torch",
            seed=cfg.seed,
            data_seed=cfg.seed,
            batch_sampler=BatchSamplers.NO_DUPLICATES if cfg.loss == "mnrl" else BatchSamplers.BATCH_SAMPLER,
            save_strategy="steps" if cfg.save_steps else "no",
            save_steps=cfg.save_steps or 500,
            save_total_limit=cfg.save_total_limit,
            eval_strategy="epoch" if evaluator else "no",
            logging_strategy="steps",
            logging_steps=max(1, min(50, cfg.save_steps or 50)),
            report_to="none",
            disable_tqdm=not self.show_progress_bar,
            dataloader_num_workers=0,
            dataloader_pin_memory=False,
        )
        checkpoint = _sync_checkpoint(args, checkpoint)
        trainer = SentenceTransformerTrainer(
            model=model, args=args,
            train_dataset=train_datasets["triplets"] if list(train_datasets) == ["triplets"] else train_datasets,
            loss=losses["triplets"] if list(losses) == ["triplets"] else losses,
            evaluator=evaluator, callbacks=[_history_callback(history), *self.callbacks])
        if self.show_progress_bar is False:
            from transformers.trainer_callback import PrinterCallback

            trainer.remove_callback(PrinterCallback)
        else:  # the loss in the bar, not a dict printed at each log
            from transformers.trainer_callback import ProgressCallback

            trainer.remove_callback(ProgressCallback)
            trainer.add_callback(_loss_progress_callback())

        first_step = _checkpoint_step(checkpoint)
        start = time.perf_counter()
        output = trainer.train(resume_from_checkpoint=checkpoint)
        seconds = time.perf_counter() - start
        if evaluator is not None and not any(h["step"] == trainer.state.global_step and _ACCURACY_KEY in h
                                             for h in history):
            final = evaluator(model)
            history.append({"step": trainer.state.global_step, "epoch": round(trainer.state.epoch or 0.0, 4),
                            **{f"eval_{k}": float(x) for k, x in final.items()}})

        steps = trainer.state.global_step
        run_info = {"global_step": steps, "epochs_completed": round(trainer.state.epoch or 0.0, 4),
                    "train_loss": float(output.training_loss), "seconds": round(seconds, 2),
                    "resumed_from": Path(checkpoint).name if checkpoint else None}
        metadata = build_metadata(encoder=cfg.encoder or "all-MiniLM-L6-v2 (embedded)", config=cfg.to_dict(),
                                  sources=prepared.sources, counts=prepared.counts, operators=prepared.operators,
                                  history=history, threshold=DEFAULT_THRESHOLD)
        metadata["run"] = run_info
        if trainer.is_world_process_zero():
            self._save(model, metadata, output_dir)
        trainer.accelerator.wait_for_everyone()
        single = list(train_datasets) == ["triplets"]
        seen = _examples_seen(first_step, steps, len(train_datasets["triplets"]) if single else None,
                              cfg.batch_size)
        return TrainingResult(output_dir, metadata, steps, seconds, seen, history)

    def _save(self, model, metadata: dict[str, Any], output_dir: Path) -> None:
        """Save model + metadata into a temp dir beside ``output_dir``, then swap it in by renames."""
        parent = output_dir.resolve().parent
        tmp = staging_dir(output_dir)
        try:
            model.save(str(tmp))
            write_metadata(tmp, metadata, card_name=output_dir.name)  # replaces the stock card
            give_umask(tmp)  # model.safetensors is written 0600
            ckpt_dir = output_dir / CHECKPOINT_DIR
            if self.config.keep_checkpoints and ckpt_dir.is_dir():
                os.replace(ckpt_dir, tmp / CHECKPOINT_DIR)
            old = None
            if output_dir.exists():
                old = Path(tempfile.mkdtemp(prefix=f".{output_dir.name}.", suffix=".old", dir=parent))
                os.replace(output_dir, old / "previous")
            os.replace(tmp, output_dir)
            if old is not None:
                shutil.rmtree(old, ignore_errors=True)
        finally:
            if tmp.exists():
                shutil.rmtree(tmp, ignore_errors=True)


def _examples_seen(first_step: int, last_step: int, dataset_size: int | None, batch_size: int) -> int:
    """Examples processed by optimisation steps ``first_step`` (exclusive) to ``last_step`` (inclusive).

    With one dataset, the last batch of each epoch holds the remainder; with several, every batch is full.
    """
    if not dataset_size:
        return (last_step - first_step) * batch_size
    per_epoch = -(-dataset_size // batch_size)
    last_batch = dataset_size - batch_size * (per_epoch - 1)
    return sum(last_batch if step % per_epoch == 0 else batch_size for step in range(first_step + 1, last_step + 1))


def _checkpoint_step(checkpoint: str | None) -> int:
    if checkpoint is None:
        return 0
    with open(Path(checkpoint) / "trainer_state.json", encoding="utf-8") as fh:
        return int(json.load(fh).get("global_step", 0))


def _fingerprint_changes(before: dict[str, Any], now: dict[str, Any]) -> list[str]:
    changed = [f"{k}" for k, v in now["config"].items()
               if k not in _RESUMABLE and before.get("config", {}).get(k) != v]
    if before.get("data") != now["data"]:
        changed.append("training data")
    if before.get("validation") != now["validation"]:
        changed.append("validation data")
    return changed


def train(train_files: Sequence[str | os.PathLike] | str | os.PathLike, output_dir: str | os.PathLike,
          config: TrainingConfig | None = None, *, validation_files: Sequence[str | os.PathLike] | None = None,
          resume: bool = False, overwrite: bool = False, show_progress_bar: bool | None = None,
          device: str | None = None) -> TrainingResult:
    """Train a paraphrase scorer; see :class:`ParaqdTrainer` and :class:`TrainingConfig`."""
    if isinstance(train_files, (str, os.PathLike)):
        train_files = [train_files]
    trainer = ParaqdTrainer(config, show_progress_bar=show_progress_bar, device=device)
    return trainer.train(train_files, output_dir, validation_files=validation_files, resume=resume,
                         overwrite=overwrite)


def _sync_checkpoint(args, checkpoint: str | None) -> str | None:
    """With several processes, wait for rank 0 to prepare the output and take its resume checkpoint."""
    if args.world_size <= 1:
        return checkpoint
    from accelerate.utils import broadcast_object_list

    args.distributed_state.wait_for_everyone()
    return broadcast_object_list([checkpoint])[0]
