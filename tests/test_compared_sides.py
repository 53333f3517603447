"""The two sides of a comparison (issue 24): a factor whose sides swapped with the factor kept ("Rita reads 4
times as often as Oleg" -> "Oleg reads 4 times as often as Rita"), and a comparison measured against another thing
the problem states, not only a person ("3 more lemons than limes" -> "3 more lemons than figs", "twice the
distance between stop P and stop Q" -> "... between stop O and stop P"). A difference read from the other side, a
pronoun or phrase resolved, the counted thing written out and a factor with no standard of its own pass. Every
sentence here is written for this test."""

from __future__ import annotations

import pytest

from paraqd.analysis import QuestionPair, analyze
from paraqd.analysis.compared_sides import changed_things, swapped_factors
from paraqd.checks import Severity
from paraqd.resources import spacy_available

pytestmark = pytest.mark.skipif(not spacy_available(), reason="spaCy pipeline not installed")

READING = "Rita and Oleg read comics. {} Together they read 40 comics. How many comics did Oleg read?"
CRATE = "A crate holds 12 limes and 9 figs. {} How many fruits are in the crate?"
ROUTE = ("A bus goes from stop O to stop P, then to stop Q and stop R. The distance between stop O and stop P is 6 "
         "miles. The distance between stop P and stop Q is 2 miles more than the distance between stop O and stop P. "
         "{} How far does the bus go?")
CLUB = "Ines ran 5 miles more than planned. {} How many miles did Teo run?"


def _pair(question: str, paraphrase: str) -> QuestionPair:
    return QuestionPair(analyze(question), analyze(paraphrase))


@pytest.mark.parametrize(("question", "paraphrase"), [
    (READING.format("Rita reads comics 4 times as often as Oleg."),
     READING.format("Oleg reads comics 4 times as often as Rita.")),
    (CRATE.format("It also holds twice as many plums as limes."), CRATE.format("It also holds twice as many limes as plums.")),
])
def test_a_factor_whose_sides_swapped_is_caught(checker, question, paraphrase):
    found = swapped_factors(_pair(question, paraphrase))
    assert len(found) == 1 and found[0].why == "swapped"
    result = checker.check(question, paraphrase)
    assert not result.passed and "comparison_reversed" in result.kinds(Severity.CRITICAL), str(result)
    said = next(f.message for f in result.findings if f.kind == "comparison_reversed" and "same factor" in f.message)
    assert f'against "{found[0].old.text}"' in said and f'"{found[0].new.text}"' in said
    # each span names text of its own side, at its place (the paraphrase's standard is no span of the question)
    finding = next(f for f in result.findings if f.kind == "comparison_reversed" and "same factor" in f.message)
    for text, spans in ((question, finding.question_spans), (paraphrase, finding.paraphrase_spans)):
        assert spans and all(text[m.start:m.end] == m.text for m in spans), spans
    assert found[0].new.text in {m.text for m in finding.paraphrase_spans}


@pytest.mark.parametrize(("question", "paraphrase"), [
    # the other side said with the inverse factor: another value, no swap of one factor
    (READING.format("Rita reads comics 4 times as often as Oleg."),
     READING.format("Oleg reads comics a quarter as often as Rita.")),
    # the same sides, the factor said another way
    (READING.format("Rita reads comics 4 times as often as Oleg."),
     READING.format("Rita reads comics 4 times as often as Oleg does.")),
    # a difference read from the other side is a rewording (the relation check's)
    (CRATE.format("It also holds 3 more plums than limes."), CRATE.format("It also holds 3 fewer limes than plums.")),
])
def test_the_same_sides_are_kept(question, paraphrase):
    assert swapped_factors(_pair(question, paraphrase)) == []


@pytest.mark.parametrize(("question", "paraphrase", "old", "new"), [
    (CRATE.format("It also holds 3 more lemons than limes."), CRATE.format("It also holds 3 more lemons than figs."),
     "limes", "figs"),
    (ROUTE.format("The distance between stop Q and stop R is twice the distance between stop P and stop Q."),
     ROUTE.format("The distance between stop Q and stop R is twice the distance between stop O and stop P."),
     "Q", "O"),
    (CLUB.format("Ada ran 3 miles more than Ines, and Teo ran twice as far as Ada."),
     CLUB.format("Ada ran 3 miles more than planned, and Teo ran twice as far as Ada."), "Ines", "planned"),
])
def test_a_comparison_measured_against_another_thing_is_caught(checker, question, paraphrase, old, new):
    found = changed_things(_pair(question, paraphrase))
    assert [(c.old.text, c.new.text) for c in found] == [(old, new)]
    result = checker.check(question, paraphrase)
    assert not result.passed and "base_changed" in result.kinds(Severity.MAJOR), str(result)
    assert any(f'"{old}" in the question, "{new}" in the paraphrase' in f.message for f in result.findings)


@pytest.mark.parametrize(("question", "paraphrase"), [
    # a pronoun resolved, the counted thing written out
    ("Omar has 8 kites. Pia has 3 more kites than him. How many kites do they have?",
     "Omar has 8 kites. Pia has 3 more kites than Omar. How many kites do they have?"),
    (CRATE.format("It also holds 3 more lemons than limes."),
     CRATE.format("It also holds 3 more lemons than the number of limes.")),
    # another name of the same person, given in one phrase
    ("Omar's brother Sami has 8 kites. Pia has 3 more kites than Omar's brother. How many kites does Pia have?",
     "Omar's brother Sami has 8 kites. Pia has 3 more kites than Sami. How many kites does Pia have?"),
    # a factor with no standard of its own, given one: what came before
    ("Eli sold 7 kites on Monday. On Tuesday he sold twice as many kites. How many kites did he sell?",
     "Eli sold 7 kites on Monday. On Tuesday he sold twice as many kites as on Monday. How many kites did he sell?"),
    # the sides swapped with the comparative turned round
    (CRATE.format("It also holds 3 more lemons than limes."), CRATE.format("It also holds 3 fewer limes than lemons.")),
])
def test_the_same_standard_in_other_words_is_kept(question, paraphrase):
    assert changed_things(_pair(question, paraphrase)) == []


def test_a_person_changed_is_left_to_the_names_reading(checker):
    question = "Nina has 14 shells. Omar has 6 more shells than Nina, and Pablo has twice as many shells as Omar. " \
               "How many shells does Pablo have?"
    paraphrase = question.replace("twice as many shells as Omar", "twice as many shells as Nina")
    assert changed_things(_pair(question, paraphrase)) == []
    result = checker.check(question, paraphrase)
    assert [f.kind for f in result.findings if f.kind == "base_changed"] == ["base_changed"], str(result)
    assert "check failed" not in str(result)
