"""Who gives and who gets, read right across a retelling (session 17), on problems written for these tests:
a transfer's giver is never its receiver (a subject inherited across a question's clauses is not the giver),
a pronoun object of a named giver is someone else ("Tom handed *him* 6": not Tom), and a length or a time
measures the extent of a motion or a thing's size, never a thing moved ("walked 12 miles", "80 feet of rope").
Each has invalid lookalikes that turn a quantity round between the same participants and must still be caught."""

from __future__ import annotations

import pytest

from paraqd.analysis.lexicon import default_lexicon
from paraqd.checks import Severity
from paraqd.resources import spacy_available

pytestmark = pytest.mark.skipif(not spacy_available(), reason="spaCy pipeline not installed")
needs_wordnet = pytest.mark.skipif(default_lexicon() is None, reason="WordNet not installed")


def _caught(checker, question, paraphrase, kind="direction_flipped"):
    result = checker.check(question, paraphrase)
    return kind in result.kinds(Severity.CRITICAL) and not result.passed


def _kept(checker, question, paraphrase):
    return "direction_flipped" not in checker.check(question, paraphrase).kinds()


# -- a giver is not the receiver: the subject of a question's main clause does not give in an "if" clause ------

MARBLES = ("Rosa had 48 marbles, and she gave nine of them to Pablo. Now Rosa has 3 times as many marbles as "
           "Pablo. How many marbles did Pablo have at the start?")
STAMPS = ("Ivan owned 60 stamps. He sold 14 of them to Greta. Then Greta had twice as many stamps as Ivan. How "
          "many stamps did Greta own before?")


@needs_wordnet
@pytest.mark.parametrize("question, paraphrase", [
    (MARBLES, "How many marbles did Pablo have at the start, if Rosa had 48 marbles, gave nine of them to Pablo, "
              "and now has 3 times as many marbles as Pablo?"),
    (STAMPS, "How many stamps did Greta own before, if Ivan owned 60 stamps, sold 14 of them to Greta and then "
             "had half as many stamps as Greta?"),
])
def test_a_giver_in_a_clause_after_the_question_is_kept(checker, question, paraphrase):
    assert _kept(checker, question, paraphrase)


@needs_wordnet
@pytest.mark.parametrize("question, paraphrase", [
    (MARBLES, "How many marbles did Pablo have at the start, if Rosa had 48 marbles, got nine of them from "
              "Pablo, and now has 3 times as many marbles as Pablo?"),
    (STAMPS, "How many stamps did Greta own before, if Ivan owned 60 stamps, bought 14 of them from Greta and "
             "then had half as many stamps as Greta?"),
])
def test_a_transfer_turned_round_in_such_a_clause_is_caught(checker, question, paraphrase):
    assert _caught(checker, question, paraphrase)


# -- a pronoun object of a named giver is another person ------------------------------------------------------

COOKIES = ("Nadia baked 60 cookies. She packed 12 for her grandmother. Then she gave a third of the rest to her "
           "neighbour. How many cookies does Nadia have now?")
CARDS = ("Omar had 90 cards. He gave 25 cards to his cousin. How many cards does Omar have left?")


@needs_wordnet
@pytest.mark.parametrize("question, paraphrase", [
    (COOKIES, "Nadia baked 60 cookies and packed 12 for her grandmother. Her neighbour Ben dropped by, and "
              "Nadia handed him a third of the rest. How many cookies does Nadia have now?"),
    (CARDS, "Omar had 90 cards. When his cousin visited, Omar sent him 25 cards. How many cards does Omar have "
            "left?"),
])
def test_a_pronoun_receiver_of_a_named_giver_is_kept(checker, question, paraphrase):
    assert _kept(checker, question, paraphrase)


@needs_wordnet
@pytest.mark.parametrize("question, paraphrase", [
    (COOKIES, "Nadia baked 60 cookies and packed 12 for her grandmother. Her neighbour Ben dropped by, and Ben "
              "handed her a third of the rest. How many cookies does Nadia have now?"),
    (CARDS, "Omar had 90 cards. When his cousin visited, the cousin sent him 25 cards. How many cards does "
            "Omar have left?"),
    (CARDS, "Omar had 90 cards. He got 25 cards from his cousin. How many cards does Omar have left?"),
])
def test_the_named_person_receiving_instead_is_caught(checker, question, paraphrase):
    assert _caught(checker, question, paraphrase)


# -- a length or a time is an extent or a size, not a thing moved ---------------------------------------------

ROPE = ("Kofi has 80 feet of rope. He ties a fence that is 10 feet wide and 25 feet long once around. How much "
        "rope does Kofi have left?")
HIKE = ("Priya has a goal of running a total of 30 kilometers each week. If she runs 4 kilometers per day, how "
        "many kilometers does she still need to run after 5 days to meet the goal?")


@needs_wordnet
@pytest.mark.parametrize("question, paraphrase", [
    (ROPE, "Kofi has got 80 feet of rope. He ties it round a fence measuring 10 feet wide by 25 feet long once. "
           "How much rope will he have left?"),
    (HIKE, "How many kilometers does Priya still have to run to reach her goal of 30 kilometers each week, if "
           "she runs 4 kilometers per day and has been running for 5 days?"),
])
def test_a_length_that_is_no_thing_moved_is_kept(checker, question, paraphrase):
    assert _kept(checker, question, paraphrase)


@needs_wordnet
@pytest.mark.parametrize("question, paraphrase", [
    ("Lena got 80 feet of rope from her uncle. How much rope does Lena have after using 35 feet?",
     "Lena gave 80 feet of rope to her uncle. How much rope does Lena have after using 35 feet?"),
    ("Sam added 6 liters of water to the tank. How much water is in the tank now if it held 20 liters?",
     "Sam removed 6 liters of water from the tank. How much water is in the tank now if it held 20 liters?"),
])
def test_stuff_measured_in_units_moved_the_other_way_is_caught(checker, question, paraphrase):
    assert _caught(checker, question, paraphrase)
