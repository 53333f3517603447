"""Cost of checking one pair against its length: short pairs and pairs whose paraphrase is three times longer.

Short pairs: (question, paraphrase) pairs of the development rewordings
(``/work/shared/data/dev/rewordings_public_dev.csv``, or ``--data``) whose paraphrase is about as long as the
question (0.8 to 1.25 times its words). Long pairs: the same questions with a paraphrase about three times the
question's length (that paraphrase followed by other questions of the file, as irrelevant context), so a long
pair has about twice the words of a short one. Every text is parsed once up front (not timed); what is timed is
:meth:`~paraqd.checks.CriticalInfoChecker.check_docs` (every default check, no synonym judge) over each set, in
interleaved rounds, best round kept. A check cost linear in length keeps ``long_over_short`` at 0.5 or above.

The last line printed is one JSON object.

    python benchmarks/pair_cost.py [--pairs 150] [--rounds 3]
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path

import pandas as pd

#: the shared data directory next to the repository (one level further up from a worktree in a folder of its own)
SHARED = next((p / "shared" for p in Path(__file__).resolve().parents[2:4] if (p / "shared").is_dir()),
              Path(__file__).resolve().parents[2] / "shared")
DATA = SHARED / "data" / "dev" / "rewordings_public_dev.csv"


def make_pairs(table: pd.DataFrame, n: int) -> tuple[list[tuple[str, str]], list[tuple[str, str]]]:
    """``n`` short pairs and the ``n`` long pairs made from the same questions."""
    table = table.dropna(subset=["question", "augmented"])
    pool = list(dict.fromkeys(table["question"]))
    short, long = [], []
    for q, p in zip(table["question"], table["augmented"]):
        q_words, p_words = len(q.split()), len(p.split())
        if not 0.8 <= p_words / max(q_words, 1) <= 1.25:
            continue
        context, words = [], p_words
        for other in pool:  # other problems of the file as irrelevant context, up to three times the question
            if other == q or words + len(other.split()) > 3.2 * q_words:
                continue
            context.append(other)
            words += len(other.split())
        if words < 2.5 * q_words:
            continue
        short.append((q, p))
        long.append((q, " ".join([p, *context])))
        pool = pool[1:] + pool[:1]  # vary the context from pair to pair
        if len(short) == n:
            break
    return short, long


def time_checks(checker, docs, pairs) -> float:
    start = time.perf_counter()
    for q, p in pairs:
        checker.check_docs(docs[q], docs[p])
    return time.perf_counter() - start


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--data", type=Path, default=DATA, help="development rewordings (default: %(default)s)")
    parser.add_argument("--pairs", type=int, default=150, help="pairs per set (default: %(default)s)")
    parser.add_argument("--rounds", type=int, default=3, help="timed rounds per set (default: %(default)s)")
    args = parser.parse_args(argv)

    from paraqd.checks import CriticalInfoChecker

    short, long = make_pairs(pd.read_csv(args.data), args.pairs)
    checker = CriticalInfoChecker()
    docs = checker.analyze_texts([t for pair in (*short, *long) for t in pair])
    best = {"short": float("inf"), "long": float("inf")}
    for _ in range(args.rounds):
        for name, pairs in (("short", short), ("long", long)):
            best[name] = min(best[name], time_checks(checker, docs, pairs))
    words = {name: sum(len(q.split()) + len(p.split()) for q, p in pairs) / len(pairs)
             for name, pairs in (("short", short), ("long", long))}
    rates = {name: len(short) / best[name] for name in best}
    print(f"short pairs: {len(short)}, {words['short']:.0f} words a pair, {rates['short']:.1f} pairs/s")
    print(f"long pairs:  {len(long)}, {words['long']:.0f} words a pair, {rates['long']:.1f} pairs/s")
    print(json.dumps({"pairs": len(short), "words_short": round(words["short"], 1),
                      "words_long": round(words["long"], 1), "short_pairs_per_s": round(rates["short"], 2),
                      "long_pairs_per_s": round(rates["long"], 2),
                      "long_over_short": round(rates["long"] / rates["short"], 3)}))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
