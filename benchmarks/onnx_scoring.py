"""CPU scoring throughput of the inference backends: torch vs ONNX Runtime fp32 vs ONNX Runtime int8.

Workload: the (question, augmented) pairs of data/eval/AQUA_test.csv scored with ``ParaphraseScorer.score_pairs``
(each distinct text encoded once), same model (the embedded all-MiniLM-L6-v2 or --model), same thread count.
The backends are timed in interleaved rounds, best round kept, so load on a shared machine hits them alike.
Quality: Pearson correlation of each backend's scores with the torch scores (target >= 0.99), and the largest
absolute score difference. The ONNX graphs are exported on first use (timed separately, not in pairs/s).
The last line printed is one JSON object.

    python benchmarks/onnx_scoring.py --rounds 3
"""

from __future__ import annotations

import argparse
import json
import os
import tempfile
import time
from pathlib import Path

import numpy as np

AQUA_TEST = Path(__file__).resolve().parents[2] / "shared" / "data" / "eval" / "AQUA_test.csv"
TARGET_INT8_SPEEDUP = 2.0
TARGET_PEARSON = 0.99


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--model", help="model directory (default: the embedded all-MiniLM-L6-v2)")
    parser.add_argument("--rounds", type=int, default=3, help="interleaved timed rounds; the best is kept")
    parser.add_argument("--batch-size", type=int, default=64)
    parser.add_argument("--cache-dir", help="where ONNX exports go (default: a temporary directory, so the "
                                            "export time is measured too)")
    args = parser.parse_args()
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")
    import pandas as pd
    import torch

    from paraqd.defaults import BACKENDS
    from paraqd.encoders import load_encoder
    from paraqd.scoring import ParaphraseScorer

    if not AQUA_TEST.is_file():
        raise SystemExit(f"{AQUA_TEST} not found: this benchmark needs the shared evaluation data")
    df = pd.read_csv(AQUA_TEST)
    questions, paraphrases = df["question"].tolist(), df["augmented"].tolist()
    distinct = len(set(questions) | set(paraphrases))

    with tempfile.TemporaryDirectory() as tmp:
        cache = args.cache_dir or tmp
        scorers, load_s = {}, {}
        for backend in BACKENDS:
            start = time.perf_counter()
            model = load_encoder(args.model, backend=backend, device="cpu", cache_dir=cache, cached=False)
            load_s[backend] = round(time.perf_counter() - start, 2)
            scorers[backend] = ParaphraseScorer(model, batch_size=args.batch_size, backend=backend)
            scorers[backend].score_pairs(questions[:8], paraphrases[:8])  # warm-up
        best = dict.fromkeys(BACKENDS, float("inf"))
        scores = {}
        for _ in range(args.rounds):
            for backend, scorer in scorers.items():
                start = time.perf_counter()
                scores[backend] = scorer.score_pairs(questions, paraphrases, show_progress_bar=False)
                best[backend] = min(best[backend], time.perf_counter() - start)

    pairs_per_s = {b: round(len(questions) / t, 2) for b, t in best.items()}
    reference = scores["torch"].astype(np.float64)
    result = {
        "benchmark": "onnx_scoring",
        "pairs": len(questions),
        "distinct_texts": distinct,
        "threads": torch.get_num_threads(),
        "rounds": args.rounds,
        "pairs_per_s": pairs_per_s,
        "speedup_vs_torch": {b: round(pairs_per_s[b] / pairs_per_s["torch"], 3) for b in BACKENDS},
        "pearson_vs_torch": {b: round(float(np.corrcoef(scores[b], reference)[0, 1]), 5) for b in BACKENDS},
        "max_abs_diff_vs_torch": {b: round(float(np.max(np.abs(scores[b] - reference))), 5) for b in BACKENDS},
        "valid_agreement_at_0.5": {b: round(float(np.mean((scores[b] >= 0.5) == (reference >= 0.5))), 4)
                                   for b in BACKENDS},
        "load_and_export_s": load_s,
        "targets": {"onnx_int8_speedup": TARGET_INT8_SPEEDUP, "pearson": TARGET_PEARSON},
    }
    result["targets_met"] = {
        "onnx_int8_speedup": result["speedup_vs_torch"]["onnx-int8"] >= TARGET_INT8_SPEEDUP,
        "pearson": min(result["pearson_vs_torch"].values()) >= TARGET_PEARSON,
    }
    print(json.dumps(result))


if __name__ == "__main__":
    main()
