"""A rate's period left out (session 13, issue 24): "chops 2 trees every day" -> "chops 2 trees", "60 letters per
day" -> "60 letters": the number is no longer counted per period and the answer changes. A rate said in other
words ("daily", "a day", "each day", "every night": once a day) keeps the problem. Every sentence is written for
the test."""

from __future__ import annotations

import pytest

from paraqd.resources import spacy_available

pytestmark = pytest.mark.skipif(not spacy_available(), reason="spaCy pipeline not installed")

PILLS = "Tom takes 2 pills every day before bed. How many pills does he take in 30 days?"
BREAD = "A bakery sells 40 loaves per day. How many loaves does it sell in a week?"
LAPS = "Nadia swims 12 laps each morning. How many laps does she swim in 5 days?"


@pytest.mark.parametrize(("question", "paraphrase"), [
    (PILLS, "Every night before bed, Tom takes 2 pills. How many pills does he take in 30 days?"),
    (PILLS, "Tom swallows 2 pills daily. How many pills does he take in 30 days?"),
    (BREAD, "Each day a bakery sells 40 loaves. How many loaves does it sell in a week?"),
    (BREAD, "A bakery sells 40 loaves a day. In a week, how many loaves does it sell?"),
    (LAPS, "Every morning Nadia swims 12 laps. How many laps does she swim in 5 days?"),
])
def test_a_rate_in_other_words_is_kept(kept, question, paraphrase):
    kept(question, paraphrase)


@pytest.mark.parametrize(("question", "paraphrase"), [
    (PILLS, "Tom takes 2 pills before bed. How many pills does he take in 30 days?"),
    (BREAD, "A bakery sells 40 loaves. How many loaves does it sell in a week?"),
    (LAPS, "Nadia swims 12 laps. How many laps does she swim in 5 days?"),
    ("Ragnar gets 3 blocks of wood for every tree. He chops 2 trees every day. How many blocks does he get in 5 "
     "days?", "Ragnar gets 3 blocks of wood for every tree. He chops 2 trees. How many blocks does he get in 5 days?"),
])
def test_a_rate_whose_period_is_left_out_is_caught(caught, question, paraphrase):
    caught(question, paraphrase)
