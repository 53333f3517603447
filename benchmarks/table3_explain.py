"""The paper's Table 3 examples, explained: learned cosine, hybrid score, verdict and reasons.

    python benchmarks/table3_explain.py                 # the embedded all-MiniLM-L6-v2 (untrained)
    python benchmarks/table3_explain.py runs/model      # any model directory

Prints a Markdown table (the one in README.md and docs/explain.md).
"""

from __future__ import annotations

import sys

CAT = "A bag of cat food weighs 7 pounds and 4 ounces. How much does the bag weigh in ounces?"
APPLES = "A cart of 20 apples is distributed among 10 students. How much apple does each student get?"
WALK = "John walked 200 kilometres. How long did he walk in terms of metres?"
#: (label, question, paraphrase) as in the paper's Table 3
EXAMPLES = [
    (0, CAT, "A bag of cat food weighs 7 pounds and ounces. How much does the bag in ounces?"),
    (0, APPLES, "20 hats in a cart are equally distributed among 10 students. How much apple does each student get?"),
    (1, APPLES, "20 hats in a cart are equally distributed among 10 students. How many hats does each student get?"),
    (0, WALK, "john walked 200 centimetres. How long did he walk in terms of metres?"),
    (1, WALK, "john walked 200 km. How long did he walk in terms of metres?"),
]


def main(argv: list[str] | None = None) -> int:
    from paraqd.scoring import ParaphraseScorer

    argv = sys.argv[1:] if argv is None else argv
    scorer = ParaphraseScorer.load(argv[0] if argv else None, hybrid=True)
    explanations = scorer.explain_pairs([q for _, q, _ in EXAMPLES], [p for _, _, p in EXAMPLES])
    print("| # | label | learned cosine | hybrid | verdict | reasons |")
    print("|---|---|---|---|---|---|")
    for i, ((label, _, _), e) in enumerate(zip(EXAMPLES, explanations), 1):
        reasons = "; ".join(f"[{f.severity}] {f.message}" for f in e.check.findings) or "-"
        print(f"| {i} | {label} | {e.cosine:.3f} | {e.score:.3f} | {e.verdict} | {reasons} |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
