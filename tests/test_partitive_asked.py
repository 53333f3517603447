"""The predicate of a partitive asking clause: "how many of the cards he got were *blue*" (or "were *stamps*")
asks for a part of the asked thing the problem never gives (:mod:`paraqd.analysis.asked_scope`)."""

from __future__ import annotations

import pytest

from paraqd.analysis.lexicon import default_lexicon
from paraqd.resources import spacy_available

pytestmark = [
    pytest.mark.skipif(not spacy_available(), reason="spaCy pipeline not installed"),
    pytest.mark.skipif(default_lexicon() is None, reason="WordNet absent"),
]

CARDS = "Omar got 15 cards on Monday and 6 fewer on Tuesday. How many cards did he get in total?"
SHELLS = "Priya found 22 shells at the beach and gave 7 to her cousin. How many shells does Priya have left?"
SHELF = "A shelf holds 30 jars. 12 of the jars are empty and the rest are full. How many jars are full?"
TEAM = "A choir has 18 singers. 7 of the singers are tenors. How many singers are not tenors?"


def _ungrounded(checker, question, paraphrase):
    return [f for f in checker.check(question, paraphrase).findings if f.kind == "question_ungrounded"]


@pytest.mark.parametrize("question, paraphrase, word", [
    (CARDS, "Omar got 15 cards on Monday and 6 fewer on Tuesday. How many of the cards he got were blue?", "blue"),
    (CARDS, "Omar got 15 cards on Monday and 6 fewer on Tuesday. How many of the cards he got were stamps?",
     "stamps"),
    (SHELLS, "Priya found 22 shells at the beach and gave 7 to her cousin. How many of the shells she kept are "
             "pink?", "pink"),
])
def test_a_part_the_problem_never_gives_is_caught(checker, question, paraphrase, word):
    found = _ungrounded(checker, question, paraphrase)
    assert found, paraphrase
    assert word in found[0].message
    assert paraphrase[found[0].paraphrase_spans[0].start:found[0].paraphrase_spans[0].end] == word
    assert not checker.check(question, paraphrase).passed


@pytest.mark.parametrize("question, paraphrase", [
    (SHELF, "There are 30 jars on a shelf; 12 of them are empty, the rest full. How many of the jars are full?"),
    (TEAM, "Of the 18 singers in a choir, 7 are tenors. How many of the singers are not tenors?"),
    (CARDS, "On Monday Omar got 15 cards, and on Tuesday he got 6 fewer. How many cards were there in all?"),
    ("A club has 32 hikers, and 19 of them live in Ohio. How many hikers live in Ohio?",
     "Of the 32 hikers in a club, 19 live in Ohio. How many of the club's hikers are Ohio residents?"),
    (SHELLS, "At the beach Priya found 22 shells, a sunny day, and gave 7 to her cousin Lea. How many of the "
             "shells are still hers?"),
])
def test_a_part_the_problem_states_is_kept(checker, question, paraphrase):
    assert not _ungrounded(checker, question, paraphrase), paraphrase


# -- an act written in place of the question's asking verb (asked_scope.swapped_acts) ----------------------------

PADDLE = ("18 kids went canoeing on Saturday. 25 kids went canoeing on Sunday. How many more kids went canoeing on "
          "Sunday than on Saturday?")
HIKE = ("A trail crew must clear 3 paths. Each path takes 2 days, and the crew walks 9 miles per day. How many "
        "miles will the crew walk in all?")


@pytest.mark.parametrize("question, paraphrase, word", [
    (PADDLE, "The weekend at Birch Lake was busy: on Saturday 18 kids went canoeing, and on Sunday 25 kids went "
             "canoeing. How many more kids went hiking on Sunday than on Saturday?", "hiking"),
    (HIKE, "A trail crew has 3 paths to clear. Each takes 2 days, and every day the crew walks 9 miles. How many miles "
           "will the crew drive in all?", "drive"),
])
def test_an_act_the_problem_never_gives_is_caught(checker, question, paraphrase, word):
    found = _ungrounded(checker, question, paraphrase)
    assert found, paraphrase
    assert f'"{word}"' in found[0].message
    assert not checker.check(question, paraphrase).passed


@pytest.mark.parametrize("question, paraphrase", [
    (PADDLE, "On Saturday 18 kids went canoeing; on Sunday 25 kids went canoeing. How many more kids paddled on "
             "Sunday than on Saturday?"),
    (HIKE, "A trail crew must clear 3 paths, 2 days each, walking 9 miles per day. How many miles will the crew hike "
           "in all?"),
    (HIKE, "A trail crew must clear 3 paths. Each path takes 2 days, and the crew walks 9 miles per day. Determine "
           "how many miles the crew will walk in all."),
    (HIKE, "A trail crew must clear 3 paths. Each path takes 2 days, and the crew walks 9 miles per day. How many "
           "miles will the crew cover in all?"),
])
def test_the_asked_act_reworded_is_kept(checker, question, paraphrase):
    assert not _ungrounded(checker, question, paraphrase), paraphrase


# -- the object of a partitive asking clause's verb, a thing of the story: its modifiers ---------------------------

CRATES = ("A van brought 8 crates of 30 pears each. 5 pears were bruised and thrown out. The rest were packed into "
          "bags of 6. How many bags were there?")


@pytest.mark.parametrize("paraphrase, word", [
    ("A van brought 8 crates of 30 pears each. 5 pears were bruised and thrown out. The rest were packed into bags of "
     "6. How many of the bags held green pears?", "green"),
])
def test_a_kind_of_the_held_thing_the_problem_never_gives_is_caught(checker, paraphrase, word):
    found = _ungrounded(checker, CRATES, paraphrase)
    assert found, paraphrase
    assert f'"{word}"' in found[0].message


@pytest.mark.parametrize("paraphrase", [
    "A van brought 8 crates of 30 pears each; 5 bruised pears were thrown out, and the rest went into bags of 6. How "
    "many bags were there?",
    "A van brought 8 crates of 30 pears each. 5 pears were bruised and thrown out. The rest were packed into bags of "
    "6. How many of the bags held pears in the end?",
    "A van brought 8 crates of 30 pears each. 5 pears were bruised and thrown out. The rest were packed into bags of "
    "6. How many of the bags held the pears from the crates?",
])
def test_the_held_thing_said_again_is_kept(checker, paraphrase):
    assert not _ungrounded(checker, CRATES, paraphrase), paraphrase
