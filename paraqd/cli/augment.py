"""`paraqd augment`: questions in, (anchor, positive, negative) triplets out."""

from __future__ import annotations

import json
import logging
import os

from ..defaults import DEFAULT_SEED
from ..errors import InputError
from . import command, options
from .score import add_format_arguments

log = logging.getLogger("paraqd.augment")

DESCRIPTION = """Make training triplets (anchor, positive, negative) from a file of questions.

Each question is analysed once; every selected operator rewrites it (positives keep its information,
negatives destroy some); then --per-question (positive, negative) combinations are sampled. Output
columns: anchor, positive, negative (train-ready: SentenceTransformerTrainer takes every column as an
input); --provenance adds positive_op, negative_op and question_id. The format follows the output's
extension (.jsonl, .csv, .parquet) and the file appears only when complete.

Operators whose model is not available here (e.g. f1, f9 offline) are skipped with one warning each;
--strict stops instead.

examples:
  paraqd augment questions.jsonl -o triplets.jsonl
  paraqd augment data.csv --question-column problem -o triplets.parquet --operators f2,f3,f6,f8
  paraqd augment questions.jsonl -o triplets.jsonl --operators train --per-question all --seed 7
  paraqd augment questions.jsonl -o t.jsonl --model f9=./pegasus_paraphrase --model f1=./en-de,./de-en

operator selection (--operators, comma-separated): names (num2words), paper ids (f3), groups
(train, test, positive, negative, rule-based, model-based, all) and intersections (train+positive).
See `paraqd operators` for the list and what is available on this machine."""


def parse_model_options(values: list[str] | None) -> dict[str, dict]:
    """``--model OP=VALUE`` -> constructor options of that operator (comma-separated for several models)."""
    from ..operators import get_operator_class

    options: dict[str, dict] = {}
    for item in values or []:
        if "=" not in item:
            raise InputError(f"--model expects OP=NAME_OR_PATH, got {item!r}")
        key, value = item.split("=", 1)
        cls = get_operator_class(key.strip())
        params = cls.model_params
        if not params:
            raise InputError(f"operator {cls.name} ({cls.paper_id}) takes no model")
        parts = [v.strip() for v in value.split(",")]
        if len(parts) > len(params):
            raise InputError(f"operator {cls.name} takes {len(params)} model(s): {', '.join(params)}")
        for part in parts:
            _check_model_path(f"--model {key.strip()}", part)
        options.setdefault(cls.name, {}).update(dict(zip(params, parts)))
    return options


def _check_model_path(option: str, value: str) -> None:
    """Refuse a value that is a local path (it exists, or starts with /, ., ~) but not a model directory; a
    name like ``tuner007/pegasus_paraphrase`` is a Hugging Face hub id and is left to the operator."""
    from pathlib import Path

    path = Path(value).expanduser()
    if not (value.startswith(("/", ".", "~")) or path.exists()):
        return
    if not path.exists():
        raise InputError(f"{option}: {value}: no such directory (a model directory, or a Hugging Face hub id "
                         "like namespace/name)")
    if not path.is_dir():
        raise InputError(f"{option}: {value}: is a file, expected a model directory")
    if not (path / "config.json").is_file():
        raise InputError(f"{option}: {value}: not a model directory (no config.json in it)")


def parse_set_options(values: list[str] | None, options: dict[str, dict]) -> dict[str, dict]:
    """``--set OP.KEY=VALUE`` (VALUE parsed as JSON when possible) -> constructor options."""
    from ..operators import get_operator_class

    for item in values or []:
        if "=" not in item or "." not in item.split("=", 1)[0]:
            raise InputError(f"--set expects OP.KEY=VALUE, got {item!r}")
        target, value = item.split("=", 1)
        op_key, param = target.split(".", 1)
        cls = get_operator_class(op_key.strip())
        try:
            parsed = json.loads(value)
        except json.JSONDecodeError:
            parsed = value
        options.setdefault(cls.name, {})[param.strip()] = parsed
    return options


