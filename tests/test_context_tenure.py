"""Story-style retellings (issue 24, session 19): how long a person has held a state before the story ("she has
worked there for 6 years", "he had been a driver for 17 years") adds nothing to a question about a shorter period
it names ("that day", "during these two days"); a span the question may compute over is information.
Every sentence is written for the test (other names, numbers and wording than the development pairs)."""

from __future__ import annotations

import pytest

from paraqd.resources import spacy_available

pytestmark = pytest.mark.skipif(not spacy_available(), reason="spaCy pipeline not installed")

KITES = "Oskar sold 9 kites on Friday and twice as many on Saturday. How many kites did he sell on these two days?"
BRICKS = ("A mason lays 40 bricks per hour. On Tuesday Rafael, a mason, worked for 7 hours. How many bricks did "
          "Rafael lay that day?")
SALARY = "Rafael earns $3,000 a month at the mill. How much has he earned in all?"


# -- how long a person has held a state before the story ----------------------------------------------------------

@pytest.mark.parametrize(("question", "paraphrase"), [
    (KITES, "Oskar has run the kite stall by the pier for 8 years. He sold 9 kites on Friday and twice as many on "
            "Saturday. How many kites did he sell on these two days?"),
    (BRICKS, "A mason lays 40 bricks per hour. Rafael has been a mason for 11 years. On Tuesday he worked for 7 "
             "hours. How many bricks did Rafael lay that day?"),
])
def test_a_state_held_before_a_named_period_is_context(kept, question, paraphrase):
    result = kept(question, paraphrase)
    assert not {"number_added", "unit_added"} & result.kinds()


@pytest.mark.parametrize(("question", "paraphrase"), [
    # the question asks about no named period: the years may be what it computes over
    (SALARY, "Rafael has worked at the mill for 4 years and earns $3,000 a month there. How much has he earned "
             "in all?"),
    # a span no longer than the asked period may lie inside it
    (BRICKS, "A mason lays 40 bricks per hour. Rafael has worked for 3 hours already. On Tuesday he worked for 7 "
             "hours. How many bricks did Rafael lay that day?"),
])
def test_a_span_the_problem_may_compute_with_is_information(caught, question, paraphrase):
    caught(question, paraphrase)
