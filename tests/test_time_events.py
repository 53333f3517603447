"""The present of a problem moved to an event of its story (issue 24, `paraqd/analysis/time_events.py`): a
number held "right now" written before an event the story tells as past, the question asked "now" written as
asked when a future event of the story happens. Each rule has edits it must catch and retellings it must keep.

Every sentence here is made up for the test.
"""

from __future__ import annotations

import pytest

from paraqd.analysis import QuestionPair, analyze
from paraqd.analysis.time_events import moved_to_events
from paraqd.resources import spacy_available

pytestmark = pytest.mark.skipif(not spacy_available(), reason="spaCy pipeline not installed")


def _moves(q: str, p: str) -> list[str]:
    return [m.message for m in moved_to_events(QuestionPair(analyze(q), analyze(p)))]


def _time_kinds(checker, q: str, p: str) -> list[str]:
    return [f.message for f in checker.check(q, p).findings if f.kind == "time_changed"]


# -- a number held now, written before a past event -----------------------------------------------------------

def test_a_number_held_now_written_before_a_past_event_is_caught(checker):
    q = "Noor bought some pens and gave 6 of them to Raj. If Noor has 14 pens right now, how many did she buy?"
    p = "Noor bought some pens and gave 6 of them to Raj. If Noor had 14 pens before she gave them away, how " \
        "many did she buy?"
    [message] = _moves(q, p)
    assert message == ('14 is at "right now" in the question but "before she gave them away" in the '
                       "paraphrase, before an event the story tells as past")
    assert message in _time_kinds(checker, q, p)
    assert not checker.check(q, p).passed


@pytest.mark.parametrize(("q", "p"), [
    # the number after the event: the present kept
    ("Noor bought some pens and gave 6 of them to Raj. If Noor has 14 pens right now, how many did she buy?",
     "Noor bought some pens and gave 6 of them to Raj. If Noor had 14 pens after she gave them away, how many "
     "did she buy?"),
    # an event still to come: "now" is before it in both texts
    ("Sima has 30 cards now. Tomorrow she will trade 8 of them. How many cards will she have?",
     "Sima has 30 cards before she trades 8 of them tomorrow. How many cards will she have?"),
    # the present still named in the paraphrase's sentence of the number
    ("Eben sold 5 kites. He has 12 kites now. How many did he have?",
     "Eben has 12 kites now, the ones left before he sold 5 were more. How many did he have?"),
    # the question already says "before"
    ("Tova has 22 beads right now, before she strung 9 onto a bracelet. How many beads did she have?",
     "Tova had 22 beads before she strung 9 onto a bracelet. How many beads did she have?"),
])
def test_a_number_held_now_kept_at_the_present_is_no_move(q, p):
    assert _moves(q, p) == []


# -- the question asked at a future event of the story --------------------------------------------------------

def test_the_question_asked_when_a_future_event_happens_is_caught(checker):
    q = ("When Ruben turns 25, he will be a third of his uncle's age. Ruben is 19 now. How old is his uncle "
         "now?")
    p = ("When Ruben turns 25, he will be a third of his uncle's age. Ruben is 19 now. How old will his uncle "
         "be when Ruben turns 25?")
    [message] = _moves(q, p)
    assert message == ('the question asks about "now", the paraphrase about "when Ruben turns 25", a time the '
                       "story looks ahead to")
    assert not checker.check(q, p).passed


@pytest.mark.parametrize(("q", "p"), [
    # the question itself asks at the event
    ("When Ruben turns 25, he will be a third of his uncle's age. How old will his uncle be then?",
     "When Ruben turns 25, he will be a third of his uncle's age. How old will his uncle be when Ruben turns 25?"),
    # "now" written another way
    ("When Ruben turns 25, he will be a third of his uncle's age. Ruben is 19 now. How old is his uncle now?",
     "When Ruben turns 25, he will be a third of his uncle's age. Ruben is 19 today. How old is his uncle "
     "today?"),
    # the "when" clause names no event the question's story looks ahead to
    ("Ada bakes 4 trays of 10 buns and sells 25. How many buns does she have now?",
     "Ada bakes 4 trays of 10 buns and sells 25. How many buns will she have when she is done?"),
])
def test_the_question_asked_at_the_present_is_no_move(q, p):
    assert _moves(q, p) == []


# -- a number held now, written at the end of an earlier numbered period ---------------------------------------

def test_a_number_held_now_written_at_the_end_of_an_earlier_period_is_caught(checker):
    q = ("Pell currently has $40 in his jar. He spent $12 in the first month and $9 in the second month. How much "
         "did he have at the start?")
    p = ("Pell had $40 in his jar at the end of his first month. He spent $12 in the first month and $9 in the "
         "second month. How much did he have at the start?")
    [message] = _moves(q, p)
    assert message == ('$40 is at "currently" in the question but "at the end of his first month" in the '
                       "paraphrase, before the second month the story goes on to")
    assert not checker.check(q, p).passed


@pytest.mark.parametrize(("q", "p"), [
    # the last period the story names: the present is its end
    ("Pell currently has $40 in his jar. He spent $12 in the first month and $9 in the second month. How much "
     "did he have at the start?",
     "Pell had $40 in his jar at the end of his second month. He spent $12 in the first month and $9 in the "
     "second month. How much did he have at the start?"),
    # a story of one period
    ("Pell currently has $40 in his jar. He spent $12 in the first month. How much did he have at the start?",
     "Pell had $40 in his jar at the end of the first month, after he spent $12 in it. How much did he have at "
     "the start?"),
])
def test_a_number_held_at_the_end_of_the_last_period_is_no_move(q, p):
    assert _moves(q, p) == []
