"""A 1 measured in the problem's unit, added beside the question's "one" that counts other things ("one stamp per
ounce" -> "... a keychain that weighs *1 ounce*"), is a new quantity of the problem (fact added, major): the
question's "per ounce" and "of an ounce", still written in the paraphrase, explain no new "1 ounce"
(:func:`paraqd.analysis.quantities.conversions`, :func:`paraqd.analysis.number_forms.spelt_out`). Said in place
of the "per ounce" or the article it is a rewording."""

from __future__ import annotations

import pytest

from paraqd.analysis.lexicon import default_lexicon
from paraqd.checks import FindingKind
from paraqd.resources import spacy_available

pytestmark = [
    pytest.mark.skipif(not spacy_available(), reason="spaCy pipeline not installed"),
    pytest.mark.skipif(default_lexicon() is None, reason="WordNet absent"),
]

PARCEL = ("Lena mailed a parcel with six cards that weigh 1/4 of an ounce each, and the box weighs 1/2 of an ounce. "
          "She needed one stamp per ounce. How many stamps did she need?")
FLOUR = "A recipe needs 3 cups of flour for one loaf. How many cups of flour are needed for 5 loaves?"


@pytest.mark.parametrize("question, paraphrase", [
    (PARCEL, "Lena mailed a parcel with six cards that weigh 1/4 of an ounce each, and the box weighs 1/2 of an "
             "ounce. She also tucked in a keychain that weighs 1 ounce. She needed one stamp per ounce. How many "
             "stamps did she need?"),
    (FLOUR, "A recipe needs 3 cups of flour for one loaf, and the baker spills 1 cup of flour on the floor. How many "
            "cups of flour are needed for 5 loaves?"),
])
def test_a_new_one_in_the_problems_unit_is_a_fact_added(caught, question, paraphrase):
    found = [f for f in caught(question, paraphrase).findings if f.kind == FindingKind.FACT_ADDED]
    assert found, paraphrase
    span = found[0].paraphrase_spans[0]
    assert paraphrase[span.start:span.end] == "1" and '"1"' in found[0].message


@pytest.mark.parametrize("question, paraphrase", [
    (PARCEL, "Lena mailed a parcel with six cards that weigh 1/4 of an ounce each, and the box weighs 1/2 of an "
             "ounce. She needed 1 stamp per ounce. How many stamps did she need?"),
    (PARCEL, "Lena mailed a parcel with six cards, each weighing 1/4 of an ounce, in a box that weighs 1/2 of an "
             "ounce. One stamp covers 1 ounce. How many stamps did she need?"),
    (PARCEL, "On a rainy Tuesday Lena, who is 11, mailed a parcel to her grandpa with six cards that weigh 1/4 of an "
             "ounce each, and the box weighs 1/2 of an ounce. She needed one stamp per ounce. How many stamps did "
             "she need?"),
    (FLOUR, "A recipe needs 3 cups of flour for 1 loaf. How many cups of flour are needed for 5 loaves?"),
    (FLOUR, "For every loaf, a recipe uses 3 cups of flour. Baking 5 loaves, how many cups of flour are needed?"),
])
def test_the_problems_one_said_again_is_kept(kept, question, paraphrase):
    kept(question, paraphrase)


# -- the word "one" counting one more of a thing the problem computes with (paraqd.analysis.one_more) ----------

SHOP = "A mug costs twice as much as a spoon. If a spoon costs $3, how much will Ivo pay for 5 mugs?"
SHELF = ("Rosa had 7 toy cars on a shelf. She added 5 more toy cars and took away some old ones. If there are 9 "
         "toy cars on the shelf now, how many toy cars did she take away?")


@pytest.mark.parametrize("question, paraphrase, thing", [
    (SHOP, "Ivo went to the market on a windy Friday. A spoon cost $3 there, and a mug twice as much as a spoon. He "
           "put 5 mugs in his basket, and since his old spoon had bent, he grabbed one spoon as well. How much did "
           "Ivo pay?", "spoon"),
    (SHELF, "Rosa had 7 toy cars lined up on her shelf. She put 5 more up there and took away some old ones. That "
            "night her cat pushed one car off the shelf. If there are 9 toy cars on the shelf now, how many did Rosa "
            "take away?", "car"),
])
def test_one_more_of_the_problems_things_is_a_fact_added(caught, question, paraphrase, thing):
    found = [f for f in caught(question, paraphrase).findings if f.kind == FindingKind.FACT_ADDED]
    assert found, paraphrase
    span = found[0].paraphrase_spans[0]
    assert paraphrase[span.start:span.end] == "one" and f'"one" {thing}' in found[0].message


@pytest.mark.parametrize("question, paraphrase", [
    (SHOP, "One spoon costs $3, and one mug costs twice as much as a spoon. How much will Ivo pay for 5 mugs?"),
    (SHOP, "Ivo, who collects old spoons too, went shopping. A mug costs twice as much as a spoon, and a spoon costs "
           "$3. How much will Ivo pay for 5 mugs?"),
    (SHELF, "Rosa had 7 toy cars on a shelf, one of them a red fire truck. She added 5 more toy cars and took away "
            "some old ones. If there are 9 toy cars on the shelf now, how many toy cars did she take away?"),
    (SHELF, "Rosa had 7 toy cars on a shelf, and her cat liked to watch them. She added 5 more toy cars and took away "
            "some old ones, one at a time. If there are 9 toy cars on the shelf now, how many did she take away?"),
])
def test_one_said_of_the_problems_things_is_kept(kept, question, paraphrase):
    kept(question, paraphrase)
