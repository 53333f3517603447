"""paraqd.calibration and `paraqd calibrate`: the threshold catching the wanted share of invalid paraphrases, its
bootstrap intervals, the refusals (too few labels, one class, no separation), and --calibration in `score`."""

from __future__ import annotations

import json
import logging

import numpy as np
import pandas as pd
import pytest
from conftest import SHARED_DIR
from hypothesis import given, settings
from hypothesis import strategies as st
from test_cli_score import fake_model  # noqa: F401  (fixture: the hash encoder instead of the real model)

from paraqd.calibration import (
    Calibration,
    calibrate_scores,
    calibrated_threshold,
    load_calibration,
    write_calibration,
)
from paraqd.cli import main
from paraqd.errors import InputError
from paraqd.io import read_table
from paraqd.scoring import ParaphraseScorer

DEV = SHARED_DIR / "data" / "dev" / "mathcheck_dev.csv"


def separated(n_valid=60, n_invalid=40, seed=0):
    rng = np.random.default_rng(seed)
    scores = np.r_[rng.normal(0.8, 0.1, n_valid), rng.normal(0.3, 0.15, n_invalid)]
    return scores, [1] * n_valid + [0] * n_invalid


def test_the_threshold_catches_the_target_share_and_keeps_what_it_can():
    scores, labels = separated()
    cal = calibrate_scores(scores, labels, target_caught=0.9, n_boot=300)
    invalid, valid = scores[np.array(labels) == 0], scores[np.array(labels) == 1]
    assert np.mean(invalid < cal.threshold) >= 0.9
    assert cal.caught.estimate == pytest.approx(np.mean(invalid < cal.threshold), abs=1e-4)
    assert cal.kept.estimate == pytest.approx(np.mean(valid >= cal.threshold), abs=1e-4)
    for interval in (cal.kept, cal.caught, cal.threshold_interval, cal.auc):
        assert interval.low <= interval.estimate <= interval.high
    stricter = calibrate_scores(scores, labels, target_caught=0.99, n_boot=300)
    assert stricter.threshold >= cal.threshold and stricter.kept.estimate <= cal.kept.estimate


@settings(max_examples=25, deadline=None)
@given(st.lists(st.floats(-1, 1), min_size=25, max_size=40), st.lists(st.floats(-1, 1), min_size=25, max_size=40),
       st.floats(0.5, 0.99))
def test_the_target_is_met_on_the_labels_whatever_the_scores(valid, invalid, target):
    scores = np.r_[np.array(valid) + 2, invalid]  # separable, with ties allowed
    labels = [1] * len(valid) + [0] * len(invalid)
    cal = calibrate_scores(scores, labels, target_caught=target, n_boot=50)
    assert np.mean(np.array(invalid) < cal.threshold) >= target - 1e-9


def test_too_few_one_class_or_no_separation_are_refused_clearly():
    with pytest.raises(InputError, match="too few labels to calibrate .20 pairs: 10 valid, 10 invalid"):
        calibrate_scores(np.r_[np.ones(10), np.zeros(10)], [1] * 10 + [0] * 10)
    with pytest.raises(InputError, match="all 80 labels say valid"):
        calibrate_scores(np.ones(80), [1] * 80)
    rng = np.random.default_rng(1)
    with pytest.raises(InputError, match=r"do not separate the labels \(ROC AUC 0\.\d\d"):
        calibrate_scores(rng.normal(0, 1, 120), [1, 0] * 60, n_boot=200)
    with pytest.raises(InputError, match="must lie in"):
        calibrate_scores(*separated(), target_caught=1.0)


def test_a_calibration_file_round_trips_and_sets_the_threshold(tmp_path, caplog):
    cal = calibrate_scores(*separated(), n_boot=100)
    path = tmp_path / "calibration.json"
    write_calibration(cal, path)
    assert json.loads(path.read_text())["format"] == "paraqd-calibration"
    assert load_calibration(path) == cal
    assert calibrated_threshold(None, path) == cal.threshold
    assert calibrated_threshold(0.3, None) == 0.3 and calibrated_threshold(None, None) is None
    with pytest.raises(InputError, match="both set the threshold"):
        calibrated_threshold(0.3, path)
    cal.scorer = {"model": "default", "method": "hybrid", "backend": "torch"}
    write_calibration(cal, path)
    with caplog.at_level(logging.WARNING, logger="paraqd.calibration"):
        assert calibrated_threshold(None, path, scorer=(None, None)) == cal.threshold
        assert calibrated_threshold(None, path, scorer=(None, True)) == cal.threshold
        assert caplog.text == ""
        calibrated_threshold(None, path, scorer=("model/", False))
    assert "calibrated on the hybrid score of model default, this run uses the pure score of model model/" \
        in caplog.text
    (tmp_path / "bad.json").write_text('{"threshold": 0.4}')
    with pytest.raises(InputError, match="not a paraqd calibration file"):
        load_calibration(tmp_path / "bad.json")
    with pytest.raises(InputError, match="not JSON"):
        load_calibration(_write(tmp_path / "x.json", "{"))
    assert isinstance(Calibration.from_dict(cal.to_dict()), Calibration)


