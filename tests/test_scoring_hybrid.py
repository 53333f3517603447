"""ParaphraseScorer with the critical-information check: explain(), hybrid scores, `paraqd score --explain`."""

from __future__ import annotations

import json
import shutil

import pandas as pd
import pytest

from paraqd.cli import main
from paraqd.resources import default_encoder_path
from paraqd.scoring import ParaphraseScorer

BAG = "A bag of cat food weighs 7 pounds and 4 ounces. How much does the bag weigh in ounces?"
BAG_MISSING_4 = "A bag of cat food weighs 7 pounds and ounces. How much does the bag in ounces?"
JOHN = "John walked 200 kilometres. How long did he walk in terms of metres?"
JOHN_KM = "john walked 200 km. How long did he walk in terms of metres?"
JOHN_CM = "john walked 200 centimetres. How long did he walk in terms of metres?"


@pytest.fixture(scope="module")
def pure():
    return ParaphraseScorer.load()


@pytest.fixture(scope="module")
def hybrid():
    return ParaphraseScorer.load(hybrid=True)


def test_default_encoder_is_pure_cosine(pure):
    assert pure.hybrid is None
    assert pure.score(BAG, BAG_MISSING_4) == pytest.approx(float(pure.cosine_pairs([BAG], [BAG_MISSING_4])[0]))


def test_hybrid_caps_critical_findings_and_keeps_clean_pairs(pure, hybrid):
    scores = hybrid.score_pairs([BAG, JOHN, JOHN], [BAG_MISSING_4, JOHN_CM, JOHN_KM])
    cosines = pure.cosine_pairs([BAG, JOHN, JOHN], [BAG_MISSING_4, JOHN_CM, JOHN_KM])
    assert scores[0] == pytest.approx(-1.0) and scores[1] == pytest.approx(-1.0)
    assert scores[2] == pytest.approx(cosines[2], abs=1e-6)  # km = kilometres: nothing to cap
    assert (scores <= cosines + 1e-6).all()
    assert not hybrid.is_valid(BAG, BAG_MISSING_4) and hybrid.is_valid(JOHN, JOHN_KM)


def test_explain_gives_reasons_even_without_hybrid(pure, hybrid):
    e = pure.explain(BAG, BAG_MISSING_4)
    assert e.valid and e.score == pytest.approx(e.cosine)  # pure score: the encoder is fooled
    assert any("4" in r for r in e.reasons)
    e = hybrid.explain(JOHN, JOHN_CM)
    assert not e.valid and e.score == pytest.approx(-1.0)
    assert any("centimetre" in r for r in e.reasons)
    assert hybrid.explain(JOHN, JOHN_KM).check.passed


def test_model_metadata_switches_hybrid_on(tmp_path):
    model_dir = tmp_path / "model"
    shutil.copytree(default_encoder_path(), model_dir)
    (model_dir / "paraqd.json").write_text(json.dumps(
        {"scoring": {"method": "hybrid", "threshold": 0.4, "rule": {"caps": {"critical": -0.5}}}}))
    scorer = ParaphraseScorer.load(model_dir)
    assert scorer.hybrid is not None and scorer.threshold == 0.4
    assert scorer.score(BAG, BAG_MISSING_4) == pytest.approx(-0.5)
    assert ParaphraseScorer.load(model_dir, hybrid=False).hybrid is None


def test_cli_explain_and_pure(tmp_path):
    pairs = tmp_path / "pairs.csv"
    pd.DataFrame({"question": [BAG, JOHN], "paraphrase": [BAG_MISSING_4, JOHN_KM]}).to_csv(pairs, index=False)
    out = tmp_path / "out.csv"
    assert main(["-q", "score", str(pairs), "-o", str(out), "--explain", "--hybrid"]) == 0
    df = pd.read_csv(out, keep_default_na=False)
    assert list(df.columns) == ["question", "paraphrase", "score", "valid", "reasons"]
    assert "the number 4 is missing" in df.reasons[0] and df.reasons[1] == ""
    assert df.score[0] == -1.0 and bool(df.valid[0]) is False
    assert main(["-q", "score", str(pairs), "-o", str(out), "--pure"]) == 0
    assert pd.read_csv(out).score[0] > 0.9
