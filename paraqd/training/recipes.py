"""Training on a CPU budget: leakage-safe training sets, layer freezing and hybrid-scoring model directories.

The pieces ``benchmarks/train_default.sh`` (the recommended recipe) and ``benchmarks/train_ablations.py`` are
made of:

* :func:`build_training_set` mixes "bring your own" candidates (wide-form reference augmentations, which hold
  real back-translations and Pegasus negatives) with triplets freshly made by the rule-based train operators
  from question pools, after dropping every question that occurs in an evaluation file (:func:`drop_banned`);
* :func:`freeze_callback` returns a trainer callback that freezes the embeddings and the lowest transformer layers
  (less backward work per step) and restores the model's inference sequence length before it is saved;
* :func:`enable_hybrid_scoring` switches a trained model directory to the hybrid score (learned cosine lowered by
  the critical-information check, :mod:`paraqd.hybrid`) through its ``paraqd.json``;
* :func:`wide_to_pairs` turns held-out reference augmentations into labelled validation pairs.
"""

from __future__ import annotations

import copy
import json
import logging
import os
import random
import re
import shutil
import sys
import time
import unicodedata
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from dataclasses import replace as dataclasses_replace
from pathlib import Path
from typing import Any

import pandas as pd

from ..errors import InputError
from ..evaluation.metrics import auc_standard_error
from ..io import QUESTION_COLUMNS, find_column, read_table, staging_dir, text_column, write_table
from ..scoring import DEFAULT_THRESHOLD, METADATA_FILE, read_metadata
from .data import _NEGATIVE_RE, _POSITIVE_RE, triplets_from_wide

logger = logging.getLogger(__name__)

#: Rule-based train operators that need no model and no encoder (f5 phrase deletion encodes every candidate
#: and is the slowest; f1 and f9 come from the reference augmentations instead).
FAST_TRAIN_OPERATORS = "f2,f3,f4,f6,f7,f8,f10"
TRIPLET_COLUMNS = ["anchor", "positive", "negative", "positive_op", "negative_op"]
_SPACE_RE = re.compile(r"\s+")


# -- questions and leakage ----------------------------------------------------------------------------------


def normalise_question(text: str) -> str:
    """Key used to compare questions across files: NFKC, case-folded, whitespace collapsed."""
    return _SPACE_RE.sub(" ", unicodedata.normalize("NFKC", str(text)).casefold()).strip()


def read_questions(path: str | os.PathLike) -> list[str]:
    """The question column of a pool (``{"id", "question"}`` JSONL), a pairs file or a wide-form file."""
    df = read_table(path)
    column = find_column(df, None, ("question", *QUESTION_COLUMNS), "question", path)
    return text_column(df, column, path)


def banned_questions(paths: Iterable[str | os.PathLike]) -> set[str]:
    """Normalised questions of the given (evaluation) files: none of them may be trained on."""
    banned: set[str] = set()
    for path in paths:
        banned.update(normalise_question(q) for q in read_questions(path))
    return banned


def drop_banned(questions: Sequence[str], banned: set[str]) -> tuple[list[str], int]:
    """Questions not in ``banned`` (normalised comparison), in order, and how many were dropped."""
    kept = [q for q in questions if normalise_question(q) not in banned]
    return kept, len(questions) - len(kept)


# -- data ---------------------------------------------------------------------------------------------------


def wide_columns(df: pd.DataFrame) -> tuple[list[str], list[str]]:
    """The positive and negative candidate columns of a wide-form table."""
    return ([c for c in df.columns if _POSITIVE_RE.match(str(c))],
            [c for c in df.columns if _NEGATIVE_RE.match(str(c))])


def wide_to_pairs(df: pd.DataFrame, *, drop_identical: bool = True, source: str = "input") -> pd.DataFrame:
    """Labelled ``question, paraphrase, label, column`` pairs from a wide-form table (positives 1, negatives 0).

    Empty cells are skipped; with ``drop_identical`` a candidate equal to its question (after normalisation)
    is left out, since it says nothing about a scorer.
    """
    positives, negatives = wide_columns(df)
    if not positives or not negatives:
        raise InputError(f"{source}: not a wide-form table (needs positive*/neg* columns)")
    question_col = find_column(df, None, QUESTION_COLUMNS, "question", source)
    rows = []
    for _, row in df.iterrows():
        question = row[question_col]
        if not isinstance(question, str) or not question.strip():
            continue
        for columns, label in ((positives, 1), (negatives, 0)):
            for col in columns:
                text = row[col]
                if not isinstance(text, str) or not text.strip():
                    continue
                if drop_identical and normalise_question(text) == normalise_question(question):
                    continue
                rows.append((question, text, label, str(col)))
    return pd.DataFrame(rows, columns=["question", "paraphrase", "label", "column"])


def reference_triplets(df: pd.DataFrame, *, pairing: str = "product", source: str = "input") -> pd.DataFrame:
    """Triplets from a wide-form table of candidates, with the column names as operator names."""
    t = triplets_from_wide(df, pairing, source)
    return pd.DataFrame({"anchor": t.anchor, "positive": t.positive, "negative": t.negative,
                         "positive_op": t.positive_op, "negative_op": t.negative_op})


