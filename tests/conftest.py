"""Shared fixtures: one spaCy analyzer per test session, the paper's running example, the question pools.

Tests that need the shared data (``../shared`` next to the repository) skip cleanly when it is absent.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

REPO_ROOT = Path(__file__).resolve().parents[1]
SHARED_DIR = REPO_ROOT.parent / "shared"
QUESTIONS_DIR = SHARED_DIR / "data" / "questions"

#: Q0, the running example of the ParaQD paper (section 3.1).
RUNNING_EXAMPLE = ("Alex travelled 100 km from New York at a constant speed of 20 kmph. "
                   "How many hours did it take him in total?")


class QuestionPool(list):
    """A list of questions whose repr stays short in test reports (hypothesis prints its arguments)."""

    def __repr__(self) -> str:
        return f"<QuestionPool of {len(self)} questions>"


def load_question_pool(directory: Path = QUESTIONS_DIR) -> QuestionPool:
    """Every question of every ``*.jsonl`` pool in ``directory`` (sorted by file name), deduplicated."""
    seen: dict[str, None] = {}
    for path in sorted(directory.glob("*.jsonl")):
        with open(path, encoding="utf-8") as fh:
            for line in fh:
                if line.strip():
                    seen.setdefault(json.loads(line)["question"], None)
    return QuestionPool(seen)


@pytest.fixture(scope="session")
def analyzer():
    """The shared :class:`paraqd.analysis.Analyzer` (spaCy loaded once per session)."""
    from paraqd.analysis import default_analyzer

    return default_analyzer()


@pytest.fixture(scope="session")
def running_example() -> str:
    return RUNNING_EXAMPLE


@pytest.fixture(scope="session")
def question_pool() -> QuestionPool:
    """All questions of /work/shared/data/questions/*.jsonl; skips when the shared data is absent."""
    if not QUESTIONS_DIR.is_dir():
        pytest.skip(f"shared question pools not found at {QUESTIONS_DIR}")
    questions = load_question_pool()
    if not questions:
        pytest.skip(f"no questions in {QUESTIONS_DIR}")
    return questions


@pytest.fixture(scope="session")
def hybrid_scorer():
    """The embedded all-MiniLM-L6-v2 with the critical-information check (loaded once per session)."""
    from paraqd.scoring import ParaphraseScorer

    return ParaphraseScorer.load(hybrid=True)


@pytest.fixture(scope="module")
def checker(analyzer):
    """A :class:`paraqd.checks.CriticalInfoChecker` on the shared analyzer (one per test module); skips
    without the spaCy pipeline."""
    from paraqd.checks import CriticalInfoChecker
    from paraqd.resources import spacy_available

    if not spacy_available():
        pytest.skip("spaCy pipeline not installed")
    return CriticalInfoChecker(analyzer)


@pytest.fixture(scope="module")
def kept(checker):
    """``kept(question, paraphrase)``: assert the checker passes the pair with no critical or major finding
    (context notes allowed) and return its result."""
    from paraqd.checks import Severity

    def kept(question, paraphrase):
        result = checker.check(question, paraphrase)
        assert result.passed, result.reasons
        assert not result.kinds(Severity.CRITICAL) and not result.kinds(Severity.MAJOR), result.reasons
        return result
    return kept


@pytest.fixture(scope="module")
def caught(checker):
    """``caught(question, paraphrase)``: assert the checker rejects the pair and return its result."""
    def caught(question, paraphrase):
        result = checker.check(question, paraphrase)
        assert not result.passed, ("the change was not caught", result.reasons)
        return result
    return caught


@pytest.fixture(scope="module")
def parse(analyzer):
    """``analyze`` with a per-module cache: property tests draw the same questions many times."""
    cache: dict[str, object] = {}

    def parse(text):
        if text not in cache:
            cache[text] = analyzer.analyze(text)
        return cache[text]

    return parse


# -- the shared data: say once, loudly, when its tests were skipped ----------------------------------------


def _skip_reason(report) -> str:
    longrepr = getattr(report, "longrepr", None)
    if isinstance(longrepr, tuple) and len(longrepr) == 3:
        return str(longrepr[2])
    return str(longrepr or "")


def shared_skips_summary(reports, shared_dir: Path = SHARED_DIR) -> str | None:
    """One loud line when tests were skipped because the shared data (``../shared``) is missing, else None."""
    if shared_dir.is_dir():
        return None
    skipped = [r for r in reports if "shared" in _skip_reason(r).lower() or str(shared_dir) in _skip_reason(r)]
    if not skipped:
        return None
    return (f"{len(skipped)} test{'s' if len(skipped) != 1 else ''} SKIPPED: the shared data is missing "
            f"({shared_dir}: question pools, dev and evaluation sets); put it next to the repository to run them")


def pytest_terminal_summary(terminalreporter, exitstatus, config):
    line = shared_skips_summary(terminalreporter.stats.get("skipped", []))
    if line:
        terminalreporter.write_sep("!", line, yellow=True, bold=True)
