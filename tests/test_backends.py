"""ONNX Runtime and OpenVINO backends: export once, cache, reuse, and give the torch model's embeddings."""

from __future__ import annotations

import logging
import os
import shutil
from pathlib import Path

import numpy as np
import pytest

pytest.importorskip("onnxruntime")
pytest.importorskip("onnx")

from paraqd.backends import (  # noqa: E402
    BACKENDS,
    EXPORT_INFO,
    ONNX_FILES,
    check_backend,
    export_onnx,
    load_encoder,
    onnx_cache_dir,
)
from paraqd.errors import InputError  # noqa: E402
from paraqd.resources import default_encoder_path  # noqa: E402

TEXTS = [
    "Alex travelled 100 km at 20 kmph. How many hours did it take?",
    "How many hours did Alex need for 100 km at twenty kmph?",
    "What is 4 plus 5?",
    "Janet has 3 apples and buys 4 more. How many apples does she have now, after the market closed?",
    "x",
]


@pytest.fixture(scope="module")
def tiny_encoder(tmp_path_factory) -> Path:
    """A 2-layer random-weight BERT sentence encoder with the embedded model's WordPiece tokenizer."""
    from sentence_transformers import SentenceTransformer
    from sentence_transformers.sentence_transformer.modules import Normalize, Pooling, Transformer
    from transformers import BertConfig, BertModel

    root = tmp_path_factory.mktemp("tiny_st")
    bert_dir = root / "bert"
    source = Path(default_encoder_path())
    bert_dir.mkdir()
    for name in ("tokenizer.json", "tokenizer_config.json", "vocab.txt", "special_tokens_map.json"):
        if (source / name).is_file():
            shutil.copy(source / name, bert_dir / name)
    config = BertConfig(vocab_size=30522, hidden_size=32, num_hidden_layers=2, num_attention_heads=2,
                        intermediate_size=64, max_position_embeddings=128)
    import torch

    torch.manual_seed(0)
    BertModel(config).save_pretrained(bert_dir)
    transformer = Transformer(str(bert_dir), max_seq_length=64)
    model = SentenceTransformer(modules=[transformer, Pooling(32, pooling_mode="mean"), Normalize()], device="cpu")
    out = root / "encoder"
    model.save(str(out))
    return out


def test_backend_names_are_checked():
    assert set(BACKENDS) == {"torch", "onnx", "onnx-int8", "openvino"}
    assert check_backend("onnx") == "onnx" and check_backend("openvino") == "openvino"
    with pytest.raises(InputError, match="unknown backend"):
        check_backend("tensorrt")
    with pytest.raises(InputError, match="unknown backend"):
        load_encoder(None, backend="tflite")


def test_cache_location(tiny_encoder, tmp_path):
    assert onnx_cache_dir(tiny_encoder) == tiny_encoder.resolve() / "onnx"
    elsewhere = onnx_cache_dir(tiny_encoder, cache_dir=tmp_path)
    assert elsewhere.is_relative_to(tmp_path) and elsewhere != onnx_cache_dir(tiny_encoder, tmp_path / "x")
    installed = onnx_cache_dir(default_encoder_path())
    assert "site-packages" not in str(installed) and installed.name.startswith("model-")


def test_onnx_matches_torch_and_int8_stays_close(tiny_encoder, tmp_path):
    torch_emb = load_encoder(tiny_encoder, "torch").encode(TEXTS, normalize_embeddings=True)
    onnx_emb = load_encoder(tiny_encoder, "onnx", cache_dir=tmp_path).encode(TEXTS, normalize_embeddings=True)
    int8 = load_encoder(tiny_encoder, "onnx-int8", cache_dir=tmp_path)
    int8_emb = int8.encode(TEXTS, normalize_embeddings=True, batch_size=2)  # padded batches of two
    np.testing.assert_allclose(onnx_emb, torch_emb, atol=1e-5)
    assert np.min(np.sum(int8_emb * torch_emb, axis=1)) > 0.9
    assert int8.get_embedding_dimension() == 32
    out_dir = onnx_cache_dir(tiny_encoder, tmp_path)
    assert {p.name for p in out_dir.iterdir()} == {ONNX_FILES["onnx"], ONNX_FILES["onnx-int8"], EXPORT_INFO}