def pool_triplets(questions: Sequence[str], *, operators: str = FAST_TRAIN_OPERATORS, per_question: int = 3,
                  seed: int = 3407, workers: int | None = 1) -> pd.DataFrame:
    """Triplets made by the rule-based train operators from pool questions (never a test operator)."""
    from ..augmentation import augment
    from ..operators import get_operator_class, resolve_operator_names

    names = resolve_operator_names(operators)
    test_ops = [n for n in names if get_operator_class(n).stage == "test"]
    if test_ops:
        raise InputError(f"test operators may not make training data: {', '.join(test_ops)}")
    df = augment(list(questions), operators=names, per_question=per_question, seed=seed, workers=workers,
                 skip_unavailable=True)
    return df[TRIPLET_COLUMNS].reset_index(drop=True)


@dataclass
class TrainingSetSpec:
    """What :func:`build_training_set` mixes.

    Args:
        reference: wide-form candidate files ("bring your own": real back-translations, Pegasus negatives).
        pools: question pools augmented with ``operators`` (``pool_questions`` sampled from all of them).
        exclude: files whose questions must not be trained on (the evaluation sets, the validation split).
        reference_triplets: how many reference triplets to keep (``None``: all ``pairing`` combinations).
    """

    reference: Sequence[str | os.PathLike] = ()
    pools: Sequence[str | os.PathLike] = ()
    exclude: Sequence[str | os.PathLike] = ()
    pool_questions: int = 1000
    per_question: int = 3
    operators: str = FAST_TRAIN_OPERATORS
    pairing: str = "product"
    reference_triplets: int | None = None
    seed: int = 3407
    workers: int | None = 1


@dataclass
class TrainingSetReport:
    """Counts behind a built training set (written beside it as JSON)."""

    reference_triplets: int = 0
    pool_questions: int = 0
    pool_triplets: int = 0
    dropped_questions: int = 0
    seconds: float = 0.0
    operators: dict[str, int] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        return dict(self.__dict__)


def build_training_set(spec: TrainingSetSpec, out: str | os.PathLike) -> TrainingSetReport:
    """Write the shuffled triplets of ``spec`` to ``out`` (any table format) and return their counts.

    Every question of ``spec.exclude`` is dropped, from the reference files and from the pools, before
    anything is sampled.
    """
    start = time.perf_counter()
    rng = random.Random(spec.seed)
    banned = banned_questions(spec.exclude)
    report = TrainingSetReport()
    parts = []
    for path in spec.reference:
        df = read_table(path)
        question_col = find_column(df, None, QUESTION_COLUMNS, "question", path)
        keep = df[question_col].map(lambda q: isinstance(q, str) and normalise_question(q) not in banned)
        report.dropped_questions += int((~keep).sum())
        parts.append(reference_triplets(df[keep].reset_index(drop=True), pairing=spec.pairing, source=str(path)))
    reference = pd.concat(parts, ignore_index=True) if parts else pd.DataFrame(columns=TRIPLET_COLUMNS)
    if spec.reference_triplets is not None and len(reference) > spec.reference_triplets:
        reference = reference.iloc[sorted(rng.sample(range(len(reference)), spec.reference_triplets))]
    report.reference_triplets = len(reference)

    pooled: list[str] = []
    for path in spec.pools:
        pooled.extend(read_questions(path))
    pooled = list(dict.fromkeys(pooled))
    pooled, dropped = drop_banned(pooled, banned)
    report.dropped_questions += dropped
    pool = pd.DataFrame(columns=TRIPLET_COLUMNS)
    if pooled and spec.pool_questions > 0:
        chosen = rng.sample(pooled, min(spec.pool_questions, len(pooled)))
        pool = pool_triplets(chosen, operators=spec.operators, per_question=spec.per_question, seed=spec.seed,
                             workers=spec.workers)
        report.pool_questions = len(chosen)
    report.pool_triplets = len(pool)

    triplets = pd.concat([reference, pool], ignore_index=True)
    if not len(triplets):
        raise InputError("the training set is empty: give reference files or question pools")
    leaked = triplets["anchor"].map(lambda q: normalise_question(q) in banned)
    if leaked.any():  # cannot happen after the filters above; kept as a hard guarantee
        raise InputError(f"{int(leaked.sum())} training anchors occur in the excluded files")
    triplets = triplets.sample(frac=1.0, random_state=spec.seed).reset_index(drop=True)
    report.operators = {f"{p}+{n}": int(c) for (p, n), c in
                        triplets.groupby(["positive_op", "negative_op"]).size().items()}
    write_table(triplets, out)
    report.seconds = round(time.perf_counter() - start, 2)
    return report


# -- training helpers ---------------------------------------------------------------------------------------