def _write(path, text):
    path.write_text(text)
    return path


class LookupScorer:
    """A scorer whose scores are given per paraphrase (no model)."""

    method, threshold = "hybrid", 0.5

    def __init__(self, scores):
        self.scores = scores

    def score_pairs(self, questions, paraphrases, show_progress_bar=None):
        return np.array([self.scores[p] for p in paraphrases], dtype=np.float32)


def test_calibrate_cli_then_score_with_the_calibration(tmp_path, monkeypatch, capsys, fake_model):  # noqa: F811
    scores, labels = separated()
    rows = pd.DataFrame({"question": [f"q{i}" for i in range(len(labels))],
                         "paraphrase": [f"p{i}" for i in range(len(labels))], "label": labels})
    rows.to_csv(tmp_path / "labelled.csv", index=False)
    lookup = LookupScorer(dict(zip(rows["paraphrase"], scores)))
    monkeypatch.setattr(ParaphraseScorer, "load", classmethod(lambda cls, *a, **k: lookup))
    assert main(["calibrate", str(tmp_path / "labelled.csv"), "-o", str(tmp_path / "cal.json"),
                 "--target-caught", "0.9", "--bootstrap", "200"]) == 0
    out = capsys.readouterr().out
    cal = load_calibration(tmp_path / "cal.json")
    assert f"threshold {cal.threshold:.4f}: catches at least 90% of the 40 invalid pairs" in out
    assert "valid paraphrases kept:" in out and "invalid paraphrases caught:" in out
    assert cal.scorer == {"model": "default", "method": "hybrid", "backend": "torch"}

    monkeypatch.setattr(ParaphraseScorer, "load", classmethod(_fake_load(fake_model)))  # the hash encoder
    assert main(["score", str(tmp_path / "labelled.csv"), "-o", str(tmp_path / "scored.csv"),
                 "--calibration", str(tmp_path / "cal.json")]) == 0
    scored = read_table(tmp_path / "scored.csv")
    assert fake_model.threshold == cal.threshold
    expected = (scored["score"].astype(float) >= cal.threshold).astype(str).tolist()
    assert scored["valid"].tolist() == expected
    assert main(["score", str(tmp_path / "labelled.csv"), "-o", str(tmp_path / "s2.csv"), "--threshold", "0.1",
                 "--calibration", str(tmp_path / "cal.json")]) == 2
    assert "both set the threshold" in capsys.readouterr().err


def _fake_load(scorer):
    def load(cls, path=None, *, threshold=None, **kwargs):
        scorer.threshold = 0.5 if threshold is None else threshold
        return scorer

    return load


def test_calibrate_cli_refuses_one_class(tmp_path, capsys):
    pd.DataFrame({"question": ["q"] * 60, "paraphrase": ["p"] * 60, "label": [1] * 60}).to_csv(
        tmp_path / "one.csv", index=False)
    assert main(["calibrate", str(tmp_path / "one.csv")]) == 2
    assert "all 60 labels say valid" in capsys.readouterr().err


@pytest.mark.skipif(not DEV.is_file(), reason="shared dev data absent")
def test_calibrate_on_the_mathcheck_dev_set(monkeypatch, hybrid_scorer, tmp_path, capsys):
    monkeypatch.setattr(ParaphraseScorer, "load", classmethod(lambda cls, *a, **k: hybrid_scorer))
    assert main(["calibrate", str(DEV), "-o", str(tmp_path / "cal.json"), "--bootstrap", "300"]) == 0
    out = capsys.readouterr().out
    cal = load_calibration(tmp_path / "cal.json")
    assert out.startswith(f"threshold {cal.threshold:.4f}") and cal.pairs > 200
    assert cal.caught.estimate >= 0.95 and cal.kept.low <= cal.kept.estimate <= cal.kept.high


def test_filter_and_serve_take_the_calibration(tmp_path, capsys, fake_model):  # noqa: F811
    cal = calibrate_scores(*separated(), n_boot=50)
    write_calibration(cal, tmp_path / "cal.json")
    pd.DataFrame({"question": ["Tom has 3 pens.", "Tom has 3 pens."],
                  "candidate": ["Tom owns 3 pens.", "Tom has 4 pens."]}).to_csv(tmp_path / "c.csv", index=False)
    assert main(["filter", str(tmp_path / "c.csv"), "-o", str(tmp_path / "kept.csv"), "--calibration",
                 str(tmp_path / "cal.json")]) == 0
    assert fake_model.threshold == cal.threshold
    assert main(["serve", "--port", "0", "--calibration", str(tmp_path / "missing.json")]) == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith("paraqd serve: error: --calibration") and "\n" not in err
