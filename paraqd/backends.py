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
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import logging
import os
import sys
import sysconfig
import tempfile
import warnings
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

import torch

from .defaults import BACKENDS
from .errors import InputError, ModelNotFoundError, ModelUnavailableError
from .io import atomic_path, write_json

logger = logging.getLogger(__name__)

ONNX_SUBDIR = "onnx"
ONNX_FILES = {"onnx": "model.onnx", "onnx-int8": "model_O2_qint8.onnx"}
#: The backends that run an exported ONNX graph, and which graph (``ONNX_FILES`` key) each compiles.
GRAPH_OF_BACKEND = {"onnx": "onnx", "onnx-int8": "onnx-int8", "openvino": "onnx"}
#: Overrides OpenVINO's inference precision (``"f32"``, ``"bf16"``...; unset: the CPU's fastest).
OPENVINO_PRECISION_ENV = "PARAQD_OPENVINO_PRECISION"
EXPORT_INFO = "paraqd_export.json"
OPSET = 17
_WEIGHT_FILES = ("model.safetensors", "pytorch_model.bin")
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


def fastest_cpu_backend(model_path: str | os.PathLike | None = None) -> str:
    """The backend phrase deletion (f5) runs ``model_path`` on (``None``: the embedded encoder) on the CPU:
    ``"onnx-int8"`` for a local model directory when ONNX Runtime is installed, else ``"torch"``.

    f5 runs one-thread encoders on a question's few phrases at a time, where int8 ONNX Runtime is the quick
    one; large batches on a CPU with bfloat16 (what ``paraqd score`` does) are fastest on ``"openvino"``.
    """
    from .resources import resolve_encoder

    path = resolve_encoder(None if model_path is None else str(model_path))
    return "onnx-int8" if Path(path).is_dir() and onnx_available() else "torch"


def check_backend(backend: str) -> str:
    """``backend`` when it names a backend of :data:`paraqd.defaults.BACKENDS`, else an :class:`InputError`."""
    if backend not in BACKENDS:
        raise InputError(f"unknown backend {backend!r}; choose one of {', '.join(BACKENDS)}")
    return backend


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

    from .hub import hub_offline, looks_like_path

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


def load_encoder(model_path: str | os.PathLike | None = None, backend: str = "torch", device: str | None = None,
                 cache_dir: str | os.PathLike | None = None, hint: str = DEFAULT_HINT):
    """A new SentenceTransformer from a model directory or name, its transformer running on ``backend``.

    :func:`paraqd.encoders.load_encoder` is the same with a per-process cache (and the one to call).

    Args:
        model_path: a sentence-transformers model directory (``None``: the embedded all-MiniLM-L6-v2).
        backend: ``"torch"``, ``"onnx"`` (fp32 graph), ``"onnx-int8"`` (int8 weights) or ``"openvino"``
            (the fp32 graph compiled by OpenVINO, bfloat16 where the CPU has it: fastest on such CPUs).
        device: ``"cpu"``, ``"cuda"``...; ONNX backends use CUDA only when onnxruntime-gpu is installed;
            ``"openvino"`` runs on the CPU.
        cache_dir: where exported graphs go when the model directory cannot hold them.
        hint: how to supply the model, in the error when it cannot be loaded.
    """
    from .resources import resolve_encoder

    check_backend(backend)
    path = resolve_encoder(None if model_path is None else str(model_path))
    if backend == "torch":
        return load_sentence_transformer(path, device=device, hint=hint)
    if not Path(path).is_dir():
        raise InputError(f"backend {backend!r} needs a local model directory, not {path!r}")
    if backend == "openvino":
        if device is not None and not str(device).startswith("cpu"):
            raise InputError(f"backend 'openvino' runs on the CPU, not {device!r}; use backend='torch' there")
        _require_openvino()
    else:
        _require_onnxruntime()
    model = load_sentence_transformer(path, device="cpu", hint=hint)
    graph = GRAPH_OF_BACKEND[backend]
    onnx_file = export_onnx(path, quantize=graph == "onnx-int8", cache_dir=cache_dir, model=model)
    if backend == "openvino":
        use_openvino(model, onnx_file)
    else:
        use_onnx_runtime(model, onnx_file, device=device)
    return model


