"""The examples in paraqd's docstrings run and show what they say (the README's test command runs them).

Every module of the package is imported and its doctests run; a module whose import needs an optional extra
that is not installed is skipped, naming the missing package.
"""

from __future__ import annotations

import doctest
import importlib
from pathlib import Path

import pytest

import paraqd

ROOT = Path(paraqd.__file__).resolve().parent
MODULES = sorted(
    ".".join(("paraqd", *path.relative_to(ROOT).with_suffix("").parts)).removesuffix(".__init__")
    for path in ROOT.rglob("*.py")
)


def _import(name: str):
    try:
        return importlib.import_module(name)
    except ModuleNotFoundError as exc:
        if exc.name and not exc.name.startswith("paraqd"):
            pytest.skip(f"{name} needs {exc.name}, not installed (an optional extra)")
        raise


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name):
    module = _import(name)
    finder = doctest.DocTestFinder(exclude_empty=True)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    for test in finder.find(module, name):  # globals: a copy of the module's
        runner.run(test)
    results = runner.summarize(verbose=False)
    assert results.failed == 0, f"{results.failed} of {results.attempted} docstring examples of {name} failed"


def test_the_package_has_docstring_examples():
    """The runner above finds the examples (a test that found none would pass without checking anything)."""
    finder = doctest.DocTestFinder(exclude_empty=True)
    examples = sum(len(t.examples) for t in finder.find(importlib.import_module("paraqd.defaults")))
    assert examples >= 2
    modules_with_examples = [n for n in ("paraqd.io.columns", "paraqd.registries", "paraqd.checks.checker",
                                         "paraqd.evaluation.metrics", "paraqd.analysis.units")
                             if any(t.examples for t in finder.find(importlib.import_module(n)))]
    assert len(modules_with_examples) == 5
