"""Registries of paraqd's pluggable kinds: one mechanism, one decorator shape; choose an entry by name.

Each registry is a `catalogue <https://github.com/explosion/catalogue>`_ namespace ``("paraqd", kind)``, as
spaCy's ``util.registry`` is, so a third-party package can also expose entries through the entry-point group
``paraqd_<kind>`` (e.g. ``paraqd_checks``). Every kind is added with a decorator of the same shape, made by
:meth:`Registry.decorator`: ``@register_<kind>("name", **details)``, or bare ``@register_<kind>`` when the
class says its own name (its ``name``, or a rule's ``kind``; a function without a name is registered under its
``__name__`` with hyphens)::

    from paraqd.checks import Check, register_check

    @register_check("shouting")
    class ShoutingCheck(Check):
        def compare(self, question, paraphrase):
            ...

=================  ================================================  ============================================
registry           decorator                                         chosen by
=================  ================================================  ============================================
``operators``      :func:`paraqd.operators.register_operator`        ``paraqd augment --operators``
``checks``         :func:`paraqd.checks.register_check`              ``CriticalInfoChecker(checks=["numbers"])``
``hybrid_rules``   :func:`paraqd.hybrid.register_rule`               ``scoring.rule.kind`` in a model's paraqd.json
``losses``         :func:`paraqd.training.losses.register_loss`      ``paraqd train --loss``
``samplers``       :func:`paraqd.pairs.sampling.register_sampler`    ``paraqd pairs silver --sampler``
``al_strategies``  :func:`paraqd.pairs.active.register_strategy`     ``paraqd pairs active --strategy``
``engines``        :func:`paraqd.engines.register_engine`            ``paraqd augment --engine``, ``score --engine``
``backends``       :func:`paraqd.backends.register_backend`          ``paraqd score --backend``
``bench_methods``  :func:`paraqd.bench.methods.register_method`      ``paraqd bench --methods``
=================  ================================================  ============================================

>>> reg = Registry("doctest_examples", entry_points=False)
>>> register_example = reg.decorator()
>>> @register_example("twice")
... def twice(x):
...     return 2 * x
>>> @register_example
... def three_times(x):
...     return 3 * x
>>> reg.get("twice")(4), reg.names()
(8, ['twice', 'three-times'])
>>> reg.get("thrice")
Traceback (most recent call last):
paraqd.errors.InputError: unknown doctest example 'thrice'; choose one of twice, three-times
>>> reg.unregister("twice"); reg.unregister("three-times")
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

import catalogue

from .errors import InputError

T = TypeVar("T")


class Registry:
    """Named entries of one kind (``kind``: the catalogue namespace ``("paraqd", kind)``).

    Args:
        kind: the namespace, and the entry-point group ``paraqd_<kind>``.
        what: the kind in words, for error messages (default: ``kind`` singular).
        entry_points: whether entries also come from installed packages' entry points.
        name_attr: the attribute that names a class decorated without a name (``"name"``; a rule's ``"kind"``).
        validate: called with each object registered; raises :class:`TypeError` when it does not fit.
        entry: ``entry(name, obj, **details)`` builds what is stored for ``obj`` (default: ``obj`` itself;
            the decorator's keyword ``details`` go here).
    """

    def __init__(self, kind: str, what: str | None = None, entry_points: bool = True, *,
                 name_attr: str = "name", validate: Callable[[Any], None] | None = None,
                 entry: Callable[..., Any] | None = None):
        self.kind = kind
        #: the kind in words, for error messages ("sampler")
        self.what = what or kind.rstrip("s").replace("_", " ")
        self.name_attr = name_attr
        self._validate = validate
        self._entry = entry
        self._catalogue = catalogue.create("paraqd", kind, entry_points=entry_points)

    @property
    def namespace(self) -> tuple[str, ...]:
        return self._catalogue.namespace

    def name_of(self, obj: Any) -> str:
        """The name ``obj`` registers under when none is given: its :attr:`name_attr`, else (a function) its
        ``__name__`` with hyphens for underscores."""
        name = getattr(obj, self.name_attr, None)
        if isinstance(name, str) and name:
            return name
        if not isinstance(obj, type) and callable(obj) and getattr(obj, "__name__", "<lambda>") != "<lambda>":
            return obj.__name__.replace("_", "-")
        label = getattr(obj, "__name__", repr(obj))
        raise TypeError(f"{self.what} {label} must define {self.name_attr!r} (or be registered with a name)")

    def add(self, obj: T, name: str | None = None, **details: Any) -> T:
        """Register ``obj`` (a class or a function) under ``name`` (default: :meth:`name_of`); returns ``obj``."""
        if self._validate is not None:
            self._validate(obj)
        key = name or self.name_of(obj)
        if details and self._entry is None:
            raise TypeError(f"a {self.what} takes no details, got {', '.join(details)}")
        stored = obj if self._entry is None else self._entry(key, obj, **details)
        self._catalogue.register(key, func=stored)
        return obj

    def register(self, name: str | None = None, func: T | None = None, **details: Any) -> Any:
        """``register("name", obj)`` adds ``obj``; ``register("name")`` is a decorator that does."""
        if func is not None:
            return self.add(func, name, **details)
        return lambda obj: self.add(obj, name, **details)

    def decorator(self, on_add: Callable[[str], None] | None = None) -> Callable[..., Any]:
        """The kind's ``register_<kind>`` decorator, of the one shape every kind shares: ``@register_x`` (the
        object names itself, :meth:`name_of`) or ``@register_x("name", **details)``. ``on_add`` is told the name
        of each entry the decorator adds (the checks note which run by default)."""

        def add(obj: Any, name: str | None, details: dict[str, Any]) -> Any:
            self.add(obj, name, **details)
            if on_add is not None:
                on_add(name or self.name_of(obj))
            return obj

        def register(target: Any = None, /, **details: Any) -> Any:
            if target is None or isinstance(target, str):
                return lambda obj: add(obj, target, details)
            return add(target, None, details)

        register.__doc__ = (f"Add a {self.what} to the ``{self.kind}`` registry: ``@register`` (the object names "
                            f"itself) or ``@register(\"name\", **details)``; returns the object unchanged.")
        return register

    def unregister(self, name: str) -> None:
        """Remove an entry (mainly for tests and interactive sessions)."""
        catalogue.REGISTRY.pop((*self._catalogue.namespace, name), None)

    def names(self) -> list[str]:
        """Every entry's name: registered ones in registration order, then entry points not registered."""
        namespace = self._catalogue.namespace
        local = [key[-1] for key in list(catalogue.REGISTRY) if key[:-1] == namespace]
        if self._catalogue.entry_points:
            local += [name for name in self._catalogue.get_entry_points() if name not in local]
        return local

    def get_all(self) -> dict[str, Any]:
        """Every entry by name (entry points loaded), in registration order."""
        return self._catalogue.get_all()

    def __contains__(self, name: object) -> bool:
        return isinstance(name, str) and name in self.names()

    def get(self, name: str) -> Any:
        """The entry named ``name``; an unknown name is an :class:`InputError` listing the known ones."""
        try:
            return self._catalogue.get(name)
        except catalogue.RegistryError:
            raise InputError(f"unknown {self.what} {name!r}; choose one of {', '.join(self.names())}") from None


def call_with_accepted(factory: Callable[..., T], **options: Any) -> T:
    """``factory(**options)`` with only the options its signature names (all of them if it takes ``**``).

    Lets one set of options (``top_k``, ``n_pairs``, ``synonyms``...) build entries that need only some of it.
    """
    import inspect

    try:
        params = inspect.signature(factory).parameters.values()
    except (TypeError, ValueError):  # a builtin without a signature: pass nothing
        return factory()
    if any(p.kind is p.VAR_KEYWORD for p in params):
        return factory(**options)
    names = {p.name for p in params if p.kind in (p.POSITIONAL_OR_KEYWORD, p.KEYWORD_ONLY)}
    return factory(**{k: v for k, v in options.items() if k in names})
