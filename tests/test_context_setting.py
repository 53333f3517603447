"""Context of the setting, session 12 (issue 24): an age said of one person, a clock time, a period named by a
demonstrative ("this week") add nothing the problem computes with; the same words about what it computes with
(ages it asks, two clock times that make a span, a time in a problem that counts time) are information.
Every sentence is written for the test (other problems, nouns and verbs than the development pairs)."""

from __future__ import annotations

import pytest

from paraqd.resources import spacy_available

pytestmark = pytest.mark.skipif(not spacy_available(), reason="spaCy pipeline not installed")

PENCILS = "Omar buys 4 packs of 6 pencils. How many pencils does he buy?"
TULIPS = "Leila plants 12 rows of tulips with 8 tulips in each row. How many tulips does she plant?"
ROLLS = "At a dinner each guest ate 2 rolls. There were 6 guests. How many rolls were eaten?"
SISTER = "Omar's sister is 3 years older than Omar. How old will she be in 5 years?"
READING = "Lena reads 15 pages an hour. She starts reading at 2 o'clock. How many pages has she read by 6 o'clock?"
SAVING = "Sam saves $5 each day for 10 days. How much money does he save?"




# -- a bare number said of one person (the predicate of "turn"/"become", an apposition) is an age ----------

@pytest.mark.parametrize(("question", "paraphrase"), [
    (PENCILS, "Omar, who had just turned eleven, buys 4 packs of 6 pencils. How many pencils does he buy?"),
    (PENCILS, "Omar, 11, buys 4 packs of 6 pencils for his new school. How many pencils does he buy?"),
    # spaCy parses this '30' as the object of 'turned': the bare object of "turn" is an age (session 19)
    (TULIPS, "Leila, who turned 30 that spring, planted 12 rows of tulips, 8 tulips to a row. How many tulips does "
             "she plant?"),
    (TULIPS, "Gardener Leila, 64, plants 12 rows of tulips with 8 tulips in each row. How many tulips does "
             "she plant?"),
])
def test_an_age_said_of_one_person_is_context(kept, question, paraphrase):
    kept(question, paraphrase)


@pytest.mark.parametrize(("question", "paraphrase"), [
    # the problem computes ages: the age is information
    (SISTER, "Omar, 11, has a sister who is 3 years older than him. How old will she be in 5 years?"),
    (SISTER, "Omar just turned 11, and his sister is 3 years older than Omar. How old will she be in 5 years?"),
    # a number set beside a group counts it
    ("Each shelf holds 12 books. How many books do the shelves hold?",
     "The shelves, 4 of oak, each hold 12 books. How many books do the shelves hold?"),
])
def test_an_age_or_a_count_the_problem_depends_on_is_information(caught, question, paraphrase):
    caught(question, paraphrase)


# -- one clock time places the story in the day: no span, no quantity -----------------------------------------

@pytest.mark.parametrize(("question", "paraphrase"), [
    (PENCILS, "At nine o'clock Omar walks into the shop and buys 4 packs of 6 pencils. How many pencils does "
              "he buy?"),
    (TULIPS, "Leila was still in the garden when the town clock struck five o'clock; she had planted 12 rows "
             "of tulips with 8 tulips in each row. How many tulips does she plant?"),
])
def test_one_clock_time_is_context(kept, question, paraphrase):
    kept(question, paraphrase)


@pytest.mark.parametrize(("question", "paraphrase"), [
    # two clock times make a span: in a rate problem it changes the answer
    ("Lena reads 15 pages an hour, starting at 2 o'clock. How many pages has she read?",
     "Lena reads 15 pages an hour, starting at 2 o'clock and stopping at 6 o'clock. How many pages has she "
     "read?"),
    # the question computes with clock times
    (READING, "Lena reads 15 pages an hour. She starts reading at 2 o'clock and stops at 4 o'clock. How many "
              "pages has she read by 6 o'clock?"),
])
def test_clock_times_the_problem_depends_on_are_information(caught, question, paraphrase):
    caught(question, paraphrase)


# -- a period pointed to by a demonstrative ("this week", "that day") in a problem that measures no time ----

@pytest.mark.parametrize(("question", "paraphrase"), [
    (PENCILS, "Omar buys 4 packs of 6 pencils this week. How many pencils does he buy?"),
    (TULIPS, "That year Leila plants 12 rows of tulips with 8 tulips in each row. How many tulips does she "
             "plant?"),
])
def test_a_period_named_by_a_demonstrative_is_context(kept, question, paraphrase):
    kept(question, paraphrase)


@pytest.mark.parametrize(("question", "paraphrase"), [
    # a problem that counts time: the period says how long
    (SAVING, "Sam saves $5 each day for 10 days, and he saves $20 more that week. How much money does he save?"),
])
def test_a_period_the_problem_depends_on_is_information(caught, question, paraphrase):
    caught(question, paraphrase)


# -- a unit of time that gives no amount: "in years", "every day" in a sentence with no number (session 22) ------

@pytest.mark.parametrize(("question", "paraphrase"), [
    # a bare plural after "in" / "for": a long while, no amount, even where the problem counts time
    (SAVING, "Sam, a 9-year-old boy, had not saved so well in years. He saves $5 each day for 10 days. How much "
             "money does he save?"),
    # how often a sentence with no number says something happens, in a problem that measures no time
    (PENCILS, "Omar buys 4 packs of 6 pencils. He carries his pencil case to class every day. How many pencils "
              "does he buy?"),
])
def test_a_unit_of_time_that_gives_no_amount_is_context(kept, question, paraphrase):
    kept(question, paraphrase)


@pytest.mark.parametrize(("question", "paraphrase"), [
    # the period of a rate with the problem's number: the total becomes a rate
    (PENCILS, "Omar buys 4 packs of 6 pencils every day. How many pencils does he buy?"),
    # a span with its number, in a problem that counts time
    (SAVING, "Sam saves $5 each day for 10 days, and then for 3 weeks more. How much money does he save?"),
])
def test_a_unit_of_time_with_an_amount_is_still_information(caught, question, paraphrase):
    caught(question, paraphrase)
