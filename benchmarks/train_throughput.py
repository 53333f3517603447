"""Training throughput: `paraqd train` (paraqd.training.train) against a bare sentence-transformers loop.

Both sides train the embedded all-MiniLM-L6-v2 for one epoch on the same triplets (the first questions of
the reference augmentations, wide form paired up as `paraqd train` does), with the same loss (TripletLoss,
Euclidean, margin 5) and batch size, in this one process, and are timed end to end: model load, training,
final save. paraqd's side also reads the file, hashes it and writes its metadata; the bare side is
SentenceTransformerTrainer with nothing else. The last line printed is one JSON object.

    python benchmarks/train_throughput.py                      # 64 triplets, batch 16
    python benchmarks/train_throughput.py --triplets 128 --max-seq-length 128
"""

from __future__ import annotations

import argparse
import json
import os
import tempfile
import time
from pathlib import Path

SHARED = Path(__file__).resolve().parents[2] / "shared" / "data" / "reference_augmentations"


def make_triplets(n: int, path: Path) -> int:
    """Write ``n`` triplets (long form) from the training reference augmentations; return the count."""
    import pandas as pd

    from paraqd.training.data import triplets_from_wide

    source = SHARED / "aqua_train400_augmented.csv"
    if not source.is_file():
        raise SystemExit(f"{source} not found: this benchmark needs the shared reference augmentations")
    wide = pd.read_csv(source, dtype=str, keep_default_na=False, na_values=[""])
    triplets = triplets_from_wide(wide.head(n), "cycle", str(source))
    frame = pd.DataFrame(triplets.to_dict()).head(n)
    frame.to_csv(path, index=False)
    return len(frame)


def run_paraqd(data: Path, out: Path, batch_size: int, max_seq_length: int | None) -> float:
    from paraqd.training import TrainingConfig, train

    start = time.perf_counter()
    train([data], out, TrainingConfig(epochs=1, batch_size=batch_size, max_seq_length=max_seq_length),
          show_progress_bar=False)
    return time.perf_counter() - start


def run_bare(data: Path, out: Path, batch_size: int, max_seq_length: int | None) -> float:
    import pandas as pd
    from datasets import Dataset
    from sentence_transformers import (
        SentenceTransformer,
        SentenceTransformerTrainer,
        SentenceTransformerTrainingArguments,
    )
    from sentence_transformers.sentence_transformer.losses import TripletLoss

    from paraqd.resources import default_encoder_path

    start = time.perf_counter()
    model = SentenceTransformer(default_encoder_path())
    if max_seq_length:
        model.max_seq_length = max_seq_length
    frame = pd.read_csv(data)
    dataset = Dataset.from_dict({c: frame[c].tolist() for c in ("anchor", "positive", "negative")})
    args = SentenceTransformerTrainingArguments(output_dir=str(out / "ckpt"), num_train_epochs=1,
                                                per_device_train_batch_size=batch_size, save_strategy="no",
                                                report_to="none", disable_tqdm=True)
    SentenceTransformerTrainer(model=model, args=args, train_dataset=dataset, loss=TripletLoss(model)).train()
    model.save(str(out / "model"))
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--triplets", type=int, default=64)
    parser.add_argument("--batch-size", type=int, default=16)
    parser.add_argument("--max-seq-length", type=int, default=None)
    args = parser.parse_args()
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")
    import torch

    with tempfile.TemporaryDirectory() as tmp:
        tmp = Path(tmp)
        n = make_triplets(args.triplets, tmp / "triplets.csv")
        # warm-up: import everything and load the model once, so neither side pays the first-load cost
        from paraqd.scoring import ParaphraseScorer

        ParaphraseScorer.load()
        bare_s = run_bare(tmp / "triplets.csv", tmp / "bare", args.batch_size, args.max_seq_length)
        paraqd_s = run_paraqd(tmp / "triplets.csv", tmp / "paraqd", args.batch_size, args.max_seq_length)
    result = {
        "triplets": n, "batch_size": args.batch_size, "epochs": 1, "max_seq_length": args.max_seq_length,
        "torch_threads": torch.get_num_threads(),
        "paraqd_seconds": round(paraqd_s, 2), "bare_seconds": round(bare_s, 2),
        "paraqd_triplets_per_second": round(n / paraqd_s, 3),
        "bare_triplets_per_second": round(n / bare_s, 3),
        "ratio_vs_bare": round(bare_s / paraqd_s, 3),
    }
    print(f"paraqd train: {n} triplets in {paraqd_s:.1f} s; bare SentenceTransformerTrainer: {bare_s:.1f} s")
    print(json.dumps(result))


if __name__ == "__main__":
    main()
