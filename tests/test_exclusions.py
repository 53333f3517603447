"""An exclusion the paraphrase adds where the question leaves nothing out (issue 24, session 21): the plain
rewordings that move or re-say an exclusion the question already has, or say "only" as emphasis on a number it
states, must never fire; the added ones must.

Every sentence here is made up for the test (other problems, names, nouns and numbers than the data files).
"""

from __future__ import annotations

import pytest

from paraqd.analysis import QuestionPair
from paraqd.analysis.exclusions import added_exclusions
from paraqd.resources import spacy_available

pytestmark = pytest.mark.skipif(not spacy_available(), reason="spaCy pipeline not installed")


# -- exclusions added: the plain rewordings that must never fire ------------------------------------------------

EXCLUSION_KEPT = [
    # "only" / "just" as emphasis on a number the question states exactly
    ("Mira had 14 stickers and gave 11 to her cousins. She keeps 3 of them. How many did she give away?",
     "Mira had 14 stickers and gave 11 to her cousins, keeping only 3 of them. How many did she give away?"),
    ("Of the 25 runners, 6 of them finished under an hour. How many did not?",
     "Just 6 of the 25 runners finished under an hour. How many did not?"),
    ("Kofi has 8 pencils left after school. He had 20. How many did he lose?",
     "Kofi had 20 pencils, and after school he has only 8 of them left. How many did he lose?"),
    # a person the question never names, told of in a retelling: no exclusion of the question's items
    ("A shelf holds 18 comics and Ivo has read 11 of them. How many are left for him to read?",
     "A shelf holds 18 comics and Ivo has read 11 of them; his cousin Bea has read only 4 of them. How many "
     "are left for Ivo to read?"),
    ("A shelf holds 18 comics and Ivo has read 11 of them. How many are left for him to read?",
     "A shelf holds 18 comics and Ivo has read 11 of them. His neighbour Tariq, who has read only 5 of them, "
     "asks how many are left for Ivo. How many are left for Ivo to read?"),
    # the question's exclusion re-said: the excluded thing is named in the question
    ("The library is open 6 days a week and closed on Sundays. It lends 90 books a day. How many books a week?",
     "The library is open every day except Sunday and lends 90 books a day. How many books a week?"),
    ("Gil buys a ticket for each of his 4 cousins but not for himself. A ticket is $9. How much does he pay?",
     "Gil buys a ticket for each of his 4 cousins, everyone except himself. A ticket is $9. How much does he "
     "pay?"),
    ("Rae buys a drink for the 5 other people at the table. A drink is $3. How much does she spend?",
     "Rae buys a drink for everyone at the table except herself, 5 people. A drink is $3. How much does she "
     "spend?"),
    # a count of the items that leaves some out, said as "all but"
    ("Dov replaces 3 tiles on each of the 6 rows; each row has 4 tiles. How many tiles does he replace?",
     "Dov replaces all but one of the tiles on each of the 6 rows; each row has 4 tiles. How many tiles does he "
     "replace?"),
    ("Lu reads 9 of the 10 chapters. Each chapter has 12 pages. How many pages does she read?",
     "Lu reads all but one of the 10 chapters, 12 pages each. How many pages does she read?"),
    # the count the exclusion leaves out is the question's own number, or a difference of two of them
    ("Ama bakes 15 muffins and sells 14 at the fair. How much does she earn at $2 a muffin?",
     "Ama bakes 15 muffins and sells all but one of them at the fair. How much does she earn at $2 a muffin?"),
    ("Ama bakes 15 muffins and keeps 2 for herself; she sells the rest at $2 each. How much does she earn?",
     "Ama bakes 15 muffins and sells all of them except 2 at $2 each. How much does she earn?"),
    ("Vik had 30 marbles and lost 26 of them. How many are left?",
     "Vik had 30 marbles; only 4 of them were not lost. How many are left?"),
    # one in two said by the question as half
    ("Half of Tam's 12 bus rides are free. Each paid ride is $2. How much does he pay?",
     "Every second bus ride Tam takes is free; he takes 12 rides and a paid ride is $2. How much does he pay?"),
    # the first one free, said by the question in its own words
    ("Bo takes 5 swim lessons at $14 a lesson but does not pay for the first one. How much does he pay?",
     "Bo takes 5 swim lessons at $14 a lesson, and the first lesson is free. How much does he pay?"),
    ("Bo takes 5 swim lessons at $14, with one lesson free. How much does he pay?",
     "Bo takes 5 swim lessons at $14, the first of them free. How much does he pay?"),
]


@pytest.mark.parametrize("question, paraphrase", EXCLUSION_KEPT)
def test_plain_rewording_adds_no_exclusion(checker, parse, question, paraphrase):
    assert not added_exclusions(QuestionPair(parse(question), parse(paraphrase)))
    result = checker.check(question, paraphrase)
    assert not [f for f in result.findings if f.kind == "condition_changed"], result.reasons


EXCLUSION_ADDED = [
    ("Sol waters all the 30 pots on her balcony with 2 cups each. How many cups does she use?",
     "Sol waters all but 4 of the 30 pots on her balcony with 2 cups each. How many cups does she use?", "all but"),
    ("Each of the 12 guests gets a cup of cocoa. A cup costs $2. How much is the cocoa?",
     "Each of the 12 guests except the driver gets a cup of cocoa. A cup costs $2. How much is the cocoa?",
     "except"),
    ("Tia rents a kayak 6 times at $11 a time. How much does she pay?",
     "Tia rents a kayak 6 times at $11 a time, and the second rental is free. How much does she pay?", "free"),
    ("Ned owns 7 shirts and wears each of them to work. How many shirts does he wear to work?",
     "Ned owns 7 shirts, but only 2 of them are worn to work. How many shirts does he wear to work?", "only 2"),
]


@pytest.mark.parametrize("question, paraphrase, words", EXCLUSION_ADDED)
def test_added_exclusion_is_caught(checker, parse, question, paraphrase, words):
    assert words in [m.text.lower() for m in added_exclusions(QuestionPair(parse(question), parse(paraphrase)))]
    assert not checker.check(question, paraphrase).passed
