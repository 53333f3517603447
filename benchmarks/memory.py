"""Peak resident memory of `paraqd score` over a large pairs file (it must stream; target < 2 GiB).

A CSV of --pairs (question, paraphrase) rows is generated in a temporary directory from the shared question
pools (real AWP questions; paraphrases are synthetic edits of them: a number changed, a sentence dropped, a
word dropped). `paraqd score` runs on it in a subprocess; its peak RSS is read from the kernel's accounting of
that child (``os.wait4``), so nothing is missed between polls.

Encoding cost is bounded by --distinct-questions: each window of --window rows pairs that many questions with
their edits, and the scorer encodes each distinct text once per chunk, so 200,000 rows run in minutes on two
cores. Memory is what this measures: rows are read, scored and written chunk by chunk either way.
The last line printed is one JSON object.

    python benchmarks/memory.py --pairs 200000
"""

from __future__ import annotations

import argparse
import csv
import json
import os
import random
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path

QUESTIONS_DIR = Path(__file__).resolve().parents[2] / "shared" / "data" / "questions"
TARGET_BYTES = 2 * 1024**3
FALLBACK_QUESTIONS = [
    "Alex travelled 100 km from New York at a constant speed of 20 kmph. How many hours did it take him?",
    "A full box has 15 pieces of chalk. My box only has 5 pieces. How many pieces of chalk are missing?",
    "Paco had 26 salty cookies and 17 sweet cookies. He ate 14 sweet cookies. How many are left?",
    "Janet has 3 apples. She buys 4 more. How many apples does she have?",
]


def load_questions(directory: Path) -> list[str]:
    questions: dict[str, None] = {}
    for path in sorted(directory.glob("*.jsonl")):
        with open(path, encoding="utf-8") as fh:
            for line in fh:
                if line.strip():
                    questions.setdefault(json.loads(line)["question"], None)
    return list(questions) or FALLBACK_QUESTIONS


def edit(question: str, rng: random.Random) -> str:
    """A synthetic candidate: one number changed, the last sentence dropped, or one word dropped."""
    numbers = list(re.finditer(r"\d+", question))
    sentences = re.split(r"(?<=[.?!])\s+", question)
    kind = rng.randrange(3)
    if kind == 0 and numbers:
        m = rng.choice(numbers)
        return question[:m.start()] + str(int(m.group()) + rng.randint(1, 9)) + question[m.end():]
    if kind == 1 and len(sentences) > 1:
        return " ".join(sentences[:-1])
    words = question.split()
    del words[rng.randrange(len(words))]
    return " ".join(words) or question


def write_pairs(path: Path, pairs: int, questions: list[str], distinct: int, window: int, seed: int) -> int:
    rng = random.Random(seed)
    written = 0
    with open(path, "w", encoding="utf-8", newline="") as fh:
        out = csv.writer(fh)
        out.writerow(["id", "question", "paraphrase"])
        while written < pairs:
            chosen = rng.sample(questions, min(distinct, len(questions)))
            variants = {q: [edit(q, rng) for _ in range(3)] for q in chosen}
            for _ in range(min(window, pairs - written)):
                q = rng.choice(chosen)
                out.writerow([f"p{written}", q, rng.choice(variants[q])])
                written += 1
    return written


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--pairs", type=int, default=200_000, help="rows of the generated file (default 200000)")
    parser.add_argument("--distinct-questions", type=int, default=100,
                        help="questions per window of rows (bounds the encoding work; default 100)")
    parser.add_argument("--window", type=int, default=10_000, help="rows per window (default 10000)")
    parser.add_argument("--chunk-size", type=int, default=10_000, help="passed to paraqd score")
    parser.add_argument("--output-format", default="csv", choices=("csv", "jsonl", "parquet"))
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()

    questions = load_questions(QUESTIONS_DIR) if QUESTIONS_DIR.is_dir() else FALLBACK_QUESTIONS
    env = {**os.environ, "HF_HUB_OFFLINE": "1", "TOKENIZERS_PARALLELISM": "false"}
    with tempfile.TemporaryDirectory() as tmp:
        pairs_file, out_file = Path(tmp) / "pairs.csv", Path(tmp) / f"scored.{args.output_format}"
        start = time.perf_counter()
        rows = write_pairs(pairs_file, args.pairs, questions, args.distinct_questions, args.window, args.seed)
        generate_s = time.perf_counter() - start
        cmd = [sys.executable, "-m", "paraqd", "-q", "score", str(pairs_file), "-o", str(out_file),
               "--chunk-size", str(args.chunk_size), "--device", "cpu"]
        start = time.perf_counter()
        proc = subprocess.Popen(cmd, env=env)
        _, status, usage = os.wait4(proc.pid, 0)
        proc.returncode = os.waitstatus_to_exitcode(status)
        score_s = time.perf_counter() - start
        if proc.returncode != 0:
            raise SystemExit(f"paraqd score failed with exit code {proc.returncode}")
        peak = usage.ru_maxrss * 1024  # KiB on Linux
        result = {
            "benchmark": "memory",
            "command": "paraqd score --chunk-size %d" % args.chunk_size,
            "pairs": rows,
            "input_mib": round(pairs_file.stat().st_size / 2**20, 1),
            "output_mib": round(out_file.stat().st_size / 2**20, 1),
            "peak_rss_mib": round(peak / 2**20, 1),
            "peak_rss_gib": round(peak / 2**30, 3),
            "target_gib": TARGET_BYTES / 2**30,
            "target_met": peak < TARGET_BYTES,
            "generate_s": round(generate_s, 1),
            "score_s": round(score_s, 1),
            "pairs_per_s": round(rows / score_s, 1),
        }
    print(json.dumps(result))


if __name__ == "__main__":
    main()
