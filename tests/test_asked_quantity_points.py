"""The asked quantity's holder, time, aggregate and direction (issue 24, family asked_quantity_changed): a
paraphrase that asks for one of the things the question's asking clause lists as its whole ("in both the
orchard and the farm" -> "on the farm"), for one kind of the class the question asks about where the story lists
the kinds apart, at a time point the story names in place of "now", for the inverse of the asked rate, or for
what went (or was done so far) in place of what is left, asks for another quantity: a question_quantity_changed
(major) or question_part (critical) finding whose explanation names the words of both texts. Valid rewordings
that ask for the same quantity in other words (a total said otherwise, a question put first, a request, "you",
"currently") are kept. Every sentence here is written for this test."""

from __future__ import annotations

import pytest

from paraqd.analysis.asked_members import member_parts, story_members
from paraqd.analysis.asked_moments import story_time_point
from paraqd.analysis.asked_quantity import asked_quantity
from paraqd.analysis.asked_rates import inverted_rates
from paraqd.analysis.lexicon import default_lexicon
from paraqd.checks import FindingKind, Severity
from paraqd.resources import spacy_available

pytestmark = [pytest.mark.skipif(not spacy_available(), reason="spaCy pipeline not installed"),
              pytest.mark.skipif(default_lexicon() is None, reason="WordNet not installed")]

ORCHARD = "An orchard has 120 apple trees. A nearby farm has 45 fewer apple trees than the orchard. "
BAKING = "Rosa baked 9 muffins, 6 cream tarts and 4 apple pies. Her brother baked 5 cream tarts and 7 apple pies. "
STAMPS = ("Dara collects stamps. By next spring she will have 12 more stamps, which will be three times the number "
          "she had in the autumn two years ago. ")
PRINTER = "An office printer printed 240 pages in 8 minutes. "
PAINT = "Tomas bought 20 liters of paint. He painted the fence with 7 liters and the shed with 5 liters. "
READING = "Mira has to read 90 pages for class. On Monday she read 25 pages and on Tuesday she read 30 pages. "


def _asked(result, kind=FindingKind.QUESTION_QUANTITY_CHANGED, severity=Severity.MAJOR):
    found = [f for f in result.findings if f.kind == kind]
    assert found, result.reasons
    assert found[0].severity == severity
    return found[0]


# -- one of the things the question lists as its whole ----------------------------------------------------------

@pytest.mark.parametrize(("question", "paraphrase", "kept_word"), [
    (ORCHARD + "How many apple trees are there in both the orchard and the farm?",
     ORCHARD + "How many apple trees are there on the farm?", "farm"),
    ("An owl sleeps 9 hours a day and a bat sleeps 3 hours more. How many hours do both the owl and the bat sleep "
     "in a week?", "An owl sleeps 9 hours a day and a bat sleeps 3 hours more. How many hours does the bat sleep "
     "in a week?", "bat"),
])
def test_one_of_the_listed_whole_is_caught(caught, question, paraphrase, kept_word):
    finding = _asked(caught(question, paraphrase))
    assert "the question asks for the whole" in finding.message and f'"{kept_word}"' in finding.message
    assert [m.text for m in finding.paraphrase_spans] == [kept_word]


@pytest.mark.parametrize("paraphrase", [
    ORCHARD + "How many apple trees do the orchard and the farm have together?",
    ORCHARD + "Find the total number of apple trees on the farm and in the orchard.",
    "How many apple trees grow in the orchard and on the farm combined? " + ORCHARD,
    ORCHARD + "What is the combined number of apple trees in the orchard and the farm?",
    ORCHARD + "How many apple trees are there altogether?",
    "You own an orchard with 120 apple trees. A nearby farm has 45 fewer apple trees than your orchard. How many "
    "apple trees are there on the farm and in your orchard?",
])
def test_the_listed_whole_in_other_words_is_kept(kept, paraphrase):
    kept(ORCHARD + "How many apple trees are there in both the orchard and the farm?", paraphrase)


# -- one of the holders the story tells the same act of ------------------------------------------------------------

KIT = "Ola went camping. The tent cost $80 and the sleeping bags cost half as much as the tent. "
FEES = ("At the fair there were three times as many adults as children. Each adult paid $6, twice what each child "
        "paid. There were 30 adults. ")


