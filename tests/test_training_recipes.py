"""The CPU-budget training recipe: leakage filters, wide-form pairs, the cached-embedding head, hybrid metadata."""

from __future__ import annotations

import json

import numpy as np
import pandas as pd
import pytest

from paraqd.errors import InputError
from paraqd.training.data import TrainingSetSpec, build_training_set, wide_to_pairs
from paraqd.training.head import HeadConfig, apply_head, train_head
from paraqd.training.recipes import enable_hybrid_scoring

WIDE = pd.DataFrame({
    "question": ["Tom has 3 apples.", "A car goes 60 km/h."],
    "positive1": ["Tom owns 3 apples.", "A car travels at 60 km/h."],
    "positive2": ["Tom has 3 apples.", None],
    "neg_1": ["Tom has apples.", "A car goes."],
    "neg_2": [None, "A car goes 60 miles per hour."],
})


def test_wide_to_pairs_labels_skips_empty_and_identical():
    pairs = wide_to_pairs(WIDE)
    assert len(pairs) == 5  # 2 + 3 candidates; the empty cell and the copy of the question are left out
    assert pairs["label"].tolist() == [1, 0, 1, 0, 0]
    assert "Tom has 3 apples." not in set(pairs["paraphrase"])
    with pytest.raises(InputError, match="wide-form"):
        wide_to_pairs(WIDE[["question", "positive1"]])


def test_build_training_set_drops_excluded_questions(tmp_path):
    ref = tmp_path / "ref.csv"
    WIDE.to_csv(ref, index=False)
    evalset = tmp_path / "eval.csv"
    pd.DataFrame({"question": ["TOM has 3 apples."], "augmented": ["x"], "final_label": [0]}).to_csv(evalset)
    report = build_training_set(TrainingSetSpec(reference=[ref], exclude=[evalset]), tmp_path / "t.csv")
    out = pd.read_csv(tmp_path / "t.csv")
    assert report.dropped_questions == 1
    assert set(out["anchor"]) == {"A car goes 60 km/h."} and len(out) == report.reference_triplets == 2
    with pytest.raises(InputError, match="empty"):
        build_training_set(TrainingSetSpec(reference=[ref], exclude=[ref]), tmp_path / "none.csv")


def test_pool_operators_refuse_test_operators(tmp_path):
    from paraqd.training.data import pool_triplets

    with pytest.raises(InputError, match="test operators"):
        pool_triplets(["Tom has 3 apples."], operators="f3,fd")


def _toy_embeddings(seed=0, n=40, d=8):
    rng = np.random.default_rng(seed)
    table = rng.normal(size=(3 * n, d)).astype(np.float32)
    # positives close to anchors, negatives slightly further: a head can widen the gap
    table[n:2 * n] = table[:n] + 0.3 * rng.normal(size=(n, d))
    table[2 * n:] = table[:n] + 0.6 * rng.normal(size=(n, d))
    table /= np.linalg.norm(table, axis=1, keepdims=True)
    return table, np.arange(n), np.arange(n, 2 * n), np.arange(2 * n, 3 * n)


def test_head_starts_as_identity_and_lowers_the_loss():
    import torch

    table, a, p, n = _toy_embeddings()
    untrained = train_head(table, a, p, n, HeadConfig(epochs=1, learning_rate=1e-9))
    assert torch.allclose(apply_head(untrained.blocks, table), torch.as_tensor(table), atol=1e-5)
    result = train_head(table, a, p, n, HeadConfig(epochs=30, batch_size=8, learning_rate=1e-2))
    assert result.losses[-1] < result.losses[0]
    again = train_head(table, a, p, n, HeadConfig(epochs=30, batch_size=8, learning_rate=1e-2))
    assert again.losses == result.losses  # deterministic under the seed


