"""The question asked with another act of the story that WordNet calls a kind of the first (session 13, issue
24): "how many cakes did the baker *make*" -> "... *sell*" (to sell is a kind of to make, in one of its senses)
asks for another quantity when the story gives each act its own numbers ("made 84 cakes", "sold 102 cakes").
One act said with a more specific verb ("bought" for "got" when the story only says "got"), or a total over
every act, is the same question. Every sentence is written for the test."""

from __future__ import annotations

import pytest

from paraqd.analysis.lexicon import default_lexicon
from paraqd.resources import spacy_available

pytestmark = [pytest.mark.skipif(not spacy_available(), reason="spaCy pipeline not installed"),
              pytest.mark.skipif(default_lexicon() is None, reason="WordNet not installed")]

BAKERY = ("A bakery made 60 rolls and 45 buns. It sold 52 rolls and 30 buns. How many more rolls than buns did the "
          "bakery make?")
STICKERS = "Ana got 12 stickers from her aunt and bought 5 more at the shop. How many stickers did she get from her aunt?"


@pytest.mark.parametrize(("question", "paraphrase"), [
    (BAKERY, BAKERY.replace("did the bakery make?", "did the bakery sell?")),
    (STICKERS, "Ana got 12 stickers from her aunt and bought 5 more at the shop. How many stickers did she buy?"),
])
def test_another_act_of_the_story_asked_is_caught(caught, question, paraphrase):
    caught(question, paraphrase)


@pytest.mark.parametrize(("question", "paraphrase"), [
    ("Ana got 12 stickers from her aunt. How many stickers did she get?",
     "Ana's aunt gave her 12 stickers. How many stickers did Ana receive?"),
    (BAKERY, "The bakery baked 60 rolls and 45 buns and sold 52 rolls and 30 buns. How many more rolls than buns "
             "did it bake?"),
])
def test_the_same_act_asked_in_other_words_is_kept(kept, question, paraphrase):
    kept(question, paraphrase)
