"""How the DEFAULT scorer judges rewordings: every labelled development file, valid kept and invalid caught.

The scorer is ``ParaphraseScorer.load()`` and nothing else (``--model`` loads another model the same way;
``--pure`` asks for the learned cosine alone, the paper's score, to compare; ``--hybrid`` forces the check on,
e.g. on a checkout where it is not yet the default). Each pair is explained once
(:meth:`paraqd.scoring.ParaphraseScorer.explain_pairs`): its score gives the threshold-free figures, its
verdict (score >= the scorer's threshold) the rest, and its findings say why a verdict went wrong.

Per file it prints:

- valid kept (recall of the valid pairs) and invalid caught (recall of the invalid ones) at the scorer's own,
  untuned threshold; weighted F1 in the paper's convention (:mod:`paraqd.evaluation.metrics`);
- ROC-AUC and its standard error (Hanley & McNeil, :func:`paraqd.evaluation.metrics.auc_standard_error`);
- the finding kinds behind every wrong verdict: for false rejections, each finding kind that fired on the pair,
  with its severity (critical and major ones reject by themselves; a pair with none was rejected by its
  learned cosine alone); for false acceptances, the dev set's ``kind``
  (else ``operator``) column, i.e. what had been done to the question;
- with a hybrid scorer, the same figures of its learned cosine alone (``pure_cosine``: what ``--pure`` gives,
  without a second run, since every explanation carries its cosine).

Development files (those that exist; ``--files`` to choose):

- ``../shared/data/dev/mathcheck_dev.csv``: GPT-4 rewordings of GSM8K problems (MathCheck), labelled by their
  authors (question, augmented, final_label, kind);
- ``data/dev/gsm8k_rewordings_labelled.csv``: rewordings of GSM8K *train* problems written and labelled for
  paraqd (question, paraphrase, operator, label, kind, question_id);
- ``data/dev/aqua_dev_labelled.csv``, ``data/dev/svamp_dev_labelled.csv``: test-style operator outputs labelled
  by hand (data/dev/README.md).

Never run on the evaluation sets (``../shared/data/eval/``): these are development figures.

    python benchmarks/rewordings.py                        # default scorer, every dev file
    python benchmarks/rewordings.py --pure                 # the paper's pure cosine, to compare
    python benchmarks/rewordings.py --files data/dev/svamp_dev_labelled.csv --out verdicts.csv

The last printed line is a JSON summary: ``{"scorer", "model", "threshold", "files": {name: {...}},
"seconds"}``.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd

REPO = Path(__file__).resolve().parents[1]
DEV_FILES = (
    REPO.parent / "shared" / "data" / "dev" / "mathcheck_dev.csv",
    REPO / "data" / "dev" / "gsm8k_rewordings_labelled.csv",
    REPO / "data" / "dev" / "aqua_dev_labelled.csv",
    REPO / "data" / "dev" / "svamp_dev_labelled.csv",
)
#: the column saying what was done to the question (the first one present is used)
KIND_COLUMNS = ("kind", "operator")
#: the wrong-verdict bucket of a valid pair rejected with no finding at all
NO_FINDING = "(no finding: learned cosine below threshold)"
#: the keys of each file's entry in the JSON summary, in order (the test checks them); a hybrid scorer's
#: entries end with ``pure_cosine``, the figures (up to ``roc_auc_se``) of its learned cosine alone
SUMMARY_KEYS = ("n", "n_valid", "n_invalid", "valid_kept", "invalid_caught", "weighted_f1_paper", "roc_auc",
                "roc_auc_se", "false_rejections", "false_acceptances")
FIGURE_KEYS = SUMMARY_KEYS[:8]


def read_dev_file(path: str | os.PathLike):
    """``(LabelledPairs, kinds)`` of one labelled file; ``kinds`` is the kind/operator column ('' if none)."""
    from paraqd.evaluation.evaluator import LabelledPairs
    from paraqd.io import find_column, read_table

    table = read_table(path)
    pairs = LabelledPairs.from_frame(table, source=path)
    kind = find_column(table, None, KIND_COLUMNS, "kind", path, required=False)
    kinds = table[kind].fillna("").astype(str).tolist() if kind else [""] * len(pairs)
    return pairs, kinds


def recall(labels: np.ndarray, predicted: np.ndarray, cls: int) -> float:
    """Share of the pairs labelled ``cls`` that were predicted ``cls`` (nan when there are none)."""
    mask = labels == cls
    return float((predicted[mask] == cls).mean()) if mask.any() else float("nan")


def wrong_verdicts(labels: np.ndarray, explanations, kinds: list[str]) -> tuple[Counter, Counter]:
    """``(false_rejections, false_acceptances)``: finding kinds on rejected valid pairs, as "kind (severity)"
    (each once per pair, at its worst severity there; :data:`NO_FINDING` when none fired), and the dev-set
    kind of accepted invalid pairs."""
    rejected, accepted = Counter(), Counter()
    for y, e, kind in zip(labels, explanations, kinds):
        if y == 1 and not e.valid:
            worst: dict[str, Any] = {}
            for f in e.check.findings:  # most severe first
                worst.setdefault(f.kind, f.severity)
            rejected.update(sorted(f"{k} ({s})" for k, s in worst.items()) or [NO_FINDING])
        elif y == 0 and e.valid:
            accepted[kind or "(no kind column)"] += 1
    return rejected, accepted


def figures(labels: np.ndarray, scores: np.ndarray, threshold: float) -> dict[str, Any]:
    """The :data:`FIGURE_KEYS` of ``scores`` (a pair is valid when its score reaches ``threshold``), rounded."""
    from paraqd.evaluation.metrics import auc_standard_error, evaluate_scores, predict

    metrics = evaluate_scores(labels, scores, threshold)
    predicted = predict(scores, threshold)
    auc = metrics["roc_auc"]
    out = {
        "n": metrics["n"], "n_valid": metrics["n_valid"], "n_invalid": metrics["n_invalid"],
        "valid_kept": recall(labels, predicted, 1), "invalid_caught": recall(labels, predicted, 0),
        "weighted_f1_paper": metrics["weighted_f1_paper"], "roc_auc": auc,
        "roc_auc_se": auc_standard_error(auc, metrics["n_valid"], metrics["n_invalid"]) if auc == auc else auc,
    }
    return {k: round(v, 4) if isinstance(v, float) else v for k, v in out.items()}


def summarise(labels: np.ndarray, explanations, kinds: list[str], threshold: float) -> dict[str, Any]:
    """One file's figures under :data:`SUMMARY_KEYS` (and ``pure_cosine`` for a hybrid scorer's)."""
    scores = np.array([e.score for e in explanations], dtype=float)  # e.valid is score >= threshold
    rejected, accepted = wrong_verdicts(labels, explanations, kinds)
    summary = {**figures(labels, scores, threshold), "false_rejections": dict(rejected.most_common()),
               "false_acceptances": dict(accepted.most_common())}
    if any(e.method == "hybrid" for e in explanations):
        summary["pure_cosine"] = figures(labels, np.array([e.cosine for e in explanations], dtype=float),
                                         threshold)
    return summary


def verdict_rows(name: str, pairs, kinds: list[str], explanations) -> pd.DataFrame:
    """One row per pair: what it is, its scores and verdict, and the findings behind it (for ``--out``)."""
    return pd.DataFrame({
        "file": name, "question": pairs.questions, "paraphrase": pairs.paraphrases, "label": pairs.labels,
        "kind": kinds,
        "cosine": [round(e.cosine, 6) for e in explanations], "score": [round(e.score, 6) for e in explanations],
        "valid": [int(e.valid) for e in explanations],
        "correct": [int(e.valid) == int(y) for e, y in zip(explanations, pairs.labels)],
        "findings": [",".join(f.kind for f in e.check.findings) for e in explanations],
        "reasons": ["; ".join(e.reasons) for e in explanations],
    })


def print_figures(title: str, rows: dict[str, dict[str, Any]]) -> None:
    print(f"\n## {title}\n")
    print("| file | n (valid / invalid) | valid kept | invalid caught | weighted F1 (paper) | ROC-AUC +- SE |")
    print("|---|---|---|---|---|---|")
    for name, s in rows.items():
        print(f"| {name} | {s['n']} ({s['n_valid']} / {s['n_invalid']}) | {s['valid_kept']:.3f} "
              f"| {s['invalid_caught']:.3f} | {s['weighted_f1_paper']:.3f} | {s['roc_auc']:.3f} +- "
              f"{s['roc_auc_se']:.3f} |")


def print_tables(summaries: dict[str, dict[str, Any]], scorer_name: str, threshold: float) -> None:
    print_figures(f"{scorer_name} scorer, threshold {threshold:g} (development data)", summaries)
    pure = {name: s["pure_cosine"] for name, s in summaries.items() if "pure_cosine" in s}
    if pure:
        print_figures("its learned cosine alone (what --pure gives), for comparison", pure)
    print("\n## Wrong verdicts\n")
    print("| file | wrong verdict | finding kind (rejections) / dev-set kind (acceptances) | pairs |")
    print("|---|---|---|---|")
    for name, s in summaries.items():
        for what, key in (("valid rejected", "false_rejections"), ("invalid accepted", "false_acceptances")):
            for kind, count in s[key].items():
                print(f"| {name} | {what} | {kind} | {count} |")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--files", nargs="+", type=Path, help="labelled files (default: every development "
                        "file listed above that exists)")
    parser.add_argument("--model", default=None, help="model directory or encoder name (default: the embedded "
                        "all-MiniLM-L6-v2), loaded with ParaphraseScorer.load")
    mode = parser.add_mutually_exclusive_group()
    mode.add_argument("--pure", dest="hybrid", action="store_false", default=None,
                      help="the learned cosine alone (the paper's score), to compare with the default")
    mode.add_argument("--hybrid", dest="hybrid", action="store_true",
                      help="force the critical-information check on (whatever the model's paraqd.json says)")
    parser.add_argument("--out", type=Path, help="write every pair's verdict here (.csv, .jsonl or .parquet)")
    args = parser.parse_args(argv)

    files = args.files or [p for p in DEV_FILES if p.is_file()]
    missing = [str(p) for p in files if not Path(p).is_file()]
    if missing:
        parser.error(f"no such file: {', '.join(missing)}")
    if not files:
        parser.error("no development file found; name some with --files")

    from paraqd.io import write_table
    from paraqd.scoring import ParaphraseScorer

    start = time.perf_counter()
    scorer = ParaphraseScorer.load(args.model, hybrid=args.hybrid)
    scorer_name = "pure" if scorer.hybrid is None else f"hybrid ({scorer.hybrid.rule.kind} rule)"
    summaries: dict[str, dict[str, Any]] = {}
    rows = []
    for path in files:
        pairs, kinds = read_dev_file(path)
        explanations = scorer.explain_pairs(pairs.questions, pairs.paraphrases)
        name = Path(path).stem
        summaries[name] = summarise(pairs.labels, explanations, kinds, scorer.threshold)
        if args.out:
            rows.append(verdict_rows(name, pairs, kinds, explanations))
        print(f"{name}: {len(pairs)} pairs judged ({time.perf_counter() - start:.0f} s so far)", file=sys.stderr)
    print_tables(summaries, scorer_name, scorer.threshold)
    if args.out:
        write_table(pd.concat(rows, ignore_index=True), args.out)
        print(f"\nper-pair verdicts: {args.out}")
    print(json.dumps({"scorer": scorer_name, "model": args.model or "pretrained", "threshold": scorer.threshold,
                      "files": summaries, "seconds": round(time.perf_counter() - start, 1)}))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
