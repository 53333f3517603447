"""A relative time point measured in another unit of time (session 14, issue 24): "the previous day" -> "the
previous hour" compares with another time, though no number changed."""

import pytest

from paraqd.checks import CriticalInfoChecker

SHOP = ("A bakery sold 40 rolls on the previous day. Today it sold 65 rolls. How many more rolls did it sell today "
        "than on the previous day?")
CLUB = "The club had 30 members last year and has 45 members now. How many members joined since last year?"


@pytest.fixture(scope="module")
def checker():
    return CriticalInfoChecker()


@pytest.mark.parametrize(("question", "paraphrase"), [
    (SHOP, SHOP.replace("sold 40 rolls on the previous day", "sold 40 rolls in the previous hour")),
    (CLUB, CLUB.replace("30 members last year", "30 members last month")),
    ("The river rose 3 feet in the week after the storm and 2 feet the next day. How much did it rise?",
     "The river rose 3 feet in the month after the storm and 2 feet the next day. How much did it rise?"),
])
def test_a_relative_time_point_in_another_unit_of_time_is_caught(checker, question, paraphrase):
    result = checker.check(question, paraphrase)
    finding = next(f for f in result.findings if f.kind == "time_changed")
    assert not result.passed
    for span in (*finding.question_spans, *finding.paraphrase_spans):
        assert span.text in (question, paraphrase)[span in finding.paraphrase_spans]


@pytest.mark.parametrize(("question", "paraphrase"), [
    # the same time point in other words
    (SHOP, SHOP.replace("on the previous day", "yesterday")),
    (CLUB, "Last year the club had 30 members; now it has 45. How many members have joined since the year before?"),
    # a part of the day is not compared with the day
    ("Mo read 12 pages the previous day and 20 today. How many pages did he read in all?",
     "Mo read 12 pages the night before and 20 today. How many pages did he read in all?"),
])
def test_the_same_time_point_or_a_part_of_the_day_is_not_another_time(checker, question, paraphrase):
    assert "time_changed" not in checker.check(question, paraphrase).kinds()
