"""Which part of the story the asked quantity covers (issue 24, family asked_quantity_changed): the complement
of a predicate (paraqd/analysis/asked_negation.py), the number of periods it spans (asked_periods.py), and the
thing counted, container or content
(asked_container.py). A paraphrase that changes any of them asks for another quantity and is rejected (a
major question_quantity_changed finding whose explanation names the words of both texts); rewordings that ask
for the same quantity in other words are kept. Every sentence here is written for this test."""

from __future__ import annotations

import pytest

from paraqd.analysis.asked_container import container_changes
from paraqd.analysis.asked_negation import complement_changes
from paraqd.analysis.asked_periods import span_changes
from paraqd.checks import FindingKind, Severity
from paraqd.resources import spacy_available

pytestmark = pytest.mark.skipif(not spacy_available(), reason="spaCy pipeline not installed")

CLUB = "A chess club has 30 members. Two fifths of the members wear glasses. "
PRINTER = "Nora's printer jams on every fifth sheet and smudges every fourth sheet. She prints 60 sheets. "
WALKS = ("Ada and Ben walk dogs for $3 a walk. On Monday they did 6 walks and on Tuesday 4 walks. By Thursday "
         "they had earned $57 over the four days. ")
BAKER = ("A baker works 6 hours a day, 5 days a week. From Monday to Wednesday he bakes 20 loaves an hour, and "
         "on Thursday and Friday 15 loaves an hour. ")
EGGS = "A farm's egg output doubles every month. It produced 400 eggs in February. "
PLUMS = ("A farm picked 360 plums. 12 plums were bruised and thrown out. The rest were packed into crates that "
         "hold 24 plums each. ")
CAKES = "A bakery cuts every cake into 12 slices. A school bought 5 cakes for a party. "
CANDY = "Lena has 63 pieces of candy and 21 cookies. She shares them equally with 6 friends. "


def _found(checker, func, question, paraphrase):
    analyze = checker.analyzer.analyze
    return [(c.what, [m.text for m in c.old], [m.text for m in c.new])
            for c in func(analyze(question), analyze(paraphrase))]


def _asked_finding(result):
    found = [f for f in result.findings if f.kind == FindingKind.QUESTION_QUANTITY_CHANGED]
    assert found, result.reasons
    assert found[0].severity == Severity.MAJOR
    return found[0]


# -- the complement of a predicate ------------------------------------------------------------------------------

@pytest.mark.parametrize(("question", "paraphrase", "old", "new"), [
    (CLUB + "How many members do not wear glasses?", CLUB + "How many members wear glasses?", "not wear", "wear"),
    (CLUB + "How many members wear glasses?", CLUB + "How many of the members don't wear glasses?", "wear",
     "n't wear"),
    (PRINTER + "How many sheets are neither jammed nor smudged?",
     PRINTER + "How many sheets are either jammed or smudged?", "neither jammed", "jammed"),
])
def test_the_complement_asked_for_the_set_is_caught(checker, caught, question, paraphrase, old, new):
    assert _found(checker, complement_changes, question, paraphrase) == [("negated", [old], [new])]
    finding = _asked_finding(caught(question, paraphrase))
    assert f'"{old}"' in finding.message and f'"{new}"' in finding.message
    assert "opposite" in finding.message


@pytest.mark.parametrize(("question", "paraphrase"), [
    (CLUB + "How many members do not wear glasses?", CLUB + "How many members never wear glasses?"),
    (CLUB + "How many members do not wear glasses?", CLUB + "How many members go without glasses?"),
    (CLUB + "How many members do not wear glasses?",
     CLUB + "What is the number of members who do not wear glasses?"),
    (PRINTER + "How many sheets are neither jammed nor smudged?", PRINTER + "How many sheets come out clean?"),
    (CLUB + "How many members do not wear glasses?", CLUB + "How many members fail to wear glasses?"),
])
def test_the_complement_in_other_words_is_kept(checker, kept, question, paraphrase):
    assert _found(checker, complement_changes, question, paraphrase) == []
    kept(question, paraphrase)


# -- the number of periods spanned -------------------------------------------------------------------------------

