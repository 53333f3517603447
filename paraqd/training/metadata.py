"""The ``paraqd.json`` file written beside a trained model: data provenance, hyper-parameters, versions.

Its ``scoring`` section configures :class:`paraqd.ParaphraseScorer`: the threshold, and the score when it is
not the default (``"method": "hybrid"`` with a stored rule, or ``"method": "pure"`` for the learned cosine
alone); ``ParaphraseScorer.load`` reads it and exposes it as ``scorer.metadata``. A model trained here stores
no method, so it is scored with the library's default, the hybrid score.
"""

from __future__ import annotations

import datetime as _dt
import os
import platform
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path
from typing import Any

from ..defaults import DEFAULT_THRESHOLD
from ..io import write_json
from ..scoring import METADATA_FILE

FORMAT_VERSION = 1
_PACKAGES = ("paraqd", "torch", "transformers", "sentence-transformers", "datasets", "accelerate", "numpy")


def library_versions() -> dict[str, str | None]:
    """Versions of Python and of the libraries that shape training results."""
    out: dict[str, str | None] = {"python": platform.python_version()}
    for name in _PACKAGES:
        try:
            out[name] = version(name)
        except PackageNotFoundError:
            out[name] = None
    return out


def build_metadata(*, encoder: str, config: dict[str, Any], sources: list[dict[str, Any]],
                   counts: dict[str, int], operators: dict[str, dict[str, int]],
                   history: list[dict[str, Any]], threshold: float = DEFAULT_THRESHOLD) -> dict[str, Any]:
    """Assemble the metadata document of a finished training run."""
    return {
        "format_version": FORMAT_VERSION,
        "created": _dt.datetime.now(_dt.UTC).isoformat(timespec="seconds"),
        "base_encoder": encoder,
        "training_files": sources,
        "counts": counts,
        "operators": operators,
        "hyperparameters": config,
        "seed": config.get("seed"),
        "history": history,
        "versions": library_versions(),
        "scoring": {"threshold": float(threshold)},
    }


def write_metadata(directory: str | os.PathLike, metadata: dict[str, Any],
                   name: str = METADATA_FILE, card_name: str | None = None) -> Path:
    """Write ``metadata`` as indented JSON into ``directory`` atomically.

    The model's metadata (``paraqd.json``) also (re)writes the model card ``README.md`` from it, titled
    ``card_name`` (default: the directory's name; pass the final name when writing into a staging directory).
    """
    from .model_card import write_model_card

    path = Path(directory) / name
    write_json(metadata, path)
    if name == METADATA_FILE:
        write_model_card(directory, metadata, card_name)
    return path
