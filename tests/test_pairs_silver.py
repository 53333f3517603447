"""Augmented SBERT: samplers, silver labelling, the cross-encoder (seed optimisation) and the CLI."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from paraqd.cli import main
from paraqd.errors import InputError
from paraqd.pairs.data import LabelledPair as P
from paraqd.pairs.sampling import (
    BM25Sampler,
    CombinedSampler,
    KDESampler,
    RandomSampler,
    SemanticSampler,
    create_sampler,
    random_pairs,
)
from paraqd.pairs.silver import SILVER_COLUMNS, make_silver


@pytest.fixture(scope="module")
def one_torch_thread():
    """Tiny models train faster on one thread than on contended ones (shared CI cores)."""
    torch = pytest.importorskip("torch")
    threads = torch.get_num_threads()
    torch.set_num_threads(1)
    yield
    torch.set_num_threads(threads)


QUESTIONS = [
    "Tom has 3 apples and buys 5 more. How many apples does Tom have?",
    "Tom had three apples and bought five more. How many apples does he have now?",
    "A train travels 60 km in 2 hours. What is its speed?",
    "A train covers 60 kilometres in 2 hours. Find its speed.",
    "Sara reads 20 pages a day. How many pages does she read in a week?",
    "Each day Sara reads 20 pages. How many pages in 7 days?",
    "A shop sells pens at $2 each. How much do 6 pens cost?",
    "Pens cost $2 each at a shop. What do 6 pens cost?",
]


class OverlapScorer:
    """Test double for a cross-encoder: word overlap (Jaccard) as the probability."""

    def predict(self, pairs, batch_size=32, progress=None):
        out = []
        for a, b in pairs:
            wa, wb = set(a.lower().split()), set(b.lower().split())
            out.append(len(wa & wb) / len(wa | wb))
        return np.array(out, dtype=np.float32)


def test_random_pairs_are_distinct_sorted_and_capped():
    rng = np.random.default_rng(0)
    pairs = random_pairs(10, 20, rng)
    assert len(pairs) == 20 and np.all(pairs[:, 0] < pairs[:, 1])
    assert len({tuple(p) for p in pairs.tolist()}) == 20
    assert len(random_pairs(5, 100, rng)) == 10  # only 10 pairs exist
    assert np.array_equal(random_pairs(50, 30, np.random.default_rng(3)), random_pairs(50, 30, np.random.default_rng(3)))


def test_bm25_pairs_each_text_with_its_lexical_twin():
    pairs = {tuple(p) for p in BM25Sampler(top_k=1).candidates(QUESTIONS, np.random.default_rng(0)).tolist()}
    assert {(0, 1), (2, 3), (4, 5), (6, 7)} <= pairs


def test_semantic_and_combined_samplers_use_neighbours():
    emb = np.eye(4)[[0, 0, 1, 1, 2, 2, 3, 3]] + 0.01 * np.arange(8)[:, None]
    sem = SemanticSampler(top_k=1, embeddings=emb).candidates(QUESTIONS, np.random.default_rng(0))
    assert {tuple(p) for p in sem.tolist()} == {(0, 1), (2, 3), (4, 5), (6, 7)}
    both = CombinedSampler([BM25Sampler(top_k=2), SemanticSampler(top_k=1, embeddings=emb)])
    assert both.name == "bm25+semantic"
    got = both.candidates(QUESTIONS, np.random.default_rng(0))
    assert len(got) == len({tuple(p) for p in got.tolist()}) >= 4


def test_kde_keeps_all_positives_and_the_gold_ratio():
    gold = [P("a", "b", 1)] + [P("a", f"n{i}", 0) for i in range(3)]  # 1 positive : 3 negatives
    sampler = KDESampler(n_pairs=10, oversample=4, gold=gold)
    scores = np.r_[np.full(5, 0.9), np.full(35, 0.1)]
    keep = sampler.select(scores, np.random.default_rng(0))
    assert set(range(5)) <= set(keep.tolist()) and len(keep) == 5 + 15


def test_kde_with_graded_gold_follows_the_gold_density():
    sampler = KDESampler(gold_scores=np.r_[np.full(50, 0.8), np.linspace(0.6, 1.0, 50)])
    scores = np.r_[np.full(500, 0.05), np.full(100, 0.85)]
    keep = sampler.select(scores, np.random.default_rng(0))
    assert (keep >= 500).sum() > 80 and (keep < 500).sum() < 50  # low scores are rare in gold


def test_create_sampler_rejects_unknown_and_kde_without_gold():
    with pytest.raises(InputError, match="unknown sampler"):
        create_sampler("mmr")
    with pytest.raises(InputError, match="gold"):
        create_sampler("kde")


def test_make_silver_labels_skips_gold_and_is_deterministic():
    gold = [P(QUESTIONS[0], QUESTIONS[1], 1)]
    df = make_silver(QUESTIONS, OverlapScorer(), BM25Sampler(top_k=2), gold=gold, threshold=0.3)
    assert list(df.columns) == SILVER_COLUMNS and len(df) > 0
    assert {frozenset(p) for p in df[["text_a", "text_b"]].itertuples(index=False, name=None)}.isdisjoint(
        {frozenset((QUESTIONS[0], QUESTIONS[1]))})
    assert (df["label"] == (df["score"] >= 0.3).astype(int)).all() and set(df["sampler"]) == {"bm25"}
    again = make_silver(QUESTIONS, OverlapScorer(), BM25Sampler(top_k=2), gold=gold, threshold=0.3)
    pd.testing.assert_frame_equal(df, again)
    rnd = make_silver(QUESTIONS, OverlapScorer(), RandomSampler(10), seed=4)
    assert len(rnd) == 10
    with pytest.raises(InputError):
        make_silver(QUESTIONS, OverlapScorer(), RandomSampler(10), threshold=1.5)


def _gold(path):
    rows = []
    for i in range(0, len(QUESTIONS), 2):
        rows += [(QUESTIONS[i], QUESTIONS[i + 1], 1), (QUESTIONS[i], QUESTIONS[(i + 2) % len(QUESTIONS)], 0)]
    pd.DataFrame(rows, columns=["text_a", "text_b", "label"]).to_csv(path, index=False)
    return path


@pytest.mark.slow
@pytest.mark.usefixtures("one_torch_thread")
def test_seed_optimisation_trains_the_best_seed_and_model_round_trips(tmp_path):
    from paraqd.pairs.data import read_labelled_pairs
    from paraqd.training.cross_encoder import CrossEncoderTrainingConfig, PairCrossEncoder, train_cross_encoder

    gold = read_labelled_pairs(_gold(tmp_path / "gold.csv"))
    config = CrossEncoderTrainingConfig(epochs=1, batch_size=2, max_length=48, seeds=(0, 1), dev_fraction=0.25,
                                        early_stop_fraction=0.2)
    model, report = train_cross_encoder(gold, config, progress=False)
    assert report.steps == 3 and set(report.seed_scores) == {0, 1} and report.dev_score is not None
    assert report.seed == max(report.seed_scores, key=lambda s: (report.seed_scores[s], -s))
    probs = model.predict([(QUESTIONS[0], QUESTIONS[1]), (QUESTIONS[0], QUESTIONS[2])], progress=False)
    assert probs.shape == (2,) and np.all((probs >= 0) & (probs <= 1))
    saved = model.save(tmp_path / "ce")
    again = PairCrossEncoder.load(saved)
    assert np.allclose(again.predict([(QUESTIONS[0], QUESTIONS[1])], progress=False), probs[:1], atol=1e-5)
    assert again.score(QUESTIONS[0], QUESTIONS[1]) == pytest.approx(float(probs[0]), abs=1e-5)


@pytest.mark.slow
@pytest.mark.usefixtures("one_torch_thread")
def test_seed_run_stopped_early_and_resumed_equals_an_uninterrupted_run(tmp_path):
    """Seed optimisation checkpoints each seed at the early stop and resumes the best: CrossEncoderTrainer's
    resume must continue the same schedule and data order as one uninterrupted run."""
    from paraqd.pairs.data import read_labelled_pairs
    from paraqd.training.cross_encoder import CrossEncoderTrainingConfig, _trainer
    from paraqd.training.cross_encoder_fit import StopAt

    gold = read_labelled_pairs(_gold(tmp_path / "gold.csv"))
    config = CrossEncoderTrainingConfig(batch_size=2, max_length=32, lr=1e-4)
    whole, trainer = _trainer(gold, config, 4, 7, None, tmp_path / "a", False)
    trainer.train()
    resumed, trainer = _trainer(gold, config, 4, 7, None, tmp_path / "b", False)
    stop = StopAt(1)
    trainer.add_callback(stop)
    trainer.train()
    assert trainer.state.global_step == 1 and (tmp_path / "b" / "checkpoint-1").is_dir()
    trainer.remove_callback(stop)
    trainer.train(resume_from_checkpoint=str(tmp_path / "b" / "checkpoint-1"))
    assert trainer.state.global_step == 4
    pairs = [(QUESTIONS[0], QUESTIONS[1]), (QUESTIONS[0], QUESTIONS[2]), (QUESTIONS[3], QUESTIONS[4])]
    fresh, _ = _trainer(gold, config, 4, 7, None, tmp_path / "c", False)  # untrained: training changed it
    assert np.abs(whole.predict(pairs, progress=False) - fresh.predict(pairs, progress=False)).max() > 1e-3
    np.testing.assert_allclose(resumed.predict(pairs, progress=False), whole.predict(pairs, progress=False),
                               atol=1e-5)


@pytest.fixture(scope="module")
def trained_cross_encoder(tmp_path_factory, one_torch_thread):
    tmp = tmp_path_factory.mktemp("ce")
    code = main(["-q", "pairs", "cross-train", str(_gold(tmp / "gold.csv")), "-o", str(tmp / "model"),
                 "--max-steps", "2", "--batch-size", "4", "--max-length", "48"])
    assert code == 0 and (tmp / "model").is_dir()
    return tmp


@pytest.mark.slow
@pytest.mark.parametrize("sampler", ["random", "kde", "bm25", "semantic", "bm25+semantic"])
def test_cli_silver_runs_each_sampler(trained_cross_encoder, tmp_path, sampler):
    pool = tmp_path / "pool.jsonl"
    pd.DataFrame({"id": range(len(QUESTIONS)), "question": QUESTIONS}).to_json(pool, orient="records", lines=True)
    out = tmp_path / "silver.csv"
    args = ["-q", "pairs", "silver", str(pool), "-o", str(out), "--cross-encoder",
            str(trained_cross_encoder / "model"), "--sampler", sampler, "--top-k", "2", "--n-pairs", "6"]
    if sampler == "kde":  # kde needs the gold label distribution
        args += ["--gold", str(trained_cross_encoder / "gold.csv")]
    assert main(args) == 0
    df = pd.read_csv(out)
    assert list(df.columns) == SILVER_COLUMNS and len(df) > 0
    assert set(df["label"]) <= {0, 1} and df["score"].between(0, 1).all()


@pytest.mark.slow
def test_cli_silver_trains_on_gold_without_a_saved_model(tmp_path):
    pool = tmp_path / "pool.csv"
    pd.DataFrame({"question": QUESTIONS}).to_csv(pool, index=False)
    out = tmp_path / "silver.csv"
    assert main(["-q", "pairs", "silver", str(pool), "-o", str(out), "--gold", str(_gold(tmp_path / "g.csv")),
                 "--sampler", "bm25", "--top-k", "3", "--max-steps", "1", "--max-length", "32"]) == 0
    df = pd.read_csv(out)
    gold_keys = {frozenset(r) for r in pd.read_csv(tmp_path / "g.csv")[["text_a", "text_b"]].itertuples(
        index=False, name=None)}
    assert len(df) > 0 and not any(frozenset(r) in gold_keys for r in df[["text_a", "text_b"]].itertuples(
        index=False, name=None))
    assert main(["pairs", "silver", str(pool), "-o", str(out)]) != 0  # neither --gold nor --cross-encoder


@pytest.mark.slow
def test_train_accepts_silver_with_gold(trained_cross_encoder, tmp_path):
    import importlib.util

    if importlib.util.find_spec("paraqd.cli.train") is None:
        pytest.skip("`paraqd train` is not in this tree yet")
    pool = tmp_path / "pool.csv"
    pd.DataFrame({"question": QUESTIONS}).to_csv(pool, index=False)
    silver = tmp_path / "silver.csv"
    assert main(["-q", "pairs", "silver", str(pool), "-o", str(silver), "--cross-encoder",
                 str(trained_cross_encoder / "model"), "--sampler", "bm25", "--top-k", "2"]) == 0
    model_dir = tmp_path / "bi"
    code = main(["-q", "train", str(trained_cross_encoder / "gold.csv"), str(silver), "-o", str(model_dir),
                 "--pairs-as", "cosent", "--max-steps", "2", "--batch-size", "4", "--max-seq-length", "48"])
    assert code == 0 and any(model_dir.iterdir())
