""""every day" written as one word (issue 24, session 19): the adverb "everyday" ("she jogs everyday") names the
period day as "every day" and "daily" do, so a rewording that spells it in two words adds no unit; the adjective
("her everyday shoes") names no period. Every sentence is written for the test."""

from __future__ import annotations

import pytest

from paraqd.resources import spacy_available

pytestmark = pytest.mark.skipif(not spacy_available(), reason="spaCy pipeline not installed")

SWIM = ("Since Karim began swimming everyday, his weight fell by 4 kilograms in the first month. He now weighs 70 "
        "kilograms. How much did he weigh before?")
ROWS = "Tessa knits 3 rows of a scarf every day. How many rows has she knitted after 12 days?"


@pytest.mark.parametrize(("text", "expected"), [
    ("Karim swims 2 miles everyday.", {"day"}),
    ("Everyday, Karim swims 2 miles.", {"day"}),
    ("Karim wore his everyday shoes to the pool.", set()),
    ("Karim swims 2 miles every day.", set()),
])
def test_everyday_as_an_adverb_names_the_day(analyzer, text, expected):
    from paraqd.analysis.rates import one_word_periods

    assert one_word_periods(analyzer.analyze(text)) == expected


@pytest.mark.parametrize("paraphrase", [
    "Since Karim began swimming every day, his weight fell by 4 kilograms in the first month. He now weighs 70 "
    "kilograms. How much did he weigh before?",
    "Karim took up daily swimming, and his weight fell by 4 kilograms in the first month. He now weighs 70 "
    "kilograms. How much did he weigh before?",
])
def test_everyday_spelt_in_two_words_adds_no_unit(kept, paraphrase):
    result = kept(SWIM, paraphrase)
    assert "unit_added" not in result.kinds()


def test_every_day_written_as_one_word_loses_no_unit(kept):
    result = kept(ROWS, "Tessa knits 3 rows of a scarf everyday. How many rows has she knitted after 12 days?")
    assert "unit_missing" not in result.kinds()


def test_a_day_that_measures_an_amount_is_still_added(caught):
    # "for 6 days" is an amount of time, not the period of "everyday"
    result = caught(SWIM, "Since Karim began swimming everyday, his weight fell by 4 kilograms in the first 6 days. "
                          "He now weighs 70 kilograms. How much did he weigh before?")
    assert "unit_added" in result.kinds() or "number_added" in result.kinds()
