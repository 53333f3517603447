"""Options of the commands that talk to an LLM endpoint (`reword`; the judge of `score`, `filter`, `reword`)."""

from __future__ import annotations

import argparse

from . import options


def add_endpoint_arguments(parser, required: bool) -> None:
    """--base-url, --api-key-env and the HTTP client's settings."""
    group = parser.add_argument_group("LLM endpoint (OpenAI-compatible chat completions)")
    group.add_argument("--base-url", metavar="URL", required=required,
                       help="the API root, e.g. http://127.0.0.1:8080/v1 (llama-server, vLLM, Ollama, LM Studio) "
                            "or https://api.openai.com/v1" + ("" if required else " (needed by --judge-model)"))
    group.add_argument("--api-key-env", metavar="VAR", default="OPENAI_API_KEY",
                       help="environment variable holding the API key (default: OPENAI_API_KEY; unset is fine for "
                            "local servers); the key is never written anywhere")
    group.add_argument("--timeout", type=options.positive_number, default=120.0, metavar="SECONDS",
                       help="seconds to wait for one answer (default: 120)")
    group.add_argument("--connect-timeout", type=options.positive_number, default=10.0, metavar="SECONDS",
                       help="seconds to wait for a connection (default: 10)")
    group.add_argument("--retries", type=options.count_or_zero, default=5,
                       help="retries of a request after a connection error, a timeout, 429 or 5xx, with "
                            "exponential backoff and jitter (Retry-After honoured; default: 5)")
    group.add_argument("--concurrency", type=options.count, default=4,
                       help="requests in flight at most (default: 4)")


def add_judge_arguments(parser) -> None:
    """--judge-model, --judge-band, --judge-max-calls."""
    from ..llm.judge import DEFAULT_BAND, DEFAULT_MAX_CALLS

    group = parser.add_argument_group("LLM judge (off unless --judge-model is given)")
    group.add_argument("--judge-model", metavar="NAME",
                       help="ask this model at --base-url about the pairs scored near the threshold; its verdict "
                            "replaces the checks' there, and a `decided_by` column says which stage decided")
    group.add_argument("--judge-band", type=options.non_negative_number, default=DEFAULT_BAND, metavar="WIDTH",
                       help=f"pairs whose score lies within WIDTH of the threshold go to the judge "
                            f"(default: {DEFAULT_BAND})")
    group.add_argument("--judge-max-calls", type=options.count_or_zero, default=DEFAULT_MAX_CALLS, metavar="N",
                       help=f"judge calls at most, the pairs nearest the threshold first (default: "
                            f"{DEFAULT_MAX_CALLS})")


def make_client(args: argparse.Namespace, model: str, max_requests: int | None = None):
    """A :class:`paraqd.llm.RewordClient` for ``model`` from the endpoint options."""
    from ..llm.client import RewordClient

    return RewordClient.from_env(args.base_url, model, api_key_env=args.api_key_env, connect_timeout=args.connect_timeout,
                                 read_timeout=args.timeout, retries=args.retries, concurrency=args.concurrency,
                                 max_requests=max_requests)


def make_judge(args: argparse.Namespace, cache=None):
    """The :class:`paraqd.llm.Judge` the options ask for, or None (no --judge-model)."""
    if not getattr(args, "judge_model", None):
        return None
    if not args.base_url:
        from ..errors import InputError

        raise InputError("--judge-model needs --base-url (the endpoint serving the judge)")
    from ..llm.judge import Judge

    return Judge(make_client(args, args.judge_model), band=args.judge_band, max_calls=args.judge_max_calls,
                 cache=cache)


def judge_summary(judge) -> str:
    """One line on what the judge did."""
    s = judge.stats
    return (f"judge {judge.client.model}: {s['in_band']} pairs within {judge.band:g} of the threshold, {s['asked']} "
            f"sent, {s['decided']} decided ({s['changed']} verdicts changed), {s['unreadable']} answers unreadable")
