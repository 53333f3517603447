"""`paraqd score`: (question, paraphrase) pairs in, the same rows with `score` and `valid` out."""

from __future__ import annotations

import logging
from collections.abc import Iterator
from typing import TYPE_CHECKING

from ..defaults import PARAPHRASE_COLUMNS, QUESTION_COLUMNS
from ..errors import InputError
from . import command, options

if TYPE_CHECKING:  # pragma: no cover - numpy and pandas load when a command runs, not for --help
    import pandas as pd

log = logging.getLogger("paraqd.score")

FORMAT_CHOICES = ("csv", "jsonl", "json", "parquet")

DESCRIPTION = """Score (question, paraphrase) pairs, in [-1, 1]: by default the hybrid score, the learned cosine
similarity of their embeddings lowered by what the critical-information check finds (a number, unit, entity
or the question lost or changed); --pure gives the learned cosine alone, the paper's score.

Every input row comes out unchanged, with two columns added: `score` and `valid` (score >= threshold).
Columns are detected (question: question, anchor, text, ...; paraphrase: paraphrase, augmented, candidate,
...) or named with --question-column / --paraphrase-column. The file is streamed in chunks, so large inputs
run in bounded memory; the output (.csv, .jsonl, .json or .parquet) appears only when complete. `-` reads
standard input or writes standard output (format: --format, else detected / JSON lines).

examples:
  paraqd score pairs.csv -o scored.csv
  paraqd score generated.jsonl -o scored.jsonl --model model/ --threshold 0.6
  paraqd score data.parquet -o out.parquet --question-column problem --paraphrase-column rewrite
  paraqd score pairs.csv -o explained.csv --explain      # adds a `reasons` column
  paraqd score pairs.csv -o paper.csv --pure             # the paper's score: the learned cosine alone
  paraqd score big.csv -o scored.csv --backend openvino   # several times faster on CPUs with bfloat16
  paraqd score big.csv -o scored.csv --backend onnx-int8  # about 2x faster on other CPUs
  cat pairs.jsonl | paraqd score - -o - > scored.jsonl     # standard input and output
  paraqd score big.csv -o scored.csv --engine dask --workers 2   # chunks on a local Dask cluster
  paraqd score big.csv -o scored.csv --engine dask --dask-address tcp://scheduler:8786

scoring: the hybrid score is the default for every model, with the rule a model's paraqd.json stores;
a model whose paraqd.json says "method": "pure" keeps the learned cosine (--hybrid overrides it), and
--pure scores with the learned cosine alone (the paper's method) for any model. With --pure, `reasons`
still lists the check's findings and says when the verdict ignores them."""


def add_format_arguments(parser) -> None:
    """--format / --input-format: the formats of ``-`` (standard output / input); files go by extension."""
    parser.add_argument("--format", choices=FORMAT_CHOICES,
                        help="format written to - (standard output); default: the input file's format, else jsonl")
    parser.add_argument("--input-format", choices=FORMAT_CHOICES,
                        help="format read from - (standard input); default: detected (JSON array, JSON lines, "
                             "Parquet, else CSV)")


def add_pair_io_arguments(parser, what: str = "pairs") -> None:
    """Input, output and column options shared by `score` and `filter` (``-`` for standard input / output)."""
    parser.add_argument("input", metavar=what.upper(),
                        help=f"{what} file (.csv, .jsonl, .json or .parquet), or - for standard input")
    parser.add_argument("-o", "--output", required=True,
                        help="output file (.csv, .jsonl, .json or .parquet), or - for standard output")
    add_format_arguments(parser)
    parser.add_argument("--question-column", help="column of the original questions (default: detected)")
    parser.add_argument("--paraphrase-column", help="column of the paraphrases (default: detected)")
    add_bad_row_arguments(parser)


def add_bad_row_arguments(parser, report_default: str = "beside the output: NAME.skipped.EXT") -> None:
    """--on-bad-row / --skipped: what to do with a row whose text is empty or not text (score, filter,
    evaluate, reword)."""
    parser.add_argument("--on-bad-row", choices=("error", "skip"), default="error",
                        help="a row whose question or paraphrase is empty or not text: stop with an error naming "
                             "the file, row and column (default), or skip it and report it")
    parser.add_argument("--skipped", metavar="FILE",
                        help=f"with --on-bad-row skip, write the skipped rows here, with place, column and problem "
                             f"(default: {report_default})")


