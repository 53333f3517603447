"""paraqd.models: seq2seq generation, masked-LM refilling and encoder loading, on tiny random-weight models."""

from __future__ import annotations

import os
import random

import pytest
import torch

from paraqd import models
from paraqd.errors import ModelUnavailableError
from paraqd.models import MaskedLMFiller, Seq2SeqGenerator, load_sentence_encoder

try:  # tests/ on sys.path (pytest's default rootdir-less layout) or tests as a package
    from tiny_models import (
        single_torch_thread,
        tiny_bert_mlm,
        tiny_fsmt_pair,
        tiny_models_dir,
        tiny_pegasus,
        tiny_t5,
    )
except ImportError:  # pragma: no cover
    from tests.tiny_models import (  # noqa: F401
        single_torch_thread,
        tiny_bert_mlm,
        tiny_fsmt_pair,
        tiny_models_dir,
        tiny_pegasus,
        tiny_t5,
    )

TEXTS = [
    "Alex travelled 100 km from New York at a constant speed of 20 kmph.",
    "How many hours did it take him in total?",
    "A train covers 300 km in 5 hours.",
]


@pytest.fixture
def count_loads(monkeypatch):
    """Count ``from_pretrained`` calls of seq2seq and masked-LM models (starting from an empty cache)."""
    import transformers

    models.clear_model_cache()
    calls: list[str] = []
    for cls in (transformers.AutoModelForSeq2SeqLM, transformers.AutoModelForMaskedLM):
        original = cls.from_pretrained

        def counting(name, *args, _original=original, **kwargs):
            calls.append(str(name))
            return _original(name, *args, **kwargs)

        monkeypatch.setattr(cls, "from_pretrained", counting)
    yield calls
    models.clear_model_cache()


@pytest.mark.parametrize("fixture", ["tiny_t5", "tiny_pegasus", "tiny_fsmt_pair"])
def test_generate_shapes_and_batch_independence(request, fixture):
    path = request.getfixturevalue(fixture)
    path = path[0] if isinstance(path, tuple) else path
    gen = Seq2SeqGenerator(path, device="cpu", batch_size=2, max_new_tokens=8)
    out = gen.generate(TEXTS, num_return_sequences=3, num_beams=3)
    assert len(out) == len(TEXTS)
    assert all(len(cands) == 3 and all(isinstance(c, str) for c in cands) for cands in out)
    one_by_one = [gen.generate([t], num_return_sequences=3, num_beams=3)[0] for t in TEXTS]
    assert out == one_by_one


@pytest.mark.filterwarnings("ignore:Unfeasible length constraints")
def test_long_input_and_output_respect_position_limit(tiny_pegasus):
    # the tiny Pegasus has 128 absolute positions; the default limits (512 in, 128 out) would overflow them
    gen = Seq2SeqGenerator(tiny_pegasus, device="cpu", max_new_tokens=500)
    out = gen.generate([" ".join(TEXTS * 8)], min_new_tokens=130)
    tokenizer, model = gen.load()
    assert len(tokenizer(out[0][0])["input_ids"]) <= model.config.max_position_embeddings + 1


def test_generate_empty_input_loads_nothing(count_loads):
    assert Seq2SeqGenerator("/no/such/model").generate([]) == []
    assert count_loads == []


def test_prefix_is_prepended(tiny_t5):
    plain = Seq2SeqGenerator(tiny_t5, device="cpu", max_new_tokens=8)
    prefixed = Seq2SeqGenerator(tiny_t5, device="cpu", max_new_tokens=8, prefix="paraphrase: ")
    assert prefixed.generate([TEXTS[0]]) == plain.generate(["paraphrase: " + TEXTS[0]])


def test_model_loaded_once_per_name_and_device(tiny_t5, count_loads):
    a = Seq2SeqGenerator(tiny_t5, device="cpu", max_new_tokens=4)
    b = Seq2SeqGenerator(tiny_t5, device="cpu", max_new_tokens=4, prefix="x: ")
    a.generate(TEXTS[:1])
    b.generate(TEXTS)
    a.generate(TEXTS[1:])
    assert count_loads == [tiny_t5]
    assert a.load()[1] is b.load()[1]


def test_missing_model_raises_one_line_error(tmp_path):
    missing = str(tmp_path / "no-such-model")
    with pytest.raises(ModelUnavailableError) as info:
        Seq2SeqGenerator(missing, device="cpu").generate(["hello"])
    message = str(info.value)
    assert missing in message and "\n" not in message
    assert "--model" in message
    assert info.value.model == missing


def test_hamming_diversity_penalises_tokens_of_earlier_groups():
    # one input, two beams per group; the earlier group emitted tokens 3 and 5 at position 1
    previous = [torch.tensor([[[0, 3, 7], [0, 5, 7]]])]
    proc = models._HammingDiversity(previous, beams_per_row=2, penalty=2.0, pad_id=0)
    scores = torch.log_softmax(torch.zeros(2, 8), dim=-1)
    out = proc(torch.zeros(2, 1, dtype=torch.long), scores)
    penalised = (scores - out)[0]
    assert penalised[3] == pytest.approx(2.0) and penalised[5] == pytest.approx(2.0)
    assert penalised[[1, 2, 4, 6, 7]].abs().max() == pytest.approx(0.0)
    # past the earlier group's length nothing is penalised
    assert torch.allclose(proc(torch.zeros(2, 3, dtype=torch.long), scores), scores)


