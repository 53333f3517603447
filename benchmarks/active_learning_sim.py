"""Simulated active learning on paraphrase clusters of algebraic word problems (docs/pairs.md).

Data: the pre-generated operator outputs in /work/shared/data/reference_augmentations. Each question,
its information-preserving rewrites (positive1..4) are duplicates of each other; its
information-destroying rewrites (neg_1..6) are not duplicates of anything. Labels over all pairs are
imputed with the transitive closure (paraqd.pairs.closure), as the paper does for QQP.

Pool (labelled by the simulated oracle): the first --pool-questions clusters of aqua_train400.
Test (all-pairs AP, exact): the clusters of aqua_dev. Neither file holds a question of the human-labelled
evaluation sets (AQUA_test / SAWP_test).

Every strategy gets the same labelling budget (seed set and growing batches); the script prints the
all-pairs AP and P@R20 after every round and a final table.

    python benchmarks/active_learning_sim.py --seeds 0 1 2
"""

from __future__ import annotations

import argparse
import json
import os
import time
from pathlib import Path

import numpy as np
import pandas as pd

from paraqd.pairs.active import STRATEGIES, ActiveLearningConfig, ImputedOracle, run_active_learning
from paraqd.pairs.allpairs import AllPairsEvaluator, clusters_from_pairs
from paraqd.pairs.closure import transitive_closure
from paraqd.pairs.data import LabelledPair, normalize_text, unique_texts

SHARED = Path(os.environ.get("PARAQD_SHARED", "/work/shared"))
REFERENCE = SHARED / "data" / "reference_augmentations"


def cluster_pairs(path: Path, limit: int | None) -> list[LabelledPair]:
    """(question, positive, 1) and (question, negative, 0) for each row of a reference file."""
    df = pd.read_csv(path, dtype=str, keep_default_na=False)
    if limit:
        df = df.head(limit)
    pairs = []
    for row in df.itertuples(index=False):
        row = row._asdict()
        q = row["question"]
        for col, text in row.items():
            if col == "question" or not text.strip() or normalize_text(text) == normalize_text(q):
                continue
            pairs.append(LabelledPair(q, text, 1 if col.startswith("positive") else 0))
    return pairs


def texts_and_clusters(pairs: list[LabelledPair]) -> tuple[list[str], np.ndarray, int]:
    closure = transitive_closure(pairs, negatives=True, on_contradiction="drop")
    texts = unique_texts(t for p in pairs for t in (p.text_a, p.text_b))
    index = {normalize_text(t): i for i, t in enumerate(texts)}
    positives = [(index[normalize_text(a)], index[normalize_text(b)])
                 for a, b, y in closure.pairs[["text_a", "text_b", "label"]].itertuples(index=False) if y == 1]
    return texts, clusters_from_pairs(texts, positives), len(closure.contradictions)


def embed(texts: list[str], cache: Path | None) -> np.ndarray:
    if cache and cache.exists():
        data = np.load(cache, allow_pickle=False)
        if list(data["texts"]) == texts:
            return data["emb"]
    from paraqd.encoders import load_encoder

    model = load_encoder(None, device="cpu")
    emb = model.encode(texts, batch_size=64, show_progress_bar=None, convert_to_numpy=True)
    if cache:
        np.savez(cache, texts=np.array(texts), emb=emb)
    return emb


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--pool-questions", type=int, default=150)
    ap.add_argument("--rounds", type=int, default=6)
    ap.add_argument("--seed-size", type=int, default=48)
    ap.add_argument("--growth", type=float, default=1.5)
    ap.add_argument("--neighbours", type=int, default=20)
    ap.add_argument("--adapter", default="linear", choices=["linear", "none"])
    ap.add_argument("--strategies", nargs="+", default=list(STRATEGIES), choices=STRATEGIES)
    ap.add_argument("--seeds", nargs="+", type=int, default=[0])
    ap.add_argument("--cache", type=Path, default=Path("/tmp/paraqd_al_sim_cache.npz"))
    ap.add_argument("--json", type=Path, help="write every round of every run here")
    args = ap.parse_args()
    if not REFERENCE.is_dir():
        raise SystemExit(f"{REFERENCE} not found: set PARAQD_SHARED")

    pool_pairs = cluster_pairs(REFERENCE / "aqua_train400_augmented.csv", args.pool_questions)
    test_pairs = cluster_pairs(REFERENCE / "aqua_dev_augmented.csv", None)
    pool_texts, pool_clusters, pool_contra = texts_and_clusters(pool_pairs)
    test_texts, test_clusters, _ = texts_and_clusters(test_pairs)
    t0 = time.perf_counter()
    emb = embed(pool_texts + test_texts, args.cache)
    pool_emb, test_emb = emb[:len(pool_texts)], emb[len(pool_texts):]
    evaluator = AllPairsEvaluator(test_clusters)
    oracle = ImputedOracle(pool_pairs)
    n_pool_pos = int(sum(c * (c - 1) // 2 for c in np.bincount(pool_clusters)))
    print(f"pool: {len(pool_texts)} texts, {len(pool_texts) * (len(pool_texts) - 1) // 2} pairs, "
          f"{n_pool_pos} positive ({pool_contra} contradictions dropped); test: {len(test_texts)} texts, "
          f"{evaluator.n_pairs} pairs, {len(evaluator.positives)} positive; embedding {time.perf_counter() - t0:.1f}s")
    base = evaluator.evaluate(test_emb)
    print(f"frozen encoder, no training: all-pairs AP {base.average_precision:.4f}, "
          f"P@R20 {base.precision_at_recall:.4f}")
    config = ActiveLearningConfig(rounds=args.rounds, seed_size=args.seed_size, growth=args.growth,
                                  neighbours=args.neighbours, adapter=args.adapter)
    print(f"budget per round: {config.batch_sizes()} (total {sum(config.batch_sizes())})")
    records = []
    for strategy in args.strategies:
        for seed in args.seeds:
            config.strategy, config.seed = strategy, seed
            t0 = time.perf_counter()
            result = run_active_learning(pool_texts, pool_emb, oracle, config,
                                         evaluate=lambda m: evaluator.evaluate(m.transform(test_emb)),
                                         progress=True)
            for rep in result.rounds:
                records.append({"strategy": strategy, "seed": seed, **rep.as_dict()})
            last = result.rounds[-1]
            print(f"{strategy:>18} seed {seed}: " + " ".join(f"{r.evaluation.average_precision:.3f}"
                                                             for r in result.rounds)
                  + f" | final AP {last.evaluation.average_precision:.4f} P@R20 "
                    f"{last.evaluation.precision_at_recall:.4f}, positives {last.positives}/{last.labelled}"
                    f" ({time.perf_counter() - t0:.1f}s)")
    df = pd.DataFrame(records)
    final = df[df["round"] == args.rounds].groupby("strategy")[["ap", "p@r20", "positives", "labelled"]].mean()
    print("\nmean over seeds, last round:")
    print(final.sort_values("ap", ascending=False).to_string(float_format=lambda v: f"{v:.4f}"))
    if args.json:
        args.json.write_text(json.dumps(records, indent=1))


if __name__ == "__main__":
    main()
