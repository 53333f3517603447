"""Words of the problem's information written in place as words of another kind (paraqd/analysis/replacements.py):
a counted thing as a word that names no thing or as a time, a relation verb as a noun, a distinguishing
adjective as a noun. Both directions: the corrupted pair is caught, a faithful rename of the same kind is kept."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_explanations_true import falsehoods

from paraqd.analysis import QuestionPair
from paraqd.analysis.lexicon import default_lexicon
from paraqd.analysis.replacements import DISTINCTION, RELATION, THING, is_time_word, kind_changes
from paraqd.checks import Severity

needs_wordnet = pytest.mark.skipif(default_lexicon() is None, reason="WordNet not installed")


def _changes(parse, q, p):
    return [(c.old.text, c.new.text, c.part) for c in kind_changes(QuestionPair(parse(q), parse(p)))]


def _kind_findings(checker, q, p):
    result = checker.check(q, p)
    assert not [w for f in result.findings for w in falsehoods(q, p, f)]
    return [f for f in result.findings if f.kind == "word_kind_changed"]


# -- the time words are the grammar of time, no content list ------------------------------------------------

@pytest.mark.parametrize("word", ["Thursday", "mondays", "today", "tomorrow", "minute", "hours", "weeks", "May"])
def test_time_words(word):
    assert is_time_word(word)


@pytest.mark.parametrize("word", ["queue", "shelf", "pencils", "Mira", "holiday"])
def test_no_time_words(word):
    assert not is_time_word(word)


# -- a thing the problem counts ---------------------------------------------------------------------------------

def test_a_counted_thing_written_as_a_time_is_caught(checker, parse):
    q = ("Ravi stands in a queue at the bakery. He is 9th from the front of the queue and 4th from the back of "
         "the queue. How many people are in the queue?")
    p = ("Ravi stands in a tuesday at the bakery. He is 9th from the front of the tuesday and 4th from the back "
         "of the tuesday. How many people are in the tuesday?")
    assert ("queue", "tuesday", THING) in _changes(parse, q, p)
    found = _kind_findings(checker, q, p)
    assert found and found[0].severity == Severity.MAJOR and "a time" in found[0].message
    # the rename that this replaces is not said as well
    assert "term_renamed" not in checker.check(q, p).kinds()


@needs_wordnet
def test_a_counted_thing_written_as_a_word_that_names_no_thing_is_caught(checker, parse):
    q = "Lola had 12 stamps. She gave 5 stamps to Ben. How many stamps does Lola have now?"
    p = "Lola had 12 opened. She gave 5 opened to Ben. How many opened does Lola have now?"
    assert ("stamps", "opened", THING) in _changes(parse, q, p)
    assert _kind_findings(checker, q, p)
    assert checker.check(q, p).worst >= Severity.MAJOR


@pytest.mark.parametrize("p", [
    "Lola had 12 coins. She gave 5 coins to Ben. How many coins does Lola have now?",   # another thing
    "Lola had 12 Zorbs. She gave 5 Zorbs to Ben. How many Zorbs does Lola have now?",   # a made-up name
    "Nina had 12 stamps. She gave 5 stamps to Ben. How many stamps does Nina have now?",  # a person renamed
])
def test_a_consistent_rename_to_a_thing_or_a_name_is_kept(checker, parse, p):
    q = "Lola had 12 stamps. She gave 5 stamps to Ben. How many stamps does Lola have now?"
    assert _changes(parse, q, p) == []
    assert checker.check(q, p).worst is None or checker.check(q, p).worst < Severity.MAJOR


def test_a_time_for_a_time_is_no_change(parse):
    q = "Omar reads 20 pages every Monday. How many pages does he read in 3 weeks?"
    p = "Omar reads 20 pages every Friday. How many pages does he read in 3 weeks?"
    assert _changes(parse, q, p) == []


# -- the relation of a quantity ---------------------------------------------------------------------------------

def test_a_relation_verb_written_as_a_noun_is_caught(checker, parse):
    q = "In a town, 30% of the people travel by train and 45% travel by bus. What percent travel by train or bus?"
    p = "In a town, 30% of the people window by train and 45% window by bus. What percent window by train or bus?"
    assert ("travel", "window", RELATION) in _changes(parse, q, p)
    found = _kind_findings(checker, q, p)
    assert found and "the relation of a quantity" in found[0].message


@pytest.mark.parametrize("p", [
    "In a town, 30% of the people go by train and 45% go by bus. What percent go by train or bus?",
    "In a town, 30% of the people commute by train and 45% commute by bus. What percent commute by train or bus?",
    "In a town, 30% of the people take the train and 45% take the bus. What percent take the train or the bus?",
])
def test_a_relation_verb_said_another_way_is_kept(checker, parse, p):
    q = "In a town, 30% of the people travel by train and 45% travel by bus. What percent travel by train or bus?"
    assert [c for c in _changes(parse, q, p) if c[2] == RELATION] == []
    assert "word_kind_changed" not in checker.check(q, p).kinds()


# -- an adjective that tells two things apart ---------------------------------------------------------------------

@needs_wordnet
def test_a_distinguishing_adjective_written_as_a_noun_is_caught(checker, parse):
    q = "A red kettle holds 3 liters and a black kettle holds 2 liters. How much more does the red kettle hold?"
    p = "A wallet kettle holds 3 liters and a black kettle holds 2 liters. How much more does the wallet kettle hold?"
    assert ("red", "wallet", DISTINCTION) in _changes(parse, q, p)
    assert _kind_findings(checker, q, p)


def test_a_distinguishing_adjective_written_as_another_adjective_is_no_kind_change(parse):
    q = "A red kettle holds 3 liters and a black kettle holds 2 liters. How much more does the red kettle hold?"
    p = "A crimson kettle holds 3 liters and a black kettle holds 2 liters. How much more does the crimson kettle hold?"
    assert [c for c in _changes(parse, q, p) if c[2] == DISTINCTION] == []


# -- never a crash, never a change without an edit ----------------------------------------------------------------

@settings(max_examples=40, deadline=None, derandomize=True)
@given(text=st.text(alphabet="abc 12.,?", max_size=40))
def test_any_text_is_read_without_a_crash_and_a_copy_changes_nothing(parse, text):
    assert kind_changes(QuestionPair(parse(text or "x"), parse(text or "x"))) == ()
