"""Directions turned round with no verb pair to compare (session 13, issue 24), on problems written for these
tests: quantities one verb moves together split between a gain and a loss for one holder ("lost 6 liters on
Monday and 9 liters on Tuesday" -> "lost 6 ... but gained 9"); the doer of a verb with no subject of its own
taken from the verb it depends on ("mowed lawns, *earning* 90 dollars", "*has to pay* $250"); a quantity held
in one text ("has 4 jazz songs on it") and taken away in the other ("deleted 4 jazz songs from it"), or given
away in one and kept in the other. Each rule has valid lookalikes that keep the information."""

from __future__ import annotations

import pytest

from paraqd.analysis.lexicon import default_lexicon
from paraqd.checks import Severity
from paraqd.resources import spacy_available

pytestmark = pytest.mark.skipif(not spacy_available(), reason="spaCy pipeline not installed")
needs_wordnet = pytest.mark.skipif(default_lexicon() is None, reason="WordNet not installed")


def _caught(checker, question, paraphrase):
    result = checker.check(question, paraphrase)
    return "direction_flipped" in result.kinds(Severity.CRITICAL) and not result.passed


def _flipped(checker, question, paraphrase):
    return "direction_flipped" in checker.check(question, paraphrase).kinds()


# -- quantities one verb moves together, split between a gain and a loss ----------------------------------------

TANK = "A water tank lost 6 liters on Monday and 9 liters on Tuesday. How much water did the tank lose in total?"
SHELLS = "Nina collected 12 shells in the morning and 15 shells in the afternoon. How many shells did she collect?"
MARBLES = "At recess Lia traded 3 marbles for 7 marbles. How many marbles did she trade?"


@needs_wordnet
@pytest.mark.parametrize("question, paraphrase", [
    (TANK, "A water tank lost 6 liters on Monday, but it gained 9 liters on Tuesday. How much water did the tank "
           "lose in total?"),
    (SHELLS, "Nina found 12 shells in the morning but lost 15 shells in the afternoon. How many shells did she "
             "collect?"),
])
def test_quantities_moved_together_split_the_other_way_are_caught(checker, question, paraphrase):
    assert _caught(checker, question, paraphrase)


@needs_wordnet
@pytest.mark.parametrize("question, paraphrase", [
    (TANK, "On Monday the water tank lost 6 liters, and on Tuesday it leaked away another 9 liters. How much water "
           "did the tank lose in total?"),
    (SHELLS, "In the morning Nina gathered 12 shells, and in the afternoon she picked up 15 shells. How many shells "
             "did she collect?"),
    (MARBLES, "At recess Lia gave away 3 marbles and got 7 marbles in return. How many marbles did she trade?"),
])
def test_quantities_moved_together_said_otherwise_are_kept(checker, question, paraphrase):
    assert not _flipped(checker, question, paraphrase)


# -- the doer of a verb with no subject of its own -------------------------------------------------------------

MURAL = "It takes Priya 5 days to paint a mural. Priya will earn $250 for the mural. How much does she make per day?"
LAWNS = "Over the summer Leo mowed lawns, earning 90 dollars. How much money did Leo earn over the summer?"


@needs_wordnet
@pytest.mark.parametrize("question, paraphrase", [
    (MURAL, "It takes Priya 5 days to paint a mural. Priya has to pay $250 for the mural. How much does she make "
            "per day?"),
    (LAWNS, "Over the summer Leo hired a gardener for his lawn, spending 90 dollars. How much money did Leo earn "
            "over the summer?"),
])
def test_a_doer_taken_from_the_verb_above_is_caught(checker, question, paraphrase):
    assert _caught(checker, question, paraphrase)


@needs_wordnet
@pytest.mark.parametrize("question, paraphrase", [
    (MURAL, "Priya needs 5 days to paint a mural. She is going to be paid $250 for it. How much does she make per "
            "day?"),
    (LAWNS, "Over the summer Leo mowed lawns and was paid 90 dollars for it. How much money did Leo earn over the "
            "summer?"),
    (LAWNS, "Over the summer Leo mowed lawns, getting 90 dollars. How much money did Leo earn over the summer?"),
])
def test_a_doer_taken_from_the_verb_above_said_otherwise_is_kept(checker, question, paraphrase):
    assert not _flipped(checker, question, paraphrase)


# -- held in one text, taken away (or given away) in the other ------------------------------------------------

