"""How well the critical-information check separates valid from invalid paraphrases on DEVELOPMENT data.

Development data:
- the reference augmentations (data/reference_augmentations/*.csv): ``positive1..4`` are valid by
  construction (back-translation, identity, num2words, unit expansion), ``neg_1..6`` invalid by construction
  (phrase deletion, last-sentence deletion, entity replacement, number deletion, Pegasus, unit replacement).
  Pairs whose paraphrase equals the question are left out (the identity operator, and Pegasus outputs that
  copied the question: those are not invalid). ``positive3`` is left out by default: its num2words outputs
  are corrupted ("900" -> "9zerozero"), valid by construction but not in fact.
- the hand-labelled pairs of data/dev/*_labelled.csv (see data/dev/README.md): test-style operators
  (active->passive, TF-IDF replacement, random deletion, and on AQuA reference back-translations / Pegasus
  outputs) on AQuA *dev* and SVAMP pool questions, labelled by hand like the evaluation sets.

Prints, per operator column, how often the check flags the pair, and per finding kind and severity how
often it fires on valid and invalid pairs (its precision on this data). ``--hybrid`` adds the encoder's
cosine (untrained unless ``--model``), the default hybrid rule, the candidate rules it was chosen from, and
the default rule with each major or critical finding kind left out in turn (what each kind buys).

The evaluation sets are never used here unless ``--eval`` is given, and then only to print a diagnostic:
nothing in paraqd.hybrid is chosen from those figures.

    python benchmarks/check_dev.py                       # check alone, dev data
    python benchmarks/check_dev.py --hybrid              # + untrained cosine and the hybrid rule (dev)
    python benchmarks/check_dev.py --hybrid --eval       # + diagnostic on data/eval (not for tuning)
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter, defaultdict
from pathlib import Path

import numpy as np
import pandas as pd

SHARED = Path(__file__).resolve().parents[2] / "shared" / "data"
DEV_DIR = Path(__file__).resolve().parents[1] / "data" / "dev"
LABELLED = sorted(DEV_DIR.glob("*_labelled.csv"))
POSITIVE_COLUMNS = ("positive1", "positive2", "positive3", "positive4")
NEGATIVE_COLUMNS = ("neg_1", "neg_2", "neg_3", "neg_4", "neg_5", "neg_6")


def load_dev_pairs(directory: Path, limit: int | None = None, exclude: tuple[str, ...] = ()) -> pd.DataFrame:
    """Long table of (question, paraphrase, label, column) from every reference augmentation file."""
    rows = []
    for path in sorted(directory.glob("*.csv")):
        table = pd.read_csv(path)
        if limit:
            table = table.head(limit)
        for column in (*POSITIVE_COLUMNS, *NEGATIVE_COLUMNS):
            if column not in table or column in exclude:
                continue
            label = int(column in POSITIVE_COLUMNS)
            for q, p in zip(table["question"], table[column]):
                if isinstance(q, str) and isinstance(p, str) and p.strip() and p.strip() != q.strip():
                    rows.append((q, p, label, column, path.stem))
    return pd.DataFrame(rows, columns=["question", "paraphrase", "label", "column", "file"])


def load_eval_pairs(directory: Path) -> dict[str, pd.DataFrame]:
    out = {}
    for path in sorted(directory.glob("*.csv")):
        t = pd.read_csv(path)
        out[path.stem] = pd.DataFrame({"question": t["question"].astype(str), "paraphrase": t["augmented"].astype(str),
                                       "label": t["final_label"].astype(int)})
    return out


def report_check(pairs: pd.DataFrame, results) -> None:
    from paraqd.checks import Severity

    invalid = np.array([r.verdict == "invalid" for r in results])
    anything = np.array([bool(r.findings) for r in results])
    print("\n## Check alone, per operator column (dev)\n")
    print("| column | label | n | verdict invalid | any finding |")
    print("|---|---|---|---|---|")
    for column, idx in pairs.groupby("column").indices.items():
        print(f"| {column} | {pairs['label'].iloc[idx[0]]} | {len(idx)} | {invalid[idx].mean():.3f} "
              f"| {anything[idx].mean():.3f} |")
    labels = pairs["label"].to_numpy()
    n_valid, n_invalid = int(labels.sum()), int((1 - labels).sum())
    print(f"\n## Per finding kind (dev: {n_valid} valid, {n_invalid} invalid pairs)\n")
    print("| kind | severity | fires on valid | fires on invalid | precision (invalid) |")
    print("|---|---|---|---|---|")
    fired: dict[tuple[str, str], Counter] = defaultdict(Counter)
    for r, y in zip(results, labels):
        for kind, sev in {(f.kind, str(f.severity)) for f in r.findings}:
            fired[(kind, sev)][int(y)] += 1
    for (kind, sev), c in sorted(fired.items(), key=lambda kv: (kv[0][1], kv[0][0])):
        total = c[0] + c[1]
        print(f"| {kind} | {sev} | {c[1]} ({c[1] / max(n_valid, 1):.1%}) | {c[0]} ({c[0] / max(n_invalid, 1):.1%}) "
              f"| {c[0] / total:.3f} |")
    print("\n| worst severity | valid pairs | invalid pairs | precision (invalid) |")
    print("|---|---|---|---|")
    for sev in Severity:
        worst = np.array([r.worst == sev for r in results])
        v, i = int((worst & (labels == 1)).sum()), int((worst & (labels == 0)).sum())
        print(f"| {sev} | {v} ({v / n_valid:.1%}) | {i} ({i / n_invalid:.1%}) | {i / max(v + i, 1):.3f} |")


def report_scores(title: str, labels, named_scores: dict[str, np.ndarray]) -> None:
    from paraqd.evaluation.metrics import evaluate_scores

    print(f"\n## {title}\n")
    print("| scores | weighted F1 (paper) | macro F1 (paper) | mu+ | mu- | mu_s | ROC-AUC |")
    print("|---|---|---|---|---|---|---|")
    for name, scores in named_scores.items():
        m = evaluate_scores(labels, scores)
        print(f"| {name} | {m['weighted_f1_paper']:.3f} | {m['macro_f1_paper']:.3f} | {m['mu_pos']:.3f} "
              f"| {m['mu_neg']:.3f} | {m['separation']:.3f} | {m['roc_auc']:.3f} |")


def hybrid_variants(cosines: np.ndarray, results) -> dict[str, np.ndarray]:
    from paraqd.hybrid import DEFAULT_RULE, CapRule

    check_only = np.array([-1.0 if r.verdict == "invalid" else 1.0 for r in results])
    return {
        "cosine (pure)": cosines,
        "check alone (+1 / -1)": check_only,
        "cosine + check (default rule)": DEFAULT_RULE.combine(cosines, results),
        "cosine + check (caps: critical -1, major 0)": CapRule().combine(cosines, results),
    }


def rule_grid(cosines: np.ndarray, results) -> dict[str, np.ndarray]:
    """The candidate rules the default was chosen from (development data only)."""
    from paraqd.hybrid import CapRule, PenaltyRule

    out = {}
    for critical in (-1.0, 0.0):
        for major in (1.0, 0.0, -1.0):
            caps = {"critical": critical, **({} if major == 1.0 else {"major": major})}
            out[f"caps {caps}"] = CapRule(caps=caps).combine(cosines, results)
    for major in (0.5, 1.0, 2.0):
        for weight in (0.0, 0.5, 1.0, 2.0):
            rule = PenaltyRule(penalties={"critical": 2.0, "major": major}, content_weight=weight)
            out[f"penalties crit 2, major {major:g}, content x{weight:g}"] = rule.combine(cosines, results)
    return out


def leave_one_kind_out(title: str, labels, cosines: np.ndarray, results) -> None:
    """The default rule's figures with each finding kind removed in turn (what each kind buys)."""
    from paraqd.checks import CheckResult
    from paraqd.evaluation.metrics import evaluate_scores
    from paraqd.hybrid import DEFAULT_RULE

    full = evaluate_scores(labels, DEFAULT_RULE.combine(cosines, results))
    kinds = sorted({(f.kind, str(f.severity)) for r in results for f in r.findings if f.severity > 1})
    print(f"\n## {title}: default rule without one finding kind (major and critical kinds)\n")
    print(f"all findings: weighted F1 {full['weighted_f1_paper']:.3f}, mu_s {full['separation']:.3f}, "
          f"ROC-AUC {full['roc_auc']:.3f}\n")
    print("| without | severity | fires on valid / invalid | weighted F1 | mu_s | ROC-AUC | ROC-AUC bought |")
    print("|---|---|---|---|---|---|---|")
    for kind, severity in kinds:
        fired = np.array([any(f.kind == kind for f in r.findings) for r in results])
        reduced = [CheckResult.of(f for f in r.findings if f.kind != kind) for r in results]
        m = evaluate_scores(labels, DEFAULT_RULE.combine(cosines, reduced))
        print(f"| {kind} | {severity} | {int((fired & (labels == 1)).sum())} / {int((fired & (labels == 0)).sum())} "
              f"| {m['weighted_f1_paper']:.3f} | {m['separation']:.3f} | {m['roc_auc']:.3f} "
              f"| {full['roc_auc'] - m['roc_auc']:+.3f} |")


