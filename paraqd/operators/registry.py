"""The operator registry (catalogue), extensible through the ``paraqd_operators`` entry-point group.

    from paraqd.operators import register_operator, Operator

    @register_operator
    class Shout(Operator):
        name, paper_id, polarity, stage = "shout", "x1", "positive", "train"
        def transform(self, doc, rng): return doc.text.upper()

A third-party package exposes its operators with, in its pyproject.toml::

    [project.entry-points.paraqd_operators]
    shout = "my_package.ops:Shout"
"""

from __future__ import annotations

from ..errors import InputError
from ..registries import Registry
from .base import Operator

GROUPS = ("all", "train", "test", "extra", "positive", "negative", "rule-based", "model-based")


def _check_operator(cls: type[Operator]) -> None:
    for attr in ("name", "paper_id", "polarity", "stage"):
        if not getattr(cls, attr, None):
            raise TypeError(f"operator {cls.__name__} must define {attr!r}")
    if cls.polarity not in ("positive", "negative") or cls.stage not in ("train", "test"):
        raise TypeError(f"operator {cls.__name__}: polarity must be positive/negative, stage train/test")


#: The registry of operators (:mod:`paraqd.registries`), by ``name``.
operators = Registry("operators", what="operator", validate=_check_operator)
#: Class decorator adding an operator to the registry under ``cls.name`` (``@register_operator``).
register_operator = operators.decorator()
#: Remove an operator from the registry (mainly for tests and interactive sessions).
unregister_operator = operators.unregister


def _load_builtins() -> None:
    from . import builtin  # noqa: F401  (registers paraqd's own operators)


def operator_classes() -> dict[str, type[Operator]]:
    """All registered operators (built-in and from entry points), by name, in paper order."""
    _load_builtins()
    found = operators.get_all()
    return dict(sorted(found.items(), key=lambda kv: (kv[1].stage != "train", _paper_key(kv[1].paper_id),
                                                       kv[0])))


def _paper_key(pid: str) -> tuple[int, str]:
    digits = "".join(ch for ch in pid if ch.isdigit())
    return (int(digits) if digits else 0, pid)


def get_operator_class(key: str) -> type[Operator]:
    """Look an operator up by name or paper id (``"f3"``, ``"num2words"``)."""
    classes = operator_classes()
    if key in classes:
        return classes[key]
    for cls in classes.values():
        if cls.paper_id.lower() == key.lower():
            return cls
    raise InputError(f"unknown operator {key!r}; known: {', '.join(sorted(classes))} "
                     f"(or paper ids {', '.join(c.paper_id for c in classes.values())})")


def create_operator(key: str, **config) -> Operator:
    return get_operator_class(key)(**config)


def resolve_operator_names(spec: str | list[str] | None) -> list[str]:
    """Expand operator names, paper ids and groups (train, test, positive, ...) to registry names.

    ``spec`` is a list or a comma-separated string; groups may be intersected with ``+``
    (``train+positive``). Order follows the registry; duplicates are removed.
    """
    classes = operator_classes()
    if spec is None or spec == "" or spec == []:
        spec = ["train"]
    items = spec.split(",") if isinstance(spec, str) else [p for s in spec for p in s.split(",")]
    chosen: set[str] = set()
    for item in (i.strip() for i in items):
        if not item:
            continue
        parts = item.split("+")
        sel = set(classes)
        for part in parts:
            sel &= _select(part, classes)
        chosen |= sel
    return [name for name in classes if name in chosen]


def _select(part: str, classes: dict[str, type[Operator]]) -> set[str]:
    p = part.lower()
    if p == "all":
        return set(classes)
    if p in ("train", "test"):
        return {n for n, c in classes.items() if c.stage == p and c.in_stage_group}
    if p == "extra":
        return {n for n, c in classes.items() if not c.in_stage_group}
    if p in ("positive", "negative"):
        return {n for n, c in classes.items() if c.polarity == p}
    if p == "model-based":
        return {n for n, c in classes.items() if c.batched}
    if p == "rule-based":
        return {n for n, c in classes.items() if not c.batched}
    return {get_operator_class(part).name}
