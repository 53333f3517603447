"""`paraqd score`: rows in, the same rows with score and valid out; one-line errors on bad input."""

from __future__ import annotations

import json

import numpy as np
import pandas as pd
import pytest
from test_scoring import HashEncoder

from paraqd.cli import main
from paraqd.cli.score import score_file
from paraqd.io import read_table
from paraqd.scoring import ParaphraseScorer

ROWS = [
    ("Tom has 3 apples and buys 5 more. How many apples does he have?",
     "Tom has three apples and buys five more. How many apples does he have?"),
    ("Tom has 3 apples and buys 5 more. How many apples does he have?", "Tom has apples."),
    ("A car travels 60 km in 2 hours. What is its speed?", ("A car travels sixty kilometres in two hours. "
                                                            "What is its speed?")),
]


@pytest.fixture
def pairs_csv(tmp_path):
    path = tmp_path / "pairs.csv"
    pd.DataFrame({"id": [1, 2, 3], "question": [q for q, _ in ROWS],
                  "augmented": [p for _, p in ROWS]}).to_csv(path, index=False)
    return path


@pytest.fixture
def fake_model(monkeypatch):
    """Make `paraqd score` load the hash encoder instead of the real model (fast format tests)."""
    scorer = ParaphraseScorer(HashEncoder())

    def load(cls, path=None, *, threshold=None, **kwargs):
        scorer.threshold = 0.5 if threshold is None else threshold
        return scorer

    monkeypatch.setattr(ParaphraseScorer, "load", classmethod(load))
    return scorer


def test_score_cli_with_embedded_model(pairs_csv, tmp_path):
    out = tmp_path / "scored.csv"
    assert main(["score", str(pairs_csv), "-o", str(out), "--batch-size", "2"]) == 0
    df = read_table(out)
    assert list(df.columns) == ["id", "question", "augmented", "score", "valid"]
    expected = ParaphraseScorer.load().score_pairs([q for q, _ in ROWS], [p for _, p in ROWS])
    np.testing.assert_allclose(df["score"].astype(float), expected, atol=1e-5)
    assert df["valid"].tolist() == [str(bool(s >= 0.5)) for s in expected]


@pytest.mark.parametrize("suffix", [".csv", ".jsonl", ".parquet"])
def test_score_cli_formats(pairs_csv, tmp_path, fake_model, suffix):
    out = tmp_path / f"scored{suffix}"
    assert main(["score", str(pairs_csv), "-o", str(out)]) == 0
    df = read_table(out)
    assert list(df.columns) == ["id", "question", "augmented", "score", "valid"]
    assert df["question"].tolist() == [q for q, _ in ROWS]
    expected = fake_model.score_pairs([q for q, _ in ROWS], [p for _, p in ROWS])
    np.testing.assert_allclose(df["score"].astype(float), expected, atol=1e-5)
    assert [str(v).lower() for v in df["valid"]] == [str(bool(s >= 0.5)).lower() for s in expected]


def test_score_cli_threshold_and_named_columns(tmp_path, fake_model):
    src = tmp_path / "in.jsonl"
    src.write_text("".join(json.dumps({"problem": q, "rewrite": p}) + "\n" for q, p in ROWS))
    out = tmp_path / "out.jsonl"
    assert main(["score", str(src), "-o", str(out), "--question-column", "problem",
                 "--paraphrase-column", "rewrite", "--threshold", "0.2"]) == 0
    df = pd.read_json(out, lines=True)
    assert list(df.columns) == ["problem", "rewrite", "score", "valid"]
    assert (df["valid"] == (df["score"] >= 0.2)).all()


