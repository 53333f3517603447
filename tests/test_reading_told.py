"""How a problem's information is read when a rewording tells it another way (issue 24, session 14): one unit
written once after a list of numbers that share it ("58, 62 and 65 minutes"), a person's age stated as a bare
number ("Djibo is 17."), a narrator who says who they are ("I'm Ray"), informal abbreviations of units of time
("2 mos."). Every sentence here is made up for the test (other problems, nouns and verbs than the development
pairs); each rule has lookalikes that must still be caught."""

from __future__ import annotations

import pytest

from paraqd.checks import Severity
from paraqd.resources import spacy_available

pytestmark = pytest.mark.skipif(not spacy_available(), reason="spaCy pipeline not installed")


def _major(checker, question: str, paraphrase: str) -> list[str]:
    return [f"{f.kind}: {f.message}" for f in checker.check(question, paraphrase).findings
            if f.severity >= Severity.MAJOR]


# -- one unit written once after a list of numbers ---------------------------------------------------------------
@pytest.mark.parametrize("question, paraphrase", [
    ("The three songs on Aiko's album are 4 minutes, 5 minutes, and 6 minutes long. How long is the album?",
     "Aiko's album has three songs lasting 4, 5, and 6 minutes. How long is the album?"),
    ("Lena's garden beds are 3 meters, 5 meters and 8 meters long. How many meters of edging does she need?",
     "Lena has garden beds of 3, 5 and 8 meters. How many meters of edging does she need?"),
    ("A cyclist rode 12 miles, 15 miles, 9 miles and 20 miles on four days. How far did she ride in all?",
     "On four days a cyclist rode 12, 15, 9 and 20 miles. What distance did she ride in all?"),
])
def test_numbers_listed_before_one_unit_share_it(checker, question, paraphrase):
    assert not [m for m in _major(checker, question, paraphrase) if m.startswith("unit_")]


@pytest.mark.parametrize("question, paraphrase", [
    # the list ends in another unit: the first numbers lost theirs
    ("Sam worked 3 hours on Monday, 4 hours on Tuesday and 30 minutes on Wednesday. How long did he work?",
     "Sam worked 3, 4 and 30 minutes on Monday, Tuesday and Wednesday. How long did he work?"),
    # a number followed by a noun of its own is no member of a list sharing the unit
    ("Ann bought 4 pounds of apples, 3 pounds of pears and 2 pounds of plums. How many pounds of fruit?",
     "Ann bought 4 apples, 3 pears and 2 pounds of plums. How many pounds of fruit did she buy?"),
])
def test_a_list_that_does_not_share_the_unit_still_loses_it(checker, question, paraphrase):
    assert any(m.startswith("unit_") for m in _major(checker, question, paraphrase))


# -- a person's age written as a bare number ---------------------------------------------------------------------
@pytest.mark.parametrize("question, paraphrase", [
    ("Priya is 12 years old. Her brother is 3 years older than her. How old is her brother?",
     "Priya is 12. Her brother is 3 years older than her. How old is her brother?"),
    ("Mr. Okoro is 45 years old and his son Femi is 15 years old. How many years older is Mr. Okoro?",
     "Mr. Okoro is 45 and his son Femi is 15. How many years older is Mr. Okoro?"),
    ("Carmen was 30 years old when her daughter Lucia was born. Lucia is 8 years old now. How old is Carmen now?",
     "Carmen was 30 when her daughter Lucia was born. Lucia is 8 years old now. How old is Carmen now?"),
])
def test_an_age_stated_as_a_bare_number_keeps_its_unit(checker, question, paraphrase):
    assert not [m for m in _major(checker, question, paraphrase) if m.startswith("unit_")]


@pytest.mark.parametrize("question, paraphrase", [
    # years of something else, not an age: a bare number says another thing
    ("Priya has worked at the bakery for 12 years. Her brother has worked there 3 years less. How long has he?",
     "Priya is 12. Her brother has worked there 3 years less. How long has he worked at the bakery?"),
    # the subject is no person: the number is a count, not an age
    ("The oak tree is 40 years old. The pine is 15 years younger. How old is the pine?",
     "The oak tree is 40 feet tall. The pine is 15 years younger. How old is the pine?"),
])
def test_a_bare_number_that_is_no_age_of_the_same_person_still_loses_the_unit(checker, question, paraphrase):
    assert any(m.startswith("unit_") for m in _major(checker, question, paraphrase))


