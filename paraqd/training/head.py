"""A frozen encoder and a residual head trained on cached embeddings (the recommended recipe's model).

On two CPU cores, back-propagating through the encoder runs at a few triplets per second. Freezing the whole
encoder instead lets every distinct text be encoded once (inference only, ~30x cheaper than a training step)
and a small residual head on the sentence embedding be trained on the cached vectors in seconds, so a
30-minute budget covers tens of thousands of triplets. The head is made of sentence-transformers ``Dense``
modules with residual connections, initialised to the identity, so the saved model is an ordinary
SentenceTransformer directory (Transformer, Pooling, Normalize, Dense..., Normalize). The head is trained by
sentence-transformers' ``SentenceTransformerTrainer`` (paraqd's bi-encoder trainer) as a SentenceTransformer of
its own (Dense..., Normalize) on a dataset of triplet numbers, which a data collator turns into cached vectors.
"""

from __future__ import annotations

import copy
import os
import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..defaults import DEFAULT_SEED
from ..errors import InputError
from .losses import get_loss


@dataclass
class HeadConfig:
    """Hyper-parameters of the head trained on cached embeddings.

    Args:
        blocks: residual blocks ``x + act(W x + b)``, each initialised to the identity (W = 0, b = 0).
        activation: ``tanh`` or ``identity`` (the latter makes the head one linear map).
        loss: a registered loss (:mod:`paraqd.training.losses`): ``triplet-euclidean`` the paper's script
            (Euclidean distance of normalised embeddings, margin 5), ``triplet-cosine``, ``mnrl``,
            ``threshold``, or one of your own.
        margin: the loss margin (5 is the paper's for ``triplet-euclidean``).
    """

    blocks: int = 1
    activation: str = "tanh"
    loss: str = "triplet-euclidean"
    margin: float = 5.0
    epochs: int = 20
    batch_size: int = 64
    learning_rate: float = 1e-3
    weight_decay: float = 0.0
    seed: int = DEFAULT_SEED

    def validate(self) -> HeadConfig:
        get_loss(self.loss)
        if self.activation not in ("tanh", "identity"):
            raise InputError(f"unknown activation {self.activation!r}; choose tanh or identity")
        for name in ("blocks", "epochs", "batch_size"):
            if getattr(self, name) < 1:
                raise InputError(f"{name} must be at least 1, got {getattr(self, name)}")
        if self.margin <= 0 or self.learning_rate <= 0 or self.weight_decay < 0:
            raise InputError("margin and learning_rate must be positive, weight_decay not negative")
        return self

    def to_dict(self) -> dict[str, Any]:
        return dict(self.__dict__)


class EmbeddingCache:
    """Normalised sentence embeddings of distinct texts, each encoded once by a frozen encoder."""

    def __init__(self, model: Any, *, batch_size: int = 64, show_progress_bar: bool = False):
        self.model = model
        self.batch_size = batch_size
        self.show_progress_bar = show_progress_bar
        self.index: dict[str, int] = {}
        self._chunks: list[Any] = []
        self.seconds = 0.0

    def add(self, texts: Iterable[str]) -> int:
        """Encode the texts not seen before; return how many were new."""
        import numpy as np

        new = [t for t in dict.fromkeys(texts) if t not in self.index]
        if new:
            start = time.perf_counter()
            # longest first: batches of similar length pad less
            order = sorted(range(len(new)), key=lambda i: -len(new[i]))
            vectors = self.model.encode([new[i] for i in order], batch_size=self.batch_size,
                                        convert_to_numpy=True, normalize_embeddings=True,
                                        show_progress_bar=self.show_progress_bar)
            out = np.empty_like(vectors)
            out[order] = vectors
            for text in new:
                self.index[text] = len(self.index)
            self._chunks.append(out.astype(np.float32))
            self.seconds += time.perf_counter() - start
        return len(new)

    def matrix(self):
        import numpy as np

        if len(self._chunks) > 1:
            self._chunks = [np.concatenate(self._chunks)]
        return self._chunks[0] if self._chunks else np.zeros((0, 0), dtype=np.float32)

    def lookup(self, texts: Sequence[str]):
        """Row indices of ``texts`` (all must have been added)."""
        import numpy as np

        return np.fromiter((self.index[t] for t in texts), dtype=np.int64, count=len(texts))


