"""The learned pair verifier: a cross-encoder that reads a question and a candidate together.

Not part of the default: paraqd's default score is the hybrid score of
:meth:`paraqd.scoring.ParaphraseScorer.load` (the learned cosine lowered by the critical-information check); on
the development pairs no weight of the verifier in that score gives fewer wrong verdicts (docs/training.md).
The verifier is the embedded all-MiniLM-L6-v2 with a small LoRA adapter and a one-logit classifier (3.2 MB).
paraqd ships one (``data/models/verifier`` of a checkout, ``paraqd/_models/verifier`` of a wheel, with its model
card), trained on operator pairs and LLM-written rewordings (``paraqd train --recipe verifier --labelled ...``:
:mod:`paraqd.training.verifier_data`, :mod:`paraqd.training.verifier_training`); its pure ROC-AUC on the tuned
development pairs is 0.84, the untrained cosine's 0.40. Its score is the probability that the candidate keeps
the question's information, in [0, 1]; unlike the cosine of two separate embeddings it sees a single changed
number.

    from paraqd.verifier import PairVerifier

    verifier = PairVerifier.load()                 # the shipped adapter; load("model_dir/"): one you trained
    verifier.predict(["Tom has 3 cats and 2 dogs. How many pets does Tom have?"] * 2,
                     ["Tom owns three cats and two dogs. How many pets does he own?",
                      "Tom has 3 cats and 5 dogs. How many pets does Tom have?"])   # array([0.92, 0.0008])
"""

from __future__ import annotations

import json
import os
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np

from .errors import InputError, ModelUnavailableError

VERIFIER_DIR = "verifier"
ADAPTER_FILES = ("adapter_config.json", "adapter_model.safetensors")


def shipped_verifier_dir() -> Path | None:
    """The adapter shipped with paraqd (installed wheel or source checkout), or ``None`` when absent."""
    here = Path(__file__).resolve().parent
    for candidate in (here / "_models" / VERIFIER_DIR, here.parent / "data" / "models" / VERIFIER_DIR):
        if is_verifier_dir(candidate):
            return candidate
    return None


def is_verifier_dir(path: str | os.PathLike) -> bool:
    """Whether ``path`` holds a verifier adapter."""
    return all((Path(path) / name).is_file() for name in ADAPTER_FILES)


class PairVerifier:
    """A cross-encoder verifier: probability that each candidate keeps its question's information.

    Args:
        model: the LoRA-wrapped sequence classifier.
        tokenizer: its tokenizer.
        path: where the adapter was loaded from.
        metadata: the adapter's ``verifier.json`` (how it was trained), ``{}`` when absent.
        max_length: tokens per pair (question and candidate together; the longer is cut first).
    """

    def __init__(self, model, tokenizer, *, path: str | None = None, metadata: dict[str, Any] | None = None,
                 max_length: int = 192, batch_size: int = 64, device: str = "cpu"):
        self.model = model
        self.tokenizer = tokenizer
        self.path = path
        self.metadata = dict(metadata or {})
        self.max_length = int(max_length)
        self.batch_size = int(batch_size)
        self.device = device

    @classmethod
    def load(cls, path: str | os.PathLike | None = None, *, base: str | os.PathLike | None = None,
             device: str | None = None, batch_size: int = 64) -> PairVerifier:
        """Load an adapter folder (``None``: the shipped one) on top of ``base`` (``None``: the embedded MiniLM)."""
        from .resources import resolve_encoder
        from .training.verifier_training import load_adapter

        folder = shipped_verifier_dir() if path is None else Path(path)
        if folder is None:
            raise ModelUnavailableError("paraqd verifier", reason="the shipped adapter is missing",
                                        hint="reinstall paraqd or train one with `paraqd train --recipe verifier`")
        if not is_verifier_dir(folder):
            raise InputError(f"{folder}: not a verifier adapter folder (expected {', '.join(ADAPTER_FILES)})")
        metadata: dict[str, Any] = {}
        if (folder / "verifier.json").is_file():
            metadata = json.loads((folder / "verifier.json").read_text(encoding="utf-8"))
        if device is None:
            import torch

            device = "cuda" if torch.cuda.is_available() else "cpu"
        model, tokenizer = load_adapter(resolve_encoder(None if base is None else str(base)), folder, device=device)
        max_length = int(metadata.get("config", {}).get("max_length", 192))
        return cls(model, tokenizer, path=str(folder), metadata=metadata, max_length=max_length,
                   batch_size=batch_size, device=device)

    def logits(self, questions: Sequence[str], candidates: Sequence[str]) -> np.ndarray:
        """Raw logits (float32), one per pair."""
        from .training.verifier_training import predict_logits

        if len(questions) != len(candidates):
            raise InputError(f"got {len(questions)} questions but {len(candidates)} candidates")
        return predict_logits(self.model, self.tokenizer, list(questions), list(candidates),
                              batch_size=self.batch_size, max_length=self.max_length, device=self.device)

    def predict(self, questions: Sequence[str], candidates: Sequence[str]) -> np.ndarray:
        """Probability (float32, in [0, 1]) that each candidate keeps its question's information."""
        logits = self.logits(questions, candidates).astype(np.float64)
        return (1.0 / (1.0 + np.exp(-logits))).astype(np.float32)

    def __repr__(self) -> str:
        return f"{type(self).__name__}(path={self.path!r})"
