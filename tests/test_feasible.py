"""Quantities that cannot be (paraqd/analysis/feasible.py, issue 24): a rate of time longer than its period is an
impossible condition; the same rates within their periods are kept. Every sentence here is written for this test."""

from __future__ import annotations

import pytest

from paraqd.analysis import analyze
from paraqd.analysis.feasible import impossible_rates
from paraqd.checks import Severity
from paraqd.resources import spacy_available

pytestmark = pytest.mark.skipif(not spacy_available(), reason="spaCy pipeline not installed")

SHOP = "A bakery is open 10 hours a day and sells 30 loaves an hour. How many loaves does it sell in a week?"


@pytest.mark.parametrize(("text", "amount"), [
    ("A bakery is open 26 hours a day.", "26 hours"),
    ("Ivo trains 8 days a week.", "8 days"),
    ("The machine runs 90 minutes per hour.", "90 minutes"),
    ("The pool is open 40 days a month.", "40 days"),
])
def test_a_rate_longer_than_its_period_is_impossible(text, amount):
    assert [a.text for a, _ in impossible_rates(analyze(text))] == [amount]


@pytest.mark.parametrize("text", [
    "A bakery is open 24 hours a day.", "Ivo trains 6 days a week.", "The machine runs 45 minutes per hour.",
    "She works 4 weeks a month.",
    # the period of another clause
    "He left 9 days ago. Every day he ate 2 apples.",
    # the period of another number's rate
    "Tom swims for 2 hours at 2 miles per hour.", "Ada rode 3 hours at 12 km per hour.",
    "The kiln fires for 5 days at 40 degrees an hour.",
])
def test_rates_within_their_periods_are_possible(text):
    assert impossible_rates(analyze(text)) == []


def test_an_impossible_rate_added_is_caught_and_a_possible_one_kept(checker):
    changed = checker.check(SHOP, SHOP.replace("10 hours a day", "25 hours a day"))
    assert "rate_impossible" in changed.kinds(Severity.MAJOR) and not changed.passed
    assert "rate_impossible" not in checker.check(SHOP, SHOP.replace("10 hours a day", "12 hours a day")).kinds()
