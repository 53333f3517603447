"""The verifier recipe: question files in, a LoRA cross-encoder verifier out, in one call (CPU budget).

    paraqd train QUESTIONS.jsonl ... -o model/ --recipe verifier [--exclude FILE ...]

1. read the questions, drop every question of the excluded files (normalised comparison; the hand-labelled
   dev pairs of a source checkout, ``source_dev_files()``, are always excluded when present), shuffle them
   under the seed and keep ``max_questions``;
2. build labelled pairs with the rewording and subtle-negative operators
   (:func:`paraqd.training.verifier_data.build_pairs`), and add the pairs of the ``labelled`` files (hand- or
   LLM-written rewordings such as ``data/train/rewordings_llm_train.csv``), each ``labelled_repeat`` times; a
   labelled pair whose question is excluded is dropped like an excluded question;
3. train the LoRA verifier for ``config.epochs`` (:func:`paraqd.training.verifier_training.train_verifier`);
4. write the adapter and ``paraqd.json`` (data hashes, excluded questions, pair counts per operator, time,
   pairs per second, configuration, versions) into the output folder, which
   :class:`paraqd.verifier.PairVerifier` loads.

On 2 CPU cores the default (2,000 questions, about 9,600 pairs, one epoch) runs at about 11.5 pairs/s, i.e.
about 14 minutes of training (benchmarks/train_verifier.py).
"""

from __future__ import annotations

import datetime as _dt
import hashlib
import os
import random
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pandas as pd

from ..errors import InputError
from ..io import write_json
from .data import banned_questions, read_labelled_frame, read_questions, sha256_file, with_source_dev_files
from .metadata import library_versions
from .verifier_data import PairSpec, build_pairs
from .verifier_training import VerifierConfig, add_lora, load_base, save_adapter, train_verifier

DEFAULT_MAX_QUESTIONS = 2000


def labelled_pairs(paths: Sequence[str | os.PathLike], banned) -> pd.DataFrame:
    """The pairs of labelled files as verifier pairs (``question, candidate, label, operators``), without those
    whose question ``banned`` holds (operators: ``labelled:<file name>``)."""
    if not paths:
        return pd.DataFrame(columns=["question", "candidate", "label", "operators"])
    frames = []
    for path in paths:
        frame = read_labelled_frame([path])
        frames.append(pd.DataFrame({"question": frame.question, "candidate": frame.paraphrase,
                                    "label": frame.label.astype(int), "operators": f"labelled:{Path(path).name}"}))
    pairs = pd.concat(frames, ignore_index=True)
    return pairs[[q not in banned for q in pairs.question]].reset_index(drop=True)


def train_verifier_recipe(question_files: Sequence[str | os.PathLike], output_dir: str | os.PathLike, *,
                          exclude: Sequence[str | os.PathLike] = (), max_questions: int = DEFAULT_MAX_QUESTIONS,
                          config: VerifierConfig | None = None, spec: PairSpec | None = None,
                          base: str | None = None, device: str = "cpu", log=None,
                          labelled: Sequence[str | os.PathLike] = (), labelled_repeat: int = 3) -> dict[str, Any]:
    """Run the recipe; returns the ``paraqd.json`` document it wrote."""
    from ..resources import resolve_encoder

    config = (config or VerifierConfig(epochs=1.0, batch_size=16, lr=5e-4, threads=2)).validate()
    spec = spec or PairSpec(seed=config.seed)
    if max_questions < 1:
        raise InputError(f"max_questions must be at least 1, got {max_questions}")
    excluded_files = with_source_dev_files(exclude)
    if labelled_repeat < 1:
        raise InputError(f"labelled_repeat must be at least 1, got {labelled_repeat}")
    for path in [*map(Path, question_files), *map(Path, labelled), *excluded_files]:
        if not path.is_file():
            raise InputError(f"{path}: no such file")
    banned = banned_questions(excluded_files)
    questions: list[str] = []
    for path in question_files:
        questions.extend(read_questions(path))
    questions = list(dict.fromkeys(questions))
    kept, dropped = banned.drop(questions)
    random.Random(config.seed).shuffle(kept)
    kept = kept[:max_questions]
    if any(q in banned for q in kept):  # cannot happen: drop compares the same keys
        raise InputError("an excluded question survived the exclusion")
    if not kept:
        raise InputError("no question left to train on after the exclusions")
    start = time.perf_counter()
    pairs = build_pairs(kept, spec)
    extra = labelled_pairs(labelled, banned)
    if len(extra):
        pairs = pd.concat([pairs, *[extra] * labelled_repeat], ignore_index=True)
    build_seconds = time.perf_counter() - start
    if pairs.empty or pairs.label.nunique() < 2:
        raise InputError("the operators made no usable pairs from these questions")
    if log:
        log(f"{len(pairs)} pairs from {len(kept)} questions in {build_seconds:.0f} s")
    base_dir = resolve_encoder(base)
    model, tokenizer = load_base(base_dir, device=device, seed=config.seed)
    model = add_lora(model, config)
    report = train_verifier(model, tokenizer, pairs.question.tolist(), pairs.candidate.tolist(),
                            pairs.label.tolist(), config, device=device, log=log)
    operators = pairs.operators.str.split("+").explode().value_counts().to_dict()
    metadata = {
        "kind": "verifier",
        "created": _dt.datetime.now(_dt.UTC).isoformat(timespec="seconds"),
        "base_encoder": "all-MiniLM-L6-v2" if base is None else str(base),
        "config": config.to_dict(),
        "pairs": {"spec": spec.to_dict(), "count": len(pairs), "valid": int(pairs.label.sum()),
                  "invalid": int((1 - pairs.label).sum()), "operators": {k: int(v) for k, v in operators.items()},
                  "sha256": hashlib.sha256(pairs.to_csv(index=False).encode()).hexdigest()},
        "labelled": {"files": [{"path": str(p), "sha256": sha256_file(p)} for p in labelled], "pairs": len(extra),
                     "repeat": labelled_repeat},
        "questions": {"files": [{"path": str(p), "sha256": sha256_file(p)} for p in question_files],
                      "read": len(questions), "trained": len(kept), "dropped_excluded": dropped},
        "excluded": {"files": [{"path": str(p), "sha256": sha256_file(p)} for p in excluded_files],
                     "questions": len(banned),
                     "questions_sha256": hashlib.sha256("\n".join(sorted(banned)).encode()).hexdigest()},
        "timing": {"build_pairs_s": round(build_seconds, 1), "train_s": round(report.seconds, 1),
                   "pairs_per_second": round(report.pairs_per_second, 2), "device": device,
                   "threads": config.threads},
        "history": report.history,
        "versions": library_versions(),
        "load_with": "paraqd.verifier.PairVerifier.load(MODEL_DIR)",
    }
    out = save_adapter(model, output_dir, metadata)
    write_json(metadata, Path(out) / "paraqd.json", sort_keys=True)
    return metadata
