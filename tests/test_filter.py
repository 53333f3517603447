"""`paraqd filter` and paraqd.filtering: valid candidates out, ranked per question; rejected ones with reasons.
Also `-` (standard input / output) across the commands that stream tables, and options that write files."""

from __future__ import annotations

import io
import json
import sys

import numpy as np
import pandas as pd
import pytest
from test_cli_score import fake_model  # noqa: F401  (fixture: the hash encoder instead of the real model)

from paraqd.cli import main
from paraqd.filtering import filter_candidates
from paraqd.io import read_table
from paraqd.scoring import ParaphraseScorer

Q1 = "Alex travelled 100 km from New York at a constant speed of 20 kmph. How many hours did it take him?"
Q2 = "John walked 200 kilometres. How long did he walk in terms of metres?"
CANDIDATES = pd.DataFrame({
    "id": ["a", "b", "c", "d", "e"],
    "question": [Q1, Q2, Q1, Q2, Q1],
    "candidate": [
        "Alex travelled 100 m from New York at a constant speed of 20 kmph. How many hours did it take him?",
        "John walked 200 km. How long did he walk in terms of metres?",
        "Alex drove 100 kilometres from New York at a steady 20 km/h. How many hours did the trip take him?",
        "John walked 200 centimetres. How long did he walk in terms of metres?",
        "Alex travelled one hundred kilometres from New York at a constant speed of twenty kilometres per hour. "
        "How many hours did it take him?",
    ]})


class TableScorer:
    """A scorer whose score of each candidate is given (isolates the ranking logic from any model)."""

    def __init__(self, scores: dict[str, float], threshold: float = 0.5):
        self.scores, self.threshold = scores, threshold

    def score_pairs(self, questions, candidates, show_progress_bar=False):
        return np.array([self.scores[c] for c in candidates], dtype=np.float32)

    def explain_pairs(self, questions, candidates):
        from types import SimpleNamespace

        return [SimpleNamespace(score=self.scores[c], reasons=[f"low {self.scores[c]}"] if self.scores[c] < 0.5
                                else []) for c in candidates]


def test_accepted_are_grouped_by_question_and_ranked_best_first():
    df = pd.DataFrame({"q": ["x", "y", "x", "x", "y", "z"], "c": ["x1", "y1", "x2", "x3", "y2", "z1"]})
    scorer = TableScorer({"x1": 0.6, "y1": 0.9, "x2": 0.8, "x3": 0.6, "y2": 0.2, "z1": 0.1})
    result = filter_candidates(scorer, df, "q", "c")
    assert result.accepted["c"].tolist() == ["x2", "x1", "x3", "y1"]  # x first (seen first); tie keeps order
    assert result.accepted["rank"].tolist() == [1, 2, 3, 1]
    assert result.accepted["score"].tolist() == pytest.approx([0.8, 0.6, 0.6, 0.9])
    assert result.rejected["c"].tolist() == ["y2", "z1"]
    assert result.rejected["reasons"].tolist() == ["low 0.2", "low 0.1"]
    stricter = filter_candidates(scorer, df, "q", "c", threshold=0.7, reasons=False)
    assert stricter.accepted["c"].tolist() == ["x2", "y1"] and "reasons" not in stricter.rejected


def test_filter_cli_with_the_embedded_model_and_the_check(tmp_path):
    """The real scorer with the critical-information check: a changed unit is rejected with the reason."""
    src, kept, rejected = tmp_path / "c.csv", tmp_path / "kept.csv", tmp_path / "rejected.jsonl"
    CANDIDATES.to_csv(src, index=False)
    assert main(["-q", "filter", str(src), "-o", str(kept), "--rejected", str(rejected), "--hybrid"]) == 0
    good, bad = read_table(kept), read_table(rejected)
    assert set(good["id"]) == {"b", "c", "e"} and set(bad["id"]) == {"a", "d"}
    assert list(good.columns) == ["id", "question", "candidate", "score", "rank"]
    assert good["question"].tolist()[0] == Q1 and good["rank"].astype(int).tolist() == [1, 2, 1]
    assert (np.diff(good["score"].astype(float).tolist()[:2]) <= 0).all()
    reasons = dict(zip(bad["id"], bad["reasons"]))
    assert "km" in reasons["a"] and "m" in reasons["a"]
    assert "kilometres" in reasons["d"] or "centimetres" in reasons["d"]
    expected = ParaphraseScorer.load(hybrid=True).score_pairs(good["question"].tolist(), good["candidate"].tolist())
    np.testing.assert_allclose(good["score"].astype(float), expected, atol=1e-5)


def _stdin(monkeypatch, text: str) -> None:
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(text.encode()), encoding="utf-8"))


def test_filter_streams_standard_input_to_standard_output(monkeypatch, capsysbinary, fake_model, tmp_path):  # noqa: F811
    monkeypatch.chdir(tmp_path)
    _stdin(monkeypatch, CANDIDATES.to_csv(index=False))
    assert main(["-q", "filter", "-", "-o", "-", "--rejected", "rejected.csv"]) == 0
    out = capsysbinary.readouterr().out.decode()
    rows = [json.loads(line) for line in out.splitlines()]  # stdin -> stdout defaults to JSON lines
    kept, bad = {r["id"] for r in rows}, set(read_table(tmp_path / "rejected.csv")["id"])
    assert kept | bad == set("abcde") and not kept & bad
    _stdin(monkeypatch, CANDIDATES.to_json(orient="records", lines=True))
    assert main(["-q", "filter", "-", "-o", "-", "--format", "csv"]) == 0
    assert capsysbinary.readouterr().out.decode().startswith("id,question,candidate,score,rank\n")
    assert not (tmp_path / "-").exists()