COINS = "Rosa has 14 old coins and 9 new coins. Her brother has 5 new coins. How many more coins does Rosa have?"
SONGS = "Ben has 30 pop songs on his playlist. He also has 4 jazz songs on it. How many songs are on his playlist?"
CLUB = "A club raised $900. It gave 60% of the money to a shelter. How much money did the shelter get?"
BAKERY = "A bakery has 40 muffins. It sells all of them at $2 each. How much money does it make?"


@needs_wordnet
@pytest.mark.parametrize("question, paraphrase", [
    (COINS, "Rosa has 14 old coins, and she gave away her 9 new coins. Her brother has 5 new coins. How many more "
            "coins does Rosa have?"),
    (SONGS, "Ben has 30 pop songs on his playlist. He also deleted 4 jazz songs from it. How many songs are on his "
            "playlist?"),
    (CLUB, "A club raised $900. It decided to keep 60% of the money and to give the rest to a shelter. How much "
           "money did the shelter get?"),
])
def test_held_in_one_text_and_gone_in_the_other_is_caught(checker, question, paraphrase):
    assert _caught(checker, question, paraphrase)


@needs_wordnet
@pytest.mark.parametrize("question, paraphrase", [
    (COINS, "Rosa owns 14 old coins and 9 new coins, and her brother owns 5 new coins. How many more coins does Rosa "
            "have?"),
    (SONGS, "Ben's playlist holds 30 pop songs. He also keeps 4 jazz songs on it. How many songs are on his "
            "playlist?"),
    (CLUB, "A club collected $900 and donated 60% of the money to a shelter. How much money did the shelter get?"),
    (BAKERY, "A bakery sells its 40 muffins at $2 each. How much money does it make?"),
    ("Jan has 5 pounds to lose before the race. How many weeks will it take at 1 pound a week?",
     "Jan needs to lose 5 pounds before the race. How many weeks will it take at 1 pound a week?"),
    # "have" is also "consume": the same act
    ("Lena has 3 cups of cocoa every night. How many cups does she have in a week?",
     "Every night Lena drinks 3 cups of cocoa. How many cups does she have in a week?"),
    # both acts in both texts, the number only hangs elsewhere
    ("A guide had 15 tourists. After some left he still had 9 tourists. How many tourists left?",
     "15 tourists were had by a guide. After some left 9 tourists were still had by him. How many tourists left?"),
    # a move read from a noun ("quarter" is also a verb) is no move
    ("Eli has 24 quarters. Half of them are new. How many new quarters does Eli have?",
     "Eli owns 24 quarters, and half of the quarters are new. How many new quarters does Eli have?"),
    # the paraphrase's verb is a receiving: the sender's loss is no leaving of what the envelope held
    ("Omar's uncle mailed him an envelope that had $40 in it. He spent half of it. How much is left?",
     "Omar received a $40 envelope from his uncle. He spent half of it. How much is left?"),
    # "devote" is no holding: its first sense is not "have"
    ("Every day Tom spends 4 hours on math and 2 hours on art. How many more hours go to math?",
     "Each day Tom devotes 4 hours to math and 2 hours to art. How many more hours go to math?"),
])
def test_held_said_otherwise_is_kept(checker, question, paraphrase):
    assert not _flipped(checker, question, paraphrase)


@needs_wordnet
def test_a_wished_or_planned_act_gives_its_subject_no_direction(checker):
    question = ("Ana's father wants to get 3 kites for the children at the fair. Each kite costs $4. How much will he "
                "spend?")
    assert not _flipped(checker, question, "Ana's father plans to give 3 kites to the children at the fair. Each "
                                           "kite costs $4. How much will he spend?")


@needs_wordnet
def test_a_participle_after_a_thing_is_done_by_the_subject(checker):
    question = ("On Saturday Ivo repaired bikes earning 40 dollars and painted fences earning 25 dollars. How much "
                "did Ivo earn on Saturday?")
    assert _caught(checker, question, "On Saturday Ivo repaired bikes earning 40 dollars and paid 25 dollars to have "
                                      "his fence painted. How much did Ivo earn on Saturday?")
    assert not _flipped(checker, question, "On Saturday Ivo fixed bikes, which paid him 40 dollars, and painted "
                                           "fences, which paid him 25 dollars. How much did Ivo earn on Saturday?")
