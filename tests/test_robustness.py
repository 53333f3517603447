"""Inputs a library and a command line meet (issue 28): odd arguments, long texts, streams, checks that raise.

Nothing here is timed: the time a pair at the length limit takes is measured by hand (the notes) and the
limit itself is what bounds the work.
"""

from __future__ import annotations

import csv
import logging
import os
import threading
from pathlib import Path

import numpy as np
import pandas as pd
import pytest

from paraqd.checks import CriticalInfoChecker
from paraqd.checks.base import Check
from paraqd.cli import main
from paraqd.errors import InputError
from paraqd.io import iter_table_chunks, read_table
from paraqd.scoring import ParaphraseScorer
from paraqd.validation import (
    MAX_TEXT_CHARS,
    ArgumentTypeError,
    ArgumentValueError,
    TextError,
    check_positive_int,
    check_threshold,
    text_sequence,
)

try:
    from test_scoring import HashEncoder
except ImportError:  # pragma: no cover - run from the repository root as a package
    from tests.test_scoring import HashEncoder

REPO_ROOT = Path(__file__).resolve().parents[1]
#: the shared data beside the repository (``PARAQD_SHARED`` names it elsewhere, e.g. from a git worktree)
SHARED_DIR = Path(os.environ.get("PARAQD_SHARED", REPO_ROOT.parent / "shared"))
WALK = "John walked 200 kilometres. How long did he walk in terms of metres?"
WALK_KM = "john walked 200 km. How long did he walk in terms of metres?"


@pytest.fixture
def fake() -> ParaphraseScorer:
    return ParaphraseScorer(HashEncoder(), batch_size=4)


# -- API arguments -----------------------------------------------------------------------------------------


@pytest.mark.parametrize("make", [
    lambda qs: np.array(qs),
    lambda qs: np.array(qs, dtype=object),
    lambda qs: pd.Series(qs),
    lambda qs: pd.Series(qs).values,
    lambda qs: tuple(qs),
    lambda qs: iter(qs),
])
def test_numpy_and_pandas_string_arrays_score_like_lists(fake, make):
    questions, paraphrases = [WALK, "Tom has 3 apples."], [WALK_KM, "Tom has three apples."]
    expected = fake.score_pairs(questions, paraphrases)
    got = fake.score_pairs(make(questions), make(paraphrases))
    np.testing.assert_allclose(got, expected, atol=1e-6)
    assert [r.text for r in fake.rank(np.str_(WALK), make(paraphrases))] and \
        all(type(t) is str for t in text_sequence(make(questions), "questions"))


@pytest.mark.parametrize("value, error, words", [
    ({"a": "b"}, TypeError, "questions must be a sequence of strings (a list, tuple, numpy array or pandas "
                            "Series), not a dict"),
    ({"a", "b"}, TypeError, "not a set"),
    ("one text", TypeError, "questions must be a list of strings, not one string"),
    (b"bytes", TypeError, "not one bytes object"),
    (3, TypeError, "not a int"),
    (np.array([["a", "b"]]), ValueError, "questions must be one-dimensional, got an array of 2 dimensions"),
    ([WALK, 3], TypeError, "questions[1] is not text (int)"),
    ([WALK, None], TypeError, "questions[1] is not text (NoneType)"),
])
def test_bad_sequences_are_refused_naming_the_argument(fake, value, error, words):
    with pytest.raises(error) as info:
        fake.score_pairs(value, [WALK_KM, WALK_KM])
    assert words in str(info.value) and isinstance(info.value, InputError)


def test_unequal_lengths_are_a_value_error_naming_both(fake):
    with pytest.raises(ValueError, match="questions and paraphrases must have the same length; got 2 questions "
                                         "but 1 paraphrases"):
        fake.score_pairs([WALK, WALK], [WALK_KM])


