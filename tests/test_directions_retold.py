"""Directions and comparisons flipped inside a retelling, on problems written for these tests (session 12):
an amount's change named by a noun under another verb ("gets a 25% discount" -> "adds a 25% surcharge"), a
move of things no number counts ("dropped some marbles into the jar" -> "took some marbles out of the jar"),
and a number that adds ("9 more daisies") become a factor ("9 times as many daisies as roses"). Each kind has
valid lookalikes that keep the information and must not be reported."""

from __future__ import annotations

import pytest

from paraqd.analysis.lexicon import default_lexicon
from paraqd.checks import Severity
from paraqd.resources import spacy_available

pytestmark = pytest.mark.skipif(not spacy_available(), reason="spaCy pipeline not installed")
needs_wordnet = pytest.mark.skipif(default_lexicon() is None, reason="WordNet not installed")


def _caught(checker, question, paraphrase, kind):
    result = checker.check(question, paraphrase)
    return kind in result.kinds(Severity.CRITICAL) and not result.passed


# -- the change of an amount, named by a noun the number counts, under a verb that moves it -------------------

ORDER = ("Mira orders 40 notebooks at $2 each. She receives a 25% discount because she orders so many. "
         "How much does she pay?")
JACKET = "A jacket costs $80. The shop applies a $12 markup before the sale. What is the new price of the jacket?"


@needs_wordnet
@pytest.mark.parametrize("question, paraphrase", [
    (ORDER, "Mira orders 40 notebooks at $2 each. The store adds a 25% surcharge because she orders so many. "
            "How much does she pay?"),
    (ORDER, "Mira orders 40 notebooks at $2 each. She is charged a 25% fee because she orders so many. "
            "How much does she pay?"),
    (JACKET, "A jacket costs $80. The shop gives a $12 discount before the sale. What is the new price of the "
             "jacket?"),
])
def test_an_amount_noun_of_the_other_way_is_caught(checker, question, paraphrase):
    assert _caught(checker, question, paraphrase, "direction_flipped")


@needs_wordnet
@pytest.mark.parametrize("question, paraphrase", [
    (ORDER, "Mira orders 40 notebooks at $2 each. The store gives her a 25% reduction because she orders so "
            "many. How much does she pay?"),
    (ORDER, "Mira orders 40 notebooks at $2 each. She gets 25% off because she orders so many. How much does "
            "she pay?"),
    (JACKET, "A jacket costs $80. A $12 markup is applied by the shop before the sale. What is the new price "
             "of the jacket?"),
])
def test_an_amount_noun_of_the_same_way_is_kept(checker, question, paraphrase):
    assert "direction_flipped" not in checker.check(question, paraphrase).kinds()


# -- a move of things no number counts ("some marbles") ------------------------------------------------------

JAR = ("A jar held 15 marbles. Then Lou dropped some marbles into the jar. Now the jar holds 22 marbles. "
       "How many marbles did Lou drop into the jar?")
CARDS = ("Nina had 30 cards. She gave some cards to Paul. Now she has 18 cards. How many cards did she give "
         "Paul?")
BUS = ("A bus had 12 riders. At the stop, several riders got on. Now 19 riders are on the bus. How many riders "
       "got on at the stop?")


@needs_wordnet
@pytest.mark.parametrize("question, paraphrase", [
    (JAR, "A jar held 15 marbles. Then Lou took some marbles out of the jar. Now the jar holds 22 marbles. "
          "How many marbles did Lou drop into the jar?"),
    (CARDS, "Nina had 30 cards. She got some cards from Paul. Now she has 18 cards. How many cards did she "
            "give Paul?"),
    (BUS, "A bus had 12 riders. At the stop, several riders got off. Now 19 riders are on the bus. How many "
          "riders got on at the stop?"),
])
def test_a_move_of_some_things_turned_round_is_caught(checker, question, paraphrase):
    assert _caught(checker, question, paraphrase, "direction_flipped")


@needs_wordnet
@pytest.mark.parametrize("question, paraphrase", [
    (JAR, "A jar held 15 marbles. Then Lou put some more marbles in the jar. Now the jar holds 22 marbles. "
          "How many marbles did Lou put into the jar?"),
    (CARDS, "Nina had 30 cards. Paul received some cards from her. Now she has 18 cards. How many cards did "
            "she give Paul?"),
    (CARDS, "Nina had 30 cards. Some cards were given to Paul by Nina. Now she has 18 cards. How many cards "
            "did she give Paul?"),
    (BUS, "A bus had 12 riders. At the stop, several riders climbed aboard. Now 19 riders are on the bus. How "
          "many riders got on at the stop?"),
])
def test_a_move_of_some_things_told_another_way_is_kept(checker, question, paraphrase):
    assert "direction_flipped" not in checker.check(question, paraphrase).kinds()


# -- a number that adds ("9 more daisies") made a factor ("9 times as many daisies as roses") ------------------

FLOWERS = "Omar planted 6 roses, 4 tulips and 9 more daisies. How many flowers did he plant?"
PENS = "A box has 12 red pens and 5 more blue pens. How many pens are in the box?"


@pytest.mark.parametrize("question, paraphrase", [
    (FLOWERS, "Omar planted 6 roses, 4 tulips and 9 times as many daisies as roses. How many flowers did he "
              "plant?"),
    (PENS, "A box has 12 red pens and 5 times as many blue pens. How many pens are in the box?"),
    ("Kai read 3 comics on Monday and 2 times as many comics on Tuesday. How many comics did he read?",
     "Kai read 3 comics on Monday and 2 more comics on Tuesday. How many comics did he read?"),
])
def test_an_addition_made_a_factor_is_caught(checker, question, paraphrase):
    assert _caught(checker, question, paraphrase, "comparison_changed")


@pytest.mark.parametrize("question, paraphrase", [
    (FLOWERS, "Omar planted 6 roses, 4 tulips and a further 9 daisies. How many flowers did he plant?"),
    (PENS, "A box has 12 red pens and another 5 blue pens. How many pens are in the box?"),
    (PENS, "A box holds 12 red pens and 5 more blue ones. How many pens does the box hold?"),
])
def test_an_addition_kept_an_addition_is_kept(checker, question, paraphrase):
    assert "comparison_changed" not in checker.check(question, paraphrase).kinds()


def test_a_share_more_is_not_an_addition(checker):
    # "1/4 times more" and "1/4 more" both take a quarter of the time again: a proportion, not things added
    q = "Ana takes 20 hours to paint a room. Ben takes 1/4 times more time to paint one. How long does Ben take?"
    p = "Ana needs 20 hours to paint a room, while Ben takes 1/4 more time to paint one. How long does Ben take?"
    assert "comparison_changed" not in checker.check(q, p).kinds()


# -- the one rule of "the question asks for money" (asked_quantity.money_asked, read by holders too) ------------

@needs_wordnet
@pytest.mark.parametrize("text, money", [
    ("Lia pays $30 a month for lessons. How much does she spend on lessons in a year?", True),  # a time unit
    ("Pip collects money for a shelter. 8 friends give him a pair of 10s. How much does Pip collect?", True),
    ("How many dollars did Ada and Rui save?", True),
    ("A kite costs 12 dollars. How many kites can you buy with 60 dollars?", False),  # money spent, kites asked
    ("A crate weighs 40 kg and a box 5 kg. How much does the crate weigh?", False),
])
def test_the_question_asks_for_money(text, money):
    from paraqd.analysis import analyze
    from paraqd.analysis.asked_quantity import money_asked

    assert (money_asked(analyze(text)) is not None) is money
