"""Valid rewordings near the comparison sides rules of issue 24 (:mod:`paraqd.analysis.compared_sides`): a
question moved to the front with the facts after it, the base's value folded into the standard ("twice as tall as
a 300-foot hill"), the measure named in one text only ("twice the height of the hill" -> "twice as tall as the
hill"), the rest gathered in other words ("everything else combined" -> "all of the rest put together"), the
base named by its role where the problem says who it is ("than her brother" -> "than Sam"). None of
them is measured against another thing or swaps a factor's sides. Changes of the base written the same ways are
still caught. Every sentence here is written for this test."""

from __future__ import annotations

import pytest

from paraqd.analysis import QuestionPair, analyze
from paraqd.analysis.compared_sides import changed_things, swapped_factors
from paraqd.checks import Severity
from paraqd.resources import spacy_available

pytestmark = pytest.mark.skipif(not spacy_available(), reason="spaCy pipeline not installed")

STAMPS = "Kim has 12 stamps. Lee has 3 times as many stamps as Kim. How many stamps does Lee have?"
LAMP = "A lamp costs $40. A table costs twice the price of the lamp. How much do the lamp and the table cost together?"
HARVEST = ("Last year's harvest was 200 kg of beans. This year's harvest is 20% more than last year's harvest. How many "
           "kg of beans were harvested this year?")
HILL = "A hill is 300 feet high. A tower is twice the height of the hill. How tall is the tower?"
FIELD = "A field is 90 meters long. A track is 4 times the length of the field. How long is the track?"
SHELF = ("A shelf holds 20 books. A cabinet holds 3 times as many books as the shelf. If the bookcase holds 3 times as "
         "many books as the cabinet, how many books does the bookcase hold?")
PAINTER = ("A painter spent 4 hours on the hall and 6 hours on the rest of the house. The fence took twice as much "
           "time as everything else combined. How long did he work?")
SHELLS = "Sam is Noor's brother. Sam has 9 shells. Noor has 4 more shells than her brother. How many shells does Noor have?"

KEPT = [
    # the question first, the facts after it
    (STAMPS, "How many stamps does Lee have if he has 3 times as many as Kim, who has 12?"),
    (STAMPS, "How many stamps does Lee have? Kim has 12 stamps, and Lee has 3 times as many stamps as Kim."),
    (LAMP, "What is the total cost of a lamp and a table, if the lamp costs $40 and the table costs twice the price of "
           "the lamp?"),
    (LAMP, "How much would a lamp and a table cost in total? The table costs twice as much as the lamp, which is $40."),
    (LAMP, "A lamp costs $40. A table costs twice the cost of the lamp. How much do the lamp and the table cost "
           "together?"),
    (HARVEST, "How many kg of beans were harvested this year? Last year the harvest came to 200 kg, and this year it "
              "was 20% more than last year."),
    ("A farmer has 40 cows. He has 5 times as many chickens as cows. How many animals does he have?",
     "How many animals does a farmer have if he owns 40 cows and five times as many chickens as cows?"),
    ("A puppy weighs 6 kg. Its mother weighs 5 times as much as the puppy. How much does the mother weigh?",
     "How much does the mother weigh? She weighs 5 times as much as her 6 kg puppy."),
    (SHELF, "How many books does the bookcase hold if it holds 3 times as many books as the cabinet? The cabinet holds "
            "3 times as many books as the shelf, and the shelf holds 20 books."),
    # the base's value folded into the standard, the measure named in one text only
    (HILL, "How tall is a tower that is twice as tall as a 300-foot hill?"),
    (FIELD, "How long is a track that is four times as long as a 90-meter field?"),
    (FIELD, "How long is the track if its length is four times that of the field, which is 90 meters long?"),
    ("A canal is 40 miles long. A river is 3 times the length of the canal. How long is the river?",
     "How long is a river that is 3 times as long as a 40-mile canal?"),
    ("A mug holds 12 ounces. A jug holds 5 times the volume of the mug. How much does the jug hold?",
     "How much does a jug hold if it holds 5 times as much as a 12-ounce mug?"),
    ("A fence is 6 feet tall. A tree is 4 times the height of the fence. How tall is the tree?",
     "How tall is a tree that is four times taller than a 6-foot fence?"),
    # the rest gathered in other words
    (PAINTER, "A painter spent 4 hours on the hall and 6 hours on the rest of the house. The fence took twice as long "
              "as all of the rest put together. How long did he work?"),
    # the base named by its role where the problem says who it is
    (SHELLS, "How many shells does Noor have? Sam, her brother, has 9 shells, and Noor has 4 more than Sam."),
]

#: valid too, but another check (not these rules) has its own reading of it: only the rules are asserted
QUIET = [
    ("Rosa is 9 years old. Her uncle is 4 times as old as Rosa. How old is her uncle?",
     "How old is Rosa's uncle, who is 4 times as old as Rosa, if Rosa is 9?"),
]

_RULE_KINDS = {"base_changed", "comparison_reversed"}


def _pair(question: str, paraphrase: str) -> QuestionPair:
    return QuestionPair(analyze(question), analyze(paraphrase))


@pytest.mark.parametrize(("question", "paraphrase"), KEPT + QUIET)
def test_no_side_changed(question, paraphrase):
    pair = _pair(question, paraphrase)
    assert changed_things(pair) == [] and swapped_factors(pair) == []


@pytest.mark.parametrize(("question", "paraphrase"), KEPT)
def test_valid_comparison_rewordings_are_kept(kept, question, paraphrase):
    result = kept(question, paraphrase)
    assert not {f.kind for f in result.findings} & _RULE_KINDS, str(result)


def test_a_valid_rewording_gets_no_side_finding(checker):
    result = checker.check(*QUIET[0])
    assert not {f.kind for f in result.findings} & _RULE_KINDS, str(result)


@pytest.mark.parametrize(("question", "paraphrase", "old", "new"), [
    # the measure named, the thing changed
    ("A hill is 300 feet high and a wall is 20 feet high. A tower is twice the height of the hill. How tall is the "
     "tower?",
     "A hill is 300 feet high and a wall is 20 feet high. A tower is twice the height of the wall. How tall is the "
     "tower?", "hill", "wall"),
    # the rest made one thing the problem states
    (PAINTER, PAINTER.replace("everything else combined", "the hall"), "combined", "hall"),
    # a role where the problem names another person in that role
    ("Sam is Noor's brother and Ivo is her cousin. Sam has 9 shells. Noor has 4 more shells than her brother. How "
     "many shells does Noor have?",
     "Sam is Noor's brother and Ivo is her cousin. Sam has 9 shells. Noor has 4 more shells than her cousin. How "
     "many shells does Noor have?", "brother", "cousin"),
])
def test_another_thing_said_the_same_ways_is_caught(checker, question, paraphrase, old, new):
    assert [(c.old.text, c.new.text) for c in changed_things(_pair(question, paraphrase))] == [(old, new)]
    result = checker.check(question, paraphrase)
    assert not result.passed and "base_changed" in result.kinds(Severity.MAJOR), str(result)
    assert any(f'"{old}" in the question, "{new}" in the paraphrase' in f.message for f in result.findings)