def build_head(dimension: int, config: HeadConfig) -> list[Any]:
    """Residual ``Dense`` blocks that start as the identity map."""
    import torch
    from sentence_transformers.base.modules.dense import Dense

    activation = torch.nn.Tanh() if config.activation == "tanh" else None
    return [Dense(dimension, dimension, bias=True, activation_function=activation, use_residual=True,
                  init_weight=torch.zeros(dimension, dimension), init_bias=torch.zeros(dimension))
            for _ in range(config.blocks)]


def apply_head(blocks: Sequence[Any], embeddings):
    """Run cached embeddings (numpy or tensor) through the head; return normalised float32 tensors."""
    import torch

    x = torch.as_tensor(embeddings, dtype=torch.float32)
    for block in blocks:
        x = block({"sentence_embedding": x})["sentence_embedding"]
    return torch.nn.functional.normalize(x, dim=-1)


def head_cosines(blocks, table, q_rows, p_rows):
    """Cosine (numpy, clipped to [-1, 1]) of cached rows ``q_rows`` and ``p_rows`` of ``table`` under a head."""
    import numpy as np
    import torch

    table = torch.as_tensor(table)
    with torch.no_grad():
        q, p = apply_head(blocks, table[q_rows]), apply_head(blocks, table[p_rows])
    return np.clip((q * p).sum(-1).numpy(), -1.0, 1.0)


@dataclass
class HeadResult:
    blocks: list[Any]
    losses: list[float]
    steps: int
    seconds: float
    #: with an evaluator: its primary metric after each epoch (index 0: before training) and the epoch kept
    selection: list[float] = field(default_factory=list)
    selected_epoch: int | None = None


def select_epoch(scores: Sequence[float], tolerance: float = 0.0, greater_is_better: bool = True) -> int:
    """The *earliest* epoch whose score is within ``tolerance`` of the best (the one-standard-error rule when
    ``tolerance`` is the score's standard error: among candidates the data cannot tell apart, the least trained
    wins)."""
    if greater_is_better:
        return next(i for i, v in enumerate(scores) if v >= max(scores) - tolerance)
    return next(i for i, v in enumerate(scores) if v <= min(scores) + tolerance)


class _EmbeddingCollator:
    """The data collator of :func:`fit_on_cached_embeddings`: a batch of example numbers becomes the cached
    embeddings of each role (``<role>_sentence_embedding``, which the trainer hands to the model as one feature
    per role)."""

    valid_label_columns: list[str] = ["label"]

    def __init__(self, table, roles: dict[str, Any], labels=None):
        import torch

        self.table = table
        self.roles = roles  # role -> row index (into table) of each example
        self.labels = None if labels is None else torch.as_tensor(labels)

    def __call__(self, rows: list[dict[str, int]]) -> dict[str, Any]:
        import torch

        batch = torch.as_tensor([row["example"] for row in rows])
        out = {f"{role}_sentence_embedding": self.table[rows_of[batch]] for role, rows_of in self.roles.items()}
        if self.labels is not None:
            out["label"] = self.labels[batch]
        return out


def _permutation_batches(n: int, generator):
    """A ``batch_sampler`` factory: each epoch, ``torch.randperm(n, generator=generator)`` cut into batches (the
    one generator runs on across epochs, so the order is the seed's alone)."""
    import math

    import torch
    from sentence_transformers.base.sampler import DefaultBatchSampler

    class PermutationBatchSampler(DefaultBatchSampler):
        def __iter__(self):
            order = torch.randperm(n, generator=generator).tolist()
            for lo in range(0, n, self.batch_size):
                yield order[lo:lo + self.batch_size]

        def __len__(self):
            return math.ceil(n / self.batch_size)

    return lambda dataset, **kwargs: PermutationBatchSampler(dataset, **kwargs)


