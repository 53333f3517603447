"""The LoRA cross-encoder verifier on a tiny random BERT: training learns, the adapter round-trips, the CLI
recipe refuses bad input with one line, and the pair builder labels its operators' outputs."""

from __future__ import annotations

import random

import numpy as np
import pytest

from paraqd.errors import InputError
from paraqd.training.verifier_training import (
    VerifierConfig,
    add_lora,
    length_batches,
    load_base,
    predict_logits,
    save_adapter,
    train_verifier,
)
from paraqd.verifier import PairVerifier, is_verifier_dir


@pytest.fixture(scope="module")
def tiny_bert(tmp_path_factory) -> str:
    import torch
    from transformers import AutoTokenizer, BertConfig, BertModel

    from paraqd.resources import default_encoder_path

    root = tmp_path_factory.mktemp("tiny-bert")
    tokenizer = AutoTokenizer.from_pretrained(default_encoder_path())
    config = BertConfig(vocab_size=tokenizer.vocab_size, hidden_size=16, num_hidden_layers=1,
                        num_attention_heads=2, intermediate_size=32, max_position_embeddings=64)
    torch.manual_seed(0)
    BertModel(config).save_pretrained(root)
    tokenizer.save_pretrained(root)
    return str(root)


def _pairs(n=48):
    rng = random.Random(0)
    qs, cs, ys = [], [], []
    for _ in range(n):
        a, b = rng.randint(2, 50), rng.randint(2, 50)
        q = f"Tom has {a} apples and {b} pears. How many fruits does he have?"
        if rng.random() < 0.5:
            qs.append(q), cs.append(f"Tom owns {a} apples and {b} pears. Find how many fruits he has."), ys.append(1)
        else:
            qs.append(q), cs.append("Tom owns some apples and pears. Find how many fruits he has."), ys.append(0)
    return qs, cs, ys


def test_length_batches_cover_every_index_once():
    lengths = [random.Random(i).randint(5, 90) for i in range(103)]
    batches = length_batches(lengths, 8, random.Random(1), window=4)
    assert sorted(i for b in batches for i in b) == list(range(103))
    assert all(len(b) <= 8 for b in batches)
    assert length_batches(lengths, 8, None) == length_batches(lengths, 8, None)


def test_training_learns_and_the_adapter_round_trips(tiny_bert, tmp_path):
    qs, cs, ys = _pairs()
    config = VerifierConfig(epochs=12, batch_size=8, lr=5e-3, lora_r=4, lora_alpha=8, max_length=48)
    model, tokenizer = load_base(tiny_bert, seed=config.seed)
    model = add_lora(model, config)
    before = predict_logits(model, tokenizer, qs, cs, max_length=48)
    report = train_verifier(model, tokenizer, qs, cs, ys, config)
    after = predict_logits(model, tokenizer, qs, cs, max_length=48)
    assert report.steps == 12 * 6 and report.pairs_per_second > 0
    from sklearn.metrics import roc_auc_score

    assert roc_auc_score(ys, after) > max(0.75, roc_auc_score(ys, before) + 0.2)
    out = save_adapter(model, tmp_path / "adapter", {"config": config.to_dict()})
    assert is_verifier_dir(out)
    verifier = PairVerifier.load(out, base=tiny_bert, device="cpu")
    assert verifier.max_length == 48
    probs = verifier.predict(qs, cs)
    assert probs.dtype == np.float32 and ((probs >= 0) & (probs <= 1)).all()
    np.testing.assert_allclose(verifier.logits(qs, cs), after, atol=1e-4)


def test_fractional_epochs_the_time_budget_and_on_epoch(tiny_bert):
    qs, cs, ys = _pairs()
    config = VerifierConfig(epochs=1.5, batch_size=8, lr=5e-3, lora_r=2, lora_alpha=4, max_length=48)
    model, tokenizer = load_base(tiny_bert, seed=config.seed)
    model = add_lora(model, config)
    seen = []
    report = train_verifier(model, tokenizer, qs, cs, ys, config, on_epoch=lambda e, m: seen.append(e) or {"n": e})
    assert report.steps == 9 and report.pairs == 48 + 24
    assert [(h["epoch"], h["step"], h["n"]) for h in report.history] == [(1, 6, 1), (2, 9, 2)]
    assert np.isfinite(report.final_loss) and tokenizer.model_max_length != 48  # the caller's tokenizer untouched
    budget = VerifierConfig(epochs=3, batch_size=8, lora_r=2, max_length=48, time_budget_s=1e-9)
    model, tokenizer = load_base(tiny_bert, seed=budget.seed)
    assert train_verifier(add_lora(model, budget), tokenizer, qs, cs, ys, budget).steps == 1


