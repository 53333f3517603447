"""A per-item or per-period number made a total (session 19, issue 24, kind ``each_dropped``): every number kept,
but what the question said of each item or each day the paraphrase says of all of them together ("6 mugs,
each of which cost $4" -> "6 mugs, paying $4 for them"; "4 pies every day for 6 days" -> "over 6 days she bakes
4 pies"). Rewordings that keep the per-item or per-period meaning in another form ("$4 apiece", "a mug cost $4",
"4 pies a day", "on each of the 6 days") keep the problem. Every sentence is written for the test, with other
names, numbers and nouns than the training pairs."""

from __future__ import annotations

import pytest

from paraqd.resources import spacy_available

pytestmark = pytest.mark.skipif(not spacy_available(), reason="spaCy pipeline not installed")

KIND = "per_item_made_total"

MUGS = "Pia bought 6 mugs, each of which cost $4. How much did she spend?"
FENCES = "Omar paints 4 fences. It takes him 3 hours to paint each fence. How long does he work?"
ALBUMS = "Rosa has 5 albums with 30 photos each. How many photos does she have?"
PIES = "For 6 days, Mina bakes 4 pies every day. She gives away 2 pies. How many pies does she have left?"
SLEEP = ("Tariq sleeps 7 hours every night. His sister sleeps 9 hours every night. How many more hours does his "
         "sister sleep in a week?")


def _kinds(result) -> set[str]:
    return {f.kind.value for f in result.findings}


@pytest.mark.parametrize(("question", "paraphrase", "whole"), [
    # a plural whole: a pronoun after "for"/"between", a definite plural object, "in the crates", the lot counted
    # as the question counts it
    (MUGS, "Pia went to the market and bought 6 mugs, paying $4 for them. How much did she spend?", "them"),
    (FENCES, "Omar paints 4 fences. It takes him 3 hours to paint the fences. How long does he work?", "fences"),
    (ALBUMS, "Across her 5 albums Rosa has 30 photos. How many photos does she have?", "albums"),
    ("Ivan bought 3 crates with 24 bottles in each crate. How many bottles did he buy?",
     "Ivan bought 3 crates, and there were 24 bottles in the crates. How many bottles did he buy?", "crates"),
    ("Three hikers each carry 2 liters of water. How much water do they carry?",
     "Three hikers carry 2 liters of water between them. How much water do they carry?", "them"),
    # a total word in the number's clause, "as a whole", a whole noun
    ("Kim has 6 kittens that each weigh 2 pounds. How much do the kittens weigh?",
     "Kim has 6 kittens, and together they weigh 2 pounds. How much do the kittens weigh?", "together"),
    ("A printer jammed 3 times for 5 minutes each time. How long was it jammed?",
     "A printer jammed 3 times for a total of 5 minutes. How long was it jammed?", "times"),
    ("Each muffin costs $0.40 to bake. Ben bakes 50 muffins. How much does baking cost?",
     "Ben bakes 50 muffins, and the entire batch costs $0.40 to bake. How much does baking cost?", "batch"),
    ("Every hour each camper drinks 1/4 of a bottle. There are 8 campers. How many bottles do they drink in 6 "
     "hours?", "Every hour the group as a whole drinks 1/4 of a bottle. There are 8 campers. How many bottles do "
     "they drink in 6 hours?", "whole"),
])
def test_a_number_per_item_said_of_all_is_caught(caught, question, paraphrase, whole):
    result = caught(question, paraphrase)
    found = [f for f in result.findings if f.kind.value == KIND]
    assert found, result.reasons
    assert any(f'("{whole}")' in f.message for f in found), [f.message for f in found]


@pytest.mark.parametrize(("question", "paraphrase", "whole"), [
    # the counted lot described by the number's clause; a rate per a unit that is no time, the lot given "for" it
    ("Lena bought 5 kites that cost $7 each. How much did she spend?",
     "Lena bought 5 kites that cost $7. How much did she spend?", "kites"),
    ("A farmer buys 6 acres at $900 per acre. How much does he pay?",
     "A farmer buys 6 acres for $900. How much does he pay?", "acres"),
])
def test_a_number_per_item_said_of_the_counted_lot_is_caught(caught, question, paraphrase, whole):
    result = caught(question, paraphrase)
    found = [f for f in result.findings if f.kind.value == KIND]
    assert any(f'("{whole}")' in f.message for f in found), result.reasons


@pytest.mark.parametrize(("question", "paraphrase"), [
    ("Lena bought 5 kites that cost $7 each. How much did she spend?",
     "Lena bought 5 kites that each cost $7. How much did she spend?"),
    ("Lena bought 5 kites that cost $7 each. How much did she spend?",
     "Lena bought 5 kites that cost $7 apiece. How much did she spend?"),
    ("A farmer buys 6 acres at $900 per acre. How much does he pay?",
     "A farmer buys 6 acres at $900 an acre. How much does he pay?"),
    ("A farmer buys 6 acres at $900 per acre. How much does he pay?",
     "Land costs $900 per acre, and a farmer buys 6 acres. How much does he pay?"),
    ("Ali buys 3 pounds of grapes at $2 per pound. How much does he pay?",
     "Ali buys 3 pounds of grapes, and grapes cost $2 a pound. How much does he pay?"),
])
def test_a_counted_lot_kept_per_item_is_not_made_a_total(checker, question, paraphrase):
    result = checker.check(question, paraphrase)
    assert KIND not in _kinds(result), result.reasons