def test_score_file_streams_in_chunks(tmp_path):
    """Chunked scoring gives the same rows and scores as one pass (file larger than one chunk)."""
    rng = np.random.default_rng(0)
    words = ["apples", "pens", "km", "hours", "Tom", "Sara", "buys", "sells", "3", "five"]
    n = 53
    questions = [" ".join(rng.choice(words, 5)) for _ in range(n)]
    paraphrases = [" ".join(rng.choice(words, 4)) for _ in range(n)]
    src = tmp_path / "many.csv"
    pd.DataFrame({"question": questions, "candidate": paraphrases}).to_csv(src, index=False)
    scorer = ParaphraseScorer(HashEncoder())
    out = tmp_path / "many.parquet"
    assert score_file(scorer, str(src), str(out), threshold=0.0, chunk_size=10) == n
    df = pd.read_parquet(out)
    assert df["question"].tolist() == questions
    np.testing.assert_allclose(df["score"], scorer.score_pairs(questions, paraphrases), atol=1e-6)
    np.testing.assert_array_equal(df["valid"], df["score"] >= 0.0)


@pytest.mark.parametrize("content, args, message", [
    ("question,augmented\n", [], "no rows"),
    ("", [], "file is empty"),
    ("question,other\nq,p\n", [], "cannot find a paraphrase column"),
    ("question,augmented\nq,p\n", ["--question-column", "nope"], "no column 'nope'"),
    ("question,augmented\nq,p\nq2,\n", [], "row 2, column 'augmented' is empty"),
    ("question,augmented\nq,p\nq1,p1\nq2,p2\nq3,\n", ["--chunk-size", "2"], "row 4, column 'augmented' is empty"),
    ("question,augmented\nq,p\n", ["--batch-size", "0"], "--batch-size"),
])
def test_score_cli_bad_input_is_one_line(tmp_path, capsys, fake_model, content, args, message):
    src = tmp_path / "bad.csv"
    src.write_text(content)
    out = tmp_path / "out.csv"
    assert main(["score", str(src), "-o", str(out), *args]) != 0
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and message in err[0] and err[0].startswith("paraqd score: error:")
    assert not out.exists()


def test_score_cli_non_text_cell(tmp_path, capsys, fake_model):
    src = tmp_path / "bad.jsonl"
    src.write_text(json.dumps({"question": "q", "paraphrase": "p"}) + "\n"
                   + json.dumps({"question": "q", "paraphrase": 42}) + "\n")
    out = tmp_path / "out.csv"
    assert main(["score", str(src), "-o", str(out)]) != 0
    err = capsys.readouterr().err
    assert "line 2, column 'paraphrase' is a number (42) where text was expected" in err
    assert not out.exists()


def test_score_cli_missing_model(pairs_csv, tmp_path, capsys):
    assert main(["score", str(pairs_csv), "-o", str(tmp_path / "o.csv"), "--model",
                 str(tmp_path / "missing")]) == 2
    assert capsys.readouterr().err == f"paraqd score: error: no model at {tmp_path / 'missing'}\n"


@pytest.mark.parametrize("name, words", [
    ("nosuchmodel/", "no model at nosuchmodel/\n"),
    ("nosuchmodel", "no model at nosuchmodel (no such directory, and no Hugging Face model of that name in the "
                    "cache; working offline)\n"),
])
def test_score_cli_model_that_is_neither_a_directory_nor_cached(pairs_csv, tmp_path, capsys, monkeypatch, name,
                                                                 words):
    monkeypatch.chdir(tmp_path)
    assert main(["score", str(pairs_csv), "-o", str(tmp_path / "o.csv"), "--model", name]) == 2
    assert capsys.readouterr().err == "paraqd score: error: " + words


# -- issue 27: bad rows, good errors ------------------------------------------------------------------------


BAD_ROWS = "question,augmented\nq1,p1\nq2,\n  ,p3\nq4,p4\n"


def test_a_bad_row_is_an_error_naming_file_row_and_column_by_default(tmp_path, capsys, fake_model):
    src = tmp_path / "bad.csv"
    src.write_text(BAD_ROWS)
    assert main(["score", str(src), "-o", str(tmp_path / "out.csv")]) == 2
    assert capsys.readouterr().err == (f"paraqd score: error: {src}: row 2, column 'augmented' is empty (expected "
                                       "text); --on-bad-row skip skips such rows\n")