def bad_rows_for(args, source: str):
    """The :class:`paraqd.badrows.BadRows` of a command's --on-bad-row, and where its report goes."""
    from ..badrows import BadRows, skipped_report_path

    report = args.skipped
    if args.on_bad_row != "skip" and report:
        raise InputError("--skipped needs --on-bad-row skip")
    if args.on_bad_row == "skip" and report is None and getattr(args, "output", None):
        report = skipped_report_path(args.output)
    return BadRows(args.on_bad_row, source), report


def add_scorer_arguments(parser) -> None:
    """The scorer's options, shared by `score` and `filter`."""
    parser.add_argument("--model", metavar="MODEL_DIR",
                        help="trained model directory or encoder name (default: the embedded all-MiniLM-L6-v2)")
    parser.add_argument("--threshold", type=options.score_threshold,
                        help="minimum score of a valid paraphrase, in [-1, 1] (default: the model's, else 0.5)")
    parser.add_argument("--calibration", metavar="FILE",
                        help="use the threshold `paraqd calibrate` chose on labelled pairs (instead of --threshold)")
    parser.add_argument("--batch-size", type=options.count, default=64, help="encoding batch size (default: 64)")
    parser.add_argument("--device", type=options.device, help="torch device, e.g. cpu or cuda (default: automatic)")
    from ..backends import backend_names  # the registry; light (no torch)

    parser.add_argument("--backend", choices=backend_names(), default="torch",
                        help="inference backend: torch (default), onnx, onnx-int8 (int8 weights; needs "
                             "paraqd[onnx]) or openvino (fastest on CPUs with bfloat16, e.g. Xeon Sapphire "
                             "Rapids; needs paraqd[openvino]); the ONNX graph is exported on first use and cached")
    mode = parser.add_mutually_exclusive_group()
    mode.add_argument("--hybrid", dest="hybrid", action="store_true", default=None,
                      help="the hybrid score even for a model whose paraqd.json asks for the pure cosine "
                           "(default: hybrid unless the model says pure)")
    mode.add_argument("--pure", "--no-hybrid", dest="hybrid", action="store_false",
                      help="the learned cosine only (the paper's score) instead of the default hybrid score")
    # the choices are checked against the rule registry (paraqd.hybrid.hybrid_rules) when the scorer loads, so
    # that building the parser does not import the checks
    parser.add_argument("--rule", metavar="KIND",
                        help="hybrid rule kind, with its defaults, instead of the model's stored rule: penalty, "
                             "cap, or one registered with paraqd.hybrid.register_rule (implies the hybrid score)")


def load_scorer(args):
    """The :class:`ParaphraseScorer` the scorer options ask for."""
    from ..calibration import calibrated_threshold
    from ..scoring import ParaphraseScorer

    if args.batch_size < 1:
        raise InputError(f"--batch-size must be at least 1, got {args.batch_size}")
    threshold = calibrated_threshold(args.threshold, getattr(args, "calibration", None),
                                     scorer=(args.model, args.hybrid))
    return ParaphraseScorer.load(args.model, device=args.device, batch_size=args.batch_size,
                                 threshold=threshold, hybrid=args.hybrid, backend=args.backend,
                                 rule=getattr(args, "rule", None))


@command("score", help="score (question, paraphrase) pairs; adds score and valid columns",
         description=DESCRIPTION)
def add_arguments(parser):
    add_pair_io_arguments(parser)
    add_scorer_arguments(parser)
    parser.add_argument("--chunk-size", type=options.count, default=10_000,
                        help="rows read and scored at a time (default: 10000)")
    parser.add_argument("--explain", action="store_true",
                        help="add a `reasons` column: why each pair is (in)valid")
    from ..engines.registry import scoring_engines  # the engines that can score (map_chunks)

    parser.add_argument("--engine", choices=scoring_engines(), default="local",
                        help="score in this process (default) or chunk by chunk on a Dask cluster (or another "
                             "registered engine with map_chunks); same output")
    parser.add_argument("--dask-address", metavar="ADDR",
                        help="Dask scheduler address (default with --engine dask: a local cluster)")
    parser.add_argument("--workers", type=options.count,
                        help="worker processes of the local Dask cluster (default: all cores)")
    from .llm_options import add_endpoint_arguments, add_judge_arguments

    add_endpoint_arguments(parser, required=False)
    add_judge_arguments(parser)
    return run


