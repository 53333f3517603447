"""Would a hybrid rule *learned* from development data beat the default rule on data it was not fitted to?

The default rule (:class:`paraqd.hybrid.PenaltyRule`) takes a fixed penalty per severity (critical 2, major 1,
minor 0) and the share of content words lost off the learned cosine. The learned alternative gives every
finding kind (at each severity) its own penalty ``w_k >= 0`` and fits them, with the content weight ``w_c``,
by logistic regression whose decision boundary is the untuned threshold itself::

    score    = cosine - sum_k w_k [kind k fired] - w_c * content lost
    P(valid) = sigmoid(a * (score - 0.5))

so a learned rule still reads "valid at score >= 0.5". An L2 prior (``--prior``) pulls each ``w_k`` towards
the default rule's penalty for its severity; each dev set weighs the same in the fit, however many pairs it has.

Leave-one-set-out over the development sets (the reference augmentations and every hand-labelled
``data/dev/*_labelled.csv``): fit on all but one, score the one left out, print default vs learned weighted F1
(paper), mu_s and ROC-AUC, then the penalties fitted on all dev sets. The evaluation sets are not read.

    python benchmarks/learned_rule.py                     # untrained encoder, priors 0.01 0.1 1
    python benchmarks/learned_rule.py --model runs/default_model --prior 0.1 --limit 200
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))
from check_dev import LABELLED, SHARED, load_dev_pairs, load_labelled_pairs  # noqa: E402


def finding_matrix(results, keys: list[str]) -> np.ndarray:
    """One 0/1 column per ``kind:severity`` key: whether that finding fired on the pair."""
    index = {k: i for i, k in enumerate(keys)}
    x = np.zeros((len(results), len(keys)))
    for row, result in enumerate(results):
        for f in result.findings:
            col = index.get(f"{f.kind}:{f.severity}")
            if col is not None:
                x[row, col] = 1.0
    return x


def default_penalty(key: str) -> float:
    """The default rule's penalty for a ``kind:severity`` key (the prior a learned penalty is pulled towards)."""
    from paraqd.checks import Severity
    from paraqd.hybrid import PenaltyRule

    return PenaltyRule().severity_penalty(Severity.parse(key.rsplit(":", 1)[1]))


def fit_penalties(sets: list[dict], keys: list[str], prior: float) -> np.ndarray:
    """Penalties (one per key), content weight and log-slope maximising the sets' mean log-likelihood."""
    from scipy.optimize import minimize

    from paraqd.hybrid import PenaltyRule

    start = np.array([*map(default_penalty, keys), PenaltyRule().content_weight, np.log(5.0)])
    designs = [(finding_matrix(s["results"], keys), s["content"], s["cos"], 2.0 * s["labels"] - 1.0)
               for s in sets]

    def loss(theta):
        w, wc, a = theta[:-2], theta[-2], np.exp(theta[-1])
        total = 0.0
        for x, lost, cos, sign in designs:
            margin = a * (cos - x @ w - wc * lost - 0.5) * sign
            total += np.logaddexp(0.0, -margin).mean()
        return total + prior * np.sum((theta[:-1] - start[:-1]) ** 2)

    bounds = [(0.0, 3.0)] * (len(keys) + 1) + [(None, None)]
    return minimize(loss, start, bounds=bounds, method="L-BFGS-B").x


def learned_scores(s: dict, keys: list[str], theta: np.ndarray) -> np.ndarray:
    x = finding_matrix(s["results"], keys)
    return np.clip(s["cos"] - x @ theta[:-2] - theta[-2] * s["content"], -1.0, 1.0)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--data", type=Path, default=SHARED, help="shared data directory (default: %(default)s)")
    parser.add_argument("--model", default=None, help="model directory (default: the untrained encoder)")
    parser.add_argument("--prior", type=float, nargs="+", default=[0.01, 0.1, 1.0],
                        help="strengths of the pull towards the default penalties (default: 0.01 0.1 1)")
    parser.add_argument("--limit", type=int, default=None, help="rows per augmentation file (quick runs)")
    args = parser.parse_args(argv)
    augment_dir = args.data / "reference_augmentations"
    if not augment_dir.is_dir():
        print(f"no development data at {augment_dir}; nothing to measure", file=sys.stderr)
        return 0
    from paraqd.evaluation.metrics import evaluate_scores
    from paraqd.hybrid import DEFAULT_RULE, content_lost
    from paraqd.scoring import ParaphraseScorer

    scorer = ParaphraseScorer.load(args.model)
    frames = {"reference augmentations": load_dev_pairs(augment_dir, args.limit, ("positive3",))}
    frames.update({path.stem: load_labelled_pairs(path) for path in LABELLED})
    sets = []
    for name, pairs in frames.items():
        questions, paraphrases = list(pairs["question"]), list(pairs["paraphrase"])
        results = scorer.checker.check_pairs(questions, paraphrases)
        sets.append({"name": name, "labels": pairs["label"].to_numpy().astype(float), "results": results,
                     "cos": np.asarray(scorer.cosine_pairs(questions, paraphrases), dtype=float),
                     "content": np.array([content_lost(r) for r in results])})
    keys = sorted({f"{f.kind}:{f.severity}" for s in sets for r in s["results"] for f in r.findings})

    def figures(labels, scores) -> str:
        m = evaluate_scores(labels.astype(int), scores)
        return f"{m['weighted_f1_paper']:.3f} / {m['separation']:.3f} / {m['roc_auc']:.3f}"

    print("Leave-one-dev-set-out: weighted F1 (paper) / mu_s / ROC-AUC at threshold 0.5\n")
    print("| held-out set | pairs | default rule | " + " | ".join(f"learned, prior {p:g}" for p in args.prior) + " |")
    print("|---|---|---|" + "---|" * len(args.prior))
    for held in sets:
        rest = [s for s in sets if s is not held]
        cells = [figures(held["labels"], learned_scores(held, keys, fit_penalties(rest, keys, p)))
                 for p in args.prior]
        default = figures(held["labels"], DEFAULT_RULE.combine(held["cos"], held["results"]))
        print(f"| {held['name']} | {len(held['labels'])} | {default} | " + " | ".join(cells) + " |")

    theta = fit_penalties(sets, keys, args.prior[len(args.prior) // 2])
    print(f"\nPenalties fitted on all dev sets (prior {args.prior[len(args.prior) // 2]:g}; default in brackets): "
          f"content weight {theta[-2]:.2f} [1], slope {np.exp(theta[-1]):.2f}")
    for key, w in sorted(zip(keys, theta[:-2]), key=lambda t: -t[1]):
        print(f"  {key:40s} {w:.2f} [{default_penalty(key):g}]")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
