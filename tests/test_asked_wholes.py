"""The whole asked for a part, or a part for the whole (issue 24): "how many *green* buttons" -> "how many
buttons altogether" where the problem also has red ones; "how many plums does she have left" -> "how many fruits"
where it also has kiwis; a question about "pastries" asked about "pies" only; and a part named by a noun however
parsed ("*unripe* melons"). A modifier kept in the asking clause, a class word the paraphrase uses for the
thing throughout and a problem with one kind only pass. Every sentence here is written for this test."""

from __future__ import annotations

import pytest

from paraqd.analysis import analyze
from paraqd.analysis.lexicon import default_lexicon
from paraqd.analysis.narrowed import asked_parts, asked_wholes
from paraqd.checks import Severity
from paraqd.resources import spacy_available

pytestmark = [pytest.mark.skipif(not spacy_available(), reason="spaCy pipeline not installed"),
              pytest.mark.skipif(default_lexicon() is None, reason="WordNet not installed")]

TIN = "A tin holds 9 red buttons and some green buttons. The chance of picking a green button is 1/4. {}"
BASKET = "Ines has 8 plums and 5 kiwis. She eats 3 plums. {}"


def _wholes(question: str, paraphrase: str):
    return [(w.question_at.text, w.paraphrase_at.text, w.way) for w in asked_wholes(analyze(question), analyze(paraphrase))]


@pytest.mark.parametrize(("question", "paraphrase", "found", "said"), [
    (TIN.format("How many green buttons are in the tin?"), TIN.format("How many buttons are in the tin altogether?"),
     ("green", "buttons", "whole"), 'the question asks only about the "green" ones, the paraphrase about all the '
     '"buttons" (the problem also has "red" ones)'),
    (BASKET.format("How many plums does she have left?"), BASKET.format("How many fruits does she have left?"),
     ("plums", "fruits", "whole"), 'the question asks only about "plums", the paraphrase about all "fruits"'),
])
def test_the_whole_asked_for_a_part_is_caught(checker, question, paraphrase, found, said):
    assert _wholes(question, paraphrase) == [found]
    result = checker.check(question, paraphrase)
    assert not result.passed and "question_part" in result.kinds(Severity.CRITICAL), str(result)
    assert any(said in f.message for f in result.findings), str(result)


def test_a_part_named_by_a_noun_modifier_is_caught(checker):
    question = "A farm picks 30 crates of ripe melons and 20 crates of unripe melons a day. How many crates of melons " \
               "does it pick in a week?"
    paraphrase = question.replace("crates of melons does", "crates of ripe melons does")
    assert [p.modifier.text for p in asked_parts(analyze(question), analyze(paraphrase))] == ["ripe"]
    assert "question_part" in checker.check(question, paraphrase).kinds(Severity.CRITICAL)


@pytest.mark.parametrize(("question", "paraphrase"), [
    # the modifier kept in the asking clause
    (TIN.format("How many green buttons are in the tin?"), TIN.format("How many buttons in the tin are green?")),
    # one kind only: "fruits" can only be the plums
    ("Ines has 8 plums. She eats 3 plums. How many plums does she have left?",
     "Ines has 8 plums. She eats 3 of them. How many fruits does she have left?"),
    # the class word the paraphrase uses for the thing throughout, where the question asks about the class
    (BASKET.format("How many fruits does she have left?"), BASKET.format("How many pieces of fruit does she have left?")),
])
def test_the_same_asked_thing_is_kept(question, paraphrase):
    assert _wholes(question, paraphrase) == []
