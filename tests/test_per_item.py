"""A number per item made a total (session 13, issue 24): "Each lamp costs $12" -> "he paid $12 for the lamps",
"3 eggs for every cake" -> "3 eggs for the cakes": what was said of one item is now said of all of them, and the
answer changes. Any rewording that keeps a distributive word ("each", "every", "per", "apiece", "a") with the
number, or does not tie it to the whole, keeps the problem. Every sentence is written for the test."""

from __future__ import annotations

import pytest

from paraqd.resources import spacy_available

pytestmark = pytest.mark.skipif(not spacy_available(), reason="spaCy pipeline not installed")

LAMPS = "Omar buys 3 lamps. Each lamp costs $12. How much does he spend?"
EGGS = "A baker uses 3 eggs for every cake. She bakes 8 cakes. How many eggs does she use?"
RIDES = "A ride costs $4 per child. 9 children go on the ride. How much do they pay?"
POSTERS = "Lina hangs 5 posters in each classroom. The school has 7 classrooms. How many posters does she hang?"


@pytest.mark.parametrize(("question", "paraphrase"), [
    (LAMPS, "Omar bought 3 lamps and paid $12 for the lamps. How much does he spend?"),
    (EGGS, "A baker uses 3 eggs for the cakes. She bakes 8 cakes. How many eggs does she use?"),
    (RIDES, "9 children go on a ride and pay $4 for the children. How much do they pay?"),
    (POSTERS, "Lina hangs 5 posters across the classrooms. The school has 7 classrooms. How many posters does she "
              "hang?"),
])
def test_a_number_per_item_made_a_total_is_caught(caught, question, paraphrase):
    caught(question, paraphrase)


@pytest.mark.parametrize(("question", "paraphrase"), [
    # rates of time and counted periods are no items: "100 visitors a day for the first 6 days" -> "daily"
    ("A shop gets 100 visitors a day for the first 6 days. How many visitors does it get?",
     "For the initial 6 days, a shop had 100 visitors daily. How many visitors did it get?"),
    ("Jim runs 5 miles every day for 30 days. How many miles does he run?",
     "Jim runs 5 miles daily for 30 straight days. How many miles does he run?"),
    ("Each patient is seen for 24 minutes. The doctor sees 20 patients. How many minutes does he spend?",
     "The doctor sees 20 patients, giving 24 minutes to each of them. How many minutes does he spend?"),
    (LAMPS, "Omar buys 3 lamps at $12 each. How much does he spend?"),
    # a number that counts the items "each" follows is no number per item
    ("There are 4 grapes on each plate. If Mia's 4 friends each eat half of the grapes on their plates, how many "
     "grapes are left?", "Every plate holds 4 grapes. Mia's 4 friends finish half the grapes on their plates. How "
     "many grapes remain?"),
    (LAMPS, "Omar buys 3 lamps, paying $12 for each of the lamps. How much does he spend?"),
    (EGGS, "She bakes 8 cakes, and each cake takes 3 eggs. How many eggs does she use?"),
    (EGGS, "For the cakes, a baker uses 3 eggs per cake. She bakes 8 of them. How many eggs does she use?"),
    (RIDES, "It costs $4 a child to go on the ride, and 9 children go. How much do they pay?"),
    (POSTERS, "In every classroom Lina puts up 5 posters, and there are 7 classrooms. How many posters does she "
              "hang?"),
])
def test_a_number_kept_per_item_is_kept(kept, question, paraphrase):
    kept(question, paraphrase)