def use_onnx_runtime(model, onnx_file: str | os.PathLike, device: str | None = None) -> None:
    """Swap the transformer of a loaded SentenceTransformer for an ONNX Runtime session of ``onnx_file``."""
    _swap_transformer(model, lambda config: OnnxTransformerModel(onnx_file, config, device=device))


def use_openvino(model, onnx_file: str | os.PathLike) -> None:
    """Swap the transformer of a loaded SentenceTransformer for ``onnx_file`` compiled by OpenVINO (CPU)."""
    _swap_transformer(model, lambda config: OpenVINOTransformerModel(onnx_file, config))


def _swap_transformer(model, build) -> None:
    transformer = _transformer_module(model)
    transformer.model = build(transformer.model.config)
    transformer._declared_forward_params = set(transformer.model.input_names) | {"return_dict"}
    transformer.model_forward_params = set(transformer._declared_forward_params)


class _GraphTransformerModel(torch.nn.Module):
    """Stands in for a Hugging Face encoder: same inputs, returns ``{"last_hidden_state": ...}``, computed by
    a compiled ONNX graph (subclasses say which runtime runs it: :meth:`_run`)."""

    #: what cannot be pickled, for the error message
    runtime = "a compiled graph"

    def __init__(self, onnx_file: str | os.PathLike, config, input_names: Sequence[str]):
        super().__init__()
        self.config = config
        self.onnx_file = str(onnx_file)
        self.input_names = list(input_names)
        self.register_buffer("_anchor", torch.zeros(0), persistent=False)  # gives the module a device

    @property
    def device(self) -> torch.device:
        return torch.device("cpu")

    def forward(self, input_ids=None, attention_mask=None, token_type_ids=None, **_: Any) -> dict:
        given = {"input_ids": input_ids, "attention_mask": attention_mask, "token_type_ids": token_type_ids}
        feed = {}
        for name in self.input_names:
            value = given.get(name)
            if value is None:
                if name != "token_type_ids":
                    raise InputError(f"{self.onnx_file}: the ONNX graph needs input {name!r}")
                value = torch.zeros_like(input_ids)
            feed[name] = value.detach().cpu().numpy().astype("int64", copy=False)  # no copy for CPU int64
        return {"last_hidden_state": torch.from_numpy(self._run(feed))}

    def _run(self, feed: dict[str, Any]):
        """The ``last_hidden_state`` array of one batch (a NumPy array the caller owns)."""
        raise NotImplementedError

    def __getstate__(self):
        raise TypeError(f"{self.runtime} cannot be pickled; load the encoder in each process")


class OnnxTransformerModel(_GraphTransformerModel):
    """A Hugging Face encoder stand-in running an :class:`onnxruntime.InferenceSession` with as many threads as
    PyTorch would use.

    Its threads sleep between operators instead of spin-waiting (``session.intra_op.allow_spinning=0``): the
    hybrid scorer parses in a thread or processes beside the encoder, and on a busy machine spinning threads
    take the cores the others need (int8 scoring ran 1.94x torch's pairs/s without spinning against 1.45x with
    it, and 4.70x against 4.37x, in two interleaved runs on the shared 2-core machine).
    """

    runtime = "an ONNX Runtime session"

    def __init__(self, onnx_file: str | os.PathLike, config, device: str | None = None):
        import onnxruntime as ort

        options = ort.SessionOptions()
        options.intra_op_num_threads = torch.get_num_threads()
        options.add_session_config_entry("session.intra_op.allow_spinning", "0")
        providers = ["CPUExecutionProvider"]
        if device and str(device).startswith("cuda") and "CUDAExecutionProvider" in ort.get_available_providers():
            providers.insert(0, "CUDAExecutionProvider")
        session = ort.InferenceSession(str(onnx_file), options, providers=providers)
        super().__init__(onnx_file, config, [i.name for i in session.get_inputs()])
        self.session = session
        outputs = [o.name for o in session.get_outputs()]
        self._output = "last_hidden_state" if "last_hidden_state" in outputs else outputs[0]

    def _run(self, feed: dict[str, Any]):
        [hidden] = self.session.run([self._output], feed)
        return hidden