def detect_columns(chunk: pd.DataFrame, question_column: str | None, paraphrase_column: str | None,
                   source: str) -> tuple[str, str]:
    """The (question, paraphrase) column names: the requested ones, or detected from common names."""
    from ..io import find_column

    q_col = find_column(chunk, question_column, QUESTION_COLUMNS, "question", source, option="--question-column")
    p_col = find_column(chunk, paraphrase_column, [c for c in PARAPHRASE_COLUMNS if c != q_col], "paraphrase",
                        source, option="--paraphrase-column")
    if q_col == p_col:
        raise InputError(f"{source}: the question and paraphrase columns are both {q_col!r}; choose them with "
                         "--question-column and --paraphrase-column")
    return q_col, p_col


def check_input(path: str, question_column: str | None, paraphrase_column: str | None,
                fmt: str | None = None, on_bad_row: str = "error") -> tuple[str, str]:
    """Fail fast on an unusable file (before a model is loaded): read its first rows and find the columns; with
    ``on_bad_row="error"`` a bad cell among them (empty, not text, too long) fails here too."""
    from ..badrows import BadRows
    from ..io import iter_table_chunks

    first = next(iter(iter_table_chunks(path, chunk_size=100, fmt=fmt)), None)
    if first is None or len(first) == 0:
        raise InputError(f"{_name(path)}: no rows")
    columns = detect_columns(first, question_column, paraphrase_column, _name(path))
    if on_bad_row == "error":  # a bad cell among the first rows (empty, too long) fails before the model loads
        BadRows("error", _name(path)).keep(first, columns)
    return columns


def _name(path: str) -> str:
    from ..io import source_name

    return source_name(path)


def score_file(scorer, input_path: str, output_path: str, *, threshold: float, question_column: str | None = None,
               paraphrase_column: str | None = None, chunk_size: int = 10_000, explain: bool = False,
               input_format: str | None = None, output_format: str | None = None,
               score_chunks=None, bad_rows=None, judge=None) -> int:
    """Stream ``input_path`` through ``scorer`` into ``output_path``; return the number of rows.

    ``-`` is standard input / output; ``input_format`` / ``output_format`` name their formats (default:
    detected on input, JSON lines on output). ``score_chunks`` (e.g. the Dask engine's) maps an iterator of
    ``(questions, paraphrases)`` chunks to ``(scores, reasons)`` in order; by default ``scorer`` scores them here.
    ``bad_rows`` (:class:`paraqd.badrows.BadRows`, default: an error at the first) decides what a row with an
    empty or non-text cell does; skipped rows are not written and not counted in the returned number.
    ``judge`` (a :class:`paraqd.llm.Judge`) decides the pairs scored near the threshold (a `decided_by` column).
    """
    import numpy as np

    from ..badrows import BadRows
    from ..io import TableWriter, iter_table_chunks, text_column
    from ..progress import progress_bar

    if chunk_size < 1:
        raise InputError(f"--chunk-size must be at least 1, got {chunk_size}")
    chunks: Iterator[pd.DataFrame] = iter_table_chunks(input_path, chunk_size=chunk_size, fmt=input_format)
    bad_rows = bad_rows if bad_rows is not None else BadRows("error", _name(input_path))
    state = {"rows": 0, "columns": None, "read": 0}
    pending: list[pd.DataFrame] = []  # chunks read, not written yet (at most the engine's read-ahead)

    def texts():
        for chunk in chunks:
            if state["columns"] is None:
                state["columns"] = detect_columns(chunk, question_column, paraphrase_column, _name(input_path))
            if len(chunk) == 0:
                continue
            offset = state["read"]
            state["read"] += len(chunk)
            columns = state["columns"]
            chunk = bad_rows.keep(chunk, columns, row_offset=offset)
            if len(chunk) == 0:
                continue
            questions = text_column(chunk, columns[0], _name(input_path), row_offset=offset)
            paraphrases = text_column(chunk, columns[1], _name(input_path), row_offset=offset)
            pending.append(chunk)
            yield questions, paraphrases

    def here(pairs):
        from ..scoring import score_chunk

        for questions, paraphrases in pairs:
            yield score_chunk(scorer, questions, paraphrases, explain)

    writer = TableWriter(output_path, output_format)
    # JSON lines, JSON and Parquet also get the findings as records (kind, severity, message, spans)
    with_findings = explain and writer.fmt in ("jsonl", "json", "parquet")
    if with_findings and writer.fmt == "parquet":
        from ..hybrid import findings_arrow_type

        writer.arrow_types["findings"] = findings_arrow_type()
    with writer, progress_bar(desc="scoring", unit=" pairs") as bar:
        for scores, reasons, *more in (score_chunks or here)(texts()):
            out = pending.pop(0).copy()
            out["score"] = np.asarray(scores).astype(float).round(6)
            out["valid"] = np.asarray(scores) >= threshold
            if explain:
                out["reasons"] = reasons
            if with_findings:
                out["findings"] = more[0] if more and more[0] is not None else [[] for _ in range(len(out))]
            if judge is not None:
                _judge_chunk(judge, out, state["columns"], scores, threshold)
            writer.write(out)
            state["rows"] += len(out)
            bar.update(len(out))
        if state["rows"] == 0:
            raise InputError(f"{_name(input_path)}: no rows" + (
                f" left ({bad_rows.summary()})" if bad_rows.count else ""))
    rows = state["rows"]
    return rows


