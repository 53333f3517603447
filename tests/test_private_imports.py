"""No module of paraqd imports another module's private name (``from .x import _y``): what two modules share is
public, with a name and a docstring, in the module that owns it (docs/architecture.md). Importing a public name
under a private alias (``from .x import y as _y``) is fine."""

from __future__ import annotations

import ast
from pathlib import Path

_PACKAGE = Path(__file__).resolve().parent.parent / "paraqd"


def _private_imports(source: str) -> list[tuple[int, str]]:
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.ImportFrom) and (node.level > 0 or (node.module or "").split(".")[0] == "paraqd"):
            found += [(node.lineno, a.name) for a in node.names if a.name.startswith("_") and not a.name.startswith("__")]
    return found


def test_the_check_finds_a_private_import_and_passes_a_private_alias():
    source = "from .conditions import _EVERY, token\nfrom .terms import clause_verb as _verb\nfrom os import _exit\n"
    assert _private_imports(source) == [(1, "_EVERY")]


def test_no_module_imports_a_private_name_of_another():
    found = [f"{path.relative_to(_PACKAGE.parent)}:{line} imports {name}"
             for path in sorted(_PACKAGE.rglob("*.py")) for line, name in _private_imports(path.read_text())]
    assert found == []
