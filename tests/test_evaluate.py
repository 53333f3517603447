"""Evaluator, `paraqd evaluate`, paper-layout tables and plots."""

from __future__ import annotations

import json
import math
from pathlib import Path

import numpy as np
import pandas as pd
import pytest

from paraqd.cli import main
from paraqd.errors import InputError
from paraqd.evaluation import METRIC_KEYS, Evaluator, LabelledPairs, PairColumns, ResultTable, evaluate_scores
from paraqd.evaluation.report import evaluation_table

SHARED_AQUA = Path(__file__).resolve().parents[2] / "shared" / "data" / "eval" / "AQUA_test.csv"
JSON_KEYS = ["file", *METRIC_KEYS]

ROWS = [
    ("A train covers 300 km in 5 hours. What is its speed?", "In 5 hours a train covers 300 km. Its speed?", 1),
    ("A train covers 300 km in 5 hours. What is its speed?", "A train covers km in hours. What is its speed?", 0),
    ("Tom walks 3 miles a day. How far in a week?", "Each day Tom walks 3 miles. How far in 7 days?", 1),
    ("Tom walks 3 miles a day. How far in a week?", "Tom walks a day. How far?", 0),
    ("Sarah has 4 apples and eats 1. How many are left?", "Sarah has some apples. How many are left?", 0),
]


class LookupScorer:
    """Scores from a table: deterministic and model-free."""

    def __init__(self, scores: dict[tuple[str, str], float]):
        self.scores = scores

    def score_pairs(self, questions, paraphrases):
        return np.array([self.scores[(q, p)] for q, p in zip(questions, paraphrases)])


@pytest.fixture
def pairs_csv(tmp_path) -> Path:
    path = tmp_path / "pairs.csv"
    pd.DataFrame(ROWS, columns=["question", "augmented", "final_label"]).to_csv(path, index=False)
    return path


@pytest.fixture
def scorer() -> LookupScorer:
    values = [0.9, 0.7, 0.8, 0.2, 0.55]
    return LookupScorer({(q, p): v for (q, p, _), v in zip(ROWS, values)})


@pytest.mark.parametrize("suffix", [".csv", ".jsonl", ".parquet"])
def test_labelled_pairs_detects_columns_in_every_format(tmp_path, suffix):
    df = pd.DataFrame(ROWS, columns=["question", "candidate", "label"])
    path = tmp_path / f"p{suffix}"
    {".csv": lambda: df.to_csv(path, index=False), ".jsonl": lambda: df.to_json(path, orient="records", lines=True),
     ".parquet": lambda: df.to_parquet(path)}[suffix]()
    pairs = LabelledPairs.read(path)
    assert len(pairs) == 5 and pairs.labels.tolist() == [1, 0, 1, 0, 0]
    assert pairs.paraphrases[0] == ROWS[0][1]


def test_named_columns_and_missing_label_column(tmp_path):
    path = tmp_path / "p.csv"
    pd.DataFrame(ROWS, columns=["original", "rewrite", "ok"]).to_csv(path, index=False)
    with pytest.raises(InputError, match="label"):
        LabelledPairs.read(path, PairColumns("original", "rewrite"))
    pairs = LabelledPairs.read(path, PairColumns("original", "rewrite", "ok"))
    assert pairs.labels.sum() == 2


def test_triplets_need_a_valid_and_an_invalid_paraphrase(pairs_csv):
    anchors, positives, negatives = LabelledPairs.read(pairs_csv).triplets()
    assert anchors == [ROWS[0][0], ROWS[2][0]]       # Sarah's question has no valid paraphrase
    assert positives == [ROWS[0][1], ROWS[2][1]] and negatives == [ROWS[1][1], ROWS[3][1]]


def test_evaluator_rows_have_the_documented_keys_first(pairs_csv, scorer):
    results = Evaluator(scorer).evaluate([pairs_csv])
    row = results[0].as_row()
    assert list(row)[:len(JSON_KEYS)] == JSON_KEYS
    assert row["file"] == str(pairs_csv)
    assert row["n"] == 5 and (row["tp"], row["fp"], row["fn"], row["tn"]) == (2, 2, 0, 1)
    assert row["roc_auc"] == pytest.approx(evaluate_scores([1, 0, 1, 0, 0], [0.9, 0.7, 0.8, 0.2, 0.55])["roc_auc"])
    assert "tuned_threshold_on_eval_data" not in row


def test_tuned_threshold_is_reported_under_its_own_name(pairs_csv, scorer):
    row = Evaluator(scorer, tune_threshold=True).evaluate([pairs_csv])[0].as_row()
    assert row["threshold"] == 0.5
    assert 0.7 < row["tuned_threshold_on_eval_data"] < 0.8
    assert row["tuned_weighted_f1_paper_on_eval_data"] == pytest.approx(1.0)


def test_every_file_is_checked_before_scoring(pairs_csv, scorer, tmp_path):
    with pytest.raises(InputError, match="no such file"):
        Evaluator(scorer).evaluate([pairs_csv, tmp_path / "missing.csv"])


