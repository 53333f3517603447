"""The problem's own persons counted again, session 15 (issue 24 item 1): context, not information.

A retelling often counts the people a problem names ("*Three* cousins swapped stamps" when the problem names
Farah, Leon and Ivo): the number restates how many persons the problem has, a quantity the problem already fixes,
and enters no computation of its things. A count of *other* persons (theirs, one per each, people the question
counts) is another matter and stays what it was. Every sentence is written for the test (other problems, nouns and
verbs than the development pairs that showed the class).
"""

from __future__ import annotations

import pytest

from paraqd.resources import spacy_available

pytestmark = pytest.mark.skipif(not spacy_available(), reason="spaCy pipeline not installed")

STAMPS = ("Farah has 35 stamps. Leon has 12 more stamps than Farah, and Ivo has 8 fewer stamps than Leon. "
          "How many stamps does Ivo have?")
PAGES = "Mina read 14 pages on Monday. Oskar read 9 pages more than Mina. How many pages did Oskar read?"
GOALS = "Kwame scored 17 goals this season. Tariq scored 5 goals fewer than Kwame. How many goals did they score?"
MUFFINS = "Hiro baked 24 muffins. Sade baked 6 more muffins than Hiro. How many muffins did Sade bake?"
LAPS = ("Ines swam 8 laps. Paulo swam twice as many laps as Ines, and Rui swam 4 laps fewer than Paulo. "
        "How many laps did Rui swim?")
APPLES = "Ana picked 30 apples and Bruno picked 18 apples. They ate 6 of them. How many apples are left?"


@pytest.mark.parametrize(("question", "paraphrase"), [
    (STAMPS, "Three cousins met at their grandmother's house to swap stamps. Farah has 35 stamps. Leon has 12 "
             "more stamps than Farah, and Ivo has 8 fewer stamps than Leon. How many stamps does Ivo have?"),
    (PAGES, "Two classmates started the same novel. Mina read 14 pages on Monday, and Oskar read "
            "9 pages more than Mina. How many pages did Oskar read?"),
    (GOALS, "Two friends kept count of their goals for the school team. Kwame scored 17 goals this season, and "
            "Tariq scored 5 goals fewer than Kwame. How many goals did they score?"),
    (MUFFINS, "Two bakers entered muffins in the village contest. Hiro baked 24 muffins, and Sade baked 6 more "
              "muffins than Hiro. How many muffins did Sade bake?"),
    (LAPS, "Three teammates counted their laps at the pool. Ines swam 8 laps. Paulo swam twice as many laps as "
           "Ines, and Rui swam 4 laps fewer than Paulo. How many laps did Rui swim?"),
])
def test_the_problems_persons_counted_again_are_context(kept, question, paraphrase):
    assert "context_added" in kept(question, paraphrase).kinds()


@pytest.mark.parametrize(("question", "paraphrase"), [
    # a count of other persons, one share each: it enters the computation
    (APPLES, "Ana picked 30 apples and Bruno picked 18 apples. They ate 6 of them and gave 1 apple to each of "
             "2 neighbours. How many apples are left?"),
    # the persons are theirs, not them
    (APPLES, "Ana picked 30 apples and Bruno picked 18 apples. They and their 2 sisters ate 6 of them each. "
             "How many apples are left?"),
    # persons the apples are shared with, as many as the problem names: they enter
    (APPLES, "Ana picked 30 apples and Bruno picked 18 apples. They ate 6 of them and shared the other apples "
             "with 2 friends. How many apples are left?"),
    # the count stands in the asking clause: the question now asks about it
    (PAGES, "Mina read 14 pages on Monday. Oskar read 9 pages more than Mina. How many pages did the 2 "
            "readers read?"),
])
def test_a_count_of_persons_that_enters_stays_caught(caught, question, paraphrase):
    caught(question, paraphrase)
