"""Checking whether a model can be loaded here, without loading it."""

from __future__ import annotations

import os
from collections.abc import Iterable
from pathlib import Path

from .base import Availability, Requirement


def hub_offline() -> bool:
    return os.environ.get("HF_HUB_OFFLINE", "").lower() in ("1", "true", "yes") or \
        os.environ.get("TRANSFORMERS_OFFLINE", "").lower() in ("1", "true", "yes")


def model_is_local(name_or_path: str) -> bool:
    """True when ``name_or_path`` is a directory or a Hugging Face model already in the local cache."""
    if Path(name_or_path).expanduser().exists():
        return True
    try:
        from huggingface_hub import try_to_load_from_cache

        hit = try_to_load_from_cache(name_or_path, "config.json")
        return isinstance(hit, str)
    except Exception:  # invalid repo id, hub library missing...
        return False


def check_requirements(reqs: Iterable[Requirement]) -> Availability:
    from ..resources import resolve_encoder, spacy_available

    for req in reqs:
        if req.kind == "spacy":
            if not spacy_available(None if req.name == "en_core_web_sm" else req.name):
                return Availability(False, f"spaCy pipeline {req.name} is not installed")
        else:
            name = resolve_encoder(req.name) if req.kind == "sentence-transformers" else req.name
            if not model_is_local(name):
                where = "not a local path nor in the Hugging Face cache"
                if hub_offline():
                    return Availability(False, f"{req.name}: {where} (offline)")
                return Availability(False, f"{req.name}: {where}; it would be downloaded on first use")
    return Availability(True)
