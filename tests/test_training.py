"""Training: input layouts, pairing, config checks, and (slow) short training runs with resume."""

from __future__ import annotations

import json

import numpy as np
import pandas as pd
import pytest
from hypothesis import given
from hypothesis import strategies as st

from paraqd.errors import InputError

try:
    from tiny_models import build_tiny_sentence_encoder
except ImportError:  # pragma: no cover - run from the repository root as a package
    from tests.tiny_models import build_tiny_sentence_encoder
from paraqd.training import TrainingConfig, pair_up, train, triplets_from_pairs
from paraqd.training.data import (
    TrainingPairs,
    detect_layout,
    load_training_files,
    load_validation_files,
    sha256_file,
    split_by_anchor,
)

TRIPLETS = [
    ("Tom has 3 apples.", "Tom has three apples.", "Tom has apples.", "num2words", "number-deletion"),
    ("Tom has 3 apples.", "Tom owns 3 apples.", "Tom has 3 pears.", "back-translation", "entity-replacement"),
    ("A car goes 60 km/h.", "A car goes 60 kilometre per hour.", "A car goes 60 miles per hour.",
     "unit-expansion", "unit-replacement"),
    ("A car goes 60 km/h.", "A car travels at 60 km/h.", "A car goes.", "back-translation",
     "last-sentence-deletion"),
    ("Sara paid $5 for 2 pens.", "Sara paid five dollars for two pens.", "Sara paid for pens.", "num2words",
     "number-deletion"),
    ("Sara paid $5 for 2 pens.", "Sara spent $5 on 2 pens.", "Sara paid $5 for 2 cars.", "back-translation",
     "entity-replacement"),
    ("Ann reads 10 pages a day.", "Ann reads ten pages a day.", "Ann reads pages.", "num2words",
     "number-deletion"),
    ("Ann reads 10 pages a day.", "Ann reads 10 pages daily.", "Ann reads 10 books a day.", "back-translation",
     "entity-replacement"),
]
FAST = {"batch_size": 2, "max_seq_length": 16, "warmup_ratio": 0.0}


def write_triplets(path, rows=TRIPLETS):
    pd.DataFrame(rows, columns=["anchor", "positive", "negative", "positive_op", "negative_op"]) \
        .assign(question_id=lambda d: d["anchor"].factorize()[0]).to_csv(path, index=False)
    return path


# -- data layouts -----------------------------------------------------------------------------------------


def test_long_triplets_with_operators(tmp_path):
    data = load_training_files([write_triplets(tmp_path / "t.csv")])
    assert len(data.triplets) == len(TRIPLETS) and not len(data.pairs)
    assert data.triplets.anchor[0] == TRIPLETS[0][0]
    assert data.triplets.operator_counts()["positive"] == {"back-translation": 4, "num2words": 3,
                                                           "unit-expansion": 1}
    source = data.sources[0]
    assert source.layout == "triplets" and source.rows == 8 and source.triplets == 8
    assert source.sha256 == sha256_file(tmp_path / "t.csv") and len(source.sha256) == 64


def test_wide_form_skips_empty_cells(tmp_path):
    path = tmp_path / "wide.csv"
    pd.DataFrame({"question": ["q1", "q2", "q3"], "positive1": ["p11", "p21", "p31"],
                  "positive2": ["p12", None, None], "neg_1": ["n11", "n21", None], "neg_2": ["n12", None, None],
                  "neg_3": ["n13", "n23", None]}).to_csv(path, index=False)
    assert detect_layout(pd.read_csv(path)) == "wide"
    t = load_training_files([path]).triplets
    # q1: 2 positives x 3 negatives -> cycle 3; q2: 1 x 2 -> 2; q3 has no negative -> none
    assert list(zip(t.anchor, t.positive, t.negative)) == [
        ("q1", "p11", "n11"), ("q1", "p12", "n12"), ("q1", "p11", "n13"), ("q2", "p21", "n21"),
        ("q2", "p21", "n23")]
    assert t.negative_op[:3] == ["neg_1", "neg_2", "neg_3"]
    assert len(load_training_files([path], pairing="product").triplets) == 6 + 2


