"""What a number counts (issue 24): a paraphrase that keeps a value but has it count another thing states another
problem ("4 pages" -> "4 chapters" beside "7 pages"); a synonym, a more general word, a container or a piece of
the same thing, people named another way or a noun renamed throughout keep it.

Every sentence here is made up for the test.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from paraqd.analysis import QuestionPair, analyze
from paraqd.analysis import counted as counted_module
from paraqd.analysis.counted import changed_bases, counted_things, recounted
from paraqd.analysis.lexicon import default_lexicon
from paraqd.checks import Severity
from paraqd.resources import spacy_available

pytestmark = pytest.mark.skipif(not spacy_available(), reason="spaCy pipeline not installed")
needs_wordnet = pytest.mark.skipif(default_lexicon() is None, reason="WordNet not installed")


def _changes(q: str, p: str) -> list[tuple[str, str]]:
    pair = QuestionPair(analyze(q), analyze(p))
    return [(a.mention(pair.question).text, b.mention(pair.paraphrase).text) for a, b in pair.recounted]


def test_counted_things_read_the_noun_and_its_of_phrase():
    doc = analyze("Mara has 3 crates of melons, 12 pieces of toast and a 500-page diary. She ate 2 more.")
    found = {(c.number.text, c.head.text, c.of.text if c.of is not None else None, c.key) for c in counted_things(doc)}
    # a crate counts crates (of melons); a piece counts what it is a piece of; "500-page" only describes
    assert found == {("3", "crates", "melons", "crate"), ("12", "pieces", "toast", "toast")}


@needs_wordnet
@pytest.mark.parametrize("q, p, expected", [
    # another thing while the old one is still named
    ("Lena read 6 pages of her novel and 9 pages of her atlas. How many pages did she read?",
     "Lena read 6 chapters of her novel and 9 pages of her atlas. How many pages did she read?",
     [("6 pages of her novel", "6 chapters of her novel")]),
    # things counted one by one, now counted in groups of them
    ("A storm knocked down 3 fences on the farm. The farm had 10 fences. How many fences are standing?",
     "A storm knocked down 3 rows of fences on the farm. The farm had 10 fences. How many fences are standing?",
     [("3 fences", "3 rows of fences")]),
    # a thing the question names for something else
    ("Nia keeps her cups in stacks. She has 4 trays of cups, each holding 11 cups. How many cups does she have?",
     "Nia keeps her cups in stacks. She has 4 trays of cups, each holding 11 trays. How many cups does she have?",
     [("11 cups", "11 trays")]),
])
def test_a_number_that_counts_another_thing_is_found(q, p, expected, checker):
    assert _changes(q, p) == expected
    result = checker.check(q, p)
    assert "count_changed" in result.kinds(Severity.CRITICAL) and not result.passed


@needs_wordnet
@pytest.mark.parametrize("q, p", [
    # a synonym, a more general word
    ("Kemal baked 12 cookies and ate 3 cookies. How many cookies are left?",
     "Kemal baked 12 biscuits and ate 3 cookies. How many cookies are left?"),
    ("Rosa picked 8 apples and sold 5 apples. How many apples are left?",
     "Rosa picked 8 pieces of fruit and sold 5 apples. How many apples are left?"),
    # people named another way
    ("A class has 24 pupils and 6 pupils went home. How many pupils stayed?",
     "A class has 24 kids and 6 pupils went home. How many pupils stayed?"),
    # a container, a measure or a piece of the same thing
    ("Ivo buys 2 chocolates for himself and 3 chocolates for his son. How many chocolates does he buy?",
     "Ivo buys 2 bars of chocolate for himself and 3 chocolates for his son. How many chocolates does he buy?"),
    ("Gran cut 18 pieces of pie and the guests ate 11 pieces of pie. How many pieces are left?",
     "Gran cut 18 slices and the guests ate 11 pieces of pie. How many pieces are left?"),
    # the sides of a grid counted as rows
    ("An orchard has 6 trees by 8 trees. How many trees are in the orchard?",
     "An orchard has 6 rows of trees with 8 trees in each row. How many trees are in the orchard?"),
    # a noun renamed throughout (the entity check's)
    ("Tia has 4 pears and buys 6 pears. How many pears does she have?",
     "Tia has 4 plums and buys 6 plums. How many plums does she have?"),
    # an adjective standing for the thing, a number that only describes
    ("A box holds 16 pens: 13 blue pens and some black pens. How many black pens are there?",
     "A box holds 16 pens: 13 blue, the rest black. How many black pens are there?"),
    ("Ezra read half of a 300 page book and 40 pages of a comic. How many pages did he read?",
     "Ezra read half of a 300-page book and 40 pages of a comic. How many pages did he read?"),
])
def test_the_same_count_in_other_words_is_kept(q, p, checker):
    assert _changes(q, p) == []
    assert "count_changed" not in checker.check(q, p).kinds()


def test_without_wordnet_only_a_thing_of_the_question_tells(monkeypatch):
    monkeypatch.setattr(counted_module, "default_lexicon", lambda: None)
    q = "Nia has 4 trays of cups, each holding 11 cups. She read 6 pages and 9 pages. How many cups?"
    # WordNet would call "chapters" another thing; without it a word the question does not use is unknown
    assert _changes(q, q.replace("6 pages", "6 chapters")) == []
    assert _changes(q, q.replace("11 cups", "11 trays")) == [("11 cups", "11 trays")]


_WORDS = st.sampled_from(["Ada", "has", "3", "12", "apples", "boxes", "of", "pears", "and", "pieces", "cake",
                          "2", "rows", "trees", "-", "page", "book", "each", ",", "times", "more", "how", "many"])


@settings(max_examples=40, deadline=None, derandomize=True)
@given(st.lists(_WORDS, min_size=1, max_size=14), st.lists(_WORDS, min_size=1, max_size=14))
def test_recounted_never_crashes_and_a_text_never_recounts_itself(q_words, p_words):
    q, p = " ".join(q_words) + ".", " ".join(p_words) + "."
    recounted(analyze(q), analyze(p))
    assert recounted(analyze(q), analyze(q)) == []


# -- what an amount is for ----------------------------------------------------------------------------------------

@pytest.mark.parametrize("q, p, expected", [
    ("A stall sells muffins for $3 each. It sells 40 muffins. How much money does it make?",
     "A stall sells muffins for $3 per dozen. It sells 40 muffins. How much money does it make?",
     [("$3 each", "$3 per dozen")]),
    ("Eggs cost 30 dollars for a dozen and milk costs 2 dollars a bottle. How much do 5 dozen eggs cost?",
     "Eggs cost 30 dollars each and milk costs 2 dollars a bottle. How much do 5 dozen eggs cost?",
     [("30 dollars for a dozen", "30 dollars each")]),
])
def test_an_amount_for_another_number_of_things_is_found(q, p, expected, checker):
    assert [(a.text, b.text) for a, b in changed_bases(analyze(q), analyze(p))] == expected
    result = checker.check(q, p)
    assert "unit_changed" in result.kinds(Severity.CRITICAL) and not result.passed


@pytest.mark.parametrize("q, p", [
    ("Pens cost $3 each. How much do 4 pens cost?", "Pens cost $3 per pen. How much do 4 pens cost?"),
    ("Pens cost $3 each. How much do 4 pens cost?", "Each pen costs $3. How much do 4 pens cost?"),
    ("Jo earns $12 an hour. How much does she earn in 5 hours?",
     "Jo earns $12 per hour. How much does she earn in 5 hours?"),
    ("On Monday and Friday she runs for 2 hours each day. How long does she run?",
     "On Monday and Friday she runs for 2 hours each. How long does she run?"),
])
def test_an_amount_for_the_same_things_in_other_words_is_kept(q, p):
    assert changed_bases(analyze(q), analyze(p)) == []