@pytest.mark.parametrize(("question", "paraphrase", "whole"), [
    # the count of days kept, the rate's "every day" gone from this number (another number keeps its own)
    (PIES, "Mina's bakery was busy. Over the next 6 days, she baked 4 pies, and she gave away 2 pies. How many pies "
           "does she have left?", "days"),
    ("Ada takes 3 vitamins every day for the first 2 weeks. After that she takes 1 vitamin per day. How many "
     "vitamins does she take in 4 weeks?", "Ada takes 3 vitamins during the first 2 weeks. After that she takes 1 "
     "vitamin per day. How many vitamins does she take in 4 weeks?", "weeks"),
    (SLEEP, "Over the whole week Tariq sleeps 7 hours, and his sister sleeps 9 hours every night. How many more "
            "hours does his sister sleep in a week?", "week"),
])
def test_a_rate_of_time_said_of_the_whole_time_is_caught(caught, question, paraphrase, whole):
    result = caught(question, paraphrase)
    found = [f for f in result.findings if f.kind.value == KIND and "per period" in f.message]
    assert found, result.reasons
    assert any(f'("{whole}")' in f.message for f in found), [f.message for f in found]


@pytest.mark.parametrize(("question", "paraphrase"), [
    # the per-item meaning in another form
    (MUGS, "Pia bought 6 mugs at $4 apiece. How much did she spend?"),
    (MUGS, "Pia bought 6 mugs, and a mug cost $4. How much did she spend?"),
    (MUGS, "Pia bought 6 mugs. Mugs cost $4. How much did she spend?"),
    (MUGS, "Pia bought 6 mugs, and each one cost $4. How much did she spend?"),
    (MUGS, "Pia paid $4 for every mug, and she bought 6 mugs. How much did she spend?"),
    (MUGS, "Pia bought 6 mugs, paying $4 for each of them. How much did she spend?"),
    (MUGS, "Pia bought 6 mugs for $4 a mug. How much did she spend?"),
    (FENCES, "Omar paints 4 fences, and a fence takes him 3 hours to paint. How long does he work?"),
    (FENCES, "Omar paints 4 fences, spending 3 hours on each fence. How long does he work?"),
    (ALBUMS, "Rosa has 30 photos in every album, and she has 5 albums. How many photos does she have?"),
    (ALBUMS, "Rosa has 5 albums, and each album holds 30 photos. How many photos does she have?"),
    (ALBUMS, "There are 30 photos in each of Rosa's 5 albums. How many photos does she have?"),
    ("Three hikers each carry 2 liters of water. How much water do they carry?",
     "Each of the three hikers carries 2 liters of water. How much water do they carry?"),
    ("Kim has 6 kittens that each weigh 2 pounds. How much do the kittens weigh?",
     "Kim has 6 kittens, and every kitten weighs 2 pounds. How much do the kittens weigh altogether?"),
    ("A printer jammed 3 times for 5 minutes each time. How long was it jammed?",
     "A printer jammed 3 times, and every jam lasted 5 minutes. How long was it jammed in total?"),
])
def test_a_number_kept_per_item_is_not_made_a_total(checker, question, paraphrase):
    result = checker.check(question, paraphrase)
    assert KIND not in _kinds(result), result.reasons


@pytest.mark.parametrize(("question", "paraphrase"), [
    # the rate said another way, or with the span of time in its own clause
    (PIES, "For 6 days, Mina bakes 4 pies a day. She gives away 2 pies. How many pies does she have left?"),
    (PIES, "Mina bakes 4 pies daily for 6 days. She gives away 2 pies. How many pies does she have left?"),
    (PIES, "On each of the 6 days, Mina bakes 4 pies. She gives away 2 pies. How many pies does she have left?"),
    (PIES, "Over 6 days, Mina bakes 4 pies per day. She gives away 2 pies. How many pies does she have left?"),
    (PIES, "Every day for 6 days Mina bakes 4 pies. She gives away 2 pies. How many pies does she have left?"),
    (SLEEP, "Every night Tariq sleeps 7 hours, while his sister sleeps 9 hours a night. How many more hours does "
            "his sister sleep in a week?"),
    ("A machine fills 5 boxes per hour. How many boxes does it fill in 8 hours?",
     "A machine fills 5 boxes in one hour. How many boxes does it fill in 8 hours?"),
    ("Ada takes 3 vitamins every day for the first 2 weeks. How many vitamins does she take?",
     "For the first 2 weeks, Ada takes 3 vitamins each day. How many vitamins does she take?"),
])
def test_a_rate_kept_per_period_is_not_made_a_total(checker, question, paraphrase):
    result = checker.check(question, paraphrase)
    assert KIND not in _kinds(result), result.reasons


@pytest.mark.parametrize(("question", "paraphrase"), [
    # "a day" hangs on the hours another number counts: the loads are no rate, so no total either
    ("A crew of 4 movers can move 60 boxes in 3 days, working 9 hours a day. How many boxes can 6 movers move in "
     "3 days?",
     "Working 9 hours a day, a crew of 4 movers moves 60 boxes in 3 days. How many boxes can 6 movers move over "
     "3 days?"),
    ("A bakery can bake 300 rolls in 2 days with 3 bakers working for 7 hours a day. How many days do 2 bakers "
     "need for 300 rolls?",
     "With 3 bakers working 7 hours a day, a bakery bakes 300 rolls in 2 days. How many days do 2 bakers need "
     "for 300 rolls?"),
])
def test_a_rate_of_another_numbers_noun_is_not_this_numbers_rate(checker, question, paraphrase):
    result = checker.check(question, paraphrase)
    assert KIND not in _kinds(result), result.reasons


def test_the_rate_of_another_numbers_noun_belongs_to_that_number(checker):
    from paraqd.analysis.per_period import per_period

    doc = checker.analyzer.analyze("A crew can move 60 boxes in 3 days with 4 movers working for 9 hours a day.")
    rates = {n.text: per_period(doc, n) for n in doc.numbers}
    assert rates["60"] is None
    assert rates["9"] is not None and rates["9"][0].text == "a day"
