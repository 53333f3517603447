"""The runtimes that run an exported encoder graph in place of the PyTorch transformer: ONNX Runtime and
OpenVINO (:func:`use_onnx_runtime`, :func:`use_openvino` swap the transformer of a loaded SentenceTransformer)."""

from __future__ import annotations

import os
from collections.abc import Sequence
from typing import Any

import torch

from ..errors import InputError
from .base import OPENVINO_PRECISION_ENV, transformer_module


def use_onnx_runtime(model, onnx_file: str | os.PathLike, device: str | None = None) -> None:
    """Swap the transformer of a loaded SentenceTransformer for an ONNX Runtime session of ``onnx_file``."""
    _swap_transformer(model, lambda config: OnnxTransformerModel(onnx_file, config, device=device))


def use_openvino(model, onnx_file: str | os.PathLike) -> None:
    """Swap the transformer of a loaded SentenceTransformer for ``onnx_file`` compiled by OpenVINO (CPU)."""
    _swap_transformer(model, lambda config: OpenVINOTransformerModel(onnx_file, config))


def _swap_transformer(model, build) -> None:
    transformer = transformer_module(model)
    transformer.model = build(transformer.model.config)
    transformer._declared_forward_params = set(transformer.model.input_names) | {"return_dict"}
    transformer.model_forward_params = set(transformer._declared_forward_params)


class GraphTransformerModel(torch.nn.Module):
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


class OnnxTransformerModel(GraphTransformerModel):
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


class OpenVINOTransformerModel(GraphTransformerModel):
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