class OpenVINOTransformerModel(_GraphTransformerModel):
    """A Hugging Face encoder stand-in running the ONNX graph compiled by OpenVINO for the CPU.

    Compiled for latency (one batch at a time, as ``encode`` sends them) on as many threads as PyTorch would
    use, in OpenVINO's default precision for this CPU (bfloat16 where it is native, else fp32) unless
    ``PARAQD_OPENVINO_PRECISION`` names one.

    Every inference runs in one worker thread of this model, never in the caller's: on CPUs with AMX the
    thread that submits an OpenVINO inference carries the AMX tile state from then on, and a signal delivered
    to such a thread on a small alternate signal stack kills the process (SIGSEGV): the main thread must stay
    clean, or Ctrl-C / SIGTERM during ``paraqd score`` would crash instead of stopping. The one thread also
    serialises concurrent ``encode`` calls (a server's threads) on the one infer request.
    """

    runtime = "an OpenVINO compiled model"

    def __init__(self, onnx_file: str | os.PathLike, config):
        from concurrent.futures import ThreadPoolExecutor

        import openvino as ov

        properties = {"PERFORMANCE_HINT": "LATENCY", "INFERENCE_NUM_THREADS": torch.get_num_threads()}
        precision = os.environ.get(OPENVINO_PRECISION_ENV, "").strip()
        if precision:
            properties["INFERENCE_PRECISION_HINT"] = precision
        self._worker = ThreadPoolExecutor(1, thread_name_prefix="paraqd-openvino")
        try:
            compiled = self._worker.submit(ov.Core().compile_model, str(onnx_file), "CPU", properties).result()
        except RuntimeError as exc:
            self._worker.shutdown(wait=False)
            first = str(exc).strip().splitlines()[0][:200] if str(exc).strip() else type(exc).__name__
            raise InputError(f"{onnx_file}: OpenVINO cannot compile the graph ({first})") from None
        super().__init__(onnx_file, config, [i.get_any_name() for i in compiled.inputs])
        self.compiled = compiled
        hint = compiled.get_property("INFERENCE_PRECISION_HINT")
        #: the precision OpenVINO runs the graph in: "bf16", "f32"...
        self.precision = hint.get_type_name() if hasattr(hint, "get_type_name") else str(hint)
        names = [o.get_any_name() for o in compiled.outputs]
        self._output = names.index("last_hidden_state") if "last_hidden_state" in names else 0
        self._request = compiled.create_infer_request()

    def _infer(self, feed: dict[str, Any]):
        self._request.infer(feed)
        return self._request.get_output_tensor(self._output).data.copy()  # the request reuses its buffer

    def _run(self, feed: dict[str, Any]):
        return self._worker.submit(self._infer, feed).result()

    def __del__(self):
        worker = getattr(self, "_worker", None)
        if worker is not None:
            worker.shutdown(wait=False)


# -- export ---------------------------------------------------------------------------------------------------


def onnx_cache_dir(model_path: str | os.PathLike, cache_dir: str | os.PathLike | None = None) -> Path:
    """Where the ONNX files of ``model_path`` live: ``MODEL/onnx`` when writable, else a user cache."""
    model_dir = Path(model_path).resolve()
    if cache_dir is None and _writable_model_dir(model_dir):
        return model_dir / ONNX_SUBDIR
    root = Path(cache_dir or os.environ.get("PARAQD_CACHE") or Path.home() / ".cache" / "paraqd") / "onnx"
    digest = hashlib.sha256(str(model_dir).encode()).hexdigest()[:16]
    return root / f"{model_dir.name}-{digest}"


