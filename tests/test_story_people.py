"""Story-style retellings (issue 24, session 19): a narrator who names herself a person of the problem ("I'm
Ines", "I'm the gardener") is that person, and a dialogue speaker whose line only asks ("Gran: How much have you
poured in?") takes part in nothing; a narrator or a speaker who holds a quantity instead of the problem's
people is still a new person. Every sentence is written for the test."""

from __future__ import annotations

import pytest

from paraqd.checks import Severity
from paraqd.resources import spacy_available

pytestmark = pytest.mark.skipif(not spacy_available(), reason="spaCy pipeline not installed")

SHELLS = ("In June, Tomas found 12 shells. His cousin Ines found 5 more shells than Tomas. How many shells did Ines "
          "find?")
ROSES = "Gardener planted 30 roses and 14 lilies. How many more roses than lilies did gardener plant?"
TANK = "Leo's tank holds 40 liters. He has poured in 15 liters. How many more liters can he pour in?"


# -- a narrator named as a person of the problem ------------------------------------------------------------

@pytest.mark.parametrize(("question", "paraphrase"), [
    (SHELLS, "I'm Ines. In June, my cousin Tomas found 12 shells, and I found 5 more shells than Tomas. How many "
             "shells did I find?"),
    (ROSES, "I'm the gardener at the town park. This spring I planted 30 roses and 14 lilies. How many more roses "
            "than lilies did I plant?"),
])
def test_a_narrator_named_as_a_person_of_the_problem_is_that_person(kept, question, paraphrase):
    result = kept(question, paraphrase)
    assert "person_added" not in result.kinds()


BIRTH = ("In 2019, Omar is 41 years old. His brother Kofi is 4 years older than him and their sister Lale is 3 "
         "years older than Kofi. What year was Lale born in?")


def test_a_narrator_named_as_the_asked_person_is_that_person(kept):
    kept(BIRTH, "I'm Lale. In 2019, my brother Omar is 41 years old. Our brother Kofi is 4 years older than Omar, "
                "and I'm 3 years older than Kofi. What year was I born in?")


@pytest.mark.parametrize(("question", "paraphrase"), [
    # the narrator is Omar, but the paraphrase asks about the narrator where the question asks about Lale
    (BIRTH, "I'm Omar. In 2019, I am 41 years old. My brother Kofi is 4 years older than me, and our sister Lale "
            "is 3 years older than Kofi. What year was I born in?"),
    (SHELLS, "I'm Tomas. In June, I found 12 shells, and my cousin Ines found 5 more shells than me. How many "
             "shells did I find?"),
])
def test_a_narrator_asked_about_in_place_of_another_person_is_caught(checker, question, paraphrase):
    result = checker.check(question, paraphrase)
    assert not result.passed
    assert "person_added" in result.kinds(Severity.MAJOR)
    assert '"I", a person the problem never mentions' in " ".join(result.reasons)


def test_a_narrator_is_identified_by_a_name_or_a_definite_noun(analyzer):
    from paraqd.analysis.people import identified_as, reader

    for text, expected in [("I'm Ines. I found 12 shells.", {"ines"}),
                           ("I'm the gardener here. I planted 30 roses.", {"gardener"}),
                           ("I'm a gardener. I planted 30 roses.", set())]:
        doc = analyzer.analyze(text)
        assert identified_as(doc, reader(doc)) == expected, text


# -- a dialogue speaker whose line only asks --------------------------------------------------------------------

@pytest.mark.parametrize("paraphrase", [
    "Leo: My tank holds 40 liters.\nGran: And how much have you poured in so far?\nLeo: 15 liters.\nHow many more "
    "liters can Leo pour in?",
    "Leo: My tank holds 40 liters.\nGran: How much is in it?\nLeo: I have poured in 15 liters.\nGran: So how much "
    "more can you pour in?\nHow many more liters can Leo pour in?",
])
def test_a_speaker_who_only_asks_is_no_new_person(kept, paraphrase):
    result = kept(TANK, paraphrase)
    assert "person_added" not in result.kinds()


def test_a_speaker_label_only_asks_when_the_line_asks_and_states_no_number(analyzer):
    from paraqd.analysis.people import asking_speaker

    doc = analyzer.analyze("Leo: My tank holds 40 liters.\nGran: How much have you poured in?\nLeo: 15 liters.\n"
                           "Gran: Is it 15 liters?\nHow many more liters can Gran pour in?")
    grans = [t for t in doc.doc if t.text == "Gran"]
    leos = [t for t in doc.doc if t.text == "Leo"]
    assert [asking_speaker(t) for t in grans] == [True, False, False]  # a line with a number; not a label
    assert not any(asking_speaker(t) for t in leos)