def test_labelled_pairs_become_triplets_per_anchor(tmp_path):
    path = tmp_path / "silver.jsonl"
    rows = [("q1", "a", 1), ("q1", "b", 0), ("q1", "c", 0), ("q2", "d", 1), ("q3", "e", 0)]
    pd.DataFrame(rows, columns=["text_a", "text_b", "label"]).to_json(path, orient="records", lines=True)
    data = load_training_files([path])
    assert data.sources[0].layout == "pairs" and len(data.pairs) == 5
    triplets, unused = triplets_from_pairs(data.pairs)
    assert list(zip(triplets.anchor, triplets.positive, triplets.negative)) == [("q1", "a", "b"), ("q1", "a", "c")]
    assert unused == 2


def test_pair_scores_are_checked(tmp_path):
    path = tmp_path / "p.csv"
    pd.DataFrame({"question": ["q", "q"], "paraphrase": ["a", "b"], "label": [1, 0],
                  "score": [0.9, 0.1]}).to_csv(path, index=False)
    assert load_training_files([path]).pairs.targets() == [0.9, 0.1]
    pd.DataFrame({"question": ["q"], "paraphrase": ["a"], "label": [1], "score": [3.0]}).to_csv(path, index=False)
    with pytest.raises(InputError, match="not a score in"):
        load_training_files([path])


@pytest.mark.parametrize("frame, message", [
    (pd.DataFrame({"x": ["a"], "y": ["b"]}), "cannot tell the layout"),
    (pd.DataFrame({"anchor": ["a"], "positive": ["b"], "negative": [None]}), "row 1, column 'negative' is empty"),
    (pd.DataFrame({"question": ["q"], "paraphrase": ["p"], "label": ["maybe"]}), "is not 0/1"),
    (pd.DataFrame({"question": ["q"], "positive1": ["p"], "neg_1": [None]}), "no question has both"),
])
def test_bad_training_files(tmp_path, frame, message):
    path = tmp_path / "bad.csv"
    frame.to_csv(path, index=False)
    with pytest.raises(InputError, match=message):
        load_training_files([path])


@given(st.integers(0, 7), st.integers(0, 7))
def test_pair_up_covers_every_item(p, n):
    cycle = pair_up(["p"] * p, ["n"] * n, "cycle")
    product = pair_up(["p"] * p, ["n"] * n, "product")
    if not p or not n:
        assert cycle == product == []
        return
    assert len(cycle) == max(p, n) and len(set(cycle)) == len(cycle)
    assert {i for i, _ in cycle} == set(range(p)) and {j for _, j in cycle} == set(range(n))
    assert sorted(product) == [(i, j) for i in range(p) for j in range(n)]


@given(st.integers(2, 30), st.floats(0.05, 0.95), st.integers(0, 10))
def test_split_by_anchor_is_disjoint_and_deterministic(n_anchors, fraction, seed):
    data = load_pairs_as_triplets(n_anchors)
    train_a, val_a = split_by_anchor(data, fraction, seed)
    train_b, val_b = split_by_anchor(data, fraction, seed)
    assert val_a.anchor == val_b.anchor and train_a.anchor == train_b.anchor
    assert not set(train_a.anchor) & set(val_a.anchor)
    assert len(train_a) + len(val_a) == len(data) and len(train_a) and len(val_a)


def load_pairs_as_triplets(n_anchors):
    pairs = TrainingPairs()
    for i in range(n_anchors):
        pairs.text_a += [f"q{i}", f"q{i}"]
        pairs.text_b += [f"good{i}", f"bad{i}"]
        pairs.label += [1, 0]
        pairs.score += [None, None]
    return triplets_from_pairs(pairs)[0]


def test_validation_files_accept_any_layout(tmp_path):
    path = tmp_path / "val.csv"
    pd.DataFrame({"question": ["q", "q"], "paraphrase": ["a", "b"], "label": [1, 0]}).to_csv(path, index=False)
    v = load_validation_files([path])
    assert (v.anchor, v.positive, v.negative) == (["q"], ["a"], ["b"])


