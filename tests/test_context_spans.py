"""A span of time about something the problem does not compute with, session 15 (issue 24 item 1).

In a problem that measures time, a retelling adds spans about its setting: how long until an event the problem
never counts ("a charity ride that was still *eight weeks* away"), how long a new person has done something ("Mr.
Osei, who had run kitchens for *25 years*"), how long ago a place opened. Such a span measures an event none of
whose participants the question computes with: context, a note. A span of the problem's own holders or things
("*he* also rowed for 3 hours", "a third pump, which fills it in 4 hours") enters the computation. Every sentence is
written for the test (other problems, nouns and verbs than the development pairs that showed the class).
"""

from __future__ import annotations

import pytest

from paraqd.resources import spacy_available

pytestmark = pytest.mark.skipif(not spacy_available(), reason="spaCy pipeline not installed")

RIDE = "Lena cycles for 3 hours at 12 miles per hour. How many miles does she cycle?"
TRUCK = ("A food truck earned $240 in its first 6 days and $180 in the next 4 days. How much did it earn per day "
         "in the next 4 days?")
READ = "Jun reads for 2 hours every evening. How many hours does he read in 5 evenings?"
PUMPS = "A pump fills a tank in 6 hours. A second pump fills it in 3 hours. How many hours do both pumps take together?"
PRINT = "A printer prints 18 pages per minute. How many pages does it print in 7 minutes?"
SWIM = "Tom swims for 2 hours at a speed of 2 miles per hour. How many miles does he swim?"


@pytest.mark.parametrize(("question", "paraphrase"), [
    (RIDE, "Lena was getting ready for a charity ride that was still eight weeks away. She cycles for 3 hours at "
           "12 miles per hour. How many miles does she cycle?"),
    (TRUCK, "Mr. Osei, who had cooked for 25 years, parked a food truck by the river. The truck "
            "earned $240 in its first 6 days and $180 in the next 4 days. How much did it earn per day in the next "
            "4 days?"),
    (READ, "Jun borrows his novels from a library that opened 80 years ago. He reads for 2 hours every evening. "
           "How many hours does he read in 5 evenings?"),
    (PRINT, "The school's printer stands beside a clock that was installed 15 years ago. It prints 18 pages per "
            "minute. How many pages does it print in 7 minutes?"),
])
def test_a_span_of_something_new_is_context(kept, question, paraphrase):
    assert "context_added" in kept(question, paraphrase).kinds()


@pytest.mark.parametrize(("question", "paraphrase"), [
    # the holder of the problem's quantities: a new span of its own
    (SWIM, "Tom swims for 2 hours at a speed of 2 miles per hour. He also rows for 3 hours at that speed. "
           "How many miles does he cover?"),
    # another of the things the problem computes with
    (PUMPS, "A pump fills a tank in 6 hours. A second pump fills it in 3 hours, and a third pump, which fills it "
            "in 4 hours, is switched on too. How many hours do all the pumps take together?"),
    # a new thing, but the span is the holder's ("she" rides it): it enters
    (RIDE, "Lena cycles for 3 hours at 12 miles per hour on a new bike, which she then rides for 2 more hours. "
           "How many miles does she cycle?"),
    # the truck the problem is about stays open longer
    (TRUCK, "A food truck earned $240 in its first 6 days and $180 in the next 4 days, and then the truck stayed "
            "for 5 more days. How much did it earn per day in the next 4 days?"),
])
def test_a_span_of_the_problems_own_things_stays_caught(caught, question, paraphrase):
    caught(question, paraphrase)