def test_length_batch_sampler_feeds_the_trainer_similar_lengths():
    from paraqd.training.verifier_training import length_batch_sampler

    lengths = [5, 50, 6, 51, 7, 52, 8, 53]
    sampler = length_batch_sampler(lengths)(list(range(8)), batch_size=2, drop_last=False, seed=3)
    first = list(sampler)
    assert sorted(i for b in first for i in b) == list(range(8)) and len(sampler) == 4
    assert all(abs(lengths[a] - lengths[b]) <= 3 for a, b in first)
    sampler.set_epoch(1)
    assert sorted(map(tuple, sampler)) == sorted(map(tuple, first))  # same buckets, another order
    with pytest.raises(ValueError, match="8 lengths for 3 pairs"):
        length_batch_sampler(lengths)([0, 1, 2], batch_size=2, drop_last=False)


def test_verifier_load_rejects_a_folder_without_adapter(tmp_path):
    with pytest.raises(InputError, match="not a verifier adapter folder"):
        PairVerifier.load(tmp_path)


def test_build_pairs_labels_and_operators(analyzer):
    from paraqd.training.verifier_data import PairSpec, build_pairs

    questions = ["Tom has 12 apples. Mary has 5 pears. How many apples does Tom have?",
                 "A shop sells 30 pens for $2 each. If it sells 25% of them, how much money does it make?"]
    df = build_pairs(questions, PairSpec(seed=1), analyzer=analyzer)
    assert set(df.label) == {0, 1}
    assert df.equals(build_pairs(questions, PairSpec(seed=1), analyzer=analyzer))
    assert (df.candidate != df.question).all()
    from paraqd.operators import get_operator_class

    for ops, label in zip(df.operators, df.label):
        polarities = [get_operator_class(o).polarity for o in ops.split("+")]
        assert polarities[-1] == ("positive" if label else "negative")
        assert all(p == "positive" for p in polarities[:-1])


