"""Inference backends for sentence encoders: PyTorch, ONNX Runtime (fp32 or int8 weights), and OpenVINO.

``load_encoder(path, backend="onnx-int8")`` returns an ordinary
:class:`~sentence_transformers.SentenceTransformer` (same tokenizer, pooling, normalisation, ``encode``) whose
transformer runs in ONNX Runtime; ``backend="openvino"`` runs it in OpenVINO instead. The ONNX graph is
exported from the model's own weights on first use, and quantised to int8 (dynamic quantisation, per-channel
weights) for ``"onnx-int8"``; both are cached:

* in ``MODEL_DIR/onnx/`` (``model.onnx``, ``model_O2_qint8.onnx``), the layout sentence-transformers uses, when the
  model directory is writable and not an installed package;
* otherwise in ``~/.cache/paraqd/onnx/<hash>/`` (``PARAQD_CACHE`` or ``cache_dir`` move it).

sentence-transformers' own ``backend="onnx"`` goes through ``optimum-onnx``, whose releases pin
``transformers<4.58``; paraqd exports with ``torch.onnx`` and quantises with ``onnxruntime.quantization``
instead, so it needs only ``onnxruntime`` and ``onnx`` and works offline.

``"openvino"`` compiles the same fp32 ONNX graph with ``openvino.Core().compile_model`` (no optimum-intel, which
pins older transformers). OpenVINO picks the CPU's fastest precision: bfloat16 where the CPU computes it
natively (Xeon Sapphire Rapids with AMX here: 4.5-6.2x the pairs/s of PyTorch fp32 for all-MiniLM-L6-v2, with
the same verdicts), fp32 elsewhere; :func:`openvino_precision` tells which. ``PARAQD_OPENVINO_PRECISION=f32``
forces fp32.

The package: :mod:`.base` (names, what is installed, the ``"torch"`` loader; light), :mod:`.runtimes` (the ONNX
Runtime and OpenVINO stand-ins for the transformer), :mod:`.export` (ONNX export, int8 quantisation, the
cache). Each backend is an entry of the ``backends`` registry (:mod:`paraqd.registries`): a function
``(path, *, device, cache_dir, hint)`` returning a SentenceTransformer, added with ``@register_backend("name")``
and chosen by ``load_encoder(backend=...)`` and ``paraqd score --backend``.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from ..defaults import BACKENDS
from ..errors import InputError
from ..registries import Registry
from .base import (
    DEFAULT_HINT,
    EXPORT_INFO,
    GRAPH_OF_BACKEND,
    ONNX_FILES,
    ONNX_SUBDIR,
    OPENVINO_PRECISION_ENV,
    OPSET,
    library_progress_bars,
    load_sentence_transformer,
    onnx_available,
    openvino_available,
    openvino_precision,
    require_onnxruntime,
    require_openvino,
)

#: The registry of encoder backends (:mod:`paraqd.registries`): loaders ``(path, *, device, cache_dir, hint)``
#: returning a SentenceTransformer whose transformer runs on the backend, by name.
backends = Registry("backends", what="backend")
#: Decorator adding a backend loader: ``@register_backend("name")``.
register_backend = backends.decorator()


@register_backend("torch")
def _torch(path: str, *, device: str | None = None, cache_dir=None, hint: str = DEFAULT_HINT):
    return load_sentence_transformer(path, device=device, hint=hint)


def _graph_backend(backend: str, path: str, device: str | None, cache_dir, hint: str):
    """A SentenceTransformer whose transformer runs the model's exported graph on ``backend``'s runtime."""
    from .export import export_onnx
    from .runtimes import use_onnx_runtime, use_openvino

    if not Path(path).is_dir():
        raise InputError(f"backend {backend!r} needs a local model directory, not {path!r}")
    if backend == "openvino":
        if device is not None and not str(device).startswith("cpu"):
            raise InputError(f"backend 'openvino' runs on the CPU, not {device!r}; use backend='torch' there")
        require_openvino()
    else:
        require_onnxruntime()
    model = load_sentence_transformer(path, device="cpu", hint=hint)
    graph = GRAPH_OF_BACKEND[backend]
    onnx_file = export_onnx(path, quantize=graph == "onnx-int8", cache_dir=cache_dir, model=model)
    if backend == "openvino":
        use_openvino(model, onnx_file)
    else:
        use_onnx_runtime(model, onnx_file, device=device)
    return model


@register_backend("onnx")
def _onnx(path: str, *, device: str | None = None, cache_dir=None, hint: str = DEFAULT_HINT):
    return _graph_backend("onnx", path, device, cache_dir, hint)


@register_backend("onnx-int8")
def _onnx_int8(path: str, *, device: str | None = None, cache_dir=None, hint: str = DEFAULT_HINT):
    return _graph_backend("onnx-int8", path, device, cache_dir, hint)


@register_backend("openvino")
def _openvino(path: str, *, device: str | None = None, cache_dir=None, hint: str = DEFAULT_HINT):
    return _graph_backend("openvino", path, device, cache_dir, hint)


def backend_names() -> list[str]:
    """Every registered backend, paraqd's own first (:data:`paraqd.defaults.BACKENDS`)."""
    return backends.names()


