"""Values and units as equivalences: every way of writing a quantity is the same quantity, and a change
of value, unit or kind is still caught (paraqd.analysis.numbers / quantities, paraqd.checks.numbers / units)."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from num2words import num2words

from paraqd.analysis import UnitVocabulary
from paraqd.analysis.numbers import extract_multipliers, extract_numbers
from paraqd.analysis.quantities import same_quantity, to_base
from paraqd.checks import Severity
from paraqd.checks.numbers import value_key
from paraqd.resources import spacy_available

needs_spacy = pytest.mark.skipif(not spacy_available(), reason="spaCy pipeline not installed")
HYPOTHESIS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])



def value_findings(checker, question: str, paraphrase: str, at_least: Severity = Severity.MINOR) -> list[str]:
    result = checker.check(question, paraphrase)
    return [f"{f.kind}: {f.message}" for f in result.findings
            if f.kind.startswith(("number_", "unit_")) and f.severity >= at_least]


def _fraction_words(num: int, den: int) -> str:
    name = {2: "half", 4: "quarter"}.get(den) or num2words(den, to="ordinal")
    if num != 1:
        name = "halves" if den == 2 else name + "s"
    return f"{num2words(num)}-{name}"


# -- the value parser ---------------------------------------------------------------------------------------
@given(st.integers(min_value=0, max_value=999_999))
@settings(max_examples=200, deadline=None)
def test_number_words_parse_back(n):
    text = f"The farm sold {num2words(n)} apples."
    (mention,) = extract_numbers(text)
    assert mention.value == n and mention.written == "words"


@given(st.integers(min_value=2, max_value=12).flatmap(
    lambda den: st.tuples(st.integers(min_value=1, max_value=den - 1), st.just(den))))
@settings(max_examples=60, deadline=None)
def test_fraction_in_digits_equals_the_same_fraction_in_words(pair):
    num, den = pair
    (digits,) = extract_numbers(f"She ate {num}/{den} of the pie.")
    (words,) = extract_numbers(f"She ate {_fraction_words(num, den)} of the pie.")
    assert value_key(digits) == value_key(words)
    assert words.value == pytest.approx(num / den)


@given(st.integers(min_value=1, max_value=400))
@settings(max_examples=60, deadline=None)
def test_percentage_equals_its_fraction_and_decimal(p):
    (percent,) = extract_numbers(f"The price rose by {p}%.")
    (words,) = extract_numbers(f"The price rose by {num2words(p)} percent.")
    (decimal,) = extract_numbers(f"The price rose by a factor {p / 100}.")
    assert value_key(percent) == value_key(words) == value_key(decimal)


def test_three_fourths_three_quarters_75_percent_and_0_75_are_one_value():
    keys = {value_key(m) for text in ("3/4 of it", "three-fourths of it", "three quarters of it", "75% of it",
                                      "0.75 of it", "seventy-five percent of it")
            for m in extract_numbers(text)}
    assert keys == {("plain", 0.75)}


@pytest.mark.parametrize("text, value", [
    ("Tom has twice as many", 2), ("double the price", 2), ("the price doubled", 2), ("triple the number", 3),
    ("thrice as long", 3), ("a fourfold increase", 4), ("it quadrupled", 4), ("a pair of shoes", 2),
])
def test_multipliers_and_counts(text, value):
    (mention,) = extract_multipliers(text)
    assert mention.value == value and value_key(mention) == ("plain", value)


@pytest.mark.parametrize("text", ["a double room", "double-check the sum", "a triple-decker bus"])
def test_double_as_a_kind_is_not_a_factor(text):
    assert extract_multipliers(text) == ()


# -- the number check: equal values are not findings -------------------------------------------------------
@needs_spacy
@pytest.mark.parametrize("question, paraphrase", [
    ("Richard has 15 floors and 3/4 of the building is occupied.", "Richard has 15 floors and 75% of the building is occupied."),
    ("She gets 1.2 times her rate.", "She gets 120% of her rate."),
    ("She sold three-fourths of the 20 eggs.", "She sold 0.75 of the 20 eggs."),
    ("Cody eats three times as many cookies as Amir.", "Cody eats triple the cookies Amir eats."),
    ("Ben's phone is two times older than Suzy's phone.", "Ben's phone is double the age of Suzy's phone."),
    ("Dana runs four times faster than she walks.", "Dana runs at a fourfold speed of her walk."),
    ("He bought a dozen eggs.", "He bought 12 eggs."),
    ("She double-counts 7 sheep.", "She counts 7 sheep twice."),
    ("It gets 1000 more dislikes and 0 more likes.", "It gets 1000 more dislikes and no more likes."),
    ("She wants $100 bills.", "She wants hundred-dollar bills."),
    ("It costs Rs. 12.40 per square metre.", "It costs Rs.12,40 per square meter."),
    ("Class A is a third the size of Class C.", "Class A is one-third the size of Class C."),
    ("Billy sold DVDs to his first 3 customers.", "Billy sold DVDs to the initial 3 customers."),
    ("One glass costs $5.", "A single glass costs $5."),
    ("Patchy, the first cat, had 12 kittens.", "Patchy, one of the cats, had 12 kittens."),
    ("Emily is 1 year younger than Corey.", "Emily is a year younger than Corey."),
    ("Its price is halved at each sale.", "Its price is cut in half at each sale."),
    ("At each stop its speed is halved.", "Its speed halves at each stop."),
    ("Of 20 boxes, a quarter were red and a fifth were blue.", "Of 20 boxes, a quarter red and a fifth blue ones."),
])
def test_equal_values_are_not_reported(checker, question, paraphrase):
    assert value_findings(checker, question, paraphrase) == []


@needs_spacy
@pytest.mark.parametrize("question, paraphrase, kind", [
    ("She sold 3/4 of the 20 eggs.", "She sold 0.8 of the 20 eggs.", "number_changed"),
    ("She sold 3/4 of the 20 eggs.", "She sold 70% of the 20 eggs.", "number_changed"),
    ("Cody eats three times as many cookies as Amir.", "Cody eats twice as many cookies as Amir.", "number_changed"),
    ("Amir eats 5 cookies and Cody 3 more.", "Amir eats some cookies and Cody 3 more.", "number_missing"),
    ("Amir eats 5 cookies and Cody 3 more.", "Amir eats cookies and Cody 3 more.", "number_missing"),
    ("He eats one apple and 4 pears.", "He eats two apples and 4 pears.", "number_added"),
    # "Class C." ends in two tokens since session 11 (a one-letter name, not an initial); the parse then reads
    # "a fourth" as describing "size" and the number check calls it context: still critical, as a number missing
    ("Class A is a third the size of Class C.", "Class A is a fourth the size of Class C.", "number_missing"),
    ("At each stop its speed is halved.", "At each stop its speed is tripled.", "number_changed"),
    ("At each stop its speed is halved.", "At each stop its speed drops.", "number_missing"),
    ("He bought 5 dozen eggs.", "He bought a dozen eggs.", "number_changed"),
    ("The price halves every year.", "The price doubles every year.", "number_changed"),
    ("Of 30 crates, half were pears and a fifth were plums.", "Of 30 crates, half were pears and a sixth were plums.",
     "number_changed"),
    ("If I give him 2 marbles I will have double his, and you triple mine.",
     "If I give him 3 marbles I will have double his, and you triple mine.", "number_changed"),
])
def test_changed_values_are_caught(checker, question, paraphrase, kind):
    result = checker.check(question, paraphrase)
    assert kind in {f.kind for f in result.findings if f.severity == Severity.CRITICAL}, result


@needs_spacy
@pytest.mark.parametrize("text, value, kind", [
    ("Half were pears and a fifth were plums.", 0.2, "fraction"),
    ("A fifth is water and the rest is juice.", 0.2, "fraction"),
    ("He gave a fifth to Ann and a third to Bo.", 0.2, "fraction"),
    ("She lives in a fifth floor flat.", 5, "ordinal"),
    ("He came a fifth time.", 5, "ordinal"),
])
def test_a_fraction_word_after_an_article_is_a_fraction_unless_it_modifies_a_noun(text, value, kind):
    (number,) = [n for n in extract_numbers(text) if "fifth" in n.text]
    assert (number.kind, number.value) == (kind, pytest.approx(value))


@needs_spacy
def test_percentage_written_as_its_bare_number_is_a_change_of_kind(checker):
    found = value_findings(checker, "She sells 20% of it.", "She sells 20 of it.")
    assert found == ["number_kind_changed: 20% (percent) is written 20 (plain)"]


# -- units: dimension and conversion -------------------------------------------------------------------------
@needs_spacy
@pytest.mark.parametrize("question, paraphrase", [
    ("He walks for 2 hours every day.", "He walks for 120 minutes every day."),
    ("Each dog takes .5 hours a day to walk.", "Each dog requires 30 minutes each day for its walk."),
    ("It took 10 years to build.", "It took a decade to build."),
    ("He works 7 days without a break.", "He works a week without a break."),
    ("She reads 20 pages per day.", "She reads 20 pages daily."),
    ("She earns $20 per hour.", "She earns 20 dollars hourly."),
    ("How much does she earn per year?", "How much does she earn annually?"),
    ("The rope is 2 km long.", "The rope is 2 kilometres long."),
    ("The rope is 1.5 km long.", "The rope is 1500 metres long."),
    ("A car moves at 60 km per one hour.", "A car travels at 60 km / h."),
    ("A car moves at 20 km/h.", "A car moves 20 km in an hour."),
    ("He started at 23 years old.", "He started at the age of 23."),
    ("It costs 4000 rs. more than the TV.", "It costs 4000 rs.More than the TV."),
    ("Brady gets 70 cents for each card.", "Brady gets $0.70 for each card."),
    ("Each tissue is sold at five cents.", "Each tissue is sold at $0.05."),
    ("Marly has ten $20 bills.", "Marly has 10 twenty-dollar bills."),
    ("In 18 months, she will be 10 years old.", "In a year and a half, she will be 10 years old."),
    ("They serve 12 cars every 15 minutes and 8 cars every 15 minutes later.",
     "They serve 12 cars every quarter of an hour and 8 cars every quarter of an hour later."),
    ("How many songs can she download in half an hour?", "How many songs can she download in 30 minutes?"),
    ("Lara was 9. How old will she be 10 years from now?", "Lara was 9. How old will she be a decade from now?"),
    ("It has a $15.20 pair of shorts and socks at $6.80.",
     "It has shorts costing 15 dollars and 20 cents, and socks costing 6 dollars and 80 cents."),
    ("The movie took 2.5 hours.", "The movie took 2 hours and 30 minutes."),
    ("The charge is 2 extra dollars beyond 2 km.", "There is an extra 2-dollar charge beyond 2,000 meters."),
])
def test_equal_units_and_quantities_are_not_reported(checker, question, paraphrase):
    assert value_findings(checker, question, paraphrase) == []


@needs_spacy
@pytest.mark.parametrize("question, paraphrase", [
    ("He walks for 2 hours every day.", "He walks for 2 minutes every day."),
    ("He walks for 2 hours every day.", "He walks for 100 minutes every day."),
    ("It took 10 years to build.", "It took a century to build."),
    ("The rope is 2 km long.", "The rope is 2 m long."),
    ("He started at 23 years old.", "He started at the age of 25."),
    ("Brady gets 70 cents for each card.", "Brady gets $0.07 for each card."),
    ("How many songs can she download in half an hour?", "How many songs can she download in 20 minutes?"),
    ("The movie took 2.5 hours.", "The movie took 2 hours and 20 minutes."),
])
def test_changed_quantities_are_caught(checker, question, paraphrase):
    assert checker.check(question, paraphrase).worst == Severity.CRITICAL


@needs_spacy
def test_speed_read_as_a_distance_is_still_reported(checker):
    found = value_findings(checker, "A car moves at 20 km/h for 2 hours.", "A car moves 20 km for 2 hours.")
    assert found == ["unit_changed: km/h became km (speed became length)"]


@needs_spacy
def test_unit_dropped_from_its_number_is_still_major(checker):
    found = value_findings(checker, "She ran 20 km and 3 miles.", "She ran 20 and 3 miles.", Severity.MAJOR)
    assert found and all("kilometres" in f or "20" in f for f in found)


@needs_spacy
@pytest.mark.parametrize("question, paraphrase", [
    ("John plays 3 times a month. How much does he spend a month?",
     "John plays 3 times a week. How much does he spend a month?"),
    ("The hose pumps 6 gallons/minute. How many minutes will it take?",
     "The hose pumps 6 gallons/hour. How many minutes will it take?"),
])
def test_a_rate_whose_period_changed_is_major(checker, question, paraphrase):
    assert checker.check(question, paraphrase).worst >= Severity.MAJOR


@needs_spacy
def test_factors_that_swapped_what_they_multiply_are_caught(checker):
    q = "The band has 110 members. There are 4 times as many drummers as flutists, and twice as many flutists as singers."
    p = "The band has 110 members. There are 2 times as many drummers as flutists, and 4 times as many flutists as singers."
    assert "number_roles_swapped" in {f.kind for f in checker.check(q, p).findings
                                      if f.severity == Severity.CRITICAL}


@needs_spacy
@pytest.mark.parametrize("question, paraphrase", [
    ("If bananas cost $2 each and oranges cost $1.50 each, how much for 5 of each?",
     "If bananas cost $1.50 each and oranges cost $2 each, how much for 5 of each?"),
    ("Peter bought 2 pairs of pants and 5 shirts, and Jessica bought 2 shirts.",
     "Peter bought 5 pairs of pants and 2 shirts, and Jessica bought 2 shirts."),
])
def test_numbers_that_swapped_places_are_caught(checker, question, paraphrase):
    assert "number_roles_swapped" in {f.kind for f in checker.check(question, paraphrase).findings}


@needs_spacy
def test_reordered_quantities_keep_their_places(checker):
    assert value_findings(checker, "He has 5 apples and 3 pears.", "He has 3 pears and 5 apples.") == []


@needs_spacy
def test_asked_period_changed_is_major(checker):
    q = "She teaches it two phrases a week. How many days has she had it?"
    p = "She teaches it two phrases a week. How many weeks has she had it?"
    assert checker.check(q, p).worst >= Severity.MAJOR


@needs_spacy
def test_ordinal_measures_no_unit(checker):
    q = "In the first month it had 60 downloads and three times as many in the second month."
    p = "In its launch month it had 60 downloads, and triple that in the next month."
    assert value_findings(checker, q, p, Severity.MAJOR) == []


# -- pint conversions ----------------------------------------------------------------------------------------
_VOCAB = UnitVocabulary.default()
_CONVERTIBLE = [(a, b) for a in _VOCAB.units for b in _VOCAB.units
                if a is not b and to_base(1, a) and to_base(1, b) and to_base(1, a)[1] == to_base(1, b)[1]
                and a.category not in ("Temperature",)]


def test_every_unit_has_a_pint_reading():
    assert [u.name for u in _VOCAB.units if to_base(1, u) is None] == []


@given(st.sampled_from(_CONVERTIBLE), st.floats(min_value=0.01, max_value=1e6, allow_nan=False))
@HYPOTHESIS
def test_a_converted_quantity_is_the_same_quantity(pair, value):
    a, b = pair
    converted = value * to_base(1, a)[0] / to_base(1, b)[0]
    assert same_quantity(value, a, converted, b)
    assert not same_quantity(value, a, converted * 1.1, b)


def test_units_of_different_dimensions_are_never_equal():
    assert not same_quantity(1, _VOCAB.get("hour"), 1, _VOCAB.get("kilometre"))
    assert not same_quantity(100, _VOCAB.get("cents"), 1, _VOCAB.get("rupee"))
    assert same_quantity(100, _VOCAB.get("cents"), 1, _VOCAB.get("$"))
