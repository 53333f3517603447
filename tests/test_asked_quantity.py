"""The asked quantity as information (paraqd/analysis/asked_quantity.py and asked_changes.py, issue 24): a
paraphrase whose question asks for another aggregate (what is left -> the total), for a part of the whole, or
for another person's quantity is caught; rewordings that ask for the same thing in other words are kept. Every sentence
here is written for this test."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from paraqd.analysis.asked_changes import asked_changes
from paraqd.analysis.asked_quantity import EACH, INITIAL, NOW, REMAINING, TOTAL, asked_quantity
from paraqd.checks import Severity
from paraqd.resources import spacy_available

pytestmark = pytest.mark.skipif(not spacy_available(), reason="spaCy pipeline not installed")

MIA = "Mia had $40. She spent $12 on a book and $8 on lunch. "
LEO = "Leo swam 2 km on Monday, 3 km on Tuesday and 4 km on Friday. "
SHOP = "Ana buys 4 pens at $2 each and Ben buys 3 notebooks at $5 each. "
POND = "A pond had 12 ducks. Then 5 ducks flew away, and later 8 more ducks landed. "
MUGS = "Omar paid $18 for 3 identical mugs. Now he has $7. "
STICKERS = "Ivy and Max share 30 stickers. Ivy gets 18 of them and gives 4 to a friend. "


def _changes(checker, question, paraphrase):
    analyze = checker.analyzer.analyze
    return tuple(asked_changes(analyze(question), analyze(paraphrase)))


@pytest.mark.parametrize(("question", "aggregates"), [
    ("How much money does Mia have left?", {REMAINING}),
    ("How many kilometers did Leo swim altogether?", {TOTAL}),
    ("How much did each mug cost?", {EACH}),
    ("How many ducks were on the pond at first?", {INITIAL}),
    ("How many ducks are on the pond now?", {NOW}),
    # a condition is not the asked quantity: "each" and "all" below describe the problem
    ("How many calories are in the box if each cookie has 20 calories?", set()),
    ("How many days remain until all the hay is gone?", {REMAINING}),
])
def test_the_aggregate_asked_is_read_from_the_asking_clause(checker, question, aggregates):
    asked = asked_quantity(checker.analyzer.analyze(question))
    assert asked is not None and set(asked.aggregates) == aggregates


# -- caught: the question asks for something else -----------------------------------------------------------

@pytest.mark.parametrize(("question", "paraphrase", "what"), [
    (MIA + "How much money does Mia have left?", MIA + "How much money did Mia spend in total?", "aggregate"),
    (MUGS + "How much did each mug cost?", MUGS + "How much money did Omar have before buying the mugs?",
     "aggregate"),
    (POND + "How many ducks are on the pond now?", POND + "How many ducks were on the pond before the 8 landed?",
     "aggregate"),
    (LEO + "How many kilometers did Leo swim in total?", LEO + "How many kilometers did Leo swim on Friday?", "part"),
    (SHOP + "How much do they spend altogether?", SHOP + "How much does Ben spend?", "part"),
    (STICKERS + "How many stickers does Ivy keep?", STICKERS + "How many stickers does Max keep?", "owner"),
])
def test_another_asked_quantity_is_caught(checker, question, paraphrase, what):
    assert what in {c.what for c in _changes(checker, question, paraphrase)}
    result = checker.check(question, paraphrase)
    assert not result.passed
    assert result.kinds(Severity.MAJOR) & {"question_quantity_changed", "question_changed"}, str(result)


# -- kept: the same quantity asked in other words ---------------------------------------------------------------

@pytest.mark.parametrize(("question", "paraphrase"), [
    (MIA + "How much money will Mia have left?", MIA + "What amount of money remains with Mia?"),
    (LEO + "How many kilometers did Leo swim in total?", LEO + "How many kilometers did Leo swim altogether?"),
    (LEO + "What is the total distance Leo swam, in kilometers?", LEO + "How many kilometers did Leo swim in all?"),
    (LEO + "How many kilometers did Leo swim in total?", LEO + "How many kilometers did Leo swim?"),  # implicit
    (SHOP + "How much do they spend altogether?", SHOP + "How much do Ana and Ben spend together?"),
    (POND + "How many ducks are on the pond now?", POND + "How many ducks remain on the pond?"),
    ("A box holds 6 bags of 10 cookies. How many calories are in the box if each cookie has 20 calories?",
     "A box holds 6 bags of 10 cookies. If each cookie has 20 calories, how many calories are in the whole box?"),
])
def test_the_same_asked_quantity_in_other_words_is_kept(checker, question, paraphrase):
    assert _changes(checker, question, paraphrase) == ()
    assert "question_quantity_changed" not in checker.check(question, paraphrase).kinds()


def test_a_name_misspelt_in_the_question_is_the_story_s_person(checker):
    # the question's own typo ("Marissa" for the story's "Marisa"); a paraphrase that writes the story's
    # name asks about the same person
    question = "Marisa baked 12 pies on Saturday and 9 on Sunday. How many pies did Marissa bake in all?"
    paraphrase = "Marisa baked 12 pies on Saturday and 9 pies on Sunday. How many pies did Marisa bake altogether?"
    result = checker.check(question, paraphrase)
    assert not result.kinds(Severity.MAJOR) & {"question_changed", "question_quantity_changed"}, str(result)


_TOTAL_WORDS = ("in total", "altogether", "in all", "combined")
_LEFT_FORMS = ("How many {thing} does {name} have left?", "How many {thing} does {name} still have?",
               "How many {thing} remain with {name}?")
_THINGS = ("marbles", "stamps", "shells", "coins")
_NAMES = ("Rosa", "Kofi", "Ines")


@settings(max_examples=25, deadline=None, derandomize=True)
@given(thing=st.sampled_from(_THINGS), name=st.sampled_from(_NAMES), total=st.sampled_from(_TOTAL_WORDS),
       total2=st.sampled_from(_TOTAL_WORDS), left=st.sampled_from(_LEFT_FORMS), left2=st.sampled_from(_LEFT_FORMS))
def test_aggregates_compare_by_class_not_by_word(checker, thing, name, total, total2, left, left2):
    story = f"{name} had 50 {thing} and found 20 more, then gave 15 away. "
    asked_total = story + f"How many {thing} did {name} have {total}?"
    asked_total2 = story + f"How many {thing} did {name} have {total2}?"
    asked_left = story + left.format(thing=thing, name=name)
    asked_left2 = story + left2.format(thing=thing, name=name)
    assert _changes(checker, asked_total, asked_total2) == ()  # the same aggregate in other words
    assert _changes(checker, asked_left, asked_left2) == ()
    assert "aggregate" in {c.what for c in _changes(checker, asked_left, asked_total)}  # what is left -> the total


GARDEN = "A garden is a rectangle. Its perimeter is 40 meters and its length is 12 meters. "


def test_another_property_of_the_thing_is_caught_and_a_synonym_kept(checker):
    from paraqd.analysis.lexicon import default_lexicon

    if default_lexicon() is None:
        pytest.skip("WordNet not installed (the optional extra): the minor question_changed stays")
    question = GARDEN + "What is the width of the garden?"
    changed = checker.check(question, GARDEN + "What is the area of the garden?")
    assert "question_quantity_changed" in changed.kinds(Severity.MAJOR) and not changed.passed
    same = checker.check(question, "A rectangular garden has a perimeter of 40 meters and a length of 12 meters. "
                                   "What is the breadth of the garden?")
    assert "question_quantity_changed" not in same.kinds()
    jon = "Jon throws a ball at 80 miles per hour. After 16 weeks of training he throws 20% faster. "
    assert _changes(checker, jon + "How much speed did he gain per week?", jon + "What is his weekly speed gain?") == ()
    trip = "A train goes 60 miles per hour for 3 hours. "
    assert _changes(checker, trip + "What is the distance it covers?", trip + "What is the length of its trip?") == ()


ALBUM = "Kim puts her stamps into albums with 20 stamps on each page. She has 4 boxes of 30 stamps. "


def test_another_thing_of_the_problem_asked_is_caught_and_the_same_thing_kept(checker):
    from paraqd.analysis.lexicon import default_lexicon

    if default_lexicon() is None:
        pytest.skip("WordNet not installed (the optional extra)")
    question = ALBUM + "How many stamps does she have?"
    changed = checker.check(question, ALBUM + "How many full pages can she fill?")
    assert "question_quantity_changed" in changed.kinds(Severity.MAJOR) and not changed.passed
    assert _changes(checker, question, ALBUM + "What is the number of stamps she owns?") == ()
    assert _changes(checker, question, ALBUM + "How many stamps does Kim own in all?") == ()


# -- a difference asked as a property; what is left asked as what went ------------------------------------------

YARD = "A yard is 14 meters long and 9 meters wide. "
BUNS = "Ola baked 40 buns. She sold 12 buns and gave away 6. "


def test_a_difference_asked_as_a_property_is_caught_and_a_difference_in_other_words_kept(checker):
    from paraqd.analysis.lexicon import default_lexicon

    if default_lexicon() is None:
        pytest.skip("WordNet not installed (the optional extra)")
    question = YARD + "How much longer is the yard than it is wide?"
    changed = checker.check(question, YARD + "What is the perimeter of the yard?")
    assert "question_quantity_changed" in changed.kinds(Severity.MAJOR) and not changed.passed
    assert "compared" in {c.what for c in _changes(checker, question, YARD + "What is the perimeter of the yard?")}
    for same in ("By how much does its length exceed its width?", "What is the difference between its length and "
                 "its width?", "How many more meters long than wide is the yard?"):
        assert "compared" not in {c.what for c in _changes(checker, question, YARD + same)}, same


def test_what_is_left_asked_as_what_went_is_caught_and_what_is_left_in_other_words_kept(checker):
    from paraqd.analysis.lexicon import default_lexicon

    if default_lexicon() is None:
        pytest.skip("WordNet not installed (the optional extra)")
    question = BUNS + "How many buns does she have left?"
    changed = BUNS + "How many buns did she sell or give away?"
    assert "moved" in {c.what for c in _changes(checker, question, changed)}
    assert not checker.check(question, changed).passed
    for same in ("How many buns does she still have?", "How many buns remain after she sold and gave some away?",
                 "How many buns does Ola keep?", "How many buns did she not sell or give away?"):
        assert _changes(checker, question, BUNS + same) == (), same


FARE = "A bus ride costs $2 for an adult and $1 for a child. A father has $9 and takes his own ride too. "


@pytest.mark.parametrize(("question", "paraphrase", "old_kind"), [
    (FARE + "How many children can ride with him?", FARE + "How much money will he have left after his own ride?",
     "count"),
    (FARE + "How much money does he spend on the rides?", FARE + "How many children can ride with him?", "money"),
    (FARE + "How many children can ride with him?", FARE + "How much will he have left after his own ride?", "count"),
])
def test_a_count_of_things_asked_as_a_sum_of_money_is_another_quantity(checker, question, paraphrase, old_kind):
    from paraqd.analysis.lexicon import default_lexicon

    if default_lexicon() is None:
        pytest.skip("WordNet not installed")
    changes = [c for c in _changes(checker, question, paraphrase) if c.what == "money"]
    assert changes and changes[0].old_kind == old_kind
    found = [f for f in checker.check(question, paraphrase).findings if f.kind.value == "question_quantity_changed"]
    assert found and "a sum of money" in found[0].message and found[0].severity == Severity.MAJOR


@pytest.mark.parametrize("paraphrase", [
    FARE + "How many kids can come along with him?",
    FARE + "How many dollars will he have left after his own ride?",
])
def test_the_same_count_or_money_in_other_words_is_not_a_money_change(checker, paraphrase):
    question = FARE + ("How many children can ride with him?" if "kids" in paraphrase
                       else "How much money will he have left after his own ride?")
    assert not [c for c in _changes(checker, question, paraphrase) if c.what == "money"]
