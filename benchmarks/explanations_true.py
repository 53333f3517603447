"""Every finding on every development pair, checked against its texts (issue 24, item 4).

tests/test_explanations_true.py draws a sample of the development pairs with hypothesis on every CI run; this
sweep checks them all, once: each finding's spans must be those characters of their text, each quoted word must
be in one of the two texts, a rename must name a word gone from the side it left and new to the side it
reached, a word reported missing must be absent from the paraphrase (the oracle is the test's ``falsehoods``).

Files: the repository's ``data/dev/*.csv``, the training rewordings (``data/train/*.csv``, tuning text for the
rules) and ``../shared/data/dev/*.csv``; the held-out parts, the blind parts (``data/dev/blind/``) and the gate
(``data/dev/gate/``), only with ``--blind`` (checking that explanations are true chooses nothing, but the held-out
parts are read once per release all the same; use ``--show 0`` there so that no held-out text is printed).

    python benchmarks/explanations_true.py                 # every tuned development pair
    python benchmarks/explanations_true.py --blind --show 0  # + the blind parts and the gate (once per release)

Prints the falsehoods found (per finding kind, with up to ``--show`` examples); the last line is JSON:
``{"pairs": n, "findings": n, "false_findings": n, "by_kind": {...}, "seconds": s}``. Exit status 1 when any
finding is false.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import sys
import time
from collections import Counter
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
DEV_FILES = [*sorted((REPO / "data" / "dev").glob("*.csv")), *sorted((REPO / "data" / "train").glob("*.csv")),
             *sorted((REPO.parent / "shared" / "data" / "dev").glob("*.csv"))]
BLIND_FILES = [*sorted((REPO / "data" / "dev" / "blind").glob("*.csv")),
               *sorted((REPO / "data" / "dev" / "gate").glob("*.csv"))]


def _oracle():
    """``falsehoods`` from tests/test_explanations_true.py: one definition of a false finding."""
    spec = importlib.util.spec_from_file_location("_explanations_oracle", REPO / "tests" / "test_explanations_true.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.falsehoods


def _pairs(paths: list[Path]) -> list[tuple[str, str, str]]:
    import pandas as pd

    out = []
    for path in paths:
        table = pd.read_csv(path, keep_default_na=False)
        other = "paraphrase" if "paraphrase" in table else "augmented"
        if "question" in table and other in table:
            out += [(path.stem, str(q), str(p)) for q, p in zip(table["question"], table[other])]
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--blind", action="store_true", help="also the blind parts and the gate (once per release)")
    parser.add_argument("--show", type=int, default=5, help="examples printed per finding kind (default 5)")
    args = parser.parse_args(argv)

    from paraqd.checks import CriticalInfoChecker

    falsehoods = _oracle()
    pairs = _pairs(DEV_FILES + (BLIND_FILES if args.blind else []))
    if not pairs:
        parser.error("no development file found")
    checker = CriticalInfoChecker()
    start = time.perf_counter()
    results = checker.check_pairs([q for _, q, _ in pairs], [p for _, _, p in pairs])
    n_findings, by_kind, examples = 0, Counter(), {}
    for (name, question, paraphrase), result in zip(pairs, results):
        for finding in result.findings:
            n_findings += 1
            wrong = falsehoods(question, paraphrase, finding)
            if wrong:
                by_kind[finding.kind] += 1
                examples.setdefault(finding.kind, []).append((name, wrong[0], finding.message, paraphrase))
    for kind, count in by_kind.most_common():
        print(f"{kind}: {count} false")
        for name, wrong, message, paraphrase in examples[kind][: args.show]:
            print(f"  [{name}] {wrong}\n      finding: {message}\n      paraphrase: {paraphrase[:160]}")
    seconds = round(time.perf_counter() - start, 1)
    print(f"{len(pairs)} pairs, {n_findings} findings, {sum(by_kind.values())} false", file=sys.stderr)
    print(json.dumps({"pairs": len(pairs), "findings": n_findings, "false_findings": sum(by_kind.values()),
                      "by_kind": dict(by_kind), "blind": args.blind, "seconds": seconds}))
    return 1 if by_kind else 0


if __name__ == "__main__":
    sys.exit(main())
