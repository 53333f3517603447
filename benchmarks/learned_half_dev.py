"""Issue 24 item 5: does the trained verifier earn a weight in the default score? Pure ranking and the hybrid verdicts.

Reads the per-pair verdicts of a ``benchmarks/rewordings.py --out RUN.json`` run (each pair's learned cosine and
hybrid score, so the check's penalty is ``cosine - score``), scores the same pairs with a verifier adapter
(:class:`paraqd.verifier.PairVerifier`; default: the shipped one) and prints

- per dev file, the pure ROC-AUC of the untrained cosine and of the verifier's probability;
- the same on the pairs the check lets through (hybrid verdict valid) and on those it rejects: what the verifier
  could add to the check's verdicts;
- the verdict errors (valid rejected + invalid kept) of the hybrid rule with ``(1 - w) * cosine + w * verifier``
  in place of the cosine, for each ``w`` of a grid, and of the hybrid verdict with a veto (``verifier < tau``
  rejects) for each ``tau``: the weight and the veto are chosen on the tuned files (the blind parts are reported,
  never chosen on: ``--blind`` is a separate run);
- as its last line, JSON with all of it.

    python benchmarks/rewordings.py --out runs/dev.json
    python benchmarks/learned_half_dev.py runs/dev.json                     # the shipped adapter
    python benchmarks/learned_half_dev.py runs/dev.json --adapter DIR --logits runs/logits.csv

The verifier's logits are written to ``--logits`` (CSV: file, row, logit) and read back from it when it exists
and matches the run, so that the sweep can be re-read without scoring again.
"""

from __future__ import annotations

import argparse
import collections
import json
import sys
from pathlib import Path

import numpy as np
import pandas as pd
from sklearn.metrics import roc_auc_score

WEIGHTS = (0.0, 0.1, 0.25, 0.4, 0.5, 0.6, 0.75, 1.0)
VETOES = (0.0, 0.001, 0.005, 0.01, 0.02, 0.05, 0.1)
THRESHOLD = 0.5


def read_run(path: str) -> pd.DataFrame:
    rows = json.loads(Path(path).read_text(encoding="utf-8"))
    seen: collections.Counter = collections.Counter()
    for row in rows:
        row["row"] = seen[row["file"]]
        seen[row["file"]] += 1
    return pd.DataFrame(rows)[["file", "row", "question", "paraphrase", "label", "cosine", "score"]]


def verifier_logits(run: pd.DataFrame, adapter: str | None, cache: str | None) -> np.ndarray:
    if cache and Path(cache).is_file():
        stored = pd.read_csv(cache)
        if len(stored) == len(run) and (stored.file.values == run.file.values).all():
            return stored.logit.to_numpy(dtype=float)
    from paraqd.verifier import PairVerifier

    verifier = PairVerifier.load(adapter, device="cpu")
    logits = verifier.logits(run.question.tolist(), run.paraphrase.tolist()).astype(float)
    if cache:
        Path(cache).parent.mkdir(parents=True, exist_ok=True)
        pd.DataFrame({"file": run.file, "row": run.row, "logit": logits}).to_csv(cache, index=False)
    return logits


def auc(labels, scores) -> float | None:
    labels = np.asarray(labels)
    return round(float(roc_auc_score(labels, scores)), 4) if 0 < labels.sum() < len(labels) else None


def errors(labels: np.ndarray, accepted: np.ndarray) -> dict[str, int]:
    return {"valid_rejected": int(((labels == 1) & ~accepted).sum()),
            "invalid_kept": int(((labels == 0) & accepted).sum())}


def mixed_scores(run: pd.DataFrame, prob: np.ndarray, w: float) -> np.ndarray:
    """The hybrid score with ``(1 - w) * cosine + w * prob`` in place of the cosine (a score the rule clipped at
    -1 stays there: a critical finding rejects whatever the learned half says)."""
    cos, score = run.cosine.to_numpy(), run.score.to_numpy()
    learned = (1 - w) * cos + w * prob
    return np.where(score <= -1 + 1e-6, score, np.clip(score + learned - cos, -1.0, 1.0))


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("run", help="the per-pair JSON of benchmarks/rewordings.py --out")
    parser.add_argument("--adapter", help="a verifier adapter folder (default: the shipped one)")
    parser.add_argument("--logits", help="CSV cache of the verifier's logits for this run")
    args = parser.parse_args(argv)
    run = read_run(args.run)
    prob = 1.0 / (1.0 + np.exp(-verifier_logits(run, args.adapter, args.logits)))
    labels = run.label.to_numpy()
    accepted = run.score.to_numpy() >= THRESHOLD
    files = {}
    for name, g in run.groupby("file", sort=False):
        i = g.index.to_numpy()
        files[name] = {"n": len(g), "cosine_auc": auc(labels[i], run.cosine.to_numpy()[i]),
                       "verifier_auc": auc(labels[i], prob[i])}
        print(f"{name[:40]:40s} n={len(g):5d}  pure ROC-AUC cosine {files[name]['cosine_auc']}  "
              f"verifier {files[name]['verifier_auc']}")
    cos = run.cosine.to_numpy()
    overall = {
        "cosine_auc": auc(labels, cos), "verifier_auc": auc(labels, prob),
        "accepted": {"n": int(accepted.sum()), "invalid": int((labels[accepted] == 0).sum()),
                     "cosine_auc": auc(labels[accepted], cos[accepted]),
                     "verifier_auc": auc(labels[accepted], prob[accepted])},
        "rejected": {"n": int((~accepted).sum()), "valid": int((labels[~accepted] == 1).sum()),
                     "cosine_auc": auc(labels[~accepted], cos[~accepted]),
                     "verifier_auc": auc(labels[~accepted], prob[~accepted])},
    }
    blend = {str(w): errors(labels, mixed_scores(run, prob, w) >= THRESHOLD) for w in WEIGHTS}
    veto = {str(t): errors(labels, accepted & (prob >= t)) for t in VETOES}
    total = (lambda e: e["valid_rejected"] + e["invalid_kept"])
    best_w = min(WEIGHTS, key=lambda w: (total(blend[str(w)]), w))
    best_t = min(VETOES, key=lambda t: (total(veto[str(t)]), t))
    print(f"all pairs: pure ROC-AUC cosine {overall['cosine_auc']} verifier {overall['verifier_auc']}; "
          f"on the {overall['accepted']['n']} the check accepts ({overall['accepted']['invalid']} invalid): "
          f"cosine {overall['accepted']['cosine_auc']} verifier {overall['accepted']['verifier_auc']}")
    print("verdict errors (valid rejected / invalid kept), blend weight w: " +
          "  ".join(f"{w}: {e['valid_rejected']}/{e['invalid_kept']}" for w, e in blend.items()))
    print("verdict errors, veto below tau: " +
          "  ".join(f"{t}: {e['valid_rejected']}/{e['invalid_kept']}" for t, e in veto.items()))
    print(f"fewest errors: blend w={best_w}, veto tau={best_t}")
    print(json.dumps({"run": args.run, "adapter": args.adapter or "shipped", "files": files, "overall": overall,
                      "blend": blend, "veto": veto, "best_weight": best_w, "best_veto": best_t}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
