"""The whole a part is taken of (paraqd/analysis/bases.py, issue 24): a fraction or percentage of another whole
is another problem; the same whole in other words is kept. Every sentence here is written for this test."""

from __future__ import annotations

import pytest

from paraqd.analysis import QuestionPair, analyze
from paraqd.analysis.bases import changed_bases
from paraqd.checks import Severity
from paraqd.resources import spacy_available

pytestmark = pytest.mark.skipif(not spacy_available(), reason="spaCy pipeline not installed")

LUNCH = "Pia had $60. She paid $20 for a coat. She then spent half of the money she had left on shoes. "
SPLIT = "Tom and Eli shared $300. Eli got 2/3 of it. Out of his part, Eli gave 1/10 of the whole $300 to charity. "


def _bases(q: str, p: str):
    return changed_bases(QuestionPair(analyze(q), analyze(p)))


@pytest.mark.parametrize(("question", "paraphrase", "why"), [
    (LUNCH + "How much money does Pia have now?",
     LUNCH.replace("the money she had left", "the money she started with") + "How much money does Pia have now?",
     "aggregate"),
    (LUNCH + "How much money does Pia have now?",
     LUNCH.replace("the money she had left", "her original money") + "How much money does Pia have now?",
     "aggregate"),
    (SPLIT + "How much money does Eli keep?",
     SPLIT.replace("the whole $300", "his part") + "How much money does Eli keep?", "named"),
])
def test_a_part_of_another_whole_is_caught(checker, question, paraphrase, why):
    assert why in {c.why for c in _bases(question, paraphrase)}
    result = checker.check(question, paraphrase)
    assert "base_changed" in result.kinds(Severity.MAJOR) and not result.passed


@pytest.mark.parametrize(("question", "paraphrase"), [
    (LUNCH + "How much money does Pia have now?",
     LUNCH.replace("the money she had left", "her remaining money") + "How much money does Pia have now?"),
    (LUNCH + "How much money does Pia have now?",
     LUNCH.replace("half of the money she had left", "half of what remained") + "How much money does Pia have now?"),
    (SPLIT + "How much money does Eli keep?",
     SPLIT.replace("the whole $300", "the $300") + "How much money does Eli keep?"),
    (SPLIT + "How much money does Eli keep?",
     SPLIT.replace("the whole $300", "all the money") + "How much money does Eli keep?"),
])
def test_the_same_whole_in_other_words_is_kept(checker, question, paraphrase):
    assert _bases(question, paraphrase) == []
    assert "base_changed" not in checker.check(question, paraphrase).kinds()