@pytest.mark.parametrize("kwargs, message", [
    ({"loss": "hinge"}, "unknown loss"), ({"distance": "manhattan"}, "unknown distance"),
    ({"epochs": 0}, "epochs must be positive"), ({"max_steps": 0}, "max_steps must be at least 1"),
    ({"warmup_ratio": 1.0}, "warmup_ratio"), ({"pairs_as": "x"}, "unknown pairs_as"),
    ({"batch_size": -1}, "batch_size must be positive"), ({"validation_fraction": 1.5}, "validation_fraction"),
])
def test_config_validation(kwargs, message):
    with pytest.raises(InputError, match=message):
        TrainingConfig(**kwargs).validate()


def test_paper_defaults():
    cfg = TrainingConfig()
    assert (cfg.epochs, cfg.learning_rate, cfg.weight_decay, cfg.warmup_ratio, cfg.batch_size, cfg.seed) == \
        (9, 2e-5, 0.01, 0.1, 16, 3407)
    assert (cfg.loss, cfg.distance, cfg.margin) == ("triplet", "euclidean", 5.0)


def test_refuses_non_empty_dir_and_missing_checkpoint(tmp_path):
    data = write_triplets(tmp_path / "t.csv")
    out = tmp_path / "model"
    out.mkdir()
    (out / "keep.txt").write_text("mine")
    with pytest.raises(InputError, match="not empty"):
        train([data], out, TrainingConfig(max_steps=1, **FAST), show_progress_bar=False)
    with pytest.raises(InputError, match="no checkpoint to resume"):
        train([data], out, TrainingConfig(max_steps=1, **FAST), resume=True, show_progress_bar=False)
    assert (out / "keep.txt").read_text() == "mine"


# -- training runs (slow: a few steps on a handful of short triplets) ------------------------------------------


def embed(model_dir, texts):
    from sentence_transformers import SentenceTransformer

    return SentenceTransformer(str(model_dir)).encode(texts, normalize_embeddings=True)


@pytest.fixture(scope="module")
def tiny_encoder(tmp_path_factory) -> str:
    """A random-weight 1-layer BERT sentence encoder (hidden size 16) with the embedded model's tokenizer.

    Training it takes milliseconds per step, so resume and multi-dataset runs stay fast.
    """
    return build_tiny_sentence_encoder(tmp_path_factory.mktemp("tiny-encoder"), seed=0)


class StopAt:
    """Trainer callback that simulates a crash when a given step begins."""

    def __new__(cls, step):
        from transformers import TrainerCallback

        class _Stop(TrainerCallback):
            def on_step_begin(self, args, state, control, **kwargs):
                if state.global_step == step:
                    raise KeyboardInterrupt("simulated interruption")

        return _Stop()


@pytest.fixture(scope="module")
def augmented_model(tmp_path_factory):
    """`paraqd augment` triplets trained with `paraqd train` for a few steps (CLI end to end)."""
    from paraqd.cli import main

    root = tmp_path_factory.mktemp("cli-train")
    questions = root / "q.jsonl"
    questions.write_text("".join(json.dumps({"id": f"q{i}", "question": q}) + "\n" for i, q in enumerate([
        "Tom has 3 apples and buys 5 more. How many apples does he have?",
        "A car travels 60 km in 2 hours. What is its speed?",
        "Sara paid $12 for 4 pens. How much does one pen cost?",
    ])))
    triplets = root / "triplets.jsonl"
    assert main(["augment", str(questions), "-o", str(triplets), "--operators", "f2,f3,f6,f8",
                 "--per-question", "2", "--seed", "1", "--provenance"]) == 0
    model = root / "model"
    assert main(["train", str(triplets), "-o", str(model), "--max-steps", "3", "--batch-size", "2",
                 "--max-seq-length", "24", "--validation", str(triplets), "--lr", "1e-4"]) == 0
    return triplets, model