def test_result_table_markdown_csv_json(tmp_path):
    table = ResultTable.layout("table1", "Table 1")
    m = evaluate_scores([1, 0, 1, 0], [0.9, 0.1, 0.8, 0.6])
    table.add(("AQUA", "Pretrained"), m)
    table.add({"Dataset": "AQUA", "Method": "SSMBA"}, None, note="SSMBA skipped: no masked LM")
    table.add(("SAWP", "Pretrained"), {**m, "roc_auc": math.nan})
    md = table.to_markdown()
    lines = md.splitlines()
    assert lines[2].startswith("| Dataset | Method | Macro P")
    assert lines[4].startswith("| AQUA | Pretrained |") and lines[5].startswith("|  | SSMBA | skipped")
    assert lines[6].startswith("| SAWP | Pretrained |") and lines[6].rstrip().endswith("– |")
    assert "harmonic mean" in md and "SSMBA skipped: no masked LM" in md
    paths = table.write(tmp_path / "t1")
    data = json.loads(paths["json"].read_text())
    assert data["rows"][1] == {"Dataset": "AQUA", "Method": "SSMBA", "skipped": True}
    assert data["rows"][2]["roc_auc"] is None
    frame = pd.read_csv(paths["csv"])
    assert list(frame.columns[:5]) == ["Dataset", "Method", "n", "n_valid", "n_invalid"]
    with pytest.raises(InputError):
        ResultTable.layout("table9")
    with pytest.raises(InputError):
        table.add(("only-one-key",), m)


def test_evaluation_table_has_one_row_per_file():
    text = evaluation_table([{"file": "a.csv", **evaluate_scores([1, 0], [0.9, 0.1])}])
    assert text.count("\n") == 3 and "| a.csv | 2 | 1 | 1 |" in text


def test_plots_are_small_pngs(tmp_path):
    from paraqd.evaluation.metrics import ConfusionMatrix
    from paraqd.evaluation.plots import plot_confusion_matrices, plot_score_distributions, plot_triplet_embeddings

    rng = np.random.default_rng(0)
    labels = rng.integers(0, 2, 200)
    panels = {f"m{i}": (labels, np.clip(rng.normal(0.3 * labels, 0.3), -1, 1)) for i in range(3)}
    emb = {f"m{i}": tuple(rng.normal(size=(12, 8)) for _ in range(3)) for i in range(2)}
    paths = [plot_score_distributions(panels, tmp_path / "s.png", title="t"),
             plot_confusion_matrices({"m": ConfusionMatrix(5, 3, 2, 9)}, tmp_path / "c.png"),
             plot_triplet_embeddings(emb, tmp_path / "e.png", highlight=4)]
    for path in paths:
        data = path.read_bytes()
        assert data[:8] == b"\x89PNG\r\n\x1a\n" and 1_000 < len(data) < 200_000


def test_cli_reports_input_errors_on_one_line(tmp_path, capsys):
    code = main(["evaluate", "pretrained", str(tmp_path / "missing.csv")])
    err = capsys.readouterr().err.strip()
    assert code != 0 and len(err.splitlines()) == 1 and "missing.csv" in err


def test_cli_json_and_markdown(pairs_csv, tmp_path, capsys):
    out, md = tmp_path / "out.json", tmp_path / "out.md"
    assert main(["evaluate", "pretrained", str(pairs_csv), "--json", str(out), "--markdown", str(md)]) == 0
    rows = json.loads(out.read_text())
    assert len(rows) == 1 and list(rows[0])[:len(JSON_KEYS)] == JSON_KEYS
    assert rows[0]["n"] == 5 and -1 <= rows[0]["mu_neg"] <= 1
    assert rows[0]["scorer"] == "hybrid"  # the default scorer
    assert "hybrid score (penalty rule)" in md.read_text()
    assert "| file | n |" in md.read_text() and str(pairs_csv) in capsys.readouterr().out


@pytest.mark.skipif(not SHARED_AQUA.is_file(), reason="shared evaluation data not present")
def test_known_answer_pretrained_on_aqua_test(tmp_path):
    """The untrained all-MiniLM-L6-v2 with the pure cosine reproduces the paper's "Pretrained" AquaRAT figures."""
    out = tmp_path / "out.json"
    assert main(["evaluate", "pretrained", str(SHARED_AQUA), "--json", str(out), "--pure"]) == 0
    row = json.loads(out.read_text())[0]
    assert row["scorer"] == "pure"
    expected = {"macro_p": 0.658, "macro_r": 0.502, "macro_f1_paper": 0.569, "weighted_p": 0.784,
                "weighted_r": 0.318, "weighted_f1_paper": 0.453, "mu_pos": 0.980, "mu_neg": 0.906,
                "separation": 0.073, "roc_auc": 0.864}
    assert {k: round(row[k], 3) for k in expected} == expected
    assert (row["n"], row["n_valid"], row["n_invalid"]) == (440, 139, 301)


def test_bad_rows_are_an_error_or_skipped_and_counted(pairs_csv, scorer, tmp_path, capsys, caplog):
    """issue 27: --on-bad-row error (default) names file, row and column; skip drops and reports them."""
    df = pd.read_csv(pairs_csv)
    df.loc[1, "augmented"] = " "
    bad = tmp_path / "bad.csv"
    df.to_csv(bad, index=False)
    with pytest.raises(InputError, match=r"bad.csv: row 2, column 'augmented' is empty \(only whitespace\)"):
        Evaluator(scorer).evaluate([bad])
    evaluator = Evaluator(scorer, on_bad_row="skip")
    (result,) = evaluator.evaluate([bad])
    assert len(result.labels) == len(ROWS) - 1 and evaluator.bad_rows[str(bad)].count == 1
    with pytest.raises(InputError, match="unknown --on-bad-row"):
        Evaluator(scorer, on_bad_row="ignore")
    report = tmp_path / "skipped.csv"
    monkey_out = tmp_path / "m.json"
    with caplog.at_level("INFO"):
        assert main(["evaluate", "pretrained", str(bad), "--json", str(monkey_out), "--on-bad-row", "skip",
                     "--skipped", str(report)]) == 0
    assert f"{bad}: 1 bad row skipped (row 2)" in caplog.text
    assert pd.read_csv(report)[["place", "column", "file"]].values.tolist() == [["row 2", "augmented", str(bad)]]
    assert json.loads(monkey_out.read_text())[0]["n"] == len(ROWS) - 1
