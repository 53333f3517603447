"""Load a sentence encoder: the one loader of paraqd, backend-aware and cached per process.

Every part of paraqd that needs a :class:`~sentence_transformers.SentenceTransformer` (scoring, training, the
pair samplers, the phrase-deletion operator, the benchmarks) loads it with :func:`load_encoder`::

    from paraqd.encoders import load_encoder

    encoder = load_encoder()                             # the embedded all-MiniLM-L6-v2, loaded once
    encoder = load_encoder("model/", backend="onnx-int8")  # its transformer on ONNX Runtime
    encoder = load_encoder("model/", backend="openvino")   # ... or on OpenVINO
    encoder = load_encoder("model/", cached=False)       # a copy of its own, e.g. to train or change it

``None`` and ``"pretrained"`` name the embedded model; a missing model raises
:class:`~paraqd.errors.ModelUnavailableError` with a hint, a file instead of a directory an
:class:`~paraqd.errors.InputError`. The backends themselves (the ONNX export, int8 quantisation, OpenVINO) live in
:mod:`paraqd.backends`.
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING

from .backends import DEFAULT_HINT, check_backend, library_progress_bars
from .backends import load_encoder as _load_new
from .process_cache import ProcessCache
from .resources import resolve_encoder

if TYPE_CHECKING:  # pragma: no cover
    from sentence_transformers import SentenceTransformer

__all__ = ["clear_encoder_cache", "library_progress_bars", "load_encoder"]

_CACHE = ProcessCache()  # a forked worker loads its own (never runs its parent's)


def load_encoder(name_or_path: str | os.PathLike | None = None, *, backend: str = "torch",
                 device: str | None = None, cached: bool = True, cache_dir: str | os.PathLike | None = None,
                 hint: str = DEFAULT_HINT) -> SentenceTransformer:
    """A SentenceTransformer (``None``/``"pretrained"``: the embedded all-MiniLM-L6-v2) on ``backend``.

    Args:
        name_or_path: a model directory or name.
        backend: ``"torch"``, ``"onnx"``, ``"onnx-int8"`` or ``"openvino"`` (:mod:`paraqd.backends`).
        device: ``"cpu"``, ``"cuda"``...; ``None`` lets sentence-transformers pick.
        cached: True returns the one instance of this process for (model, device, backend), shared with every
            other caller in the process: use it read-only. A forked worker loads its own. False loads a new instance, for a caller that trains or changes it.
        cache_dir: where ONNX graphs go when the model directory cannot hold them.
        hint: how the user supplies a missing model (the end of the error message).
    """
    check_backend(backend)
    path = resolve_encoder(None if name_or_path is None else str(name_or_path))
    if not cached:
        return _load_new(path, backend=backend, device=device, cache_dir=cache_dir, hint=hint)
    return _CACHE.get((path, device or "auto", backend),
                      lambda: _load_new(path, backend=backend, device=device, cache_dir=cache_dir, hint=hint))


def clear_encoder_cache() -> None:
    """Forget every cached encoder (the next :func:`load_encoder` loads it again)."""
    _CACHE.clear()
