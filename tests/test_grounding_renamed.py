"""A thing renamed throughout grounds the question that asks about it under its new name (session 13, issue
24): "pieces of mail" -> "flyers" in the facts and in the question is the same problem. A word that replaces
the asked thing only in the asking clause is no rename of something the problem gives: it stays ungrounded.
Every sentence is written for the test."""

from __future__ import annotations

import pytest

from paraqd.resources import spacy_available

pytestmark = pytest.mark.skipif(not spacy_available(), reason="spaCy pipeline not installed")

CRAYONS = "There are 5 boxes with 12 crayons in each box. How many crayons are there in all?"
BEADS = "Mia threads 8 beads on each necklace. She makes 6 necklaces. How many beads does she use?"
LETTERS = "A clerk sorts 40 letters an hour. How many letters does he sort in 7 hours?"


@pytest.mark.parametrize(("question", "paraphrase"), [
    (CRAYONS, "There are 5 tins with 12 pastels in each tin. How many pastels are there in all?"),
    (BEADS, "Mia threads 8 pearls on each necklace and makes 6 necklaces. How many pearls does she use?"),
    (LETTERS, "A clerk sorts 40 envelopes an hour. How many envelopes does he sort in 7 hours?"),
    # the facts and the asking clause in one sentence: the new name is introduced before the clause
    ("There are 6 rooms on a floor. If a cleaner has to put 12 towels in each room, how many towels does he put "
     "on a floor?",
     "There are 6 suites on a level. If a porter has to leave 12 linens in each suite, how many linens does he "
     "leave on a level?"),
])
def test_a_thing_renamed_throughout_grounds_the_question(kept, question, paraphrase):
    result = kept(question, paraphrase)
    assert "question_ungrounded" not in result.kinds()


@pytest.mark.parametrize(("question", "paraphrase"), [
    (CRAYONS, "There are 5 boxes with 12 crayons in each box. How many markers are there in all?"),
    (BEADS, "Mia threads 8 beads on each necklace. She makes 6 necklaces. How many buttons does she use?"),
    ("If there are 5 boxes with 12 crayons in each box, how many crayons are there in all?",
     "If there are 5 boxes with 12 crayons in each box, how many markers are there in all?"),
    # a word of the asking sentence's condition that counts nothing introduces no thing
    ("At the zoo, a cage had 93 snakes and 97 parrots. If 40 parrots were sleeping, how many parrots were awake?",
     "At the zoo, a cage had 93 snakes and 97 parrots. If 40 parrots were jugglers, how many jugglers were awake?"),
])
def test_a_new_thing_only_in_the_asking_clause_is_caught(caught, question, paraphrase):
    caught(question, paraphrase)
