"""The public names of ``import paraqd``: lazily imported, and the names users expect."""

from __future__ import annotations

import subprocess
import sys


def test_paraqd_augment_is_the_function_whatever_was_imported_first():
    """`from paraqd import augment` gives the function, even after the CLI and pipeline modules are loaded."""
    code = ("import paraqd.cli.augment, paraqd.augmentation, paraqd.cli; from paraqd.cli import build_parser; "
            "build_parser(); from paraqd import augment; import paraqd; "
            "assert callable(augment) and augment.__name__ == 'augment', augment; "
            "assert paraqd.augment is augment; print('ok')")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "ok"


def test_import_paraqd_is_light():
    """`import paraqd` loads neither torch nor the augmentation pipeline."""
    code = "import sys, paraqd; print(sorted(m for m in ('torch', 'paraqd.augmentation') if m in sys.modules))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "[]"
