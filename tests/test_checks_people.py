"""The people of a problem across a pair (issue 24, session 11): who holds each quantity.

A person replaced everywhere, by another name or by the reader ("you"), is a consistent rename; a new person put
in one relation or in the question while the problem's own people all stay is a partial rename (major); a new
character of a retelling that holds none of the problem's quantities is fine. Every sentence here is made up
for the test (other problems, nouns and verbs than the development pairs).
"""

from __future__ import annotations

import pytest

from paraqd.analysis.lexicon import default_lexicon
from paraqd.checks import Severity
from paraqd.resources import spacy_available

pytestmark = pytest.mark.skipif(not spacy_available(), reason="spaCy pipeline not installed")
needs_wordnet = pytest.mark.skipif(default_lexicon() is None, reason="WordNet absent")


def _major(checker, q, p):
    return checker.check(q, p).kinds(Severity.MAJOR) | checker.check(q, p).kinds(Severity.CRITICAL)


# -- the reader in a person's place, everywhere: a consistent rename ----------------------------------------------

@pytest.mark.parametrize("question, paraphrase", [
    ("Odette jogs 4 miles every morning and 2 miles every evening. How many miles does Odette jog in 6 days?",
     "You jog 4 miles each morning and 2 miles each evening. How many miles do you jog in 6 days?"),
    ("Zeynep reads 20 pages a night. Her book has 180 pages. How many nights will Zeynep need to finish it?",
     "Your book has 180 pages and you read 20 pages a night. How many nights will you need to finish it?"),
    ("At 12, Florin is twice as old as his cousin Petra. How old will Petra be in 5 years?",
     "You are 12 years old, which makes you twice as old as your cousin Petra. How old will Petra be in 5 years?"),
    # told in the first person
    ("Quentin saves $15 a week for a bike that costs $240. How many weeks must Quentin save?",
     "I save $15 every week for a bike that costs $240. How many weeks must I save?"),
])
def test_a_person_told_as_the_reader_everywhere_is_a_consistent_rename(checker, question, paraphrase):
    result = checker.check(question, paraphrase)
    assert not result.kinds(Severity.MAJOR) and not result.kinds(Severity.CRITICAL), result.reasons
    assert "term_renamed" in result.kinds()


def test_the_solver_asked_to_work_it_out_is_no_person_of_the_problem(checker):
    # "can you tell" addresses the solver in the question only: the name dropped is still missing
    q = "Odette jogs 4 miles every morning and 2 miles every evening. How many miles does Odette jog in 6 days?"
    p = "Someone jogs 4 miles every morning and 2 miles every evening. Can you tell how many miles that is in 6 days?"
    assert "term_renamed" not in checker.check(q, p).kinds()


def test_the_reader_in_one_relation_while_the_person_stays_is_caught(checker):
    q = "Nadia has 12 stickers. Omar has 5 more stickers than Nadia. How many stickers does Omar have?"
    p = "Nadia has 12 stickers. You have 5 more stickers than Nadia. How many stickers does Omar have?"
    assert "person_added" in checker.check(q, p).kinds(Severity.MAJOR)


# -- the reader said to be a person of the problem, and "you" inside a dialogue line -------------------------------

@pytest.mark.parametrize("question, paraphrase", [
    ("Lorna earns 3 times as much per hour as Basil. Basil earns $6 per hour. How much does Lorna earn in 5 hours?",
     "Pretend you are Lorna. You earn 3 times as much per hour as your friend Basil, who earns $6 per hour. How much "
     "do you earn in 5 hours?"),
    ("Pavel bakes 14 rolls and sells 9. How many rolls does Pavel have left?",
     "You're Pavel, a baker. You bake 14 rolls and sell 9 of them. How many rolls do you have left?"),
    # a dialogue line of several sentences: its "you" is the one spoken to
    ("Oskar spends $30 a month on books. Vera spends $10 more than Oskar. How much does Vera spend in 6 months?",
     "Vera: Oskar, you spend $30 a month on books. I spend $10 more than that.\nOskar: Right. And you buy more "
     "every month. How much do you spend in 6 months?"),
    ("Ines reads 12 pages a day. Ruth reads 4 more pages a day than Ines. How many pages does Ruth read in 3 days?",
     "Ines: I read 12 pages a day.\nRuth: Nice. And I read 4 more pages a day than you do. How many pages do I read "
     "in 3 days?"),
])
def test_the_reader_identified_with_a_person_of_the_problem_is_that_person(checker, question, paraphrase):
    result = checker.check(question, paraphrase)
    assert "person_added" not in result.kinds(), result.reasons


def test_the_reader_identified_with_someone_else_still_holds_a_new_quantity(checker):
    q = "Lorna earns 3 times as much per hour as Basil. Basil earns $6 per hour. How much does Lorna earn in 5 hours?"
    p = ("Pretend you are Lorna's coworker. Lorna earns 3 times as much per hour as Basil, and you earn $6 per hour. How "
         "much does Lorna earn in 5 hours?")
    assert "person_added" in checker.check(q, p).kinds(Severity.MAJOR)


# -- a person renamed everywhere, whatever entity label the parser gives each name --------------------------------

