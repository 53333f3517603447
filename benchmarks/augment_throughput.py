"""Rule-based augmentation throughput against a bare spaCy parse of the same questions, in one process.

Workload: the first --limit questions of a question pool (default: GSM8K test, 1000 questions).

* parse: ``nlp.pipe`` of the questions with the project's spaCy pipeline (tagger, parser, NER), nothing else;
* operators: ``Analyzer.pipe`` (the same parse plus numbers, units and entities) and then every rule-based
  train operator (f2, f3, f4, f6, f7, f8, f10) on every question; the analysis, the number and unit
  extraction alone, and each operator are timed separately too;
* pipeline: ``paraqd.augmentation.run_rule_operators`` with 1 and 2 worker processes (when the module is there),
  which is what ``paraqd augment`` runs for these operators;
* full augmentation: ``paraqd.augmentation.augment`` with every train operator available offline (f5 phrase
  deletion included: it runs in the workers, on the int8 encoder where ONNX Runtime is installed) on the first
  --full-limit questions of --full-pool (default: 1000 GSM8K *train* questions), with 1 and 2 workers, timed end
  to end (operators built and models loaded, worker pools started, triplets assembled), and whether the two
  outputs are byte-identical (as CSV).

The targets: analysis + all rule operators at most twice the cost of the bare parse (``ratio_vs_parse >= 0.5``);
full augmentation >= 30 questions/s with 2 workers, output identical across worker counts.
The last line printed is one JSON object.

    python benchmarks/augment_throughput.py [POOL.jsonl] [--limit 1000]
"""

from __future__ import annotations

import argparse
import json
import os
import random
import time
from pathlib import Path

from paraqd.defaults import DEFAULT_SEED

QUESTION_POOLS = Path(__file__).resolve().parents[2] / "shared" / "data" / "questions"
DEFAULT_POOL = QUESTION_POOLS / "gsm8k_test.jsonl"
DEFAULT_FULL_POOL = QUESTION_POOLS / "gsm8k_train.jsonl"
TRAIN_RULE_OPERATORS = ["f2", "f3", "f4", "f6", "f7", "f8", "f10"]


def load_questions(path: Path, limit: int) -> list[str]:
    with open(path, encoding="utf-8") as fh:
        questions = [json.loads(line)["question"] for line in fh if line.strip()]
    return questions[:limit]


