"""`paraqd evaluate`: metrics of a scorer on human-labelled pairs, one row per file."""

from __future__ import annotations

import logging
from pathlib import Path

from ..errors import InputError
from . import command, options

log = logging.getLogger("paraqd.evaluate")

DESCRIPTION = """Evaluate a paraphrase scorer on labelled (question, paraphrase, label) files.

MODEL is a model directory written by `paraqd train`, a sentence-transformers model name or path, or
`pretrained` (the embedded all-MiniLM-L6-v2, untrained). The scorer is paraqd's default: the hybrid score
(the learned cosine lowered by what the critical-information check finds) unless the model's paraqd.json
says pure; --pure evaluates the learned cosine alone, the paper's score (its "Pretrained" row is
`paraqd evaluate pretrained FILE --pure`). Each PAIRS file (.csv, .jsonl, .parquet) needs a
question column, a paraphrase column (paraphrase, augmented, candidate, ...) and a 0/1 label column
(label, final_label, ...): detected, or named with the --*-column options.

Metrics, at the untuned threshold --threshold (0.5, the paper's; score >= threshold = valid):
  mu_pos, mu_neg, separation   mean score of valid / invalid pairs and their difference (mu_s)
  macro_p, macro_r, weighted_p, weighted_r
                               precision and recall averaged over the two classes
  *_f1_paper                   harmonic mean of the averaged P and R (what the paper reports)
  *_f1                         average of the per-class F1 scores (scikit-learn's convention)
  ap, roc_auc                  threshold-free ranking quality
  tn, fp, fn, tp, accuracy     confusion matrix (0 = invalid)

examples (the files under data/dev/ are in the repository):
  paraqd evaluate pretrained data/dev/aqua_dev_labelled.csv --json out.json
  paraqd evaluate pretrained data/dev/aqua_dev_labelled.csv --pure      # the paper's "Pretrained" score
  paraqd evaluate runs/model/ data/dev/aqua_dev_labelled.csv data/dev/svamp_dev_labelled.csv \\
      --markdown results.md --plots plots/
  paraqd evaluate pretrained pairs.jsonl --question-column original --paraphrase-column rewrite \\
      --label-column is_valid"""


@command("evaluate", help="metrics of a scorer on labelled pairs (paper Table 1 figures)",
         description=DESCRIPTION)
def add_arguments(parser):
    parser.add_argument("model", help="trained model directory, model name or path, or 'pretrained'")
    parser.add_argument("pairs", nargs="+", help="labelled pair files (.csv, .jsonl, .parquet)")
    parser.add_argument("--json", dest="json_out", metavar="OUT",
                        help="write a JSON list, one object per file (keys: file, n, ..., threshold, ..., scorer); - for "
                             "standard output (instead of the table)")
    parser.add_argument("--markdown", metavar="OUT",
                        help="write the table as Markdown; - for standard output (instead of the table)")
    parser.add_argument("--plots", metavar="DIR",
                        help="write score-distribution and confusion-matrix PNGs into DIR")
    parser.add_argument("--threshold", type=options.score_threshold, default=0.5,
                        help="score at or above which a pair is predicted valid, in [-1, 1] (default: 0.5, "
                             "untuned)")
    parser.add_argument("--tuned-threshold", action="store_true",
                        help="also report the threshold maximising weighted F1 ON THE EVALUATED DATA "
                             "(optimistic; reported under *_on_eval_data keys)")
    parser.add_argument("--question-column", help="question column (default: detected)")
    parser.add_argument("--paraphrase-column", help="paraphrase column (default: detected)")
    parser.add_argument("--label-column", help="0/1 label column (default: detected)")
    parser.add_argument("--batch-size", type=options.count, default=64, help="encoding batch size (default: 64)")
    parser.add_argument("--max-seq-length", type=options.count, help="truncate texts to this many tokens")
    from .score import add_bad_row_arguments

    add_bad_row_arguments(parser, report_default="not written; the summary counts them and names their rows")
    mode = parser.add_mutually_exclusive_group()
    mode.add_argument("--pure", dest="hybrid", action="store_false", default=None,
                      help="the learned cosine alone (the paper's score) instead of the default hybrid score")
    mode.add_argument("--hybrid", dest="hybrid", action="store_true",
                      help="the hybrid score even for a model whose paraqd.json asks for the pure cosine")
    return run


