"""No import cycle among paraqd's modules.

Every ``import`` / ``from ... import`` statement of every module under ``paraqd/`` counts: at module level,
inside a function (a lazy import still ties the two modules' designs together) and under
``if TYPE_CHECKING:`` (the annotation names the other module's type). ``from PKG import x`` is an edge to the
module ``PKG.x`` when there is one, else to ``PKG`` itself (its ``__init__``). Imports by computed name
(``importlib.import_module``, as the operator registry loads the built-in operators) are not seen. A package's ``__init__`` is its
own node: importing ``paraqd.a.b`` runs ``paraqd.a`` too, but that is not a design dependency of ``b`` on its
siblings.
"""

from __future__ import annotations

import ast
from pathlib import Path

import networkx as nx

ROOT = Path(__file__).resolve().parents[1] / "paraqd"

#: Cycles being removed by work in flight elsewhere, each to be deleted here once that lands (none now: the
#: augmentation <-> distributed cycle ended with the augment Engine registry).
KNOWN_CYCLES: set[frozenset[str]] = set()


def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imported_modules(path: Path, modules: set[str]) -> set[str]:
    """The paraqd modules that ``path`` imports (see the module docstring for what counts)."""
    name = module_name(path)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()

    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[:len(base) - (node.level - 1)]
                target = ".".join([*base, node.module] if node.module else base)
            else:
                target = node.module or ""
            submodules = {f"{target}.{alias.name}" for alias in node.names} & modules
            found.update(submodules)
            if len(submodules) < len(node.names):  # some names are the package's own attributes
                found.add(target)
    return {m for m in found if m in modules and m != name}


def import_graph() -> nx.DiGraph:
    files = sorted(ROOT.rglob("*.py"))
    modules = {module_name(f) for f in files}
    graph = nx.DiGraph()
    graph.add_nodes_from(modules)
    for f in files:
        graph.add_edges_from((module_name(f), target) for target in imported_modules(f, modules))
    return graph


def test_the_graph_sees_lazy_and_relative_imports():
    graph = import_graph()
    assert graph.has_edge("paraqd.scoring", "paraqd.encoders")  # inside ParaphraseScorer.load
    assert graph.has_edge("paraqd.encoders", "paraqd.backends")  # module level
    assert graph.has_edge("paraqd.cli.augment", "paraqd.cli.score")  # from .score import ...
    assert graph.has_edge("paraqd.operators.registry", "paraqd.operators.builtin")  # from . import builtin
    assert not graph.has_edge("paraqd.operators.registry", "paraqd.operators")


def test_no_import_cycle():
    graph = import_graph()
    cycles = []
    for component in nx.strongly_connected_components(graph):
        if len(component) > 1 and frozenset(component) not in KNOWN_CYCLES:
            sub = graph.subgraph(component)
            cycles.append(" -> ".join(nx.find_cycle(sub)[i][0] for i in range(len(nx.find_cycle(sub)))))
    assert not cycles, "import cycles:\n" + "\n".join(cycles)


def test_known_cycles_still_exist():
    """A known cycle that is gone must leave KNOWN_CYCLES (so the exception does not outlive its reason)."""
    components = {frozenset(c) for c in nx.strongly_connected_components(import_graph()) if len(c) > 1}
    assert KNOWN_CYCLES <= components, f"no longer cycles, remove them from KNOWN_CYCLES: {KNOWN_CYCLES - components}"
