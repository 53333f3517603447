"""Active learning: strategies, oracles, the cosine model and the `paraqd pairs active` command."""

from __future__ import annotations

import io
import json

import numpy as np
import pandas as pd
import pytest

from paraqd.cli import main
from paraqd.errors import InputError
from paraqd.pairs.active import (
    STRATEGIES,
    ActiveLearningConfig,
    CosinePairModel,
    ImputedOracle,
    PoolState,
    TerminalOracle,
    run_active_learning,
    select_batch,
)
from paraqd.pairs.allpairs import AllPairsEvaluator
from paraqd.pairs.data import LabelledPair as P


def clustered(n_clusters=30, size=3, noise=0.7, dim=24, seed=0):
    """Texts in clusters of duplicates, embeddings near their cluster centre."""
    rng = np.random.default_rng(seed)
    centres = rng.normal(size=(n_clusters, dim))
    clusters = np.repeat(np.arange(n_clusters), size)
    emb = (centres[clusters] + noise * rng.normal(size=(len(clusters), dim))).astype(np.float32)
    texts = [f"text {i} of cluster {c}" for i, c in enumerate(clusters)]
    pairs = [P(texts[i], texts[i + 1], 1) for i in range(len(texts) - 1) if clusters[i] == clusters[i + 1]]
    return texts, emb, clusters, pairs


def test_imputed_oracle_uses_the_closure_of_duplicates():
    oracle = ImputedOracle([P("a", "b", 1), P("b", " c", 1), P("c", "d", 0)])
    assert oracle.label("a", "c") == 1 and oracle.label("c", "d") == 0 and oracle.label("a", "zzz") == 0
    with pytest.raises(InputError):
        ImputedOracle([P("a", "b", 0)])


def test_terminal_oracle_reads_answers_and_stops():
    out = io.StringIO()
    oracle = TerminalOracle(io.StringIO("maybe\ny\nn\ns\nq\n"), out)
    assert oracle.label("A", "B") == 1  # "maybe" is asked again
    assert oracle.label("A", "C") == 0
    assert oracle.label("A", "D") is None
    with pytest.raises(StopIteration):
        oracle.label("A", "E")
    assert "Same question?" in out.getvalue() and "B: B" in out.getvalue()


def test_cosine_model_is_monotone_in_cosine_and_learns_an_adapter():
    texts, emb, clusters, _ = clustered()
    iu = np.triu_indices(len(texts), 1)
    pairs = np.stack(iu, axis=1)
    labels = (clusters[iu[0]] == clusters[iu[1]]).astype(np.float32)
    plain = CosinePairModel(adapter="none").fit(emb, pairs, labels)
    assert plain.w > 0 and plain.matrix is None
    p = plain.predict_proba(emb, pairs)
    cos = plain.cosine(emb, pairs)
    assert np.all(np.diff(p[np.argsort(cos)]) >= -1e-9)
    tuned = CosinePairModel(adapter="linear", steps=60).fit(emb, pairs, labels)
    evaluator = AllPairsEvaluator(clusters)
    assert evaluator.evaluate(tuned.transform(emb)).average_precision >= \
        evaluator.evaluate(plain.transform(emb)).average_precision - 1e-6


def test_the_adapter_trained_by_the_head_trainer_is_the_plain_full_batch_adam_fit():
    """The adapter goes through training.head.fit_on_cached_embeddings (SentenceTransformerTrainer); it is the
    plain loop it replaced: full-batch Adam, two learning rates, weighted logistic loss, pull to the identity."""
    import torch

    texts, emb, clusters, _ = clustered()
    iu = np.triu_indices(len(texts), 1)
    pairs = np.stack(iu, axis=1)
    labels = (clusters[iu[0]] == clusters[iu[1]]).astype(np.float32)
    model = CosinePairModel(adapter="linear", steps=30, seed=5)
    got = model._train_adapter(emb.astype(np.float32), pairs, labels)
    gen = torch.Generator().manual_seed(5)
    used, inverse = np.unique(pairs, return_inverse=True)
    x, local = torch.from_numpy(np.ascontiguousarray(emb[used], dtype=np.float32)), inverse.reshape(pairs.shape)
    eye = torch.eye(emb.shape[1])
    matrix = torch.nn.Parameter(eye + 1e-4 * torch.randn(*eye.shape, generator=gen))
    raw_w = torch.nn.Parameter(torch.tensor(float(np.log(np.expm1(model.w)))))
    bias = torch.nn.Parameter(torch.tensor(float(model.b)))
    opt = torch.optim.Adam([{"params": [matrix], "lr": model.lr}, {"params": [raw_w, bias], "lr": 0.05}])
    pos_weight = torch.tensor(max(1.0, float((1 - labels).sum() / labels.sum())))
    for _ in range(30):
        opt.zero_grad()
        e = torch.nn.functional.normalize(x @ matrix, dim=1)
        cos = (e[local[:, 0]] * e[local[:, 1]]).sum(1)
        loss = torch.nn.BCEWithLogitsLoss(pos_weight=pos_weight)(
            torch.nn.functional.softplus(raw_w) * cos + bias, torch.from_numpy(labels))
        (loss + model.l2 * ((matrix - eye) ** 2).sum()).backward()
        opt.step()
    np.testing.assert_allclose(got, matrix.detach().numpy(), atol=1e-5)
    assert np.abs(got - np.eye(emb.shape[1])).max() > 1e-3  # it trained


