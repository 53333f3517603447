"""The scope of the asked quantity must be grounded too (issue 24, paraqd/analysis/asked_scope.py): a paraphrase
whose question keeps the asked thing but restricts it with words the problem never gives ("how many of the
eggs were *duck* eggs", "how many scratches does he have *on his back*", "books *about dragons*") asks about a
quantity the problem does not state. Rewordings that restate the same scope in other words, with the
problem's own words, a more general word or the reader ("you") are kept. Every sentence here is written for
this test, on other problems than the development pairs.
"""

from __future__ import annotations

import pytest

from paraqd.analysis.lexicon import default_lexicon
from paraqd.resources import spacy_available

pytestmark = [pytest.mark.skipif(not spacy_available(), reason="spaCy pipeline not installed"),
              pytest.mark.skipif(default_lexicon() is None, reason="WordNet absent")]

EGGS = "A farmer collected 48 eggs on Monday and 36 eggs on Tuesday. How many eggs did he collect?"
LIBRARY = "A library has 120 novels and 80 comics on its shelves. How many books does the library have?"
SCRATCHES = ("Tom has 14 scratches on his left leg and 9 scratches on his right leg. How many scratches does he "
             "have in all?")
STALL = ("Nina sells lemonade at $2 a cup and sells 30 cups each Saturday. How much money does she make each "
         "Saturday?")
PEACHES = ("Rosa picked 30 peaches on Monday and 25 peaches on Tuesday. She sold 12 of them at the market. How "
           "many peaches does she have now?")


def _ungrounded(checker, question, paraphrase):
    return [f for f in checker.check(question, paraphrase).findings if f.kind == "question_ungrounded"]


@pytest.mark.parametrize(("question", "paraphrase", "word"), [
    # the predicate of a partitive names a kind the problem never counts
    (EGGS, "A farmer collected 48 eggs on Monday and 36 eggs on Tuesday. How many of the eggs he collected were "
           "duck eggs?", "duck"),
    (PEACHES, "Rosa picked 30 peaches on Monday and 25 peaches on Tuesday. She sold 12 of them at the market. "
              "How many of the peaches she has now went into pies?", "pies"),
    # a phrase on the asked thing
    (LIBRARY, "A library has 120 novels and 80 comics on its shelves. How many books about sharks does the "
              "library have?", "sharks"),
    # a place on the asking verb: a part of the body the problem never counts
    (SCRATCHES, "Tom has 14 scratches on his left leg and 9 scratches on his right leg. How many scratches does "
                "he have on his arms?", "arms"),
    # where the money comes from
    (STALL, "Nina sells lemonade at $2 a cup and sells 30 cups each Saturday. How much money does she make "
            "from cookies each Saturday?", "cookies"),
])
def test_scope_the_problem_never_gives_is_caught(checker, caught, question, paraphrase, word):
    caught(question, paraphrase)
    found = _ungrounded(checker, question, paraphrase)
    assert found and any(word in m.text for f in found for m in f.paraphrase_spans), found


@pytest.mark.parametrize(("question", "paraphrase"), [
    # the question reworded, the scope the problem's own
    (SCRATCHES, "Tom has 14 scratches on his left leg and 9 scratches on his right leg. What is the total number "
                "of scratches on his legs?"),
    (LIBRARY, "A library has 120 novels and 80 comics on its shelves. How many books are on the library's "
              "shelves?"),
    # second person
    (EGGS, "A farmer collected 48 eggs on Monday and 36 eggs on Tuesday. How many eggs do you think he "
           "collected in all?"),
    # a more general word for the asked thing
    (PEACHES, "Rosa picked 30 peaches on Monday and 25 peaches on Tuesday. She sold 12 of them at the market. "
              "How many pieces of fruit does she have now?"),
    # a theme swap that renames the object everywhere
    (PEACHES, "Rosa picked 30 plums on Monday and 25 plums on Tuesday. She sold 12 of them at the market. How "
              "many plums does she have now?"),
    # the paraphrase's story introduces the place it asks about
    (EGGS, "On his farm, a farmer collected 48 eggs on Monday and 36 eggs on Tuesday. How many eggs did he "
           "collect on the farm?"),
    (STALL, "Nina sells lemonade at $2 a cup and sells 30 cups each Saturday. How much money does she earn from "
            "her lemonade each Saturday?"),
])
def test_scope_in_other_words_is_kept(checker, question, paraphrase):
    assert not _ungrounded(checker, question, paraphrase)