def test_filter_errors_are_one_line(tmp_path, capsys, fake_model):  # noqa: F811
    src = tmp_path / "c.csv"
    CANDIDATES.to_csv(src, index=False)
    assert main(["filter", str(src), "-o", "-", "--rejected", "-"]) == 2
    assert "cannot both be -" in capsys.readouterr().err
    assert main(["filter", str(src), "-o", str(tmp_path / "k.txt")]) == 2
    assert main(["filter", str(src), "-o", str(tmp_path / "k.csv"), "--paraphrase-column", "nope"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 2 and "no column 'nope'" in err


def test_score_streams_standard_input_to_standard_output(monkeypatch, capsysbinary, fake_model, tmp_path):  # noqa: F811
    monkeypatch.chdir(tmp_path)
    _stdin(monkeypatch, CANDIDATES.to_csv(index=False))
    assert main(["-q", "score", "-", "-o", "-", "--format", "csv"]) == 0
    out = pd.read_csv(io.StringIO(capsysbinary.readouterr().out.decode()))
    assert out["id"].tolist() == list("abcde") and {"score", "valid"} <= set(out.columns)
    src = tmp_path / "c.csv"
    CANDIDATES.to_csv(src, index=False)
    assert main(["-q", "score", str(src), "-o", "-"]) == 0  # to stdout in the input file's format (CSV)
    assert capsysbinary.readouterr().out.decode().startswith("id,question,candidate,score,valid\n")
    assert not (tmp_path / "-").exists()


def test_augment_streams_standard_input_to_standard_output(monkeypatch, capsysbinary, tmp_path):
    monkeypatch.chdir(tmp_path)
    _stdin(monkeypatch, json.dumps({"question": Q1}) + "\n" + json.dumps({"question": Q2}) + "\n")
    assert main(["-q", "augment", "-", "-o", "-", "--operators", "f2,f3,f6,f8", "--stats", "-"]) == 0
    out = capsysbinary.readouterr().out.decode().splitlines()
    triplets = [json.loads(line) for line in out if line.startswith('{"anchor"')]
    assert len(triplets) == 2 and set(triplets[0]) == {"anchor", "positive", "negative"}
    assert '"questions": 2' in "\n".join(out)  # --stats - on standard output too
    assert not (tmp_path / "-").exists()


def test_evaluate_json_dash_goes_to_standard_output_and_creates_no_file(tmp_path, monkeypatch, capsys):
    from test_evaluate import JSON_KEYS

    monkeypatch.chdir(tmp_path)
    src = tmp_path / "labelled.csv"
    pd.DataFrame({"question": [Q1, Q1, Q2, Q2], "paraphrase": CANDIDATES["candidate"].tolist()[:4],
                  "label": [0, 0, 1, 0]}).to_csv(src, index=False)
    assert main(["-q", "evaluate", "pretrained", str(src), "--json", "-"]) == 0
    rows = json.loads(capsys.readouterr().out)  # only the JSON: the table is not printed too
    assert list(rows[0])[:len(JSON_KEYS)] == JSON_KEYS and rows[0]["n"] == 4
    assert main(["-q", "evaluate", "pretrained", str(src), "--markdown", "-"]) == 0
    assert capsys.readouterr().out.startswith("Model: `pretrained`")
    assert main(["evaluate", "pretrained", str(src), "--json", "-", "--markdown", "-"]) == 2
    assert main(["evaluate", "pretrained", str(src), "--plots", "-"]) == 2
    assert "cannot hold a directory" in capsys.readouterr().err
    assert not (tmp_path / "-").exists()


@pytest.mark.parametrize("argv", [
    ["train", "t.jsonl", "-o", "-"],
    ["demo", "--output", "-"],
    ["bench", "--pool", "q.jsonl", "--eval", "e.csv", "-o", "-"],
    ["pairs", "cross-train", "g.csv", "-o", "-"],
])
def test_directory_outputs_refuse_dash(argv, tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    assert main(argv) == 2
    assert "cannot hold a directory" in capsys.readouterr().err
    assert not (tmp_path / "-").exists()


def test_pairs_outputs_stream_to_standard_output(tmp_path, monkeypatch, capsysbinary):
    monkeypatch.chdir(tmp_path)
    src = tmp_path / "labelled.csv"
    pd.DataFrame({"text_a": ["a", "b", "c"], "text_b": ["b", "c", "d"], "label": [1, 1, 0]}).to_csv(src, index=False)
    assert main(["-q", "pairs", "closure", str(src), "-o", "-"]) == 0
    rows = [json.loads(line) for line in capsysbinary.readouterr().out.decode().splitlines()]
    assert {(r["text_a"], r["text_b"], r["label"]) for r in rows} >= {("a", "c", 1), ("a", "d", 0)}
    assert main(["pairs", "closure", str(src), "-o", "-", "--contradictions", "-"]) == 2
    assert not (tmp_path / "-").exists()