def test_the_trainer_runs_the_plain_adamw_loop_on_the_cached_embeddings():
    """train_head goes through SentenceTransformerTrainer; at weight decay 0 it is the plain loop it replaced
    (AdamW, constant lr, randperm order from the seed, the registered loss on normalised head outputs)."""
    import torch

    from paraqd.training.head import build_head
    from paraqd.training.losses import get_loss

    table, a, p, n = _toy_embeddings()
    config = HeadConfig(epochs=3, batch_size=4, learning_rate=1e-2)
    result = train_head(table, a, p, n, config)
    torch.manual_seed(config.seed)
    blocks = build_head(table.shape[1], config)
    optimiser = torch.optim.AdamW([q for b in blocks for q in b.parameters()], lr=config.learning_rate,
                                  weight_decay=0.0)
    generator, loss_fn, x, losses = torch.Generator().manual_seed(config.seed), get_loss(config.loss), \
        torch.as_tensor(table), []
    for _ in range(config.epochs):
        order, total = torch.randperm(len(a), generator=generator).numpy(), 0.0
        for lo in range(0, len(order), config.batch_size):
            idx = order[lo:lo + config.batch_size]
            loss = loss_fn(*(apply_head(blocks, x[torch.as_tensor(r[idx])]) for r in (a, p, n)), config.margin)
            optimiser.zero_grad()
            loss.backward()
            optimiser.step()
            total += float(loss.detach()) * len(idx)
        losses.append(total / len(order))
    assert result.steps == 3 * -(-len(a) // 4)
    np.testing.assert_allclose(result.losses, losses, rtol=1e-5)
    with torch.no_grad():
        np.testing.assert_allclose(apply_head(result.blocks, x).numpy(), apply_head(blocks, x).numpy(), atol=1e-5)
    assert not torch.allclose(apply_head(blocks, x), x, atol=1e-3)  # it trained


class Metric:
    """A sentence-transformers style evaluator around a function of the head."""

    primary_metric = "score"

    def __init__(self, function, greater_is_better=True):
        self.function, self.greater_is_better = function, greater_is_better

    def __call__(self, model):
        return {"score": self.function(model)}


def test_selection_keeps_the_best_epoch_including_the_untrained_encoder():
    import torch

    table, a, p, n = _toy_embeddings()
    config = HeadConfig(epochs=6, batch_size=8, learning_rate=1e-2)
    plain = train_head(table, a, p, n, config)
    assert plain.selection == [] and plain.selected_epoch is None

    # a selector that prefers the identity head: epoch 0 must be kept, whatever training did
    def closeness(blocks):
        return -float((apply_head(blocks, table) - torch.as_tensor(table)).abs().sum())

    kept = train_head(table, a, p, n, config, evaluator=Metric(closeness))
    assert len(kept.selection) == config.epochs + 1 and kept.selected_epoch == 0
    assert torch.allclose(apply_head(kept.blocks, table), torch.as_tensor(table), atol=1e-5)
    assert kept.losses == plain.losses  # selecting does not change training

    # a selector that scores the triplet gap: a later epoch wins and its head is the one returned
    def gap(blocks):
        x = apply_head(blocks, table)
        return float(((x[a] * x[p]).sum(-1) - (x[a] * x[n]).sum(-1)).mean())

    best = train_head(table, a, p, n, config, evaluator=Metric(gap))
    assert best.selected_epoch == int(np.argmax(best.selection)) and best.selected_epoch > 0
    assert gap(best.blocks) == pytest.approx(max(best.selection), abs=1e-5)
    # one-standard-error rule: the earliest epoch within the tolerance of the best
    tol = (max(best.selection) - best.selection[0]) / 2
    lenient = train_head(table, a, p, n, config, evaluator=Metric(gap), tolerance=tol)
    expected = next(i for i, v in enumerate(lenient.selection) if v >= max(lenient.selection) - tol)
    assert lenient.selected_epoch == expected < best.selected_epoch
    assert train_head(table, a, p, n, config, evaluator=Metric(gap), tolerance=1.0).selected_epoch == 0
    # a metric to minimise (greater_is_better False) picks the same epoch as its negation maximised
    lower = train_head(table, a, p, n, config, evaluator=Metric(lambda b: -gap(b), greater_is_better=False))
    assert lower.selected_epoch == best.selected_epoch


def test_auc_standard_error():
    from paraqd.evaluation.metrics import auc_standard_error

    se = auc_standard_error(0.8, 74, 106)
    assert 0.02 < se < 0.05  # about 0.033 for the hand-labelled dev pairs
    assert auc_standard_error(0.8, 740, 1060) < se / 3
    assert auc_standard_error(1.0, 10, 10) == 0.0


@pytest.mark.parametrize("loss", ["triplet-euclidean", "mnrl", "threshold"])
def test_every_head_loss_trains(loss):
    table, a, p, n = _toy_embeddings(1)
    result = train_head(table, a, p, n, HeadConfig(loss=loss, margin=0.3 if loss == "threshold" else 1.0,
                                                   epochs=10, batch_size=8, learning_rate=1e-2))
    assert np.isfinite(result.losses).all() and result.losses[-1] <= result.losses[0]


def test_head_config_rejects_bad_settings():
    with pytest.raises(InputError, match="loss"):
        HeadConfig(loss="hinge").validate()
    with pytest.raises(InputError, match="blocks"):
        HeadConfig(blocks=0).validate()
    with pytest.raises(InputError):
        train_head(np.zeros((2, 4), dtype=np.float32), [], [], [])


def test_enable_hybrid_scoring_rewrites_only_the_scoring_section(tmp_path):
    (tmp_path / "paraqd.json").write_text(json.dumps({"seed": 1, "scoring": {"method": "cosine"}}))
    enable_hybrid_scoring(tmp_path, extra={"recipe": {"name": "x"}})
    meta = json.loads((tmp_path / "paraqd.json").read_text())
    assert meta["seed"] == 1 and meta["recipe"] == {"name": "x"}
    assert meta["scoring"]["method"] == "hybrid" and meta["scoring"]["threshold"] == 0.5
    assert meta["scoring"]["rule"]["kind"] == "penalty" and meta["scoring"]["rule"]["penalties"]["critical"] == 2.0
    with pytest.raises(InputError, match="paraqd.json"):
        enable_hybrid_scoring(tmp_path / "missing")


@pytest.mark.slow
def test_saved_head_model_loads_and_scores_like_the_head(tmp_path):
    import torch

    from paraqd import ParaphraseScorer
    from paraqd.encoders import load_encoder
    from paraqd.training.head import EmbeddingCache, save_with_head

    encoder = load_encoder(None, device="cpu", cached=False)
    texts = ["Tom has 3 apples.", "Tom owns three apples.", "Tom has apples.", "A car goes 60 km/h."]
    cache = EmbeddingCache(encoder)
    assert cache.add(texts + texts[:2]) == 4
    table = cache.matrix()
    result = train_head(table, [0], [1], [2], HeadConfig(epochs=5, batch_size=1, learning_rate=1e-2))
    save_with_head(encoder, result.blocks, tmp_path / "model")
    scorer = ParaphraseScorer.load(tmp_path / "model", device="cpu")
    expected = apply_head(result.blocks, table)
    got = scorer.encode(texts)
    assert np.allclose(got, expected.numpy(), atol=1e-4)
    assert torch.allclose(torch.as_tensor(got[0] @ got[1]), (expected[0] @ expected[1]), atol=1e-4)


@pytest.mark.slow
def test_hybrid_auc_evaluator_scores_labelled_pairs_under_a_head():
    from paraqd.encoders import load_encoder
    from paraqd.resources import spacy_available
    from paraqd.training.head import EmbeddingCache, build_head
    from paraqd.training.selection import HybridAUCEvaluator

    if not spacy_available():
        pytest.skip("spaCy pipeline not installed")
    encoder = load_encoder(None, device="cpu", cached=False)
    q = "A train covers 120 km in 2 hours. What is its speed?"
    pairs = pd.DataFrame({"question": [q] * 3,
                          "paraphrase": ["In 2 hours a train covers 120 km. What is its speed?",
                                         "A train covers km in 2 hours. What is its speed?",
                                         "A train covers 120 km in 2 hours."],
                          "label": [1, 0, 0]})
    cache = EmbeddingCache(encoder)
    evaluator = HybridAUCEvaluator(encoder, cache, pairs)
    assert len(cache.index) == 4  # the pairs' distinct texts, encoded once
    assert evaluator.primary_metric == "hybrid_roc_auc" and evaluator.greater_is_better
    assert evaluator(build_head(cache.matrix().shape[1], HeadConfig())) == {"hybrid_roc_auc": pytest.approx(1.0)}
    assert evaluator.standard_error([]) == 0.0
    with pytest.raises(InputError, match="both valid"):
        HybridAUCEvaluator(encoder, cache, pairs.assign(label=0))


def test_read_labelled_frame_finds_the_usual_column_names_and_checks_labels(tmp_path):
    """Dev-style files (question, augmented, final_label) read as question, paraphrase, label; other columns are
    kept; a label that is not 0/1 is one clear error."""
    import pytest

    from paraqd.errors import InputError
    from paraqd.training.data import read_labelled_frame

    dev_style = tmp_path / "dev.csv"
    dev_style.write_text("question,augmented,final_label,family\nQ one?,P one?,1,formal\nQ two?,P two?,0,vague\n")
    plain = tmp_path / "plain.csv"
    plain.write_text("question,paraphrase,label\nQ three?,P three?,valid\n")
    frame = read_labelled_frame([dev_style, plain])
    assert frame[["question", "paraphrase", "label"]].values.tolist() == [
        ["Q one?", "P one?", 1], ["Q two?", "P two?", 0], ["Q three?", "P three?", 1]]
    assert frame.family.tolist()[:2] == ["formal", "vague"]
    bad = tmp_path / "bad.csv"
    bad.write_text("question,paraphrase,label\nQ?,P?,perhaps\n")
    with pytest.raises(InputError, match="not 0/1"):
        read_labelled_frame([bad])
