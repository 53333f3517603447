"""Paths and text normalisation shared by the tests that check the repository's data files against
``../shared/data`` (the question pools, the development and evaluation sets): one definition, so every data test
compares question texts the same way and skips the same way when the shared folder is absent."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

REPO_ROOT = Path(__file__).resolve().parents[1]
SHARED_DATA = REPO_ROOT.parent / "shared" / "data"


def normalise(text: str) -> str:
    """A question's text compared across files: case, runs of white space and curly apostrophes ignored.

    >>> normalise("Tom’s  3\\nApples")
    "tom's 3 apples"
    """
    return re.sub(r"\s+", " ", text.replace("’", "'")).strip().lower()


def shared(path: str) -> Path:
    """``../shared/data/<path>``; skips the calling test when it is absent (a clone without the shared folder)."""
    full = SHARED_DATA / path
    if not full.exists():
        pytest.skip(f"shared data not found at {full}")
    return full
