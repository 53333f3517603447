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

Per file and per ``kind`` (and, for files with a ``family`` column, per style ``family``): the pairs' label
(valid, invalid or mixed), valid kept or invalid caught, and the ROC-AUC of the group's pairs against the
pairs of the other label of the same file (so a kind of valid pairs scores how far above the file's invalid
pairs it ranks).

Leave-one-style-out view: ``benchmarks/rewordings_history.json`` records, for each style family, the figures
of the scorer *as it stood before that family was added to the tuning data*. Before starting to tune on a new
family, run ``--record FAMILY`` (``--record all`` records every family of the files read): it appends the
git commit, the date and the per-family figures of this run to the history. Every run then prints, for each
family of each tuned (non-blind) file with a family column, its first recorded figures on that file beside
today's (per file, so that a family's "before" and "now" are figures on the same pairs).
The first record (the baseline) was made with the scorer of issue 24's start, before any rule was changed for
the new style families.

The blind parts (``data/dev/blind/*.csv``) are read only with ``--blind``: they are scored once per release for
the README and never used to choose a rule, a word list or a threshold (data/dev/blind/README.md).
``--record`` refuses to run with them.

Development files (those that exist; ``--files`` to choose):

- ``../shared/data/dev/mathcheck_dev.csv``: GPT-4 rewordings of GSM8K problems (MathCheck), labelled by their
  authors (question, augmented, final_label, kind);
- ``data/dev/gsm8k_rewordings_labelled.csv``: rewordings of GSM8K *train* problems written and labelled for
  paraqd (question, paraphrase, operator, label, kind, question_id);
- ``data/dev/aqua_dev_labelled.csv``, ``data/dev/svamp_dev_labelled.csv``: test-style operator outputs labelled
  by hand (data/dev/README.md).
- ``../shared/data/dev/rewordings_public_dev.csv``: rewordings from public data (LLM rewrites of GSM8K train
  problems, number edits, SVAMP variants); ``../shared/data/dev/rewordings_public_dev_irrelevant_context.csv``:
  problems with an off-topic quantity added, all label 1 (valid, expected with a note);
- ``data/dev/rewordings_styles_gsm8k.csv`` (and ``rewordings_styles_svamp.csv`` when present): hand-written
  rewordings in the style families of issue 24 (data/dev/README.md), their tuned part;
- ``data/dev/rewordings_check.csv``: 51 rewordings in the same families on 13 new questions, written in session 10
  as a held-out check of that session's rules, tuned since (data/dev/README.md).

Never run on the evaluation sets (``../shared/data/eval/``): these are development figures.

    python benchmarks/rewordings.py                        # default scorer, every dev file
    python benchmarks/rewordings.py --pure                 # the paper's pure cosine, to compare
    python benchmarks/rewordings.py --files data/dev/svamp_dev_labelled.csv --out verdicts.csv
    python benchmarks/rewordings.py --files data/dev/rewordings_styles_gsm8k.csv --record all   # baseline
    python benchmarks/rewordings.py --blind                # once per release: adds the blind parts
    python benchmarks/rewordings.py --blind --files data/dev/blind/X.csv   # one blind part alone

The last printed line is a JSON summary: ``{"scorer", "model", "threshold", "files": {name: {...}},
"kinds": {name: {kind: {...}}}, "families": {name: {family: {...}}}, "leave_one_style_out": {name: {family:
{"before": {...}, "now": {...}}}}, "blind": bool, "seconds"}``.
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
SHARED_DEV = REPO.parent / "shared" / "data" / "dev"
DEV_FILES = (
    SHARED_DEV / "mathcheck_dev.csv",
    SHARED_DEV / "rewordings_public_dev.csv",
    SHARED_DEV / "rewordings_public_dev_irrelevant_context.csv",
    REPO / "data" / "dev" / "gsm8k_rewordings_labelled.csv",
    REPO / "data" / "dev" / "aqua_dev_labelled.csv",
    REPO / "data" / "dev" / "svamp_dev_labelled.csv",
    REPO / "data" / "dev" / "rewordings_styles_gsm8k.csv",
    REPO / "data" / "dev" / "rewordings_styles_svamp.csv",
    REPO / "data" / "dev" / "rewordings_check.csv",
    REPO / "data" / "dev" / "rewordings_styles_unseen_gsm8k.csv",
    REPO / "data" / "dev" / "rewordings_styles_unseen_svamp.csv",
    REPO / "data" / "dev" / "rewordings_styles_llm_gsm8k.csv",
    REPO / "data" / "dev" / "rewordings_styles_llm_svamp.csv",
    REPO / "data" / "dev" / "rewordings_styles_teacher_gsm8k.csv",
    REPO / "data" / "dev" / "rewordings_styles_teacher_svamp.csv",
    REPO / "data" / "dev" / "rewordings_styles_varied_gsm8k.csv",
    REPO / "data" / "dev" / "rewordings_styles_varied_svamp.csv",
    REPO / "data" / "dev" / "rewordings_styles_newforms_mixed.csv",
)
#: the blind parts: read with --blind only, scored once per release, never tuned on
BLIND_DIR = REPO / "data" / "dev" / "blind"
BLIND_REMINDER = ("REMINDER: the blind parts (data/dev/blind/) are scored once per release, for the README; never "
                  "use these figures to choose a rule, a word list or a threshold (data/dev/blind/README.md).")
#: the leave-one-style-out record (appended to by --record)
HISTORY = REPO / "benchmarks" / "rewordings_history.json"
#: the column saying what was done to the question (the first one present is used)
KIND_COLUMNS = ("kind", "operator")
#: the style family column of the issue-24 style files
FAMILY_COLUMN = "family"
#: the keys of a kind's or a family's figures
GROUP_KEYS = ("n", "label", "valid_kept", "invalid_caught", "roc_auc")
#: the wrong-verdict bucket of a valid pair rejected with no finding at all
NO_FINDING = "(no finding: learned cosine below threshold)"
#: the keys of each file's entry in the JSON summary, in order (the test checks them); a hybrid scorer's
#: entries end with ``pure_cosine``, the figures (up to ``roc_auc_se``) of its learned cosine alone
SUMMARY_KEYS = ("n", "n_valid", "n_invalid", "valid_kept", "invalid_caught", "weighted_f1_paper", "roc_auc",
                "roc_auc_se", "false_rejections", "false_acceptances")
FIGURE_KEYS = SUMMARY_KEYS[:8]


def read_dev_file(path: str | os.PathLike):
    """``(LabelledPairs, kinds, families)`` of one labelled file; ``kinds`` is the kind/operator column ('' if
    none), ``families`` the style family column (``None`` when the file has none)."""
    from paraqd.evaluation.evaluator import LabelledPairs
    from paraqd.io import find_column, read_table

    table = read_table(path)
    pairs = LabelledPairs.from_frame(table, source=path)
    kind = find_column(table, None, KIND_COLUMNS, "kind", path, required=False)
    kinds = table[kind].fillna("").astype(str).tolist() if kind else [""] * len(pairs)
    families = table[FAMILY_COLUMN].fillna("").astype(str).tolist() if FAMILY_COLUMN in table else None
    return pairs, kinds, families


def is_blind_file(path: str | os.PathLike) -> bool:
    """Whether ``path`` is one of the blind parts (a file under data/dev/blind/)."""
    return Path(path).resolve().parent == BLIND_DIR.resolve()


def group_figures(labels: np.ndarray, scores: np.ndarray, threshold: float,
                  groups: list[str]) -> dict[str, dict[str, Any]]:
    """Per group (kind or family), the :data:`GROUP_KEYS`: its size, its label ("valid", "invalid" or "mixed"),
    valid kept and invalid caught among its pairs (None when it has none of that label), and the ROC-AUC of its
    pairs against the pairs of the other label outside it (of a mixed group: among its own pairs)."""
    from sklearn.metrics import roc_auc_score

    from paraqd.evaluation.metrics import predict

    predicted = predict(scores, threshold)
    groups_arr = np.asarray(groups, dtype=object)
    out: dict[str, dict[str, Any]] = {}
    for group in sorted(set(groups)):
        inside = groups_arr == group
        present = set(labels[inside].tolist())
        if present == {0, 1}:
            mask = inside
        else:
            (label,) = present
            mask = inside | (labels != label)
        y, s = labels[mask], scores[mask]
        auc = float(roc_auc_score(y, s)) if len(set(y.tolist())) == 2 else float("nan")
        kept = recall(labels[inside], predicted[inside], 1)
        caught = recall(labels[inside], predicted[inside], 0)
        out[group] = {
            "n": int(inside.sum()),
            "label": "mixed" if len(present) == 2 else ("valid" if present == {1} else "invalid"),
            "valid_kept": None if kept != kept else round(kept, 4),
            "invalid_caught": None if caught != caught else round(caught, 4),
            "roc_auc": None if auc != auc else round(auc, 4),
        }
    return out


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


def print_groups(title: str, column: str, groups: dict[str, dict[str, dict[str, Any]]]) -> None:
    """One table row per (file, kind or family): label, n, valid kept / invalid caught, ROC-AUC."""
    if not any(groups.values()):
        return
    print(f"\n## {title}\n")
    print(f"| file | {column} | label | n | valid kept | invalid caught | ROC-AUC vs other label |")
    print("|---|---|---|---|---|---|---|")
    for name, rows in groups.items():
        for group, g in rows.items():
            print(f"| {name} | {group or '(none)'} | {g['label']} | {g['n']} | {_fmt(g['valid_kept'])} "
                  f"| {_fmt(g['invalid_caught'])} | {_fmt(g['roc_auc'])} |")


def _fmt(value) -> str:
    return "-" if value is None else f"{value:.3f}"


def git_state() -> dict[str, Any]:
    """The checkout's commit and whether it has uncommitted changes (``"unknown"`` outside git)."""
    import subprocess

    try:
        commit = subprocess.run(["git", "rev-parse", "HEAD"], cwd=REPO, capture_output=True, text=True,
                                check=True).stdout.strip()
        dirty = bool(subprocess.run(["git", "status", "--porcelain", "--untracked-files=no"], cwd=REPO,
                                    capture_output=True, text=True, check=True).stdout.strip())
    except (OSError, subprocess.CalledProcessError):
        return {"commit": "unknown", "dirty": None}
    return {"commit": commit, "dirty": dirty}


def read_history(path: Path) -> list[dict[str, Any]]:
    """The records of the leave-one-style-out history (none when the file does not exist yet)."""
    if not path.is_file():
        return []
    data = json.loads(path.read_text(encoding="utf-8"))
    if not isinstance(data, dict) or not isinstance(data.get("records"), list):
        raise ValueError(f"{path}: not a rewordings history (expected {{\"records\": [...]}})")
    return data["records"]


def append_record(path: Path, record: dict[str, Any]) -> None:
    """Append ``record`` to the history at ``path``, written atomically."""
    import tempfile

    records = read_history(path) + [record]
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            json.dump({"about": "benchmarks/rewordings.py --record: per style family, the figures of the scorer "
                                "before that family was added to the tuning data (first record naming it)",
                       "records": records}, fh, indent=1)
            fh.write("\n")
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def leave_one_style_out(records: list[dict[str, Any]],
                        now: dict[str, dict[str, dict[str, Any]]]) -> dict[str, dict[str, dict[str, Any]]]:
    """Per tuned file and family (recorded or present now): ``{"before": the first record naming the family
    with figures on that file (commit, date, figures) or None, "now": today's figures on the file or None}``."""
    out: dict[str, dict[str, dict[str, Any]]] = {}
    for record in records:
        for name, figures in record["figures"].items():
            for family in record["families"]:
                if family in figures and family not in out.setdefault(name, {}):
                    out[name][family] = {"before": {"commit": record["commit"], "date": record["date"],
                                                    "figures": figures[family]}}
    for name in sorted(set(out) | set(now)):
        families = out.setdefault(name, {})
        for family in set(families) | set(now.get(name, {})):
            families.setdefault(family, {"before": None})["now"] = now.get(name, {}).get(family)
        out[name] = dict(sorted(families.items()))
    return dict(sorted(out.items()))


def print_leave_one_style_out(view: dict[str, dict[str, dict[str, Any]]]) -> None:
    if not any(view.values()):
        return
    print("\n## Leave-one-style-out: each family before it was added to the tuning data, and now\n")
    print("| file | family | label | before: commit (date) | n | kept / caught | ROC-AUC | now: n "
          "| kept / caught | ROC-AUC |")
    print("|---|---|---|---|---|---|---|---|---|---|")
    for name, families in view.items():
        for family, v in families.items():
            b, n = v["before"], v["now"]
            label = (n or (b or {}).get("figures") or {}).get("label", "-")
            key = "valid_kept" if label == "valid" else "invalid_caught"
            if b:
                f = b["figures"]
                before = (f"{b['commit'][:9]} ({b['date'][:10]}) | {f['n']} | {_fmt(f.get(key))} "
                          f"| {_fmt(f['roc_auc'])}")
            else:
                before = "(not recorded) | - | - | -"
            now = f"{n['n']} | {_fmt(n.get(key))} | {_fmt(n['roc_auc'])}" if n else "- | - | -"
            print(f"| {name} | {family} | {label} | {before} | {now} |")


def chosen_files(parser: argparse.ArgumentParser, args: argparse.Namespace) -> list:
    """The files to read: ``--files`` or every development file that exists, plus the blind parts with
    ``--blind`` (only those ``--files`` names when it names some: one new blind part is scored alone, without
    scoring the others again); a parser error for a missing file, a blind part without ``--blind``, or none at all."""
    files = list(args.files or [p for p in DEV_FILES if p.is_file()])
    missing = [str(p) for p in files if not Path(p).is_file()]
    if missing:
        parser.error(f"no such file: {', '.join(missing)}")
    if args.blind:
        if args.record:
            parser.error("--record never reads the blind parts: the leave-one-style-out figures are tuning figures")
        if not any(is_blind_file(p) for p in files):
            files += [p for p in sorted(BLIND_DIR.glob("*.csv"))]
    elif any(is_blind_file(p) for p in files):
        parser.error("the blind parts (data/dev/blind/) are read only with --blind, once per release")
    if not files:
        parser.error("no development file found; name some with --files")
    return files


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
    parser.add_argument("--blind", action="store_true", help="also score the blind parts (data/dev/blind/*.csv): "
                        "once per release, for the README; never to choose a rule, a word list or a threshold")
    parser.add_argument("--record", nargs="+", metavar="FAMILY", help="append this run's per-family figures to "
                        "the history as the figures of FAMILY (or 'all': every family read) before it is added "
                        "to the tuning data")
    parser.add_argument("--note", default="", help="with --record: a line saying what the record is (e.g. "
                        "which rule change comes next)")
    parser.add_argument("--history", type=Path, default=HISTORY, help="the leave-one-style-out record "
                        "(default: %(default)s)")
    args = parser.parse_args(argv)

    files = chosen_files(parser, args)
    try:
        records = read_history(args.history)
    except (OSError, ValueError) as exc:
        parser.error(f"cannot read the history: {exc}")
    read = {Path(path): read_dev_file(path) for path in files}
    tuned_families = {f for path, (_, _, fams) in read.items() if fams and not is_blind_file(path) for f in fams}
    if args.record:
        unknown = sorted(set(args.record) - tuned_families - {"all"})
        if unknown or not tuned_families:
            parser.error(f"--record: no such family in the (non-blind) files read: {', '.join(unknown) or 'none'}")
    if args.blind:
        print(BLIND_REMINDER, file=sys.stderr)

    from paraqd.io import write_table
    from paraqd.scoring import ParaphraseScorer

    start = time.perf_counter()
    scorer = ParaphraseScorer.load(args.model, hybrid=args.hybrid)
    scorer_name = "pure" if scorer.hybrid is None else f"hybrid ({scorer.hybrid.rule.kind} rule)"
    summaries: dict[str, dict[str, Any]] = {}
    kinds_out: dict[str, dict[str, Any]] = {}
    families_out: dict[str, dict[str, Any]] = {}
    rows = []
    for path, (pairs, kinds, families) in read.items():
        explanations = scorer.explain_pairs(pairs.questions, pairs.paraphrases)
        name = Path(path).stem
        summaries[name] = summarise(pairs.labels, explanations, kinds, scorer.threshold)
        scores = np.array([e.score for e in explanations], dtype=float)
        kinds_out[name] = group_figures(pairs.labels, scores, scorer.threshold, kinds)
        if families is not None:
            families_out[name] = group_figures(pairs.labels, scores, scorer.threshold, families)
        if args.out:
            rows.append(verdict_rows(name, pairs, kinds, explanations))
        print(f"{name}: {len(pairs)} pairs judged ({time.perf_counter() - start:.0f} s so far)", file=sys.stderr)
    now = {Path(p).stem: families_out[Path(p).stem] for p, (_, _, fams) in read.items()
           if fams is not None and not is_blind_file(p)}
    if args.record:
        chosen = sorted(tuned_families) if "all" in args.record else sorted(set(args.record))
        append_record(args.history, {
            **git_state(), "date": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()), "note": args.note,
            "families": chosen,
            "scorer": scorer_name, "model": args.model or "pretrained", "threshold": scorer.threshold,
            "figures": now})
        records = read_history(args.history)
        print(f"recorded {len(chosen)} families in {args.history}", file=sys.stderr)
    view = leave_one_style_out(records, now)
    print_tables(summaries, scorer_name, scorer.threshold)
    print_groups("By kind (the file's kind / operator column)", "kind", kinds_out)
    print_groups("By style family", "family", families_out)
    print_leave_one_style_out(view)
    if args.out:
        write_table(pd.concat(rows, ignore_index=True), args.out)
        print(f"\nper-pair verdicts: {args.out}")
    if args.blind:
        print(f"\n{BLIND_REMINDER}")
    print(json.dumps({"scorer": scorer_name, "model": args.model or "pretrained", "threshold": scorer.threshold,
                      "files": summaries, "kinds": kinds_out, "families": families_out,
                      "leave_one_style_out": view, "blind": args.blind,
                      "seconds": round(time.perf_counter() - start, 1)}))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
