"""A qualifier of a quantity left out in place (issue 24): a word that spreads a quantity over several things
("a 2-hour drive *each way*", "the 4 shelves *each* hold 12 books") or makes its parts equal ("*equal* groups
of red, blue and green") decides the computation; a rewording that writes the rest in place without it, and
without any such word in the sentence, changes the problem. The same qualifier said another way ("*both*
ways", "there *and* back", "12 books *apiece*") keeps it.

Every sentence is made up for the test (other problems and words than the dev pairs the rule was found on).
"""

from __future__ import annotations

import pytest

from paraqd.analysis import QuestionPair, analyze
from paraqd.analysis.wording import lost_qualifiers
from paraqd.checks import Severity
from paraqd.resources import spacy_available

pytestmark = pytest.mark.skipif(not spacy_available(), reason="spaCy pipeline not installed")


@pytest.mark.parametrize("question, paraphrase, word", [
    ("A ferry ride takes 40 minutes each way. Ana takes the ferry 5 days a week. How many minutes does she spend "
     "on the ferry?",
     "A ferry ride takes 40 minutes to cross. Ana takes the ferry 5 days a week. How many minutes does she spend "
     "on the ferry?", "each"),
    ("Mila sorts 36 beads into equal groups of red, blue and green. How many beads are blue?",
     "Mila sorts 36 beads into groups of red, blue and green. How many of the beads are blue?", "equal"),
    ("The 4 shelves each hold 12 books. How many books are on the shelves?",
     "The 4 shelves hold 12 books. How many books are there on the shelves in total?", "each"),
])
def test_a_qualifier_left_out_in_place_is_caught(checker, question, paraphrase, word):
    found = lost_qualifiers(QuestionPair(analyze(question), analyze(paraphrase)))
    assert [m.text for m in found] == [word]
    result = checker.check(question, paraphrase)
    assert "qualifier_missing" in result.kinds(Severity.MAJOR) and not result.passed


@pytest.mark.parametrize("question, paraphrase", [
    ("A ferry ride takes 40 minutes each way. Ana takes the ferry 5 days a week. How many minutes does she spend "
     "on the ferry?",
     "A ferry ride takes 40 minutes to go there and back. Ana takes the ferry 5 days a week. How many minutes "
     "does she spend on the ferry?"),
    ("A ferry ride takes 40 minutes each way. Ana takes the ferry 5 days a week. How many minutes does she spend "
     "on the ferry?",
     "A ferry ride takes 40 minutes both ways. Ana takes the ferry 5 days a week. How many minutes does she spend "
     "on the ferry?"),
    ("The 4 shelves each hold 12 books. How many books are on the shelves?",
     "The 4 shelves hold 12 books apiece. How many books are on the shelves?"),
])
def test_the_qualifier_said_another_way_is_kept(question, paraphrase):
    assert not lost_qualifiers(QuestionPair(analyze(question), analyze(paraphrase)))
