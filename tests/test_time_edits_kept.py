"""Time edits that keep the answer (issue 24's rules must not fire on them): the same time written another way,
times of the story renamed consistently, spans of one length in another unit, and a story's own days ("the next
day") read as no time counted from now.

Every sentence here is made up for the test.
"""

from __future__ import annotations

import pytest

from paraqd.analysis import QuestionPair, analyze
from paraqd.analysis.time_anchors import moved_time_points, time_points
from paraqd.resources import spacy_available

pytestmark = pytest.mark.skipif(not spacy_available(), reason="spaCy pipeline not installed")


def _moves(q: str, p: str) -> list[str]:
    return [m.message for m in moved_time_points(QuestionPair(analyze(q), analyze(p)))]


def _time_kinds(checker, q: str, p: str) -> list[str]:
    return [f.message for f in checker.check(q, p).findings if f.kind == "time_changed"]


@pytest.mark.parametrize(("q", "p"), [
    # the present written another way
    ("Kofi picked 30 plums yesterday and 25 this morning. How many plums did he pick in all?",
     "Kofi picked 30 plums yesterday and 25 today. How many plums did he pick in all?"),
    ("Odile is 13 years old now. How old will she be next year?",
     "Odile is currently 13 years old. How old will she be a year from now?"),
    # the past written another way
    ("Last year, the orchard sold 620 crates. This year it sold 700. How many more crates did it sell?",
     "A year ago the orchard sold 620 crates, and it sold 700 this year. How many more crates did it sell?"),
    ("Yesterday Pavel had 45 stickers. Today he has 52. How many stickers did he get?",
     "Pavel had 45 stickers last night. Today he has 52. How many stickers did he get?"),
])
def test_the_same_time_written_another_way_is_kept(checker, q, p):
    assert _moves(q, p) == []
    assert not _time_kinds(checker, q, p)


@pytest.mark.parametrize(("q", "p"), [
    # two days of the week written as two days counted from now, in the same order
    ("Mirela read 20 pages on Saturday and 34 pages on Sunday. How many pages did she read in all?",
     "Mirela read 20 pages yesterday and 34 pages today. How many pages did she read in all?"),
    # the first and second day of the story told as yesterday and today
    ("On the first day the stall sold 14 lamps, and on the second day it sold 9. How many lamps did it sell?",
     "Yesterday the stall sold 14 lamps, and today it sold 9. How many lamps did it sell?"),
    # parts of one day told as parts of today
    ("In the morning, Tarek sold 18 cups of tea; in the afternoon, he sold 12. How many cups did he sell?",
     "Tarek sold 18 cups of tea this morning and 12 this afternoon. How many cups did he sell?"),
])
def test_times_of_the_story_renamed_consistently_are_kept(checker, q, p):
    assert _moves(q, p) == []
    assert not _time_kinds(checker, q, p)


def test_a_story_day_counted_from_another_day_is_no_move():
    # the story's own next day is the day after the one it names, not tomorrow (days.py still reads "the next
    # day" -> "yesterday" as a reference turned the other way: not this module's rule)
    q = "On Monday Ansel read 20 pages. The next day he read 15 pages. How many pages did he read?"
    p = "Yesterday Ansel read 20 pages, and today he read 15 pages. How many pages did he read?"
    assert _moves(q, p) == []


def test_the_day_before_a_story_day_is_kept(checker):
    q = "Bria baked 40 rolls today. The day before, she baked 32. How many rolls did she bake?"
    p = "Bria baked 40 rolls today and 32 yesterday. How many rolls did she bake?"
    assert _moves(q, p) == []
    assert not _time_kinds(checker, q, p)


@pytest.mark.parametrize(("q", "p"), [
    ("Lena puts $20 into her jar every month. How much does she put in over a year?",
     "Lena puts $20 into her jar every month. How much does she put in over 12 months?"),
    ("Dov saves $9 a week. How much does he save in a year?",
     "Dov saves $9 a week. How much does he save in 52 weeks?"),
    ("A pump moves 40 litres a minute. How much does it move in 2 hours?",
     "A pump moves 40 litres a minute. How much does it move in 120 minutes?"),
    ("A hen lays 1 egg a day. How many eggs does it lay in a week?",
     "A hen lays 1 egg a day. How many eggs does it lay over seven days?"),
])
def test_a_span_of_the_same_length_in_another_unit_is_kept(checker, q, p):
    assert _moves(q, p) == []
    assert not _time_kinds(checker, q, p)


def test_a_span_told_in_two_units_is_no_span_of_one(checker):
    q = "A kettle heats 3 cups a minute. How many cups does it heat in 2 hours and 30 minutes?"
    p = "A kettle heats 3 cups a minute. How many cups does it heat in 150 minutes?"
    assert _moves(q, p) == []


@pytest.mark.parametrize(("text", "story"), [
    ("The next day Ines sold 6 pies.", True),
    ("The following week the pool opened.", True),
    ("The year before, the shop sold 300 bikes.", True),
    ("Next week Ines sells 6 pies.", False),
    ("Last year the shop sold 300 bikes.", False),
    ("The day before yesterday it rained.", False),
])
def test_a_time_counted_from_a_story_day_is_told_apart(text, story):
    [point] = time_points(analyze(text))
    assert point.story is story


@pytest.mark.parametrize(("q", "p"), [
    # the number's time written in the same sentence as another time
    ("The gym had 400 members last year, and this year it has 10% more. How many members does it have?",
     "This year the gym has 10% more members than the 400 it had last year. How many members does it have?"),
    # "the previous year" of a story told this year is last year
    ("Last year, Quill earned $900 in tips. This year he earns $150 more. How much does he earn this year?",
     "In the previous year, Quill earned $900 in tips, and this year he earns $150 more. What does he earn "
     "this year?"),
])
def test_a_number_kept_at_its_time_is_kept(checker, q, p):
    assert _moves(q, p) == []
    assert not _time_kinds(checker, q, p)