@pytest.mark.parametrize(("question", "paraphrase", "whole", "part"), [
    (KIT + "How much did Ola pay for everything?", KIT + "How much did Ola pay for the sleeping bags?",
     "everything", "bags"),
    (FEES + "Calculate the total amount of money collected at the fair.",
     FEES + "How much money did the children pay in total?", "total", "children"),
])
def test_one_holder_of_the_whole_is_caught(checker, caught, question, paraphrase, whole, part):
    analyze = checker.analyzer.analyze
    changes = member_parts(analyze(question), analyze(paraphrase))
    assert [(c.old[0].text, [m.text for m in c.new]) for c in changes] == [(whole, [part])]
    finding = _asked(caught(question, paraphrase))
    assert f'("{whole}")' in finding.message and f'"{part}"' in finding.message


def test_the_holders_are_the_subjects_of_one_act(checker):
    assert story_members(checker.analyzer.analyze(KIT + "How much did Ola pay for everything?")) == [{"tent", "bag"}]


@pytest.mark.parametrize(("question", "paraphrase"), [
    (KIT + "How much did Ola pay for everything?", KIT + "How much did Ola pay for the tent and the sleeping bags?"),
    (KIT + "How much did Ola pay for everything?", KIT + "What was Ola's total bill for the camping gear?"),
    (KIT + "How much did Ola pay for everything?", KIT + "How much did Ola pay for the bags and tent together?"),
    (KIT + "How much did Ola pay for everything?", "How much did you spend in all? You went camping. The tent "
     "cost $80 and the sleeping bags cost half as much as the tent."),
    (KIT + "How much did Ola pay for everything?", KIT + "Find the cost of the tent plus the sleeping bags."),
    (FEES + "Calculate the total amount of money collected at the fair.",
     FEES + "How much money did the adults and the children pay altogether?"),
    (FEES + "Calculate the total amount of money collected at the fair.",
     FEES + "How much money did the fair take in from everyone?"),
])
def test_the_whole_of_the_holders_in_other_words_is_kept(kept, question, paraphrase):
    kept(question, paraphrase)


ORCHARD_FAMILY = ("On a farm, the father picked 14 pears and the son picked 3 more pears than the father. How many "
                  "pears did they pick altogether?")


@pytest.mark.parametrize("paraphrase", [
    "You are the father on a farm. You picked 14 pears and your son picked 3 more pears than you. How many pears "
    "did you and your son pick altogether?",
    "Imagine you are a father picking fruit: you pick 14 pears, and your son picks 3 more pears than you. How many "
    "pears do you and your son pick in total?",
])
def test_a_holder_said_as_a_pronoun_beside_the_other_is_the_whole(checker, kept, paraphrase):
    """A retelling to the reader writes one of the holders as "you": "you and your son" still names both."""
    analyze = checker.analyzer.analyze
    assert member_parts(analyze(ORCHARD_FAMILY), analyze(paraphrase)) == []
    kept(ORCHARD_FAMILY, paraphrase)


@pytest.mark.parametrize("paraphrase", [
    "A hotel has 25 floors. Each floor has 18 rooms. How many rooms are in the whole hotel?",
    "A hotel is made up of 25 floors, each of which has 18 rooms. Determine the total number of rooms in the hotel.",
])
def test_a_holder_that_holds_the_others_is_the_whole(checker, kept, paraphrase):
    question = "The hotel has 25 floors and each floor has 18 rooms, how many rooms are there in total?"
    assert story_members(checker.analyzer.analyze(question)) == []
    kept(question, paraphrase)


# -- one of the periods the story tells apart, for the total ------------------------------------------------------

LAPS = "Last month Ivo swam 12 laps a day for 20 days. This month he swam twice as many laps. "


def test_one_period_for_the_total_is_caught(caught):
    finding = _asked(caught(LAPS + "How many laps did Ivo swim in total?", LAPS + "How many laps did Ivo swim this month?"))
    assert '("total")' in finding.message and '"this month"' in finding.message


@pytest.mark.parametrize("paraphrase", [
    LAPS + "How many laps did Ivo swim over the two months?",
    LAPS + "How many laps did he swim last month and this month combined?",
    LAPS + "Find the total number of laps Ivo swam.",
    "How many laps have you swum altogether? Last month you swam 12 laps a day for 20 days. This month you swam "
    "twice as many laps.",
])
def test_the_total_over_the_periods_is_kept(kept, paraphrase):
    kept(LAPS + "How many laps did Ivo swim in total?", paraphrase)


# -- one kind of the class asked, where the story lists the kinds apart ------------------------------------------

