"""A contracted "'s" before a participle with an object is "has" (session 13, issue 24): "He's already sold 4
brownies" says he sold them, as "He sells 4 brownies" does; spaCy labels the "'s" a passive auxiliary. A real
passive ("She was given 5 apples") still makes its subject the receiver. Every sentence is written for the
test."""

from __future__ import annotations

import pytest

from paraqd.resources import spacy_available

pytestmark = pytest.mark.skipif(not spacy_available(), reason="spaCy pipeline not installed")


@pytest.mark.parametrize(("question", "paraphrase"), [
    ("Mia's already sold 6 cakes at $2 each. How much money has she made?",
     "Mia sells 6 cakes. Each cake costs $2. How much money has she made?"),
    ("Omar's given 5 stamps to his brother and has 12 left. How many stamps did he have?",
     "Omar gave his brother 5 stamps, and now he has 12 stamps left. How many stamps did he have?"),
])
def test_a_contracted_perfect_keeps_its_direction(kept, question, paraphrase):
    result = kept(question, paraphrase)
    assert "direction_flipped" not in result.kinds()


def test_a_passive_still_makes_its_subject_the_receiver(caught):
    caught("Omar gave 5 stamps to his brother. How many stamps does Omar have now if he had 12?",
           "Omar was given 5 stamps by his brother. How many stamps does Omar have now if he had 12?")
