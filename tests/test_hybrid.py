"""Hybrid scoring: the learned cosine capped by the critical-information check."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from paraqd.checks import CheckResult, CriticalInfoChecker, Finding, Severity
from paraqd.errors import InputError
from paraqd.hybrid import DEFAULT_RULE, Explanation, HybridRule, HybridScorer, format_reasons
from paraqd.resources import spacy_available


def result(*severities: Severity) -> CheckResult:
    return CheckResult(tuple(Finding(f"kind{i}", f"reason {i}", s) for i, s in enumerate(severities)))


def test_default_rule_caps_by_worst_severity():
    rule = HybridRule(caps={"critical": -1.0, "major": 0.0})
    cos = [0.9, 0.9, 0.9, 0.9, -0.4]
    results = [result(), result(Severity.MINOR), result(Severity.MAJOR, Severity.MINOR),
               result(Severity.CRITICAL), result(Severity.MAJOR)]
    np.testing.assert_allclose(rule.combine(cos, results), [0.9, 0.9, 0.0, -1.0, -0.4])
    assert rule.combine(cos, results).dtype == np.float32


def test_lower_severity_cap_applies_when_stricter():
    # a rule whose minor cap is stricter than its major one: the strictest cap at or below the worst wins
    rule = HybridRule(caps={"minor": 0.2, "major": 0.6})
    assert rule.cap(result(Severity.MAJOR)) == pytest.approx(0.2)
    assert rule.cap(result()) == 1.0


@given(cos=st.lists(st.floats(-1, 1, width=32), min_size=1, max_size=20), data=st.data())
def test_hybrid_never_exceeds_cosine_and_keeps_clean_pairs(cos, data):
    severities = data.draw(st.lists(st.sampled_from([None, *Severity]), min_size=len(cos), max_size=len(cos)))
    results = [result() if s is None else result(s) for s in severities]
    hybrid = DEFAULT_RULE.combine(cos, results)
    cos32 = np.asarray(cos, dtype=np.float32)
    assert np.all(hybrid <= cos32)
    clean = np.array([s in (None, Severity.MINOR) for s in severities])
    np.testing.assert_array_equal(hybrid[clean], cos32[clean])
    assert np.all(hybrid[~clean] <= 0.0)


def test_rule_validation_and_round_trip():
    with pytest.raises(InputError, match="unknown severity"):
        HybridRule(caps={"fatal": 0.0})
    with pytest.raises(InputError, match=r"\[-1, 1\]"):
        HybridRule(caps={"major": 2.0})
    with pytest.raises(InputError, match="cosines"):
        DEFAULT_RULE.combine([0.5, 0.5], [result()])
    with pytest.raises(InputError, match="scoring.rule"):
        HybridRule.from_dict({"caps": [1, 2]})
    rule = HybridRule(caps={"critical": -0.5})
    assert HybridRule.from_dict(rule.to_dict()) == rule
    assert HybridRule.from_dict(None) == DEFAULT_RULE


def test_explanation_reasons():
    e = Explanation(score=0.3, cosine=0.3, verdict="invalid", threshold=0.5, check=result(Severity.MINOR))
    assert e.reasons == ["reason 0", "low learned similarity (0.30 < 0.5)"]
    assert format_reasons(e) == "reason 0; low learned similarity (0.30 < 0.5)"
    assert e.to_dict()["verdict"] == "invalid" and not e.valid


@pytest.mark.skipif(not spacy_available(), reason="spaCy pipeline not installed")
def test_explain_table3_example1_overrides_a_confident_encoder():
    hybrid = HybridScorer(CriticalInfoChecker())
    q = "A bag of cat food weighs 7 pounds and 4 ounces. How much does the bag weigh in ounces?"
    p = "A bag of cat food weighs 7 pounds and ounces. How much does the bag in ounces?"
    e = hybrid.explain(0.97, q, p)
    assert e.verdict == "invalid" and e.score == -1.0 and e.cosine == pytest.approx(0.97)
    assert e.reasons == ["the number 4 is missing"]
    ok = hybrid.explain(0.97, q, q.replace("7 pounds", "seven pounds"))
    assert ok.valid and ok.score == pytest.approx(0.97) and ok.reasons == []
    pure = hybrid.explain_pairs([0.97], [q], [p], apply_rule=False)[0]
    assert pure.valid and pure.score == pytest.approx(0.97) and pure.reasons == ["the number 4 is missing"]