def fit_on_cached_embeddings(model, table, columns: dict[str, Any], loss, *, epochs: int, batch_size: int,
                             learning_rate: float, seed: int = DEFAULT_SEED, weight_decay: float = 0.0,
                             generator=None, optimizer=None, labels=None, callbacks: Sequence[Any] = ()) -> int:
    """Train ``model`` (a ``SentenceTransformer`` that starts from a ``sentence_embedding``: a head) with
    ``SentenceTransformerTrainer`` on cached embeddings, without an encoder pass; returns the steps taken.

    ``columns`` maps each input role (e.g. anchor, positive, negative) to the ``table`` row of every example;
    the dataset is the example numbers and a data collator hands the trainer each batch's cached rows as
    ``<role>_sentence_embedding`` features (and ``labels``, when given, each example's label), which
    ``loss(features, labels)`` runs through the model. Each epoch
    takes the examples in a fresh ``torch.randperm`` order drawn from ``generator`` (default: seeded with
    ``seed``), ``batch_size`` at a time. AdamW at the constant ``learning_rate`` unless ``optimizer`` is given;
    no gradient clipping, one thread (the matrices are small: extra threads only spin on a busy machine).
    This is paraqd's bi-encoder trainer on cached embeddings: the recommended recipe's head
    (:func:`train_head`) and the active-learning adapter (:mod:`paraqd.pairs.active`) train here.
    """
    import tempfile

    import numpy as np
    import torch
    from datasets import Dataset
    from sentence_transformers import SentenceTransformerTrainer
    from sentence_transformers.sentence_transformer.training_args import SentenceTransformerTrainingArguments
    from transformers.trainer_callback import PrinterCallback

    rows = {role: torch.as_tensor(np.asarray(x, dtype=np.int64)) for role, x in columns.items()}
    n = len(next(iter(rows.values())))
    if not n or any(len(x) != n for x in rows.values()):
        raise InputError("every role needs the same number (at least one) of examples")
    generator = generator if generator is not None else torch.Generator().manual_seed(seed)

    class HeadTrainer(SentenceTransformerTrainer):
        def add_model_card_callback(self, default_args_dict):  # rows of indices: no model card to write
            pass

    optimizers = (None, None)
    if optimizer is not None:
        optimizers = (optimizer, torch.optim.lr_scheduler.LambdaLR(optimizer, lambda step: 1.0))
    threads = torch.get_num_threads()
    torch.set_num_threads(1)
    try:
        with tempfile.TemporaryDirectory(prefix="paraqd-head-") as tmp:
            args = SentenceTransformerTrainingArguments(
                output_dir=tmp, num_train_epochs=epochs, per_device_train_batch_size=batch_size,
                learning_rate=learning_rate, weight_decay=weight_decay, lr_scheduler_type="constant",
                warmup_steps=0, max_grad_norm=0.0, optim="adamw_torch", seed=seed, save_strategy="no",
                logging_strategy="no", report_to="none", disable_tqdm=True, use_cpu=True,
                dataloader_num_workers=0, dataloader_pin_memory=False,
                batch_sampler=_permutation_batches(n, generator))
            trainer = HeadTrainer(model=model, args=args, train_dataset=Dataset.from_dict({"example": np.arange(n)}),
                                  loss=loss, data_collator=_EmbeddingCollator(table, rows, labels),
                                  callbacks=list(callbacks), optimizers=optimizers)
            trainer.remove_callback(PrinterCallback)
            trainer.train()
            return trainer.state.global_step
    finally:
        torch.set_num_threads(threads)


