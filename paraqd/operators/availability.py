"""Checking whether what an operator needs (a model, a package, a spaCy pipeline) is here, without loading it."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Literal


@dataclass(frozen=True)
class Requirement:
    """Something an operator needs: a spaCy pipeline, a transformers model, a sentence encoder or a Python
    package (``kind="python"``, ``name`` the import name, ``role`` the extra that installs it)."""

    kind: Literal["spacy", "transformers", "sentence-transformers", "python"]
    name: str
    role: str = ""  # e.g. "forward translation"

    def describe(self) -> str:
        return f"{self.kind}:{self.name}" + (f" ({self.role})" if self.role else "")


@dataclass(frozen=True)
class Availability:
    ok: bool
    reason: str = ""


def hub_offline() -> bool:
    """Whether the Hugging Face hub's offline mode is on (:func:`paraqd.hub.hub_offline`)."""
    from ..hub import hub_offline as offline

    return offline()


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


def is_fsmt(name_or_path: str) -> bool:
    """Whether a translation model is an FSMT one (the WMT19 models), whose tokenizer needs sacremoses."""
    config = Path(name_or_path).expanduser() / "config.json"
    if config.is_file():
        import json

        try:
            return json.loads(config.read_text(encoding="utf-8")).get("model_type") == "fsmt"
        except (OSError, ValueError):
            return False
    return "wmt19" in name_or_path.lower() or "fsmt" in name_or_path.lower()


def check_requirements(reqs: Iterable[Requirement]) -> Availability:
    import importlib.util

    from ..resources import resolve_encoder, spacy_available

    for req in reqs:
        if req.kind == "python":
            if importlib.util.find_spec(req.name) is None:
                extra = f" (pip install 'paraqd[{req.role}]')" if req.role else ""
                return Availability(False, f"Python package {req.name} is not installed{extra}")
        elif req.kind == "spacy":
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