# -- a narrator who names themself is that person ------------------------------------------------------------
@pytest.mark.parametrize("question, paraphrase", [
    ("Nadia bakes 24 cookies and gives 5 to her neighbor. Nadia eats 2 of them. How many cookies does Nadia "
     "have left?",
     "I'm Nadia, and I bake 24 cookies and give 5 to my neighbor. I eat 2 of them. How many cookies do I have "
     "left?"),
    ("Theo collects stamps. Theo has 40 stamps and buys 12 more each month. How many stamps will Theo have after "
     "3 months?",
     "Hello, I am Theo! I collect stamps. I have 40 stamps and I buy 12 more each month. How many stamps will I "
     "have after 3 months?"),
    ("Omar saves $6 a week. His bike costs $90. How many weeks will Omar need to save for the bike?",
     "My name is Omar. I save $6 a week, and my bike costs $90. How many weeks will I need to save for it?"),
])
def test_a_narrator_who_names_themself_is_that_person(checker, question, paraphrase):
    assert not [m for m in _major(checker, question, paraphrase) if m.startswith("person_added")]


@pytest.mark.parametrize("question, paraphrase", [
    # the narrator names another person: a new one holding the problem's quantity
    ("Nadia bakes 24 cookies and gives 5 to her neighbor. Nadia eats 2 of them. How many cookies does Nadia "
     "have left?",
     "I'm Sam. Nadia bakes 24 cookies and gives 5 to her neighbor. I eat 2 of them. How many cookies does Nadia "
     "have left?"),
])
def test_a_narrator_named_as_someone_else_is_still_added(checker, question, paraphrase):
    assert any(m.startswith("person_added") for m in _major(checker, question, paraphrase))


# -- abbreviations of units of time in notes ---------------------------------------------------------------------
@pytest.mark.parametrize("question, paraphrase", [
    ("A tub of lotion lasts Kim 3 months. Each tub costs $7. How much does Kim spend on lotion in a year?",
     "tub of lotion lasts kim 3 mos. $7/tub. how much does kim spend on lotion in a yr?"),
    ("A phone plan costs $20 per month. How much does Dev pay for the plan in 6 months?",
     "phone plan: $20/mo. how much does dev pay for it over 6 mos?"),
    ("A gym charges $15 per week. How much does Ruth pay over 8 weeks?",
     "gym = $15 per wk. how much does ruth pay over 8 wks?"),
    ("Each hen on Bola's farm lays 5 eggs per day. How many eggs do 4 hens lay in a week?",
     "ea. hen on bola's farm lays 5 eggs/day. how many eggs do 4 hens lay in a wk?"),
])
def test_abbreviated_units_of_time_are_those_units(checker, question, paraphrase):
    assert not [m for m in _major(checker, question, paraphrase) if m.startswith(("unit_", "rate_"))]


@pytest.mark.parametrize("question, paraphrase", [
    # the abbreviation of another unit: the period changed
    ("A phone plan costs $20 per month. How much does Dev pay for the plan in 6 months?",
     "phone plan: $20/wk. how much does dev pay for it over 6 mos?"),
])
def test_an_abbreviation_of_another_unit_is_still_caught(checker, question, paraphrase):
    assert _major(checker, question, paraphrase)


# -- a quantity written in another unit kept its unit, whatever else its number counts ----------------------------
@pytest.mark.parametrize("question, paraphrase", [
    ("A film marathon has three films and lasts 3 hours. The first film is 50 minutes long and the second is 70 "
     "minutes long. How long is the third film?",
     "A three-film marathon runs for 180 minutes. The first film is 50 minutes long and the second is 70 minutes "
     "long. How long is the third film?"),
    ("Kofi carries 2 bags and walks 2 kilometers to school. He has walked 800 meters. How far is he from school?",
     "Carrying his 2 bags, Kofi walks 2000 meters to school. He has walked 800 meters. How far is he from school?"),
])
def test_a_quantity_converted_to_another_unit_keeps_it(checker, question, paraphrase):
    assert not [m for m in _major(checker, question, paraphrase) if m.startswith("unit_")]


def test_a_number_left_bare_without_a_conversion_still_loses_its_unit(checker):
    question = ("A play has four acts and lasts 4 hours. The first act is 50 minutes long. How long are the other "
                "acts together?")
    paraphrase = "A play in four acts lasts 4. The first act is 50 minutes long. How long are the other acts together?"
    assert any(m.startswith("unit_") for m in _major(checker, question, paraphrase))


