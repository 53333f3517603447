"""Tiny random-weight transformers models with real tokenizers, built in a temporary directory.

They exercise the real loading and generation code of :mod:`paraqd.models` and the model-backed operators
without any downloaded weights: each model has a few thousand parameters and a tokenizer trained with the
``tokenizers`` library on the sentences below, saved in the layout ``from_pretrained`` expects. Outputs are
gibberish, but deterministic (seeded).

Use the session fixtures from a test module (``from tests.tiny_models import tiny_t5  # noqa: F401``) or call
the ``build_*`` functions directly (e.g. from a benchmark script).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

CORPUS = [
    "Alex travelled 100 km from New York at a constant speed of 20 kmph.",
    "How many hours did it take him in total?",
    "A train covers 300 km in 5 hours. What is its speed in km per hour?",
    "Sarah bought 3 apples for $2 each and 4 oranges for $1.50 each.",
    "How much money did she spend?",
    "A bag of cat food weighs 7 pounds and 4 ounces. How much does the bag weigh in ounces?",
    "A cart of 20 apples is distributed among 10 students. How much apple does each student get?",
    "John is twice as old as Mary. In 5 years the sum of their ages will be 40.",
    "What is the area of a rectangle 12 metres long and 8 metres wide?",
    "The price of a shirt was reduced by 25% to Rs. 600. What was the original price?",
    "A tank fills in 6 minutes and empties in 9 minutes. How long will it take to fill?",
    "Tom walks 3 miles every day. How many miles does he walk in a week?",
    "Alex fuhr mit 20 km / h von New York. Wie viele Stunden hat es gedauert?",
    "Ein Zug fährt 300 km in 5 Stunden. Wie schnell ist er?",
]

SEED = 13


def _bpe(corpus: list[str], vocab_size: int, specials: list[str], unk: str, *, metaspace: bool,
         end_of_word_suffix: str | None = None):
    from tokenizers import Tokenizer, decoders, models, pre_tokenizers, trainers

    suffix = {"end_of_word_suffix": end_of_word_suffix} if end_of_word_suffix else {}
    tok = Tokenizer(models.BPE(unk_token=unk, **suffix))
    if metaspace:
        tok.pre_tokenizer = pre_tokenizers.Metaspace()
        tok.decoder = decoders.Metaspace()
    else:
        tok.pre_tokenizer = pre_tokenizers.Whitespace()
    trainer = trainers.BpeTrainer(vocab_size=vocab_size, special_tokens=specials, show_progress=False,
                                  **suffix)
    tok.train_from_iterator(corpus, trainer)
    return tok


def _sentencepiece_like_tokenizer(pad: str, eos: str, unk: str, vocab_size: int = 300):
    """A fast tokenizer with T5/Pegasus conventions: pad=0, eos=1, unk=2, ``</s>`` appended."""
    from tokenizers import processors
    from transformers import PreTrainedTokenizerFast

    tok = _bpe(CORPUS, vocab_size, [pad, eos, unk], unk, metaspace=True)
    tok.post_processor = processors.TemplateProcessing(single=f"$A {eos}", pair=f"$A {eos} $B {eos}",
                                                       special_tokens=[(eos, 1)])
    return PreTrainedTokenizerFast(tokenizer_object=tok, pad_token=pad, eos_token=eos, unk_token=unk,
                                   model_max_length=128)


def _save(model, tokenizer, path: Path) -> str:
    path.mkdir(parents=True, exist_ok=True)
    model.save_pretrained(path)
    tokenizer.save_pretrained(path)
    return str(path)


def build_tiny_t5(path: Path | str) -> str:
    """A 1-layer T5ForConditionalGeneration (fe, fb and fa use T5 checkpoints)."""
    import torch
    from transformers import T5Config, T5ForConditionalGeneration

    tokenizer = _sentencepiece_like_tokenizer("<pad>", "</s>", "<unk>")
    config = T5Config(vocab_size=len(tokenizer), d_model=16, d_kv=8, d_ff=32, num_layers=1,
                      num_decoder_layers=1, num_heads=2, pad_token_id=0, eos_token_id=1,
                      decoder_start_token_id=0, relative_attention_num_buckets=8)
    torch.manual_seed(SEED)
    return _save(T5ForConditionalGeneration(config), tokenizer, Path(path))


def build_tiny_pegasus(path: Path | str) -> str:
    """A 1-layer PegasusForConditionalGeneration (f9)."""
    import torch
    from transformers import PegasusConfig, PegasusForConditionalGeneration

    tokenizer = _sentencepiece_like_tokenizer("<pad>", "</s>", "<unk>")
    config = PegasusConfig(vocab_size=len(tokenizer), d_model=16, encoder_layers=1, decoder_layers=1,
                           encoder_attention_heads=2, decoder_attention_heads=2, encoder_ffn_dim=32,
                           decoder_ffn_dim=32, max_position_embeddings=128, pad_token_id=0, eos_token_id=1,
                           decoder_start_token_id=0, forced_eos_token_id=1)
    torch.manual_seed(SEED + 1)
    return _save(PegasusForConditionalGeneration(config), tokenizer, Path(path))


def build_tiny_fsmt_pair(path: Path | str) -> tuple[str, str]:
    """Two 1-layer FSMT translation models, en->de and de->en (the family of facebook/wmt19-*).

    FSMT's tokenizer is Moses + XLM-style BPE (``</w>`` word ends); the BPE is trained with ``tokenizers``
    and written in that format. FSMTTokenizer needs the ``sacremoses`` package, like the real checkpoints.
    """
    import torch
    from transformers import FSMTConfig, FSMTForConditionalGeneration, FSMTTokenizer

    specials = ["<s>", "<pad>", "</s>", "<unk>"]
    bpe = json.loads(_bpe(CORPUS, 400, specials, "<unk>", metaspace=False, end_of_word_suffix="</w>").to_str())
    vocab, merges = bpe["model"]["vocab"], bpe["model"]["merges"]
    root = Path(path)
    paths = []
    for i, langs in enumerate((["en", "de"], ["de", "en"])):
        out = root / f"fsmt-{langs[0]}-{langs[1]}"
        out.mkdir(parents=True, exist_ok=True)
        raw = out / "raw"
        raw.mkdir(exist_ok=True)
        for name in ("vocab-src.json", "vocab-tgt.json"):
            (raw / name).write_text(json.dumps(vocab), encoding="utf-8")
        (raw / "merges.txt").write_text(
            "".join((" ".join(m) if isinstance(m, list) else m) + "\n" for m in merges), encoding="utf-8")
        tokenizer = FSMTTokenizer(langs=langs, src_vocab_file=str(raw / "vocab-src.json"),
                                  tgt_vocab_file=str(raw / "vocab-tgt.json"), merges_file=str(raw / "merges.txt"),
                                  model_max_length=128)
        config = FSMTConfig(langs=langs, src_vocab_size=len(vocab), tgt_vocab_size=len(vocab), d_model=16,
                            encoder_layers=1, decoder_layers=1, encoder_attention_heads=2,
                            decoder_attention_heads=2, encoder_ffn_dim=32, decoder_ffn_dim=32,
                            max_position_embeddings=128, pad_token_id=1, bos_token_id=0, eos_token_id=2,
                            decoder_start_token_id=2, forced_eos_token_id=2, tie_word_embeddings=False)
        torch.manual_seed(SEED + 2 + i)
        paths.append(_save(FSMTForConditionalGeneration(config), tokenizer, out))
    return paths[0], paths[1]


def build_tiny_bert_mlm(path: Path | str) -> str:
    """A 1-layer BertForMaskedLM with a WordPiece tokenizer (MaskedLMFiller, SSMBA)."""
    import torch
    from tokenizers import Tokenizer, decoders, models, normalizers, pre_tokenizers, processors, trainers
    from transformers import BertConfig, BertForMaskedLM, PreTrainedTokenizerFast

    specials = ["[PAD]", "[UNK]", "[CLS]", "[SEP]", "[MASK]"]
    tok = Tokenizer(models.WordPiece(unk_token="[UNK]"))
    tok.normalizer = normalizers.BertNormalizer(lowercase=True)
    tok.pre_tokenizer = pre_tokenizers.BertPreTokenizer()
    tok.decoder = decoders.WordPiece()
    tok.train_from_iterator(CORPUS, trainers.WordPieceTrainer(vocab_size=300, special_tokens=specials,
                                                              show_progress=False))
    tok.post_processor = processors.TemplateProcessing(single="[CLS] $A [SEP]", pair="[CLS] $A [SEP] $B [SEP]",
                                                       special_tokens=[("[CLS]", 2), ("[SEP]", 3)])
    tokenizer = PreTrainedTokenizerFast(tokenizer_object=tok, pad_token="[PAD]", unk_token="[UNK]",
                                        cls_token="[CLS]", sep_token="[SEP]", mask_token="[MASK]",
                                        model_max_length=128)
    config = BertConfig(vocab_size=len(tokenizer), hidden_size=16, num_hidden_layers=1, num_attention_heads=2,
                        intermediate_size=32, max_position_embeddings=128, pad_token_id=0)
    torch.manual_seed(SEED + 4)
    return _save(BertForMaskedLM(config), tokenizer, Path(path))


def build_tiny_sentence_encoder(path: Path | str, seed: int = SEED) -> str:
    """A random-weight 1-layer BERT sentence encoder (hidden size 16, mean pooling, normalised) with the
    embedded model's tokenizer: a training step takes milliseconds, and `paraqd train --encoder` takes it."""
    import torch
    from sentence_transformers import SentenceTransformer
    from sentence_transformers.base.modules import Normalize, Transformer
    from sentence_transformers.sentence_transformer.modules import Pooling
    from transformers import AutoTokenizer, BertConfig, BertModel

    from paraqd.resources import default_encoder_path

    root = Path(path)
    tokenizer = AutoTokenizer.from_pretrained(default_encoder_path())
    config = BertConfig(vocab_size=tokenizer.vocab_size, hidden_size=16, num_hidden_layers=1,
                        num_attention_heads=2, intermediate_size=32, max_position_embeddings=64)
    torch.manual_seed(seed)
    BertModel(config).save_pretrained(root / "bert")
    tokenizer.save_pretrained(root / "bert")
    model = SentenceTransformer(modules=[Transformer(str(root / "bert"), max_seq_length=32), Pooling(16, "mean"),
                                         Normalize()])
    model.save(str(root / "encoder"))
    return str(root / "encoder")


