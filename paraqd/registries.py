"""Registries of paraqd's pluggable kinds: add one with a decorator, choose it by name.

Each registry is a `catalogue <https://github.com/explosion/catalogue>`_ namespace, as spaCy's
``util.registry`` and paraqd's operators (:mod:`paraqd.operators.registry`) are, so a third-party package can
also expose entries through the entry-point group ``paraqd_<kind>`` (e.g. ``paraqd_checks``)::

    from paraqd.checks import Check, register_check

    @register_check("shouting")
    class ShoutingCheck(Check):
        def compare(self, question, paraphrase):
            ...

=================  =========================================  ==============================================
registry           decorator                                  chosen by
=================  =========================================  ==============================================
``checks``         :func:`paraqd.checks.register_check`       ``CriticalInfoChecker(checks=["numbers", ...])``
``hybrid_rules``   :func:`paraqd.hybrid.register_rule`        ``scoring.rule.kind`` in a model's paraqd.json
``samplers``       :func:`paraqd.pairs.sampling.register_sampler`  ``paraqd pairs silver --sampler``
``al_strategies``  :func:`paraqd.pairs.active.register_strategy`   ``paraqd pairs active --strategy``
=================  =========================================  ==============================================

The losses have theirs in :mod:`paraqd.training.losses` (``register_loss``), the augment engines in
:mod:`paraqd.engines` (``register_engine``), the operators in :mod:`paraqd.operators.registry`.

>>> reg = Registry("doctest_examples", entry_points=False)
>>> @reg.register("twice")
... def twice(x):
...     return 2 * x
>>> reg.get("twice")(4), reg.names()
(8, ['twice'])
>>> reg.get("thrice")
Traceback (most recent call last):
paraqd.errors.InputError: unknown doctest example 'thrice'; choose one of twice
>>> reg.unregister("twice")
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

import catalogue

from .errors import InputError

T = TypeVar("T")


class Registry:
    """Named entries of one kind (``kind``: the catalogue namespace ``("paraqd", kind)``)."""

    def __init__(self, kind: str, what: str | None = None, entry_points: bool = True):
        self.kind = kind
        #: the kind in words, for error messages ("sampler")
        self.what = what or kind.rstrip("s").replace("_", " ")
        self._catalogue = catalogue.create("paraqd", kind, entry_points=entry_points)

    def register(self, name: str, func: T | None = None) -> Any:
        """Add ``func`` (a class or a function) under ``name``; used as ``@registry.register("name")``."""
        if func is not None:
            self._catalogue.register(name, func=func)
            return func

        def decorator(obj: T) -> T:
            self._catalogue.register(name, func=obj)
            return obj

        return decorator

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
