"""Valid rewordings kept (issue 24): a value written another way is the same value, a count of new things set
beside or describing the problem's is context, a relation word said twice in a clause is said once.

Each rule has rewordings it must keep and edits it must still catch. Every sentence is made up for the test.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from paraqd.analysis.numbers import extract_numbers
from paraqd.checks import Severity
from paraqd.resources import spacy_available

needs_spacy = pytest.mark.skipif(not spacy_available(), reason="spaCy pipeline not installed")


def _values(text: str) -> list[tuple[str, float, str]]:
    return [(n.text, round(n.value, 6), n.kind) for n in extract_numbers(text)]


@pytest.mark.parametrize(("text", "expected"), [
    ("The shed is one quarter the size of the barn.", [("one quarter", 0.25, "fraction")]),
    ("Of the plates that are blue, one fifth have a crack.", [("one fifth", 0.2, "fraction")]),
    ("She gets a fourth off the price.", [("a fourth", 0.25, "fraction")]),
    ("The jar holds 3 dozens of cookies.", [("3 dozens", 36.0, "cardinal")]),
    ("He baked two dozens of rolls.", [("two dozens", 24.0, "cardinal")]),
    ("For every hundred visitors the park plants a tree.", [("hundred", 100.0, "cardinal")]),
])
def test_numbers_written_in_words_are_read(text, expected):
    assert _values(text) == expected


@pytest.mark.parametrize("text", [
    "Rosa is one fifth grader among many.",   # an ordinal of a grade, not a fraction
    "There were dozens of birds.",            # no count of dozens
    "Hundreds of people came.",               # no count
    "A fifth story window was open.",         # an ordinal before a noun
])
def test_words_that_are_no_fraction_or_count_stay_so(text):
    assert all(kind != "fraction" for _, _, kind in _values(text)), _values(text)
    assert all(value not in (100.0, 12.0) for _, value, _ in _values(text))


@settings(max_examples=20, deadline=None)
@given(count=st.integers(1, 9), noun=st.sampled_from(["eggs", "rolls", "pencils"]))
def test_a_count_of_dozens_is_twelve_times_it_in_any_spelling(count, noun):
    assert extract_numbers(f"Ivo bought {count} dozens of {noun}.")[0].value == count * 12
    assert extract_numbers(f"Ivo bought {count} dozen {noun}.")[0].value == count * 12


CRAYONS = "Tess buys 4 dozen crayons and gives away 10. How many crayons does she have left?"
CLASS = "There are 60 pupils in a hall, and 2/3 of the pupils wear caps. How many pupils wear caps?"
WORK = "Ravi earns $9 an hour. He works 3 hours on Mondays and an hour on Fridays. How much does he earn a week?"


@needs_spacy
@pytest.mark.parametrize(("question", "paraphrase"), [
    (CRAYONS, "Tess buys 4 boxes of 12 crayons and gives away 10. How many crayons does she have left?"),
    (CLASS, "There are 60 pupils in a hall, and 2 out of every 3 pupils wear caps. How many pupils wear caps?"),
    (WORK, "Ravi earns $9 an hour and works 3 hours on Mondays and 1 on Fridays. How much does he earn a week?"),
    ("A coat costs $80 and is sold at a fourth off. How much does it cost now?",
     "A coat costs $80 and is sold at a quarter off. How much does it cost now?"),
])
def test_a_value_spelt_out_another_way_is_kept(checker, question, paraphrase):
    result = checker.check(question, paraphrase)
    assert not result.kinds(Severity.MAJOR), result.reasons


@needs_spacy
@pytest.mark.parametrize(("question", "paraphrase"), [
    (CRAYONS, "Tess buys 4 boxes of 10 crayons and gives away 10. How many crayons does she have left?"),
    (CLASS, "There are 60 pupils in a hall, and 2 out of every 5 pupils wear caps. How many pupils wear caps?"),
    ("Ravi earns $9 for every hour he works. He works 3 hours on Mondays. How much does he earn a week?",
     "Ravi earns $9 for every hour he works. He works 3 hours on Mondays and 1 on Fridays. How much does he "
     "earn a week?"),
])
def test_a_value_spelt_out_wrong_is_caught(checker, question, paraphrase):
    result = checker.check(question, paraphrase)
    assert not result.passed, "another value was written"
    assert {"number_added", "number_changed"} & set(result.kinds(Severity.CRITICAL)), result.reasons


STAMPS = "Yuki had 40 stamps in her album. She gave 12 stamps to a friend. How many stamps does she have left?"


@needs_spacy
@pytest.mark.parametrize(("question", "paraphrase"), [
    # a count of other things coordinated with the problem's
    (STAMPS, "Yuki had 40 stamps in her album and 3 shoe boxes to keep her letters in. She gave 12 stamps to a "
             "friend. How many stamps does she have left?"),
    # a count of a place, modifying a noun of the problem
    ("There are 90 jars. Each jar holds 6 plums. How many plums are there?",
     "There are 90 jars on the 4 shelves of the pantry. Each jar holds 6 plums. How many plums are there?"),
    # a count that describes a thing of the problem by its parts
    ("A bakery sells 30 loaves a day. How many loaves does the bakery sell in a week?",
     "A 2-floor bakery sells 30 loaves a day. How many loaves does the bakery sell in a week?"),
    # a person's age, written bare
    (STAMPS, "Yuki had collected stamps since she was eight, and her album held 40 of them. She gave 12 stamps "
             "to a friend. How many stamps does she have left?"),
])
def test_a_count_of_new_things_is_context(checker, question, paraphrase):
    result = checker.check(question, paraphrase)
    assert result.passed, result.reasons
    assert "number_added" not in result.kinds(Severity.CRITICAL)


@needs_spacy
@pytest.mark.parametrize(("question", "paraphrase"), [
    # the same thing counted again, coordinated
    (STAMPS, "Yuki had 40 stamps in her album and 3 stamps in a drawer. She gave 12 stamps to a friend. How many "
             "stamps does she have left?"),
    # spread over places: every shelf holds the jars
    ("There are 90 jars. Each jar holds 6 plums. How many plums are there?",
     "There are 90 jars on each of the 4 shelves. Each jar holds 6 plums. How many plums are there?"),
    # a count that describes a thing by the parts the problem counts
    ("Ola has 40 eggs. She uses 16 eggs. How many eggs are left?",
     "Ola has 40 eggs and a 12-egg carton. She uses 16 eggs. How many eggs are left?"),
])
def test_a_count_the_problem_computes_with_is_caught(checker, question, paraphrase):
    result = checker.check(question, paraphrase)
    assert not result.passed, "a quantity the computation uses was added"
    assert "number_added" in result.kinds(Severity.CRITICAL)


@needs_spacy
@pytest.mark.parametrize(("question", "paraphrase"), [
    ("Each crate holds 30 apples each. Mo fills 5 crates. How many apples does he pack?",
     "Each crate can hold 30 apples. Mo fills 5 crates. How many apples does he pack?"),
    ("Together, Ann and Bo collected 40 shells. Ann collected 15. How many did Bo collect?",
     "Ann and Bo collected a total of 40 shells. Ann collected 15. How many did Bo collect?"),
])
def test_a_relation_said_once_is_kept(checker, question, paraphrase):
    result = checker.check(question, paraphrase)
    assert "relation_deleted" not in result.kinds(), result.reasons


@needs_spacy
@pytest.mark.parametrize(("question", "paraphrase"), [
    # a weekly event given its day, in a problem that counts weeks and games, not days
    ("Ada and Eli play chess every week. Ada won 9 games and Eli won 4. How many more games did Ada win?",
     "Every Tuesday evening Ada and Eli play chess. Ada won 9 games and Eli won 4. How many more games did Ada "
     "win?"),
    # a day inside the range the question names
    ("Noor swims 2 km every Monday through Thursday. How many km does she swim in 3 weeks?",
     "Noor swims 2 km on Monday, Tuesday, Wednesday and Thursday. How many km does she swim in 3 weeks?"),
])
def test_a_day_that_changes_no_count_is_kept(checker, question, paraphrase):
    result = checker.check(question, paraphrase)
    assert "day_added" not in result.kinds(), result.reasons


GARDEN = "A garden has 14 rows of white tulips and 9 rows of red tulips. How many more rows of white tulips are there?"


#: rewordings that keep the problem, each with the finding kind it must not raise
KEPT = [
    pytest.param(
        GARDEN,
        "The garden has 9 rows of red tulips and 14 rows of white tulips. How many more rows of white tulips are there?",
        "number_roles_swapped", id="two_counts_reordered_with_what_they_count_are_kept"),
    pytest.param(
        "Lu ran 4 miles in the morning and cycled 9 miles that day. How many miles did she cover?",
        "Sunday was a busy day for Lu: she ran 4 miles in the morning and cycled 9 miles. How many miles did she cover?",
        "day_added", id="a_day_in_a_problem_that_names_one_day_only_is_setting"),
    pytest.param(
        "Ivo has 6 pairs of socks. Lea has 4 times as many pairs of socks as Ivo. How many pairs does Lea have?",
        "Ivo owns 6 pairs of socks. Lea's sock collection is 4 times the size of Ivo's. How many pairs does Lea have?",
        "term_renamed_inconsistently", id="a_measure_written_for_a_counted_thing_is_no_rename"),
]


@needs_spacy
@pytest.mark.parametrize(("question", "paraphrase", "kind"), KEPT)
def test_a_rewording_that_keeps_the_problem_raises_no_such_finding(checker, question, paraphrase, kind):
    result = checker.check(question, paraphrase)
    assert kind not in result.kinds(), result.reasons


#: changed problems, each with the finding kind (and its severity) it must raise
CAUGHT = [
    # "each" as a determiner in one clause and after the price in another: two relations, one lost
    pytest.param(
        "Each box has 6 pens. Zoe buys 4 boxes at $3 each. How much does she pay?",
        "Each box has 6 pens. Zoe buys 4 boxes at $3. How much does she pay?",
        "relation_deleted", Severity.MAJOR, id="a_relation_left_out_in_place_is_still_caught"),
    pytest.param(
        "Kai is 12 years old. His sister is 3 years younger. How old is his sister?",
        "Kai is 12 years old, and his sister is 3 years younger. When she was 4, she got a cat. How old is his sister?",
        "number_added", Severity.CRITICAL, id="an_age_in_a_problem_about_ages_is_not_context"),
    pytest.param(
        "Omar reads 10 pages every day. How many pages does he read in 2 weeks?",
        "Omar reads 10 pages every day, Monday through Friday only. How many pages does he read in 2 weeks?",
        "day_added", Severity.MAJOR, id="a_day_added_to_a_daily_count_is_caught"),
    pytest.param(
        GARDEN,
        "A garden has 9 rows of white tulips and 14 rows of red tulips. How many more rows of white tulips are there?",
        "number_roles_swapped", Severity.CRITICAL, id="two_counts_that_traded_what_they_count_are_caught"),
    pytest.param(
        "Ben saves $3 a week. How much does he save in 52 weeks, which is about a year?",
        "Ben saves $3 a week, every week for 52 weeks, which is about a year.",
        "question_missing", Severity.CRITICAL, id="a_relative_which_clause_asks_nothing"),
]


@needs_spacy
@pytest.mark.parametrize(("question", "paraphrase", "kind", "severity"), CAUGHT)
def test_a_changed_problem_raises_its_finding(checker, question, paraphrase, kind, severity):
    result = checker.check(question, paraphrase)
    assert kind in result.kinds(severity), result.reasons