# -- numbers that label the things a problem counts, one after another from 1 ------------------------------------
@pytest.mark.parametrize("question, paraphrase", [
    ("Nia teaches three classes with 20, 24 and 18 students. How many students does Nia teach in all?",
     "Nia teaches three classes: class one has 20 students, class two has 24 and class three has 18. How many "
     "students does Nia teach in all?"),
    ("The first game drew 300 fans and the second game drew 250 fans. How many fans came to the games?",
     "Game 1 drew 300 fans and game 2 drew 250 fans. How many fans came to the games?"),
    ("Leo swam 40 laps on the first day, 35 laps on the second and 50 laps on the third. How many laps did he swim?",
     "Leo's swimming log: day 1, 40 laps; day 2, 35 laps; day 3, 50 laps. How many laps did he swim?"),
])
def test_numbers_labelling_things_in_order_add_no_quantity(checker, question, paraphrase):
    assert not [m for m in _major(checker, question, paraphrase) if m.startswith("number_")]


@pytest.mark.parametrize("question, paraphrase", [
    # the labels run, but another number beside them counts something new
    ("Nia teaches three classes with 20, 24 and 18 students. How many students does Nia teach in all?",
     "Nia teaches three classes: class one has 20 students, class two has 24 and class three has 18, and 2 "
     "students are in two classes. How many students does Nia teach in all?"),
    # labels that do not run from 1: no enumeration of the problem's things
    ("Nia teaches two classes with 24 and 18 students. How many students does Nia teach in all?",
     "Class 2 has 24 students and class 5 has 18. How many students does Nia teach in all?"),
])
def test_a_label_that_runs_nothing_is_still_a_number_added(checker, question, paraphrase):
    assert any(m.startswith("number_added") for m in _major(checker, question, paraphrase))


# -- a unit of time that names when the story happens, in a problem that measures no time ------------------------
@pytest.mark.parametrize("question, paraphrase", [
    ("There are 28 pupils in a class. One quarter of them wear glasses. How many pupils do not wear glasses?",
     "On the first morning of the new school year, 28 pupils sat in the class of Mr. Dale, who had taught for "
     "20 years. One quarter of them wore glasses. How many pupils did not wear glasses?"),
    ("A bakery sold 120 muffins and 80 scones. How many more muffins than scones did it sell?",
     "It was the busiest week the bakery, open for 3 weeks now, had seen: it sold 120 muffins and 80 scones. How "
     "many more muffins than scones did it sell?"),
    ("Abu packs 45 oranges into bags of 5. How many bags does he fill?",
     "Later that month, Abu, who had worked at the orchard for 2 months, packed 45 oranges into bags of 5. How "
     "many bags did he fill?"),
])
def test_a_time_that_names_when_the_story_happens_adds_no_unit(checker, question, paraphrase):
    assert not [m for m in _major(checker, question, paraphrase) if m.startswith("unit_")]


@pytest.mark.parametrize("question, paraphrase", [
    # a period that makes the problem's number a rate: the problem changed
    ("Ivy picks 12 strawberries and eats 3 of them. How many strawberries does Ivy have left?",
     "Ivy picks 12 strawberries every week and eats 3 of them. How many strawberries does Ivy have left?"),
    # the question now asks in the unit
    ("Abu packs 45 oranges into bags of 5. How many bags does he fill?",
     "Abu packs 45 oranges into bags of 5. How many bags does he fill in a month?"),
])
def test_a_time_that_makes_a_rate_or_is_asked_still_adds_a_unit(checker, question, paraphrase):
    assert _major(checker, question, paraphrase)


# -- a small count said as a list of as many of those things, beside other items ---------------------------------
@pytest.mark.parametrize("question, paraphrase", [
    ("Kemal invited his 2 grandparents and his aunt to lunch. Each guest ate 3 dumplings. How many dumplings did "
     "the guests eat?",
     "Kemal invited his grandma and grandpa and his aunt to lunch. Each guest ate 3 dumplings. How many dumplings "
     "did the guests eat?"),
    ("Ana bought two vegetables and a loaf of bread. Each vegetable cost $2 and the bread cost $3. How much did "
     "Ana spend?",
     "Ana bought a cabbage and a carrot and a loaf of bread. Each vegetable cost $2 and the bread cost $3. How much "
     "did Ana spend?"),
])
def test_a_count_said_as_a_list_beside_other_items_is_kept(checker, question, paraphrase):
    assert not [m for m in _major(checker, question, paraphrase) if m.startswith("number_")]


def test_a_list_with_fewer_of_the_counted_things_still_loses_the_number(checker):
    question = ("Kemal invited his 2 grandparents and his aunt to lunch. Each guest ate 3 dumplings. How many "
                "dumplings did the guests eat?")
    paraphrase = ("Kemal invited his grandma and his aunt to lunch. Each guest ate 3 dumplings. How many dumplings "
                  "did the guests eat?")
    assert any(m.startswith("number_") for m in _major(checker, question, paraphrase))
