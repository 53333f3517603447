"""Units and time as information (issue 24): a quantity's unit, the period of a rate, clock times with their
half of the day, months and relative days. Every rule has an edit it must catch and a rewording it must keep.

Every sentence here is made up for the test.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from paraqd.analysis import QuestionPair, analyze, default_analyzer
from paraqd.analysis.days import changed_time_points, clock_times, months
from paraqd.analysis.numbers import extract_numbers
from paraqd.analysis.rates import rate_periods, time_frames
from paraqd.checks import Severity
from paraqd.resources import spacy_available

pytestmark = pytest.mark.skipif(not spacy_available(), reason="spaCy pipeline not installed")


def _rejects(checker, q: str, p: str, kind: str) -> bool:
    result = checker.check(q, p)
    return kind in result.kinds(Severity.CRITICAL) | result.kinds(Severity.MAJOR) and not result.passed


def _keeps(checker, q: str, p: str, *kinds: str) -> bool:
    result = checker.check(q, p)
    blocking = result.kinds(Severity.CRITICAL) | result.kinds(Severity.MAJOR)
    return not any(k in blocking for k in kinds or ("unit_changed", "unit_missing", "unit_added", "unit_detached",
                                                    "time_changed"))


# -- clock times ------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("text, expected", [
    ("The shop opens at 7:30 am.", [("7:30 am", 450)]),
    ("The film starts at 8 p.m. sharp.", [("8 p.m.", 1200)]),
    ("We meet at 5 o'clock in the evening.", [("5 o'clock in the evening", 1020)]),
    ("The train leaves at 18:45.", [("18:45", 1125)]),
    ("Lunch is at noon.", [("noon", 720)]),
    ("It costs $4.50 and weighs 2.25 kg.", []),
])
def test_clock_times_are_read_with_their_half_of_the_day(text, expected):
    assert [(m.text, minutes) for m, minutes, _ in clock_times(analyze(text))] == expected


def test_a_clock_time_in_the_other_half_of_the_day_is_another_time(checker):
    q = "Ravi starts his shift at 7:00 a.m. and leaves at 3:00 p.m. How many hours does he work?"
    assert _rejects(checker, q, q.replace("7:00 a.m.", "7:00 p.m."), "time_changed")
    assert _keeps(checker, q, "Ravi's shift starts at 7 in the morning and he leaves at 3 pm. How many hours "
                              "does he work?")


@given(st.integers(1, 12), st.integers(0, 59), st.sampled_from(["am", "a.m.", "pm", "p.m."]))
@settings(max_examples=40, deadline=None)
def test_clock_time_parser_reads_every_twelve_hour_time(hour, minute, half):
    text = f"The bell rings at {hour}:{minute:02d} {half} every school day."
    [(mention, minutes, known)] = clock_times(analyze(text))
    assert known and mention.text.startswith(f"{hour}:{minute:02d}")
    assert minutes == (hour % 12 + (12 if half.startswith("p") else 0)) * 60 + minute


def test_zero_minutes_of_a_clock_time_are_no_number():
    assert [n.text for n in extract_numbers("Doors open at 9:00 and close at 10:30.")] == ["9", "10", "30"]


# -- months and relative days -------------------------------------------------------------------------------------

def test_months_are_read_only_where_a_date_is_written():
    assert [m.text for m in months(analyze("June baked 12 pies in October and 4 on 2 May."))] == ["October", "May"]


def test_another_month_is_another_time(checker):
    q = "Zoe swims 2 km a day, but she skipped 3 days in April. How many km did she swim that month?"
    assert _rejects(checker, q, q.replace("April", "June"), "time_changed")
    assert _keeps(checker, q, "Zoe swims 2 km daily, though she missed 3 days in April. How many km did she swim "
                              "that month?")


def test_a_relative_day_turned_the_other_way_is_another_time(checker):
    q = "A bakery sold 140 rolls on one day and 95 the previous day. How many more rolls than the previous day?"
    pair = QuestionPair(analyze(q), analyze(q.replace("than the previous day", "than the next day")))
    assert [(a.text, b.text) for a, b in changed_time_points(pair)] == [("the previous day", "the next day")]
    kept = QuestionPair(analyze(q), analyze(q.replace("the previous day", "the day before")))
    assert changed_time_points(kept) == []


# -- rates: the period a number is counted per --------------------------------------------------------------------

def test_rate_periods_are_read_with_their_period():
    doc = default_analyzer().analyze("Nia sleeps 8 hours per night and jogs 3 days every week. Each hour she reads "
                                     "20 pages. She walks every 15 minutes and at 9 am the next day.")
    assert [(m.text, period) for m, period in rate_periods(doc)] == [
        ("per night", "day"), ("every week", "week"), ("Each hour", "hour")]  # a night recurs once a day


def test_a_rate_counted_per_another_period_is_a_unit_change(checker):
    q = "Omar earns $9 an hour at the cafe and $15 in tips each hour. He works 6 hours a day. How much a day?"
    assert _rejects(checker, q, q.replace("$15 in tips each hour", "$15 in tips each day"), "unit_changed")
    assert _keeps(checker, q, "Omar makes $9 per hour at the cafe plus $15 an hour in tips, and works 6 hours "
                              "daily. How much a day?")


def test_a_compound_rate_is_counted_per_its_denominator():
    """"10 feet/second", "10 feet per second" and "10 feet every second" count per the same period: the period of
    a compound unit ("foot per second") is its denominator, whichever way the rate is written."""
    doc = default_analyzer().analyze("A cart rolls 4 metres per second and a bus goes 50 km per hour.")
    assert [period for _, period in rate_periods(doc)] == ["second", "hour"]


@pytest.mark.parametrize(("q", "p"), [
    ("A cart rolls 4 metres/second and a ball rolls 1 metre/second. How far apart are they after 6 seconds?",
     "A cart rolls 4 metres per second while a ball rolls 1 metre every second. After 6 seconds, how far apart "
     "are they?"),
    ("Lena cycles at 18 km per hour for 3 hours. How far does she ride?",
     "Every hour Lena cycles 18 km, and she rides for 3 hours. How far does she ride?"),
    ("A pump moves 30 litres per minute. How many litres does it move in 12 minutes?",
     "A pump moves 30 litres each minute. How many litres does it move in 12 minutes?"),
])
def test_one_rate_written_as_a_compound_unit_or_per_a_period_is_the_same_rate(checker, q, p):
    assert _keeps(checker, q, p)


def test_a_compound_rate_per_another_period_is_still_a_change(checker):
    q = "Lena cycles at 18 km per hour for 3 hours. How far does she ride?"
    assert _rejects(checker, q, q.replace("per hour", "per minute"), "unit_changed")
    assert _rejects(checker, q, q.replace("km per hour", "km/minute"), "unit_changed")


# -- currencies, counted things, carried units ------------------------------------------------------------------

def test_a_problem_told_in_another_currency_is_the_same_problem(checker):
    q = "A scarf costs $18 and a hat costs $7. Ana pays with $50. How much change does she get?"
    relocated = q.replace("$", "£")
    result = checker.check(q, relocated)
    assert "unit_changed" in result.kinds(Severity.MINOR) and "unit_changed" not in result.kinds(Severity.CRITICAL)
    assert _rejects(checker, q, q.replace("$7", "£7"), "unit_changed")  # one amount moved: a change


def test_a_counted_thing_written_as_a_unit_is_a_change(checker):
    q = "Ivy must read 600 pages this summer. She has read 240 pages so far. How many pages are left?"
    assert _rejects(checker, q, q.replace("600 pages", "600 minutes"), "unit_changed")
    assert _keeps(checker, q, "This summer Ivy has 600 pages to read and has finished 240 pages. How many pages "
                              "remain?")


def test_per_cent_is_a_percentage_not_cents(checker):
    q = "Of 40 runners, 15 percent finished early. How many runners finished early?"
    assert _keeps(checker, q, q.replace("percent", "per cent"))


@pytest.mark.parametrize("paraphrase", [
    "Theo needs 20 minutes to walk home, 15 to eat and 40 for homework. When is he done?",  # an ellipsis
    "Theo needs 20 minutes to walk home, 15 minutes to eat and 40 long minutes for homework. When is he done?",
])
def test_a_unit_carried_by_a_parallel_quantity_is_kept(checker, paraphrase):
    q = "Theo needs 20 minutes to walk home, 15 minutes to eat and 40 minutes for homework. When is he done?"
    assert _keeps(checker, q, paraphrase, "unit_detached")


def test_a_number_left_without_any_unit_is_still_detached(checker):
    q = "Kai carried 45 kg of sand to the garden. How much sand did he carry?"
    assert "unit_missing" in checker.check(q, "Kai carried 45 of sand to the garden. How much sand did he carry?"
                                           ).kinds(Severity.MAJOR)


def test_dimensions_share_the_unit_after_by(checker):
    q = "A rug is 6-foot by 9-foot. How many square feet does it cover?"
    assert _keeps(checker, q, "A rug measures 6 by 9 feet. How many square feet does it cover?", "unit_detached")


# -- time frames: when, not how much ------------------------------------------------------------------------------

def test_time_frames_are_not_amounts():
    doc = default_analyzer().analyze("One day Lia found 4 shells. Within a week she had 9. She walks 2 km a day.")
    framed = {doc.text[s:s + 4] for s in time_frames(doc)}
    assert framed == {"day ", "week"}


def test_a_time_frame_added_or_dropped_is_not_a_reason_to_reject(checker):
    q = "Lia found 4 shells and then 9 more. How many shells does she have?"
    assert _keeps(checker, q, "It was a week of sunny walks on the beach: Lia found 4 shells and then 9 more. How "
                              "many shells does she have?")
    assert _rejects(checker, "Lia finds 4 shells. How many shells does she find?",
                    "Lia finds 4 shells every day. How many shells does she find?", "unit_added")


@given(st.text(alphabet=st.sampled_from(list("0123456789: apmAPM./ hourdayperacheveryin$")), max_size=60))
@settings(max_examples=60, deadline=None)
def test_time_and_rate_readers_never_crash(text):
    doc = analyze(text)
    clock_times(doc)
    months(doc)
    rate_periods(doc)
    time_frames(doc)
    changed_time_points(QuestionPair(doc, analyze(text[::-1])))


@pytest.mark.parametrize("text, expected", [
    ("The deck is built of 6-square-foot boards.", [("square-foot", "square foot")]),
    ("The wind blew at 12 miles per hour.", [("miles per hour", "mile per hour")]),
    ("They are all 50s in the drawer.", []),  # the plural of a number, not seconds
    ("She ran 100 m in 12.5s.", [("m", "metre"), ("s", "second")]),
    ("The team scored 6 points each in a close game.", []),  # "in" is no inch here
    ("Only 20 per cent of the class came.", []),  # a percentage holds no cents
    ("A snail crawls 3 feet/minute.", [("feet", "foot"), ("minute", "minute")]),
    ("Each stamp is 2 inches square.", [("inches square", "square inch")]),  # a square of that side: an area
])
def test_unit_forms(text, expected):
    assert [(u.text, u.unit.name) for u in analyze(text).units] == expected


def test_a_total_made_a_rate_in_place_is_a_unit_change(checker):
    q = "A stall sells 30 drinks per hour on weekdays and 200 drinks in total over the weekend. How many in a week?"
    assert _rejects(checker, q, q.replace("in total", "per day"), "unit_changed")
    assert _keeps(checker, q, q.replace("in total", "altogether").replace("per hour", "each hour"))


# -- the asked quantity moved before an event of the story ---------------------------------------------------------

_JAR = "Lina baked 30 cookies. She ate 4 and then gave 9 to her friends. How many cookies does she have left?"


def test_asking_for_the_count_before_an_event_is_another_time(checker):
    p = _JAR.replace("does she have left?", "did she have left before she gave 9 to her friends?")
    shifts = changed_time_points(QuestionPair(analyze(_JAR), analyze(p)))
    assert [(a.text, b.text) for a, b in shifts] == [("How many cookies does she have left?",
                                                      "before she gave 9 to her friends")]
    assert _rejects(checker, _JAR, p, "time_changed")


@pytest.mark.parametrize("q, p", [
    # the question asks for the start already
    ("Lina baked some cookies. She gave 9 to her friends and has 21 left. How many cookies did she bake at first?",
     "Lina baked some cookies. She gave 9 to her friends and has 21 left. How many cookies did she have before "
     "she gave 9 to her friends?"),
    # a duration ends "before" an event; a "before" with a modal is a purpose
    ("A tree costs $50 and earns $10 a year. How many years will it take to earn back its cost?",
     "A tree costs $50 and earns $10 a year. How many years will pass before the tree earns back its cost?"),
    ("Sol saves $5 a week for a $40 game. How much more must he save?",
     "Sol saves $5 a week for a $40 game. How much more must he save before he can buy the game?"),
])
def test_a_before_that_keeps_the_asked_time_is_kept(q, p):
    from paraqd.analysis.days import asked_time_shift

    assert asked_time_shift(QuestionPair(analyze(q), analyze(p))) == []


# --- two different times are never synonyms (WordNet's noun.time) ------------------------------------------

def _everything_similar(words):
    """An encoder under which every two words are synonyms (cosine 1): what the rule must overrule."""
    import numpy as np

    return np.ones((len(words), 4), dtype=np.float32) / 2.0


@pytest.fixture(scope="module")
def lenient_checker():
    from paraqd.analysis.lexicon import default_lexicon
    from paraqd.checks import CriticalInfoChecker
    from paraqd.checks.synonyms import WordSimilarity

    if default_lexicon() is None:
        pytest.skip("WordNet not installed")
    return CriticalInfoChecker(default_analyzer(), synonyms=WordSimilarity(_everything_similar))


@pytest.mark.parametrize(("question", "paraphrase", "old", "new"), [
    ("Jo sent 10 texts in the morning and 3 texts in the afternoon. How many more texts did she send in the "
     "morning than in the afternoon?",
     "Jo sent 10 texts in the morning and 3 texts in the evening. How many more texts did she send in the "
     "morning than in the afternoon?", "afternoon", "evening"),
    ("Mia read 12 pages on Monday and 30 pages on Tuesday. How many more pages did she read on Tuesday than on "
     "Monday?", "Mia read 12 pages on Monday and 30 pages on Thursday. How many more pages did she read on "
     "Tuesday than on Monday?", "Tuesday", "Thursday"),
    ("A farm sold 40 melons in summer and 15 in winter. How many fewer melons were sold in winter than in "
     "summer?", "A farm sold 40 melons in summer and 15 in autumn. How many fewer melons were sold in winter "
     "than in summer?", "winter", "autumn"),
])
def test_another_time_in_one_place_is_no_synonym(lenient_checker, question, paraphrase, old, new):
    result = lenient_checker.check(question, paraphrase)
    assert not result.passed and "term_renamed_inconsistently" in result.kinds(Severity.MAJOR), result.reasons
    assert not any("synonym" in reason for reason in result.reasons), result.reasons
    assert any(f'"{old}" became "{new}"' in reason for reason in result.reasons), result.reasons


@pytest.mark.parametrize(("question", "paraphrase"), [
    ("A bakery sells 20 rolls before noon and 35 rolls after noon. How many rolls does it sell in a day?",
     "A bakery sells 20 rolls before midday and 35 rolls after noon. How many rolls does it sell in a day?"),
    ("A shop sold 14 kites on Saturday and 9 kites on Sunday. How many kites did the shop sell?",
     "A store sold 14 kites on Saturday and 9 kites on Sunday. How many kites did the shop sell?"),
])
def test_the_same_time_or_a_thing_in_one_place_may_be_a_synonym(lenient_checker, question, paraphrase):
    result = lenient_checker.check(question, paraphrase)
    assert result.passed and "term_synonym" in result.kinds(), result.reasons


def test_a_time_named_relative_to_now_may_be_the_same_time(lenient_checker):
    question = ("Last night Ada ate 3 plums and 2 figs. Today she eats twice as many plums as last night. How many "
                "plums has she eaten in the two days?")
    paraphrase = ("Yesterday Ada ate 3 plums and 2 figs. Today she eats twice as many plums as last night. How many "
                  "plums has she eaten in the two days?")
    result = lenient_checker.check(question, paraphrase)
    assert "term_renamed_inconsistently" not in result.kinds(), result.reasons


# -- "a second" before a noun: the ordinal ------------------------------------------------------------------------

def test_a_second_person_is_no_unit_of_seconds_added(checker):
    q = "One baker works 5 hours a day and another baker works 2 hours longer. How many hours do they work in a day?"
    p = "One baker works 5 hours a day and a second baker works 2 hours longer. How many hours do they work in a day?"
    assert "unit_added" not in checker.check(q, p).kinds()


def test_hours_written_as_seconds_is_still_a_change(checker):
    q = "One baker works 5 hours a day and another baker works 2 hours longer. How many hours do they work in a day?"
    p = "One baker works 5 hours a day and a second baker works 2 seconds longer. How many hours do they work in a day?"
    assert _rejects(checker, q, p, "unit_changed") or _rejects(checker, q, p, "unit_added")


# -- an age in years said as a person's bare age ------------------------------------------------------------------

@pytest.mark.parametrize("p", [
    '"I\'m 9," said Tomas. "My sister is twice my age." How old is his sister?',
    "Tomas is 9, and his sister is twice his age. How old is his sister?",
])
def test_a_persons_age_in_years_said_bare_keeps_the_unit(checker, p):
    q = "Tomas is 9 years old and his sister is twice his age. How old is his sister?"
    assert _keeps(checker, q, p, "unit_missing")


@pytest.mark.parametrize("q, p", [
    # a thing's age is no person's: "the bridge is 9" gives no unit
    ("The bridge is 9 years old. How many months old is the bridge?",
     "The bridge is 9. How many months old is the bridge?"),
    # years that are no age: how long he worked, said as his age
    ("Tomas worked at the mill for 9 years. How many days is that?",
     "Tomas is 9. How many days is that?"),
])
def test_years_that_are_no_persons_age_said_bare_are_still_missing(checker, q, p):
    assert "unit_missing" in checker.check(q, p).kinds()


# -- "feet squared": the square unit ------------------------------------------------------------------------------

PATIO = "A patio is 96 square feet. Each slab covers 4 square feet. How many slabs cover the patio?"


@pytest.mark.parametrize("p", [
    "A patio is 96 feet squared. Each slab covers 4 sq ft. How many slabs cover the patio?",
    "A patio measures 96 sq. ft, and one slab covers 4 feet squared. How many slabs cover the patio?",
])
def test_a_square_unit_written_as_unit_squared_is_the_same_unit(checker, p):
    kinds = checker.check(PATIO, p).kinds()
    assert not kinds & {"unit_changed", "unit_missing", "unit_added"}, kinds


def test_an_area_for_a_length_is_still_a_change(checker):
    q = "A rope is 96 feet long. Each piece is 4 feet long. How many pieces can be cut?"
    p = "A rope is 96 feet squared. Each piece is 4 feet long. How many pieces can be cut?"
    assert _rejects(checker, q, p, "unit_changed")


# -- the square unit of an area the question asks for ---------------------------------------------------------------

DECK = "A deck is 12 feet by 9 feet, and Ravi adds a strip 2 feet wide along one side. How much area does the deck cover?"


@pytest.mark.parametrize("p", [
    "A deck is 12 feet by 9 feet, and Ravi adds a strip 2 feet wide along one side. How much area does the deck "
    "cover?\nAnswer: ______ square feet",
    "A deck is 12 feet by 9 feet, and Ravi adds a strip 2 feet wide along one side. How many square feet does the "
    "deck cover?",
])
def test_the_square_unit_of_an_asked_area_is_no_unit_added(checker, p):
    assert "unit_added" not in checker.check(DECK, p).kinds()


def test_a_square_unit_for_a_length_asked_is_still_added(checker):
    q = "A fence is 12 feet long and Ravi adds 9 feet more. How long is the fence?"
    p = "A fence is 12 feet long and Ravi adds 9 feet more. How long is the fence, in square feet?"
    assert "unit_added" in checker.check(q, p).kinds()
