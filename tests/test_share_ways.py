"""A share that compares its whole another way (issue 24): a part of the whole made an increase or a decrease of
it ("30% *of* the pump's cost" -> "30% *more than* the pump"), an increase made a decrease ("25% *longer* than
lunch" -> "25% *less* time than lunch"). The same way in other words ("30% of" -> "30% as much as"), a share whose
"of" may be the amount of a discount ("a discount of 70% of that price" -> "70% off that price") and the relation
read from the other side pass. Every sentence here is written for this test."""

from __future__ import annotations

import pytest

from paraqd.analysis import QuestionPair, analyze
from paraqd.analysis.comparatives import DOWN, PART, UP, changed_share_ways
from paraqd.checks import Severity
from paraqd.resources import spacy_available

pytestmark = pytest.mark.skipif(not spacy_available(), reason="spaCy pipeline not installed")

PUMP = "The pump cost $40. The hose cost {} the pump. How much did both cost?"
MEALS = "Lunch took 40 minutes. {} How long were both meals?"
TAILOR = "A tailor charges $90 for a coat. {} How much does a student pay?"


def _ways(question: str, paraphrase: str) -> list[tuple[str, str]]:
    return [(c.old, c.new) for c in changed_share_ways(QuestionPair(analyze(question), analyze(paraphrase)))]


@pytest.mark.parametrize(("question", "paraphrase", "ways", "said"), [
    (PUMP.format("30% of the cost of"), PUMP.format("30% more than"), (PART, UP), '"30% of" (a part'),
    (PUMP.format("30% as much as"), PUMP.format("30% less than"), (PART, DOWN), '"30% less than" (a decrease'),
    (MEALS.format("Dinner took 25% longer than lunch."), MEALS.format("Dinner took 25% less time than lunch."),
     (UP, DOWN), '"25% longer than" (an increase'),
    (TAILOR.format("He only asks 70% of that price from students."),
     TAILOR.format("He takes 70% off that price for students."), (PART, DOWN), '"70% off" (a decrease'),
    ("A farm has 60 sheep and 3/4 as many goats as sheep. How many animals are on the farm?",
     "A farm has 60 sheep and 3/4 more goats than sheep. How many animals are on the farm?", (PART, UP),
     '"3/4 more goats than" (an increase'),
])
def test_a_share_that_compares_another_way_is_caught(checker, question, paraphrase, ways, said):
    assert _ways(question, paraphrase) == [ways]
    result = checker.check(question, paraphrase)
    assert not result.passed and "comparison_changed" in result.kinds(Severity.CRITICAL), str(result)
    assert any(said in f.message for f in result.findings if f.kind == "comparison_changed"), str(result)


@pytest.mark.parametrize(("question", "paraphrase"), [
    # the same way in other words
    (PUMP.format("30% of the cost of"), PUMP.format("30% as much as")),
    (MEALS.format("Dinner took 25% longer than lunch."), MEALS.format("Dinner took 25% more time than lunch.")),
    # "of" says the amount of the discount: the same as "off"
    (TAILOR.format("Students get a discount of 70% of that price."), TAILOR.format("Students get 70% off that price.")),
    # measured against the other side: the relation check's, not a share's way
    (MEALS.format("Dinner took 25% longer than lunch."), MEALS.format("Lunch was 25% shorter than dinner.")),
])
def test_a_share_that_compares_the_same_way_is_kept(question, paraphrase):
    assert _ways(question, paraphrase) == []
