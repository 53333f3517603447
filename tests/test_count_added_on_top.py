"""A number the paraphrase adds that is marked as an addition to something counted ("squeezed in *8 more*
plants", "*another 3* chapters", "*30 more* ticket stubs"): a new quantity that enters the computation, not a
repeat of a value nor context (session 17, issue 24). The same value written as often on both sides ("$15 in
June" -> "$15 more in June"), a duration ("after 20 more minutes in line") and a setting that counts nothing
stay kept. A change by an amount made a change to an amount ("lowers the price by $10" -> "to $10") is another
problem. Every sentence is written for the test."""

from __future__ import annotations

import pytest

from paraqd.resources import spacy_available

pytestmark = pytest.mark.skipif(not spacy_available(), reason="spaCy pipeline not installed")

CORN = "Omar planted 5 rows of corn with 8 plants in each row. How many corn plants did he plant?"
RAFFLE = "The choir sold 140 raffle tickets on Friday and 95 on Saturday. How many tickets did it sell?"
CHAPTERS = "Leah read 3 chapters on Monday and 4 chapters on Tuesday. How many chapters did she read?"
SAVINGS = "Nadia saved $15 in May and $15 in June. How much did she save in the two months?"
LAPS = "Mia ran a warm-up lap and then 4 laps at race pace, each taking 2 minutes. How long did the race-pace laps take?"
CARDS = "Ivan has 9 cards and gets 4 cards a day. How many cards does he have after 3 days?"
TICKETS = "Carla bought 3 tickets at $7 each. How much did she spend?"
SHIRT = "A shirt costs $40. The store lowers the price by $10. What is the new price of the shirt?"
POOL = "A pool holds 900 liters of water. The water level drops by 300 liters. How much water is left in the pool?"
FLOUR = "A recipe uses 5 cups of flour. Tina cuts the flour to 2 cups. How many cups of flour did she leave out?"


@pytest.mark.parametrize(("question", "paraphrase"), [
    (CORN, "Omar planted 5 rows of corn with 8 plants in each row, and then he squeezed 8 more plants in by the "
           "fence. How many corn plants did he plant?"),
    (RAFFLE, "The choir sold 140 raffle tickets on Friday and 95 on Saturday. A week later a box of 30 more order "
             "forms turned up at the office. How many tickets did it sell?"),
    (CHAPTERS, "Leah read 3 chapters on Monday and 4 chapters on Tuesday, and she finished another 3 chapters on "
               "the bus home. How many chapters did she read?"),
])
def test_a_count_added_on_top_is_caught(caught, question, paraphrase):
    caught(question, paraphrase)


@pytest.mark.parametrize(("question", "paraphrase"), [
    (SAVINGS, "Nadia saved $15 in May and $15 more in June. How much did she save in the two months?"),
    (LAPS, "After a warm-up lap, Mia ran 4 more laps at race pace, and each of the 4 took 2 minutes. How long did the "
           "race-pace laps take?"),
    (CARDS, "Ivan has 9 cards and gets 4 more every day. How many cards does he have after 3 days?"),
    (TICKETS, "After 20 more minutes in line, Carla bought 3 tickets at $7 each. How much did she spend?"),
    (TICKETS, "On Saturday morning Carla bought 3 tickets at $7 each. How much did she spend?"),
])
def test_the_same_count_a_duration_or_a_setting_is_kept(kept, question, paraphrase):
    kept(question, paraphrase)


@pytest.mark.parametrize(("question", "paraphrase"), [
    (SHIRT, "A shirt costs $40. The store lowers the price to $10. What is the new price of the shirt?"),
    (POOL, "A pool holds 900 liters of water. The water level drops to 300 liters. How much water is left in the "
           "pool?"),
    (FLOUR, "A recipe uses 5 cups of flour. Tina cuts the flour by 2 cups. How many cups of flour did she leave "
            "out?"),
])
def test_a_change_by_an_amount_made_a_change_to_an_amount_is_caught(caught, question, paraphrase):
    caught(question, paraphrase)


@pytest.mark.parametrize(("question", "paraphrase"), [
    (SHIRT, "A shirt costs $40. The store takes $10 off the price. What is the new price of the shirt?"),
    (POOL, "A pool holds 900 liters of water. Its water level goes down by 300 liters. How much water is left in "
           "the pool?"),
    (SHIRT, "A shirt costs $40, and the store lowers its price by $10. What does the shirt cost now?"),
])
def test_a_change_by_the_same_amount_is_kept(kept, question, paraphrase):
    kept(question, paraphrase)
