"""Free rewordings (as an LLM or a teacher writes them) pass the checks; the changes they hide are still caught.

Examples follow issue 13 (rewordings of GSM8K-style problems): the question turned into a request or merged
into the sentence before it, relations read from the other side, synonyms written for a noun.
"""

from __future__ import annotations

import pytest

from paraqd.checks import CriticalInfoChecker, Severity
from paraqd.resources import spacy_available

pytestmark = pytest.mark.skipif(not spacy_available(), reason="spaCy pipeline not installed")

DANA = ("Dana can skip at 3 miles per hour. How many miles can she skip in six hours?")




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
    assert not result.kinds() & {"question_missing", "question_incomplete"}, str(result)
    assert result.passed


@pytest.mark.parametrize("paraphrase", [
    "Dana can skip at 3 miles per hour. She wants to find out how far she skips in six hours.",
    "Dana can skip at 3 miles per hour for six hours, and she had to calculate the distance.",
    "Dana can skip at 3 miles per hour for six hours.",
])
def test_a_story_about_finding_or_calculating_asks_nothing(checker, paraphrase):
    result = checker.check(DANA, paraphrase)
    assert "question_missing" in result.kinds(Severity.CRITICAL) and not result.passed


def test_request_asking_in_another_unit_is_caught(checker):
    q = "A train covers 120 km in 2 hours. What is its speed in km per hour?"
    p = "Given that a train covers 120 km in 2 hours, calculate its speed in metres per second."
    assert "question_unit_changed" in checker.check(q, p).kinds(Severity.CRITICAL)


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
    assert "relation_flipped" not in checker.check(question, paraphrase).kinds()


@pytest.mark.parametrize("question, paraphrase", [
    ("Alex has 3 more apples than Ben. If Ben has 5 apples, how many apples does Alex have?",
     "Alex has 3 fewer apples than Ben. If Ben has 5 apples, how many apples does Alex have?"),
    ("Before she went to school, Ann ate 3 apples. How many apples did she eat?",
     "Ann ate 3 apples after she went to school. How many apples did she eat?"),
    ("He ate lunch before the 30-minute meeting. How long did he wait?",
     "He ate lunch after the 30-minute meeting. How long did he wait?"),
])
def test_relation_that_really_flips_is_still_caught(checker, question, paraphrase):
    assert "relation_flipped" in checker.check(question, paraphrase).kinds(Severity.CRITICAL)


# -- renames --------------------------------------------------------------------------------------------------

def test_multiplier_times_is_no_entity(checker):
    q = "Brandon's phone is four times as old as Ben's phone. Ben's phone is 2 years old. How old is Brandon's phone?"
    p = "Brandon's phone is fourfold the age of Ben's phone. Ben's phone is 2 years old. How old is Brandon's phone?"
    assert not {k for k in checker.check(q, p).kinds() if k.startswith("term_")}


def test_noun_written_as_a_near_synonym_in_one_place_passes_but_a_person_does_not(checker):
    from paraqd.checks import WordSimilarity
    from paraqd.checks.synonyms import RENAME_SYNONYM_THRESHOLD

    class Toy:  # "house"/"property" at 0.45 (a near-synonym), names at 0.9
        def __call__(self, words):
            import numpy as np

            base = {"house": [1.0, 0.0, 0.0], "property": [0.45, 0.893, 0.0], "sophia": [0.0, 0.0, 1.0],
                    "olivia": [0.0, 0.436, 0.9]}
            return np.array([base.get(w, [0.0, 1.0, 0.0]) for w in words])

    words = WordSimilarity(Toy())
    assert RENAME_SYNONYM_THRESHOLD <= words.similarity("house", "property") < words.threshold
    with_synonyms = CriticalInfoChecker(analyzer=checker.analyzer, synonyms=words)
    q = "Josh buys a house for $80,000. The house value rose by 150%. How much profit did he make?"
    p = "Josh buys a property for $80,000. The house value rose by 150%. How much profit did he make?"
    r = with_synonyms.check(q, p)
    assert "term_synonym" in r.kinds() and "term_renamed_inconsistently" not in r.kinds()
    # judged by the encoder, not by WordNet: the reason says how close the words are, never "its synonym"
    [finding] = [f for f in r.findings if f.kind == "term_synonym"]
    assert finding.message == ('"house" became a word close in meaning (similarity 0.45) "property" in one '
                               'place ("house" elsewhere)')
    q2 = "Sophia has 3 pens and Sophia buys 2 more. How many pens does Sophia have?"
    p2 = "Sophia has 3 pens and Olivia buys 2 more. How many pens does Sophia have?"
    assert "term_renamed_inconsistently" in with_synonyms.check(q2, p2).kinds(Severity.MAJOR)


