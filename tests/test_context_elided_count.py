"""A number added with no noun of its own, the object or subject of a verb ("her brother took *another 6*", "the
goat ate *7 of them*"), counts the thing the problem counts, left unsaid: it enters the computation and is no
context (session 16, issue 24). A number that is an age or a clock reading ("who had turned *6*", "got up at
*7*") stays context. Every sentence is written for the test."""

from __future__ import annotations

import pytest

from paraqd.resources import spacy_available

pytestmark = pytest.mark.skipif(not spacy_available(), reason="spaCy pipeline not installed")

PEARS = "A farmer picked 60 pears and sold 25 of them at the market. How many pears does he have left?"
MUFFINS = "Rosa baked 48 muffins and gave away 20. How many muffins does she have now?"
BOOKS = "The library lent 35 books on Monday and 40 books on Tuesday. How many books did it lend in all?"


@pytest.mark.parametrize(("question", "paraphrase"), [
    (PEARS, "A farmer picked 60 pears and sold 25 of them at the market. On the way home his goat ate 7 of them. "
            "How many pears does he have left?"),
    (MUFFINS, "Rosa baked 48 muffins and gave away 20, and later her brother grabbed another 6. How many muffins "
              "does she have now?"),
    (BOOKS, "The library lent 35 books on Monday and 40 books on Tuesday, and its mobile van lent another 15. How "
            "many books did it lend in all?"),
])
def test_an_added_count_of_the_unsaid_thing_is_caught(caught, question, paraphrase):
    caught(question, paraphrase)


@pytest.mark.parametrize(("question", "paraphrase"), [
    (MUFFINS, "Rosa's little brother, who had just turned 6, watched her bake 48 muffins. She gave away 20. How "
              "many muffins does she have now?"),
    (MUFFINS, "Rosa got up at 7, baked 48 muffins and gave away 20. How many muffins does she have now?"),
    (MUFFINS, "Rosa, who is 11, baked 48 muffins and gave away 20. How many muffins does she have now?"),
])
def test_an_age_a_clock_time_or_a_group_stays_context(kept, question, paraphrase):
    kept(question, paraphrase)
