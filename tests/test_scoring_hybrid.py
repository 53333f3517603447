"""ParaphraseScorer with the critical-information check: the hybrid default, explain(), `paraqd score --explain`.

Verdict, score and reasons never contradict one another: the explanation tests walk real pairs (the demo's
samples, the hand-labelled development pairs of data/dev/) with the default and the pure scorer.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import numpy as np
import pandas as pd
import pytest

from paraqd.checks import Severity
from paraqd.cli import main
from paraqd.errors import InputError
from paraqd.resources import default_encoder_path, samples_dir
from paraqd.scoring import ParaphraseScorer

DEV_DIR = Path(__file__).resolve().parents[1] / "data" / "dev"

BAG = "A bag of cat food weighs 7 pounds and 4 ounces. How much does the bag weigh in ounces?"
BAG_MISSING_4 = "A bag of cat food weighs 7 pounds and ounces. How much does the bag in ounces?"
JOHN = "John walked 200 kilometres. How long did he walk in terms of metres?"
JOHN_KM = "john walked 200 km. How long did he walk in terms of metres?"
JOHN_CM = "john walked 200 centimetres. How long did he walk in terms of metres?"


@pytest.fixture(scope="module")
def pure():
    return ParaphraseScorer.load(hybrid=False)


@pytest.fixture(scope="module")
def hybrid():
    """The default scorer: ``load()`` and nothing else."""
    return ParaphraseScorer.load()


def test_default_scorer_is_hybrid_and_pure_is_one_argument_away(pure, hybrid):
    assert hybrid.hybrid is not None and hybrid.method == "hybrid" and hybrid.hybrid.rule.kind == "penalty"
    assert hybrid.description == "hybrid score (penalty rule)"
    assert not hybrid.is_valid(BAG, BAG_MISSING_4)
    assert pure.hybrid is None and pure.method == "pure" and pure.description == "pure cosine"
    assert pure.score(BAG, BAG_MISSING_4) == pytest.approx(float(pure.cosine_pairs([BAG], [BAG_MISSING_4])[0]))
    assert pure.is_valid(BAG, BAG_MISSING_4)  # the paper's score is fooled by a dropped number


def test_hybrid_caps_critical_findings_and_keeps_clean_pairs(pure, hybrid):
    scores = hybrid.score_pairs([BAG, JOHN, JOHN], [BAG_MISSING_4, JOHN_CM, JOHN_KM])
    cosines = pure.cosine_pairs([BAG, JOHN, JOHN], [BAG_MISSING_4, JOHN_CM, JOHN_KM])
    assert scores[0] == pytest.approx(-1.0) and scores[1] == pytest.approx(-1.0)
    assert scores[2] == pytest.approx(cosines[2], abs=1e-6)  # km = kilometres: nothing to cap
    assert (scores <= cosines + 1e-6).all()
    assert not hybrid.is_valid(BAG, BAG_MISSING_4) and hybrid.is_valid(JOHN, JOHN_KM)


def test_explain_gives_reasons_even_without_hybrid(pure, hybrid):
    e = pure.explain(BAG, BAG_MISSING_4)
    assert e.valid and e.score == pytest.approx(e.cosine) and e.method == "pure"  # the encoder is fooled
    assert any("4" in r for r in e.reasons)
    # ... and the explanation says the verdict is the pure cosine's, against its findings
    assert e.ignored_findings and "pure learned cosine" in e.reasons[-1]
    assert e.to_dict()["method"] == "pure"
    e = hybrid.explain(JOHN, JOHN_CM)
    assert not e.valid and e.score == pytest.approx(-1.0)
    assert any("centimetre" in r for r in e.reasons)
    assert hybrid.explain(JOHN, JOHN_KM).check.passed


@pytest.fixture(scope="module")
def model_dir(tmp_path_factory):
    path = tmp_path_factory.mktemp("model") / "model"
    shutil.copytree(default_encoder_path(), path)
    return path


def test_model_metadata_stores_the_rule(model_dir):
    (model_dir / "paraqd.json").write_text(json.dumps(
        {"scoring": {"method": "hybrid", "threshold": 0.4, "rule": {"caps": {"critical": -0.5}}}}))
    scorer = ParaphraseScorer.load(model_dir)
    assert scorer.hybrid is not None and scorer.threshold == 0.4
    assert scorer.score(BAG, BAG_MISSING_4) == pytest.approx(-0.5)
    assert ParaphraseScorer.load(model_dir, hybrid=False).hybrid is None


@pytest.mark.parametrize("scoring, method", [
    ({}, "hybrid"),                                  # no paraqd.json method: the library default
    ({"threshold": 0.5}, "hybrid"),                  # what `paraqd train` writes now
    ({"method": "pure"}, "pure"),                    # the model says pure: authoritative
    ({"method": "cosine", "threshold": 0.5}, "pure"),  # what `paraqd train` wrote before
    ({"hybrid": False}, "pure"),
    ({"method": "hybrid"}, "hybrid"),
])
def test_what_a_model_says_decides_unless_the_caller_does(model_dir, scoring, method):
    (model_dir / "paraqd.json").write_text(json.dumps({"scoring": scoring}))
    assert ParaphraseScorer.load(model_dir).method == method
    assert ParaphraseScorer.load(model_dir, hybrid=True).method == "hybrid"
    assert ParaphraseScorer.load(model_dir, hybrid=False).method == "pure"


def test_unknown_stored_method_is_one_clear_error(model_dir):
    (model_dir / "paraqd.json").write_text(json.dumps({"scoring": {"method": "magic"}}))
    with pytest.raises(InputError, match="unknown scoring.method 'magic'"):
        ParaphraseScorer.load(model_dir)


def _walked_pairs() -> tuple[list[str], list[str]]:
    """Real pairs to walk: the demo's candidates, this file's examples, the first rows of each dev file."""
    samples = pd.read_csv(samples_dir() / "candidates.csv")
    questions, paraphrases = samples["question"].tolist(), samples["candidate"].tolist()
    questions += [BAG, JOHN, JOHN]
    paraphrases += [BAG_MISSING_4, JOHN_KM, JOHN_CM]
    for path in sorted(DEV_DIR.glob("*_labelled.csv")):
        dev = pd.read_csv(path).head(10)
        questions += dev["question"].tolist()
        paraphrases += dev["paraphrase"].tolist()
    return questions, paraphrases


@pytest.fixture(scope="module")
def walked():
    return _walked_pairs()


def test_default_explanations_agree_with_score_verdict_and_findings(hybrid, walked):
    questions, paraphrases = walked
    explanations = hybrid.explain_pairs(questions, paraphrases)
    scores = hybrid.score_pairs(questions, paraphrases)
    np.testing.assert_allclose([e.score for e in explanations], scores, atol=1e-6)
    assert len({e.valid for e in explanations}) == 2  # the walk sees both verdicts
    for q, p, e in zip(questions, paraphrases, explanations):
        assert e.method == "hybrid" and e.valid == (e.score >= e.threshold) and e.threshold == hybrid.threshold
        assert e.score <= e.cosine + 1e-6
        if e.check.worst is not None and e.check.worst >= Severity.MAJOR:  # critical or major: invalid
            assert not e.valid, (q, p, e.reasons)
        if not e.valid:  # an invalid verdict always says why
            assert e.reasons, (q, p)
        assert not e.ignored_findings and not any("pure learned cosine" in r for r in e.reasons)
    assert [hybrid.is_valid(q, p) for q, p in zip(questions[:2], paraphrases[:2])] == \
        [e.valid for e in explanations[:2]]
    ranked = hybrid.rank(questions[0], paraphrases[:4])
    assert [r.score for r in ranked] == pytest.approx(sorted(scores[:4], reverse=True), abs=1e-6)


def test_pure_explanations_say_when_their_verdict_ignores_the_check(pure, walked):
    questions, paraphrases = walked
    explanations = pure.explain_pairs(questions, paraphrases)
    cosines = pure.cosine_pairs(questions, paraphrases)
    np.testing.assert_allclose([e.score for e in explanations], cosines, atol=1e-6)
    flagged = 0
    for e in explanations:
        assert e.method == "pure" and e.valid == (e.score >= e.threshold)
        said = any("pure learned cosine" in r for r in e.reasons)
        assert said == (e.valid and not e.check.passed)
        flagged += said
    assert flagged  # the walk has pairs the pure cosine accepts against a critical finding


def test_an_explanation_cannot_contradict_its_score():
    from paraqd.checks import CheckResult
    from paraqd.hybrid import Explanation

    with pytest.raises(InputError, match="contradicts"):
        Explanation(score=0.2, cosine=0.9, verdict="valid", threshold=0.5, check=CheckResult())
    with pytest.raises(InputError, match="method"):
        Explanation(score=0.9, cosine=0.9, verdict="valid", threshold=0.5, check=CheckResult(), method="x")


def test_cli_explain_and_pure(tmp_path):
    pairs = tmp_path / "pairs.csv"
    pd.DataFrame({"question": [BAG, JOHN], "paraphrase": [BAG_MISSING_4, JOHN_KM]}).to_csv(pairs, index=False)
    out = tmp_path / "out.csv"
    assert main(["-q", "score", str(pairs), "-o", str(out), "--explain"]) == 0  # the default: hybrid
    df = pd.read_csv(out, keep_default_na=False)
    assert list(df.columns) == ["question", "paraphrase", "score", "valid", "reasons"]
    assert "critical: the number 4 is missing" in df.reasons[0] and df.reasons[1] == ""
    assert df.score[0] == -1.0 and bool(df.valid[0]) is False
    assert main(["-q", "score", str(pairs), "-o", str(out), "--pure"]) == 0
    assert pd.read_csv(out).score[0] > 0.9
    # --pure --explain: the same findings, and the verdict says it is the pure cosine's
    assert main(["-q", "score", str(pairs), "-o", str(out), "--pure", "--explain"]) == 0
    df = pd.read_csv(out, keep_default_na=False)
    assert bool(df.valid[0]) is True and "the number 4 is missing" in df.reasons[0]
    assert "pure learned cosine" in df.reasons[0] and df.reasons[1] == ""


@pytest.mark.parametrize("suffix", [".jsonl", ".parquet"])
def test_explained_jsonl_and_parquet_carry_severities_and_a_findings_column(tmp_path, suffix):
    """issue 27: reasons with their severity, and findings (kind, severity, spans) as records."""
    pairs = tmp_path / "pairs.csv"
    pd.DataFrame({"question": [BAG, JOHN, JOHN], "paraphrase": [BAG_MISSING_4, JOHN_KM, JOHN_CM]}).to_csv(
        pairs, index=False)
    out = tmp_path / f"out{suffix}"
    # chunks of one row: the first chunk has no finding, and the Parquet schema must still hold the later ones
    assert main(["-q", "score", str(pairs), "-o", str(out), "--explain", "--chunk-size", "1"]) == 0
    if suffix == ".parquet":
        df = pd.read_parquet(out)
        findings = [[{k: (list(v) if k.endswith("spans") else v) for k, v in f.items()} for f in row]
                    for row in df["findings"]]
    else:
        df = pd.read_json(out, lines=True)
        findings = df["findings"].tolist()
    assert df["reasons"][0].startswith("critical: ")
    number = next(f for f in findings[0] if f["kind"] == "number_missing")
    assert number["severity"] == "critical" and "4" in number["message"]
    assert [dict(s) for s in number["question_spans"]] == [{"start": BAG.index("4 ounces"),
                                                          "end": BAG.index("4 ounces") + 1, "text": "4"}]
    assert len(findings[1]) == 0 or all(f["severity"] == "minor" for f in findings[1])
    unit = [f for f in findings[2] if f["severity"] == "critical"]
    assert unit and any(s["text"] == "centimetres" for f in unit for s in f["paraphrase_spans"])
