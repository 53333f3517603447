"""The numbers that label a text's own lines (session 13, issue 24): a worksheet's "Problem 3:" and the item
numbers of an enumerated list count nothing; the same digits as quantities, or a label word the problem uses
again ("Day 1: ... Day 2:"), stay numbers. Every text is written for the test."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from paraqd.analysis.layout import line_labels
from paraqd.resources import spacy_available

SHELVES = "A library has 4 shelves. Each shelf holds 25 books. How many books does the library hold?"
SHELVES_SHEET = ("Library Shelves\nExercise 7:\nA library is being tidied.\n1. The library has 4 shelves.\n"
                 "2. Each shelf holds 25 books.\nQuestion: How many books does the library hold?\nAnswer: ____")


def _labelled(text):
    return [text[a:b] for a, b in line_labels(text)]


def test_a_worksheet_heading_and_its_enumeration_are_labels():
    assert _labelled(SHELVES_SHEET) == ["7", "1", "2"]


@pytest.mark.parametrize("text", [
    "3 friends share 12 apples equally. How many apples does each friend get?",  # a count opens the line
    "He paid $2.\n3 friends came later. How many people came?",                   # no "3." enumerator
    "3. Tom has 4 pens. How many pens does he have?",                              # one item numbered 3
    "1. Tom has 4 pens.\n3. Ann has 2.\nHow many pens?",                           # not 1, 2, ... in order
    "Day 1: she sold 30 tulips.\nDay 2: she sold twice as many.\nHow many tulips did she sell in the 2 days?",
    "Week 2: the shop sells 40 cups, twice the first week's sales. How many cups in the two weeks?",
])
def test_numbers_of_the_problem_are_no_labels(text):
    assert line_labels(text) == []


@given(st.lists(st.sampled_from(["Tom has 4 pens.", "Ann buys 3 more pens.", "Each pen costs $2."]),
                min_size=2, max_size=6))
def test_an_enumeration_labels_exactly_its_item_numbers(items):
    text = "\n".join(f"{i}. {item}" for i, item in enumerate(items, 1)) + "\nHow much do the pens cost?"
    assert _labelled(text) == [str(i) for i in range(1, len(items) + 1)]


@pytest.mark.skipif(not spacy_available(), reason="spaCy pipeline not installed")
def test_a_worksheet_rewording_is_kept_and_its_labels_are_no_numbers(kept, analyzer):
    kept(SHELVES, SHELVES_SHEET)
    assert sorted(n.value for n in analyzer.analyze(SHELVES_SHEET).numbers) == [4, 25]


@pytest.mark.skipif(not spacy_available(), reason="spaCy pipeline not installed")
def test_a_number_added_in_a_worksheet_is_still_caught(caught):
    caught(SHELVES, SHELVES_SHEET.replace("2. Each shelf holds 25 books.", "2. Each shelf holds 25 books.\n"
                                          "3. 6 more books lie on the desk."))


# -- a script's panels (session 22) ---------------------------------------------------------------------------------

SCRIPT = ("PANEL 1 - Odile (holding string): I made 6 kites this weekend!\n"
          "PANEL 2 - (Sunday) Bruno: And I made 4 more kites than Odile.\n"
          "PANEL 3 - Odile: So how many kites did Bruno make?")


def test_a_scripts_panel_numbers_are_labels():
    assert _labelled(SCRIPT) == ["1", "2", "3"]
    scenes = "Scene 1\nGus: I rowed 5 laps.\nScene 2:\nGus: Then (Tuesday) 7 more."
    assert _labelled(scenes) == ["1", "2"]


@pytest.mark.parametrize("text", [
    "Day 1: she planted 12 bulbs.\nDay 2: she planted 9 bulbs.\nHow many bulbs did she plant?",  # no speaker
    "PANEL 2 - Gus: I rowed 5 laps.\nPANEL 3 - Ida: I rowed 7.",                                # not from 1
])
def test_a_numbered_line_that_is_no_scripts_panel_keeps_its_number(text):
    assert line_labels(text) == []
