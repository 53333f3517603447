"""Scoring throughput: ParaphraseScorer against bare SentenceTransformer.encode, same model, same process.

Pairs workload: the (question, augmented) pairs of data/eval/AQUA_test.csv (read only for timing; nothing is
tuned on it). paraqd: ``score_pairs`` (each distinct text encoded once); bare: ``encode`` of every question
and every paraphrase, then the row-wise cosine.
Ranking workload: --questions questions with 20 candidates each. paraqd: ``rank``; bare: the naive pair loop
``encode([question, candidate])`` per candidate (the question encoded 20 times).
The last line printed is one JSON object.

    python benchmarks/score_throughput.py
"""

from __future__ import annotations

import argparse
import json
import os
import time
from pathlib import Path

import numpy as np

AQUA_TEST = Path(__file__).resolve().parents[2] / "shared" / "data" / "eval" / "AQUA_test.csv"


def best_of(fn, repeats: int) -> float:
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return min(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--repeats", type=int, default=2, help="timed repetitions; the best is kept")
    parser.add_argument("--questions", type=int, default=5, help="questions in the ranking workload")
    parser.add_argument("--candidates", type=int, default=20)
    parser.add_argument("--batch-size", type=int, default=64)
    parser.add_argument("--no-onnx", action="store_true", help="skip the ONNX Runtime int8 measurement")
    args = parser.parse_args()
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")
    import pandas as pd

    from paraqd.scoring import ParaphraseScorer

    if not AQUA_TEST.is_file():
        raise SystemExit(f"{AQUA_TEST} not found: this benchmark needs the shared evaluation data")
    df = pd.read_csv(AQUA_TEST)
    questions, paraphrases = df["question"].tolist(), df["augmented"].tolist()
    scorer = ParaphraseScorer.load(batch_size=args.batch_size)
    model = scorer.model
    scorer.score_pairs(questions[:8], paraphrases[:8])  # warm-up

    def bare_pairs():
        a = model.encode(questions, batch_size=args.batch_size, normalize_embeddings=True)
        b = model.encode(paraphrases, batch_size=args.batch_size, normalize_embeddings=True)
        return (a * b).sum(1)

    np.testing.assert_allclose(scorer.score_pairs(questions, paraphrases), bare_pairs(), atol=1e-4)
    paraqd_s = best_of(lambda: scorer.score_pairs(questions, paraphrases), args.repeats)
    bare_s = best_of(bare_pairs, args.repeats)

    unique_q = list(dict.fromkeys(questions))[: args.questions]
    pool = list(dict.fromkeys(paraphrases))
    workload = [(q, [pool[(i * args.candidates + j) % len(pool)] for j in range(args.candidates)])
                for i, q in enumerate(unique_q)]

    def bare_rank():
        for q, cands in workload:
            scores = []
            for c in cands:
                e = model.encode([q, c], normalize_embeddings=True)
                scores.append(float(e[0] @ e[1]))
            sorted(range(len(cands)), key=lambda k: -scores[k])

    def paraqd_rank():
        for q, cands in workload:
            scorer.rank(q, cands)

    rank_paraqd_s = best_of(paraqd_rank, args.repeats)
    rank_bare_s = best_of(bare_rank, args.repeats)
    n_rank = len(workload) * args.candidates
    result = {
        "pairs": len(questions), "distinct_texts": len(set(questions) | set(paraphrases)),
        "paraqd_pairs_per_second": round(len(questions) / paraqd_s, 1),
        "encode_pairs_per_second": round(len(questions) / bare_s, 1),
        "ratio_vs_encode": round(bare_s / paraqd_s, 3),
        "ranking_candidates_per_second": round(n_rank / rank_paraqd_s, 1),
        "naive_loop_candidates_per_second": round(n_rank / rank_bare_s, 1),
        "ranking_ratio_vs_encode": round(rank_bare_s / rank_paraqd_s, 3),
    }
    if not args.no_onnx:
        int8 = ParaphraseScorer.load(batch_size=args.batch_size, backend="onnx-int8", device="cpu")
        int8_scores = int8.score_pairs(questions, paraphrases)  # also the warm-up
        int8_s = best_of(lambda: int8.score_pairs(questions, paraphrases), args.repeats)
        torch_scores = scorer.score_pairs(questions, paraphrases)
        result["onnx_int8_pairs_per_second"] = round(len(questions) / int8_s, 1)
        result["onnx_int8_ratio_vs_torch"] = round(paraqd_s / int8_s, 3)
        result["onnx_int8_pearson_vs_torch"] = round(float(np.corrcoef(int8_scores, torch_scores)[0, 1]), 5)
    print(f"pairs: paraqd {paraqd_s:.2f} s, bare encode {bare_s:.2f} s; "
          f"ranking {len(workload)}x{args.candidates}: paraqd {rank_paraqd_s:.2f} s, naive loop {rank_bare_s:.2f} s")
    print(json.dumps(result))


if __name__ == "__main__":
    main()
