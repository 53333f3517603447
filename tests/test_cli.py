"""The `paraqd` command line as a whole: global options, help texts."""

from __future__ import annotations

import argparse

import pytest

from paraqd.cli import build_parser


def _subparsers(parser: argparse.ArgumentParser) -> dict[str, argparse.ArgumentParser]:
    actions = [a for a in parser._actions if isinstance(a, argparse._SubParsersAction)]
    return dict(actions[0].choices) if actions else {}


@pytest.mark.parametrize("argv,verbose,quiet", [
    (["-q", "operators"], 0, True),
    (["operators", "-q"], 0, True),
    (["operators", "--quiet"], 0, True),
    (["-v", "operators"], 1, False),
    (["operators", "-vv"], 2, False),
    (["-q", "pairs", "closure", "x.csv", "-o", "y.csv"], 0, True),
    (["pairs", "closure", "x.csv", "-o", "y.csv", "-q"], 0, True),
    (["pairs", "-v", "closure", "x.csv", "-o", "y.csv"], 1, False),
])
def test_verbosity_options_before_or_after_the_command(argv, verbose, quiet):
    args = build_parser().parse_args(argv)
    assert (args.verbose, args.quiet) == (verbose, quiet)


def test_every_command_accepts_q_after_it():
    for name, sub in _subparsers(build_parser()).items():
        assert {"-q", "-v"} <= set(sub._option_string_actions), name


def test_every_pairs_option_says_what_it_does_and_its_default():
    pairs = _subparsers(build_parser())["pairs"]
    for name, sub in _subparsers(pairs).items():
        formatter = sub._get_formatter()
        for action in sub._actions:
            if isinstance(action, argparse._HelpAction) or action.dest in ("verbose", "quiet"):
                continue
            assert action.help and len(action.help) > 10, (name, action.option_strings or action.dest)
            if action.option_strings and not action.required:
                text = formatter._get_help_string(action)
                assert "default" in text, (name, action.option_strings, text)
        sub.format_help()  # every %(default)s expands
