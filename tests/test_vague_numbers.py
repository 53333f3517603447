"""A value the question writes more than once, written once in place as a vague quantity (issue 24): "4 books
in May and 4 books in June" -> "... and *a few* books in June". The value survives elsewhere, so no number is
missing by count; the quantity it gave is gone. A word that refers back to the same amount ("the same number",
"as many", "all of them") keeps it.

Every sentence is made up for the test (other problems and quantifiers than the dev pair the rule was found on).
"""

from __future__ import annotations

import pytest

from paraqd.analysis import QuestionPair, analyze
from paraqd.analysis.number_forms import made_vague
from paraqd.checks import Severity
from paraqd.resources import spacy_available

pytestmark = pytest.mark.skipif(not spacy_available(), reason="spaCy pipeline not installed")


@pytest.mark.parametrize("question, paraphrase, number, vague", [
    ("Ivan reads 4 books in May and 4 books in June. How many books did he read in the two months?",
     "Ivan reads 4 books in May and a few books in June. How many books did he read in the two months?",
     "4", "a few"),
    ("A baker sells 12 buns in the morning. In the afternoon she sells 12 buns and 5 cakes. How many items did "
     "she sell?",
     "A baker sells 12 buns in the morning. In the afternoon she sells several buns and 5 cakes. How many items "
     "did she sell?", "12", "several"),
    ("Half of the 30 guests drink 2 cups of tea each and the rest drink half a cup each. How many cups of tea do "
     "they drink?",
     "Half of the 30 guests drink 2 cups of tea each and the rest drink a little tea each. How many cups of tea "
     "do they drink?", "half", "a little tea"),
])
def test_a_repeated_value_written_as_a_vague_quantity_is_caught(checker, question, paraphrase, number, vague):
    found = made_vague(QuestionPair(analyze(question), analyze(paraphrase)))
    assert [(q.text, p.text) for q, p in found] == [(number, vague)]
    result = checker.check(question, paraphrase)
    assert "number_made_vague" in result.kinds(Severity.MAJOR) and not result.passed


@pytest.mark.parametrize("question, paraphrase", [
    ("Ivan reads 4 books in May and 4 books in June. How many books did he read in the two months?",
     "Ivan reads 4 books in May and the same number in June. How many books did he read in the two months?"),
    ("Ivan reads 4 books in May and 4 books in June. How many books did he read in the two months?",
     "Ivan reads 4 books in May and as many books in June. How many books did he read in the two months?"),
    ("Tom picks 20 apples. He gives 20 apples to Ann. How many apples does Ann get?",
     "Tom picks 20 apples. He gives all of them to Ann. How many apples does Ann get?"),
])
def test_a_word_for_the_same_amount_is_kept(checker, question, paraphrase):
    assert not made_vague(QuestionPair(analyze(question), analyze(paraphrase)))
    assert "number_made_vague" not in checker.check(question, paraphrase).kinds()