@pytest.mark.parametrize("value, error", [
    (2, ValueError), (-1.5, ValueError), (float("nan"), ValueError), (float("inf"), ValueError),
    ("0.5", TypeError), (True, TypeError), ([0.5], TypeError),
])
def test_thresholds_must_be_finite_numbers_in_minus_one_one(fake, value, error):
    with pytest.raises(error, match="threshold"):
        check_threshold(value)
    with pytest.raises(error, match="threshold"):
        fake.is_valid(WALK, WALK_KM, threshold=value)
    with pytest.raises(error, match="threshold"):
        ParaphraseScorer(HashEncoder(), threshold=value)
    with pytest.raises(error, match="threshold"):  # refused before any model is loaded
        ParaphraseScorer.load("/nonexistent/model", threshold=value)


@pytest.mark.parametrize("option", ["max_seq_length", "batch_size", "workers"])
@pytest.mark.parametrize("value, error", [(0, ValueError), (-3, ValueError), (2.5, TypeError), (True, TypeError)])
def test_lengths_and_counts_must_be_positive_whole_numbers(option, value, error):
    with pytest.raises(error, match=option):
        ParaphraseScorer.load("/nonexistent/model", **{option: value})
    assert check_positive_int(np.int64(3), option) == 3


def test_good_thresholds_pass_through(fake):
    assert check_threshold(np.float32(0.25)) == 0.25 and check_threshold(-1) == -1.0
    assert fake.is_valid(WALK, WALK, threshold=1.0) in (True, False)
    assert issubclass(ArgumentValueError, ValueError) and issubclass(ArgumentTypeError, TypeError)
    with pytest.raises(TypeError, match="threshold must be a number in \\[-1, 1\\], not NoneType"):
        check_threshold(None)


# -- long texts, lone surrogates ---------------------------------------------------------------------------


