"""`paraqd calibrate`: labelled pairs in, the threshold that catches the wanted share of invalid paraphrases out."""

from __future__ import annotations

import logging

from ..defaults import DEFAULT_SEED
from . import command, options

log = logging.getLogger("paraqd.calibrate")

DESCRIPTION = """Choose the threshold on pairs you labelled yourself (50-500 are enough), so that it catches the
share of invalid paraphrases you want (--target-caught, default 0.95), and say what to expect from it: the
share of valid paraphrases kept and of invalid ones caught, each with a bootstrap interval.

LABELLED has a question, a paraphrase and a label column (1 / true / valid = a usable paraphrase, 0 / false /
invalid = not), detected or named with the column options. Every pair is scored by the scorer the options
choose (the default scorer unless --model / --pure say otherwise): use the same options with the calibration.
Too few labels, one class only, or labels the scores do not separate end with a message, not a threshold.

examples:
  paraqd calibrate labelled.csv -o calibration.json
  paraqd calibrate labelled.csv -o calibration.json --target-caught 0.9
  paraqd score pairs.csv -o scored.csv --calibration calibration.json   # score, filter, reword, serve"""


@command("calibrate", help="choose the threshold on your own labelled pairs; expected kept / caught with intervals",
         description=DESCRIPTION)
def add_arguments(parser):
    parser.add_argument("input", metavar="LABELLED",
                        help="labelled pairs (.csv, .jsonl, .json or .parquet), or - for standard input")
    parser.add_argument("-o", "--output", metavar="FILE",
                        help="write the calibration (JSON) to FILE, for --calibration (default: printed only)")
    parser.add_argument("--target-caught", type=options.fraction, default=0.95, metavar="SHARE",
                        help="share of the invalid paraphrases the threshold must catch (default: 0.95)")
    parser.add_argument("--question-column", help="column of the questions (default: detected)")
    parser.add_argument("--paraphrase-column", help="column of the paraphrases (default: detected)")
    parser.add_argument("--label-column", help="column of the labels (default: detected: label, final_label, ...)")
    parser.add_argument("--input-format", choices=("csv", "jsonl", "json", "parquet"),
                        help="format read from - (default: detected)")
    parser.add_argument("--bootstrap", type=options.count, default=1000, metavar="N",
                        help="bootstrap resamples of the intervals (default: 1000)")
    parser.add_argument("--confidence", type=options.fraction, default=0.95,
                        help="coverage of the intervals (default: 0.95)")
    parser.add_argument("--seed", type=options.seed, default=DEFAULT_SEED, help="seed of the resampling")
    scorer = parser.add_argument_group("scorer (as in `paraqd score`)")
    scorer.add_argument("--model", metavar="MODEL_DIR",
                        help="trained model directory or encoder name (default: the embedded all-MiniLM-L6-v2)")
    scorer.add_argument("--batch-size", type=options.count, default=64, help="encoding batch size (default: 64)")
    scorer.add_argument("--device", type=options.device, help="torch device (default: automatic)")
    from ..backends import backend_names  # the registry; light (no torch)

    scorer.add_argument("--backend", choices=backend_names(), default="torch",
                        help="inference backend (default: torch)")
    mode = scorer.add_mutually_exclusive_group()
    mode.add_argument("--hybrid", dest="hybrid", action="store_true", default=None,
                      help="the hybrid score even for a model whose paraqd.json asks for the pure cosine")
    mode.add_argument("--pure", "--no-hybrid", dest="hybrid", action="store_false",
                      help="the learned cosine only (the paper's score)")
    parser.set_defaults(threshold=None, calibration=None)
    return run


def run(args) -> int:
    from ..calibration import calibrate_scores, check_labels, write_calibration
    from ..defaults import LABEL_COLUMNS
    from ..errors import InputError
    from ..io import check_output_file, find_column, label_column, read_table, source_name, text_column
    from .score import detect_columns, load_scorer

    if not 0 < args.target_caught < 1:
        raise InputError(f"--target-caught must lie strictly between 0 and 1, got {args.target_caught:g}")
    if not 0 < args.confidence < 1:
        raise InputError(f"--confidence must lie strictly between 0 and 1, got {args.confidence:g}")
    if args.output:
        check_output_file(args.output, "--output", inputs=[args.input])
    source = source_name(args.input)
    df = read_table(args.input, args.input_format)
    if len(df) == 0:
        raise InputError(f"{source}: no rows")
    q_col, p_col = detect_columns(df, args.question_column, args.paraphrase_column, source)
    labels = label_column(df, find_column(df, args.label_column, LABEL_COLUMNS, "label", source), source)
    check_labels(labels, source)  # before the model loads
    questions, paraphrases = text_column(df, q_col, source), text_column(df, p_col, source)
    scorer = load_scorer(args)
    scores = scorer.score_pairs(questions, paraphrases, show_progress_bar=None)
    calibration = calibrate_scores(scores, labels, target_caught=args.target_caught, n_boot=args.bootstrap,
                                   confidence=args.confidence, seed=args.seed, source=source)
    calibration.scorer = {"model": args.model or "default", "method": scorer.method, "backend": args.backend}
    if args.output:
        write_calibration(calibration, args.output)
    print("\n".join(calibration.lines()))
    if args.output:
        log.info("calibration -> %s (use it with --calibration %s)", args.output, args.output)
    return 0