@pytest.mark.parametrize(("question", "paraphrase", "old_kind", "new_kind"), [
    (WALKS + "How many walks did they do on Thursday?", WALKS + "How many walks did they do over the four days?",
     "1 day", "4 days"),
    (BAKER + "How many loaves does he bake in these 5 days?",
     BAKER + "How many loaves does he bake from Monday to Wednesday?", "5 days", "3 days"),
    (EGGS + "How many eggs did it produce in May?", EGGS + "How many eggs did it produce from February through May?",
     "1 month", "4 months"),
])
def test_another_number_of_periods_is_caught(checker, caught, question, paraphrase, old_kind, new_kind):
    changes = span_changes(checker.analyzer.analyze(question), checker.analyzer.analyze(paraphrase))
    assert [(c.what, c.old_kind, c.new_kind) for c in changes] == [("span", old_kind, new_kind)]
    finding = _asked_finding(caught(question, paraphrase))
    assert old_kind in finding.message and new_kind in finding.message


@pytest.mark.parametrize(("question", "paraphrase"), [
    (BAKER + "How many loaves does he bake in these 5 days?",
     BAKER + "How many loaves does he bake from Monday to Friday?"),
    (BAKER + "How many loaves does he bake on Thursday and Friday?",
     BAKER + "How many loaves does he bake in the last 2 days?"),
    (WALKS + "How many walks did they do on Thursday?", WALKS + "How many walks did they do on the fourth day?"),
    (EGGS + "How many eggs did it produce in May?", EGGS + "What was the farm's egg output in the month of May?"),
    (EGGS + "How many more eggs did it produce in May than in February?",
     EGGS + "How many more eggs did it produce in May?"),
])
def test_the_same_periods_in_other_words_are_not_read_as_a_change(checker, question, paraphrase):
    assert span_changes(checker.analyzer.analyze(question), checker.analyzer.analyze(paraphrase)) == []


# -- the thing counted: container or content ---------------------------------------------------------------------

@pytest.mark.parametrize(("question", "paraphrase", "old", "new"), [
    (PLUMS + "How many crates of plums were there?", PLUMS + "How many plums were packed into crates?", "crates",
     "plums"),
    (CAKES + "How many cakes did the school buy?", CAKES + "How many slices of cake did the school buy?", "cakes",
     "slices"),
])
def test_the_container_counted_for_its_content_is_caught(checker, caught, question, paraphrase, old, new):
    assert _found(checker, container_changes, question, paraphrase) == [("counted", [old], [new])]
    finding = _asked_finding(caught(question, paraphrase))
    assert f'"{old}"' in finding.message and f'"{new}"' in finding.message


@pytest.mark.parametrize(("question", "paraphrase"), [
    (PLUMS + "How many crates of plums were there?", PLUMS + "How many crates were filled with plums?"),
    (CANDY + "How many pieces of candy does each friend get?", CANDY + "How many candies does each friend get?"),
    (CAKES + "How many slices of cake did the school get?", CAKES + "How many cake slices did the school get?"),
])
def test_the_same_thing_counted_in_other_words_is_not_read_as_a_change(checker, question, paraphrase):
    assert _found(checker, container_changes, question, paraphrase) == []


# -- the same asked quantity in other words is kept ------------------------------------------------------------------

PURSE = "Tia had $60. She bought a scarf for $14 and a hat for $9. "
STALLS = "Vic sold 35 mugs on Saturday and 28 mugs on Sunday. "
TRAYS = "Dev baked 4 trays of 12 rolls each. He sold 30 rolls. "


@pytest.mark.parametrize(("question", "paraphrase"), [
    (PURSE + "How much money does she have left?", PURSE + "What is the amount remaining?"),
    (PURSE + "How much did she spend?", PURSE + "What was the cost of her purchases?"),
    (STALLS + "How many mugs did Vic sell in all?", STALLS + "What is the total number of mugs Vic sold?"),
    (STALLS + "How many more mugs did Vic sell on Saturday than on Sunday?",
     STALLS + "By how many does Saturday's sale of mugs exceed Sunday's?"),
    (STALLS + "How many mugs did Vic sell over the weekend?", "How many mugs did Vic sell over the weekend? " + STALLS),
    (TRAYS + "How many rolls does Dev have left?", TRAYS + "How many rolls remain unsold?"),
    (TRAYS + "How many rolls did Dev bake?", TRAYS + "How many rolls did he bake on the 4 trays?"),
])
def test_the_same_asked_quantity_in_other_words_is_kept(checker, question, paraphrase):
    analyze = checker.analyzer.analyze
    q, p = analyze(question), analyze(paraphrase)
    for func in (complement_changes, span_changes, container_changes):
        assert func(q, p) == [], func.__name__