def test_diverse_beam_search_returns_group_candidates(tiny_t5):
    gen = Seq2SeqGenerator(tiny_t5, device="cpu", max_new_tokens=6, batch_size=1)  # settings reused per batch
    plain = gen.generate(TEXTS[:2], num_return_sequences=4, num_beams=4)
    diverse = gen.generate(TEXTS[:2], num_return_sequences=4, num_beams=4, num_beam_groups=2,
                           diversity_penalty=50.0)
    assert [len(c) for c in diverse] == [4, 4]
    tokenizer, _ = gen.load()
    for cands in diverse:
        first_tokens = {tuple(tokenizer(c, add_special_tokens=False)["input_ids"][:1]) for c in cands}
        assert len(first_tokens) >= 2  # the second group was pushed off the first group's first token
    assert diverse != plain
    with pytest.raises(ValueError, match="divisible"):
        gen.generate(TEXTS[:1], num_beams=3, num_beam_groups=2, diversity_penalty=1.0)


def test_masked_lm_reconstruct_is_seeded_and_batch_independent(tiny_bert_mlm):
    filler = MaskedLMFiller(tiny_bert_mlm, device="cpu", batch_size=2)
    seeds = [1, 2, 3]
    batch = filler.reconstruct(TEXTS, [random.Random(s) for s in seeds], mask_prob=0.3)
    single = [filler.reconstruct([t], random.Random(s), mask_prob=0.3)[0] for t, s in zip(TEXTS, seeds)]
    assert batch == single
    again = filler.reconstruct(TEXTS, [random.Random(s) for s in seeds], mask_prob=0.3)
    assert again == batch
    assert all(isinstance(t, str) and t for t in batch)


def test_masked_lm_changes_only_masked_positions(tiny_bert_mlm):
    filler = MaskedLMFiller(tiny_bert_mlm, device="cpu")
    tokenizer, _ = filler.load()
    normalised = tokenizer.decode(tokenizer(TEXTS[0])["input_ids"], skip_special_tokens=True)
    assert filler.reconstruct([TEXTS[0]], random.Random(0), mask_prob=0.0) == [normalised]
    out = filler.reconstruct([TEXTS[0]], random.Random(0), mask_prob=1.0, sample=False,
                             mask_token_prob=1.0, random_token_prob=0.0)[0]
    n_in = len(tokenizer(TEXTS[0], add_special_tokens=False)["input_ids"])
    assert out != normalised and len(out.split()) <= n_in


def test_pick_argmax_and_topk():
    logits = torch.tensor([0.1, 3.0, 0.2, 2.9])
    assert models._pick(logits, random.Random(0), sample=False, top_k=None) == 1
    assert models._pick(logits, random.Random(0), sample=True, top_k=1) == 1
    draws = {models._pick(logits, random.Random(s), sample=True, top_k=2) for s in range(40)}
    assert draws == {1, 3}


def test_masked_lm_rejects_bad_arguments(tiny_bert_mlm):
    filler = MaskedLMFiller(tiny_bert_mlm, device="cpu")
    with pytest.raises(ValueError):
        filler.reconstruct(TEXTS, random.Random(0), mask_prob=1.5)
    with pytest.raises(ValueError):
        filler.reconstruct(TEXTS, [random.Random(0)])


def test_sentence_encoder_is_cached_and_missing_one_raises(tmp_path):
    enc = load_sentence_encoder(None, device="cpu")
    assert load_sentence_encoder("pretrained", device="cpu") is enc
    assert enc.encode(["a question"]).shape == (1, 384)
    with pytest.raises(ModelUnavailableError, match="no-encoder"):
        load_sentence_encoder(str(tmp_path / "no-encoder"), device="cpu")


_SHARED_CACHE = None


def _in_forked_child() -> tuple[int, int, int, int]:
    cache = _SHARED_CACHE
    before = len(cache)
    value = cache.get("model", lambda: os.getpid())
    cache.clear()
    return before, value, len(cache), len(cache._entries)


def test_process_cache_is_private_to_each_process():
    """A forked worker sees none of its parent's entries, loads its own, and clearing frees only its own."""
    import multiprocessing as mp

    from paraqd.process_cache import ProcessCache

    global _SHARED_CACHE
    if "fork" not in mp.get_all_start_methods():
        pytest.skip("fork is not available here")
    _SHARED_CACHE = cache = ProcessCache()
    assert cache.get("model", lambda: os.getpid()) == os.getpid() and len(cache) == 1
    with mp.get_context("fork").Pool(1) as pool:
        before, value, after, kept = pool.apply_async(_in_forked_child).get(timeout=60)
    assert before == 0 and value != os.getpid() and after == 0 and kept == 1  # the parent's entry stays
    assert cache.get("model", lambda: -1) == os.getpid()
    cache.clear()
    assert len(cache) == 0 and cache.get("model", lambda: -1) == -1
