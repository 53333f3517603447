"""Numbers, units and entities found by the shared analysis."""

from __future__ import annotations

import itertools

import pytest

from paraqd.analysis import UnitVocabulary
from paraqd.analysis.numbers import extract_numbers


def numbers(text):
    found = extract_numbers(text)
    for m in found:
        assert text[m.start:m.end] == m.text
        lo, hi = m.numeral
        assert m.start <= lo < hi <= m.end
    assert all(a.end <= b.start for a, b in itertools.pairwise(found))
    return found


def one(text):
    found = numbers(text)
    assert len(found) == 1, found
    return found[0]


@pytest.mark.parametrize("text, mention, value, kind", [
    ("He has 16 eggs", "16", 16, "cardinal"),
    ("It costs 80,000 now", "80,000", 80000, "cardinal"),
    ("a width of 1.25 m", "1.25", 1.25, "decimal"),
    ("about .5 of it", ".5", 0.5, "decimal"),
    ("the temperature was -5 today", "-5", -5, "cardinal"),
    ("3/4 of the tank", "3/4", 0.75, "fraction"),
    ("it took 1 1/2 hours", "1 1/2", 1.5, "fraction"),
    ("empty 2/3rd of a cistern", "2/3rd", 2 / 3, "fraction"),
    ("increased by 22%", "22%", 22, "percent"),
    ("increased by 22 percent", "22 percent", 22, "percent"),
    ("increased by 12.5 per cent", "12.5 per cent", 12.5, "percent"),
    ("on the 2nd day", "2nd", 2, "ordinal"),
    ("the 21st floor", "21st", 21, "ordinal"),
    ("a prize of 1.5 million", "1.5 million", 1.5e6, "decimal"),
    ("she bought 2 dozen eggs", "2 dozen", 24, "cardinal"),
    ("it lasts 1 quarter of the year", "1 quarter", 0.25, "fraction"),
    ("2 thirds of them", "2 thirds", 2 / 3, "fraction"),
])
def test_digit_numbers(text, mention, value, kind):
    m = one(text)
    assert (m.text, m.kind, m.written) == (mention, kind, "digits")
    assert m.value == pytest.approx(value)


@pytest.mark.parametrize("text, mention, numeral, value, currency", [
    ("it costs $1.90 each", "$1.90", "1.90", 1.9, "$"),
    ("it costs $ 3 each", "$ 3", "3", 3, "$"),
    ("it costs Rs. 500 each", "Rs. 500", "500", 500, "Rs."),
    ("it costs Rs 500 each", "Rs 500", "500", 500, "Rs"),
    ("it costs ₹500 each", "₹500", "500", 500, "₹"),
    ("it costs €5 each", "€5", "5", 5, "€"),
    ("it costs £5 each", "£5", "5", 5, "£"),
    ("it costs 500 dollars", "500", "500", 500, "dollars"),
    ("it costs 20 rupees", "20", "20", 20, "rupees"),
    ("it costs Rupees 8 each", "Rupees 8", "8", 8, "Rupees"),
    ("it costs Rupees. 56000 now", "Rupees. 56000", "56000", 56000, "Rupees."),
    ("any sum from Re 1 upwards", "Re 1", "1", 1, "Re"),
    ("it costs 3200 Rs. now", "3200", "3200", 3200, "rs"),
])
def test_money(text, mention, numeral, value, currency):
    m = one(text)
    assert (m.text, m.kind, m.currency) == (mention, "currency", currency)
    assert text[slice(*m.numeral)] == numeral
    assert m.value == pytest.approx(value)


@pytest.mark.parametrize("text, mention, value, kind", [
    ("she ate three apples", "three", 3, "cardinal"),
    ("twenty-one students", "twenty-one", 21, "cardinal"),
    ("one hundred and five pages", "one hundred and five", 105, "cardinal"),
    ("one thousand two hundred and thirty-four", "one thousand two hundred and thirty-four", 1234, "cardinal"),
    ("a hundred people", "a hundred", 100, "cardinal"),
    ("a dozen eggs", "a dozen", 12, "cardinal"),
    ("three dozen eggs", "three dozen", 36, "cardinal"),
    ("half that much", "half", 0.5, "fraction"),
    ("a quarter of the cake", "a quarter", 0.25, "fraction"),
    ("three quarters of the cake", "three quarters", 0.75, "fraction"),
    ("two thirds of the class", "two thirds", 2 / 3, "fraction"),
    ("one-third of it", "one-third", 1 / 3, "fraction"),
    ("one and a half hours", "one and a half", 1.5, "fraction"),
    ("two and three quarters of it", "two and three quarters", 2.75, "fraction"),
    ("a three-quarters cup", "three-quarters", 0.75, "fraction"),
    ("three over twenty-five of it", "three over twenty-five", 0.12, "fraction"),
    ("one point nine zero metres", "one point nine zero", 1.9, "decimal"),
    ("one point five million", "one point five million", 1.5e6, "decimal"),
    ("the third day", "third", 3, "ordinal"),
    ("the twenty-first day", "twenty-first", 21, "ordinal"),
    ("it was minus five degrees", "minus five", -5, "cardinal"),
    ("a change of negative five", "negative five", -5, "cardinal"),
    ("forty percent of them", "forty percent", 40, "percent"),
    ("she ate one of them", "one", 1, "cardinal"),
    ("for only one dollar", "one", 1, "currency"),  # like "500 dollars": money, the word is a unit
    ("a twenty-dollar bill", "twenty", 20, "currency"),
    ("every second glass", "second", 2, "ordinal"),
])
def test_word_numbers(text, mention, value, kind):
    m = one(text)
    assert (m.text, m.kind, m.written) == (mention, kind, "words")
    assert m.value == pytest.approx(value)


