"""One day of the week named as the occasion of a retelling (session 13, issue 24): "one rainy Tuesday he
wondered ..." in a problem that counts days but names no weekday sets the scene; it restricts no recurring
event. A weekday that restricts a recurrence (plural, "every", a range, a list, the asking clause) or stands
beside weekdays the question names is a condition. Every sentence is written for the test."""

from __future__ import annotations

import pytest

from paraqd.checks import Severity
from paraqd.resources import spacy_available

pytestmark = pytest.mark.skipif(not spacy_available(), reason="spaCy pipeline not installed")

JOGS = "Priya jogs 3 miles every day. How many miles does she jog in 2 weeks?"
SEEDS = "A bird eats 12 seeds a day. A bag holds 240 seeds. How many days does a bag last?"
PAGES = "Tom reads 25 pages daily. His book has 300 pages. How many days will it take him to finish it?"


@pytest.mark.parametrize(("question", "paraphrase"), [
    (JOGS, "One sunny Sunday, Priya laced up her shoes and told her brother about her habit: she jogs 3 miles every "
           "day. How many miles does she jog in 2 weeks?"),
    (SEEDS, "On a cold Thursday, Mei filled the feeder for her bird. The bird eats 12 seeds a day, and a bag holds "
            "240 seeds. How many days does a bag last?"),
    (PAGES, "Tom got a new book on Friday afternoon. It has 300 pages, and he reads 25 pages daily. How many days "
            "will it take him to finish it?"),
])
def test_one_weekday_as_the_occasion_is_a_note(kept, question, paraphrase):
    result = kept(question, paraphrase)
    assert "context_added" in result.kinds(Severity.MINOR)
    assert "day_added" not in result.kinds()


@pytest.mark.parametrize(("question", "paraphrase"), [
    # a recurrence restricted: plural, "every", a range, a list
    (JOGS, "Priya jogs 3 miles every day except Sundays. How many miles does she jog in 2 weeks?"),
    (JOGS, "Priya jogs 3 miles every Monday. How many miles does she jog in 2 weeks?"),
    (SEEDS, "A bird eats 12 seeds a day from Monday to Saturday. A bag holds 240 seeds. How many days does a bag "
            "last?"),
    (PAGES, "Tom reads 25 pages on Mondays and Wednesdays. His book has 300 pages. How many days will it take him "
            "to finish it?"),
    # the asking clause names the day
    (JOGS, "Priya jogs 3 miles every day. How many miles has she jogged by Friday?"),
    # beside weekdays the question names: another day of the problem's days
    ("Lu sold 5 cakes on Monday and 7 on Tuesday. How many cakes did she sell?",
     "Lu sold 5 cakes on Monday and 7 on Wednesday. How many cakes did she sell?"),
])
def test_a_weekday_that_restricts_when_things_happen_is_caught(caught, question, paraphrase):
    caught(question, paraphrase)