def test_a_named_period_as_a_bound_is_not_a_span(checker):
    story = "Rex ate 8 tacos on Monday, and every day after that he ate 3 more tacos than the day before. "
    q = checker.analyzer.analyze(story + "How many tacos had Rex eaten by Wednesday?")
    p = checker.analyzer.analyze(story + "How many tacos did Rex eat in all from Monday to Wednesday?")
    assert span_changes(q, p) == []


# -- coins and packs counted, against a sum of money ---------------------------------------------------------------

COINS = "Ravi keeps 5 nickels, 3 more dimes than nickels and 2 quarters in a jar. "
PENS = "Tom uses 12 pens a month. A 10 pack of pens costs $3. "


@pytest.mark.parametrize(("question", "paraphrase", "old_kind"), [
    (COINS + "How much money does Ravi keep in the jar?", COINS + "How many coins does Ravi keep in the jar?",
     "money"),
    (COINS + "How many dimes are in the jar?", COINS + "How much money is in the jar in total?", "count"),
    (PENS + "How much will Tom spend on pens in a year?", PENS + "How many packs of pens will Tom need in a year?",
     "money"),
])
def test_coins_and_packs_counted_against_a_sum_of_money_are_caught(checker, caught, question, paraphrase, old_kind):
    from paraqd.analysis.asked_changes import asked_changes

    analyze = checker.analyzer.analyze
    changes = [c for c in asked_changes(analyze(question), analyze(paraphrase)) if c.what == "money"]
    assert [c.old_kind for c in changes] == [old_kind]
    _asked_finding(caught(question, paraphrase))


@pytest.mark.parametrize(("question", "paraphrase"), [
    (COINS + "How many dimes are in the jar?", COINS + "What is the number of dimes in the jar?"),
    (COINS + "How much money does Ravi keep in the jar?", COINS + "What is the value of the coins in Ravi's jar?"),
    (PENS + "How many packs of pens will Tom need in a year?", PENS + "How many 10-packs of pens must Tom buy in a year?"),
])
def test_the_same_count_or_sum_is_not_read_as_money_for_a_count(checker, question, paraphrase):
    from paraqd.analysis.asked_changes import asked_changes

    analyze = checker.analyzer.analyze
    assert [c for c in asked_changes(analyze(question), analyze(paraphrase)) if c.what == "money"] == []


# -- a measure of another kind asked ------------------------------------------------------------------------------

HONEY = "A 15-ounce jar of honey tipped over, and ants carry off 3 ounces of it every hour. "
HAWK = "A hawk dives at 90 miles per hour, and a falcon dives twice as fast. The hawk takes 40 seconds to reach the ground. "
WAGE = "Lia works 20 hours a week at $12 an hour. "


@pytest.mark.parametrize(("question", "paraphrase"), [
    (HONEY + "After 2 hours, how many more hours will the ants need to carry off the rest?",
     HONEY + "After 2 hours, how many ounces of honey are still left?"),
    (HAWK + "How long, in seconds, will the falcon take to dive the same distance?",
     HAWK + "How far, in miles, does the hawk dive?"),
])
def test_a_measure_of_another_kind_asked_is_a_major_unit_change(checker, caught, question, paraphrase):
    result = caught(question, paraphrase)
    found = [f for f in result.findings if f.kind == FindingKind.QUESTION_UNIT_CHANGED]
    assert found and found[0].severity == Severity.MAJOR, result.reasons
    assert "the question asks in" in found[0].message


def test_another_kind_of_unit_elsewhere_in_the_clause_stays_minor(checker):
    result = checker.check(WAGE + "How much does Lia earn per week?", WAGE + "How many dollars does Lia earn?")
    found = [f for f in result.findings if f.kind == FindingKind.QUESTION_UNIT_CHANGED]
    assert all(f.severity == Severity.MINOR for f in found), result.reasons