@pytest.mark.parametrize("text", [
    "", "no digits here", "Find the one which does not belong to that group",
    "No one came", "they help one another", "someone often came", "it took a second",
    "she ran twice as fast", "dozens of people came", "the quarter", "cell A1 and x2",
])
def test_not_numbers(text):
    assert numbers(text) == ()


@pytest.mark.parametrize("text, values", [
    ("120 and 20", [120, 20]),
    ("ten minus three", [10, 3]),
    ("twice the number minus 12", [12]),
    ("5 quarters and 2 dimes", [5, 2]),
    ("4 quarters, 3 dimes", [4, 3]),
    ("108 third graders", [108, 3]),
    ("twice the number minus twelve", [12]),
    ("two and three", [2, 3]),
    ("Alex travelled 100 km at 20kmph and 750m", [100, 20, 750]),
    ("at 10:30 in a ratio of 3:4", [10, 30, 3, 4]),
    ("an angle of 45° and 30 second", [45, 30]),
    ("20-25 years", [20, 25]),
    ("on 12/25/2020", [12]),
])
def test_several_numbers(text, values):
    assert [m.value for m in numbers(text)] == values


# -- units --------------------------------------------------------------------------------------------
def units(text):
    vocab = UnitVocabulary.default()
    found = vocab.find(text, extract_numbers(text))
    for u in found:
        assert text[u.start:u.end] == u.text
    return [(u.text, u.unit.name, u.abbreviated, u.plural) for u in found]


def test_running_example_units(analyzer, running_example):
    doc = analyzer.analyze(running_example)
    assert [(u.text, u.unit.name, u.category, u.abbreviated) for u in doc.units] == [
        ("km", "kilometre", "Length", True), ("kmph", "kilometre per hour", "Speed", True),
        ("hours", "hour", "Time", False)]
    assert [n.value for n in doc.numbers] == [100, 20]
    assert [(e.text, e.label) for e in doc.entities] == [("Alex", "PERSON"), ("New York", "GPE")]


@pytest.mark.parametrize("text, expected", [
    ("20kmph", ("kmph", "kilometre per hour", True, True)),
    ("5 km/h", ("km/h", "kilometre per hour", True, True)),
    ("5 km/hr", ("km/hr", "kilometre per hour", True, True)),
    ("60 mph", ("mph", "mile per hour", True, True)),
    ("5 m/s", ("m/s", "metre per second", True, True)),
    ("5 m/sec", ("m/sec", "metre per second", True, True)),
    ("5 ft/s", ("ft/s", "foot per second", True, True)),
    ("10 km per hour", ("km per hour", "kilometre per hour", True, True)),
    ("10 kilometres per hour", ("kilometres per hour", "kilometre per hour", False, True)),
    ("10 kilometers per hour", ("kilometers per hour", "kilometre per hour", False, True)),
    ("60 miles per hour", ("miles per hour", "mile per hour", False, True)),
    ("200 sq ft", ("sq ft", "square foot", True, True)),
    ("200 sq. m", ("sq. m", "square metre", True, True)),
    ("3 sq km", ("sq km", "square kilometre", True, True)),
    ("4 cm²", ("cm²", "square centimetre", True, True)),
    ("4 cm^2", ("cm^2", "square centimetre", True, True)),
    ("6 m³", ("m³", "cubic metre", True, True)),
    ("6 cu m", ("cu m", "cubic metre", True, True)),
    ("12 square feet", ("square feet", "square foot", False, True)),
    ("12 feet squared", ("feet squared", "square foot", False, True)),
    ("6 metres cubed", ("metres cubed", "cubic metre", False, True)),
    ("750m", ("m", "metre", True, True)),
    ("750 m", ("m", "metre", True, True)),
    ("a 750-metre canal", ("metre", "metre", False, False)),
    ("1 km", ("km", "kilometre", True, False)),
    ("3 hrs", ("hrs", "hour", True, True)),
    ("12in", ("in", "inch", True, True)),
    ("25°C", ("°C", "degree Celsius", True, True)),
    ("Rs. 500", ("Rs.", "rupee", True, True)),
    ("$1", ("$", "dollar", True, False)),
    ("3 kilograms", ("kilograms", "kilogram", False, True)),
    ("3 kilos", ("kilos", "kilogram", False, True)),
    ("60 km / h", ("km / h", "kilometre per hour", True, True)),
    ("5 m / s", ("m / s", "metre per second", True, True)),
    ("one hour", ("hour", "hour", False, False)),
    ("per m", ("m", "metre", True, False)),
    ("it took a second", ("second", "second", False, False)),
])
def test_unit_forms(text, expected):
    assert units(text) == [expected]