def _judge_chunk(judge, out: pd.DataFrame, columns: tuple[str, str], scores, threshold: float) -> None:
    """The judge's verdicts on a scored chunk: `valid` where it decided, `decided_by`, its reason in `reasons`."""
    valid, decided, notes = judge.decide(out[columns[0]].tolist(), out[columns[1]].tolist(), scores, threshold)
    out["valid"] = valid
    if "reasons" in out:
        out["reasons"] = [f"judge: {note or ('valid' if ok else 'invalid')}" if by == "judge" else why
                          for why, by, note, ok in zip(out["reasons"], decided, notes, valid)]
    out["decided_by"] = decided


def run(args) -> int:
    from ..calibration import calibrated_threshold
    from ..io import check_distinct_outputs, check_output_file, stream_formats, table_format
    from .llm_options import judge_summary, make_judge

    in_fmt, out_fmt = stream_formats(args.input, args.output, args.input_format, args.format)
    check_output_file(args.output, "--output", inputs=[args.input])
    table_format(args.output, out_fmt)  # fail fast on an unsupported output type
    if args.engine == "local" and (args.dask_address or args.workers):
        raise InputError(f"{'--dask-address' if args.dask_address else '--workers'} needs --engine dask")
    bad_rows, report = bad_rows_for(args, _name(args.input))
    check_input(args.input, args.question_column, args.paraphrase_column, in_fmt, args.on_bad_row)
    if report:
        check_distinct_outputs([("--output", args.output), ("--skipped", report)])
        check_output_file(report, "--skipped", inputs=[args.input])
    args.threshold, args.calibration = calibrated_threshold(args.threshold, args.calibration,
                                                            scorer=(args.model, args.hybrid)), None
    judge = make_judge(args)
    if args.engine != "local":
        from functools import partial

        from ..engines import get_engine
        from ..scoring import ChunkScorer, check_rule, model_threshold, scorer_options

        if args.rule is not None:
            check_rule(args.rule, args.hybrid)  # here, not first in a worker
        if args.batch_size < 1:
            raise InputError(f"--batch-size must be at least 1, got {args.batch_size}")
        scorer, threshold = None, model_threshold(args.model, args.threshold)
        options = scorer_options(model=args.model, device=args.device, backend=args.backend,
                                 batch_size=args.batch_size, threshold=args.threshold, hybrid=args.hybrid,
                                 rule=args.rule)
        chosen = get_engine(args.engine, address=args.dask_address or "local", workers=args.workers)
        engine = partial(chosen.map_chunks, ChunkScorer(options, args.explain))
    else:
        scorer = load_scorer(args)
        threshold, engine = scorer.threshold, None
    rows = score_file(scorer, args.input, args.output, threshold=threshold,
                      question_column=args.question_column, paraphrase_column=args.paraphrase_column,
                      chunk_size=args.chunk_size, explain=args.explain, input_format=in_fmt,
                      output_format=out_fmt, score_chunks=engine, bad_rows=bad_rows, judge=judge)
    skipped = bad_rows.write_report(report)
    log.info("scored %d pairs into %s (threshold %.2f)%s", rows, args.output, threshold,
             f"; {skipped}" if skipped else "")
    if judge is not None:
        log.info("%s", judge_summary(judge))
    return 0