def test_cli_recipe_verifier_reports_a_missing_file(tmp_path, capsys):
    from paraqd.cli import main

    assert main(["train", str(tmp_path / "none.jsonl"), "-o", str(tmp_path / "m"), "--recipe", "verifier"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and err[0].startswith("paraqd train: error:") and "no such file" in err[0]


@pytest.mark.slow
def test_recipe_trains_through_the_cross_encoder_trainer_and_pair_verifier_loads_it(tiny_bert, tmp_path):
    import json

    from paraqd.training.verifier_recipe import train_verifier_recipe

    questions = tmp_path / "questions.jsonl"
    questions.write_text("".join(json.dumps({"question": q}) + "\n" for q in [
        "Tom has 12 apples. Mary has 5 pears. How many apples does Tom have?",
        "A shop sells 30 pens for $2 each. If it sells 25% of them, how much money does it make?",
        "Sarah walks 3 miles every day. How many miles does she walk in 7 days?"]))
    labelled = tmp_path / "labelled.csv"
    labelled.write_text("question,paraphrase,label\n"
                        "Ann has 2 dogs. How many dogs?,Ann owns two dogs. How many dogs?,1\n"
                        "Ann has 2 dogs. How many dogs?,Ann has a few dogs. How many dogs?,0\n")
    config = VerifierConfig(epochs=1, batch_size=4, lora_r=2, lora_alpha=4, max_length=48, threads=1)
    meta = train_verifier_recipe([questions], tmp_path / "model", config=config, base=tiny_bert,
                                 labelled=[labelled], labelled_repeat=2)
    assert meta["pairs"]["count"] > 4 and meta["timing"]["pairs_per_second"] > 0
    assert meta["labelled"]["pairs"] == 2 and meta["pairs"]["operators"]["labelled:labelled.csv"] == 4
    assert [h["epoch"] for h in meta["history"]] == [1]
    assert json.loads((tmp_path / "model" / "paraqd.json").read_text())["kind"] == "verifier"
    verifier = PairVerifier.load(tmp_path / "model", base=tiny_bert, device="cpu")
    probs = verifier.predict([questions.read_text()[:40]] * 2, ["Tom owns 12 apples.", "Tom owns 13 apples."])
    assert probs.shape == (2,) and np.isfinite(probs).all()


def test_the_old_module_re_exports_the_trainer_and_the_verifier():
    """paraqd.training.cross_encoder keeps every name it had before the split (issue 25)."""
    from paraqd.training import cross_encoder, cross_encoder_fit, verifier_training

    assert cross_encoder.fit_cross_encoder is cross_encoder_fit.fit_cross_encoder
    assert cross_encoder.StopAt is cross_encoder_fit.StopAt
    moved = ["ADAPTER_FILES", "LORA_TARGETS", "TrainReport", "VerifierConfig", "add_lora", "as_cross_encoder",
             "collate", "length_batch_sampler", "length_batches", "load_adapter", "load_base", "predict_logits",
             "save_adapter", "tokenize_pairs", "train_verifier"]
    assert [n for n in moved if getattr(cross_encoder, n) is not getattr(verifier_training, n)] == []
    assert set(moved) <= set(cross_encoder.__all__)


def test_labelled_pairs_read_dev_style_columns_and_drop_excluded_questions(tmp_path):
    from paraqd.leakage import LeakageFilter
    from paraqd.training.verifier_recipe import labelled_pairs

    path = tmp_path / "rewordings.csv"
    path.write_text("question,augmented,final_label,family\n"
                    "Tom has 3 cats. How many cats?,Tom owns three cats. How many cats?,1,formal\n"
                    "Tom has 3 cats. How many cats?,Tom has some cats. How many cats?,0,vague_quantity\n"
                    "Ann has 2 dogs. How many dogs?,Ann owns 2 dogs. How many dogs?,1,formal\n")
    pairs = labelled_pairs([path], LeakageFilter(["ann has 2 dogs.  How many dogs?"]))
    assert pairs.label.tolist() == [1, 0]
    assert pairs.candidate.tolist() == ["Tom owns three cats. How many cats?", "Tom has some cats. How many cats?"]
    assert set(pairs.operators) == {"labelled:rewordings.csv"}
    assert labelled_pairs([], LeakageFilter()).empty


def test_cli_recipe_verifier_reports_a_bad_label_in_one_line(tmp_path, capsys):
    from paraqd.cli import main

    questions = tmp_path / "q.jsonl"
    questions.write_text('{"question": "Tom has 3 cats. How many cats does he have?"}\n')
    bad = tmp_path / "pairs.csv"
    bad.write_text("question,paraphrase,label\nTom has 3 cats.,Tom owns 3 cats.,maybe\n")
    code = main(["train", str(questions), "-o", str(tmp_path / "m"), "--recipe", "verifier", "--labelled", str(bad)])
    err = capsys.readouterr().err.strip().splitlines()
    assert code == 2 and len(err) == 1 and "label 'maybe' is not 0/1" in err[0]


def test_the_shipped_verifier_loads_offline_and_ranks_a_faithful_rewording_above_one_edit():
    """The adapter in data/models/verifier (paraqd/_models/verifier in a wheel): it loads on the embedded MiniLM,
    records the training file it was trained on (that very file), and prefers a free rewording to one that
    changes a number, the asked quantity or makes a number vague."""
    import hashlib
    import json
    from pathlib import Path

    from paraqd.verifier import shipped_verifier_dir

    folder = shipped_verifier_dir()
    assert folder is not None and (folder / "README.md").is_file()
    meta = json.loads((folder / "verifier.json").read_text())
    labelled = Path(__file__).resolve().parents[1] / meta["pairs"]["labelled"]["file"]
    assert hashlib.sha256(labelled.read_bytes()).hexdigest() == meta["pairs"]["labelled"]["sha256"]
    assert meta["dev_figures"]["chosen_weight_in_default"] == 0.0
    verifier = PairVerifier.load(device="cpu")
    question = "A baker makes 12 cakes each day. How many cakes does he make in 5 days?"
    probs = verifier.predict([question] * 4, [
        "Every day, a baker bakes 12 cakes. In 5 days, how many cakes will he have baked?",
        "A baker makes 12 cakes each day. How many cakes does he make in 7 days?",
        "A baker makes 12 cakes each day. How many cakes does he sell in 5 days?",
        "A baker makes some cakes each day. How many cakes does he make in 5 days?"])
    assert probs[0] > 0.5 and (probs[1:] < 0.5).all()
