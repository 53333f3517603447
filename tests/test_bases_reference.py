"""The base a comparison or a part is measured against, read from the problem's information (issue 24, session
16): a comparison measured against another person of the problem ("twice as many as Omar" -> "... as Nina", both
named by the question), and a part of the whole made a part of a remainder ("one-fourth are tulips" -> "one-fourth
of the remaining flowers"), where the question tells no remainder. The sides of a comparison swapped, a pronoun or
another name of the same person, and the counted thing written out are kept. Every sentence here is written for
this test."""

from __future__ import annotations

import pytest

from paraqd.analysis import QuestionPair, analyze
from paraqd.analysis.bases import changed_bases, changed_standards
from paraqd.checks import Severity
from paraqd.resources import spacy_available

pytestmark = pytest.mark.skipif(not spacy_available(), reason="spaCy pipeline not installed")

SHELLS = "Nina has 14 shells. {} How many shells does Pablo have?"
FARM = "A farm has 40 cows. {} How many hens are on the farm?"
BOXES = "Box A holds 30 pens. Box B holds 10 more pens than box A. {} How many pens are in box C?"
GARDEN = "A garden has 60 flowers. {} How many lilies are in the garden?"
WAGES = "Omar earned $800 in May. {} How much money did he keep?"
PAID = "Ruth paid $20 to Ada. {} How much did Ruth pay in all?"
LIBRARY = "A library had 400 books. {} How many books were neither novels nor atlases?"


def _found(question: str, paraphrase: str):
    pair = QuestionPair(analyze(question), analyze(paraphrase))
    return changed_bases(pair) + changed_standards(pair)


@pytest.mark.parametrize(("template", "old", "new"), [
    (SHELLS, "Omar has 6 more shells than Nina, and Pablo has twice as many shells as Omar.",
     "Omar has 6 more shells than Nina, and Pablo has twice as many shells as Nina."),
    (SHELLS, "Omar has 6 more shells than Nina. Pablo has 3 fewer shells than Omar.",
     "Omar has 6 more shells than Nina. Pablo has 3 fewer shells than Nina."),
    (BOXES, "Box C holds twice as many pens as box B.", "Box C holds twice as many pens as box A."),
    (GARDEN, "Half of the flowers are roses, one-fourth are tulips, and the rest are lilies.",
     "Half of the flowers are roses, one-fourth of the remaining flowers are tulips, and the rest are lilies."),
    (WAGES, "He spent 25% of his pay on rent and 10% of it on food.",
     "He spent 25% of his pay on rent and 10% of what was left on food."),
    (LIBRARY, "30% of the books were novels and 20% of the books were atlases.",
     "30% of the books were novels and 20% of the rest were atlases."),
])
def test_another_base_is_caught(checker, template, old, new):
    question, paraphrase = template.format(old), template.format(new)
    assert _found(question, paraphrase)
    result = checker.check(question, paraphrase)
    assert "base_changed" in result.kinds(Severity.MAJOR) and not result.passed


@pytest.mark.parametrize(("template", "old", "new"), [
    # the sides swapped, the comparative turned round
    (SHELLS, "Omar has 6 more shells than Nina, and Pablo has twice as many shells as Omar.",
     "Nina has 6 fewer shells than Omar, and Pablo has twice as many shells as Omar."),
    # a pronoun for the same person
    (SHELLS, "Omar has 6 more shells than Nina. Pablo has 3 fewer shells than Omar.",
     "Omar has 6 more shells than Nina. Pablo has 3 fewer shells than him."),
    # the counted thing written out on both sides
    (FARM, "It has 12 fewer pigs than cows and three times as many hens as pigs.",
     "It has 12 fewer pigs than cows and three times as many hens as it has pigs."),
    (BOXES, "Box C holds twice as many pens as box B.", "Box C holds twice the number of pens in box B."),
    # the same person said another way
    (PAID, "She then paid twice as much to Bea as she had paid to Ada.", "She then paid Bea twice what Ada got."),
    # the question's standard is a clause naming two persons: no one person to swap
    (PAID, "Ada has twice as much money as Bea and Bea has 50% more money than what Cy has.",
     "Ada has twice as much money as Bea, and Bea has 50% more money than Cy."),
    # the whole named, or the remainder the question already told
    (GARDEN, "Half of the flowers are roses, one-fourth are tulips, and the rest are lilies.",
     "Half of the flowers are roses, one-fourth of the flowers are tulips, and the rest are lilies."),
    (WAGES, "He paid $200 for rent, leaving $600. He spent 10% of it on food.",
     "He paid $200 for rent, leaving $600. He spent 10% of the remaining money on food."),
    (LIBRARY, "30% of the books were novels and 20% of the books were atlases.",
     "30% of the books were novels and 20% of all the books were atlases."),
    # the remainder said right after the number in the question, whatever its parse
    (WAGES, "He paid $200 for rent and spent 3/4 of the rest on food.",
     "He paid $200 for rent and spent 3/4 of what remained on food."),
    (LIBRARY, "30% of the books were novels. Later one-tenth of the novels left the shelves.",
     "30% of the books were novels. Later one-tenth of the novels left the shelves for good."),
])
def test_the_same_base_is_kept(checker, template, old, new):
    question, paraphrase = template.format(old), template.format(new)
    assert _found(question, paraphrase) == []
    assert "base_changed" not in checker.check(question, paraphrase).kinds()


def test_another_name_of_the_same_person_is_kept(checker):
    question = ("Omar's sister Nina has 14 shells. Omar has 6 more shells than Nina. How many shells does Omar "
                "have?")
    paraphrase = ("Omar's sister Nina has 14 shells. Omar has 6 more shells than his sister. How many shells does "
                  "Omar have?")
    assert _found(question, paraphrase) == []
