"""The asking clause's predicate read against the story's (paraqd/analysis/predicates.py, issue 24): a
paraphrase whose question keeps the asked thing but asks it with another predicate of the story ("how many
pupils failed" -> "how many pupils passed", the story saying who passed and who failed) asks for another
quantity of the problem; a question asked with a synonym, with the same verb, or with a verb the story does
not use for another of its quantities is the same question. Every sentence here is written for this test."""

from __future__ import annotations

import pytest

from paraqd.analysis.asked_changes import asked_changes
from paraqd.checks import Severity
from paraqd.resources import spacy_available

pytestmark = pytest.mark.skipif(not spacy_available(), reason="spaCy pipeline not installed")

SWIM = "A class of 30 pupils took a swimming test. 18 pupils passed the test and the others failed it. "
COOKIES = "Nora baked 48 cookies. She ate 6 of them and packed the rest into tins. "
LIBRARY = "A library lent out 120 novels in May. In June, readers returned 45 of the novels. "
SEEDS = "Pia sowed 60 seeds in her garden. Of those, 45 sprouted, and later 9 of the seedlings wilted. "
SHELLS = "Dev collected 25 shells on Monday and gathered 15 more on Tuesday. "
SHIRTS = "Eli paid $12 for each of 3 shirts and spent $8 on a hat. "
LAWNS = "Joe has to mow 15 lawns this week. He mowed 6 lawns on Friday. "


def _lexicon_or_skip():
    from paraqd.analysis.lexicon import default_lexicon

    if default_lexicon() is None:
        pytest.skip("WordNet not installed (the optional extra): no predicate is compared")


def _whats(checker, question, paraphrase):
    analyze = checker.analyzer.analyze
    return {c.what for c in asked_changes(analyze(question), analyze(paraphrase))}


@pytest.mark.parametrize(("question", "paraphrase"), [
    (SWIM + "How many pupils failed?", SWIM + "How many pupils passed?"),
    (COOKIES + "How many cookies did Nora pack?", COOKIES + "How many cookies did Nora eat?"),
    (LIBRARY + "How many novels have readers returned?", LIBRARY + "How many novels did the library lend out?"),
    (SEEDS + "How many seeds sprouted?", SEEDS + "How many seeds did Pia sow?"),
])
def test_the_asked_thing_under_another_predicate_of_the_story_is_caught(checker, question, paraphrase):
    _lexicon_or_skip()
    assert "predicate" in _whats(checker, question, paraphrase)
    result = checker.check(question, paraphrase)
    assert not result.passed
    found = [f for f in result.findings if f.kind.value == "question_quantity_changed"]
    assert found and found[0].severity == Severity.MAJOR, str(result)


@pytest.mark.parametrize(("question", "paraphrase"), [
    # a synonym the story also uses
    (SHELLS + "How many shells did he collect in all?", SHELLS + "How many shells did he gather altogether?"),
    # a total over the story's acts, named by either of its verbs (WordNet: "pay" is a kind of "spend")
    (SHIRTS + "How much did Eli spend in all?", SHIRTS + "How much did Eli pay altogether?"),
    # the same verb, or a verb the story does not use
    (LAWNS + "How many lawns does he still have to mow?", LAWNS + "How many lawns are left for him to mow?"),
    (LAWNS + "How many lawns does he still have to mow?", LAWNS + "How many lawns remain to be cut?"),
    (COOKIES + "How many cookies did Nora pack?", COOKIES + "How many cookies went into the tins?"),
    # a negated predicate says the complement: "not passed" is who failed
    (SWIM + "How many pupils failed?", SWIM + "How many pupils did not pass?"),
    (SEEDS + "How many seeds sprouted?", "Pia sowed 60 seeds; 45 sprouted and 9 seedlings later wilted. "
                                        "Find the number of seeds that sprouted."),
])
def test_the_same_predicate_in_other_words_is_kept(checker, question, paraphrase):
    assert "predicate" not in _whats(checker, question, paraphrase)


PRIZE = "Omar won $90 and decided to put a third of the prize in a jar. "
COMICS = "Ria wants to finish reading 3 times as many comics as last week. Last week she finished reading 5 comics. "
STUDIO = "Sol spends 3 hours painting each day and cleans for half as long. "


@pytest.mark.parametrize(("question", "paraphrase"), [
    # the verb a control verb governs says the act ("decided to *save*"), and the story's "decided to put" is one act
    (PRIZE + "How much money did he put in the jar?", PRIZE + "How much money did he decide to save?"),
    # "finish reading" is one act of the story, whichever of its two verbs the question names
    (COMICS + "How many comics will she finish this week?", COMICS + "How many comics will she have read this week?"),
    # verbs inside a preposition's phrase are not what is asked
    (STUDIO + "How many hours does he spend on painting and cleaning in a week?",
     STUDIO + "Calculate the hours Sol devotes to painting and cleaning over a week."),
])
def test_a_verb_that_is_not_the_asked_act_is_no_other_predicate(checker, question, paraphrase):
    assert "predicate" not in _whats(checker, question, paraphrase)


RENT = "Rita earns $800 a month and pays 15% of it in rent. "
EGGS = "Each day, Sam buys 40 eggs and gives 12 of them to a neighbour. "
DEPOT = "A depot receives 200 crates on Monday and sends 30 damaged crates back to the maker. "
CARS = "Ben had 30 toy cars and sold 12 of them at a yard sale. "
POCKET = "Ana gets $20 each week and spends $15 of it on snacks. "


@pytest.mark.parametrize(("question", "paraphrase"), [
    (RENT + "How much does Rita pay in rent each month?", RENT + "How much does Rita keep after rent each month?"),
    (EGGS + "How many eggs does he buy in a week?", EGGS + "How many eggs does he keep in a week?"),
    (DEPOT + "How many crates does the depot receive?", DEPOT + "How many crates are left at the depot?"),
])
def test_what_a_story_verb_moves_asked_as_what_is_kept_is_caught(checker, question, paraphrase):
    _lexicon_or_skip()
    assert "kept" in _whats(checker, question, paraphrase)
    assert not checker.check(question, paraphrase).passed


@pytest.mark.parametrize(("question", "paraphrase"), [
    (RENT + "How much money does she keep?", RENT + "How much money does she have left?"),
    (CARS + "How many cars does he have left?", CARS + "How many cars does Ben still keep?"),
    (CARS + "How many cars did Ben not sell?", CARS + "How many cars does Ben keep?"),
    (POCKET + "How much does she save in 4 weeks?", POCKET + "How much will she have kept after 4 weeks?"),
    # the same moved quantity in other words
    (EGGS + "How many eggs does he buy in a week?", EGGS + "In a week, how many eggs does he purchase?"),
    # a story's act that moves nothing away: what was put in the jar is what was saved
    (PRIZE + "How much money did he put in the jar?", PRIZE + "How much money did he save?"),
    (RENT + "How much does Rita pay in rent each month?", RENT + "What is Rita's monthly rent payment?"),
])
def test_what_is_kept_in_other_words_is_not_what_moved(checker, question, paraphrase):
    assert "kept" not in _whats(checker, question, paraphrase)
