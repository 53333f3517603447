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
    assert set(summary) == {"scorer", "model", "threshold", "files", "kinds", "families", "leave_one_style_out",
                            "blind", "seconds"}
    assert summary["blind"] is False and summary["families"] == {}  # no family column, no blind part
    by_kind = summary["kinds"]["tiny_dev"]
    assert by_kind["rewording"] == {"n": 2, "label": "valid", "valid_kept": summary["files"]["tiny_dev"]["valid_kept"],
                                    "invalid_caught": None, "roc_auc": by_kind["rewording"]["roc_auc"]}
    assert by_kind["number changed"]["label"] == "invalid" and by_kind["number changed"]["invalid_caught"] == 1.0
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


STYLE_ROWS = [  # the style files' columns: question, augmented, final_label, kind, family, source, why
    (*ROWS[0][:3], "number_words", "number_words", "t:1", ""),
    (QUESTION, "How many apples does Tom have after he buys 5 more apples to add to his 3?", 1, "question_first",
     "reordered", "t:1", ""),
    (*ROWS[2][:3], "number_changed", "number_changed", "t:1", "3 became 7"),
    (QUESTION, "Tom has 3 apples and buys 5 more. How many pears does he have?", 0, "unrelated_object",
     "unrelated_object_asked", "t:1", "pears are never mentioned"),
]
STYLE_COLUMNS = ["question", "augmented", "final_label", "kind", "family", "source", "why"]


def test_per_family_figures_and_the_leave_one_style_out_record(rewordings, tmp_path, capsys):
    data = tmp_path / "tiny_styles.csv"
    pd.DataFrame(STYLE_ROWS, columns=STYLE_COLUMNS).to_csv(data, index=False)
    history = tmp_path / "history.json"
    assert rewordings.main(["--files", str(data), "--history", str(history)]) == 0
    summary = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    families = summary["families"]["tiny_styles"]
    assert set(families) == {"number_words", "reordered", "number_changed", "unrelated_object_asked"}
    assert families["number_changed"]["label"] == "invalid" and families["number_changed"]["n"] == 1
    # nothing recorded yet: every family has today's figures and no "before"
    view = summary["leave_one_style_out"]["tiny_styles"]
    assert set(view) == set(families) and all(v["before"] is None and v["now"] == families[f]
                                              for f, v in view.items())
    assert not history.exists()

    assert rewordings.main(["--files", str(data), "--history", str(history), "--record", "reordered"]) == 0
    summary = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    records = json.loads(history.read_text())["records"]
    assert len(records) == 1 and records[0]["families"] == ["reordered"]
    assert records[0]["figures"] == {"tiny_styles": summary["families"]["tiny_styles"]} and records[0]["commit"]
    view = summary["leave_one_style_out"]["tiny_styles"]
    assert view["reordered"]["before"]["figures"] == records[0]["figures"]["tiny_styles"]["reordered"]
    assert view["number_words"]["before"] is None  # only the family named was recorded
    # a second record of the same family leaves its "before" (the first record naming it) as it was
    assert rewordings.main(["--files", str(data), "--history", str(history), "--record", "all"]) == 0
    view = json.loads(capsys.readouterr().out.strip().splitlines()[-1])["leave_one_style_out"]["tiny_styles"]
    assert len(json.loads(history.read_text())["records"]) == 2
    assert view["reordered"]["before"]["date"] == records[0]["date"] and view["number_words"]["before"]
    with pytest.raises(SystemExit) as exc:
        rewordings.main(["--files", str(data), "--history", str(history), "--record", "no_such_family"])
    assert exc.value.code == 2 and "no such family" in capsys.readouterr().err
    # another file's families get their own "before": a record is per file
    other = tmp_path / "other_styles.csv"
    pd.DataFrame(STYLE_ROWS[:2], columns=STYLE_COLUMNS).to_csv(other, index=False)
    assert rewordings.main(["--files", str(data), str(other), "--history", str(history)]) == 0
    view = json.loads(capsys.readouterr().out.strip().splitlines()[-1])["leave_one_style_out"]
    assert view["other_styles"]["reordered"]["before"] is None and view["other_styles"]["reordered"]["now"]
    assert view["tiny_styles"]["reordered"]["before"]["date"] == records[0]["date"]


def test_the_blind_part_is_read_only_with_blind_and_never_recorded(rewordings, tmp_path, capsys, monkeypatch):
    blind_dir = tmp_path / "blind"
    blind_dir.mkdir()
    monkeypatch.setattr(rewordings, "BLIND_DIR", blind_dir)
    blind = blind_dir / "tiny_styles_blind.csv"
    pd.DataFrame(STYLE_ROWS, columns=STYLE_COLUMNS).to_csv(blind, index=False)
    tuned = tmp_path / "tiny_dev.csv"
    pd.DataFrame(ROWS, columns=["question", "augmented", "final_label", "kind"]).to_csv(tuned, index=False)
    history = tmp_path / "history.json"
    with pytest.raises(SystemExit) as exc:
        rewordings.main(["--files", str(blind), "--history", str(history)])
    assert exc.value.code == 2 and "only with --blind" in capsys.readouterr().err
    with pytest.raises(SystemExit) as exc:
        rewordings.main(["--files", str(tuned), "--blind", "--record", "all", "--history", str(history)])
    assert exc.value.code == 2 and "never reads the blind" in capsys.readouterr().err
    assert rewordings.main(["--files", str(tuned), "--blind", "--history", str(history)]) == 0
    captured = capsys.readouterr()
    summary = json.loads(captured.out.strip().splitlines()[-1])
    assert summary["blind"] is True and set(summary["files"]) == {"tiny_dev", "tiny_styles_blind"}
    assert "scored once per release" in captured.out and "scored once per release" in captured.err
    # blind figures are reported per family, but never enter the leave-one-style-out view
    assert set(summary["families"]) == {"tiny_styles_blind"} and summary["leave_one_style_out"] == {}
    # a blind part named with --files is scored alone: the other blind parts are not scored again
    other = blind_dir / "other_styles_blind.csv"
    pd.DataFrame(STYLE_ROWS, columns=STYLE_COLUMNS).to_csv(other, index=False)
    assert rewordings.main(["--files", str(blind), "--blind", "--history", str(history)]) == 0
    summary = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert set(summary["files"]) == {"tiny_styles_blind"}
    assert not history.exists()