def run(args) -> int:
    from ..evaluation.evaluator import Evaluator, PairColumns
    from ..evaluation.report import evaluation_table
    from ..io import (
        check_distinct_outputs,
        check_output_dir,
        check_output_file,
        is_stdio,
        output_directory,
        write_json,
        write_text,
    )

    if is_stdio(args.json_out) and is_stdio(args.markdown):
        raise InputError("--json and --markdown cannot both be - (standard output)")
    check_distinct_outputs([("--json", args.json_out), ("--markdown", args.markdown), ("--plots", args.plots)])
    inputs = [*args.pairs, args.model]
    check_output_file(args.json_out, "--json", inputs=inputs)
    check_output_file(args.markdown, "--markdown", inputs=inputs)
    check_output_dir(args.plots, "--plots", inputs=inputs)
    plots_dir = output_directory(args.plots, "--plots") if args.plots else None
    if args.skipped and args.on_bad_row != "skip":
        raise InputError("--skipped needs --on-bad-row skip")
    check_distinct_outputs([("--json", args.json_out), ("--markdown", args.markdown), ("--skipped", args.skipped)])
    check_output_file(args.skipped, "--skipped", inputs=inputs)
    columns = PairColumns(args.question_column, args.paraphrase_column, args.label_column)
    evaluator = Evaluator.load(args.model, max_seq_length=args.max_seq_length, batch_size=args.batch_size,
                               hybrid=args.hybrid, threshold=args.threshold, columns=columns,
                               tune_threshold=args.tuned_threshold, on_bad_row=args.on_bad_row)
    scorer_name = evaluator.scorer.description
    log.info("scorer: %s", scorer_name)
    results = evaluator.evaluate(args.pairs)
    _report_skipped(evaluator.bad_rows, args.skipped)
    rows = [{**r.as_row(), "scorer": evaluator.scorer.method} for r in results]
    to_stdout = is_stdio(args.json_out) or is_stdio(args.markdown)
    if not to_stdout:  # standard output carries the requested file instead
        print(evaluation_table(rows), end="")
    if args.tuned_threshold and not to_stdout:
        for row in rows:
            print(f"{row['file']}: threshold tuned on this evaluated data "
                  f"{row['tuned_threshold_on_eval_data']:.3f} -> weighted F1 (paper) "
                  f"{row['tuned_weighted_f1_paper_on_eval_data']:.3f} (optimistic, not the model's figure)")
    if args.json_out:
        write_json(rows, args.json_out)
        log.info("wrote %s", args.json_out)
    if args.markdown:
        write_text(f"Model: `{args.model}`, {scorer_name}\n\n" + evaluation_table(rows), args.markdown)
        log.info("wrote %s", args.markdown)
    if args.plots:
        from ..evaluation.plots import plot_confusion_matrices, plot_score_distributions

        out = plots_dir
        out.mkdir(parents=True, exist_ok=True)
        names = {r.file: Path(r.file).stem for r in results}
        plot_score_distributions({names[r.file]: (r.labels, r.scores) for r in results},
                                 out / "score_distributions.png", title=f"{args.model}, {scorer_name}",
                                 threshold=args.threshold)
        plot_confusion_matrices({names[r.file]: r.confusion for r in results}, out / "confusion_matrices.png",
                                title=f"{args.model}, {scorer_name} (threshold {args.threshold:g})")
        log.info("wrote plots into %s", out)
    return 0


def _report_skipped(bad_rows: dict, path: str | None) -> None:
    """One line per file that skipped rows; with ``path``, every skipped row (with its ``file``) written there."""
    skipped = {name: bad for name, bad in bad_rows.items() if bad.count}
    for name, bad in skipped.items():
        log.info("%s: %s", name, bad.summary())
    if path and skipped:
        import pandas as pd

        from ..io import write_table

        write_table(pd.concat([bad.report.assign(file=name) for name, bad in skipped.items()], ignore_index=True),
                    path)
        log.info("skipped rows -> %s", path)