def test_texts_above_the_limit_are_refused_naming_the_field(fake):
    long = "Tom has 3 apples. " * (MAX_TEXT_CHARS // 18 + 1)
    assert len(long) > MAX_TEXT_CHARS
    with pytest.raises(TextError, match=rf"paraphrases\[1\] is {len(long)} characters long; the limit is "
                                        rf"{MAX_TEXT_CHARS}"):
        fake.score_pairs([WALK, WALK], [WALK_KM, long])
    with pytest.raises(ValueError, match="candidates\\[0\\] is"):
        fake.rank(WALK, [long])
    with pytest.raises(ValueError, match="question is"):
        fake.explain(long, WALK)
    at_limit = long[:MAX_TEXT_CHARS]
    assert fake.score_pairs([at_limit], [WALK]).shape == (1,)


def test_the_analyzer_never_hands_spacy_a_text_above_the_limit(analyzer):
    with pytest.raises(TextError, match="texts\\[1\\] is 1048576 characters long"):
        list(analyzer.pipe(["Tom has 3 apples.", "x" * 1_048_576]))
    with pytest.raises(TextError, match="text is"):
        analyzer.analyze("y " * MAX_TEXT_CHARS)
    assert MAX_TEXT_CHARS < analyzer.nlp.max_length


def test_lone_surrogates_are_refused_naming_the_field(fake):
    with pytest.raises(ValueError, match=r"paraphrases\[0\] holds a lone surrogate \(U\+D800 at character 5\)"):
        fake.score_pairs([WALK], ["John\ud800 walked"])


def test_cli_refuses_a_long_cell_naming_row_and_column(tmp_path, capsys):
    src = tmp_path / "long.csv"
    pd.DataFrame({"question": [WALK, WALK], "paraphrase": [WALK_KM, "x" * 1_048_576]}).to_csv(src, index=False)
    out = tmp_path / "out.csv"
    assert main(["score", str(src), "-o", str(out), "--explain"]) == 2  # before any model is loaded
    err = capsys.readouterr().err.strip().splitlines()
    assert err == [f"paraqd score: error: {src}: row 2, column 'paraphrase' is 1048576 characters long; the "
                   f"limit is {MAX_TEXT_CHARS} (paraqd.validation.MAX_TEXT_CHARS); --on-bad-row skip skips such rows"]
    assert not out.exists()


# -- streams -----------------------------------------------------------------------------------------------


def _fifo_with(tmp_path: Path, name: str, data: bytes) -> tuple[Path, threading.Thread]:
    path = tmp_path / name
    os.mkfifo(path)

    def write():
        with open(path, "wb") as fh:
            fh.write(data)

    writer = threading.Thread(target=write, daemon=True)
    writer.start()
    return path, writer


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no named pipes here")
@pytest.mark.parametrize("name, data", [
    ("pipe", b"question,paraphrase\nq1,p1\nq2,p2\n"),
    ("pipe", b'{"question": "q1", "paraphrase": "p1"}\n{"question": "q2", "paraphrase": "p2"}\n'),
    ("pipe.csv", b"question,paraphrase\nq1,p1\nq2,p2\n"),
])
def test_a_named_pipe_is_read_as_a_stream_once(tmp_path, name, data):
    path, writer = _fifo_with(tmp_path, name, data)
    assert read_table(path)["question"].tolist() == ["q1", "q2"]
    # read again (a command looks at the first rows, then streams the rest): the same rows, no second writer
    assert pd.concat(list(iter_table_chunks(path, chunk_size=1)))["paraphrase"].tolist() == ["p1", "p2"]
    writer.join(timeout=10)


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no named pipes here")
def test_an_empty_named_pipe_says_so(tmp_path):
    path, writer = _fifo_with(tmp_path, "empty", b"")
    with pytest.raises(InputError, match="no input \\(the stream is empty\\)"):
        read_table(path)
    writer.join(timeout=10)


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no named pipes here")
def test_score_reads_a_named_pipe_like_process_substitution(tmp_path, monkeypatch):
    scorer = ParaphraseScorer(HashEncoder())
    monkeypatch.setattr(ParaphraseScorer, "load", classmethod(lambda cls, *a, **k: scorer))
    path, writer = _fifo_with(tmp_path, "63", f"question,paraphrase\n{WALK},{WALK_KM}\n".encode())
    out = tmp_path / "out.csv"
    assert main(["score", str(path), "-o", str(out)]) == 0
    assert read_table(out)["question"].tolist() == [WALK]
    writer.join(timeout=10)


@pytest.mark.parametrize("line, words", [
    ('{"question": null, "paraphrase": "p"}', "line 2, column 'question' is empty (expected text)"),
    ('{"question": "q", "paraphrase": 3.5}', "line 2, column 'paraphrase' is a number (3.5) where text was "
                                             "expected"),
    ('{"question": "q", "paraphrase": ["p"]}', "line 2, column 'paraphrase' is a list where text was expected"),
    ('{"question": "q", "paraphrase": true}', "line 2, column 'paraphrase' is a boolean (true) where text was "
                                              "expected"),
])
def test_read_errors_name_line_column_and_what_was_expected(tmp_path, capsys, line, words):
    src = tmp_path / "in.jsonl"
    src.write_text('{"question": "q0", "paraphrase": "p0"}\n' + line + "\n")
    assert main(["score", str(src), "-o", str(tmp_path / "out.csv")]) == 2
    assert words in capsys.readouterr().err


# -- a check that raises -----------------------------------------------------------------------------------


class Exploding(Check):
    name = "exploding"

    def compare(self, question, paraphrase):
        if "boom" in paraphrase.text:
            raise IndexError("list index out of range")
        return []


def test_a_check_that_raises_is_contained_logged_once_and_marked(analyzer, caplog):
    checker = CriticalInfoChecker(analyzer, checks=["numbers", Exploding()])
    with caplog.at_level(logging.WARNING, logger="paraqd.checks.checker"):
        results = checker.check_pairs(["Tom has 3 apples.", "Tom has 3 apples."],
                                      ["Tom has 4 apples.", "Tom has 4 apples, boom."])
    assert results[0].checks_failed == () and results[1].checks_failed == ("exploding",)
    assert results[1].kinds() == results[0].kinds() and results[0].findings  # the numbers check still ran
    warnings = [r.getMessage() for r in caplog.records]
    assert len(warnings) == 1 and "'exploding' raised IndexError" in warnings[0] and "pair 1" in warnings[0]
    assert results[1].to_dict()["checks_failed"] == ["exploding"]
    with pytest.raises(IndexError):
        CriticalInfoChecker(analyzer, checks=[Exploding()], strict=True).check("a", "boom")


def test_an_explanation_says_which_check_failed(analyzer):
    from paraqd.hybrid import HybridScorer

    scorer = ParaphraseScorer(HashEncoder(), threshold=0.2)
    scorer._checker = CriticalInfoChecker(analyzer, checks=["numbers", Exploding()])
    scorer.hybrid = HybridScorer(scorer._checker)
    explanation = scorer.explain(WALK, WALK_KM + " boom")
    assert explanation.checks_failed == ("exploding",)
    assert explanation.to_dict()["checks_failed"] == ["exploding"]
    assert "not checked for exploding" in explanation.reasons[-1]


def test_units_inch_square_against_square_inch_is_judged_not_crashed(analyzer):
    checker = CriticalInfoChecker(analyzer, strict=True)
    for q, p in [("A tile is 1 inch square. What is its area?", "A tile is 1 square inch. What is its area?"),
                 ("A tile is 1 square inch. What is its area?", "A tile is 1 inch square. What is its area?")]:
        result = checker.check(q, p)
        assert result.checks_failed == ()


def _dev_sets() -> list[Path]:
    found = sorted((REPO_ROOT / "data" / "dev").glob("*.csv"))
    return found + sorted((SHARED_DIR / "data" / "dev").glob("*.csv"))


@pytest.mark.parametrize("path", _dev_sets(), ids=lambda p: p.name)
def test_every_check_runs_on_the_dev_sets_without_raising(analyzer, path):
    """Strict mode: an exception inside a check fails this test, so it is fixed, not hidden by containment."""
    with open(path, encoding="utf-8", newline="") as fh:
        rows = list(csv.DictReader(fh))
    column = "paraphrase" if "paraphrase" in rows[0] else "augmented"
    questions = [r["question"] for r in rows if r["question"].strip() and r[column].strip()]
    paraphrases = [r[column] for r in rows if r["question"].strip() and r[column].strip()]
    checker = CriticalInfoChecker(analyzer, strict=True)
    results = checker.check_pairs(questions, paraphrases)
    assert len(results) == len(questions) > 0
    assert not any(r.checks_failed for r in results)


# -- augment's model paths ---------------------------------------------------------------------------------


@pytest.mark.parametrize("make, words", [
    (lambda tmp: "/nonexistent/pegasus", "--model f9: /nonexistent/pegasus: no such directory"),
    (lambda tmp: str(tmp), "not a model directory (no config.json in it)"),
    (lambda tmp: str(tmp / "q.jsonl"), "is a file, expected a model directory"),
])
def test_augment_names_a_model_path_that_is_not_a_model(tmp_path, capsys, make, words):
    src = tmp_path / "q.jsonl"
    src.write_text('{"question": "Tom has 3 apples. How many does he have?"}\n')
    assert main(["augment", str(src), "-o", str(tmp_path / "out.jsonl"), "--model", f"f9={make(tmp_path)}"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and words in err[0]


@pytest.mark.parametrize("name, content, words", [
    ("in.jsonl", '{"question": "a b", "paraphrase": "ok"}\n{"question": "Tom \\ud800 has", "paraphrase": "x"}\n',
     "line 2, column 'question' holds a lone surrogate (U+D800 at character 5)"),
    ("in.json", '[{"question": "a b", "paraphrase": "ok"}, {"question": "x", "paraphrase": "y\\udfff"}]',
     "record 2, column 'paraphrase' holds a lone surrogate (U+DFFF at character 2)"),
])
def test_a_lone_surrogate_in_a_file_is_named_by_place(tmp_path, capsys, name, content, words):
    src = tmp_path / name
    src.write_text(content)
    assert main(["score", str(src), "-o", str(tmp_path / "out.csv")]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and words in err[0]
