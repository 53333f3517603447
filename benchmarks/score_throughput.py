"""Scoring throughput: ParaphraseScorer against bare spaCy and SentenceTransformer calls, same model, one process.

Pure cosine (pairs workload: the (question, augmented) pairs of data/eval/AQUA_test.csv, read only for timing;
nothing is tuned on it). paraqd: ``score_pairs`` with ``hybrid=False`` (each distinct text encoded once); bare:
``encode`` of every question and every paraphrase, then the row-wise cosine.

Hybrid score (what users run by default: parse of both texts, the checks, the synonym judge, the encoder) on
--hybrid-pairs pairs made from GSM8K *train* questions by the rule-based operators f3, f4, f6, f8 and f10
(every applicable rewrite of a question is one pair, so each question appears several times). paraqd:
``score_pairs`` with ``hybrid=True`` (parse in worker processes on large inputs, overlapped with the encoder);
bare: a single-process ``nlp.pipe`` over the distinct texts plus an ``encode`` of them, timed separately and
summed. ``hybrid_ratio_vs_parse_encode`` = bare / paraqd. ``hybrid_stages`` / ``hybrid_one_process_stages``:
when each stage of the timed hybrid call ended (``ParaphraseScorer.last_stages``: parse_done, checks_done,
encoder_done, total). ``bare_encode_one_thread_seconds`` is the bare encode on one torch thread, for the bound
``hybrid_ratio_bound``: the bare time over the least a hybrid on this many cores can take, (parse + one-thread
encode + checks) / cores, the CPU work of every stage (the encoder's in its most efficient form, one thread)
spread over all the cores without cost.
``hybrid_int8_ratio_vs_parse_encode_int8``: the same ratio with the scorer on ``onnx-int8`` against the bare
parse plus a bare encode on that backend (--int8, the default; ``--no-int8`` skips it).

Ranking: --questions questions with --candidates candidates each. paraqd: ``rank``; bare: the naive pair loop
(pure: ``encode([question, candidate])`` per candidate; hybrid: ``scorer.score(question, candidate)`` per
candidate, which parses and encodes the question again each time).

Backends (--backends): pure-cosine pairs/s of each CPU backend on the AQUA pairs, timed in interleaved rounds,
its ratio to torch, the Pearson correlation of its scores with torch's, and the share of pairs whose hybrid
verdict (valid / invalid at the scorer's threshold) is the same as torch's (``compare_backends`` of
benchmarks/onnx_scoring.py, which reports the same on its own).

The last line printed is one JSON object.

    python benchmarks/score_throughput.py [--hybrid-pairs 3000] [--backends torch,onnx-int8,openvino]
"""

from __future__ import annotations

import argparse
import json
import os
import time
from pathlib import Path

import numpy as np

from paraqd.defaults import DEFAULT_SEED

SHARED = Path(__file__).resolve().parents[2] / "shared" / "data"
AQUA_TEST = SHARED / "eval" / "AQUA_test.csv"
TRAIN_POOL = SHARED / "questions" / "gsm8k_train.jsonl"
PAIR_OPERATORS = ["f3", "f4", "f6", "f8", "f10"]


def best_of(fn, repeats: int) -> float:
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return min(times)


def best_run(fn, scorer, repeats: int) -> tuple[float, dict]:
    """The best time of ``repeats`` runs of ``fn`` and the ``last_stages`` of ``scorer`` in that run."""
    best, stages = float("inf"), {}
    for _ in range(repeats):
        start = time.perf_counter()
        fn()
        took = time.perf_counter() - start
        if took < best:
            best, stages = took, dict(getattr(scorer, "last_stages", {}))
    return best, stages


