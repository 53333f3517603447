"""CPU scoring throughput of the inference backends: torch vs ONNX Runtime (fp32, int8) vs OpenVINO.

Workload (the "pairs workload" of issue 17): the (question, augmented) pairs of data/eval/AQUA_test.csv, read
only for timing and agreement with torch (nothing is chosen by its labels), scored with
``ParaphraseScorer.score_pairs`` pure cosine (each distinct text encoded once), same model (the embedded
all-MiniLM-L6-v2 or --model), same batch size and thread count. The backends are timed in interleaved rounds
(torch, onnx, onnx-int8, openvino, torch, ...), so load on a shared machine hits them alike: ``ratio_vs_torch``
compares best rounds, ``median_round_ratio_vs_torch`` the median of each round's torch time over the backend's
(the per-round ratios are listed too: their spread says how loaded the machine was).

Quality, per backend against torch on the same pairs: Pearson r of the pure scores (target >= 0.99), the
largest absolute score difference, and the share of pairs whose *hybrid* verdict (``ParaphraseScorer.load(
backend=...)``, the default hybrid score >= the threshold) equals torch's (target >= 0.99). The bar: the fastest
backend reaches 2.5x torch's pairs/s with both quality bounds. Exports are timed separately (load_and_export_s).
Backends whose runtime is not installed are skipped (listed under "skipped"). The last line printed is one
JSON object.

    python benchmarks/onnx_scoring.py [--rounds 5] [--backends torch,onnx-int8,openvino]
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import tempfile
import time
from pathlib import Path

import numpy as np

AQUA_TEST = Path(__file__).resolve().parents[2] / "shared" / "data" / "eval" / "AQUA_test.csv"
TARGET_SPEEDUP = 2.5
TARGET_PEARSON = 0.99
TARGET_VERDICT_AGREEMENT = 0.99


def runnable_backends(requested: list[str]) -> tuple[list[str], dict[str, str]]:
    """The requested backends whose runtime is installed here (torch first), and why the others are skipped."""
    from paraqd.backends import check_backend, onnx_available, openvino_available

    keep, skipped = ["torch"], {}
    for backend in requested:
        check_backend(backend)
        if backend == "torch" or backend in keep:
            continue
        if backend == "openvino" and not openvino_available():
            skipped[backend] = "openvino not installed (pip install 'paraqd[openvino]')"
        elif backend in ("onnx", "onnx-int8") and not onnx_available():
            skipped[backend] = "onnxruntime not installed (pip install 'paraqd[onnx]')"
        else:
            keep.append(backend)
    return keep, skipped


def time_backends(scorers: dict, questions: list[str], paraphrases: list[str], rounds: int):
    """Wall times of ``score_pairs`` per scorer in each of ``rounds`` interleaved rounds, and the last scores."""
    times: dict[str, list[float]] = {backend: [] for backend in scorers}
    scores = {}
    for _ in range(rounds):
        for backend, scorer in scorers.items():
            start = time.perf_counter()
            scores[backend] = scorer.score_pairs(questions, paraphrases, show_progress_bar=False)
            times[backend].append(time.perf_counter() - start)
    return times, scores


def hybrid_verdicts(backend: str, questions: list[str], paraphrases: list[str], model: str | None,
                    batch_size: int, cache_dir: str | None) -> np.ndarray:
    """Valid / invalid of each pair by the default (hybrid) scorer running on ``backend``."""
    from paraqd.scoring import ParaphraseScorer

    scorer = ParaphraseScorer.load(model, backend=backend, device="cpu", batch_size=batch_size, hybrid=True)
    return scorer.score_pairs(questions, paraphrases, show_progress_bar=False) >= scorer.threshold


def compare_backends(questions: list[str], paraphrases: list[str], backends: list[str], *, rounds: int = 3,
                     batch_size: int = 64, model: str | None = None, cache_dir: str | None = None,
                     verdicts: bool = True) -> dict:
    """Pairs/s of each backend (interleaved rounds), its ratio to torch, Pearson r and verdict agreement."""
    import torch

    from paraqd.encoders import load_encoder
    from paraqd.scoring import ParaphraseScorer

    backends, skipped = runnable_backends(backends)
    scorers, load_s, precision = {}, {}, {}
    for backend in backends:
        start = time.perf_counter()
        encoder = load_encoder(model, backend=backend, device="cpu", cache_dir=cache_dir, cached=False)
        load_s[backend] = round(time.perf_counter() - start, 2)
        precision[backend] = getattr(encoder[0].model, "precision", "int8-dynamic" if backend == "onnx-int8"
                                     else "f32")
        scorers[backend] = ParaphraseScorer(encoder, batch_size=batch_size, backend=backend)
        scorers[backend].score_pairs(questions[:8], paraphrases[:8])  # warm-up
    times, scores = time_backends(scorers, questions, paraphrases, rounds)
    best = {b: min(t) for b, t in times.items()}
    pairs_per_s = {b: round(len(questions) / t, 2) for b, t in best.items()}
    reference = scores["torch"].astype(np.float64)
    rows = {}
    for backend in backends:
        mine = scores[backend].astype(np.float64)
        rows[backend] = {
            "pairs_per_s": pairs_per_s[backend],
            "ratio_vs_torch": round(best["torch"] / best[backend], 3),
            # the same round's torch time over this backend's, per round: the spread shows the machine's load
            "round_ratios_vs_torch": [round(t / b, 3) for t, b in zip(times["torch"], times[backend])],
            "median_round_ratio_vs_torch": round(float(np.median(
                [t / b for t, b in zip(times["torch"], times[backend])])), 3),
            "pearson_vs_torch": round(float(np.corrcoef(mine, reference)[0, 1]), 5),
            "max_abs_diff_vs_torch": round(float(np.max(np.abs(mine - reference))), 5),
            "cosine_verdict_agreement_at_0.5": round(float(np.mean((mine >= 0.5) == (reference >= 0.5))), 4),
            "precision": precision[backend],
            "load_and_export_s": load_s[backend],
        }
    if verdicts:
        torch_valid = hybrid_verdicts("torch", questions, paraphrases, model, batch_size, cache_dir)
        for backend in backends:
            valid = torch_valid if backend == "torch" else hybrid_verdicts(
                backend, questions, paraphrases, model, batch_size, cache_dir)
            rows[backend]["hybrid_verdict_agreement"] = round(float(np.mean(valid == torch_valid)), 4)
    others = [b for b in backends if b != "torch"]
    fastest = max(others, key=lambda b: rows[b]["ratio_vs_torch"]) if others else "torch"
    top = rows[fastest]
    result = {
        "threads": torch.get_num_threads(),
        "rounds": rounds,
        "batch_size": batch_size,
        "backends": rows,
        "skipped": skipped,
        "fastest": fastest,
        "targets": {"fastest_speedup": TARGET_SPEEDUP, "pearson": TARGET_PEARSON,
                    "hybrid_verdict_agreement": TARGET_VERDICT_AGREEMENT},
    }
    result["targets_met"] = {
        "fastest_speedup": min(top["ratio_vs_torch"], top["median_round_ratio_vs_torch"]) >= TARGET_SPEEDUP,
        "pearson": top["pearson_vs_torch"] >= TARGET_PEARSON,
        "hybrid_verdict_agreement": top.get("hybrid_verdict_agreement", 0.0) >= TARGET_VERDICT_AGREEMENT,
    }
    return result


def cpu_info() -> dict:
    """The CPU's model name and the features that decide the fast paths here (int8 VNNI, bfloat16, AMX)."""
    fields: dict[str, str] = {}
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as fh:
            for line in fh:
                key, _, value = line.partition(":")
                fields.setdefault(key.strip(), value.strip())
    except OSError:
        pass
    flags = fields.get("flags", "").split()
    wanted = ("avx2", "avx512f", "avx512_vnni", "avx_vnni", "avx512_bf16", "amx_bf16", "amx_int8")
    return {"cpu": fields.get("model name") or platform.processor() or None, "cores": os.cpu_count(),
            "cpu_flags": [f for f in wanted if f in flags]}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--model", help="model directory (default: the embedded all-MiniLM-L6-v2)")
    parser.add_argument("--rounds", type=int, default=5, help="interleaved timed rounds")
    parser.add_argument("--batch-size", type=int, default=64)
    parser.add_argument("--backends", default="torch,onnx,onnx-int8,openvino",
                        help="comma-separated backends (torch is always timed: it is the reference)")
    parser.add_argument("--no-verdicts", action="store_true", help="skip the hybrid-verdict agreement")
    parser.add_argument("--cache-dir", help="where ONNX exports go (default: a temporary directory, so the "
                                            "export time is measured too)")
    args = parser.parse_args()
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")
    import pandas as pd

    if not AQUA_TEST.is_file():
        raise SystemExit(f"{AQUA_TEST} not found: this benchmark needs the shared evaluation data")
    df = pd.read_csv(AQUA_TEST)
    questions, paraphrases = df["question"].tolist(), df["augmented"].tolist()
    with tempfile.TemporaryDirectory() as tmp:
        os.environ["PARAQD_CACHE"] = args.cache_dir or tmp  # where ParaphraseScorer.load() exports, too
        result = compare_backends(questions, paraphrases, [b for b in args.backends.split(",") if b],
                                  rounds=args.rounds, batch_size=args.batch_size, model=args.model,
                                  cache_dir=args.cache_dir or tmp, verdicts=not args.no_verdicts)
    result = {"benchmark": "onnx_scoring", "pairs": len(questions),
              "distinct_texts": len(set(questions) | set(paraphrases)), **cpu_info(),
              "load_average": [round(x, 2) for x in os.getloadavg()], **result}
    for backend, row in result["backends"].items():
        print(f"{backend:<10} {row}")
    print(json.dumps(result))


if __name__ == "__main__":
    main()