@pytest.mark.parametrize("question, paraphrase, old, new", [
    ("Tino has 24 more jellybeans than Lee. Arnold has half as many jellybeans as Lee. If Arnold has 5 jellybeans, "
     "how many jellybeans does Tino have?",
     "Tino has 24 more jellybeans than Lee. Arnold has half as many jellybeans as Tino. If Arnold has 5 "
     "jellybeans, how many jellybeans does Tino have?", "Lee", "Tino"),
    ("Mary buys 4 pounds of green beans, 6 pounds of milk, and twice the amount of carrots as green beans. "
     "How many pounds does she buy?",
     "Mary buys 4 pounds of green beans, 6 pounds of milk, and twice the amount of carrots as milk. "
     "How many pounds does she buy?", "beans", "milk"),
])
def test_one_part_of_the_problem_swapped_for_another_is_caught(checker, question, paraphrase, old, new):
    result = checker.check(question, paraphrase)
    [finding] = [f for f in result.findings if f.kind == "term_swapped"]
    assert finding.severity == Severity.MAJOR and not result.passed
    assert (finding.question_spans[0].text, finding.paraphrase_spans[0].text) == (old, new)


def test_a_person_renamed_everywhere_is_no_swap(checker):
    q = "Tino has 24 more jellybeans than Lee. If Lee has 5 jellybeans, how many jellybeans does Tino have?"
    p = "Tom has 24 more jellybeans than Lee. If Lee has 5 jellybeans, how many jellybeans does Tom have?"
    result = checker.check(q, p)
    assert result.passed and "term_swapped" not in result.kinds()


BERRIES = "Stacy has 4 times as many berries as Steve, who has 100 berries. "


@pytest.mark.parametrize("question, paraphrase", [
    (BERRIES + "How many berries does Stacy have?", BERRIES + "How many berries does Steve have?"),
])
def test_question_asking_about_another_part_of_the_problem_is_caught(checker, question, paraphrase):
    assert "question_changed" in checker.check(question, paraphrase).kinds(Severity.MAJOR)


def test_question_asking_about_another_ordinal_is_caught(checker):
    q = "Each generation has tails 25% longer than the last. If the first generation has tails 16 cm long, " \
        "how long are the third generation's tails?"
    p = q.replace("third", "second")
    assert "question_changed" in checker.check(q, p).kinds(Severity.CRITICAL)


def test_question_reworded_about_the_same_parts_passes(checker):
    q = "Stacy has 4 times as many berries as Steve, who has 100 berries. How many berries does Stacy have?"
    p = "Steve has 100 berries and Stacy has four times as many. Determine the number of berries Stacy has."
    assert not checker.check(q, p).kinds(Severity.MAJOR)


def test_deleted_negation_and_won_lost_are_caught(checker):
    q = "Out of the 17 perfect shells, 12 of them were not spiral. How many perfect shells were spiral?"
    result = checker.check(q, q.replace(" not", "", 1))
    assert "negation_missing" in result.kinds(Severity.MAJOR) and not result.passed
    q2 = "Noemi lost $400 on roulette. How much money did she begin with if she still had $800?"
    assert "relation_flipped" in checker.check(q2, q2.replace("lost", "won")).kinds(Severity.CRITICAL)
