"""A move told of a person by a pronoun in one text and by the name in the other (issue 24, session 17).

"Priya's grandfather gives *her* 6 stickers" -> "Priya gives *him* 6 stickers": the stickers now leave Priya;
the two texts name no participant of the move alike ("her" / "grandfather" against "Priya" / "him"), so the
flip is read only once the pronoun is read as the one person it can stand for: the only name before it, in a
text whose pronouns of that gender name no one else (no person told by a common noun, "her aunt", before the
first of them) and where the name is not the pronoun's partner in the same move ("Priya gives *her*": she is
someone else).

Every sentence here is made up for the test: the rule has cases it must catch and rewordings it must keep.
"""

from __future__ import annotations

import pytest

from paraqd.analysis.lexicon import default_lexicon
from paraqd.checks import Severity
from paraqd.resources import spacy_available

pytestmark = pytest.mark.skipif(not spacy_available(), reason="spaCy pipeline not installed")
needs_wordnet = pytest.mark.skipif(default_lexicon() is None, reason="WordNet not installed")

STICKERS = ("Priya has 15 stickers. For her birthday, her grandfather gives her 6 stickers. "
            "How many stickers does Priya have now?")
GRAPES = "Omar had 40 grapes. Omar ate 9 grapes after lunch. How many grapes does Omar have left?"
COINS = "Lena had 50 coins in her purse. On the bus, Lena lost 7 coins. How many coins does Lena have now?"
BEADS = "Tom's sister had 30 beads. She gave away 10 beads. How many beads does Tom's sister have now?"


@needs_wordnet
@pytest.mark.parametrize("question, paraphrase", [
    (STICKERS, "Priya has 15 stickers. On her grandfather's birthday, Priya gives him 6 stickers. "
               "How many stickers does Priya have now?"),
    (GRAPES, "Omar had 40 grapes. After lunch his cousins handed him 9 more grapes. "
             "How many grapes does Omar have now?"),
    (COINS, "Lena kept 50 coins in her purse. On the bus she found 7 coins under a seat. "
            "How many coins does Lena have now?"),
])
def test_a_move_turned_round_for_a_person_a_pronoun_names_is_caught(checker, question, paraphrase):
    result = checker.check(question, paraphrase)
    assert "direction_flipped" in result.kinds(Severity.CRITICAL) and not result.passed


@needs_wordnet
@pytest.mark.parametrize("question, paraphrase", [
    # the same move told with a pronoun
    (GRAPES, "Omar had 40 grapes. After lunch he ate 9 of the grapes. How many grapes does Omar have left?"),
    # the passive, and "received from" for "gave"
    (STICKERS, "Priya has 15 stickers. For her birthday, Priya is given 6 stickers by her grandfather. "
               "How many stickers does Priya have now?"),
    (STICKERS, "Priya has 15 stickers. For her birthday she receives 6 stickers from her grandfather. "
               "How many stickers does Priya have now?"),
    # a pronoun that names a person told by a common noun before it ("Tom's sister ... She"), not the name
    (BEADS, "Tom's sister had 30 beads, and Tom received 10 of them from her. "
            "How many beads does Tom's sister have now?"),
    # a move the other text says by no verb: "counted 14 donations" names a gift, no one giving it
    ("Dana runs an animal shelter. That morning, Dana received 14 donations. How many donations did the shelter get?",
     "Dana runs an animal shelter. That morning she counted 14 donations. How many donations did the shelter get?"),
    # two names before the pronoun: it may stand for either
    ("Leo has 20 marbles and Mia has 12 marbles. Mia lost 5 marbles. How many marbles do they have now?",
     "Leo has 20 marbles and Mia has 12 marbles. Then she lost 5 marbles. How many marbles do they have now?"),
])
def test_the_same_move_told_with_a_pronoun_is_kept(checker, question, paraphrase):
    assert "direction_flipped" not in checker.check(question, paraphrase).kinds()
