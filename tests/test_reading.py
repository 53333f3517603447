"""How values and quantities are read (issue 24, session 11): a value written another way is the same value
("half a dozen" is 6, "1 pound 4 ounces" is 20 ounces), a one-letter name closing a sentence is the name
("company D."), and a share written as a count of the same things is another quantity ("20% of the fish" ->
"20 of the fish"). Each rule: variants in other words, and lookalikes that must still be caught."""

from __future__ import annotations

import pytest

from paraqd.analysis import QuestionPair
from paraqd.analysis.numbers import extract_numbers
from paraqd.checks import Severity
from paraqd.resources import spacy_available

needs_spacy = pytest.mark.skipif(not spacy_available(), reason="spaCy pipeline not installed")


def _rejecting(checker, question: str, paraphrase: str) -> list[str]:
    return [f"{f.kind}: {f.message}" for f in checker.check(question, paraphrase).findings
            if f.severity >= Severity.MAJOR]


def _values(checker, question: str, paraphrase: str) -> list[str]:
    return [f"{f.kind}: {f.message}" for f in checker.check(question, paraphrase).findings
            if f.kind.startswith(("number_", "unit_"))]


# -- a fraction of a dozen or of a scale word is one number ------------------------------------------------
@pytest.mark.parametrize("text, value", [
    ("Jake took half a dozen balloons.", 6),
    ("She bought a half dozen muffins.", 6),
    ("The town has a quarter of a million trees.", 250_000),
    ("He picked one and a half dozen roses.", 18),
    ("The club raised two and a half million dollars.", 2_500_000),
    ("Three quarters of a dozen cups broke.", 9),
    ("Tyler ate one and half times as many rolls.", 1.5),
    ("The trip took two and half hours.", 2.5),
])
def test_a_fraction_of_a_dozen_or_a_scale_is_one_number(text, value):
    (number,) = extract_numbers(text)
    assert number.value == pytest.approx(value)


@pytest.mark.parametrize("text, values", [
    ("She ate half a cake and a dozen rolls.", [0.5, 12]),
    ("They ate half. A dozen were left.", [0.5, 12]),
    ("Half a day later, a dozen hikers came.", [0.5, 12]),
    ("He kept one and half of the rest went to Ann.", [1, 0.5]),
])
def test_a_fraction_beside_a_dozen_that_it_does_not_take_stays_apart(text, values):
    assert [n.value for n in extract_numbers(text)] == values


@needs_spacy
@pytest.mark.parametrize("question, paraphrase", [
    ("Mia baked 6 pies for the fair. How many pies are left after she sells 2?",
     "Mia baked half a dozen pies for the fair. How many are left once she sells 2 of them?"),
    ("A stadium holds 250000 fans. How many seats are empty when 180000 come?",
     "A stadium holds a quarter of a million fans. How many seats are empty when 180000 come?"),
])
def test_a_fraction_of_a_dozen_keeps_the_value(checker, question, paraphrase):
    assert _values(checker, question, paraphrase) == []


@needs_spacy
def test_a_fraction_of_a_dozen_that_is_another_value_is_caught(checker):
    found = _rejecting(checker, "Mia baked 8 pies for the fair. How many are left after she sells 2?",
                       "Mia baked half a dozen pies for the fair. How many are left after she sells 2?")
    assert any(f.startswith("number_changed") for f in found), found


# -- a measure in two units, beside a "one" the question does not have -----------------------------------------
@needs_spacy
@pytest.mark.parametrize("question, paraphrase", [
    ("A bag of rice weighs 20 ounces. How much do 3 bags weigh?",
     "One bag of rice weighs 1 pound 4 ounces. How much do 3 bags weigh?"),
    ("The play lasts 90 minutes. How long do 4 showings last?",
     "One showing of the play lasts 1 hour 30 minutes. How long do 4 showings last?"),
    ("Each plank is 130 centimetres long. How long are 5 planks laid end to end?",
     "One plank is 1 metre 30 centimetres long. How long are 5 planks laid end to end?"),
])
def test_a_measure_in_two_units_is_the_same_measure_beside_a_word_one(checker, question, paraphrase):
    assert _values(checker, question, paraphrase) == []


@needs_spacy
def test_a_measure_in_two_units_that_changed_is_caught(checker):
    found = _rejecting(checker, "A bag of rice weighs 20 ounces. How much do 3 bags weigh?",
                       "One bag of rice weighs 1 pound 6 ounces. How much do 3 bags weigh?")
    assert found, found