def export_onnx(model_path: str | os.PathLike, quantize: bool = False, cache_dir: str | os.PathLike | None = None,
                model=None, force: bool = False) -> Path:
    """Path of the model's ONNX graph (int8 when ``quantize``), exported on first use and then reused.

    A graph is re-exported when the model's weights changed since (size or modification time differ).
    Files are written under a temporary name and renamed, so a crash never leaves a half-written graph.
    """
    model_dir = Path(model_path).resolve()
    out_dir = onnx_cache_dir(model_dir, cache_dir)
    fp32 = out_dir / ONNX_FILES["onnx"]
    target = out_dir / ONNX_FILES["onnx-int8"] if quantize else fp32
    info = _read_export_info(out_dir)
    fingerprint = _weights_fingerprint(model_dir)
    fresh = info is None or info.get("weights") == fingerprint  # None: graphs placed there by the user
    if target.is_file() and fresh and not force:
        return target
    out_dir.mkdir(parents=True, exist_ok=True)
    if force or not fresh or not fp32.is_file():
        if model is None:
            model = load_sentence_transformer(str(model_dir), device="cpu")
        logger.info("exporting %s to ONNX in %s", model_dir, out_dir)
        with atomic_path(fp32) as tmp:
            _export_transformer(model, tmp)
        (out_dir / ONNX_FILES["onnx-int8"]).unlink(missing_ok=True)
        _write_export_info(out_dir, fingerprint)
    if quantize and (force or not target.is_file()):
        logger.info("quantising %s to int8", fp32)
        with atomic_path(target) as tmp:
            quantize_int8(fp32, tmp)
    return target


def quantize_int8(source: str | os.PathLike, destination: str | os.PathLike) -> None:
    """Transformer graph fusions, then dynamic int8 quantisation (per-channel int8 weights, activations
    quantised on the fly).

    The fusions (``onnxruntime.transformers.optimizer``, level 2 like sentence-transformers' "O2": attention,
    skip-layer-norm, bias-GELU and embedding-layer-norm kernels) let the quantised graph run fused int8
    attention; on all-MiniLM-L6-v2 they double the speed of the plain quantised graph, with the same scores.
    A graph the optimizer cannot handle is quantised as exported.
    """
    _require_onnxruntime()
    import onnx
    from onnxruntime.quantization import QuantType, quantize_dynamic

    # per-channel scales keep the scores of all-MiniLM-L6-v2 within r > 0.99 of fp32; per-tensor did not
    # the quantizer logs every node through logging.info()/warning() on the root logger, which would also
    # install a default handler (logging.basicConfig) in an application that has none
    root, quiet = logging.getLogger(), logging.NullHandler()
    level = root.level
    root.addHandler(quiet)
    root.setLevel(max(level, logging.ERROR))
    try:
        with tempfile.TemporaryDirectory(prefix="paraqd-onnx-") as tmp:
            fused = Path(tmp) / "fused.onnx"
            graph = _fuse_transformer(Path(source), fused) or Path(source)
            quantize_dynamic(str(graph), str(destination), weight_type=QuantType.QInt8, per_channel=True,
                             extra_options={"DefaultTensorType": onnx.TensorProto.FLOAT})
    finally:
        root.setLevel(level)
        root.removeHandler(quiet)


def _fuse_transformer(source: Path, destination: Path) -> Path | None:
    """``source`` with BERT-style fusions written to ``destination``; ``None`` when nothing could be fused."""
    try:
        from onnxruntime.transformers.optimizer import optimize_model

        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            optimized = optimize_model(str(source), model_type="bert", num_heads=0, hidden_size=0, opt_level=2)
        if not any(optimized.get_fused_operator_statistics().values()):
            return None
        optimized.save_model_to_file(str(destination))
    except Exception as exc:  # an architecture the fusions do not know: quantise the plain graph
        logger.info("no transformer fusions for %s: %s", source, exc)
        return None
    return destination