def test_export_is_reused_then_redone_when_weights_change(tiny_encoder, tmp_path):
    model_dir = tmp_path / "model"
    shutil.copytree(tiny_encoder, model_dir)
    root = logging.getLogger()
    handlers, level = list(root.handlers), root.level
    first = export_onnx(model_dir, quantize=True)
    assert root.handlers == handlers and root.level == level  # the quantizer's root logging is contained
    assert first.parent == model_dir / "onnx" and first.name == ONNX_FILES["onnx-int8"]
    stamp = first.stat().st_mtime_ns
    assert export_onnx(model_dir, quantize=True).stat().st_mtime_ns == stamp  # cached
    assert oct(first.stat().st_mode & 0o044) == oct(0o044 & ~_umask())  # readable like any written file
    weights = model_dir / "model.safetensors"
    os.utime(weights, ns=(weights.stat().st_atime_ns, weights.stat().st_mtime_ns + 10**9))
    fp32 = export_onnx(model_dir)
    assert not (model_dir / "onnx" / ONNX_FILES["onnx-int8"]).exists()  # stale int8 graph dropped
    assert export_onnx(model_dir, quantize=True).stat().st_mtime_ns >= fp32.stat().st_mtime_ns
    assert not list((model_dir / "onnx").glob("*.tmp"))


def test_onnx_backend_needs_a_local_directory(tmp_path):
    with pytest.raises(InputError, match="local model directory"):
        load_encoder("some-org/some-model", backend="onnx", cache_dir=tmp_path)


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


@pytest.mark.slow
def test_embedded_minilm_int8_scores_track_torch(tmp_path):
    """Exports the real all-MiniLM-L6-v2 with no hub access; int8 scores follow the fp32 ones."""
    questions, paraphrases = TEXTS[:4], [TEXTS[1], TEXTS[0], "What is 5 plus 4?", "Janet has 7 apples."]

    def scores(model):
        emb = model.encode(questions + paraphrases, normalize_embeddings=True)
        return np.sum(emb[:4] * emb[4:], axis=1)

    reference = scores(load_encoder(None, "torch"))
    quantised = scores(load_encoder(None, "onnx-int8", cache_dir=tmp_path))
    assert np.max(np.abs(quantised - reference)) < 0.05
    assert list(np.argsort(quantised)) == list(np.argsort(reference))


def _load_in_child(path: str, parent_id: int) -> tuple[bool, list[float]]:
    from paraqd.encoders import load_encoder as load_cached

    encoder = load_cached(path, backend="onnx-int8")
    return id(encoder) != parent_id, encoder.encode(TEXTS[:2])[0].tolist()


def test_a_forked_worker_never_runs_the_parents_onnx_session(tiny_encoder):
    """A process-pool worker forked after the parent ran an ONNX Runtime session loads its own encoder: the
    parent's session (its thread pool stayed in the parent) hangs forever when run in a forked child. The
    parent holding the cache's lock at the fork does not block the child either."""
    import multiprocessing as mp

    from paraqd import encoders

    if "fork" not in mp.get_all_start_methods():
        pytest.skip("fork is not available here")
    parent = encoders.load_encoder(str(tiny_encoder), backend="onnx-int8")
    expected = parent.encode(TEXTS[:2])[0]
    assert encoders.load_encoder(str(tiny_encoder), backend="onnx-int8") is parent
    with encoders._CACHE._lock, mp.get_context("fork").Pool(1) as pool:  # the lock is held while the worker forks
        own, got = pool.apply_async(_load_in_child, (str(tiny_encoder), id(parent))).get(timeout=120)
    assert own
    np.testing.assert_allclose(got, expected, atol=1e-5)


# -- OpenVINO ---------------------------------------------------------------------------------------------------


