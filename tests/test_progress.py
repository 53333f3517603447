"""Progress bars (issue 27): on standard error, only on a terminal and without -q; work done in chunks."""

from __future__ import annotations

import io

import numpy as np
import pytest

from paraqd import progress


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


@pytest.fixture
def terminal(monkeypatch):
    """Makes standard error a terminal; called in the test itself (pytest's capture replaces sys.stderr
    again between a fixture's set-up and the test)."""

    def make() -> Terminal:
        err = Terminal()
        monkeypatch.setattr("sys.stderr", err)
        return err

    progress.set_quiet(False)
    yield make
    progress.set_quiet(False)


def test_a_bar_only_on_a_terminal_and_never_with_quiet(terminal, monkeypatch):
    terminal = terminal()
    assert progress.show_progress()
    with progress.progress_bar(total=3, desc="scoring", unit=" pairs") as bar:
        bar.update(3)
    assert "scoring:" in terminal.getvalue() and "/3 " in terminal.getvalue()
    progress.set_quiet(True)
    assert not progress.show_progress()
    monkeypatch.setattr("sys.stderr", io.StringIO())  # not a terminal
    progress.set_quiet(False)
    assert not progress.show_progress()


def test_in_chunks_joins_arrays_and_lists_in_order(terminal):
    terminal = terminal()
    questions = [f"q{i}" for i in range(10)]
    calls = []

    def scores(q, p):
        calls.append(len(q))
        return np.array([float(x[1:]) for x in q])

    out = progress.in_chunks(scores, questions, questions, desc="evaluating", size=4)
    np.testing.assert_array_equal(out, np.arange(10.0))
    assert calls == [4, 4, 2] and "evaluating" in terminal.getvalue()
    assert progress.in_chunks(lambda q, p: [x.upper() for x in q], questions, questions, desc="x", size=3) == [
        q.upper() for q in questions]
    assert progress.in_chunks(lambda q, p: list(q), ["a"], ["b"], desc="x") == ["a"]


def test_the_cli_sets_quiet_from_q(tmp_path):
    from paraqd.cli import main

    assert main(["-q", "operators", "--json"]) == 0
    assert progress._QUIET[0] is True
    assert main(["operators", "--json"]) == 0
    assert progress._QUIET[0] is False