class _EncoderGraph(torch.nn.Module):
    """Positional-argument wrapper tracing the Hugging Face model to ``last_hidden_state``."""

    def __init__(self, hf_model, input_names: Sequence[str]):
        super().__init__()
        self.hf_model = hf_model
        self.input_names = list(input_names)

    def forward(self, *inputs):
        out = self.hf_model(**dict(zip(self.input_names, inputs)), return_dict=True)
        return out["last_hidden_state"]


def _export_transformer(model, destination: Path) -> None:
    transformer = _transformer_module(model)
    hf_model = transformer.model
    if not isinstance(hf_model, torch.nn.Module) or isinstance(hf_model, _GraphTransformerModel):
        raise InputError("only a PyTorch transformer can be exported to ONNX")
    features = transformer.preprocess(["What is 4 plus 5?", "A train travels 60 km in 2 hours. How fast is it?"])
    accepted = set(_forward_parameters(hf_model))
    names = [n for n in ("input_ids", "attention_mask", "token_type_ids") if n in features and n in accepted]
    args = tuple(features[n].to("cpu") for n in names)
    axes = {n: {0: "batch", 1: "sequence"} for n in [*names, "last_hidden_state"]}
    was_training, hf_device = hf_model.training, next(hf_model.parameters()).device
    hf_model.eval().to("cpu")
    try:
        with warnings.catch_warnings(), torch.no_grad():
            warnings.simplefilter("ignore")
            torch.onnx.export(_EncoderGraph(hf_model, names), args, str(destination), input_names=names,
                              output_names=["last_hidden_state"], dynamic_axes=axes, opset_version=OPSET,
                              dynamo=False)
    except Exception as exc:
        raise ModelUnavailableError(str(getattr(transformer, "name_or_path", "encoder")),
                                    reason=f"ONNX export failed: {type(exc).__name__}: {exc}"[:300],
                                    hint="use backend='torch'") from None
    finally:
        hf_model.to(hf_device).train(was_training)


def _forward_parameters(hf_model) -> list[str]:
    import inspect

    return list(inspect.signature(hf_model.forward).parameters)


def _transformer_module(model):
    from sentence_transformers.base.modules.transformer import Transformer

    for module in model.modules():
        if isinstance(module, Transformer):
            return module
    raise InputError("the model has no Transformer module to run on ONNX Runtime")


def _weights_fingerprint(model_dir: Path) -> dict[str, int] | None:
    for name in _WEIGHT_FILES:
        path = model_dir / name
        if path.is_file():
            stat = path.stat()
            return {"size": stat.st_size, "mtime_ns": stat.st_mtime_ns}
    return None


def _read_export_info(out_dir: Path) -> dict | None:
    try:
        return json.loads((out_dir / EXPORT_INFO).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None


def _write_export_info(out_dir: Path, fingerprint) -> None:
    info = {"weights": fingerprint, "torch": torch.__version__, "opset": OPSET, "exporter": "paraqd"}
    write_json(info, out_dir / EXPORT_INFO)


def _writable_model_dir(model_dir: Path) -> bool:
    installed = {Path(p).resolve() for p in (sysconfig.get_paths()["purelib"], sysconfig.get_paths()["platlib"])}
    installed |= {Path(p).resolve() for p in sys.path if p.endswith(("site-packages", "dist-packages"))}
    if any(model_dir.is_relative_to(root) for root in installed):
        return False  # never write into an installed package
    return os.access(model_dir, os.W_OK)


def _require_openvino() -> None:
    try:
        import onnx  # noqa: F401
        import openvino  # noqa: F401
    except ImportError:
        raise InputError("the openvino backend needs openvino and onnx: pip install 'paraqd[openvino]'") from None


def _require_onnxruntime() -> None:
    try:
        import onnx  # noqa: F401
        import onnxruntime  # noqa: F401
    except ImportError:
        raise InputError("the ONNX backends need onnxruntime and onnx: pip install 'paraqd[onnx]'") from None