def test_openvino_matches_torch(tiny_encoder, tmp_path, monkeypatch):
    """The fp32 graph compiled by OpenVINO gives torch's embeddings: exactly in fp32, within bfloat16's rounding
    in the CPU's default precision; it reuses the exported ``model.onnx`` and writes nothing else."""
    pytest.importorskip("openvino")
    from paraqd.backends import OPENVINO_PRECISION_ENV, OpenVINOTransformerModel

    torch_emb = load_encoder(tiny_encoder, "torch").encode(TEXTS, normalize_embeddings=True)
    monkeypatch.setenv(OPENVINO_PRECISION_ENV, "f32")
    exact = load_encoder(tiny_encoder, "openvino", cache_dir=tmp_path)
    assert isinstance(exact[0].model, OpenVINOTransformerModel) and exact[0].model.precision == "f32"
    np.testing.assert_allclose(exact.encode(TEXTS, normalize_embeddings=True, batch_size=2), torch_emb, atol=1e-5)
    monkeypatch.delenv(OPENVINO_PRECISION_ENV)
    default = load_encoder(tiny_encoder, "openvino", cache_dir=tmp_path)
    assert default[0].model.precision in {"f32", "bf16", "f16"}
    default_emb = default.encode(TEXTS, normalize_embeddings=True)
    assert np.min(np.sum(default_emb * torch_emb, axis=1)) > 0.99
    assert default.get_embedding_dimension() == 32
    out_dir = onnx_cache_dir(tiny_encoder, tmp_path)
    assert {p.name for p in out_dir.iterdir()} == {ONNX_FILES["onnx"], EXPORT_INFO}


def test_openvino_serves_concurrent_threads_from_its_own_worker(tiny_encoder, tmp_path, monkeypatch):
    """Concurrent encode calls (a server's threads) get the embeddings of a lone call, and every inference runs
    in the model's worker thread, never the caller's: a thread that ran an AMX inference kills the process when
    a signal lands on its small alternate stack (the SIGTERM test of test_faults.py crashed so)."""
    pytest.importorskip("openvino")
    import threading
    from concurrent.futures import ThreadPoolExecutor

    encoder = load_encoder(tiny_encoder, "openvino", cache_dir=tmp_path)
    stand_in = encoder[0].model
    ran_in, infer = set(), stand_in._infer

    def spy(feed):
        ran_in.add(threading.current_thread().name)
        return infer(feed)

    monkeypatch.setattr(stand_in, "_infer", spy)
    alone = [encoder.encode([text]) for text in TEXTS]
    with ThreadPoolExecutor(4) as pool:
        together = list(pool.map(lambda t: encoder.encode([t]), TEXTS * 4))
    for i, got in enumerate(together):
        np.testing.assert_allclose(got, alone[i % len(TEXTS)], atol=1e-6)
    assert ran_in and all(name.startswith("paraqd-openvino") for name in ran_in)


def test_openvino_runs_on_the_cpu_only_and_is_not_pickled(tiny_encoder, tmp_path):
    pytest.importorskip("openvino")
    import pickle

    with pytest.raises(InputError, match="runs on the CPU"):
        load_encoder(tiny_encoder, "openvino", device="cuda", cache_dir=tmp_path)
    encoder = load_encoder(tiny_encoder, "openvino", device="cpu", cache_dir=tmp_path)
    with pytest.raises(TypeError, match="OpenVINO compiled model cannot be pickled"):
        pickle.dumps(encoder[0].model)


def test_openvino_missing_says_how_to_install(tiny_encoder, tmp_path, monkeypatch):
    import sys

    monkeypatch.setitem(sys.modules, "openvino", None)  # import openvino raises ImportError
    with pytest.raises(InputError, match=r"paraqd\[openvino\]"):
        load_encoder(tiny_encoder, "openvino", cache_dir=tmp_path)


def test_openvino_precision_names_what_runs(monkeypatch):
    from paraqd import backends
    from paraqd.backends import base  # noqa: F401  (backends.base below)

    monkeypatch.setenv(backends.OPENVINO_PRECISION_ENV, "f32")
    if backends.openvino_available():
        assert backends.openvino_precision() == "f32"  # the override, as the encoder compiles it
        monkeypatch.delenv(backends.OPENVINO_PRECISION_ENV)
        assert backends.openvino_precision() in {"f32", "bf16", "f16"}
    monkeypatch.setattr(backends.base, "openvino_available", lambda: False)  # where openvino_precision looks
    assert backends.openvino_precision() is None