def _transformer_parts(model) -> tuple[Any, list[Any]]:
    """The embeddings module and the list of transformer layers of a SentenceTransformer (BERT-like)."""
    auto = model[0].auto_model
    embeddings = getattr(auto, "embeddings", None)
    encoder = getattr(auto, "encoder", None)
    layers = list(getattr(encoder, "layer", []) or [])
    if embeddings is None or not layers:
        raise InputError(f"cannot freeze layers of {type(auto).__name__}: no embeddings/encoder.layer")
    return embeddings, layers


def freeze_lower_layers(model, layers: int) -> int:
    """Freeze the embeddings and the lowest ``layers`` transformer layers; return the frozen parameter count.

    ``layers=0`` freezes the embeddings only; a negative value freezes nothing.
    """
    if layers < 0:
        return 0
    embeddings, blocks = _transformer_parts(model)
    if layers > len(blocks):
        raise InputError(f"cannot freeze {layers} layers: the encoder has {len(blocks)}")
    frozen = 0
    for module in [embeddings, *blocks[:layers]]:
        for param in module.parameters():
            param.requires_grad_(False)
            frozen += param.numel()
    return frozen


def freeze_callback(layers: int | None, inference_max_seq_length: int | None = None):
    """A :class:`transformers.TrainerCallback` that freezes lower layers when training begins and, when it ends,
    sets the model's ``max_seq_length`` back to ``inference_max_seq_length`` (so a model trained on shortened
    sequences is saved to score full-length ones)."""
    from transformers import TrainerCallback

    class FreezeLowerLayers(TrainerCallback):
        def on_train_begin(self, args, state, control, model=None, **kwargs):
            if layers is not None and model is not None:
                count = freeze_lower_layers(model, layers)
                logger.info("froze embeddings + %d layers (%d parameters)", layers, count)

        def on_train_end(self, args, state, control, model=None, **kwargs):
            if inference_max_seq_length and model is not None:
                model.max_seq_length = inference_max_seq_length

    return FreezeLowerLayers()


def enable_hybrid_scoring(model_dir: str | os.PathLike, *, threshold: float = DEFAULT_THRESHOLD,
                          rule: dict[str, Any] | None = None, extra: dict[str, Any] | None = None,
                          card_name: str | None = None) -> Path:
    """Set ``scoring`` in ``model_dir/paraqd.json`` to the hybrid score with ``rule`` stored (the cosine
    lowered by what the check finds).

    ``rule`` defaults to :data:`paraqd.hybrid.DEFAULT_RULE`; ``extra`` is merged into the top level (e.g. the
    recipe and its validation figures). The model card is rewritten to match (titled ``card_name``).
    """
    from ..hybrid import DEFAULT_RULE, HybridRule
    from .metadata import write_metadata

    directory = Path(model_dir)
    if not (directory / METADATA_FILE).is_file():
        raise InputError(f"{directory}: no {METADATA_FILE}; is this a model trained by paraqd?")
    metadata = read_metadata(directory)
    rule_dict = (HybridRule.from_dict(rule) if rule else DEFAULT_RULE).to_dict()
    metadata["scoring"] = {"method": "hybrid", "threshold": float(threshold), "rule": rule_dict}
    metadata.update(extra or {})
    return write_metadata(directory, metadata, card_name=card_name)


