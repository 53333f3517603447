"""The ``paraqd`` command line.

Each subcommand lives in its own module in this package and registers itself with :func:`command`:

    @command("augment", help="questions in, (anchor, positive, negative) triplets out")
    def add_arguments(parser): ...   # returns the function that runs the command

Modules are discovered automatically, so adding a command never means editing a central list.
"""

from __future__ import annotations

import argparse
import importlib
import logging
import os
import pkgutil
import sys
from collections.abc import Callable

from ..errors import ParaqdError

# name -> (help, description, add_arguments); add_arguments(parser) returns run(args) -> int | None
_COMMANDS: dict[str, tuple[str, str, Callable[[argparse.ArgumentParser], Callable]]] = {}

EPILOG = """examples:
  paraqd operators                                  list the rewrite operators and their availability
  paraqd augment questions.jsonl -o triplets.jsonl  make (anchor, positive, negative) triplets
  paraqd train triplets.jsonl -o model/             fine-tune the scorer with triplet loss
  paraqd score pairs.csv -o scored.csv --explain    score (question, paraphrase) pairs, with reasons
  paraqd filter cands.csv -o kept.csv --rejected r.csv    valid candidates ranked per question
  paraqd evaluate pretrained labelled.csv --json m.json   metrics on labelled pairs (paper Table 1)
  paraqd bench --pool q.jsonl --eval test.csv -o out/     all methods on the same budget
  paraqd pairs closure labelled.csv -o more.csv           more pairs from labelled ones
  paraqd demo                                       the main job on bundled samples, offline
  paraqd serve                                      JSON endpoints and a web page on http://127.0.0.1:8000/

Run `paraqd COMMAND --help` for the options of one command."""


def command(name: str, help: str, description: str | None = None):
    """Decorator registering ``add_arguments`` as the parser builder of subcommand ``name``."""

    def decorator(fn):
        _COMMANDS[name] = (help, description or help, fn)
        return fn

    return decorator


def _discover() -> None:
    for info in pkgutil.iter_modules(__path__):
        if not info.name.startswith("_"):
            importlib.import_module(f"{__name__}.{info.name}")


def verbosity_options() -> argparse.ArgumentParser:
    """-v / -q as a parent parser, so they are accepted after a (sub)command too: `paraqd score -q ...`.

    Their defaults are suppressed there, so an option given before the command is not reset by the subparser.
    """
    parent = argparse.ArgumentParser(add_help=False)
    group = parent.add_argument_group("output")
    group.add_argument("-v", "--verbose", action="count", default=argparse.SUPPRESS,
                       help="more log output (-vv: debug)")
    group.add_argument("-q", "--quiet", action="store_true", default=argparse.SUPPRESS,
                       help="only warnings and errors")
    return parent


def build_parser() -> argparse.ArgumentParser:
    _discover()
    from .. import __version__

    parser = argparse.ArgumentParser(
        prog="paraqd",
        description="Score paraphrases of algebraic word problems: generate training triplets with "
                    "information-preserving and information-destroying operators, train a sentence "
                    "encoder, score and explain paraphrases.",
        epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--version", action="version", version=f"paraqd {__version__}")
    parser.add_argument("-v", "--verbose", action="count", default=0, help="more log output (-vv: debug)")
    parser.add_argument("-q", "--quiet", action="store_true", help="only warnings and errors")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name in sorted(_COMMANDS):
        help_, description, add_arguments = _COMMANDS[name]
        p = sub.add_parser(name, help=help_, description=description, parents=[verbosity_options()],
                           formatter_class=argparse.RawDescriptionHelpFormatter)
        p.set_defaults(_run=add_arguments(p))
    return parser


def _configure_logging(verbose: int, quiet: bool) -> None:
    level = logging.WARNING if quiet else (logging.DEBUG if verbose > 1 else logging.INFO)
    logging.basicConfig(level=level, format="%(message)s" if verbose == 0 else "%(levelname)s %(name)s: %(message)s")
    for noisy in ("sentence_transformers", "transformers", "urllib3", "filelock", "httpx", "huggingface_hub"):
        logging.getLogger(noisy).setLevel(logging.WARNING if verbose < 2 else logging.INFO)


def main(argv: list[str] | None = None) -> int:
    os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")
    parser = build_parser()
    args = parser.parse_args(argv)
    if not getattr(args, "_run", None):
        parser.print_help()
        return 2
    _configure_logging(args.verbose, args.quiet)
    try:
        code = args._run(args)
    except ParaqdError as exc:
        print(f"paraqd {args.command}: error: {exc}", file=sys.stderr)
        return exc.exit_code
    except KeyboardInterrupt:
        print(f"paraqd {args.command}: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        return 0
    return int(code or 0)


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