# -- a one-letter name closing a sentence is the name ----------------------------------------------------------
@needs_spacy
@pytest.mark.parametrize("text, letter", [
    ("The bus goes from stop P to stop Q. It takes 20 minutes.", "Q"),
    ("Sara likes plan B. Tom likes plan C.", "C"),
    ("How many students chose option A, B or D?", "D"),
    ("She put $100 in each of Funds A and B.After a year, Fund A was up.", "B"),
])
def test_a_capital_letter_before_a_full_stop_is_a_name(checker, text, letter):
    doc = checker.analyzer.analyze(text)
    assert letter in [t.text for t in doc.doc]


@needs_spacy
@pytest.mark.parametrize("text, number, next_sentence", [
    ("Each green pen costs $0.45.If Rana spent $9, how many pens did she buy?", "0.45", "If Rana spent $9"),
    ("The tank holds 12.5.Then it leaks 2 litres.", "12.5", "Then it leaks 2 litres."),
    ("She walked 7.Afterwards she rested.", "7", "Afterwards she rested."),
])
def test_a_number_glued_to_the_next_sentence_ends_its_sentence(checker, text, number, next_sentence):
    doc = checker.analyzer.analyze(text)
    assert number in [t.text for t in doc.doc]
    assert any(s.text.startswith(next_sentence) for s in doc.doc.sents)


@needs_spacy
def test_a_per_item_price_glued_to_the_next_sentence_stays_per_item(checker):
    """A rewording that lost the space after a price ("$0.14.If he spent") keeps the price said of each item."""
    question = ("Each red bead costs $0.05 and each blue bead costs $0.14. If Omar spent a total of $2.06, how many "
                "beads did he buy in total?")
    paraphrase = ("Each red bead costs $0.05, and each blue bead costs $0.14.If Omar spent 2.06 dollars in total, "
                  "how many beads did he buy in total?")
    kinds = {f.kind.value for f in checker.check(question, paraphrase).findings}
    assert "per_item_made_total" not in kinds


@needs_spacy
def test_a_list_of_letters_ending_a_sentence_is_the_same_list(checker):
    analyze = checker.analyzer.analyze
    pair = QuestionPair(
        analyze("Buses leave from gates K, L and M. Each bus holds 30 people. How many people can 4 buses hold?"),
        analyze("Each bus holds 30 people. How many people can 4 buses from gates K, L and M hold?"))
    assert pair.changed_lists == ()
    pair = QuestionPair(
        analyze("Which crates hold more than 20 apples: crate X, crate Y or crate Z?"),
        analyze("Facts:\n- Crates hold apples.\nFind: which of crate X, crate Y or crate Z holds more than 20 apples."))
    assert pair.changed_lists == ()


@needs_spacy
@pytest.mark.parametrize("question, paraphrase", [
    ("Shelf P holds 40 books; shelf Q holds 6 fewer books than shelf P; shelf R holds 3 more books than shelf Q. "
     "How many books are on the three shelves?",
     "Books: shelf P 40, shelf Q 6 fewer than P, shelf R 3 more than Q. How many books on the three shelves?"),
    ("Team J scored 12 goals and team K scored 4 fewer goals than team J. How many goals did both teams score?",
     "Goals: team J 12, team K 4 fewer than J. Total for both teams?"),
])
def test_a_telegraphic_comparison_is_the_same_comparison(checker, question, paraphrase):
    assert not [f for f in _rejecting(checker, question, paraphrase) if f.startswith("comparison_reversed")]


@needs_spacy
def test_a_comparison_whose_sides_swapped_is_still_reversed(checker):
    found = _rejecting(checker, "Team J scored 12 goals. Team K scored 4 more goals than team J. How many goals "
                       "did team K score?",
                       "Team J scored 12 goals. Team J scored 4 more goals than team K. How many goals did team K score?")
    assert found, found


