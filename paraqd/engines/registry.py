"""The engine registry (catalogue), extensible through the ``paraqd_engines`` entry-point group.

    from paraqd.engines import register_engine

    @register_engine
    class Threads:
        name = "threads"
        def __init__(self, workers=None): ...
        def rewrite(self, texts, operators, seed, *, spacy_model=None, progress=None): ...

    augment(questions, engine="threads", engine_options={"workers": 4})

A third-party package exposes its engines with, in its pyproject.toml::

    [project.entry-points.paraqd_engines]
    threads = "my_package.engines:Threads"
"""

from __future__ import annotations

from ..errors import InputError
from ..registries import Registry


def _check_engine(cls: type) -> None:
    name = getattr(cls, "name", None)
    if not name or not isinstance(name, str):
        raise TypeError(f"engine {cls.__name__} must define a name")
    if not callable(getattr(cls, "rewrite", None)):
        raise TypeError(f"engine {cls.__name__} must define rewrite(texts, operators, seed, ...)")


#: The registry of engines (:mod:`paraqd.registries`), by ``name``.
engines = Registry("engines", what="engine", validate=_check_engine)
#: Class decorator adding an engine to the registry under ``cls.name`` (``@register_engine``).
register_engine = engines.decorator()
#: Remove an engine from the registry (mainly for tests and interactive sessions).
unregister_engine = engines.unregister


def engine_classes() -> dict[str, type]:
    """Every registered engine (built-in and from entry points), by name (paraqd's own are registered when
    :mod:`paraqd.engines` is imported, which importing this module does first)."""
    return dict(sorted(engines.get_all().items()))


def scoring_engines() -> list[str]:
    """The engines that can also run ``paraqd score`` (those with ``map_chunks``; see :mod:`.base`)."""
    return [name for name, cls in engine_classes().items() if callable(getattr(cls, "map_chunks", None))]


def get_engine(name: str, **options):
    """An engine instance by name, created with ``options`` (``None`` values are left out)."""
    cls = engines.get(name)
    try:
        return cls(**{k: v for k, v in options.items() if v is not None})
    except TypeError as exc:
        raise InputError(f"engine {name}: bad option ({exc})") from None
