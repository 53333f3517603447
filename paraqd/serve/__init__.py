"""The scoring service behind ``paraqd serve``: JSON endpoints and a web page (FastAPI + uvicorn).

Needs the ``serve`` extra (``pip install 'paraqd[serve]'``)::

    from paraqd.serve import ServeLimits, create_app

    app = create_app()                 # loads ParaphraseScorer.load() once; run it with any ASGI server

``paraqd.serve.limits`` imports without FastAPI (the CLI reads its defaults for ``--help``).
"""

from __future__ import annotations

from .limits import ServeLimits


def __getattr__(name: str):
    if name == "create_app":  # imported on use: FastAPI is an optional dependency
        from .app import create_app

        return create_app
    raise AttributeError(f"module 'paraqd.serve' has no attribute {name!r}")


__all__ = ["ServeLimits", "create_app"]
