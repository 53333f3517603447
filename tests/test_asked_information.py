"""The asked quantity as information (issue 24, session 14): its counted thing, its measure (a count of things
or a sum of money), its time point and the item or period a part is asked per. A paraphrase whose question
asks for another of them asks for another quantity of the same problem; a rewording that keeps them (a
synonym or a more general word, money asked in its unit, the same time point or period in other words) is
the same question. Every sentence here is written for this test, none is a development pair."""

from __future__ import annotations

import pytest

from paraqd.analysis.asked_changes import asked_changes
from paraqd.analysis.asked_shape import shape_changes
from paraqd.resources import spacy_available

pytestmark = pytest.mark.skipif(not spacy_available(), reason="spaCy pipeline not installed")

LAWNS = "Lena earns $4 for every lawn she mows. She made $96 in 3 weeks. "
MUFFINS = "A baker sells muffins for $2 each. He made $60 in 5 hours. "
UNCLE = "Pia is 9 years old. Her uncle is 4 times as old as Pia. "
TREE = "A tree was 3 meters tall two years ago, and it grows 1 meter a year. "
CLUB = "A club has 60 members. 25 of them are women. "
LOT = "A parking lot holds 50 vehicles, and 18 of the vehicles are trucks. "
FERRY = "A ferry makes 4 crossings each day and carries 30 cars on every crossing. "
POOL = "Mo swims 5 laps in every session and has 3 sessions a week. "
CANS = "A school collected 600 cans and gave 75% of them to 5 shelters. "
COOKIES = "Tia baked 48 cookies and sold 30 of them at the fair. "
STAMPS = "Bo had 40 stamps and traded 12 of them to 4 friends, 3 each. "


def _whats(checker, question, paraphrase):
    analyze = checker.analyzer.analyze
    q, p = analyze(question), analyze(paraphrase)
    return {c.what for c in (*asked_changes(q, p), *shape_changes(q, p))}


@pytest.mark.parametrize(("question", "paraphrase", "what"), [
    # a count of things asked as a sum of money, a unit of time elsewhere in the asking clause
    (LAWNS + "How many lawns did she mow each week?", LAWNS + "How much money did she make each week?", "money"),
    (MUFFINS + "How many muffins did he sell in 5 hours?", MUFFINS + "How much money did he take in over 5 hours?",
     "money"),
    # the state today asked at a time point shifted from it
    (UNCLE + "How old is her uncle today?", UNCLE + "How old will her uncle be in 6 years?", "when"),
    (TREE + "How tall is the tree today?", TREE + "How tall was the tree 2 years ago?", "when"),
    # the problem's other part asked: the thing the story counts in place of its complement
    (CLUB + "How many men are in the club?", CLUB + "How many women are in the club?", "thing"),
    (LOT + "How many cars are in the lot?", LOT + "How many trucks are parked in the lot?", "thing"),
    # a part per period asked per another item or period, and back
    (FERRY + "How many cars does the ferry carry each day?", FERRY + "How many cars does the ferry carry on one "
     "crossing?", "period"),
    (POOL + "How many laps does Mo swim per week?", POOL + "How many laps does Mo swim in a single session?", "period"),
    (FERRY + "How many cars are on every crossing?", FERRY + "How many cars does the ferry carry each day?", "period"),
    # what the story's act did not move (what is left) asked for a part per item or a total, and back
    (CANS + "How many cans did each shelter get?", CANS + "How many cans were not given to the shelters?",
     "aggregate"),
    (COOKIES + "How many cookies did Tia bake in all?", COOKIES + "How many cookies did Tia not sell?", "aggregate"),
    (STAMPS + "How many stamps did Bo not trade?", STAMPS + "How many stamps did each friend get?", "aggregate"),
])
def test_another_asked_quantity_is_caught(checker, question, paraphrase, what):
    assert what in _whats(checker, question, paraphrase)
    result = checker.check(question, paraphrase)
    assert not result.passed, str(result)
    assert "question_quantity_changed" in result.kinds(), str(result)


@pytest.mark.parametrize(("question", "paraphrase"), [
    # money asked in its unit, and a count asked over a period in other words
    (LAWNS + "How many dollars did she make each week?", LAWNS + "How much money did she make each week?"),
    (LAWNS + "How many lawns did she mow each week?", LAWNS + "How many lawns did she cut per week?"),
    # the same time point in other words
    (UNCLE + "How old is her uncle today?", UNCLE + "How old is her uncle at present?"),
    (UNCLE + "How old is her uncle today?", UNCLE + "How old is her uncle now?"),
    # the same thing by a synonym or a more general word; the complement asked as the whole less the part
    (CLUB + "How many men are in the club?", CLUB + "How many of the members are not women?"),
    ("There are 32 children on the bus. 12 of them are girls. How many boys are on the bus?",
     "There are 32 kids on the bus. 12 of the kids are girls. How many children on the bus are boys?"),
    # another word for the same thing, the story's word in place of the question's own
    ("Ana plays chess for 3 hours and wins a match every 40 minutes. How many games does she win?",
     "Ana plays chess for 3 hours and wins a match every 40 minutes. How many matches does Ana win?"),
    # a substance asked by its measure
    ("Eli bakes with 6 cups of flour in the first week and half as much each week after. How much flour does "
     "he use in the third week?",
     "Eli bakes with 6 cups of flour in the first week and half as much each week after. How many cups of flour "
     "does he use in the third week?"),
    ("There are 32 children on the bus. How many children are on the bus in all?",
     "There are 32 kids on the bus. How many kids are on the bus?"),
    # the same period or item in other words
    (FERRY + "How many cars does the ferry carry each day?", FERRY + "How many cars does the ferry carry in one "
     "day?"),
    (FERRY + "How many cars does the ferry carry each day?", FERRY + "How many cars does the ferry carry daily?"),
    (POOL + "How many laps does Mo swim per week?", POOL + "How many laps does Mo swim every week?"),
    # what is left asked as what the act did not move, and a negation of no act of the story
    (COOKIES + "How many cookies are left?", COOKIES + "How many cookies did Tia not sell?"),
    (COOKIES + "How many cookies did Tia not sell?", COOKIES + "How many cookies does Tia still have?"),
    (COOKIES + "How many cookies did Tia bake in all?", COOKIES + "How many cookies in all did Tia bake, not "
     "counting the ones she ate?"),
])
def test_the_same_asked_quantity_in_other_words_is_kept(checker, question, paraphrase):
    assert not _whats(checker, question, paraphrase)
    assert "question_quantity_changed" not in checker.check(question, paraphrase).kinds()
