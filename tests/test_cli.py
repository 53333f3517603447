"""The `paraqd` command line as a whole: global options, help texts."""

from __future__ import annotations

import argparse
import os
import signal

import pytest

from paraqd.cli import build_parser, main


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


# -- issue 27: the smaller items ---------------------------------------------------------------------------


def test_operators_table_has_one_row_per_operator_and_extra_ones_are_not_train(capsys, monkeypatch):
    """Unavailable operators' reasons go below the table (rows never interleave); n1..n4, p1..p4 are 'extra'."""
    from paraqd.cli.operators import describe_operators
    from paraqd.operators import resolve_operator_names

    monkeypatch.setenv("HF_HUB_OFFLINE", "1")
    assert main(["operators"]) == 0
    out = capsys.readouterr().out
    table = out.split("\n\n")[0].splitlines()[2:]
    rows = {line.split()[0]: line.split() for line in table}
    assert len(table) == len(rows) == len(describe_operators())  # one line per operator, nothing between
    assert rows["p4"][3] == "extra" and rows["n1"][3] == "extra" and rows["f1"][3] == "train"
    assert "equal-values" not in resolve_operator_names("train")
    assert [line.split()[0] for line in table][:3] == ["f1", "f2", "f3"]
    unavailable = [r for r in describe_operators() if not r["available"]]
    if unavailable:
        assert f"not available here ({len(unavailable)}):" in out
        assert all(f"{r['name']}: {r['reason']}" in out for r in unavailable)


def test_every_repository_path_in_a_help_example_exists():
    """`evaluate --help` named data/eval/AQUA_test.csv, which is not in the repository."""
    import re
    from pathlib import Path

    from paraqd.cli import _COMMANDS, build_parser

    build_parser()
    root = Path(__file__).resolve().parents[1]
    named = {path for _, description, _ in _COMMANDS.values()
             for path in re.findall(r"(?<![\w/.])((?:data|docs|benchmarks)/[\w./-]+\.(?:csv|jsonl|json|parquet|md))",
                                    description)}
    assert "data/dev/aqua_dev_labelled.csv" in named
    assert [p for p in named if not (root / p).exists()] == []


def test_shared_skips_are_said_once_loudly_in_the_summary(tmp_path):
    from types import SimpleNamespace

    from conftest import shared_skips_summary

    reports = [SimpleNamespace(longrepr=("f", 1, "Skipped: shared evaluation data not present")),
               SimpleNamespace(longrepr=("f", 2, "Skipped: spaCy pipeline not installed")),
               SimpleNamespace(longrepr=("f", 3, f"Skipped: no questions in {tmp_path / 'missing'}"))]
    line = shared_skips_summary(reports, tmp_path / "missing")
    assert line.startswith("2 tests SKIPPED: the shared data is missing")
    assert shared_skips_summary(reports, tmp_path) is None  # present: nothing to say


@pytest.mark.skipif(not hasattr(os, "fork"), reason="needs fork")
def test_a_process_forked_after_a_stop_leaves_at_once():
    """A process pool replaces the workers a stop ended while the command cleans up; the replacement must not
    outlive the command (it held `paraqd augment --workers 2`'s stderr open after the command had exited)."""
    from paraqd.cli import _CURRENT, _Stopper

    def fork_and_wait() -> int:
        pid = os.fork()
        if pid == 0:  # the child's own work: leave with 0
            os._exit(0)
        return os.waitstatus_to_exitcode(os.waitpid(pid, 0)[1])

    stopper = _Stopper(hard_exit=False)
    _CURRENT.append(stopper)
    try:
        assert fork_and_wait() == 0  # no stop yet: the child does its work
        stopper.signum = signal.SIGTERM
        assert fork_and_wait() == 128 + signal.SIGTERM  # after the stop: it leaves before its work
    finally:
        _CURRENT.remove(stopper)
    assert fork_and_wait() == 0  # the command is over: forks are left alone again
