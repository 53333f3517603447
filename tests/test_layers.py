"""paraqd's layers (docs/architecture.md): every module imports only its own layer and the layers above it in
the list, lazy imports and ``TYPE_CHECKING`` imports included (what counts as an import:
tests/test_import_cycles.py). A new top-level module goes in the list here and in docs/architecture.md."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

#: Top to bottom, as in docs/architecture.md's layer list: a module may import its own layer and those above.
LAYERS: list[list[str]] = [
    ["errors"], ["defaults"], ["validation"], ["io"], ["badrows"], ["progress", "hub"], ["leakage"], ["resources"], ["registries"], ["process_cache"],
    ["scheduling"], ["backends"], ["encoders"], ["models"],
    ["analysis"], ["operators"], ["engines"], ["augmentation", "distributed"], ["checks"], ["hybrid"],
    ["scoring"], ["filtering"], ["calibration"], ["llm"], ["evaluation"], ["training"], ["verifier"], ["baselines"], ["pairs"], ["bench"],
    ["cli", "serve"], ["__main__"],
]

_HERE = Path(__file__).resolve().parent


def _import_graph():
    spec = importlib.util.spec_from_file_location("_import_cycles", _HERE / "test_import_cycles.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.import_graph()


def _layer(module: str) -> int | None:
    parts = module.split(".")
    if len(parts) == 1:  # the package itself (paraqd/__init__.py): the public API, above everything
        return -1
    return next((i for i, names in enumerate(LAYERS) if parts[1] in names), None)


@pytest.fixture(scope="module")
def graph():
    return _import_graph()


def test_every_top_level_module_has_a_layer(graph):
    missing = sorted({m.split(".")[1] for m in graph.nodes if _layer(m) is None})
    assert not missing, f"add {missing} to LAYERS here and to docs/architecture.md's layer list"


def test_no_module_imports_a_layer_below_its_own(graph):
    upward = sorted(f"{a} -> {b}" for a, b in graph.edges
                    if _layer(a) is not None and _layer(b) is not None and _layer(b) > _layer(a) >= 0)
    assert not upward, "imports that go up the layer list: " + "; ".join(upward)


def test_the_checks_never_import_scoring(graph):
    assert not [(a, b) for a, b in graph.edges if a.startswith("paraqd.checks")
                and b.split(".")[1] in ("scoring", "hybrid", "engines", "training")]