@pytest.mark.parametrize("question, paraphrase", [
    ("Tabitha adds 2 spoons of sugar to each cup of coffee. She drinks 3 cups a day. How many spoons does she use "
     "in a week?",
     "Every day Greta drinks 3 cups of coffee and stirs 2 spoons of sugar into each one. How many spoons does she "
     "use in a week?"),
    ("Zeynep reads 20 pages a night. How many pages does she read in 5 nights?",
     "Each night Wren gets through 20 pages. How many pages will she have read after 5 nights?"),
])
def test_a_person_renamed_everywhere_out_of_place_is_a_consistent_rename(checker, question, paraphrase):
    result = checker.check(question, paraphrase)
    assert "term_missing" not in result.kinds(Severity.MAJOR), result.reasons


# -- the question asks about a person renamed everywhere ----------------------------------------------------------

class _Unrelated:
    def are_synonyms(self, a, b, threshold=None):
        return False


@needs_wordnet
@pytest.mark.parametrize("question, paraphrase, expected", [
    ("Priya picked 9 plums. If Priya picked 3 more plums than Joachim, how many plums did Joachim pick?",
     "Leona picked 9 plums. If Leona picked 3 more plums than Matteo did, how many plums did Matteo pick?", []),
    ("Hollis washed 14 cars. If Hollis washed twice as many cars as Bertrand, how many cars did Bertrand wash?",
     "Tamsin washed 14 cars. If Tamsin washed twice as many cars as Ezra, how many cars did Ezra wash?", []),
    # a new person asked about while the problem's person stays: ungrounded
    ("Priya picked 9 plums. If Priya picked 3 more plums than Joachim, how many plums did Joachim pick?",
     "Priya picked 9 plums. If Priya picked 3 more plums than Joachim, how many plums did Matteo pick?",
     ["Matteo"]),
])
def test_a_person_renamed_throughout_is_grounded_in_the_question(analyzer, question, paraphrase, expected):
    from paraqd.analysis.pair import QuestionPair
    from paraqd.checks.grounding import GroundingCheck

    pair = QuestionPair(analyzer.analyze(question), analyzer.analyze(paraphrase))
    found = [m.text for f in GroundingCheck(_Unrelated()).compare(pair) for m in f.paraphrase_spans]
    assert found == expected


# -- a new person in one relation or in the question, the old ones kept: a partial rename -------------------------

@pytest.mark.parametrize("question, paraphrase", [
    ("Tariq has twice as many marbles as Quinn. Quinn has 9 marbles. How many marbles does Tariq have?",
     "Quinn owns 9 marbles. Tariq owns twice as many marbles as Elena. How many marbles does Tariq own?"),
    ("Ines is 12 and her brother Paulo is 3 years older. What is the sum of their ages?",
     "Ines is 12 and her brother Paulo is 3 years older. What is the sum of the ages of Ines and Marco?"),
    ("Wendell sold 40 tickets and Corinne sold 15 fewer tickets than Wendell. How many tickets did Corinne sell?",
     "Corinne's total was 15 tickets fewer than what Harriet sold. Wendell sold 40 tickets. How many tickets did "
     "Corinne sell?"),
])
def test_a_new_person_in_a_relation_or_the_question_is_caught(checker, question, paraphrase):
    assert "person_added" in checker.check(question, paraphrase).kinds(Severity.MAJOR)


def test_a_new_person_written_in_the_old_ones_place_stays_a_rename_in_one_place(checker):
    q = "Wendell sold 40 tickets and Corinne sold 15 fewer tickets than Wendell. How many tickets did Corinne sell?"
    p = "Wendell sold 40 tickets, and Corinne sold 15 fewer tickets than Harriet. How many tickets did Corinne sell?"
    kinds = checker.check(q, p).kinds(Severity.MAJOR)
    assert "term_renamed_inconsistently" in kinds and "person_added" not in kinds


@pytest.mark.parametrize("question, paraphrase", [
    # a retelling's character who holds no quantity
    ("Tomas picked 14 apples and ate 3 of them. How many apples does Tomas have left?",
     "Tomas, who lives next door to Mrs. Okoro, picked 14 apples in the orchard and ate 3 of them. How many "
     "apples does Tomas have left?"),
    # an unnamed person of the problem named in apposition
    ("Tomas picked 14 apples and gave 3 to his friend. How many apples does Tomas have left?",
     "Tomas picked 14 apples and gave 3 to his friend Bruno. How many apples does Tomas have left?"),
    # an unnamed person named, then asked about by that name
    ("Tomas and his sister share 14 apples equally. How many apples do they each get?",
     "Tomas and his sister Ilse share 14 apples equally. How many apples do Tomas and Ilse each get?"),
    # a place the question asks about is no person (the grounding check judges it)
    ("Tomas flew 300 miles from Boston. How many miles did Tomas fly?",
     "Tomas flew 300 miles from Boston. How many miles did Tomas fly from Chicago?"),
    # a question's name said in the plural
    ("In a club, 12 members are named Joe and 8 are named Ada. How many members are named Joe or Ada?",
     "A club has 12 members named Joe and 8 named Ada. How many Joes and Adas are there?"),
    # a speaker of a dialogue
    ("Tomas picked 14 apples and ate 3 of them. How many apples does Tomas have left?",
     '"I picked 14 apples and ate 3," said Tomas. "How many apples do you have left?" asked Hedda.'),
    # a problem with no named person told with a named one
    ("A gardener grew 60 carrots and sold 25 of them. How many carrots are left?",
     "Old Mr. Pennington grew 60 carrots this year and sold 25 of them. How many carrots are left?"),
])
def test_a_new_character_holding_no_quantity_of_the_problem_passes(checker, question, paraphrase):
    assert "person_added" not in checker.check(question, paraphrase).kinds()

