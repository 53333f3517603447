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


# Session 17: the count restates the named persons only where the group is the subject or the possessor of
# its clause (it is who acts or whose quantity it is); a group the things are shared with, given to, or acted
# upon is other persons, who enter the computation. In the asking clause the count must be the number of
# persons the question asks about. Every text is written for the test (other problems, nouns and verbs).
SHELLS = ("Ike found 12 shells on the beach. Jo found 4 more shells than Ike, and Kai found twice as many shells "
          "as Jo. How many shells did Ike, Jo and Kai find altogether?")
KITES = "Lina built 6 kites. Omid built 3 kites fewer than Lina. How many kites did Omid build?"


@pytest.mark.parametrize("question, paraphrase", [
    (SHELLS, "beach trip: ike found 12 shells, jo 4 more than ike, kai twice as many as jo. "
             "how many shells did the three of them find altogether?"),
    (SHELLS, "Three children's shells, counted after the beach trip:\nIke: 12\nJo: 4 more than Ike\n"
             "Kai: twice as many as Jo\nHow many shells did Ike, Jo and Kai find altogether?"),
    (KITES, "Two neighbours spent the spring holiday building kites. Lina built 6 kites, and Omid built "
            "3 kites fewer than Lina. How many kites did Omid build?"),
])
def test_the_named_as_subject_or_possessor_are_restated(kept, question, paraphrase):
    kept(question, paraphrase)


@pytest.mark.parametrize("question, paraphrase", [
    # persons the things are shared with or given to: other persons, they enter
    (SHELLS, "Ike found 12 shells on the beach. Jo found 4 more shells than Ike, and Kai found twice as many "
             "shells as Jo. They split the shells with 3 cousins. How many shells did Ike, Jo and Kai find "
             "altogether?"),
    (SHELLS, "Ike found 12 shells on the beach and gave 1 shell to each of 3 friends. Jo found 4 more shells "
             "than Ike, and Kai found twice as many shells as Jo. How many shells did Ike, Jo and Kai find "
             "altogether?"),
    # the ask counts more persons than the question asks about: the asked quantity changed
    (KITES, "Lina built 6 kites. Omid built 3 kites fewer than Lina. How many kites did the 2 of them build?"),
])
def test_a_group_acted_with_or_a_new_asked_group_stays_caught(caught, question, paraphrase):
    caught(question, paraphrase)