def timed(fn):
    start = time.perf_counter()
    result = fn()
    return time.perf_counter() - start, result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("pool", nargs="?", type=Path, default=DEFAULT_POOL, help="a {id, question} JSONL pool")
    parser.add_argument("--limit", type=int, default=1000, help="questions to use (default 1000)")
    parser.add_argument("--seed", type=int, default=DEFAULT_SEED)
    parser.add_argument("--no-pipeline", action="store_true", help="skip the paraqd.augmentation measurement")
    parser.add_argument("--full-pool", type=Path, default=DEFAULT_FULL_POOL,
                        help="pool of the full-augmentation measurement (default: GSM8K train)")
    parser.add_argument("--full-limit", type=int, default=1000, help="questions of the full augmentation")
    parser.add_argument("--no-full", action="store_true", help="skip the full augmentation measurement")
    args = parser.parse_args()
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    if not args.pool.is_file():
        raise SystemExit(f"{args.pool} not found: pass a question pool (JSONL with a 'question' field)")

    from paraqd.analysis import Analyzer
    from paraqd.analysis.numbers import extract_numbers
    from paraqd.operators import create_operator

    questions = load_questions(args.pool, args.limit)
    n = len(questions)
    analyzer = Analyzer()
    nlp = analyzer.nlp
    list(nlp.pipe(questions[:50]))  # warm-up (lazy initialisation, caches)
    operators = [create_operator(key) for key in TRAIN_RULE_OPERATORS]
    list(analyzer.pipe(questions[:50]))

    parse_s, _ = timed(lambda: list(nlp.pipe(questions, batch_size=64)))
    analysis_s, docs = timed(lambda: list(analyzer.pipe(questions)))
    extract_s, _ = timed(lambda: [analyzer.units.find(q, extract_numbers(q)) for q in questions])

    per_op: dict[str, float] = {}
    applicable: dict[str, int] = {}
    for op in operators:
        start = time.perf_counter()
        outs = [op.rewrite(doc, random.Random(args.seed + i)) for i, doc in enumerate(docs)]
        per_op[op.paper_id] = time.perf_counter() - start
        applicable[op.paper_id] = sum(o is not None for o in outs)
    ops_s = sum(per_op.values())
    total_s = analysis_s + ops_s

    result = {
        "questions": n,
        "pool": str(args.pool),
        "operators": TRAIN_RULE_OPERATORS,
        "parse_questions_per_second": round(n / parse_s, 1),
        "analysis_questions_per_second": round(n / analysis_s, 1),
        "number_unit_extraction_questions_per_second": round(n / extract_s, 1),
        "operators_questions_per_second": round(n / ops_s, 1),
        "questions_per_second": round(n / total_s, 1),
        "ratio_vs_parse": round(parse_s / total_s, 3),
        "operator_seconds": {k: round(v, 3) for k, v in per_op.items()},
        "applicable": applicable,
    }
    print(f"{n} questions from {args.pool.name}")
    print(f"bare nlp.pipe parse      : {parse_s:7.2f} s  {n / parse_s:7.1f} q/s")
    print(f"analysis (parse+extract) : {analysis_s:7.2f} s  {n / analysis_s:7.1f} q/s")
    print(f"  numbers + units alone  : {extract_s:7.3f} s  {n / extract_s:7.1f} q/s")
    for key, secs in per_op.items():
        print(f"  operator {key:<4}          : {secs:7.3f} s  applicable to {applicable[key]}/{n}")
    print(f"analysis + all operators : {total_s:7.2f} s  {n / total_s:7.1f} q/s  "
          f"ratio vs parse {parse_s / total_s:.3f} (target >= 0.5)")

    if not args.no_pipeline:
        try:
            from paraqd.augmentation import run_rule_operators
        except ImportError:
            print("paraqd.augmentation not available: measured the operators directly only")
        else:
            pipe_rate = {}
            for workers in (1, 2):
                secs, _ = timed(lambda w=workers: run_rule_operators(questions, operators, args.seed, workers=w))
                pipe_rate[workers] = n / secs
                print(f"paraqd.augmentation workers={workers}: {secs:7.2f} s  {n / secs:7.1f} q/s")
            result["pipeline_questions_per_second"] = {str(k): round(v, 1) for k, v in pipe_rate.items()}
            result["scaling_2_workers"] = round(pipe_rate[2] / pipe_rate[1], 3)
            result["cpu_count"] = os.cpu_count()
    if not args.no_full:
        result["full_augment"] = measure_full_augment(args.full_pool, args.full_limit, args.seed)
    print(json.dumps(result))


def measure_full_augment(pool: Path, limit: int, seed: int) -> dict:
    """``augment()`` with every train operator available here, 1 and 2 workers, end to end."""
    from paraqd.augmentation import AugmentStats, augment

    questions = load_questions(pool, limit)
    n = len(questions)
    outputs, rates, stats = {}, {}, AugmentStats()
    for workers in (1, 2):
        stats = AugmentStats()
        secs, df = timed(lambda w=workers, st=stats: augment(questions, operators="train", workers=w, seed=seed,
                                                             stats=st))
        outputs[workers] = df.to_csv(index=False)
        rates[workers] = n / secs
        print(f"full augment (train operators) workers={workers}: {secs:7.2f} s  {n / secs:7.1f} q/s")
    from paraqd.operators import create_operator

    identical = outputs[1] == outputs[2]
    print(f"  outputs byte-identical across worker counts: {identical}; target >= 30 q/s with 2 workers")
    return {
        "pool": str(pool), "questions": n,
        "operators": [k for k in stats.applicable],
        "skipped_operators": sorted(stats.skipped_operators),
        "f5_backend": create_operator("f5").resolved_backend(),
        "questions_per_second": {str(k): round(v, 1) for k, v in rates.items()},
        "scaling_2_workers": round(rates[2] / rates[1], 3),
        "byte_identical_across_workers": identical,
        "triplets": stats.triplets,
    }


if __name__ == "__main__":
    main()
