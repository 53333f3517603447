"""Time the verifier recipe (``paraqd train --recipe verifier``) on CPU: pair building and training.

    python benchmarks/train_verifier.py OUTDIR [--max-questions 2000] [--threads 2] [--epochs 1]

Trains on the GSM8K train, SVAMP and AQuA dev pools of ../shared (PARAQD_SHARED), excluding the evaluation
files, mathcheck_dev, GSM8K test and every data/dev/*_labelled.csv, and prints the recipe's timing as JSON on the
last line (pairs, seconds, pairs per second). Run it under ``taskset -c 0,1`` for the 2-core figure.
"""

from __future__ import annotations

import argparse
import glob
import json
import os
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("output")
    parser.add_argument("--max-questions", type=int, default=2000)
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument("--epochs", type=float, default=1.0)
    args = parser.parse_args()
    from paraqd.training.verifier_recipe import train_verifier_recipe
    from paraqd.training.verifier_training import VerifierConfig

    data = Path(os.environ.get("PARAQD_SHARED", ROOT.parent / "shared")) / "data"
    pools = [data / "questions" / n for n in ("gsm8k_train.jsonl", "svamp.jsonl", "aqua_dev.jsonl")]
    exclude = [*sorted(glob.glob(str(data / "eval" / "*.csv"))), data / "dev" / "mathcheck_dev.csv",
               data / "questions" / "gsm8k_test.jsonl"]
    start = time.perf_counter()
    meta = train_verifier_recipe(pools, args.output, exclude=exclude, max_questions=args.max_questions,
                                 config=VerifierConfig(epochs=args.epochs, batch_size=16, threads=args.threads))
    print(json.dumps({"questions": meta["questions"]["trained"], "pairs": meta["pairs"]["count"],
                      **meta["timing"], "total_s": round(time.perf_counter() - start, 1)}))


if __name__ == "__main__":
    main()
