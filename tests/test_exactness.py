"""A number given exactly in the question and only as an estimate or a bound in the paraphrase (session 14,
issue 24): the value is still written, but the problem no longer has one answer."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from paraqd.analysis.analyzer import analyze
from paraqd.analysis.exactness import hedge_of, made_inexact
from paraqd.analysis.pair import QuestionPair
from paraqd.checks import CriticalInfoChecker, Severity

QUESTION = "A baker bakes 24 loaves every morning and sells them for $3 each. How much does he earn in 5 days?"


def _pair(question: str, paraphrase: str) -> QuestionPair:
    return QuestionPair(analyze(question), analyze(paraphrase))


@pytest.fixture(scope="module")
def checker():
    return CriticalInfoChecker()


@pytest.mark.parametrize(("text", "hedges"), [
    ("He waited about 20 minutes.", ["about 20"]),
    ("It takes at least 4 hours.", ["at least 4"]),
    ("She bought a dozen or so eggs.", ["a dozen or so"]),
    ("The class has 40-odd pupils.", ["40-odd"]),
    ("It lasts 5 hours or more.", ["5 hours or more"]),
    ("She has 12 stamps or more and more than $30.", ["12 stamps or more", "more than $30"]),
    ("She can carry up to 8 bags and no more than $30 of food.", [None, None]),
    ("He has 5 more than Tom and 20 apples.", [None, None]),
])
def test_the_hedge_of_a_number_is_read_before_and_after_it(text, hedges):
    doc = analyze(text)
    assert [h.text if h else None for h in (hedge_of(doc, n) for n in doc.numbers)] == hedges


@pytest.mark.parametrize("paraphrase", [
    "A baker bakes roughly 24 loaves every morning and sells them for $3 each. How much does he earn in 5 days?",
    "Every morning a baker makes two dozen or so loaves, selling each for $3. What does he earn over 5 days?",
    "A baker bakes 24 loaves each morning and sells them for at least $3 each. How much does he earn in 5 days?",
    "Each morning the baker bakes 24 loaves, sold at $3 apiece. What will he earn in approximately 5 days?",
])
def test_a_number_made_an_estimate_or_a_bound_is_reported(paraphrase, checker):
    found = made_inexact(_pair(QUESTION, paraphrase))
    assert len(found) == 1
    result = checker.check(QUESTION, paraphrase)
    finding = next(f for f in result.findings if f.kind == "number_made_inexact")
    assert finding.severity is Severity.MAJOR and not result.passed
    span = finding.paraphrase_spans[0]
    assert paraphrase[span.start:span.end] == span.text and found[0].hedge.text in finding.message


@pytest.mark.parametrize(("question", "paraphrase"), [
    # the question hedges the value itself
    ("About 30 people came to the party and 12 left. How many stayed?",
     "Around 30 guests came to the party, and 12 of them went home early. How many stayed?"),
    ("The trip takes over 3 days, and he drives 200 miles a day. How far does he drive in 2 days?",
     "He drives 200 miles each day on a trip of more than 3 days. How far does he drive in 2 days?"),
    # an estimate of a number the question does not have (the setting of a story)
    (QUESTION, "Mr. Lee has run his bakery for almost 30 years. He bakes 24 loaves every morning and sells "
               "them for $3 each. How much does he earn in 5 days?"),
    # the exact value is still written as often as in the question
    ("Ann has 12 pens. Bo has 12 pencils. How many more pencils than pens are there?",
     "Ann has 12 pens and Bo has 12 pencils, so about 12 of each. How many more pencils than pens are there?"),
    # an upper bound: a capacity the question states with a noun, or "up to" reaching a value
    ("A bag can hold a maximum of twenty pounds. She buys 4 pounds of beans. How many more pounds fit?",
     "A bag can hold at most 20 pounds. She buys 4 pounds of beans. How many more pounds fit?"),
    ("The mixture is heated from 60 degrees to 240 degrees at 5 degrees a minute. How long does it take?",
     "You heat the mixture from 60 degrees up to 240 degrees at 5 degrees per minute. How long does it take?"),
    # a comparison, not a bound
    ("Tom has 20 apples and Sue has 5 more than Tom. How many apples does Sue have?",
     "Sue has 5 more apples than Tom, who has 20. How many apples does Sue have?"),
])
def test_a_hedge_the_question_has_or_that_bounds_no_value_of_the_question_is_not_reported(question, paraphrase):
    assert made_inexact(_pair(question, paraphrase)) == []


_NOUNS = ("apples", "hours", "pupils", "stamps", "metres")


@settings(max_examples=25, deadline=None)
@given(value=st.integers(min_value=2, max_value=9999), noun=st.sampled_from(_NOUNS),
       hedge=st.sampled_from(("about {n} {x}", "at least {n} {x}", "roughly {n} {x}", "{n} {x} or so",
                              "{n}-odd {x}", "more than {n} {x}", "{n} {x}")))
def test_a_hedge_is_reported_exactly_when_the_paraphrase_writes_one(value, noun, hedge):
    """Property: over numbers, nouns and forms, an exact value of the question is reported iff the paraphrase
    hedges it, and the reported span is the paraphrase's own words."""
    question = f"Mia has {value} {noun}. Leo has 3 {noun} more than Mia. How many {noun} does Leo have?"
    words = hedge.format(n=value, x=noun)
    paraphrase = f"Mia has {words}. Leo has 3 {noun} more than Mia. How many {noun} does Leo have?"
    found = made_inexact(_pair(question, paraphrase))
    if words == f"{value} {noun}":
        assert found == []
    else:
        assert len(found) == 1 and found[0].question_at.rounded == value
        assert paraphrase[found[0].hedge.start:found[0].hedge.end] == found[0].hedge.text
        assert str(value) in found[0].hedge.text