def test_one_kind_of_the_class_listed_apart_is_caught(caught):
    result = caught(BAKING + "How many pastries did they bake altogether?",
                    BAKING + "How many apple pies did they bake altogether?")
    finding = _asked(result, FindingKind.QUESTION_PART, Severity.CRITICAL)
    assert '"pies"' in finding.message and '"pastries"' in finding.message and '"tarts"' in finding.message


@pytest.mark.parametrize("paraphrase", [
    BAKING + "How many pastries did the two of them bake in total?",
    BAKING + "Find the total number of pastries that Rosa and her brother baked.",
    BAKING + "Altogether, how many pastries came out of their ovens?",
])
def test_the_class_asked_in_other_words_is_kept(kept, paraphrase):
    kept(BAKING + "How many pastries did they bake altogether?", paraphrase)


# -- a time point of the story for "now" -------------------------------------------------------------------------

def test_a_time_point_of_the_story_for_now_is_caught(checker, caught):
    question, paraphrase = (STAMPS + "How many stamps does she have now?",
                            STAMPS + "How many stamps will she have by next spring?")
    analyze = checker.analyzer.analyze
    q, p = analyze(question), analyze(paraphrase)
    assert story_time_point(q, p, asked_quantity(p)).text == "by next spring"
    finding = _asked(caught(question, paraphrase))
    assert '("now")' in finding.message and '("by next spring")' in finding.message


def test_now_asked_of_a_time_point_of_the_story_is_caught(caught):
    finding = _asked(caught(STAMPS + "How many stamps will she have by next spring?",
                            STAMPS + "How many stamps does she have now?"))
    assert '("now")' in finding.message


@pytest.mark.parametrize("paraphrase", [
    STAMPS + "How many stamps does Dara currently own?",
    STAMPS + "Right now, how many stamps does she have?",
    STAMPS + "What is the number of stamps in her collection at present?",
    "How many stamps do you have now? You collect stamps. By next spring you will have 12 more stamps, which will "
    "be three times the number you had in the autumn two years ago.",
])
def test_now_in_other_words_is_kept(kept, paraphrase):
    kept(STAMPS + "How many stamps does she have now?", paraphrase)


# -- the inverse of the asked rate -------------------------------------------------------------------------------

def test_the_inverse_rate_is_caught(checker, caught):
    question, paraphrase = (PRINTER + "How many pages per minute did the printer print?",
                            PRINTER + "How many minutes per page did the printer take?")
    analyze = checker.analyzer.analyze
    changes = inverted_rates(analyze(question), analyze(paraphrase))
    assert [(c.what, c.old[0].text, c.new[0].text) for c in changes] == [
        ("inverted", "pages per minute", "minutes per page")]
    result = caught(question, paraphrase)
    _asked(result)
    assert any("its inverse" in f.message and '"minutes per page"' in f.message for f in result.findings), result.reasons


@pytest.mark.parametrize("paraphrase", [
    PRINTER + "How many pages did the printer print each minute?",
    PRINTER + "What was the printer's speed in pages per minute?",
    PRINTER + "How many pages per minute can the printer print?",
    "Find the number of pages per minute. " + PRINTER,
])
def test_the_rate_in_other_words_is_kept(kept, paraphrase):
    kept(PRINTER + "How many pages per minute did the printer print?", paraphrase)


# -- what went or what was done for what is left -----------------------------------------------------------------

@pytest.mark.parametrize(("question", "paraphrase", "new", "said"), [
    (PAINT + "How many liters of paint does he have left?", PAINT + "How many liters of paint will he use?",
     "use", "what is taken away"),
    (READING + "How many pages does she have left to read?", READING + "How many pages has she read so far?",
     "read", "has done so far"),
])
def test_what_went_for_what_is_left_is_caught(caught, question, paraphrase, new, said):
    finding = _asked(caught(question, paraphrase))
    assert said in finding.message and f'"{new}"' in finding.message and '("left")' in finding.message


@pytest.mark.parametrize(("question", "paraphrase"), [
    (PAINT + "How many liters of paint does he have left?", PAINT + "How many liters of paint remain?"),
    (PAINT + "How many liters of paint does he have left?", PAINT + "How many liters can he still use?"),
    (PAINT + "How many liters of paint does he have left?", PAINT + "How many liters of paint can he use?"),
    (PAINT + "How many liters of paint does he have left?",
     PAINT + "Find how much paint is left over after both jobs."),
    (READING + "How many pages does she have left to read?", READING + "How many pages does she still have to read?"),
    (READING + "How many pages does she have left to read?",
     READING + "How many more pages must she read to finish?"),
])
def test_what_is_left_in_other_words_is_kept(kept, question, paraphrase):
    kept(question, paraphrase)
