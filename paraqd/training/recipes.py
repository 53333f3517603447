"""The recommended recipe, orchestration only: question files in, a hybrid-scoring model directory out.

    paraqd train QUESTIONS.jsonl ... -o model/ --recipe recommended [--select-on DEV_PAIRS.csv ...]

1. build a leakage-safe training set (:func:`paraqd.training.data.build_training_set`): triplets made by the
   rule-based train operators from the question files, plus any wide-form reference candidates you bring;
2. encode every distinct text once with the frozen encoder and train a residual head on the cached embeddings
   (:mod:`paraqd.training.head`), with a registered loss (:mod:`paraqd.training.losses`);
3. keep the epoch the labelled dev pairs choose (:class:`paraqd.training.selection.HybridAUCEvaluator`, the
   one-standard-error rule, the untrained encoder included);
4. save the model with the hybrid score switched on in its ``paraqd.json`` (:func:`enable_hybrid_scoring`).
"""

from __future__ import annotations

import logging
import os
import shutil
import time
from collections.abc import Sequence
from dataclasses import dataclass
from dataclasses import replace as dataclasses_replace
from pathlib import Path
from typing import Any

from ..defaults import DEFAULT_THRESHOLD
from ..errors import InputError
from ..io import read_table, staging_dir
from ..scoring import METADATA_FILE, read_metadata
from .data import TrainingSetReport, TrainingSetSpec, build_training_set, read_labelled_frame
from .head import EmbeddingCache, HeadConfig, HeadResult, build_head, save_with_head, train_head
from .selection import HybridAUCEvaluator, validation_metrics

logger = logging.getLogger(__name__)


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

    from ..encoders import load_encoder
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

    model = load_encoder(encoder, device="cpu", cached=False)
    cache = EmbeddingCache(model, batch_size=batch_size, show_progress_bar=progress)
    encoded = cache.add([*triplets["anchor"], *triplets["positive"], *triplets["negative"]])
    logger.info("encoded %d distinct texts in %.0f s", encoded, cache.seconds)
    select, tolerance = None, 0.0
    if select_on:
        select = HybridAUCEvaluator(model, cache, read_labelled_frame(select_on))
        tolerance = select.standard_error(build_head(cache.matrix().shape[1], head))
    a, p, n = (cache.lookup(triplets[c].tolist()) for c in ("anchor", "positive", "negative"))
    result = train_head(cache.matrix(), a, p, n, head, evaluator=select, tolerance=tolerance)
    logger.info("trained the head: %d steps in %.1f s, final loss %.4f", result.steps, result.seconds,
                result.losses[-1])
    if select is not None:
        logger.info("selection (hybrid ROC-AUC per epoch, 0 = untrained): %s; one-standard-error rule "
                    "(SE %.4f) kept epoch %d", [round(v, 4) for v in result.selection], tolerance,
                    result.selected_epoch)

    scores: dict[str, Any] = {}
    if validation:
        pairs = read_labelled_frame(validation)
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
