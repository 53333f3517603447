"""Which items a number counts, compared across a pair (issue 24, session 21): a restriction on a quantity
changed ("all but 16 of" -> "only 16 of", "the amount over $80" -> "the first $80", "the first three" -> "all of
them"), and the rewordings that say the same restriction in other words, which must never fire.

Every sentence here is made up for the test (other problems, names, nouns and numbers than the data files).
"""

from __future__ import annotations

import pytest

from paraqd.analysis import QuestionPair
from paraqd.analysis.restrictions import (
    ALL_BUT,
    EXCESS,
    FIRST,
    ONLY,
    changed_restrictions,
    restrictions,
)
from paraqd.resources import spacy_available

pytestmark = pytest.mark.skipif(not spacy_available(), reason="spaCy pipeline not installed")


# -- the restriction read on a number ---------------------------------------------------------------------------

READ = [
    ("Nadia planted all but 9 of the 40 tulip bulbs.", ALL_BUT, 9),
    ("Nadia planted every bulb except 9 of them.", ALL_BUT, 9),
    ("Nadia planted only 9 of the 40 tulip bulbs.", ONLY, 9),
    ("Nadia planted just 9 of the bulbs.", ONLY, 9),
    ("The first 3 lessons cost nothing.", FIRST, 3),
    ("A tax of 5% is charged on the amount exceeding $250.", EXCESS, 250),
    ("He earns double pay for the part of his hours over 40.", EXCESS, 40),
]


@pytest.mark.parametrize("text, kind, value", READ)
def test_restriction_is_read_on_its_number(parse, text, kind, value):
    assert (kind, value) in [(r.kind, r.value) for r in restrictions(parse(text))]


@pytest.mark.parametrize("text", [
    "Orders over $60 ship for free.",          # a threshold, no part of an amount
    "Nadia planted 9 bulbs on the first day.",  # "first" on a day, not on the number
    "She ran more than 5 miles.",
])
def test_no_restriction_on_plain_numbers(parse, text):
    assert [r.kind for r in restrictions(parse(text)) if r.kind in (ALL_BUT, EXCESS)] == []


# -- a restriction changed on the same number ---------------------------------------------------------------------

CHANGED = [
    ("A club had 36 chairs and set out all but 8 of them for the talk. Each chair seats one person. How many "
     "people can sit?",
     "A club had 36 chairs and set out only 8 of them for the talk. Each chair seats one person. How many "
     "people can sit?", "only 8"),
    ("A club had 36 chairs and set out only 8 of them for the talk. How many chairs were set out?",
     "A club had 36 chairs and set out all but 8 of them for the talk. How many chairs were set out?", "all but 8"),
    ("A shop gives 15% off the amount exceeding $80 of a bill. Wes spends $130. What does he pay?",
     "A shop gives 15% off the first $80 of a bill. Wes spends $130. What does he pay?", "first $80"),
    ("In a sale of 5 lamps, the first three are half price. Each lamp is $12. What does Ula pay for 5 lamps?",
     "In a sale of 5 lamps, all of them are half price. Each lamp is $12. What does Ula pay for 5 lamps?", "all"),
]


@pytest.mark.parametrize("question, paraphrase, words", CHANGED)
def test_changed_restriction_is_caught(checker, parse, question, paraphrase, words):
    changes = changed_restrictions(QuestionPair(parse(question), parse(paraphrase)))
    assert words in [c.new.text for c in changes]
    result = checker.check(question, paraphrase)
    assert not result.passed
    found = [f for f in result.findings if f.kind == "condition_changed"]
    assert any(f'"{words}"' in f.message and "other items are counted" in f.message for f in found), result.reasons


RESTRICTION_KEPT = [
    # the same restriction in other words
    ("A club had 36 chairs and set out all but 8 of them. How many chairs were set out?",
     "Of its 36 chairs, the club set out all except 8. How many chairs were set out?"),
    ("A club had 36 chairs and set out only 8 of them. How many chairs were set out?",
     "A club had 36 chairs but set out just 8 of them. How many chairs were set out?"),
    # the complement said as what is left over: the same chairs
    ("A club had 36 chairs and set out all but 8 of them. How many chairs were set out?",
     "A club had 36 chairs; only 8 of them were left in the store room. How many chairs were set out?"),
    ("A shop gives 15% off the amount exceeding $80 of a bill. Wes spends $130. What does he pay?",
     "On any part of a bill above $80 a shop takes 15% off. Wes spends $130. What does he pay?"),
    ("In a sale of 5 lamps, the first three are half price. Each lamp is $12. What does Ula pay?",
     "Ula buys 5 lamps at $12 each; the initial three of them cost half price. What does Ula pay?"),
    ("For the first 4 days Ed reads 25 pages a day. How many pages does he read in all?",
     "On days one to four Ed reads 25 pages a day. How many pages does he read in all?"),
    ("A quilt has 24 squares. Rosa sews 2 patches on the first 8 squares and 3 patches on the next 8. She sews "
     "the same number on each of the remaining squares, 40 patches in all. How many on each?",
     "Quilt: 24 squares. Squares 1 to 8: 2 patches each. Squares 9 to 16: 3 patches each. Every remaining square "
     "gets the same number of patches; 40 patches in all. How many on each?"),
    ("In a sale of 5 lamps, the first 3 are half price. Each lamp is $12. What does Ula pay?",
     "Each lamp is $12, and when you buy 5 the first 3 are sold at half price. What does Ula pay?"),
]


@pytest.mark.parametrize("question, paraphrase", RESTRICTION_KEPT)
def test_restriction_said_another_way_is_kept(parse, question, paraphrase):
    assert not changed_restrictions(QuestionPair(parse(question), parse(paraphrase)))