# -- a share written as a count of the same things -------------------------------------------------------------
@needs_spacy
@pytest.mark.parametrize("question, paraphrase", [
    ("Ann buys 400 eggs, but 20% of the eggs are cracked. How many omelettes of 4 eggs can she make?",
     "Ann buys 400 eggs, but 20 of the eggs are cracked. How many omelettes of 4 eggs can she make?"),
    ("Of 50 students, 30% walked to school. How many students did not walk?",
     "Of 50 students, 30 students walked to school. How many students did not walk?"),
    ("A class has 40 pupils and 25% of them bring lunch. How many pupils buy lunch?",
     "A class has 40 pupils and 25 of them bring lunch. How many pupils buy lunch?"),
    ("A lot has 60 cars and 15 of the cars are red. How many cars are not red?",
     "A lot has 60 cars and 15% of the cars are red. How many cars are not red?"),
])
def test_a_share_written_as_a_count_of_the_same_things_is_another_quantity(checker, question, paraphrase):
    found = _rejecting(checker, question, paraphrase)
    assert any(f.startswith("share_counted") for f in found), found


@needs_spacy
@pytest.mark.parametrize("question, paraphrase", [
    ("Ann buys 400 eggs, but 20% of the eggs are cracked. How many eggs are whole?",
     "Ann buys 400 eggs, but 20 percent of the eggs are cracked. How many eggs are whole?"),
    ("Ann buys 400 eggs, but 20% of the eggs are cracked. How many eggs are whole?",
     "Ann buys 400 eggs, but one fifth of the eggs are cracked. How many eggs are whole?"),
    ("The price of a lamp rose by 20%. What is the new price of a $50 lamp?",
     "The price of a lamp went up by 20 percent. What does a $50 lamp cost now?"),
])
def test_a_share_written_as_a_share_is_kept(checker, question, paraphrase):
    assert _rejecting(checker, question, paraphrase) == []


@needs_spacy
def test_a_share_written_as_a_bare_number_of_nothing_counted_stays_a_note(checker):
    found = [f for f in checker.check("She sells 20% of it.", "She sells 20 of it.").findings]
    assert [f.kind for f in found] == ["number_kind_changed"] and found[0].severity == Severity.MINOR


# -- two quantities traded between their things across a reordered sentence -------------------------------------
@needs_spacy
@pytest.mark.parametrize("question, paraphrase", [
    ("Every day Ryan spends 6 hours on learning english and 2 hours on learning chinese. How many more hours "
     "does he spend on english than on chinese?",
     "How many more hours does Ryan spend on English than on Chinese each day, if he studies English for 2 hours "
     "and Chinese for 6 hours every day?"),
    ("Lina spends 5 dollars on bread and 3 dollars on milk. How much does she spend in all?",
     "How much does Lina spend in all if she buys bread for 3 dollars and milk for 5 dollars?"),
    ("A farmer plants 40 rows of corn and 25 rows of beans. How many more rows of corn than beans are there?",
     "How many more rows of corn than beans are there, if the farmer plants beans in 40 rows and corn in 25 rows?"),
])
def test_quantities_traded_between_their_things_are_caught(checker, question, paraphrase):
    assert _rejecting(checker, question, paraphrase), checker.check(question, paraphrase).reasons


@needs_spacy
@pytest.mark.parametrize("question, paraphrase", [
    ("Every day Ryan spends 6 hours on learning english and 2 hours on learning chinese. How many more hours "
     "does he spend on english than on chinese?",
     "How many more hours does Ryan spend on English than on Chinese each day, if he studies English for 6 hours "
     "and Chinese for 2 hours every day?"),
    ("Lina spends 5 dollars on bread and 3 dollars on milk. How much does she spend in all?",
     "How much does Lina spend in all if she buys bread for 5 dollars and milk for 3 dollars?"),
    ("A farmer plants 40 rows of corn and 25 rows of beans. How many more rows of corn than beans are there?",
     "How many more rows of corn than beans are there, if the farmer plants corn in 40 rows and beans in 25 rows?"),
    ("Tom has 5 apples and Ann has 3 pears. How many fruits do they have?",
     "Ann has 3 pears while Tom has 5 apples. How many fruits do they have?"),
    ("On Monday Kim reads 12 pages. On Tuesday she reads 8 pages. How many pages does she read?",
     "Kim reads 8 pages on Tuesday, after reading 12 pages on Monday. How many pages does she read?"),
    ("Eva took 30 new pictures in the first week and only 20 new photos later. How many pictures did she take?",
     "Eva took 30 photos in the first week and later only 20 new pictures. How many pictures did she take?"),
])
def test_quantities_kept_with_their_things_across_a_reordered_sentence_are_kept(checker, question, paraphrase):
    assert not [f for f in _rejecting(checker, question, paraphrase) if "swapped" in f], \
        checker.check(question, paraphrase).reasons