def write_json(path: str | os.PathLike, data: Any) -> None:
    """Indented JSON, written atomically."""
    from ..io import atomic_path

    with atomic_path(path) as tmp:
        tmp.write_text(json.dumps(data, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")


# -- frozen encoder + trained residual head -----------------------------------------------------------------
#
# On two CPU cores, back-propagating through the encoder runs at a few triplets per second. Freezing the whole
# encoder instead lets every distinct text be encoded once (inference only, ~30x cheaper than a training
# step) and a small residual head on the sentence embedding be trained on the cached vectors in seconds, so a
# 30-minute budget covers tens of thousands of triplets. The head is made of sentence-transformers ``Dense``
# modules with residual connections, initialised to the identity, so the saved model is an ordinary
# SentenceTransformer directory (Transformer, Pooling, Normalize, Dense..., Normalize).

HEAD_LOSSES = ("triplet-cosine", "triplet-euclidean", "mnrl", "threshold")


@dataclass
class HeadConfig:
    """Hyper-parameters of the head trained on cached embeddings.

    Args:
        blocks: residual blocks ``x + act(W x + b)``, each initialised to the identity (W = 0, b = 0).
        activation: ``tanh`` or ``identity`` (the latter makes the head one linear map).
        loss: ``triplet-cosine`` ``max(0, m + cos(a, n) - cos(a, p))``; ``triplet-euclidean`` the paper's
            script (Euclidean distance of normalised embeddings, margin 5); ``mnrl`` in-batch negatives plus the
            hard negative; ``threshold`` ``max(0, 0.5 + m - cos(a, p)) + max(0, cos(a, n) - 0.5 + m)``, which
            aims at the untuned decision threshold 0.5 directly.
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
    seed: int = 3407

    def validate(self) -> HeadConfig:
        if self.loss not in HEAD_LOSSES:
            raise InputError(f"unknown head loss {self.loss!r}; choose one of {', '.join(HEAD_LOSSES)}")
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

    def __init__(self, model, *, batch_size: int = 64, show_progress_bar: bool = False):
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


def _head_loss(a, p, n, config: HeadConfig):
    import torch
    import torch.nn.functional as F

    if config.loss == "triplet-cosine":
        return F.relu(config.margin + (a * n).sum(-1) - (a * p).sum(-1)).mean()
    if config.loss == "triplet-euclidean":
        return F.relu(config.margin + (a - p).norm(dim=-1) - (a - n).norm(dim=-1)).mean()
    if config.loss == "threshold":
        cp, cn = (a * p).sum(-1), (a * n).sum(-1)
        return (F.relu(DEFAULT_THRESHOLD + config.margin - cp) + F.relu(cn - DEFAULT_THRESHOLD + config.margin)).mean()
    scores = 20.0 * a @ torch.cat([p, n]).T  # mnrl, scale 20 as in sentence-transformers
    return F.cross_entropy(scores, torch.arange(len(a)))


@dataclass
class HeadResult:
    blocks: list[Any]
    losses: list[float]
    steps: int
    seconds: float
    #: with ``select``: the selection score after each epoch (index 0: before training) and the epoch kept
    selection: list[float] = field(default_factory=list)
    selected_epoch: int | None = None


def train_head(embeddings, anchors, positives, negatives, config: HeadConfig | None = None,
               select: Callable[[list[Any]], float] | None = None, tolerance: float = 0.0) -> HeadResult:
    """Train a head on cached ``embeddings`` for triplets given as row indices; deterministic under the seed.

    ``select(blocks) -> float`` (higher is better), when given, is called before training (the identity head:
    the encoder as it is) and after every epoch; the head returned is the one of the *earliest* epoch whose
    score is within ``tolerance`` of the best (the one-standard-error rule when ``tolerance`` is the
    score's standard error: among candidates the selection data cannot tell apart, the least trained wins,
    and epoch 0 is the encoder untouched).
    """
    import numpy as np
    import torch

    config = (config or HeadConfig()).validate()
    anchors, positives, negatives = (np.asarray(x, dtype=np.int64) for x in (anchors, positives, negatives))
    if not len(anchors) or not (len(anchors) == len(positives) == len(negatives)):
        raise InputError("train_head needs equally many (at least one) anchors, positives and negatives")
    torch.manual_seed(config.seed)
    table = torch.as_tensor(embeddings, dtype=torch.float32)
    blocks = build_head(table.shape[1], config)
    threads = torch.get_num_threads()
    torch.set_num_threads(1)  # the head's matrices are small: extra threads only spin on a busy machine
    params = [p for b in blocks for p in b.parameters()]
    optimiser = torch.optim.AdamW(params, lr=config.learning_rate, weight_decay=config.weight_decay)
    generator = torch.Generator().manual_seed(config.seed)
    losses, steps, start = [], 0, time.perf_counter()
    selection: list[float] = []
    states: list[list[dict]] = []

    def consider() -> None:
        with torch.no_grad():
            selection.append(float(select(blocks)))
        states.append([copy.deepcopy(b.state_dict()) for b in blocks])

    try:
        if select is not None:
            consider()
        for _ in range(config.epochs):
            order = torch.randperm(len(anchors), generator=generator).numpy()
            total = 0.0
            for lo in range(0, len(order), config.batch_size):
                idx = order[lo:lo + config.batch_size]
                a, p, n = (apply_head(blocks, table[torch.as_tensor(x[idx])]) for x in (anchors, positives, negatives))
                loss = _head_loss(a, p, n, config)
                optimiser.zero_grad()
                loss.backward()
                optimiser.step()
                total += float(loss.detach()) * len(idx)
                steps += 1
            losses.append(total / len(order))
            if select is not None:
                consider()
    finally:
        torch.set_num_threads(threads)
    selected = None
    if selection:
        selected = next(i for i, v in enumerate(selection) if v >= max(selection) - tolerance)
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
    return output_dir



# -- frozen lower layers, cached hidden states, fine-tuned top layers ---------------------------------------
#
# The same idea one level down: the embeddings and the lowest ``frozen_layers`` transformer layers never
# change, so each distinct text runs through them once (no gradient) and its token states are cached; training
# then runs only the top layers (forward and backward) on cached states. The trained layers are the model's
# own modules, so the result is saved as an ordinary, full SentenceTransformer.


class HiddenStateCache:
    """Token states after the lowest ``frozen_layers`` layers of a BERT-like SentenceTransformer, per text."""

    def __init__(self, model, frozen_layers: int, *, batch_size: int = 64, dtype=None):
        import torch

        self.model = model
        self.frozen_layers = frozen_layers
        self.batch_size = batch_size
        self.dtype = dtype or torch.float16
        _, blocks = _transformer_parts(model)
        if not 0 <= frozen_layers < len(blocks):
            raise InputError(f"frozen_layers must be in [0, {len(blocks) - 1}], got {frozen_layers}")
        self.index: dict[str, int] = {}
        self.states: list[Any] = []
        self.seconds = 0.0

    def add(self, texts: Iterable[str]) -> int:
        """Run the texts not seen before through the frozen layers; return how many were new."""
        import torch

        new = [t for t in dict.fromkeys(texts) if t not in self.index]
        if not new:
            return 0
        start = time.perf_counter()
        order = sorted(range(len(new)), key=lambda i: -len(new[i]))
        auto = self.model[0].auto_model
        out: list[Any] = [None] * len(new)
        was_training = auto.training
        auto.eval()
        with torch.no_grad():
            for lo in range(0, len(order), self.batch_size):
                idx = order[lo:lo + self.batch_size]
                features = self.model.tokenize([new[i] for i in idx])
                mask = features["attention_mask"]
                hidden = auto(input_ids=features["input_ids"], attention_mask=mask,
                              token_type_ids=features.get("token_type_ids"),
                              output_hidden_states=True).hidden_states[self.frozen_layers]
                for row, i in enumerate(idx):
                    out[i] = hidden[row, : int(mask[row].sum())].to(self.dtype).clone()
        auto.train(was_training)
        for text, state in zip(new, out):
            self.index[text] = len(self.states)
            self.states.append(state)
        self.seconds += time.perf_counter() - start
        return len(new)

    def lookup(self, texts: Sequence[str]) -> list[int]:
        return [self.index[t] for t in texts]

    def batch(self, rows: Sequence[int]):
        """Padded float32 states and the 0/1 attention mask of the given cached rows."""
        import torch

        states = [self.states[r] for r in rows]
        length = max(len(s) for s in states)
        dim = states[0].shape[-1]
        hidden = torch.zeros(len(states), length, dim, dtype=torch.float32)
        mask = torch.zeros(len(states), length, dtype=torch.long)
        for i, s in enumerate(states):
            hidden[i, : len(s)] = s.float()
            mask[i, : len(s)] = 1
        return hidden, mask


def encode_from_cache(model, cache: HiddenStateCache, rows: Sequence[int]):
    """Normalised sentence embeddings of cached rows through the top layers and mean pooling."""
    import torch
    from transformers.masking_utils import create_bidirectional_mask

    auto = model[0].auto_model
    _, blocks = _transformer_parts(model)
    hidden, mask = cache.batch(rows)
    attention = create_bidirectional_mask(config=auto.config, inputs_embeds=hidden, attention_mask=mask)
    for block in blocks[cache.frozen_layers:]:
        out = block(hidden, attention_mask=attention)
        hidden = out[0] if isinstance(out, tuple) else out
    weights = mask.unsqueeze(-1).to(hidden.dtype)
    pooled = (hidden * weights).sum(1) / weights.sum(1).clamp(min=1e-9)
    return torch.nn.functional.normalize(pooled, dim=-1)


@dataclass
class TopLayerConfig:
    """Hyper-parameters of :func:`train_top_layers` (``loss`` and ``margin`` as in :class:`HeadConfig`)."""

    frozen_layers: int = 4
    loss: str = "triplet-cosine"
    margin: float = 1.0
    epochs: float = 1.0
    max_steps: int | None = None
    batch_size: int = 32
    learning_rate: float = 5e-5
    weight_decay: float = 0.01
    warmup_ratio: float = 0.1
    seed: int = 3407

    def validate(self) -> TopLayerConfig:
        if self.loss not in HEAD_LOSSES:
            raise InputError(f"unknown loss {self.loss!r}; choose one of {', '.join(HEAD_LOSSES)}")
        if self.batch_size < 1 or self.epochs <= 0 or self.learning_rate <= 0 or self.margin <= 0:
            raise InputError("batch_size, epochs, learning_rate and margin must be positive")
        if self.max_steps is not None and self.max_steps < 1:
            raise InputError(f"max_steps must be at least 1, got {self.max_steps}")
        return self

    def to_dict(self) -> dict[str, Any]:
        return dict(self.__dict__)


def train_top_layers(model, cache: HiddenStateCache, anchors: Sequence[int], positives: Sequence[int],
                     negatives: Sequence[int], config: TopLayerConfig | None = None) -> HeadResult:
    """Fine-tune the layers above ``cache.frozen_layers`` in place on triplets of cached rows.

    Returns a :class:`HeadResult` whose ``blocks`` is empty (the model itself was trained) and whose
    ``losses`` holds the mean loss of every 50 steps.
    """
    import numpy as np
    import torch

    config = (config or TopLayerConfig()).validate()
    if config.frozen_layers != cache.frozen_layers:
        raise InputError(f"the cache holds states after {cache.frozen_layers} layers, "
                         f"not {config.frozen_layers}")
    anchors, positives, negatives = (np.asarray(x, dtype=np.int64) for x in (anchors, positives, negatives))
    if not len(anchors) or not (len(anchors) == len(positives) == len(negatives)):
        raise InputError("train_top_layers needs equally many (at least one) anchors, positives and negatives")
    torch.manual_seed(config.seed)
    _, blocks = _transformer_parts(model)
    trained = blocks[config.frozen_layers:]
    params = [p for b in trained for p in b.parameters()]
    optimiser = torch.optim.AdamW(params, lr=config.learning_rate, weight_decay=config.weight_decay)
    per_epoch = -(-len(anchors) // config.batch_size)
    total = config.max_steps or max(1, round(per_epoch * config.epochs))
    warmup = int(total * config.warmup_ratio)
    schedule = torch.optim.lr_scheduler.LambdaLR(
        optimiser, lambda s: (s + 1) / max(1, warmup) if s < warmup else max(0.0, (total - s) / max(1, total - warmup)))
    generator = torch.Generator().manual_seed(config.seed)
    head_config = HeadConfig(loss=config.loss, margin=config.margin)
    for b in trained:
        b.train()
    losses, window, step, start = [], [], 0, time.perf_counter()
    while step < total:
        order = torch.randperm(len(anchors), generator=generator).numpy()
        for lo in range(0, len(order), config.batch_size):
            if step >= total:
                break
            idx = order[lo:lo + config.batch_size]
            rows = [*anchors[idx], *positives[idx], *negatives[idx]]
            emb = encode_from_cache(model, cache, rows)
            a, p, n = emb.split(len(idx))
            loss = _head_loss(a, p, n, head_config)
            optimiser.zero_grad()
            loss.backward()
            optimiser.step()
            schedule.step()
            window.append(float(loss.detach()))
            step += 1
            if len(window) == 50 or step == total:
                losses.append(sum(window) / len(window))
                window = []
    for b in trained:
        b.eval()
    return HeadResult([], losses, step, time.perf_counter() - start)

# -- the recommended recipe ---------------------------------------------------------------------------------


@dataclass
class RecipeResult:
    """What :func:`train_recipe` did, stage by stage."""

    model_dir: Path
    data: TrainingSetReport
    texts_encoded: int
    encode_seconds: float
    head: HeadResult
    validation: dict[str, Any]
    seconds: float


def head_cosines(blocks, table, q_rows, p_rows):
    """Cosine (numpy, clipped to [-1, 1]) of cached rows ``q_rows`` and ``p_rows`` of ``table`` under a head."""
    import numpy as np
    import torch

    table = torch.as_tensor(table)
    with torch.no_grad():
        q, p = apply_head(blocks, table[q_rows]), apply_head(blocks, table[p_rows])
    return np.clip((q * p).sum(-1).numpy(), -1.0, 1.0)


def validation_metrics(encoder, blocks, pairs: pd.DataFrame, *, batch_size: int = 64) -> dict[str, Any]:
    """Pure and hybrid metrics at threshold 0.5 of labelled ``question, paraphrase, label`` pairs."""
    from ..evaluation.metrics import evaluate_scores
    from ..hybrid import HybridScorer

    cache = EmbeddingCache(encoder, batch_size=batch_size)
    cache.add([*pairs["question"], *pairs["paraphrase"]])
    cos = head_cosines(blocks, cache.matrix(), cache.lookup(pairs["question"].tolist()),
                       cache.lookup(pairs["paraphrase"].tolist()))
    hybrid = HybridScorer(checker_with_synonyms(encoder))
    scores = hybrid.combine(cos, hybrid.check_pairs(pairs["question"].tolist(), pairs["paraphrase"].tolist()))
    labels = pairs["label"].to_numpy()
    out: dict[str, Any] = {"pairs": int(len(pairs))}
    for kind, values in (("pure", cos), ("hybrid", scores)):
        m = evaluate_scores(labels, values, DEFAULT_THRESHOLD)
        out[kind] = {k: round(float(m[k]), 4) for k in ("weighted_f1_paper", "separation", "roc_auc")}
    return out


def _labelled_pairs(paths: Sequence[str | os.PathLike]) -> pd.DataFrame:
    frames = []
    for path in paths:
        df = read_table(path)
        frames.append(wide_to_pairs(df, source=str(path)) if wide_columns(df)[0] else df)
    pairs = pd.concat(frames, ignore_index=True)
    missing = {"question", "paraphrase", "label"} - set(pairs.columns)
    if missing:
        raise InputError(f"labelled pairs need columns question, paraphrase, label; missing {sorted(missing)}")
    return pairs


def checker_with_synonyms(encoder):
    """A :class:`~paraqd.checks.CriticalInfoChecker` whose synonym judge is ``encoder`` (as a scorer's is)."""
    from ..checks import CriticalInfoChecker, WordSimilarity

    return CriticalInfoChecker(synonyms=WordSimilarity(
        lambda words: encoder.encode(list(words), convert_to_numpy=True, normalize_embeddings=True,
                                     show_progress_bar=False)))


def hybrid_auc_selector(encoder, cache: EmbeddingCache, pairs: pd.DataFrame) -> Callable[[list[Any]], float]:
    """``select(blocks)``: ROC-AUC of the default hybrid score of labelled ``pairs`` under a head.

    The check runs once (its synonym judge is the frozen ``encoder``); each call only re-applies the head to
    the cached embeddings, so selecting after every epoch costs milliseconds.
    """
    from sklearn.metrics import roc_auc_score

    from ..hybrid import DEFAULT_RULE

    labels = pairs["label"].astype(int).to_numpy()
    if len(set(labels.tolist())) < 2:
        raise InputError("selection pairs need both valid (1) and invalid (0) labels")
    questions, paraphrases = pairs["question"].astype(str).tolist(), pairs["paraphrase"].astype(str).tolist()
    cache.add([*questions, *paraphrases])
    results = checker_with_synonyms(encoder).check_pairs(questions, paraphrases)
    q_rows, p_rows = cache.lookup(questions), cache.lookup(paraphrases)

    def select(blocks: list[Any]) -> float:
        cos = head_cosines(blocks, cache.matrix(), q_rows, p_rows)
        return float(roc_auc_score(labels, DEFAULT_RULE.combine(cos, results)))

    return select


def train_recipe(spec: TrainingSetSpec, output_dir: str | os.PathLike, head: HeadConfig | None = None, *,
                 validation: Sequence[str | os.PathLike] = (), select_on: Sequence[str | os.PathLike] = (),
                 encoder: str | None = None, batch_size: int = 64, overwrite: bool = False,
                 progress: bool = False) -> RecipeResult:
    """Build the training set, encode it once with the frozen encoder, train the head, save a hybrid model.

    ``validation`` files (wide-form candidates or labelled pairs) are excluded from training and scored at
    the end; their figures go into ``paraqd.json`` (``recipe.validation``). ``select_on`` files (labelled
    pairs, e.g. data/dev/aqua_dev_labelled.csv) are excluded from training too and pick the epoch whose
    head gives the best hybrid ROC-AUC on them, the untrained encoder (epoch 0) included, by the
    one-standard-error rule (:func:`train_head`; the error from :func:`auc_standard_error`).
    """
    import tempfile

    from ..resources import resolve_encoder
    from ..scoring import _load_sentence_transformer
    from .data import sha256_file
    from .metadata import build_metadata, write_metadata

    head = (head or HeadConfig(seed=spec.seed)).validate()
    output_dir = Path(output_dir)
    if output_dir.exists() and (not output_dir.is_dir() or any(output_dir.iterdir())) and not overwrite:
        raise InputError(f"{output_dir}: exists and is not empty; pass overwrite=True (--overwrite) to replace it")
    start = time.perf_counter()
    spec = dataclasses_replace(spec, exclude=[*spec.exclude, *validation, *select_on])
    with tempfile.TemporaryDirectory(prefix="paraqd-recipe-") as tmp:
        data_file = Path(tmp) / "triplets.csv"
        logger.info("building the training set")
        report = build_training_set(spec, data_file)
        triplets = read_table(data_file)
    logger.info("%d reference + %d pool triplets (%d pool questions) in %.0f s", report.reference_triplets,
                report.pool_triplets, report.pool_questions, report.seconds)

    model = _load_sentence_transformer(resolve_encoder(encoder), device="cpu")
    cache = EmbeddingCache(model, batch_size=batch_size, show_progress_bar=progress)
    encoded = cache.add([*triplets["anchor"], *triplets["positive"], *triplets["negative"]])
    logger.info("encoded %d distinct texts in %.0f s", encoded, cache.seconds)
    select, tolerance = None, 0.0
    if select_on:
        selection_pairs = _labelled_pairs(select_on)
        select = hybrid_auc_selector(model, cache, selection_pairs)
        n_valid = int(selection_pairs["label"].astype(int).sum())
        tolerance = auc_standard_error(select(build_head(cache.matrix().shape[1], head)), n_valid,
                                       len(selection_pairs) - n_valid)
    a, p, n = (cache.lookup(triplets[c].tolist()) for c in ("anchor", "positive", "negative"))
    result = train_head(cache.matrix(), a, p, n, head, select=select, tolerance=tolerance)
    logger.info("trained the head: %d steps in %.1f s, final loss %.4f", result.steps, result.seconds,
                result.losses[-1])
    if select is not None:
        logger.info("selection (hybrid ROC-AUC per epoch, 0 = untrained): %s; one-standard-error rule "
                    "(SE %.4f) kept epoch %d", [round(v, 4) for v in result.selection], tolerance,
                    result.selected_epoch)

    scores: dict[str, Any] = {}
    if validation:
        pairs = _labelled_pairs(validation)
        scores = validation_metrics(model, result.blocks, pairs, batch_size=batch_size)
        logger.info("validation: %s", scores)

    parent = output_dir.resolve().parent
    parent.mkdir(parents=True, exist_ok=True)
    staging = staging_dir(output_dir)
    files = [*spec.reference, *spec.pools]
    sources = [{"path": str(f), "sha256": sha256_file(f)} for f in files]
    config = {"training_set": {k: (list(map(str, v)) if isinstance(v, (list, tuple)) else v)
                               for k, v in spec.__dict__.items()},
              "head": head.to_dict(), "encoder_frozen": True, "batch_size": batch_size}
    metadata = build_metadata(encoder=encoder or "all-MiniLM-L6-v2 (embedded)", config=config, sources=sources,
                              counts={"triplets": int(len(triplets)), "texts_encoded": int(encoded),
                                      "reference_triplets": report.reference_triplets,
                                      "pool_triplets": report.pool_triplets,
                                      "dropped_excluded_questions": report.dropped_questions},
                              operators={"pairs": report.operators},
                              history=[{"epoch": i + 1, "loss": round(v, 6)} for i, v in enumerate(result.losses)])
    seconds = time.perf_counter() - start
    metadata["seed"] = spec.seed
    metadata["recipe"] = {"name": "frozen-encoder-head", "seconds": round(seconds, 1),
                          "encode_seconds": round(cache.seconds, 1), "head_seconds": round(result.seconds, 2),
                          "data_seconds": report.seconds, "validation": scores,
                          **({"selection": {"files": list(map(str, select_on)), "metric": "hybrid roc_auc",
                                            "rule": "earliest epoch within one standard error of the best",
                                            "standard_error": round(tolerance, 4),
                                            "per_epoch": [round(v, 4) for v in result.selection],
                                            "selected_epoch": result.selected_epoch}} if select else {})}
    try:
        # epoch 0 selected: the head is the identity, so the model is saved without it
        save_with_head(model, [] if result.selected_epoch == 0 else result.blocks, staging)
        write_metadata(staging, metadata, card_name=output_dir.name)
        enable_hybrid_scoring(staging, card_name=output_dir.name)
        if output_dir.exists():
            shutil.rmtree(output_dir)
        os.replace(staging, output_dir)
    finally:
        if staging.exists():
            shutil.rmtree(staging, ignore_errors=True)
    return RecipeResult(output_dir, report, encoded, cache.seconds, result, scores, seconds)


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m paraqd.training.recipes OUTDIR --reference ... --pools ...`` (see benchmarks/train_default.sh)."""
    import argparse

    parser = argparse.ArgumentParser(
        prog="python -m paraqd.training.recipes",
        description="Train the recommended paraphrase scorer on a CPU budget: a frozen encoder, a residual head "
                    "trained on cached embeddings of reference + freshly augmented triplets, hybrid scoring on.",
        epilog="example:\n  python -m paraqd.training.recipes runs/model --reference ref.csv --pools svamp.jsonl "
               "\\\n      --exclude AQUA_test.csv SAWP_test.csv --validation dev_augmented.csv",
        formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("output", help="model directory to write")
    parser.add_argument("--reference", nargs="*", default=[], help="wide-form candidate files (bring your own)")
    parser.add_argument("--pools", nargs="*", default=[], help="question pools to augment (.jsonl/.csv)")
    parser.add_argument("--exclude", nargs="*", default=[],
                        help="files whose questions are never trained on (the evaluation sets)")
    parser.add_argument("--validation", nargs="*", default=[],
                        help="held-out wide-form or labelled-pair files: excluded from training, scored at the end")
    parser.add_argument("--select-on", nargs="*", default=[],
                        help="labelled pairs (question, paraphrase, label) that pick the best epoch by hybrid "
                             "ROC-AUC, the untrained encoder included; excluded from training")
    defaults_spec, defaults_head = TrainingSetSpec(), HeadConfig()
    parser.add_argument("--pool-questions", type=int, default=defaults_spec.pool_questions)
    parser.add_argument("--per-question", type=int, default=defaults_spec.per_question)
    parser.add_argument("--operators", default=defaults_spec.operators, help="train operators for the pools")
    parser.add_argument("--loss", choices=HEAD_LOSSES, default=defaults_head.loss)
    parser.add_argument("--margin", type=float, default=defaults_head.margin)
    parser.add_argument("--blocks", type=int, default=defaults_head.blocks)
    parser.add_argument("--epochs", type=int, default=defaults_head.epochs)
    parser.add_argument("--lr", type=float, default=defaults_head.learning_rate)
    parser.add_argument("--seed", type=int, default=3407)
    parser.add_argument("--workers", type=int, default=1, help="processes for the rule-based operators")
    parser.add_argument("--overwrite", action="store_true", help="replace a non-empty OUTPUT")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s", datefmt="%H:%M:%S")
    spec = TrainingSetSpec(reference=args.reference, pools=args.pools, exclude=args.exclude,
                           pool_questions=args.pool_questions, per_question=args.per_question,
                           operators=args.operators, seed=args.seed, workers=args.workers)
    head = HeadConfig(loss=args.loss, margin=args.margin, blocks=args.blocks, epochs=args.epochs,
                      learning_rate=args.lr, seed=args.seed)
    try:
        result = train_recipe(spec, args.output, head, validation=args.validation, select_on=args.select_on,
                              overwrite=args.overwrite, progress=sys.stderr.isatty())
    except InputError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    print(json.dumps({"model_dir": str(result.model_dir), "seconds": round(result.seconds, 1),
                      "triplets": result.data.reference_triplets + result.data.pool_triplets,
                      "texts_encoded": result.texts_encoded, "encode_seconds": round(result.encode_seconds, 1),
                      "validation": result.validation,
                      **({"selected_epoch": result.head.selected_epoch,
                          "selection": [round(v, 4) for v in result.head.selection]} if result.head.selection
                         else {})}))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