@pytest.mark.slow
def test_trained_model_loads_and_differs(augmented_model):
    from sentence_transformers import SentenceTransformer

    from paraqd.scoring import ParaphraseScorer

    triplets, model_dir = augmented_model
    assert isinstance(SentenceTransformer(str(model_dir)), SentenceTransformer)
    trained, untrained = ParaphraseScorer.load(model_dir), ParaphraseScorer.load()
    rows = pd.read_json(triplets, lines=True)
    a, n = rows["anchor"].tolist(), rows["negative"].tolist()
    assert np.abs(trained.cosine_pairs(a, n) - untrained.cosine_pairs(a, n)).max() > 1e-4
    meta = trained.metadata
    assert meta["hyperparameters"]["max_steps"] == 3 and meta["seed"] == 3407
    assert meta["training_files"][0]["sha256"] == sha256_file(triplets)
    assert meta["counts"]["triplets"] == len(rows)
    assert set(meta["operators"]["negative"]) <= {"last-sentence-deletion", "number-deletion"}
    assert sum(meta["operators"]["positive"].values()) == len(rows)
    assert {"python", "torch", "transformers", "sentence-transformers", "paraqd"} <= set(meta["versions"])
    # no method stored: the trained model gets the library's default score, the hybrid one
    assert meta["scoring"] == {"threshold": 0.5} and trained.threshold == 0.5 and trained.method == "hybrid"
    assert meta["run"]["global_step"] == 3
    accuracy = [h for h in meta["history"] if "eval_validation_cosine_accuracy" in h]
    assert accuracy[0]["step"] == 0 and accuracy[-1]["step"] == 3
    assert not (model_dir / "checkpoints").exists()
    assert not [p for p in model_dir.parent.iterdir() if p.name.startswith(".model.")]  # no temp dirs left


@pytest.mark.slow
def test_model_directory_permissions_and_card(augmented_model):
    """The model directory gets the umask like any output (not mkdtemp's 0700); its README.md is paraqd's card."""
    import os
    import stat

    from paraqd import __version__

    triplets, model_dir = augmented_model
    umask = os.umask(0)
    os.umask(umask)
    assert stat.S_IMODE(model_dir.stat().st_mode) == 0o777 & ~umask
    # issue 27: the weights too (the library writes model.safetensors 0600)
    assert stat.S_IMODE((model_dir / "model.safetensors").stat().st_mode) == 0o666 & ~umask
    assert {stat.S_IMODE(p.stat().st_mode) for p in model_dir.rglob("*") if p.is_file()} == {0o666 & ~umask}
    card = (model_dir / "README.md").read_text()
    assert "Unknown" not in card and "# model: a paraqd paraphrase scorer" in card
    assert "all-MiniLM-L6-v2 (embedded)" in card and f"paraqd version: {__version__}" in card
    assert sha256_file(triplets) in card  # the training data hash
    assert "triplet loss (distance euclidean, margin 5)" in card and "| learning_rate | 0.0001 |" in card
    assert "valid** when its score is at least **0.5**" in card
    assert "cosine_accuracy (epoch" in card  # the dev figure of --validation
    assert 'ParaphraseScorer.load("model")' in card and 'SentenceTransformer("model")' in card
    assert "## Limits" in card and "## Intended use" in card


def test_model_card_renders_hybrid_scoring_and_recipe_figures():
    from paraqd.training.model_card import render_model_card

    card = render_model_card({"base_encoder": "enc", "versions": {"paraqd": "9.9"},
                              "scoring": {"method": "hybrid", "threshold": 0.55,
                                          "rule": {"kind": "penalty", "penalties": {"critical": 2.0}}},
                              "recipe": {"name": "frozen-encoder-head", "validation": {"roc_auc": 0.91}},
                              "training_files": [{"path": "/x/ref.csv", "sha256": "ab12", "rows": 7}]}, "m")
    assert "Hybrid" in card and '{"critical": 2.0}' in card and "**0.55**" in card
    assert "| validation roc_auc | 0.91 |" in card and "| ref.csv | `ab12` | 7 |" in card
    assert "frozen-encoder-head" in card and "paraqd version: 9.9" in card
    # no stored method: paraqd's default, the hybrid score; a stored pure method says so
    assert "Hybrid" in render_model_card({"scoring": {"threshold": 0.5}}, "m")
    assert "paper's score), as this model's paraqd.json asks" in render_model_card(
        {"scoring": {"method": "pure", "threshold": 0.5}}, "m")