# -- session fixtures ------------------------------------------------------------------------------------

@pytest.fixture(scope="session")
def tiny_models_dir(tmp_path_factory) -> Path:
    return tmp_path_factory.mktemp("tiny-models")


@pytest.fixture(scope="session")
def tiny_t5(tiny_models_dir) -> str:
    return build_tiny_t5(tiny_models_dir / "t5")


@pytest.fixture(scope="session")
def tiny_pegasus(tiny_models_dir) -> str:
    return build_tiny_pegasus(tiny_models_dir / "pegasus")


@pytest.fixture(scope="session")
def tiny_fsmt_pair(tiny_models_dir) -> tuple[str, str]:
    pytest.importorskip("sacremoses", reason="FSMT's tokenizer needs sacremoses")
    return build_tiny_fsmt_pair(tiny_models_dir)


@pytest.fixture(scope="session")
def tiny_bert_mlm(tiny_models_dir) -> str:
    return build_tiny_bert_mlm(tiny_models_dir / "bert")


@pytest.fixture(scope="module", autouse=True)
def single_torch_thread():
    """Run the tiny models on one thread (restored afterwards): for models this small, torch's intra-op
    threads only add synchronisation, which costs 10x on a shared, loaded machine."""
    import torch

    previous = torch.get_num_threads()
    torch.set_num_threads(1)
    yield
    torch.set_num_threads(previous)


@pytest.fixture(scope="session")
def tiny_sentence_encoder(tiny_models_dir) -> str:
    return build_tiny_sentence_encoder(tiny_models_dir / "sentence-encoder")
