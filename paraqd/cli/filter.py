"""`paraqd filter`: (question, candidate) rows in, the valid candidates out, ranked per question."""

from __future__ import annotations

import logging

from . import command
from .score import add_pair_io_arguments, add_scorer_arguments, bad_rows_for, check_input, load_scorer

log = logging.getLogger("paraqd.filter")

DESCRIPTION = """Keep the valid candidate paraphrases of each question, best first.

Every (question, candidate) row is scored like `paraqd score` (the default scorer, or --model / --pure /
--threshold). The valid rows are written to OUTPUT grouped by question (in the order the questions first
appear), best score first, with two columns added: `score` and `rank` (1 = best of its question). With
--rejected FILE, the other rows go there in input order with `score` and `reasons` (what each candidate
lost or changed: a number, a unit, an entity, the question asked...).

Columns are detected (question: question, anchor, text, ...; candidate: paraphrase, candidate, ...) or
named with --question-column / --paraphrase-column. `-` reads standard input / writes standard output.
The whole input is read before ranking (ranking needs every candidate of a question).

examples:
  paraqd filter candidates.csv -o kept.csv --rejected rejected.csv
  paraqd filter generated.jsonl -o kept.jsonl --model model/ --threshold 0.6
  llm_paraphrases | paraqd filter - -o - --format csv > kept.csv   # standard input and output"""


@command("filter", help="keep the valid candidate paraphrases, ranked per question; rejected ones with reasons",
         description=DESCRIPTION)
def add_arguments(parser):
    add_pair_io_arguments(parser, what="candidates")
    parser.add_argument("--rejected", metavar="FILE",
                        help="also write the rejected rows, with score and reasons, to FILE (- for standard "
                             "output; default: not written)")
    add_scorer_arguments(parser)
    from .llm_options import add_endpoint_arguments, add_judge_arguments

    add_endpoint_arguments(parser, required=False)
    add_judge_arguments(parser)
    return run


def run(args) -> int:
    from ..errors import InputError
    from ..filtering import filter_candidates
    from ..io import (
        check_distinct_outputs,
        check_output_file,
        is_stdio,
        read_table,
        source_name,
        stream_format,
        stream_formats,
        table_format,
        write_table,
    )

    in_fmt, out_fmt = stream_formats(args.input, args.output, args.input_format, args.format)
    check_distinct_outputs([("--output", args.output), ("--rejected", args.rejected)])
    check_output_file(args.output, "--output", inputs=[args.input])
    check_output_file(args.rejected, "--rejected", inputs=[args.input])
    rejected_fmt = None
    if args.rejected:
        if is_stdio(args.rejected) and is_stdio(args.output):
            raise InputError("--output and --rejected cannot both be - (standard output)")
        rejected_fmt = stream_format(args.rejected, args.format if is_stdio(args.rejected) else None,
                                     like=args.input)
        table_format(args.rejected, rejected_fmt)
    table_format(args.output, out_fmt)  # fail fast on an unsupported output type
    bad_rows, report = bad_rows_for(args, source_name(args.input))
    q_col, p_col = check_input(args.input, args.question_column, args.paraphrase_column, in_fmt, args.on_bad_row)
    if report:
        check_distinct_outputs([("--output", args.output), ("--rejected", args.rejected), ("--skipped", report)])
        check_output_file(report, "--skipped", inputs=[args.input])
    df = bad_rows.keep(read_table(args.input, in_fmt), [q_col, p_col])
    if len(df) == 0:
        raise InputError(f"{source_name(args.input)}: no rows left ({bad_rows.summary()})")
    from .llm_options import judge_summary, make_judge

    judge = make_judge(args)
    scorer = load_scorer(args)
    result = filter_candidates(scorer, df, q_col, p_col, reasons=bool(args.rejected),
                               source=source_name(args.input), judge=judge)
    if judge is not None:
        log.info("%s", judge_summary(judge))
    write_table(result.accepted, args.output, out_fmt)
    if args.rejected:
        write_table(result.rejected, args.rejected, rejected_fmt)
    skipped = bad_rows.write_report(report)
    kept_questions = result.accepted[q_col].nunique()
    log.info("kept %d of %d candidates (%d of %d questions have at least one; threshold %.2f) -> %s%s%s",
             len(result.accepted), len(df), kept_questions, df[q_col].nunique(), scorer.threshold,
             "standard output" if is_stdio(args.output) else args.output,
             f"; rejected -> {args.rejected}" if args.rejected else "", f"; {skipped}" if skipped else "")
    return 0
