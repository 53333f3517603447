"""Ablations behind the training recipe of ``benchmarks/train_default.sh``, on a small CPU budget.

Every variant is scored on development data only: a VALIDATION split of the reference augmentations of
held-out AQuA dev questions (``aqua_dev_augmented.csv``; positive1..4 valid, neg_1..6 invalid, candidates
identical to their question left out), and the hand-labelled test-style pairs of ``data/dev/*_labelled.csv``
(hybrid ROC-AUC, the figure ``benchmarks/train_default.sh`` selects epochs by; their questions are not trained
on). The evaluation sets are only read to drop their questions from the training data. Each text is encoded once by the frozen encoder (the cache is shared by all variants), so a
variant costs the seconds its head needs to train; the check results of the hybrid score are computed once.

    HF_HUB_OFFLINE=1 python benchmarks/train_ablations.py                 # all variants, table + JSON line
    HF_HUB_OFFLINE=1 python benchmarks/train_ablations.py --variants default,paper-loss --pool-questions 300

Prints a Markdown table (validation metrics of the pure cosine and of the hybrid score at the untuned
threshold 0.5) and, as its last line, a JSON object with every figure.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import os
import random
import sys
import time
from pathlib import Path

import numpy as np

from paraqd.defaults import DEFAULT_SEED

SHARED = Path(os.environ.get("PARAQD_SHARED", Path(__file__).resolve().parents[2] / "shared"))
DATA = SHARED / "data"
REFERENCE_TRAIN = DATA / "reference_augmentations" / "aqua_train400_augmented.csv"
REFERENCE_VALIDATION = DATA / "reference_augmentations" / "aqua_dev_augmented.csv"
POOLS = [DATA / "questions" / "svamp.jsonl", DATA / "questions" / "gsm8k_train.jsonl"]
EVAL_FILES = [DATA / "eval" / "AQUA_test.csv", DATA / "eval" / "SAWP_test.csv"]
HAND_LABELLED = sorted((Path(__file__).resolve().parents[1] / "data" / "dev").glob("*_labelled.csv"))
HELD_OUT = [*EVAL_FILES, REFERENCE_VALIDATION, DATA / "questions" / "aqua_dev.jsonl", *HAND_LABELLED]
F1_COLUMN, F9_COLUMN = "positive1", "neg_5"  # real back-translation and real Pegasus negatives

# Every variant changes one thing of BASE (reference + pool triplets, triplet-cosine loss with margin 1, one tanh
# residual block, 20 epochs); "paper-loss" is what benchmarks/train_default.sh trains.
BASE = {"loss": "triplet-cosine", "margin": 1.0}
# name: (description, data choice, HeadConfig overrides of BASE)
VARIANTS: dict[str, tuple[str, dict, dict]] = {
    "base": ("reference + pool, triplet-cosine m=1, 1 tanh block, 20 epochs", {}, {}),
    "paper-loss": ("triplet, Euclidean distance, margin 5 (paper's script) = the recipe", {},
                   {"loss": "triplet-euclidean", "margin": 5.0}),
    "cosine-m0.5": ("triplet-cosine, margin 0.5", {}, {"margin": 0.5}),
    "cosine-m1.5": ("triplet-cosine, margin 1.5", {}, {"margin": 1.5}),
    "threshold-m0.3": ("threshold hinge around 0.5, margin 0.3", {}, {"loss": "threshold", "margin": 0.3}),
    "mnrl": ("MultipleNegativesRankingLoss (in-batch + hard negative)", {}, {"loss": "mnrl"}),
    "reference-only": ("data: reference augmentations only", {"pool": False}, {}),
    "pool-only": ("data: fresh rule-based pool triplets only", {"reference": False}, {}),
    "no-f1": ("data: reference without positive1 (real back-translation)", {"drop": [F1_COLUMN]}, {}),
    "no-f9": ("data: reference without neg_5 (real Pegasus negatives)", {"drop": [F9_COLUMN]}, {}),
    "hard-negatives": ("data: hardest half of the triplets by pretrained cos(a,n) - cos(a,p)",
                       {"hard_fraction": 0.5}, {}),
    "check-missed": ("data: only triplets whose negative the check passes (what the hybrid needs the encoder for)",
                     {"check_missed": True}, {}),
    "linear-head": ("head: one linear residual map (no tanh)", {}, {"activation": "identity"}),
    "two-blocks": ("head: two tanh residual blocks", {}, {"blocks": 2}),
    "epochs-5": ("5 epochs instead of 20", {}, {"epochs": 5}),
    "epochs-60": ("60 epochs instead of 20", {}, {"epochs": 60}),
}


def parse_args(argv=None):
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--variants", default="all", help="comma-separated variant names, or 'all'")
    parser.add_argument("--pool-questions", type=int, default=800, help="pool questions to augment (800)")
    parser.add_argument("--per-question", type=int, default=3, help="pool triplets per question (3)")
    parser.add_argument("--validation-questions", type=int, default=150,
                        help="held-out AQuA dev questions used for validation (150)")
    parser.add_argument("--seed", type=int, default=DEFAULT_SEED)
    parser.add_argument("--workdir", default=None, help="keep the built training sets here (default: a temp dir)")
    parser.add_argument("--json", dest="json_out", help="also write the JSON result here")
    return parser.parse_args(argv)


def variant_triplets(data: dict, reference, pool, cache, table: np.ndarray, check_passes):
    """The (anchor, positive, negative) row indices a variant trains on: the reference triplets (less the
    operator columns it drops) and/or the pool ones, only those the check missed, only the hardest."""
    import pandas as pd

    parts = []
    if data.get("reference", True):
        ref = reference
        for col in data.get("drop", []):
            ref = ref[(ref["positive_op"] != col) & (ref["negative_op"] != col)]
        parts.append(ref)
    if data.get("pool", True):
        parts.append(pool)
    train = pd.concat(parts, ignore_index=True)
    a, p, n = (cache.lookup(train[c].tolist()) for c in ("anchor", "positive", "negative"))
    if data.get("check_missed"):
        passed = check_passes(train["anchor"].tolist(), train["negative"].tolist())
        a, p, n = a[passed], p[passed], n[passed]
    if data.get("hard_fraction"):
        gap = (table[a] * table[n]).sum(-1) - (table[a] * table[p]).sum(-1)
        hardest = np.argsort(-gap, kind="stable")[: int(len(gap) * data["hard_fraction"])]
        a, p, n = a[hardest], p[hardest], n[hardest]
    return a, p, n


def print_table(results: dict, hand: list[str]) -> None:
    """One markdown row per variant: pure and hybrid validation figures, the hand-labelled hybrid AUCs."""
    hand_columns = [f"{name} hybrid roc_auc" for name in hand]
    print("| variant | triplets | pure wF1 | pure mu_s | pure AUC | hybrid wF1 | hybrid mu_s | hybrid AUC | "
          + "".join(f"{name.removesuffix('_labelled')} hybrid AUC | " for name in hand) + "description |")
    print("|---|---|---|---|---|---|---|---|" + "---|" * len(hand) + "---|")
    for name, r in results.items():
        pv, hv = r["validation"]["pure"], r["validation"]["hybrid"]
        print(f"| {name} | {r['triplets']} | {pv['weighted_f1_paper']:.3f} | {pv['separation']:.3f} | "
              f"{pv['roc_auc']:.3f} | {hv['weighted_f1_paper']:.3f} | {hv['separation']:.3f} | "
              f"{hv['roc_auc']:.3f} | " + "".join(f"{r['validation'][c]:.3f} | " for c in hand_columns)
              + f"{r['description']} |")


def main(argv=None) -> int:
    args = parse_args(argv)
    if not DATA.is_dir():
        print(f"skipped: {DATA} not found (set PARAQD_SHARED)")
        return 0
    import tempfile

    import pandas as pd

    from paraqd.encoders import load_encoder
    from paraqd.evaluation.metrics import evaluate_scores
    from paraqd.hybrid import HybridScorer
    from paraqd.io import read_table
    from paraqd.leakage import LeakageFilter
    from paraqd.training.data import TrainingSetSpec, build_training_set, wide_to_pairs
    from paraqd.training.head import EmbeddingCache, HeadConfig, head_cosines, train_head
    from paraqd.training.selection import HybridAUCEvaluator

    names = list(VARIANTS) if args.variants == "all" else [v.strip() for v in args.variants.split(",")]
    unknown = [n for n in names if n not in VARIANTS]
    if unknown:
        print(f"unknown variants: {', '.join(unknown)}; choose from {', '.join(VARIANTS)}", file=sys.stderr)
        return 2
    workdir = Path(args.workdir or tempfile.mkdtemp(prefix="paraqd-ablations-"))
    workdir.mkdir(parents=True, exist_ok=True)
    timings: dict[str, float] = {}

    # validation pairs: held-out AQuA dev reference augmentations
    rng = random.Random(args.seed)
    val_wide = read_table(REFERENCE_VALIDATION)
    keep = sorted(rng.sample(range(len(val_wide)), min(args.validation_questions, len(val_wide))))
    val = wide_to_pairs(val_wide.iloc[keep].reset_index(drop=True), source=str(REFERENCE_VALIDATION))
    labels = val["label"].to_numpy()

    # training sets (reference triplets and pool triplets built separately so variants can mix them)
    start = time.perf_counter()
    ref_path, pool_path = workdir / "reference.csv", workdir / "pool.csv"
    if not ref_path.exists():
        build_training_set(TrainingSetSpec(reference=[REFERENCE_TRAIN], exclude=HELD_OUT, seed=args.seed), ref_path)
    if not pool_path.exists():
        build_training_set(TrainingSetSpec(pools=POOLS, exclude=HELD_OUT, pool_questions=args.pool_questions,
                                           per_question=args.per_question, seed=args.seed), pool_path)
    reference, pool = pd.read_csv(ref_path), pd.read_csv(pool_path)
    timings["build_training_sets_s"] = time.perf_counter() - start
    val_questions = LeakageFilter(val["question"])
    for frame in (reference, pool):
        assert not any(q in val_questions for q in frame["anchor"]), "validation leak"

    # encode every distinct text once with the frozen encoder
    encoder = load_encoder(None, device="cpu", cached=False)
    cache = EmbeddingCache(encoder, batch_size=64)
    hand_pairs = {path.stem: read_table(path) for path in HAND_LABELLED}
    texts = [*val["question"], *val["paraphrase"]]
    for pairs in hand_pairs.values():
        texts += [*pairs["question"], *pairs["paraphrase"]]
    for frame in (reference, pool):
        texts += [*frame["anchor"], *frame["positive"], *frame["negative"]]
    encoded = cache.add(texts)
    timings["encode_s"] = cache.seconds
    timings["texts_encoded"] = encoded
    table = cache.matrix()

    start = time.perf_counter()
    hybrid = HybridScorer()
    checks = hybrid.check_pairs(val["question"].tolist(), val["paraphrase"].tolist())
    timings["check_s"] = time.perf_counter() - start

    vq, vp = cache.lookup(val["question"].tolist()), cache.lookup(val["paraphrase"].tolist())
    # the hybrid ROC-AUC the recipe's epoch selection computes (checks run once, with the encoder's synonyms)
    hand = {name: HybridAUCEvaluator(encoder, cache, pairs, name) for name, pairs in hand_pairs.items()}

    def validate(blocks) -> dict:
        cos = head_cosines(blocks, table, vq, vp)
        out = {}
        for kind, scores in (("pure", cos), ("hybrid", hybrid.combine(cos, checks))):
            m = evaluate_scores(labels, scores, 0.5)
            out[kind] = {k: round(float(m[k]), 4) for k in ("weighted_f1_paper", "separation", "roc_auc",
                                                              "mu_pos", "mu_neg")}
        for name, evaluator in hand.items():
            out[f"{name} hybrid roc_auc"] = round(evaluator(blocks)[evaluator.primary_metric], 4)
        return out

    verdicts: dict[tuple[str, str], bool] = {}

    def check_passes(anchors: list[str], negatives: list[str]) -> np.ndarray:
        """Whether the check passes each (anchor, negative) pair (computed once per pair for all variants)."""
        todo = [pair for pair in dict.fromkeys(zip(anchors, negatives)) if pair not in verdicts]
        if todo:
            found = hybrid.check_pairs([q for q, _ in todo], [x for _, x in todo])
            verdicts.update((pair, r.passed) for pair, r in zip(todo, found))
        return np.array([verdicts[pair] for pair in zip(anchors, negatives)], dtype=bool)

    results = {"pretrained": {"description": "untrained encoder, no head", "triplets": 0,
                              "validation": validate([])}}
    for name in names:
        description, data, overrides = VARIANTS[name]
        a, p, n = variant_triplets(data, reference, pool, cache, table, check_passes)
        config = dataclasses.replace(HeadConfig(seed=args.seed), **{**BASE, **overrides})
        result = train_head(table, a, p, n, config)
        results[name] = {"description": description, "triplets": int(len(a)), "head_seconds":
                         round(result.seconds, 2), "final_loss": round(result.losses[-1], 4),
                         "validation": validate(result.blocks)}
        print(f"{name}: {results[name]}", file=sys.stderr, flush=True)

    print(f"validation: {len(val)} pairs ({int(labels.sum())} valid) from {len(keep)} held-out AQuA dev "
          f"questions; training: {len(reference)} reference + {len(pool)} pool triplets; "
          f"{encoded} texts encoded in {cache.seconds:.0f} s ({encoded / max(cache.seconds, 1e-9):.1f} texts/s)")
    print()
    print_table(results, list(hand))
    payload = {"validation_pairs": int(len(val)), "timings": {k: round(v, 2) for k, v in timings.items()},
               "reference_triplets": int(len(reference)), "pool_triplets": int(len(pool)), "results": results}
    if args.json_out:
        Path(args.json_out).write_text(json.dumps(payload, indent=2) + "\n", encoding="utf-8")
    print(json.dumps(payload))
    return 0


if __name__ == "__main__":
    sys.exit(main())