def check_backend(backend: str) -> str:
    """``backend`` when it names a registered backend, else an :class:`InputError` naming the choices."""
    backends.get(backend)
    return backend


def fastest_cpu_backend(model_path: str | os.PathLike | None = None) -> str:
    """The backend phrase deletion (f5) runs ``model_path`` on (``None``: the embedded encoder) on the CPU:
    ``"onnx-int8"`` for a local model directory when ONNX Runtime is installed, else ``"torch"``.

    f5 runs one-thread encoders on a question's few phrases at a time, where int8 ONNX Runtime is the quick
    one; large batches on a CPU with bfloat16 (what ``paraqd score`` does) are fastest on ``"openvino"``.
    """
    from ..resources import resolve_encoder

    path = resolve_encoder(None if model_path is None else str(model_path))
    return "onnx-int8" if Path(path).is_dir() and onnx_available() else "torch"


def load_encoder(model_path: str | os.PathLike | None = None, backend: str = "torch", device: str | None = None,
                 cache_dir: str | os.PathLike | None = None, hint: str = DEFAULT_HINT):
    """A new SentenceTransformer from a model directory or name, its transformer running on ``backend``.

    :func:`paraqd.encoders.load_encoder` is the same with a per-process cache (and the one to call).

    Args:
        model_path: a sentence-transformers model directory (``None``: the embedded all-MiniLM-L6-v2).
        backend: ``"torch"``, ``"onnx"`` (fp32 graph), ``"onnx-int8"`` (int8 weights) or ``"openvino"``
            (the fp32 graph compiled by OpenVINO, bfloat16 where the CPU has it: fastest on such CPUs), or
            another registered backend.
        device: ``"cpu"``, ``"cuda"``...; ONNX backends use CUDA only when onnxruntime-gpu is installed;
            ``"openvino"`` runs on the CPU.
        cache_dir: where exported graphs go when the model directory cannot hold them.
        hint: how to supply the model, in the error when it cannot be loaded.
    """
    from ..resources import resolve_encoder

    loader = backends.get(backend)
    path = resolve_encoder(None if model_path is None else str(model_path))
    return loader(path, device=device, cache_dir=cache_dir, hint=hint)


#: Names kept importable from ``paraqd.backends`` but defined in the torch-importing submodules, loaded on first
#: use (PEP 562) so that importing this package stays light.
_LAZY = {"OnnxTransformerModel": "runtimes", "OpenVINOTransformerModel": "runtimes", "use_onnx_runtime": "runtimes",
         "use_openvino": "runtimes", "export_onnx": "export", "onnx_cache_dir": "export",
         "quantize_int8": "export"}


def __getattr__(name: str) -> Any:
    module = _LAZY.get(name)
    if module == "runtimes":
        from . import runtimes

        return getattr(runtimes, name)
    if module == "export":
        from . import export

        return getattr(export, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = ["BACKENDS", "DEFAULT_HINT", "EXPORT_INFO", "GRAPH_OF_BACKEND", "ONNX_FILES", "ONNX_SUBDIR", "OPENVINO_PRECISION_ENV",
           "OPSET", "backend_names", "backends", "check_backend", "fastest_cpu_backend", "library_progress_bars",
           "load_encoder", "load_sentence_transformer", "onnx_available", "openvino_available",
           "openvino_precision", "register_backend", *_LAZY]
