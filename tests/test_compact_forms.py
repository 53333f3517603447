"""Compact forms of the same information (issue 24): a plural fraction word ("seven tenths"), a factor written
with a times sign ("4x as many"), a "than" shared by two coordinated comparisons, a frequency written with
hyphens ("twice-a-week"), a unit given once in a table's column header or a list's heading, a signed list
sharing its unit. Each is read as the longer form it stands for, so the rewording passes; the change each one
could hide is still caught. Every sentence here is written for this test."""

from __future__ import annotations

import pytest

from paraqd.analysis.numbers import extract_numbers
from paraqd.resources import spacy_available

spacy = pytest.mark.skipif(not spacy_available(), reason="spaCy pipeline not installed")


# -- plural fraction words ---------------------------------------------------------------------------------

@pytest.mark.parametrize(("text", "value"), [
    ("The syrup is seven tenths sugar.", 0.7),
    ("Her walk took three fifths longer than his.", 0.6),
    ("Two ninths were broken.", 2 / 9),
    ("Five eighths of the rope is red.", 0.625),
])
def test_a_plural_fraction_word_after_its_numerator_is_a_fraction(text, value):
    fractions = [n for n in extract_numbers(text) if n.kind == "fraction"]
    assert len(fractions) == 1 and fractions[0].value == pytest.approx(value)


@pytest.mark.parametrize("text", [
    "Lia found 6 quarters and 3 dimes.",  # coins
    "She cut the melon into two halves and ate one.",  # pieces
    "Ninety third graders went on the trip.",  # a count of an ordinal's noun
])
def test_coins_pieces_and_grades_stay_counts(text):
    assert not [n for n in extract_numbers(text) if n.kind == "fraction"]


@spacy
def test_a_percentage_written_as_plural_fraction_words_passes(checker):
    q = "A tea blend is 30% mint and the rest lemon balm. If Omar uses 90 grams of mint, how many grams is the blend?"
    p = "A tea blend is three tenths mint and lemon balm otherwise. Omar uses 90 grams of mint. How many grams is the blend?"
    result = checker.check(q, p)
    assert result.passed, str(result)


@spacy
def test_another_plural_fraction_is_caught(checker):
    q = "A tea blend is 30% mint and the rest lemon balm. If Omar uses 90 grams of mint, how many grams is the blend?"
    p = "A tea blend is three fifths mint and lemon balm otherwise. Omar uses 90 grams of mint. How many grams is the blend?"
    result = checker.check(q, p)
    assert not result.passed and "number_changed" in result.kinds(), str(result)
