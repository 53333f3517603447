"""The asked thing must be grounded in the problem (issue 24): paraqd.analysis.grounding and the grounding check.

A question that asks about a thing the problem never quantifies (an unrelated noun, a more specific one, a
restriction the problem never states) cannot be answered; a rewording that asks with the same word, a synonym,
a more general word, a general word ("items"), a measure of its own ("earnings") or words around the asked
thing is the same problem. Every sentence here is made up for the test.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from paraqd.analysis.lexicon import default_lexicon
from paraqd.checks import Severity
from paraqd.resources import spacy_available

pytestmark = pytest.mark.skipif(not spacy_available(), reason="spaCy pipeline not installed")
needs_wordnet = pytest.mark.skipif(default_lexicon() is None, reason="WordNet (paraqd[wordnet] + wordnet-base) absent")

BAKERY = ("A baker made 40 muffins and 25 bagels for the fair. She sold 30 muffins and 12 bagels. "
          "How many muffins are left?")
SCARVES = "Lena knitted 5 scarves on Friday and 7 scarves on Saturday. How many scarves did she knit?"
CAMP = "A summer camp hosts 48 kids in 4 cabins, the same number in each. How many kids sleep in each cabin?"
CAFE = "A cafe sells muffins for $3 each and bagels for $2 each. Ravi buys 4 muffins and 2 bagels. How much does he pay?"
ORCHARD = "Tom picked 14 apples and 9 pears in the orchard. He ate 3 apples. How many apples and pears does he have now?"
NOTEBOOK = "A notebook has 80 pages and Ada filled 30 of them. How many empty pages are there?"


def _ungrounded(checker, question, paraphrase):
    return [f for f in checker.check(question, paraphrase).findings if f.kind == "question_ungrounded"]


def test_grounding_runs_by_default(checker):
    assert "grounding" in [c.name for c in checker.checks]


# -- caught: the question asks about what the problem never quantifies -------------------------------------------

@needs_wordnet
@pytest.mark.parametrize("question, paraphrase, word", [
    # an unrelated noun counted
    (BAKERY, BAKERY.replace("How many muffins are left", "How many croissants are left"), "croissants"),
    # an unrelated noun in an "of" phrase of the counted container
    ("Ivo packed 12 crates of pears and 7 crates of plums. How many crates of pears did he pack?",
     "Ivo packed 12 crates of pears and 7 crates of plums. How many crates of cherries did he pack?", "cherries"),
    # what a "how much" question pays for
    (CAFE, CAFE.replace("How much does he pay?", "How much does he pay for the juice?"), "juice"),
    # a place the problem never mentions
    ("A choir has 40 singers, and 25 of them live in Texas. How many singers live in Texas?",
     "A choir has 40 singers, and 25 of them live in Texas. How many singers live in Dallas?", "Dallas"),
    # a restriction the problem never states: an adjective, a noun of a compound
    (SCARVES, SCARVES.replace("How many scarves", "How many woollen scarves"), "woollen"),
    (SCARVES, SCARVES.replace("How many scarves", "How many silk scarves"), "silk"),
])
def test_an_ungrounded_asked_thing_is_caught(checker, question, paraphrase, word):
    result = checker.check(question, paraphrase)
    findings = [f for f in result.findings if f.kind == "question_ungrounded"]
    assert findings and findings[0].severity == Severity.CRITICAL and not result.passed
    assert [m.text for m in findings[0].paraphrase_spans] == [word]
    span = findings[0].paraphrase_spans[0]
    assert paraphrase[span.start:span.end] == word


@needs_wordnet
def test_a_more_specific_word_names_the_noun_it_narrows(checker):
    (finding,) = _ungrounded(checker, CAMP, CAMP.replace("How many kids sleep", "How many girls sleep"))
    assert '"girls" (a kind of "kids"' in finding.message


@needs_wordnet
def test_a_restriction_names_the_noun_it_restricts(checker):
    (finding,) = _ungrounded(checker, SCARVES, SCARVES.replace("How many scarves", "How many woollen scarves"))
    assert 'never says which "scarves" are woollen' in finding.message


# -- kept: the same thing asked in other words --------------------------------------------------------------------

@needs_wordnet
@pytest.mark.parametrize("question, paraphrase", [
    # a more general word of the counted nouns
    (ORCHARD, "Tom picked 14 apples and 9 pears in the orchard and ate 3 apples. How many pieces of fruit are left?"),
    # a general word that names anything
    (ORCHARD, "Tom picked 14 apples and 9 pears in the orchard. He ate 3 apples. How many items does he have now?"),
    # a synonym
    ("Zoe visited 3 shops and spent $5 in each shop. How much did she spend in all?",
     "Zoe went to 3 stores, spending $5 at every store. What did she spend in total at the stores?"),
    # a measure the question names its own way
    ("Kai earns $12 an hour and works 6 hours a day. How much does he make in 5 days?",
     "Kai is paid $12 per hour for 6 hours each day. What are his total earnings over the course of 5 days?"),
    # quantity and identity adjectives say how many, not which
    (BAKERY, BAKERY.replace("How many muffins are left", "How many remaining muffins are there")),
    ("Mia has 6 stickers and buys 4 more stickers. How many stickers does she have?",
     "Mia owns 6 stickers and buys 4 additional stickers. What is the total number of stickers she has?"),
    # an adjective WordNet ties to the problem's: a synonym, a noun derived from it
    (NOTEBOOK, NOTEBOOK.replace("empty pages", "blank pages")),
    ("Of the 30 pupils in a class, 12 are girls. How many girls take part in the play if half of them do?",
     "Of the 30 pupils in a class, 12 are girls, and half of them take part in the play. How many female pupils "
     "take part?"),
    # words around the asked thing are not what it counts
    ("Ana wrote 4 poems, her brother wrote 6 poems and her sister wrote 5 poems. How many poems did they write?",
     "Ana wrote 4 poems, her brother 6 and her sister 5. How many poems did the three siblings write by the end of "
     "the month?"),
    # a name or noun renamed throughout: the paraphrase's story introduces it
    (BAKERY, BAKERY.replace("muffins", "cupcakes")),
    # a name of the problem in the asking clause
    ("A choir has 40 singers, and 25 of them live in Texas. How many singers live in Texas?",
     "Of the 40 singers in a choir, 25 live in Texas. How many of the choir's singers are Texas residents?"),
    # a pronoun asks about nothing new
    (BAKERY, BAKERY.replace("How many muffins are left", "How many of them are left")),
])
def test_the_same_thing_asked_in_other_words_is_kept(checker, question, paraphrase):
    assert not _ungrounded(checker, question, paraphrase)


# -- the asked thing, read from the parse -------------------------------------------------------------------------

@needs_wordnet
@pytest.mark.parametrize("text, things", [
    ("Ivo packed 12 crates of pears. How many crates of pears did he pack?", ["crates", "pears"]),
    ("Ravi buys 4 muffins. How much does he pay for the muffins?", ["muffins"]),
    ("Lena has 5 red scarves. How many red scarves does she have?", ["scarves", "red"]),
    ("Kai earns $12 an hour. What is his total pay over the course of a week?", []),
    ("Kai earns $12 an hour. How much does he make?", []),
])
def test_asked_things(analyzer, text, things):
    from paraqd.analysis.grounding import asked_things

    assert [w.token.text for w in asked_things(analyzer.analyze(text))] == things


# -- without WordNet: the fallback -------------------------------------------------------------------------------

@pytest.fixture
def no_wordnet(monkeypatch):
    from paraqd.analysis import lexicon

    monkeypatch.setenv(lexicon.WORDNET_ENV, "off")
    lexicon.default_lexicon.cache_clear()
    yield
    monkeypatch.delenv(lexicon.WORDNET_ENV)
    lexicon.default_lexicon.cache_clear()


def test_without_wordnet_only_a_judge_reports_a_counted_noun(analyzer, no_wordnet):
    from paraqd.analysis.grounding import UNRELATED, ungrounded_things

    q = analyzer.analyze(BAKERY)
    p = analyzer.analyze(BAKERY.replace("How many muffins are left", "How many croissants are left"))
    assert ungrounded_things(q, p) == []  # no judge: nothing is known against the word
    found = ungrounded_things(q, p, similar=lambda a, b: False)
    assert [(u.how, u.word.text) for u in found] == [(UNRELATED, "croissants")]
    close = analyzer.analyze(BAKERY.replace("How many muffins are left", "How many cupcakes are left"))
    assert ungrounded_things(q, close, similar=lambda a, b: True) == []


def test_without_wordnet_a_modifier_is_not_judged(analyzer, no_wordnet):
    from paraqd.analysis.grounding import ungrounded_things

    q = analyzer.analyze(SCARVES)
    p = analyzer.analyze(SCARVES.replace("How many scarves", "How many woollen scarves"))
    assert ungrounded_things(q, p, similar=lambda a, b: False) == []


def test_without_wordnet_a_measure_is_not_read_as_a_thing(analyzer, no_wordnet):
    from paraqd.analysis.grounding import ungrounded_things

    q = analyzer.analyze("Kai earns $12 an hour and works 6 hours. How much does he make?")
    p = analyzer.analyze("Kai earns $12 an hour and works 6 hours. What are his total earnings?")
    assert ungrounded_things(q, p, similar=lambda a, b: False) == []


def test_without_wordnet_the_check_is_silent_unless_asked(analyzer, no_wordnet):
    from paraqd.analysis.pair import QuestionPair
    from paraqd.checks.grounding import GroundingCheck

    class Unrelated:
        def are_synonyms(self, a, b, threshold=None):
            return False

    pair = QuestionPair(analyzer.analyze(BAKERY),
                        analyzer.analyze(BAKERY.replace("How many muffins are left", "How many croissants are left")))
    assert GroundingCheck(Unrelated()).compare(pair) == []
    (finding,) = GroundingCheck(Unrelated(), fallback=True).compare(pair)
    assert [m.text for m in finding.paraphrase_spans] == ["croissants"]


# -- a question is always grounded in itself ---------------------------------------------------------------------

QUESTIONS = [BAKERY, SCARVES, CAMP, CAFE, ORCHARD, NOTEBOOK,
             "Ivo packed 12 crates of pears and 7 crates of plums. How many crates of pears did he pack?",
             "A farm has 20 cows and 35 hens. How many legs do the animals have in all?",
             "Each box holds 6 red pencils and 4 blue pencils. How many red pencils are in 9 boxes?"]


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.sampled_from(QUESTIONS))
def test_a_question_grounds_itself(analyzer, text):
    from paraqd.analysis.grounding import ungrounded_things

    doc = analyzer.analyze(text)
    assert ungrounded_things(doc, doc, similar=lambda a, b: False) == []


@needs_wordnet
def test_a_persons_name_grounds_no_thing(checker):
    """WordNet knows "John" as a book (the Gospel) and "Mark" as a coin; a boy called John grounds no books."""
    question = "John got 12 gifts for his birthday and opened 5 of them. How many gifts has he not opened yet?"
    paraphrase = "John got 12 gifts for his birthday and opened 5 of them. How many books has he not opened yet?"
    (finding,) = _ungrounded(checker, question, paraphrase)
    assert finding.paraphrase_spans[0].text == "books" and not checker.check(question, paraphrase).passed
    kept = "John received 12 presents on his birthday and unwrapped 5. How many presents are still unopened?"
    assert _ungrounded(checker, question, kept) == []


# -- a more general word of a noun of the paraphrase's own story (session 22) --------------------------------------

SQUAD = "A swim squad has 3 times as many females as males. There are 5 males. How many members does the squad have?"


@needs_wordnet
def test_a_more_general_word_of_the_paraphrases_story_nouns_is_grounded(checker):
    p = "A swim squad has boys and girls. There are 5 boys and 3 times as many girls. How many children are in the squad?"
    assert not _ungrounded(checker, SQUAD, p)


@needs_wordnet
def test_a_word_unrelated_to_the_story_is_still_ungrounded(checker):
    p = "A swim squad has boys and girls. There are 5 boys and 3 times as many girls. How many coaches are in the squad?"
    assert [m.text for f in _ungrounded(checker, SQUAD, p) for m in f.paraphrase_spans] == ["coaches"]
