"""What a paraphrase's question narrows (issue 24): a restriction inserted before a noun of the question sentence,
a part asked where the question asks for the whole. Each rule: the edit is caught, a rewording is kept.

Every sentence here is made up for the test.
"""

from __future__ import annotations

import pytest

from paraqd.analysis import QuestionPair, analyze
from paraqd.analysis.lexicon import default_lexicon
from paraqd.analysis.narrowed import asked_parts, inserted_restrictions
from paraqd.checks import Severity
from paraqd.resources import spacy_available

pytestmark = [pytest.mark.skipif(not spacy_available(), reason="spaCy pipeline not installed"),
              pytest.mark.skipif(default_lexicon() is None, reason="WordNet not installed")]

CHOIR = "The choir has 80 singers. Of the singers, 3/4 are sopranos. How many singers are sopranos in the choir?"


def _inserted(q: str, p: str) -> list[str]:
    return [m.word.text for m in inserted_restrictions(QuestionPair(analyze(q), analyze(p)))]


def test_a_restriction_inserted_in_the_question_sentence_is_found(checker):
    p = CHOIR.replace("are sopranos in", "are tall sopranos in")
    assert _inserted(CHOIR, p) == ["tall"]
    result = checker.check(CHOIR, p)
    assert "question_ungrounded" in result.kinds(Severity.CRITICAL) and not result.passed


@pytest.mark.parametrize("q, p", [
    (CHOIR, CHOIR.replace("are sopranos in", "are sopranos in")),
    # a participle of the problem's own verb, a noun that names no thing one counts, a closed-class word
    ("4 dogs and 3 cats escape from a shelter. It takes 1 hour to catch each animal. How long does it take to "
     "catch the animals?",
     "4 dogs and 3 cats escape from a shelter. It takes 1 hour to catch each animal. How long does it take to "
     "catch the escaped animals?"),
    ("Ben and his sister ride 12 miles together at 6 miles per hour. How long is the ride?",
     "Ben and his sister ride 12 miles together at 6 miles per hour. How long is the joint ride?"),
    ("Ana has 5 pens and 4 pencils. How many pens and pencils does she have?",
     "Ana has 5 pens and 4 pencils. How many pens and pencils does she have in total?"),
])
def test_no_restriction_is_read_in_a_faithful_question(q, p):
    assert _inserted(q, p) == []


SHELF = "A shelf has 40 blue cups and 25 white cups. Lia broke 30 cups. How many cups are left?"


def test_a_part_asked_for_the_whole_is_found(checker):
    p = SHELF.replace("How many cups", "How many white cups")
    parts = asked_parts(analyze(SHELF), analyze(p))
    assert [(x.modifier.text, x.noun.text, [o.text for o in x.others]) for x in parts] == [("white", "cups", ["blue"])]
    result = checker.check(SHELF, p)
    assert "question_part" in result.kinds(Severity.CRITICAL) and not result.passed


@pytest.mark.parametrize("q, p", [
    # the question asks for the same part
    (SHELF.replace("How many cups", "How many white cups"), SHELF.replace("How many cups", "How many white cups")),
    # the problem does not split the thing: every mug it names is white
    ("A shelf has 25 white cups. Lia broke 10 cups. How many cups are left?",
     "A shelf has 25 white cups. Lia broke 10 cups. How many white cups are left?"),
])
def test_no_part_is_read_when_the_whole_is_asked_or_not_split(q, p):
    assert asked_parts(analyze(q), analyze(p)) == []


# a modifier of the question sentence's noun replaced by one the problem never states ("did not join *varsity*
# clubs" -> "did not join the *chess* club"): the same restriction read on a replacement, not only an insertion
AVIARY = "A zoo keeps 40 snakes, and 15 of them live in the tropical house. "
COMMUTE = "Of 90 workers at a plant, 2/3 ride the city bus to work. "
ORCHARD = "An orchard has 60 apple trees. Frost damaged 12 of the apple trees. "


@pytest.mark.parametrize(("q", "p", "word"), [
    (AVIARY + "How many snakes do not live in the tropical house?",
     AVIARY + "How many snakes do not live in the desert house?", "desert"),
    (COMMUTE + "How many workers do not ride the city bus?", COMMUTE + "How many workers do not ride the school bus?",
     "school"),
    (ORCHARD + "How many apple trees were not damaged?", ORCHARD + "How many cherry trees were not damaged?",
     "cherry"),
])
def test_a_modifier_replaced_by_one_the_problem_never_states_is_found(checker, q, p, word):
    assert _inserted(q, p) == [word]
    assert not checker.check(q, p).passed


@pytest.mark.parametrize(("q", "p"), [
    # the replaced words say the same thing, or a modifier the problem states
    (COMMUTE + "How many workers do not ride the city bus?", COMMUTE + "How many workers do not ride the urban bus?"),
    (AVIARY + "How many snakes do not live in the tropical house?",
     AVIARY + "How many of the snakes live outside the tropical house?"),
    (ORCHARD + "How many apple trees were not damaged?", ORCHARD + "How many of the apple trees escaped damage?"),
    ("A shop sold 30 wool scarves and 20 silk scarves. How many wool scarves did it sell?",
     "A shop sold 30 wool scarves and 20 silk scarves. How many woollen scarves did it sell?"),
    # a modifier reworded everywhere (no longer in the paraphrase's story), or written as one word
    ("Mo walked along a certain trail for 6 miles and back. How long was the certain trail?",
     "Mo walked along a particular trail for 6 miles and back. How long was the particular trail?"),
    ("A snow board shop sold 14 boards. How much did the snow board shop earn?",
     "A snow board shop sold 14 boards. How much did the snowboard shop earn?"),
])
def test_a_modifier_replaced_in_other_words_is_no_restriction(q, p):
    assert _inserted(q, p) == []


COINS = "A jar holds 30 coins. "
STAMPS = "Each booklet has 12 stamps. "
MEDALS = "Each display tray holds 8 medals. "


@pytest.mark.parametrize(("q", "p", "word"), [
    # a thing counted by a number of the question sentence is a counted thing, whatever WordNet files its
    # first sense under (coins and pearls as possessions, stamps as shapes, medals as communication)
    (COINS + "How many jars does Ada need for 90 coins?", COINS + "How many jars does Ada need for 90 silver coins?",
     "silver"),
    (STAMPS + "How many booklets hold 60 stamps?", STAMPS + "How many booklets hold 60 airmail stamps?", "airmail"),
    (MEDALS + "How many trays are filled by 40 medals?", MEDALS + "How many trays are filled by 40 bronze medals?",
     "bronze"),
])
def test_a_restriction_of_a_thing_counted_by_a_number_is_found(checker, q, p, word):
    assert word in _inserted(q, p)
    assert not checker.check(q, p).passed


@pytest.mark.parametrize(("q", "p"), [
    # the problem says the modifier itself, or the number is no count of the noun
    ("A jar holds 30 silver coins. How many jars does Ada need for 90 coins?",
     "A jar holds 30 silver coins. How many jars does Ada need for 90 silver coins?"),
    (STAMPS + "How many booklets hold 60 stamps?", STAMPS + "How many booklets are needed for 60 stamps?"),
    (MEDALS + "How many trays are filled by 40 medals?", MEDALS + "How many trays do 40 medals fill?"),
])
def test_a_number_counted_thing_with_no_new_modifier_is_kept(q, p):
    assert _inserted(q, p) == []
