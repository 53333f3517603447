"""Execution engines of ``paraqd augment`` (and of ``paraqd score --engine``): this machine's processes
(``"local"``) or a Dask cluster (``"dask"``), behind one :class:`Engine` protocol and a registry that third-party
packages extend (:func:`register_engine`, entry-point group ``paraqd_engines``)."""

# paraqd's own engines register themselves here: importing any part of paraqd.engines runs this package first,
# so the registry never imports them back (no import cycle registry <-> engine modules)
from . import dask, local  # noqa: F401
from .base import Engine, derive_rng, rewrite_questions
from .registry import engine_classes, engines, get_engine, register_engine, scoring_engines, unregister_engine

__all__ = ["Engine", "derive_rng", "engine_classes", "engines", "get_engine", "register_engine",
           "rewrite_questions", "scoring_engines", "unregister_engine"]
