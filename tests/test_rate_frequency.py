"""How often a rate recurs, changed across a pair (session 16, issue 24): "every week" -> "every two weeks",
"per day" -> "every other day", "twice a month" -> "monthly": the same number recurs over another length of
time and the answer changes. The same frequency in other words ("every day" / "daily", "every other day" /
"every second day", "twice a week" / "two times per week", "weekly" / "every seven days") keeps the problem.
Every sentence is written for the test."""

from __future__ import annotations

import pytest

from paraqd.resources import spacy_available

pytestmark = pytest.mark.skipif(not spacy_available(), reason="spaCy pipeline not installed")

FERNS = "Nora gives her ferns 2 liters of water every week. How many liters does she use in 12 weeks?"
PUMP = "A pump fills 40 buckets per hour. How many buckets does it fill in 6 hours?"
SWIM = "Omar goes to the pool twice a week and pays $4 each visit. How much does he pay in 10 weeks?"
BUS = "A shuttle leaves the airport every other hour and carries 30 people. How many people does it carry in 12 hours?"
TOLL = "Mina pays a $3 toll each day on her way to work. How much does she pay in 20 days?"


@pytest.mark.parametrize(("question", "paraphrase"), [
    (FERNS, "Every three weeks Nora gives her ferns 2 liters of water. How many liters does she use in 12 weeks?"),
    (PUMP, "A pump fills 40 buckets every 2 hours. How many buckets does it fill in 6 hours?"),
    (SWIM, "Omar goes to the pool weekly and pays $4 each visit. How much does he pay in 10 weeks?"),
    (BUS, "A shuttle leaves the airport every hour and carries 30 people. How many people does it carry in 12 hours?"),
    (TOLL, "Mina pays a $3 toll every other day on her way to work. How much does she pay in 20 days?"),
])
def test_a_rate_that_recurs_at_another_frequency_is_caught(caught, question, paraphrase):
    result = caught(question, paraphrase)
    assert "rate_changed" in result.kinds(), result.reasons


@pytest.mark.parametrize(("question", "paraphrase"), [
    (FERNS, "Once a week Nora waters her ferns with 2 liters. How many liters does she use in 12 weeks?"),
    (FERNS, "Every seven days Nora gives her ferns 2 liters of water. How many liters does she use in 12 weeks?"),
    (PUMP, "Each hour a pump fills 40 buckets. How many buckets does it fill in 6 hours?"),
    (SWIM, "Omar visits the pool two times per week and pays $4 each visit. How much does he pay in 10 weeks?"),
    (BUS, "A shuttle leaves the airport every second hour and carries 30 people. How many people does it carry in "
          "12 hours?"),
    (BUS, "Every two hours a shuttle leaves the airport carrying 30 people. How many people does it carry in 12 "
          "hours?"),
    (TOLL, "On Monday Mina started a new job. She pays a $3 toll daily on her way there. How much does she pay in "
           "20 days?"),
    ("A finch chirps 18 times a minute. How many times does it chirp in 5 minutes?",
     "A finch gives 18 chirps a minute. How many times does it chirp in 5 minutes?"),
])
def test_the_same_frequency_in_other_words_is_kept(checker, question, paraphrase):
    result = checker.check(question, paraphrase)
    assert "rate_changed" not in result.kinds(), result.reasons


def test_frequencies_read_from_the_text(parse):
    from paraqd.analysis.rates import rate_frequencies

    def per_day(text):
        return sorted(round(f * 86400, 3) for _, f, _ in rate_frequencies(parse(text)))

    assert per_day("She runs every other day.") == [0.5]
    assert per_day("He calls his aunt twice a week.") == [round(2 / 7, 3)]
    assert per_day("The paper comes out every 3 days.") == [round(1 / 3, 3)]
    assert per_day("It rains a lot in a day.") == []  # "in a day": when, no rate
