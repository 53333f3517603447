"""Free rewordings (as an LLM or a teacher writes them) pass the checks; the changes they hide are still caught.

Examples follow issue 13 (rewordings of GSM8K-style problems): the question turned into a request or merged
into the sentence before it, relations read from the other side, synonyms written for a noun.
"""

from __future__ import annotations

import pytest

from paraqd.checks import CheckResult, CriticalInfoChecker, Severity
from paraqd.resources import spacy_available

pytestmark = pytest.mark.skipif(not spacy_available(), reason="spaCy pipeline not installed")

DANA = ("Dana can skip at 3 miles per hour. How many miles can she skip in six hours?")


@pytest.fixture(scope="module")
def checker():
    return CriticalInfoChecker()


def kinds(result: CheckResult, at_least: Severity = Severity.MINOR) -> set[str]:
    return {f.kind for f in result.findings if f.severity >= at_least}


# -- the question -------------------------------------------------------------------------------------------

@pytest.mark.parametrize("paraphrase", [
    "Dana skips at 3 miles per hour. Determine how many miles she can skip in six hours.",
    "Given that Dana skips at 3 miles per hour, calculate the number of miles she can skip in six hours.",
    "Considering that Dana's skipping speed is 3 miles per hour, compute the miles she covers in six hours.",
    "Work out how many miles Dana can skip in six hours if she skips at 3 miles per hour.",
    "How many miles can Dana skip in six hours? She skips at 3 miles per hour.",  # moved to the front
    "Dana can skip at 3 miles per hour, so how many miles can she skip in six hours?",  # merged
])
def test_question_rephrased_as_a_request_or_moved_is_still_asked(checker, paraphrase):
    result = checker.check(DANA, paraphrase)
    assert not kinds(result) & {"question_missing", "question_incomplete"}, str(result)
    assert result.passed


@pytest.mark.parametrize("paraphrase", [
    "Dana can skip at 3 miles per hour. She wants to find out how far she skips in six hours.",
    "Dana can skip at 3 miles per hour for six hours, and she had to calculate the distance.",
    "Dana can skip at 3 miles per hour for six hours.",
])
def test_a_story_about_finding_or_calculating_asks_nothing(checker, paraphrase):
    result = checker.check(DANA, paraphrase)
    assert "question_missing" in kinds(result, Severity.CRITICAL) and not result.passed


def test_request_asking_in_another_unit_is_caught(checker):
    q = "A train covers 120 km in 2 hours. What is its speed in km per hour?"
    p = "Given that a train covers 120 km in 2 hours, calculate its speed in metres per second."
    assert "question_unit_changed" in kinds(checker.check(q, p), Severity.CRITICAL)


# -- relations read with their operands -------------------------------------------------------------------

@pytest.mark.parametrize("question, paraphrase", [
    ("Each year the tree grows 7 lemons. How many years will it take before he starts earning money on the tree?",
     "Each year the tree grows 7 lemons. After how many years will he start earning money on the tree?"),
    ("Alex has 3 more apples than Ben. If Ben has 5 apples, how many apples does Alex have?",
     "Ben has 3 fewer apples than Alex. If Ben has 5 apples, how many apples does Alex have?"),
    ("Before she went to school, Ann ate 3 apples. How many apples did she eat?",
     "Ann went to school after she ate 3 apples. How many apples did she eat?"),
    ("Terry eats 2 yogurts a day. They are on sale at 4 yogurts for $5. How much does he spend in 30 days?",
     "Terry eats 2 yogurts a day. He can purchase 4 yogurts for $5. How much does he spend in 30 days?"),
])
def test_relation_read_from_the_other_side_is_no_flip(checker, question, paraphrase):
    assert "relation_flipped" not in kinds(checker.check(question, paraphrase))


@pytest.mark.parametrize("question, paraphrase", [
    ("Alex has 3 more apples than Ben. If Ben has 5 apples, how many apples does Alex have?",
     "Alex has 3 fewer apples than Ben. If Ben has 5 apples, how many apples does Alex have?"),
    ("Before she went to school, Ann ate 3 apples. How many apples did she eat?",
     "Ann ate 3 apples after she went to school. How many apples did she eat?"),
    ("He ate lunch before the 30-minute meeting. How long did he wait?",
     "He ate lunch after the 30-minute meeting. How long did he wait?"),
])
def test_relation_that_really_flips_is_still_caught(checker, question, paraphrase):
    assert "relation_flipped" in kinds(checker.check(question, paraphrase), Severity.CRITICAL)


# -- renames --------------------------------------------------------------------------------------------------

def test_multiplier_times_is_no_entity(checker):
    q = "Brandon's phone is four times as old as Ben's phone. Ben's phone is 2 years old. How old is Brandon's phone?"
    p = "Brandon's phone is fourfold the age of Ben's phone. Ben's phone is 2 years old. How old is Brandon's phone?"
    assert not {k for k in kinds(checker.check(q, p)) if k.startswith("term_")}