@pytest.mark.parametrize("command", ["score", "filter"])
def test_on_bad_row_skip_writes_the_skipped_rows_to_a_report_and_counts_them(tmp_path, caplog, fake_model,
                                                                             command):
    src = tmp_path / "bad.csv"
    src.write_text(BAD_ROWS)
    out = tmp_path / "out.csv"
    with caplog.at_level("INFO"):
        assert main([command, str(src), "-o", str(out), "--on-bad-row", "skip", "--chunk-size", "2"][
                    :None if command == "score" else -2]) == 0
    if command == "score":
        assert read_table(out)["question"].tolist() == ["q1", "q4"]
    else:
        assert "kept 0 of 2 candidates" in caplog.text  # the stand-in encoder keeps none of the two left
    report = read_table(tmp_path / "out.skipped.csv")
    assert report[["place", "column", "problem"]].values.tolist() == [
        ["row 2", "augmented", "is empty (expected text)"], ["row 3", "question", "is empty (only whitespace)"]]
    assert "2 bad rows skipped (row 2, row 3) -> " + str(tmp_path / "out.skipped.csv") in caplog.text


def test_on_bad_row_skip_with_jsonl_names_lines_and_a_chosen_report(tmp_path, fake_model):
    src = tmp_path / "bad.jsonl"
    src.write_text("".join(json.dumps(r) + "\n" for r in [
        {"question": "q1", "paraphrase": "p1"}, {"question": "q2", "paraphrase": 7}, {"question": "q3",
                                                                                     "paraphrase": "p3"}]))
    out, report = tmp_path / "out.jsonl", tmp_path / "skipped.jsonl"
    assert main(["score", str(src), "-o", str(out), "--on-bad-row", "skip", "--skipped", str(report)]) == 0
    assert read_table(out)["question"].tolist() == ["q1", "q3"]
    assert read_table(report)[["place", "problem"]].values.tolist() == [["line 2",
                                                                         "is a number (7) where text was expected"]]


def test_skipped_needs_skip_and_all_rows_bad_is_an_error(tmp_path, capsys, fake_model):
    src = tmp_path / "bad.csv"
    src.write_text("question,augmented\nq1,\n")
    assert main(["score", str(src), "-o", str(tmp_path / "o.csv"), "--skipped", str(tmp_path / "s.csv")]) == 2
    assert "--skipped needs --on-bad-row skip" in capsys.readouterr().err
    assert main(["score", str(src), "-o", str(tmp_path / "o.csv"), "--on-bad-row", "skip"]) == 2
    assert "bad.csv: no rows left (1 bad row skipped (row 1))" in capsys.readouterr().err


@pytest.mark.parametrize("content, args, words", [
    ("question,rewrite\nq,p\n", [], "cannot find a paraphrase column (looked for paraphrase, "),
    ("question,rewrite\nq,p\n", [], "columns found: question, rewrite); name it with --paraphrase-column"),
    ("problem,rewrite\nq,p\n", [], "columns found: problem, rewrite); name it with --question-column"),
    ("question,rewrite\nq,p\n", ["--paraphrase-column", "rewritten"],
     "no column 'rewritten' for the paraphrase (columns found: question, rewrite); give --paraphrase-column one"),
])
def test_the_wrong_columns_error_lists_the_columns_and_the_options(tmp_path, capsys, fake_model, content, args,
                                                                   words):
    src = tmp_path / "cols.csv"
    src.write_text(content)
    assert main(["score", str(src), "-o", str(tmp_path / "o.csv"), *args]) == 2
    assert words in capsys.readouterr().err


def test_a_missing_output_directory_is_an_error_with_a_hint_unless_mkdir(pairs_csv, tmp_path, capsys, fake_model):
    out = tmp_path / "no" / "such" / "scored.csv"
    assert main(["score", str(pairs_csv), "-o", str(out)]) == 2
    assert capsys.readouterr().err == (f"paraqd score: error: --output {out}: the directory {out.parent} does not "
                                       f"exist; create it first (mkdir -p {out.parent}) or add --mkdir\n")
    assert not (tmp_path / "no").exists()
    assert main(["score", str(pairs_csv), "-o", str(out), "--mkdir"]) == 0
    assert len(read_table(out)) == 3
    assert main(["--mkdir", "score", str(pairs_csv), "-o", str(tmp_path / "other" / "s.csv")]) == 0
