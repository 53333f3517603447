"""A small count said as a list of as many things (session 13, issue 24): "his two parents" -> "his mum and dad",
"3 pets" -> "a dog, a cat and a hamster"... only when each listed thing is one of the counted things (WordNet: a
mum is a parent). A list of another size, or of other things, leaves the count missing. Every sentence is
written for the test."""

from __future__ import annotations

import pytest

from paraqd.analysis.lexicon import default_lexicon
from paraqd.resources import spacy_available

pytestmark = [pytest.mark.skipif(not spacy_available(), reason="spaCy pipeline not installed"),
              pytest.mark.skipif(default_lexicon() is None, reason="WordNet not installed")]

GUESTS = "Lena invites 8 classmates and her two parents to her party. How many guests does she invite?"
FRUIT = "A bowl holds 3 fruits and 5 nuts. How many things are in the bowl?"


@pytest.mark.parametrize(("question", "paraphrase"), [
    (GUESTS, "Lena asks 8 classmates to her party, and her mother and father come too. How many guests does she "
             "invite?"),
    (FRUIT, "In a bowl there are 5 nuts, an apple, a pear and a plum. How many things are in the bowl?"),
])
def test_a_count_said_as_a_list_of_as_many_is_kept(kept, question, paraphrase):
    kept(question, paraphrase)


@pytest.mark.parametrize(("question", "paraphrase"), [
    (GUESTS, "Lena asks 8 classmates to her party, and her mother, father and aunt come too. How many guests does "
             "she invite?"),
    (FRUIT, "In a bowl there are 5 nuts, a spoon and a fork. How many things are in the bowl?"),
])
def test_a_list_of_another_size_or_other_things_is_caught(caught, question, paraphrase):
    caught(question, paraphrase)
