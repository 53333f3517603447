"""Hybrid scoring: the learned cosine lowered (PenaltyRule) or capped (CapRule) by the check."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from paraqd.checks import CheckResult, CriticalInfoChecker, Finding, Severity
from paraqd.errors import InputError
from paraqd.hybrid import DEFAULT_RULE, CapRule, Explanation, HybridRule, HybridScorer, PenaltyRule, format_reasons
from paraqd.resources import spacy_available


def result(*severities: Severity, content_lost: float = 0.0) -> CheckResult:
    findings = [Finding(f"kind{i}", f"reason {i}", s) for i, s in enumerate(severities)]
    if content_lost:
        findings.append(Finding("content_missing", "words dropped", Severity.MINOR, extent=content_lost))
    return CheckResult(tuple(findings))


def test_default_rule_subtracts_penalty_by_worst_severity_and_content_lost():
    rule = PenaltyRule()
    assert rule == DEFAULT_RULE
    cos = [0.9, 0.9, 0.9, 0.9, 0.9, -0.4]
    results = [result(), result(Severity.MINOR), result(Severity.MAJOR, Severity.MINOR),
               result(Severity.CRITICAL), result(content_lost=0.25), result(Severity.CRITICAL, content_lost=0.5)]
    np.testing.assert_allclose(rule.combine(cos, results), [0.9, 0.9, -0.1, -1.0, 0.65, -1.0], atol=1e-6)
    # a penalty keeps the encoder's order among flagged pairs, a cap does not
    flagged = [result(Severity.MAJOR)] * 2
    low, high = rule.combine([0.6, 0.9], flagged)
    assert low < high
    assert len(set(CapRule().combine([0.6, 0.9], flagged).tolist())) == 1


def test_cap_rule_caps_by_worst_severity():
    rule = CapRule(caps={"critical": -1.0, "major": 0.0})
    cos = [0.9, 0.9, 0.9, 0.9, -0.4]
    results = [result(), result(Severity.MINOR), result(Severity.MAJOR, Severity.MINOR),
               result(Severity.CRITICAL), result(Severity.MAJOR)]
    np.testing.assert_allclose(rule.combine(cos, results), [0.9, 0.9, 0.0, -1.0, -0.4])
    assert rule.combine(cos, results).dtype == np.float32


def test_lower_severity_cap_applies_when_stricter():
    # a rule whose minor cap is stricter than its major one: the strictest cap at or below the worst wins
    rule = CapRule(caps={"minor": 0.2, "major": 0.6})
    assert rule.cap(result(Severity.MAJOR)) == pytest.approx(0.2)
    assert rule.cap(result()) == 1.0


@given(cos=st.lists(st.floats(-1, 1, width=32), min_size=1, max_size=20), data=st.data())
def test_hybrid_never_exceeds_cosine_and_keeps_clean_pairs(cos, data):
    severities = data.draw(st.lists(st.sampled_from([None, *Severity]), min_size=len(cos), max_size=len(cos)))
    results = [result() if s is None else result(s) for s in severities]
    cos32 = np.asarray(cos, dtype=np.float32)
    clean = np.array([s in (None, Severity.MINOR) for s in severities])
    for rule in (DEFAULT_RULE, CapRule()):
        hybrid = rule.combine(cos, results)
        assert np.all(hybrid <= cos32) and np.all(hybrid >= -1.0)
        np.testing.assert_array_equal(hybrid[clean], cos32[clean])
        assert np.all(hybrid[~clean] <= 0.0)


def test_rule_validation_and_round_trip():
    with pytest.raises(InputError, match="unknown severity"):
        CapRule(caps={"fatal": 0.0})
    with pytest.raises(InputError, match=r"\[-1, 1\]"):
        CapRule(caps={"major": 2.0})
    with pytest.raises(InputError, match="cosines"):
        DEFAULT_RULE.combine([0.5, 0.5], [result()])
    with pytest.raises(InputError, match="scoring.rule"):
        HybridRule.from_dict({"caps": [1, 2]})
    with pytest.raises(InputError, match="content_weight"):
        PenaltyRule(content_weight=-1)
    with pytest.raises(InputError, match="unknown scoring rule"):
        HybridRule.from_dict({"kind": "magic"})
    for rule in (CapRule(caps={"critical": -0.5}), PenaltyRule(penalties={"critical": 1.5}, content_weight=0.5)):
        assert HybridRule.from_dict(rule.to_dict()) == rule
    assert HybridRule.from_dict(None) == DEFAULT_RULE
    # models saved before the penalty rule store bare caps: they keep their rule
    assert HybridRule.from_dict({"caps": {"critical": -1.0}}) == CapRule(caps={"critical": -1.0})


def test_explanation_reasons():
    e = Explanation(score=0.3, cosine=0.3, verdict="invalid", threshold=0.5, check=result(Severity.MINOR))
    assert e.reasons == ["reason 0", "low learned similarity (0.30 < 0.5)"]
    # issue 27: each reason of a table cell carries its severity
    assert format_reasons(e) == "minor: reason 0; critical: low learned similarity (0.30 < 0.5)"
    assert e.to_dict()["verdict"] == "invalid" and not e.valid


@pytest.mark.skipif(not spacy_available(), reason="spaCy pipeline not installed")
def test_explain_table3_example1_overrides_a_confident_encoder():
    hybrid = HybridScorer(CriticalInfoChecker())
    q = "A bag of cat food weighs 7 pounds and 4 ounces. How much does the bag weigh in ounces?"
    p = "A bag of cat food weighs 7 pounds and ounces. How much does the bag in ounces?"
    e = hybrid.explain(0.97, q, p)
    assert e.verdict == "invalid" and e.score == -1.0 and e.cosine == pytest.approx(0.97)
    assert e.reasons == ["the number 4 is missing",
                         'deleted in place, still written elsewhere: "weigh" (1 of 6)']
    ok = hybrid.explain(0.97, q, q.replace("7 pounds", "seven pounds"))
    assert ok.valid and ok.score == pytest.approx(0.97) and ok.reasons == []
    pure = hybrid.explain_pairs([0.97], [q], [p], apply_rule=False)[0]
    assert pure.valid and pure.score == pytest.approx(0.97) and pure.method == "pure"
    # the same findings, and a last reason saying the pure verdict ignores them
    assert pure.reasons[:-1] == e.reasons and "ignores these findings" in pure.reasons[-1]
