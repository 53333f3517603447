"""The count of a problem's named people or places, said as a number (session 16, issue 24): "the 3 of them"
for Mona, Jasmine and Rachel, "four people's ages" for four named persons, "three towns" for three named
towns. It restates who the problem is about: no number added. A count that differs from the names the
question has ("Cody and his friend" -> "Cody and his two friends"), or a group given a quantity of its own,
still adds a number. Every text is written for the test."""

from __future__ import annotations

import pytest

from paraqd.resources import spacy_available

pytestmark = pytest.mark.skipif(not spacy_available(), reason="spaCy pipeline not installed")

STAMPS = ("Omar brought 40 stamps to the club. Lena brought 12 fewer stamps than Omar. Rosa brought 10 more "
          "stamps than Lena. How many stamps did Omar, Lena and Rosa bring to the club?")
RUNS = "Kofi ran 5 miles more than Ada. Ada ran 9 miles. How many miles did Kofi and Ada run in all?"
TOWNS = ("The town of Elton has 500 more homes than Bramley. Bramley has 5 times as many homes as Cotswick. "
         "If Elton has 2000 homes, how many homes does Cotswick have?")
AGES = ("Nora is 7 years older than Sam. Sam is 6 years younger than Tomas. Tomas is twice as old as Uma. "
        "If Uma is 9, how old is Nora?")
NOTES = "club stamps: omar brought 40, lena 12 fewer than omar, rosa 10 more than lena. "
TABLE = "Uma: 9\nTomas: twice Uma's age\nSam: 6 years younger than Tomas\nNora: 7 years older than Sam\nHow old is Nora?"


@pytest.mark.parametrize("question, paraphrase", [
    (STAMPS, NOTES + "how many stamps did the 3 of them bring?"),
    (RUNS, "Ada ran 9 miles and Kofi ran 5 miles more than she did. How many miles did the 2 of them run in all?"),
    (TOWNS, "Three towns are compared by their number of homes.\nTown | Homes\nElton | 2000\n"
            "Bramley | 500 fewer than Elton\nCotswick | unknown (Bramley has 5 times as many homes)\n"
            "How many homes does Cotswick have?"),
    (AGES, "Four people's ages, starting with Uma:\n" + TABLE),
])
def test_the_count_of_the_named_is_no_number_added(kept, question, paraphrase):
    kept(question, paraphrase)


@pytest.mark.parametrize("question, paraphrase", [
    # a count that is not the number of names: a person added
    (STAMPS, NOTES + "how many stamps did the 4 of them bring?"),
    (AGES, "Three people's ages, starting with Uma:\n" + TABLE),
    ("Cody buys $40 of food. Cody and his friend split the bill equally. How much does Cody pay?",
     "Cody buys $40 of food. Cody and his two friends split the bill equally. How much does Cody pay?"),
    # a group of the right size that is given a quantity of its own
    (STAMPS, NOTES + "3 teachers brought 5 stamps each. how many stamps did they bring?"),
    (RUNS, "Ada ran 9 miles and Kofi ran 5 miles more than she did. Two coaches ran 3 miles each. "
           "How many miles did Kofi and Ada run in all?"),
])
def test_other_counts_are_still_added(caught, question, paraphrase):
    caught(question, paraphrase)
