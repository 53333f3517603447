"""The light part of the encoder backends: names, files, what is installed, and the ``"torch"`` loader.

Imports neither torch nor a runtime at module level (``paraqd score --help`` lists the backends through the
registry in :mod:`paraqd.backends` without loading them).
"""

from __future__ import annotations

import contextlib
import os
import sys
from collections.abc import Iterator
from pathlib import Path

from ..errors import InputError, ModelNotFoundError, ModelUnavailableError

ONNX_SUBDIR = "onnx"
ONNX_FILES = {"onnx": "model.onnx", "onnx-int8": "model_O2_qint8.onnx"}
#: The backends that run an exported ONNX graph, and which graph (``ONNX_FILES`` key) each compiles.
GRAPH_OF_BACKEND = {"onnx": "onnx", "onnx-int8": "onnx-int8", "openvino": "onnx"}
#: Overrides OpenVINO's inference precision (``"f32"``, ``"bf16"``...; unset: the CPU's fastest).
OPENVINO_PRECISION_ENV = "PARAQD_OPENVINO_PRECISION"
EXPORT_INFO = "paraqd_export.json"
OPSET = 17
#: How to supply an encoder that cannot be loaded (the end of the error message).
DEFAULT_HINT = "pass a local model directory or the default"


def onnx_available() -> bool:
    """Whether the ONNX backends can run here (``onnxruntime`` and ``onnx`` importable)."""
    import importlib.util

    return all(importlib.util.find_spec(m) is not None for m in ("onnxruntime", "onnx"))


def openvino_available() -> bool:
    """Whether the ``"openvino"`` backend can run here (``openvino`` and ``onnx`` importable)."""
    import importlib.util

    return all(importlib.util.find_spec(m) is not None for m in ("openvino", "onnx"))


def openvino_precision() -> str | None:
    """The precision the ``"openvino"`` backend computes in on this CPU (``"bf16"``, ``"f32"``...), ``None``
    when OpenVINO is not installed. ``"bf16"`` is where it is the fastest CPU backend."""
    if not openvino_available():
        return None
    forced = os.environ.get(OPENVINO_PRECISION_ENV, "").strip()
    if forced:
        return forced
    import openvino as ov

    hint = ov.Core().get_property("CPU", "INFERENCE_PRECISION_HINT")
    return hint.get_type_name() if hasattr(hint, "get_type_name") else str(hint)


@contextlib.contextmanager
def library_progress_bars(enabled: bool) -> Iterator[None]:
    """Show or hide transformers' own progress bars (weight loading, shard writing) within the block."""
    from transformers.utils import logging as hf_logging

    before = hf_logging.is_progress_bar_enabled()
    (hf_logging.enable_progress_bar if enabled else hf_logging.disable_progress_bar)()
    try:
        yield
    finally:
        (hf_logging.enable_progress_bar if before else hf_logging.disable_progress_bar)()


def _in_hub_cache(name: str) -> bool:
    """Whether the Hugging Face cache holds model ``name`` (its config.json)."""
    try:
        from huggingface_hub import try_to_load_from_cache

        return isinstance(try_to_load_from_cache(name, "config.json"), str)
    except Exception:  # an invalid repo id
        return False


def load_sentence_transformer(path: str, device: str | None = None, hint: str = DEFAULT_HINT):
    """The ``"torch"`` backend: a new SentenceTransformer from ``path`` (a resolved name or directory).

    "Not found" failures become :class:`ModelUnavailableError` (with ``hint``), a file instead of a directory
    an :class:`InputError`. Use :func:`paraqd.encoders.load_encoder`, which resolves names and caches.
    """
    from sentence_transformers import SentenceTransformer

    from ..hub import hub_offline, looks_like_path

    local = Path(path).expanduser()
    if local.exists() and not local.is_dir():
        raise InputError(f"{path}: is a file, expected a model directory")
    if not local.exists() and looks_like_path(path):  # never a hub id: say so instead of a repo-id error
        raise ModelNotFoundError(path)
    if not local.exists() and hub_offline() and not _in_hub_cache(path):
        raise ModelNotFoundError(path, "no such directory, and no Hugging Face model of that name in the cache; "
                                       "working offline")
    try:
        with library_progress_bars(sys.stderr.isatty()):
            return SentenceTransformer(path, device=device)
    except (OSError, ValueError, KeyError, RuntimeError) as exc:
        text = str(exc).strip().splitlines()
        first = text[0] if text else type(exc).__name__
        raise ModelUnavailableError(path, reason=first if len(first) <= 200 else first[:197] + "...",
                                    hint=hint) from None


def transformer_module(model):
    """The :class:`~sentence_transformers.base.modules.transformer.Transformer` module of a loaded model."""
    from sentence_transformers.base.modules.transformer import Transformer

    for module in model.modules():
        if isinstance(module, Transformer):
            return module
    raise InputError("the model has no Transformer module to run on ONNX Runtime")


def require_openvino() -> None:
    try:
        import onnx  # noqa: F401
        import openvino  # noqa: F401
    except ImportError:
        raise InputError("the openvino backend needs openvino and onnx: pip install 'paraqd[openvino]'") from None


def require_onnxruntime() -> None:
    try:
        import onnx  # noqa: F401
        import onnxruntime  # noqa: F401
    except ImportError:
        raise InputError("the ONNX backends need onnxruntime and onnx: pip install 'paraqd[onnx]'") from None
