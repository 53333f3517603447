"""What a paraphrase's question narrows (issue 24): a restriction inserted before a noun of the question sentence,
a part asked where the question asks for the whole. Each rule: the edit is caught, a rewording is kept.

Every sentence here is made up for the test.
"""

from __future__ import annotations

import pytest

from paraqd.analysis import QuestionPair, analyze
from paraqd.analysis.lexicon import default_lexicon
from paraqd.analysis.narrowed import asked_parts, inserted_restrictions
from paraqd.checks import Severity
from paraqd.resources import spacy_available

pytestmark = [pytest.mark.skipif(not spacy_available(), reason="spaCy pipeline not installed"),
              pytest.mark.skipif(default_lexicon() is None, reason="WordNet not installed")]

CHOIR = "The choir has 80 singers. Of the singers, 3/4 are sopranos. How many singers are sopranos in the choir?"


def _inserted(q: str, p: str) -> list[str]:
    return [m.word.text for m in inserted_restrictions(QuestionPair(analyze(q), analyze(p)))]


def test_a_restriction_inserted_in_the_question_sentence_is_found(checker):
    p = CHOIR.replace("are sopranos in", "are tall sopranos in")
    assert _inserted(CHOIR, p) == ["tall"]
    result = checker.check(CHOIR, p)
    assert "question_ungrounded" in result.kinds(Severity.CRITICAL) and not result.passed


@pytest.mark.parametrize("q, p", [
    (CHOIR, CHOIR.replace("are sopranos in", "are sopranos in")),
    # a participle of the problem's own verb, a noun that names no thing one counts, a closed-class word
    ("4 dogs and 3 cats escape from a shelter. It takes 1 hour to catch each animal. How long does it take to "
     "catch the animals?",
     "4 dogs and 3 cats escape from a shelter. It takes 1 hour to catch each animal. How long does it take to "
     "catch the escaped animals?"),
    ("Ben and his sister ride 12 miles together at 6 miles per hour. How long is the ride?",
     "Ben and his sister ride 12 miles together at 6 miles per hour. How long is the joint ride?"),
    ("Ana has 5 pens and 4 pencils. How many pens and pencils does she have?",
     "Ana has 5 pens and 4 pencils. How many pens and pencils does she have in total?"),
])
def test_no_restriction_is_read_in_a_faithful_question(q, p):
    assert _inserted(q, p) == []


SHELF = "A shelf has 40 blue cups and 25 white cups. Lia broke 30 cups. How many cups are left?"


def test_a_part_asked_for_the_whole_is_found(checker):
    p = SHELF.replace("How many cups", "How many white cups")
    parts = asked_parts(analyze(SHELF), analyze(p))
    assert [(x.modifier.text, x.noun.text, [o.text for o in x.others]) for x in parts] == [("white", "cups", ["blue"])]
    result = checker.check(SHELF, p)
    assert "question_part" in result.kinds(Severity.CRITICAL) and not result.passed


@pytest.mark.parametrize("q, p", [
    # the question asks for the same part
    (SHELF.replace("How many cups", "How many white cups"), SHELF.replace("How many cups", "How many white cups")),
    # the problem does not split the thing: every mug it names is white
    ("A shelf has 25 white cups. Lia broke 10 cups. How many cups are left?",
     "A shelf has 25 white cups. Lia broke 10 cups. How many white cups are left?"),
])
def test_no_part_is_read_when_the_whole_is_asked_or_not_split(q, p):
    assert asked_parts(analyze(q), analyze(p)) == []