def train_pairs(n_pairs: int, pool: Path = TRAIN_POOL, seed: int = DEFAULT_SEED) -> tuple[list[str], list[str]]:
    """At least ``n_pairs`` (question, rewrite) pairs from the first questions of ``pool`` (then cut to n)."""
    from paraqd.augmentation import run_rule_operators
    from paraqd.operators import create_operator

    with open(pool, encoding="utf-8") as fh:
        questions = [json.loads(line)["question"] for line in fh if line.strip()]
    operators = [create_operator(k) for k in PAIR_OPERATORS]
    take = max(1, n_pairs // 2)
    while True:
        texts = questions[:take]
        rewrites = run_rule_operators(texts, operators, seed, workers=min(2, os.cpu_count() or 1))
        pairs = [(q, r) for q, outs in zip(texts, rewrites) for r in outs.values() if r is not None]
        if len(pairs) >= n_pairs or take >= len(questions):
            pairs = pairs[:n_pairs]
            return [q for q, _ in pairs], [r for _, r in pairs]
        take = min(len(questions), take * 2)


def forget_words(scorer) -> None:
    for judge in scorer.checker.synonym_judges:
        judge.clear()


def compare_cpu_backends(questions, paraphrases, args) -> dict:
    """--backends compared with torch on the pure-cosine pairs (``compare_backends`` of onnx_scoring.py)."""
    backends = [b for b in args.backends.split(",") if b]
    if not backends:
        return {}
    from onnx_scoring import compare_backends  # benchmarks/onnx_scoring.py: the same measurement

    compared = compare_backends(questions, paraphrases, backends, rounds=args.repeats, batch_size=args.batch_size)
    for backend, row in compared["backends"].items():
        print(f"backend {backend:<10} {row}")
    return {"backends": compared["backends"], "backends_skipped": compared["skipped"],
            "fastest_backend": compared["fastest"]}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--repeats", type=int, default=2, help="timed repetitions; the best is kept")
    parser.add_argument("--questions", type=int, default=5, help="questions in the ranking workload")
    parser.add_argument("--candidates", type=int, default=20)
    parser.add_argument("--batch-size", type=int, default=64)
    parser.add_argument("--hybrid-pairs", type=int, default=3000,
                        help="pairs of the hybrid workload (0 skips it)")
    parser.add_argument("--workers", type=int, default=None,
                        help="parsing processes of the hybrid scorer (default: every core this process may use)")
    parser.add_argument("--int8", action=argparse.BooleanOptionalAction, default=True,
                        help="also time the hybrid scorer on onnx-int8 against a bare parse + int8 encode")
    parser.add_argument("--backends", default="torch,onnx,onnx-int8,openvino",
                        help="comma-separated CPU backends to compare with torch ('' skips)")
    args = parser.parse_args()
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")
    import pandas as pd

    from paraqd.resources import load_spacy
    from paraqd.scheduling import parse_processes
    from paraqd.scoring import ParaphraseScorer

    if not AQUA_TEST.is_file():
        raise SystemExit(f"{AQUA_TEST} not found: this benchmark needs the shared evaluation data")
    df = pd.read_csv(AQUA_TEST)
    questions, paraphrases = df["question"].tolist(), df["augmented"].tolist()
    scorer = ParaphraseScorer.load(batch_size=args.batch_size, hybrid=False, device="cpu")
    model = scorer.model
    scorer.score_pairs(questions[:8], paraphrases[:8])  # warm-up
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    result: dict = {"cores": cores}

    # -- pure cosine ---------------------------------------------------------------------------------------
    def bare_pairs():
        a = model.encode(questions, batch_size=args.batch_size, normalize_embeddings=True)
        b = model.encode(paraphrases, batch_size=args.batch_size, normalize_embeddings=True)
        return (a * b).sum(1)

    np.testing.assert_allclose(scorer.score_pairs(questions, paraphrases), bare_pairs(), atol=1e-4)
    paraqd_s = best_of(lambda: scorer.score_pairs(questions, paraphrases), args.repeats)
    bare_s = best_of(bare_pairs, args.repeats)
    result.update({
        "pairs": len(questions), "distinct_texts": len(set(questions) | set(paraphrases)),
        "paraqd_pairs_per_second": round(len(questions) / paraqd_s, 1),
        "encode_pairs_per_second": round(len(questions) / bare_s, 1),
        "ratio_vs_encode": round(bare_s / paraqd_s, 3),
    })
    print(f"pure pairs ({len(questions)}): paraqd {paraqd_s:.2f} s, bare encode {bare_s:.2f} s")

    unique_q = list(dict.fromkeys(questions))[: args.questions]
    pool = list(dict.fromkeys(paraphrases))
    workload = [(q, [pool[(i * args.candidates + j) % len(pool)] for j in range(args.candidates)])
                for i, q in enumerate(unique_q)]
    n_rank = len(workload) * args.candidates

    def bare_rank():
        for q, cands in workload:
            scores = []
            for c in cands:
                e = model.encode([q, c], normalize_embeddings=True)
                scores.append(float(e[0] @ e[1]))
            sorted(range(len(cands)), key=lambda k: -scores[k])

    rank_paraqd_s = best_of(lambda: [scorer.rank(q, c) for q, c in workload], args.repeats)
    rank_bare_s = best_of(bare_rank, args.repeats)
    result.update({
        "ranking_candidates_per_second": round(n_rank / rank_paraqd_s, 1),
        "naive_loop_candidates_per_second": round(n_rank / rank_bare_s, 1),
        "ranking_ratio_vs_encode": round(rank_bare_s / rank_paraqd_s, 3),
    })

    # -- hybrid ------------------------------------------------------------------------------------------
    hybrid = ParaphraseScorer.load(batch_size=args.batch_size, hybrid=True, device="cpu", workers=args.workers)
    hybrid.model = model  # the very same encoder as the bare calls
    hybrid.score_pairs(questions[:8], paraphrases[:8])  # warm-up (spaCy, the checks' vocabularies)
    if args.hybrid_pairs > 0:
        if not TRAIN_POOL.is_file():
            raise SystemExit(f"{TRAIN_POOL} not found: the hybrid workload needs the shared question pools")
        hq, hp = train_pairs(args.hybrid_pairs)
        distinct = list(dict.fromkeys([*hq, *hp]))
        nlp = load_spacy()
        list(nlp.pipe(distinct[:50]))
        parse_s = best_of(lambda: list(nlp.pipe(distinct, batch_size=args.batch_size)), args.repeats)
        encode_s = best_of(lambda: model.encode(distinct, batch_size=args.batch_size, normalize_embeddings=True),
                           args.repeats)

        def run_hybrid(scorer_=hybrid):
            forget_words(scorer_)  # each run embeds its words itself
            return scorer_.score_pairs(hq, hp)

        import torch

        threads = torch.get_num_threads()
        torch.set_num_threads(1)
        try:
            encode1_s = best_of(lambda: model.encode(distinct, batch_size=args.batch_size,
                                                     normalize_embeddings=True), 1)
        finally:
            torch.set_num_threads(threads)

        hybrid_s, stages = best_run(run_hybrid, hybrid, args.repeats)
        single = ParaphraseScorer(model, batch_size=args.batch_size, hybrid=None, workers=1)
        from paraqd.hybrid import HybridScorer

        single.hybrid = HybridScorer(single.checker, rule=hybrid.hybrid.rule)
        np.testing.assert_array_equal(run_hybrid(single), run_hybrid())  # same scores with 1 or n processes
        single_s, single_stages = best_run(lambda: run_hybrid(single), single, args.repeats)
        checks_s = max(0.0, stages.get("checks_done", 0.0) - stages.get("parse_done", 0.0))
        bound_s = (parse_s + encode1_s + checks_s) / max(1, cores)
        result.update({
            "hybrid_pairs": len(hq), "hybrid_distinct_texts": len(distinct),
            "hybrid_parse_processes": parse_processes(len(distinct), args.workers),
            "bare_parse_seconds": round(parse_s, 3), "bare_encode_seconds": round(encode_s, 3),
            "hybrid_seconds": round(hybrid_s, 3), "hybrid_one_process_seconds": round(single_s, 3),
            "hybrid_pairs_per_second": round(len(hq) / hybrid_s, 1),
            "hybrid_ratio_vs_parse_encode": round((parse_s + encode_s) / hybrid_s, 3),
            "hybrid_one_process_ratio_vs_parse_encode": round((parse_s + encode_s) / single_s, 3),
            "bare_encode_one_thread_seconds": round(encode1_s, 3),
            "hybrid_stages": stages, "hybrid_one_process_stages": single_stages,
            "hybrid_ratio_bound": round((parse_s + encode_s) / bound_s, 3),
        })
        print(f"hybrid pairs ({len(hq)}, {len(distinct)} distinct texts): paraqd {hybrid_s:.2f} s "
              f"(one process {single_s:.2f} s); bare nlp.pipe {parse_s:.2f} s + encode {encode_s:.2f} s "
              f"(one thread {encode1_s:.2f} s); stages {stages}")
        if args.int8:
            int8 = ParaphraseScorer.load(batch_size=args.batch_size, backend="onnx-int8", device="cpu",
                                         hybrid=True, workers=args.workers)
            int8.score_pairs(questions[:8], paraphrases[:8])  # warm-up
            int8_encode_s = best_of(lambda: int8.model.encode(distinct, batch_size=args.batch_size,
                                                              normalize_embeddings=True), args.repeats)
            int8_s, int8_stages = best_run(lambda: run_hybrid(int8), int8, args.repeats)
            result.update({
                "bare_encode_int8_seconds": round(int8_encode_s, 3), "hybrid_int8_seconds": round(int8_s, 3),
                "hybrid_int8_stages": int8_stages,
                "hybrid_int8_ratio_vs_parse_encode_int8": round((parse_s + int8_encode_s) / int8_s, 3),
            })
            print(f"hybrid on onnx-int8: {int8_s:.2f} s; bare nlp.pipe {parse_s:.2f} s + int8 encode "
                  f"{int8_encode_s:.2f} s")

    def hybrid_rank():
        forget_words(hybrid)
        for q, cands in workload:
            hybrid.rank(q, cands)

    def hybrid_naive():
        forget_words(hybrid)
        for q, cands in workload:
            scores = [hybrid.score(q, c) for c in cands]
            sorted(range(len(cands)), key=lambda k: -scores[k])

    hrank_s = best_of(hybrid_rank, args.repeats)
    hnaive_s = best_of(hybrid_naive, args.repeats)
    result.update({
        "hybrid_ranking_candidates_per_second": round(n_rank / hrank_s, 1),
        "hybrid_naive_loop_candidates_per_second": round(n_rank / hnaive_s, 1),
        "hybrid_ranking_ratio_vs_naive": round(hnaive_s / hrank_s, 3),
    })
    print(f"ranking {len(workload)}x{args.candidates}: pure {rank_paraqd_s:.2f} s vs naive loop "
          f"{rank_bare_s:.2f} s; hybrid {hrank_s:.2f} s vs naive hybrid loop {hnaive_s:.2f} s")

    # -- backends ------------------------------------------------------------------------------------------
    result.update(compare_cpu_backends(questions, paraphrases, args))
    print(json.dumps(result))


if __name__ == "__main__":
    main()