@pytest.mark.parametrize(("text", "value"), [
    ("He gains 20 kg of muscle and 1 quarter that much in fat.", 0.25),
    ("The red box holds 2 thirds that many pens.", 2 / 3),
    ("Ana spent 1 fifth as much as Ben.", 0.2),
])
def test_a_digit_over_a_denominator_word_before_that_much_is_a_fraction(text, value):
    assert [m.value for m in numbers(text) if m.kind == "fraction"] == [pytest.approx(value)]


def test_a_digit_count_of_quarters_is_still_coins():
    assert [(m.value, m.kind) for m in numbers("He found 1 quarter that was shiny and 2 quarters in a jar.")] == [
        (1.0, "cardinal"), (2.0, "cardinal")]


@pytest.mark.parametrize(("text", "second_numbers"), [
    ("The hare covers 10 feet every second!", []),           # the time unit: nothing follows it
    ("Every second, the pump moves 3 litres.", []),
    ("A drop falls every second of the storm.", []),
    ("She waters every second plant in the row.", [2.0]),    # every other plant: the ordinal
    ("Every second day he swims 2 laps.", [2.0]),
])
def test_every_second_is_the_time_unit_unless_it_picks_every_other_thing(text, second_numbers):
    assert [m.value for m in numbers(text) if m.text.lower() == "second"] == second_numbers


@pytest.mark.parametrize(("text", "expected"), [
    ("Her dog, 3 years old, sleeps at her feet.", ["years"]),
    ("He got back on his feet and walked 200 feet.", ["feet"]),
    ("They spend their hours reading; a book takes 5 hours.", ["hours"]),
    ("How many feet of rope does she need?", ["feet"]),
    ("She paid half of her $40 bill from his weekly pay.", ["$", "weekly"]),
])
def test_a_unit_word_after_a_possessive_with_no_number_is_no_unit(text, expected):
    assert [found[0] for found in units(text)] == expected


@pytest.mark.parametrize("text", [
    "someone with mass and kinship", "Mass is m and s is here", "5 in the box", "the second one",
    "in the yard", "every second glass", "5 M people", "he went on foot",
])
def test_no_false_units(text):
    assert units(text) == []


def test_longest_match_and_categories():
    vocab = UnitVocabulary.default()
    assert {"Currency", "Length", "Time", "Weight", "Speed", "Area", "Volume", "Temperature"} <= set(
        vocab.categories)
    assert units("a rate of 5 km per hour for 3 hours")[0][0] == "km per hour"
    assert vocab.get("kilometer").name == "kilometre"
    assert vocab.get("KMPH").name == "kilometre per hour"
    assert all(len(vocab.in_category(c)) >= 2 for c in ("Currency", "Length", "Time", "Weight", "Speed"))


def test_unit_exponent_is_not_a_number(analyzer):
    doc = analyzer.analyze("an area of 4 cm^2 and x^2")
    assert [n.value for n in doc.numbers] == [4, 2]
    assert [u.text for u in doc.units] == ["cm^2"]


def test_empty_and_plain_text(analyzer):
    for text in ("", "Hello", "Find the one which does not belong to that group?"):
        doc = analyzer.analyze(text)
        assert doc.units == ()
        assert all(doc.text[m.start:m.end] == m.text for m in doc.numbers)


def test_one_in_a_relative_clause_is_a_number(analyzer):
    doc = analyzer.analyze("A basket contains 25 oranges among which one is bad. Which one is ripe?")
    assert [n.value for n in doc.numbers] == [25.0, 1.0]


@pytest.mark.parametrize(("text", "expected"), [
    ("One nurse works 6 hours a night, and a second nurse works 3 hours more.", ["hours", "hours"]),
    ("Mia rents a second flat for $900.", ["$"]),
    ("The kettle boils in a second and stops.", ["second"]),       # the time unit: it modifies no noun
    ("A second later the lamp went out.", ["second"]),
    ("The snail crawls 4 inches a second.", ["inches", "second"]),  # the period of a rate
])
def test_a_second_before_the_noun_it_modifies_is_the_ordinal_no_unit(analyzer, text, expected):
    assert [u.text for u in analyzer.analyze(text).units] == expected