@pytest.mark.parametrize("strategy", STRATEGIES)
def test_every_strategy_spends_the_budget_once_per_pair(strategy):
    texts, emb, clusters, pairs = clustered()
    config = ActiveLearningConfig(strategy=strategy, rounds=3, seed_size=20, growth=1.5, neighbours=5, seed=1)
    evaluator = AllPairsEvaluator(clusters)
    result = run_active_learning(texts, emb, ImputedOracle(pairs), config,
                                 evaluate=lambda m: evaluator.evaluate(m.transform(emb)), progress=False)
    assert [r.round for r in result.rounds] == [1, 2, 3]
    assert len(result.pairs) == sum(config.batch_sizes()) == 20 + 30 + 45
    keys = {frozenset(k) for k in result.pairs[["text_a", "text_b"]].itertuples(index=False, name=None)}
    assert len(keys) == len(result.pairs)
    assert all(0 <= r.evaluation.average_precision <= 1 for r in result.rounds)
    assert result.rounds[-1].positives == int(result.pairs["label"].sum())
    truth = {t: c for t, c in zip(texts, clusters)}
    assert all(y == int(truth[a] == truth[b]) for a, b, y in result.pairs[["text_a", "text_b", "label"]]
               .itertuples(index=False))
    again = run_active_learning(texts, emb, ImputedOracle(pairs), config, progress=False)
    pd.testing.assert_frame_equal(result.pairs, again.pairs)


def test_retrieval_seed_set_finds_more_positives_than_random():
    texts, emb, _, pairs = clustered(noise=0.5)
    found = {}
    for strategy in ("random", "adaptive-retrieval"):
        config = ActiveLearningConfig(strategy=strategy, rounds=2, seed_size=30, neighbours=5)
        found[strategy] = run_active_learning(texts, emb, ImputedOracle(pairs), config, progress=False).rounds[-1].positives
    assert found["adaptive-retrieval"] > found["random"]


def test_uncertainty_picks_pairs_near_one_half():
    texts, emb, _, _ = clustered()
    model = CosinePairModel(adapter="none")
    model.w, model.b = 8.0, -4.0  # p = 1/2 at cosine 0.5
    state = PoolState(emb)
    batch = select_batch("uncertainty", model, state, 10, neighbours=len(texts) - 1, rng=np.random.default_rng(0))
    iu = np.stack(np.triu_indices(len(texts), 1), axis=1)
    p_all = model.predict_proba(emb, iu)
    p_batch = model.predict_proba(emb, batch)
    assert np.max(np.abs(p_batch - 0.5)) <= np.sort(np.abs(p_all - 0.5))[9] + 1e-9


def test_config_validation():
    with pytest.raises(InputError):
        ActiveLearningConfig(rounds=0).batch_sizes()
    assert ActiveLearningConfig(seed_size=10, growth=1.5, rounds=4).batch_sizes() == [10, 15, 22, 34]
    texts, emb, _, pairs = clustered()
    with pytest.raises(InputError, match="strategy"):
        run_active_learning(texts, emb, ImputedOracle(pairs), ActiveLearningConfig(strategy="greedy"))


@pytest.mark.slow
def test_cli_active_simulation_reports_ap_per_round(tmp_path):
    def cluster_rows(prefix, n):
        rows = []
        for i in range(n):
            q = f"{prefix} {i}: Tom has {i + 2} apples and buys {i + 5} more. How many apples does he have?"
            rows += [(q, q.replace("apples", "pieces of fruit"), 1), (q, q.replace(f"{i + 5}", f"{i + 50}"), 0)]
        return pd.DataFrame(rows, columns=["text_a", "text_b", "label"])
    pool, test = cluster_rows("pool", 12), cluster_rows("test", 8)
    pool.to_csv(tmp_path / "pool.csv", index=False)
    test.to_csv(tmp_path / "test.csv", index=False)
    out, report = tmp_path / "queried.csv", tmp_path / "report.json"
    code = main(["-q", "pairs", "active", str(tmp_path / "pool.csv"), "-o", str(out), "--labels",
                 str(tmp_path / "pool.csv"), "--test", str(tmp_path / "test.csv"), "--rounds", "2",
                 "--seed-size", "8", "--neighbours", "3", "--report", str(report)])
    assert code == 0
    rounds = json.loads(report.read_text())["rounds"]
    assert [r["round"] for r in rounds] == [1, 2] and all(0 < r["ap"] <= 1 for r in rounds)
    assert len(pd.read_csv(out)) == 8 + 12
    # the test set must not overlap the pool
    assert main(["pairs", "active", str(tmp_path / "pool.csv"), "-o", str(out), "--labels",
                 str(tmp_path / "pool.csv"), "--test", str(tmp_path / "pool.csv")]) != 0