def train_head(embeddings, anchors, positives, negatives, config: HeadConfig | None = None,
               evaluator: Any = None, tolerance: float = 0.0) -> HeadResult:
    """Train a head on cached ``embeddings`` for triplets given as row indices; deterministic under the seed.

    The head (its ``Dense`` blocks and a ``Normalize``) is a ``SentenceTransformer`` trained by
    :func:`fit_on_cached_embeddings` (``SentenceTransformerTrainer``, no encoder pass): AdamW at a constant
    learning rate, no gradient clipping, the triplets in a fresh ``torch.randperm`` order each epoch, the
    registered loss ``config.loss``.

    ``evaluator`` (sentence-transformers style: ``evaluator(head) -> dict`` with ``primary_metric`` and
    ``greater_is_better``, e.g. :class:`paraqd.training.selection.HybridAUCEvaluator`), when given, is called
    before training (the identity head: the encoder as it is) and after every epoch; the head returned is the
    one of :func:`select_epoch` (epoch 0 is the encoder untouched).
    """
    import numpy as np
    import torch
    from sentence_transformers import SentenceTransformer
    from sentence_transformers.base.modules.normalize import Normalize
    from transformers import TrainerCallback

    config = (config or HeadConfig()).validate()
    loss_fn = get_loss(config.loss)
    anchors, positives, negatives = (np.asarray(x, dtype=np.int64) for x in (anchors, positives, negatives))
    if not len(anchors) or not (len(anchors) == len(positives) == len(negatives)):
        raise InputError("train_head needs equally many (at least one) anchors, positives and negatives")
    torch.manual_seed(config.seed)
    table = torch.as_tensor(embeddings, dtype=torch.float32)
    blocks = build_head(table.shape[1], config)
    model = SentenceTransformer(modules=[*blocks, Normalize()], device="cpu")
    losses: list[float] = []
    selection: list[float] = []
    states: list[list[dict]] = []
    epoch_total = [0.0]

    def consider() -> None:
        with torch.no_grad():
            selection.append(float(evaluator(blocks)[evaluator.primary_metric]))
        states.append([copy.deepcopy(b.state_dict()) for b in blocks])

    class TripletHeadLoss(torch.nn.Module):  # the registered loss on the head's output for the three roles
        def __init__(self, model):
            super().__init__()
            self.model = model

        def forward(self, features, labels=None):
            a, p, n = (self.model(f)["sentence_embedding"] for f in features)
            loss = loss_fn(a, p, n, config.margin)
            epoch_total[0] += float(loss.detach()) * len(a)
            return loss

    from ..progress import progress_bar

    bar = progress_bar(total=config.epochs, desc="training the head", unit=" epochs")

    class EpochEnd(TrainerCallback):
        def on_epoch_end(self, args, state, control, **kwargs):
            losses.append(epoch_total[0] / len(anchors))
            epoch_total[0] = 0.0
            if evaluator is not None:
                model.eval()
                consider()
                model.train()
            bar.set_postfix(loss=f"{losses[-1]:.4g}", **({"selection": f"{selection[-1]:.4g}"} if selection else {}),
                            refresh=False)
            bar.update(1)

    start = time.perf_counter()
    try:
        if evaluator is not None:
            consider()
        steps = fit_on_cached_embeddings(
            model, table, {"anchor": anchors, "positive": positives, "negative": negatives}, TripletHeadLoss(model),
            epochs=config.epochs, batch_size=config.batch_size, learning_rate=config.learning_rate,
            seed=config.seed, weight_decay=config.weight_decay, callbacks=[EpochEnd()])
    finally:
        bar.close()
    selected = None
    if selection:
        selected = select_epoch(selection, tolerance, getattr(evaluator, "greater_is_better", True))
        for block, state in zip(blocks, states[selected]):
            block.load_state_dict(state)
    for block in blocks:
        block.eval()
        for p in block.parameters():
            p.requires_grad_(False)
    return HeadResult(blocks, losses, steps, time.perf_counter() - start, selection, selected)


def save_with_head(encoder, blocks: Sequence[Any], output_dir: str | os.PathLike) -> Path:
    """Save ``encoder`` (a SentenceTransformer) followed by the head and a final Normalize as a model dir."""
    from sentence_transformers import SentenceTransformer
    from sentence_transformers.base.modules.normalize import Normalize

    modules = [encoder[i] for i in range(len(encoder))]
    model = SentenceTransformer(modules=[*modules, *blocks, Normalize()], device="cpu")
    output_dir = Path(output_dir)
    output_dir.mkdir(parents=True, exist_ok=True)
    model.save(str(output_dir))
    from ..io import give_umask

    give_umask(output_dir)  # model.safetensors is written 0600
    return output_dir
