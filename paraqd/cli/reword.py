"""`paraqd reword`: questions in; an LLM's rewordings asked for, scored, and the valid ones out, ranked."""

from __future__ import annotations

import logging
import sys

from ..llm.rewording import DEFAULT_PROMPT, DEFAULT_TEMPERATURE
from . import command, options
from .llm_options import add_endpoint_arguments, add_judge_arguments
from .score import add_format_arguments, add_scorer_arguments

log = logging.getLogger("paraqd.reword")

DESCRIPTION = f"""Ask an LLM for N rewordings of every question and keep the valid ones, best first.

The endpoint is any OpenAI-compatible chat-completions server: llama.cpp's llama-server, vLLM, Ollama,
LM Studio or a hosted API. One completion is asked per rewording (POST URL/chat/completions), each with its
own seed (--seed + its index) and --temperature. The answer is cleaned (whitespace, quotes, a leading label
such as "Paraphrase:"); copies of the question and duplicates are dropped and counted. Every candidate is
scored like `paraqd score` (the default scorer, or --model / --threshold / --calibration) and written like
`paraqd filter` writes: OUTPUT gets the valid ones (question, paraphrase, score, rank; best first per
question), --rejected FILE the others with score and reasons. A summary at the end counts questions,
rewordings and kept ones, and lists the questions left with no valid rewording: those need a person.

Completions are cached on disk (--cache, default ~/.cache/paraqd/completions.sqlite), keyed by the URL,
model, prompt, question, seed and temperature: a run stopped by Ctrl-C, a crash or --max-requests asks only
for what is missing when run again. The API key is read from the environment (--api-key-env) and is never
written to an output, a log, an error message or the cache. An unreachable endpoint, a refused key or an
unknown model stops the run with one line and exit status 1.

default prompt (--prompt FILE replaces it; {{question}} is the question):
  {DEFAULT_PROMPT.replace(chr(10), chr(10) + "  ")}

examples:
  paraqd reword bank.csv -o kept.csv --base-url http://127.0.0.1:8080/v1 --llm-model qwen2.5-7b-instruct
  paraqd reword bank.jsonl -o kept.jsonl --rejected rejected.jsonl -n 8 \\
      --base-url https://api.openai.com/v1 --llm-model gpt-4o-mini --max-requests 500
  paraqd reword bank.csv -o kept.csv --base-url http://localhost:11434/v1 --llm-model llama3.1 \\
      --calibration calibration.json --judge-model llama3.1"""


@command("reword", help="ask an LLM for rewordings of each question; keep the valid ones, ranked",
         description=DESCRIPTION)
def add_arguments(parser):
    parser.add_argument("input", metavar="QUESTIONS",
                        help="questions file (.csv, .jsonl, .json or .parquet), or - for standard input")
    parser.add_argument("-o", "--output", required=True,
                        help="file of the kept rewordings (.csv, .jsonl, .json or .parquet), or - for standard "
                             "output")
    parser.add_argument("--rejected", metavar="FILE",
                        help="also write the rejected rewordings, with score and reasons, to FILE")
    add_format_arguments(parser)
    parser.add_argument("--question-column", help="column of the questions (default: detected)")
    from .score import add_bad_row_arguments

    add_bad_row_arguments(parser)
    parser.add_argument("-n", type=options.count, default=5, dest="n",
                        help="rewordings asked per question (default: 5)")
    parser.add_argument("--llm-model", metavar="NAME", required=True,
                        help="the model the endpoint serves (--model is the scorer's model)")
    add_endpoint_arguments(parser, required=True)
    gen = parser.add_argument_group("generation")
    gen.add_argument("--temperature", type=options.non_negative_number, default=DEFAULT_TEMPERATURE,
                     help=f"sampling temperature (default: {DEFAULT_TEMPERATURE})")
    gen.add_argument("--seed", type=options.seed, default=None,
                     help="seed of the first rewording of each question; the i-th uses SEED + i (default: 3407)")
    gen.add_argument("--prompt", metavar="FILE", help="prompt template file with {question} (default: above)")
    gen.add_argument("--max-requests", type=options.count_or_zero, metavar="N",
                     help="HTTP requests at most, retries included; the run stops cleanly and keeps what is done "
                          "(default: no limit)")
    gen.add_argument("--cache", metavar="FILE", help="completion cache (default: $PARAQD_CACHE/completions.sqlite, "
                                                     "else ~/.cache/paraqd/completions.sqlite)")
    gen.add_argument("--no-cache", action="store_true", help="neither read nor write the completion cache")
    add_scorer_arguments(parser)
    add_judge_arguments(parser)
    return run