def load_labelled_pairs(path: Path) -> pd.DataFrame:
    table = pd.read_csv(path)
    return table.rename(columns={"operator": "column"}).assign(file=path.stem)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--data", type=Path, default=SHARED, help="shared data directory (default: %(default)s)")
    parser.add_argument("--limit", type=int, default=None, help="rows per augmentation file (quick runs)")
    parser.add_argument("--hybrid", action="store_true", help="also score with the untrained encoder + rule")
    parser.add_argument("--model", default=None, help="model directory for --hybrid (default: untrained)")
    parser.add_argument("--eval", action="store_true", help="diagnostic on data/eval (never used for tuning)")
    parser.add_argument("--exclude", default="positive3", help="reference columns to leave out (default: "
                        "%(default)s, whose num2words output is corrupted: '900' -> '9zerozero'); '' keeps all")
    parser.add_argument("--labelled", type=Path, nargs="*", default=LABELLED, help="hand-labelled dev pairs "
                        "(default: every data/dev/*_labelled.csv)")
    parser.add_argument("--examples", type=int, default=0, help="print N flagged valid pairs (false alarms)")
    args = parser.parse_args(argv)

    augment_dir = args.data / "reference_augmentations"
    if not augment_dir.is_dir():
        print(f"no development data at {augment_dir}; nothing to measure", file=sys.stderr)
        return 0
    from paraqd.checks import CriticalInfoChecker

    scorer = None
    checker = CriticalInfoChecker()
    if args.hybrid:  # the scorer's checker: its encoder judges synonyms (paraqd.checks.synonyms)
        from paraqd.scoring import ParaphraseScorer

        scorer = ParaphraseScorer.load(args.model)
        checker = scorer.checker
    dev_sets = {"reference augmentations":
                load_dev_pairs(augment_dir, args.limit, tuple(c for c in args.exclude.split(",") if c))}
    for path in args.labelled:
        if path.is_file():
            dev_sets[f"hand-labelled {path.stem}"] = load_labelled_pairs(path)
    for title, pairs in dev_sets.items():
        print(f"\n# Development data: {title}")
        start = time.perf_counter()
        results = checker.check_pairs(pairs["question"], pairs["paraphrase"], progress=True)
        elapsed = time.perf_counter() - start
        print(f"checked {len(pairs)} dev pairs in {elapsed:.1f}s ({len(pairs) / elapsed:.0f} pairs/s)")
        report_check(pairs, results)
        if args.examples:
            print("\n## False alarms (valid pairs judged invalid)\n")
            shown = 0
            for (q, p, y, col), r in zip(pairs[["question", "paraphrase", "label", "column"]].itertuples(
                    index=False), results):
                if y == 1 and r.verdict == "invalid" and shown < args.examples:
                    print(f"- [{col}] {r}\n  Q: {q}\n  P: {p}")
                    shown += 1
        if scorer is not None:
            cos = scorer.cosine_pairs(list(pairs["question"]), list(pairs["paraphrase"]))
            labels = pairs["label"].to_numpy()
            report_scores(f"{title}: scores", labels, hybrid_variants(cos, results))
            report_scores(f"{title}: candidate rules", labels, rule_grid(cos, results))
            leave_one_kind_out(title, labels, cos, results)
    if args.eval:
        print("\n# DIAGNOSTIC ONLY: evaluation sets (nothing is tuned on these)")
        for name, table in load_eval_pairs(args.data / "eval").items():
            res = checker.check_pairs(table["question"], table["paraphrase"])
            scores = {"check alone (+1 / -1)": np.array([-1.0 if r.verdict == "invalid" else 1.0 for r in res])}
            if scorer is not None:
                cos = scorer.cosine_pairs(list(table["question"]), list(table["paraphrase"]))
                scores = hybrid_variants(cos, res)
            report_scores(name, table["label"].to_numpy(), scores)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