@command("augment", help="questions in, (anchor, positive, negative) triplets out", description=DESCRIPTION)
def add_arguments(parser):
    parser.add_argument("input", help="questions file (.csv, .jsonl, .json or .parquet), or - for standard input")
    parser.add_argument("-o", "--output", required=True,
                        help="triplets file (.jsonl, .csv, .json or .parquet), or - for standard output")
    add_format_arguments(parser)
    parser.add_argument("--question-column", help="column holding the questions (default: detected, "
                                                  "e.g. question, text)")
    parser.add_argument("--id-column", help="column copied to question_id (default: id if present, "
                                            "else the row number)")
    parser.add_argument("--operators", default="train",
                        help="operators to run: names, paper ids or groups (default: train)")
    parser.add_argument("--per-question", type=options.count_or_all, default="1", metavar="N|all",
                        help="(positive, negative) pairs per question; 'all' for every combination "
                             "(default: 1, as in the paper)")
    parser.add_argument("--seed", type=options.seed, default=DEFAULT_SEED, help=f"random seed (default: {DEFAULT_SEED})")
    parser.add_argument("--workers", type=options.count, default=None,
                        help=f"processes for rule-based operators (default: all cores, {os.cpu_count()})")
    parser.add_argument("--strict", action="store_true",
                        help="stop when an operator's model is not available (default: skip it with a warning)")
    parser.add_argument("--skip-unavailable", action="store_true",
                        help="deprecated: skipping unavailable operators is now the default")
    parser.add_argument("--provenance", action="store_true",
                        help="add positive_op, negative_op and question_id columns (default: only anchor, "
                             "positive, negative, which train as they are)")
    parser.add_argument("--model", action="append", metavar="OP=NAME_OR_PATH",
                        help="model of a model-backed operator, e.g. f9=tuner007/pegasus_paraphrase or "
                             "f1=EN_DE,DE_EN (repeatable)")
    parser.add_argument("--set", action="append", metavar="OP.KEY=VALUE",
                        help="other operator option, e.g. fd.p=0.2 or f1.device=cuda (repeatable)")
    from ..engines import engine_classes

    parser.add_argument("--engine", choices=list(engine_classes()), default="local",
                        help="local processes (default), a Dask cluster for big corpora, or a registered engine "
                             "(paraqd.engines.register_engine)")
    parser.add_argument("--dask-address", metavar="ADDR",
                        help="Dask scheduler address (default with --engine dask: a local cluster)")
    parser.add_argument("--limit", type=options.count, help="only the first N questions")
    parser.add_argument("--stats", metavar="JSON",
                        help="also write run statistics to this JSON file (- for standard output)")
    return run


def run(args) -> int:
    from ..augmentation import TRAIN_COLUMNS, AugmentStats, augment
    from ..io import (
        ID_COLUMNS,
        QUESTION_COLUMNS,
        check_distinct_outputs,
        check_output_file,
        find_column,
        read_table,
        source_name,
        stream_formats,
        table_format,
        text_column,
        write_json,
        write_table,
    )

    in_fmt, out_fmt = stream_formats(args.input, args.output, args.input_format, args.format)
    check_distinct_outputs([("--output", args.output), ("--stats", args.stats)], share_stdout=True)
    check_output_file(args.output, "--output", inputs=[args.input])
    check_output_file(args.stats, "--stats", inputs=[args.input])
    table_format(args.output, out_fmt)  # fail fast on an unsupported output type
    if args.dask_address and args.engine != "dask":
        raise InputError("--dask-address needs --engine dask")
    if args.strict and args.skip_unavailable:
        raise InputError("--strict and --skip-unavailable contradict each other")
    if args.skip_unavailable:
        log.warning("--skip-unavailable is deprecated: skipping unavailable operators is now the default")
    df = read_table(args.input, in_fmt)
    source = source_name(args.input)
    if args.limit:
        df = df.head(args.limit)
    qcol = find_column(df, args.question_column, QUESTION_COLUMNS, "question", source)
    questions = text_column(df, qcol, source)
    idcol = find_column(df, args.id_column, ID_COLUMNS, "id", source, required=bool(args.id_column))
    ids = [str(v) for v in df[idcol].tolist()] if idcol else list(range(len(questions)))
    options = parse_set_options(args.set, parse_model_options(args.model))

    stats = AugmentStats()
    triplets = augment(questions, operators=args.operators, per_question=args.per_question, seed=args.seed,
                       workers=args.workers, skip_unavailable=not args.strict,
                       operator_options=options, question_ids=ids, progress=True, stats=stats,
                       engine=args.engine,
                       engine_options={"address": args.dask_address, "workers": args.workers}
                       if args.engine == "dask" else None)
    write_table(triplets if args.provenance else triplets[TRAIN_COLUMNS], args.output, out_fmt)
    summary = stats.as_dict()
    log.info("%d triplets from %d of %d questions (%.1f%%) -> %s", stats.triplets, stats.with_triplets,
             stats.questions, 100 * stats.coverage, args.output)
    log.info("applicable per operator: %s",
             ", ".join(f"{k} {v}" for k, v in summary["applicable"].items()))
    if stats.skipped_operators:  # the reasons were warned once each when the operators were built
        log.info("skipped (model not available here): %s", ", ".join(stats.skipped_operators))
    if args.stats:
        write_json(summary, args.stats)
    return 0
