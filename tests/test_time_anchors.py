"""Time points of the computation moved (issue 24): a number or the asked quantity written at another time, the
facts of one time split over two. Every rule has an edit it must catch and a
retelling it must keep (a time added to the whole story is setting).

Every sentence here is made up for the test.
"""

from __future__ import annotations

import pytest

from paraqd.analysis import QuestionPair, analyze
from paraqd.analysis.time_anchors import anchor_of, moved_time_points, time_points
from paraqd.checks import Severity
from paraqd.resources import spacy_available

pytestmark = pytest.mark.skipif(not spacy_available(), reason="spaCy pipeline not installed")


def _moves(q: str, p: str) -> list[str]:
    return [m.message for m in moved_time_points(QuestionPair(analyze(q), analyze(p)))]


def _time_findings(checker, q: str, p: str) -> list[str]:
    result = checker.check(q, p)
    return [f.message for f in result.findings if f.kind == "time_changed" and f.severity == Severity.CRITICAL]


# -- reading time points ------------------------------------------------------------------------------------------

@pytest.mark.parametrize("text, expected", [
    ("Yesterday Omar sold 4 kites.", [("Yesterday", "day", -1)]),
    ("Nine years ago the oak was 3 metres tall.", [("Nine years ago", "year", -9)]),
    ("In six more years, Pia will be 21.", [("In six more years", "year", 6)]),
    ("The day before yesterday it snowed.", [("The day before yesterday", "day", -2)]),
    ("The shed holds 40 pots right now, and next month it will hold more.",
     [("right now", "day", 0), ("next month", "month", 1)]),
    ("This bakery sells 30 buns.", []),  # "this" names no time without a unit of time
])
def test_time_points_are_read_with_their_distance_from_now(text, expected):
    assert [(p.mention.text, p.unit, p.offset) for p in time_points(analyze(text))] == expected


def test_a_number_takes_the_time_point_of_its_own_clause():
    doc = analyze("Last week the club won 12 games, and this week it has won 7 games so far.")
    at = {n.text: anchor_of(doc, n.start, n.end) for n in doc.numbers}
    assert (at["12"].mention.text, at["7"].mention.text) == ("Last week", "this week")
    doc = analyze("If Lior is 11, how old will he be next year?")
    [eleven] = doc.numbers
    assert anchor_of(doc, eleven.start, eleven.end) is None  # the question's time, not his age's


# -- moves the check must catch -----------------------------------------------------------------------------------

def test_a_number_written_at_another_time_is_caught(checker):
    q = "This year, Wendell sold 340 jars of honey. He keeps 15% of his sales as profit. How many jars of profit?"
    p = q.replace("This year", "Last year")
    assert _moves(q, p) == ['340 is at "This year" in the question but at "Last year" in the paraphrase, '
                            "another time"]
    assert _time_findings(checker, q, p)
    assert not checker.check(q, p).passed


def test_a_future_age_written_as_a_past_one_is_caught(checker):
    q = "Ines is three times as old as Theo. In five more years, Theo will be 17 years old. How old is Ines now?"
    p = "Ines is three times as old as Theo. Five years ago, Theo was 17 years old. How old is Ines now?"
    assert _moves(q, p) == ['17 is at "In five more years" in the question but at "Five years ago" in the '
                            "paraphrase, another time"]
    assert not checker.check(q, p).passed


def test_the_question_asked_at_another_time_is_caught(checker):
    q = "Marek earns $30 an hour this year and $4 more an hour next year. How much does he earn an hour this year?"
    p = q.replace("an hour this year?", "an hour next year?")
    assert _moves(q, p) == ['the question asks about "this year", the paraphrase about "next year", another time']
    assert not checker.check(q, p).passed


@pytest.mark.parametrize(("q", "p"), [
    # the other time is written in the other text's sentence of the number too: read with another anchor
    ("12 years from now, Tomas will be 2 times as old as he was 8 years ago. How old is he now?",
     "In 12 years, Tomas will be 2 times as old as he was 8 years ago. Find his present age."),
    # "now" written as an event of the story is no time point this module compares
    ("Gus has 14 marbles now. How many did he have before he lost 5?",
     "After a bad game Gus has 14 marbles. How many did he have before he lost 5?"),
])
def test_a_time_read_in_the_same_sentence_or_an_event_is_no_move(q, p):
    assert _moves(q, p) == []


def test_facts_of_one_day_split_over_two_days_are_caught(checker):
    q = "A kiosk sold 48 papers in the morning and 35 in the evening. How many more did it sell in the morning?"
    p = "A kiosk sold 48 papers yesterday morning. It sold 35 this evening. How many more did it sell in the morning?"
    assert _moves(q, p) == ['the paraphrase puts the problem\'s numbers at two different times ("yesterday", '
                            '"this evening"), the question at no time counted from now']
    assert not checker.check(q, p).passed


# -- retellings the check must keep -------------------------------------------------------------------------------

@pytest.mark.parametrize(("q", "p"), [
    # a time added to the whole story: every number at one time
    ("Ayla bakes 24 muffins and sells 17. How many muffins are left?",
     "Yesterday morning Ayla baked 24 muffins, and she sold 17 of them. How many muffins were left?"),
    ("Ayla bakes 24 muffins and sells 17. How many muffins are left?",
     "On a sunny Saturday, Ayla bakes 24 muffins and sells 17. How many muffins are left?"),
    # the same time written another way
    ("Ravi is 14 years old now. How old will he be in 6 years?",
     "Ravi is currently 14. How old will he be 6 years from now?"),
    ("This year the farm grew 800 pumpkins, double last year's crop. How many did it grow last year?",
     "The farm grew 800 pumpkins this year, twice as many as the year before. How many did it grow last year?"),
    # the question's own time kept while the story is told in the past
    ("Nell has 9 stamps and buys 6 more today. How many stamps does she have now?",
     "Nell had 9 stamps, and today she bought 6 more. How many stamps does she have now?"),
    # a span written in another unit of the same length
    ("A tap drips 20 ml an hour. How much does it drip in one week?",
     "A tap drips 20 ml every hour. How much does it drip in 7 days?"),
    # a time named after the question asks, in a sentence with no number
    ("Cora reads 12 pages a day. How many pages does she read in 5 days?",
     "Cora reads 12 pages a day. Tomorrow she starts a new book. How many pages does she read in 5 days?"),
])
def test_retellings_that_move_no_time_point_are_kept(checker, q, p):
    assert _moves(q, p) == []
    assert not _time_findings(checker, q, p)