def _check_outputs(args, in_fmt, out_fmt):
    from ..errors import InputError
    from ..io import check_distinct_outputs, check_output_file, is_stdio, stream_format, table_format

    check_distinct_outputs([("--output", args.output), ("--rejected", args.rejected)])
    check_output_file(args.output, "--output", inputs=[args.input])
    table_format(args.output, out_fmt)
    if not args.rejected:
        return None
    check_output_file(args.rejected, "--rejected", inputs=[args.input])
    if is_stdio(args.rejected) and is_stdio(args.output):
        raise InputError("--output and --rejected cannot both be - (standard output)")
    fmt = stream_format(args.rejected, args.format if is_stdio(args.rejected) else None, like=args.input)
    table_format(args.rejected, fmt)
    return fmt


def _read_questions(args, in_fmt, bad_rows=None) -> list[str]:
    from ..defaults import QUESTION_COLUMNS
    from ..errors import InputError
    from ..io import find_column, read_table, source_name, text_column

    df = read_table(args.input, in_fmt)
    source = source_name(args.input)
    if len(df) == 0:
        raise InputError(f"{source}: no rows")
    column = find_column(df, args.question_column, QUESTION_COLUMNS, "question", source, option="--question-column")
    if bad_rows is not None:  # --on-bad-row: an empty or non-text question is an error, or skipped and reported
        df = bad_rows.keep(df, [column])
        if len(df) == 0:
            raise InputError(f"{source}: no rows left ({bad_rows.summary()})")
    return list(dict.fromkeys(text_column(df, column, source)))


def _read_prompt(path: str | None) -> str:
    from ..errors import InputError
    from ..llm.rewording import check_prompt

    if path is None:
        return DEFAULT_PROMPT
    try:
        with open(path, encoding="utf-8") as fh:
            return check_prompt(fh.read(), f"--prompt {path}")
    except OSError as exc:
        raise InputError(f"--prompt {path}: {exc.strerror or exc}") from None


def run(args) -> int:
    from ..calibration import calibrated_threshold
    from ..defaults import DEFAULT_SEED
    from ..io import check_distinct_outputs, check_output_file, source_name, stream_formats, write_table
    from ..llm.cache import CompletionCache
    from ..llm.rewording import RewordSummary, candidate_table, collect_rewordings, score_candidates
    from .llm_options import judge_summary, make_client, make_judge
    from .score import bad_rows_for, load_scorer

    in_fmt, out_fmt = stream_formats(args.input, args.output, args.input_format, args.format)
    rejected_fmt = _check_outputs(args, in_fmt, out_fmt)
    calibrated_threshold(args.threshold, args.calibration)  # a bad --calibration fails before any request
    prompt = _read_prompt(args.prompt)
    bad_rows, report = bad_rows_for(args, source_name(args.input))
    if report:
        check_distinct_outputs([("--output", args.output), ("--rejected", args.rejected), ("--skipped", report)])
        check_output_file(report, "--skipped", inputs=[args.input])
    questions = _read_questions(args, in_fmt, bad_rows)
    cache = None if args.no_cache else CompletionCache(args.cache)
    client = make_client(args, args.llm_model, max_requests=args.max_requests)
    judge = make_judge(args, cache)
    summary = RewordSummary(questions=len(questions), requested=len(questions) * args.n)
    try:
        raw = collect_rewordings(questions, client, args.n, prompt=prompt, temperature=args.temperature,
                                 seed=DEFAULT_SEED if args.seed is None else args.seed, cache=cache,
                                 progress=None if not args.quiet else False, summary=summary)
        candidates = candidate_table(questions, raw, args.n, summary)
        scorer = load_scorer(args)
        result = score_candidates(candidates, scorer, questions, summary, judge=judge)
    finally:
        client.close()
        if judge is not None:
            judge.client.close()
        if cache is not None:
            cache.close()
    write_table(result.accepted, args.output, out_fmt)
    if args.rejected:
        write_table(result.rejected, args.rejected, rejected_fmt)
    skipped = bad_rows.write_report(report)
    if not args.quiet:
        lines = summary.lines() + ([judge_summary(judge)] if judge is not None else []) + (
            [skipped] if skipped else [])
        print("\n".join(f"paraqd reword: {line}" if i == 0 else f"  {line}" for i, line in enumerate(lines)),
              file=sys.stderr)
    return 0
