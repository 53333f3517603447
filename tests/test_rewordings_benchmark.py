"""benchmarks/rewordings.py runs on a tiny labelled file and ends with its JSON summary."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import pandas as pd
import pytest

SCRIPT = Path(__file__).resolve().parents[1] / "benchmarks" / "rewordings.py"

QUESTION = "Tom has 3 apples and buys 5 more. How many apples does he have?"
ROWS = [  # mathcheck_dev's columns: question, augmented, final_label, kind
    (QUESTION, "Tom has three apples and buys five more. How many apples does he have now?", 1, "rewording"),
    (QUESTION, "Tom owns 3 apples and purchases 5 more. What is the number of apples he has?", 1, "rewording"),
    (QUESTION, "Tom has 3 apples and buys 7 more. How many apples does he have?", 0, "number changed"),
    (QUESTION, "Tom has apples and buys 5 more. How many apples does he have?", 0, "number dropped"),
]


@pytest.fixture(scope="module")
def rewordings():
    spec = importlib.util.spec_from_file_location("rewordings", SCRIPT)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_rewordings_json_summary_and_per_pair_verdicts(rewordings, tmp_path, capsys):
    data = tmp_path / "tiny_dev.csv"
    pd.DataFrame(ROWS, columns=["question", "augmented", "final_label", "kind"]).to_csv(data, index=False)
    out = tmp_path / "verdicts.csv"
    assert rewordings.main(["--files", str(data), "--out", str(out)]) == 0
    printed = capsys.readouterr().out.strip().splitlines()
    summary = json.loads(printed[-1])
    assert summary["scorer"] == "hybrid (penalty rule)" and summary["model"] == "pretrained"
    assert set(summary) == {"scorer", "model", "threshold", "files", "seconds"}
    figures = summary["files"]["tiny_dev"]
    assert tuple(figures) == (*rewordings.SUMMARY_KEYS, "pure_cosine")
    assert tuple(figures["pure_cosine"]) == rewordings.FIGURE_KEYS  # the cosine alone, from the same run
    assert figures["pure_cosine"]["invalid_caught"] == 0.0  # near-copies: the paper's cosine accepts both
    assert (figures["n"], figures["n_valid"], figures["n_invalid"]) == (4, 2, 2)
    assert figures["invalid_caught"] == 1.0  # a changed and a dropped number: both critical findings
    for key in ("valid_kept", "weighted_f1_paper", "roc_auc"):
        assert 0.0 <= figures[key] <= 1.0
    assert figures["roc_auc_se"] >= 0.0
    # every wrong verdict is accounted for: rejections by finding kind, acceptances by the file's kind column
    verdicts = pd.read_csv(out, keep_default_na=False)
    assert list(verdicts["kind"]) == [r[3] for r in ROWS] and len(verdicts) == 4
    wrong = verdicts[~verdicts["correct"].astype(bool)]
    assert sum(figures["false_acceptances"].values()) == int((wrong["label"] == 0).sum())
    assert (figures["false_rejections"] == {}) == (not (wrong["label"] == 1).any())
    assert ((verdicts["score"] >= summary["threshold"]).astype(int) == verdicts["valid"]).all()


def test_pure_scorer_is_one_flag_away(rewordings, tmp_path, capsys):
    data = tmp_path / "tiny_dev.csv"
    pd.DataFrame(ROWS, columns=["question", "augmented", "final_label", "kind"]).to_csv(data, index=False)
    assert rewordings.main(["--files", str(data), "--pure"]) == 0
    summary = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert summary["scorer"] == "pure" and tuple(summary["files"]["tiny_dev"]) == rewordings.SUMMARY_KEYS
    # the paper's cosine keeps an edited copy of the question: both invalid pairs accepted, by their kind
    assert summary["files"]["tiny_dev"]["false_acceptances"] == {"number changed": 1, "number dropped": 1}


def test_a_missing_file_is_a_usage_error(rewordings, tmp_path, capsys):
    with pytest.raises(SystemExit) as exc:
        rewordings.main(["--files", str(tmp_path / "none.csv")])
    assert exc.value.code == 2 and "no such file" in capsys.readouterr().err