def test_trainer_reads_train_ready_triplets(tmp_path):
    """`paraqd augment`'s default output (anchor, positive, negative only) is a valid training file."""
    from paraqd.training.data import load_training_files

    path = tmp_path / "t.jsonl"
    path.write_text(json.dumps({"anchor": "a b", "positive": "a  b", "negative": "a"}) + "\n")
    data = load_training_files([path])
    assert data.sources[0].layout == "triplets" and data.triplets.anchor == ["a b"]
    assert data.triplets.positive_op == [None]


@pytest.mark.slow
def test_resume_matches_uninterrupted_run(tmp_path, tiny_encoder):
    data = write_triplets(tmp_path / "t.csv")
    cfg = TrainingConfig(encoder=tiny_encoder, max_steps=4, save_steps=2, seed=11, learning_rate=1e-3, **FAST)
    full = train([data], tmp_path / "full", cfg, show_progress_bar=False).model_dir

    out = tmp_path / "resumed"
    from paraqd.training import ParaqdTrainer

    with pytest.raises(KeyboardInterrupt):
        ParaqdTrainer(cfg, show_progress_bar=False, callbacks=[StopAt(3)]).train([data], out)
    assert (out / "checkpoints" / "checkpoint-2").is_dir() and not (out / "paraqd.json").exists()
    changed = TrainingConfig(encoder=tiny_encoder, max_steps=4, save_steps=2, seed=11, learning_rate=2e-3,
                             **FAST)
    with pytest.raises(InputError, match="run changed \\(learning_rate\\)"):
        train([data], out, changed, resume=True, show_progress_bar=False)

    result = train([data], out, cfg, resume=True, show_progress_bar=False)
    assert result.steps == 4 and result.metadata["run"]["resumed_from"] == "checkpoint-2"
    assert result.examples_seen == 4  # steps 3 and 4 of batch 2 in this process
    texts = [t[0] for t in TRIPLETS[::2]] + [t[2] for t in TRIPLETS[::2]]
    np.testing.assert_allclose(embed(out, texts), embed(full, texts), atol=1e-5)
    assert np.abs(embed(full, texts) - embed(tiny_encoder, texts)).max() > 1e-4


@pytest.mark.slow
def test_gold_triplets_with_silver_pairs_and_mnrl(tmp_path, tiny_encoder):
    gold = write_triplets(tmp_path / "gold.csv", TRIPLETS[:4])
    silver = tmp_path / "silver.csv"
    pd.DataFrame({"question": ["Ann reads 10 pages a day."] * 3 + ["Bob has 2 cats."],
                  "paraphrase": ["Ann reads ten pages a day.", "Ann reads pages.", "Ann reads 10 books.",
                                 "Bob owns two cats."],
                  "label": [1, 0, 0, 1], "score": [0.9, 0.2, 0.3, 0.8]}).to_csv(silver, index=False)
    cfg = TrainingConfig(encoder=tiny_encoder, max_steps=2, pairs_as="cosent", loss="mnrl", **FAST)
    result = train([gold, silver], tmp_path / "m", cfg, show_progress_bar=False)
    assert result.metadata["counts"] == {"triplets": 4, "pairs": 4, "unused_pairs": 0,
                                         "validation_triplets": 0, "questions": 4}
    assert [s["layout"] for s in result.metadata["training_files"]] == ["triplets", "pairs"]
    assert result.steps == 2

    as_triplets = train([gold, silver], tmp_path / "t", TrainingConfig(encoder=tiny_encoder, max_steps=1, **FAST),
                        show_progress_bar=False)
    assert as_triplets.metadata["counts"]["triplets"] == 4 + 2
    assert as_triplets.metadata["counts"]["unused_pairs"] == 1


def test_a_saved_head_model_gets_the_umask(tmp_path):
    """issue 27: save_with_head (the recipe's model directory) gives model.safetensors the user's umask."""
    import os
    import stat

    from paraqd.encoders import load_encoder
    from paraqd.training.head import save_with_head

    umask = os.umask(0o022)
    try:
        out = save_with_head(load_encoder(), [], tmp_path / "model")
    finally:
        os.umask(umask)
    assert stat.S_IMODE((out / "model.safetensors").stat().st_mode) == 0o644
    assert {stat.S_IMODE(p.stat().st_mode) for p in out.rglob("*") if p.is_dir()} <= {0o755}
