"""A verb's object counted in or left out ("include" -> "do not include") and items handled each on its own or
all at once ("separately" -> "together"), compared across a pair (issue 24, session 21); and the rewordings that
keep them, which must never fire.

Every sentence here is made up for the test (other problems, names, nouns and numbers than the data files).
"""

from __future__ import annotations

import pytest

from paraqd.analysis import QuestionPair
from paraqd.analysis.conditions import condition_changes
from paraqd.resources import spacy_available

pytestmark = pytest.mark.skipif(not spacy_available(), reason="spaCy pipeline not installed")


# -- a verb's object counted in or left out; items each on its own or all at once ----------------------------------

CONDITION_FLIPPED = [
    ("A hike takes 5 hours. The times given include the lunch stop. How long is Ari walking if lunch is 1 hour?",
     "A hike takes 5 hours. The times given do not include the lunch stop. How long is Ari walking if lunch is "
     "1 hour?", "do not include"),
    ("Pia bakes 4 trays of rolls and bakes each tray separately, 20 minutes a tray. How long does she bake?",
     "Pia bakes 4 trays of rolls, baking all the trays together, 20 minutes a tray. How long does she bake?",
     "together"),
]


@pytest.mark.parametrize("question, paraphrase, words", CONDITION_FLIPPED)
def test_condition_flipped_is_caught(checker, parse, question, paraphrase, words):
    changes = condition_changes(QuestionPair(parse(question), parse(paraphrase)))
    assert words in [c.new.words.text for c in changes]
    result = checker.check(question, paraphrase)
    assert not result.passed
    assert any(f.kind == "condition_changed" and f'"{words}"' in f.message for f in result.findings)


CONDITION_KEPT = [
    ("A hike takes 5 hours. The times given include the lunch stop. How long is Ari walking?",
     "A hike takes 5 hours, and the times given include the lunch stop. How long is Ari walking?"),
    ("A hike takes 5 hours, lunch stop included. How long is Ari walking?",
     "A hike takes 5 hours. These times contain the lunch stop. How long is Ari walking?"),
    ("A crate holds 40 pears and contains no rotten pears. How many pears can be sold at $1 each?",
     "A crate holds 40 pears; it does not contain any rotten pears. How many pears can be sold at $1 each?"),
    ("Pia bakes 4 trays of rolls and bakes each tray separately, 20 minutes a tray. How long does she bake?",
     "Pia bakes 4 trays of rolls one at a time, 20 minutes a tray. How long does she bake?"),
    ("Pia bakes 4 trays of rolls separately, 20 minutes a tray. How many minutes do the trays take together?",
     "Pia bakes 4 trays of rolls, each separately, 20 minutes a tray. How many minutes do the trays take "
     "together?"),
    ("Jon and Eli paint the fence together in 3 hours. How long would Eli take alone if Jon takes 5?",
     "Working together, Jon and Eli paint the fence in 3 hours. How long would Eli take alone if Jon takes 5?"),
]


@pytest.mark.parametrize("question, paraphrase", CONDITION_KEPT)
def test_condition_kept(parse, question, paraphrase):
    assert not condition_changes(QuestionPair(parse(question), parse(paraphrase)))


# session 22 (issue 24): "every seventh page" is one page in seven; "the seventh page" is one page. The ordinal
# of a frequency kept on the same noun with "the" picks one item out; sentences written for the test.
ONE_PICKED = [
    ("A machine jams on every fifth card and smudges every fourth card. It prints 40 cards. How many are fine?",
     "A machine jams on the fifth card and smudges the fourth card. It prints 40 cards. How many are fine?",
     "the fifth"),
    ("A vending machine gives a free drink to every 10th customer. 85 customers come. How many free drinks?",
     "A vending machine gives a free drink to the 10th customer. 85 customers come. How many free drinks?",
     "the 10th"),
]


@pytest.mark.parametrize("question, paraphrase, words", ONE_PICKED)
def test_frequency_made_one_item_is_caught(checker, parse, question, paraphrase, words):
    changes = condition_changes(QuestionPair(parse(question), parse(paraphrase)))
    assert words in [c.new.words.text for c in changes]
    result = checker.check(question, paraphrase)
    assert not result.passed
    assert any(f.kind == "condition_changed" and f'"{words}"' in f.message and "one of them" in f.message
               for f in result.findings)


@pytest.mark.parametrize("question, paraphrase", [
    # the frequency said again, with digits or another determiner, or the ordinal on another noun
    ("A machine jams on every fifth card. It prints 40 cards. How many are fine?",
     "It prints 40 cards, and the machine jams on every 5th card. How many are fine?"),
    ("A machine jams on every fifth card. It prints 40 cards. How many are fine?",
     "A machine jams on each fifth card it prints. It prints 40 cards. How many come out fine?"),
    ("A machine jams on every fifth card. It prints 40 cards. How many are fine?",
     "It prints 40 cards. One card in every five jams in the machine. How many are fine?"),
    ("A gym gives every third visitor a towel. On the fifth day 30 visitors come. How many towels are given?",
     "On the fifth day 30 visitors come to a gym that gives every third visitor a towel. How many towels are "
     "given?"),
])
def test_frequency_said_again_is_kept(parse, question, paraphrase):
    assert not condition_changes(QuestionPair(parse(question), parse(paraphrase)))
