"""A move said with a direction particle, read from its side (issue 24, session 16).

"She gave *away* 8 cookies to her neighbours" is a gift: the giver loses the cookies as much as with "gave"; a
particle that agrees with the verb's transfer keeps the transfer's participants ("got 8 cookies from her
neighbours" turns it round; "her neighbours received 8 from her" does not). And the particle of a motion is
the one after its verb: "*On* Monday, 35 people got *off* the ferry" is a move off the ferry, whatever the
fronted time phrase says.

Every sentence here is made up for the test: each rule has cases it must catch and rewordings it must keep.
"""

from __future__ import annotations

import pytest

from paraqd.analysis.lexicon import default_lexicon
from paraqd.checks import Severity
from paraqd.resources import spacy_available

pytestmark = pytest.mark.skipif(not spacy_available(), reason="spaCy pipeline not installed")
needs_wordnet = pytest.mark.skipif(default_lexicon() is None, reason="WordNet not installed")

COOKIES = "Marta baked 30 cookies. She gave away 8 cookies to her neighbours. How many cookies does Marta have now?"
STAMPS = "Ravi owns 40 stamps. He sold off 12 stamps to a collector. How many stamps does Ravi own now?"
FERRY = "A ferry carries 120 people. On Monday, 35 people got off the ferry. How many people are on the ferry?"


@needs_wordnet
@pytest.mark.parametrize("question, paraphrase", [
    (COOKIES, "Marta baked 30 cookies. She got 8 cookies from her neighbours. How many cookies does Marta have now?"),
    (STAMPS, "Ravi owns 40 stamps. He bought 12 stamps from a collector. How many stamps does Ravi own now?"),
    (FERRY, "A ferry carries 120 people. On Monday, 35 people got on the ferry. How many people are on the ferry?"),
])
def test_a_move_with_its_particle_turned_round_is_caught(checker, question, paraphrase):
    result = checker.check(question, paraphrase)
    assert "direction_flipped" in result.kinds(Severity.CRITICAL) and not result.passed


@needs_wordnet
@pytest.mark.parametrize("question, paraphrase", [
    (COOKIES, "Marta baked 30 cookies. Her neighbours received 8 cookies from her. "
              "How many cookies does Marta have now?"),
    (COOKIES, "Marta baked 30 cookies. She handed 8 cookies to her neighbours. How many cookies does Marta have now?"),
    (COOKIES, "Marta baked 30 cookies and gave 8 of them away to her neighbours. How many cookies does Marta have now?"),
    (STAMPS, "Ravi owns 40 stamps. A collector bought 12 stamps from him. How many stamps does Ravi own now?"),
    (FERRY, "A ferry carries 120 people. On Monday, 35 people left the ferry. How many people are on the ferry?"),
    (FERRY, "A ferry carries 120 people. 35 people got off the ferry on Monday. How many people are on the ferry?"),
])
def test_the_same_move_said_from_the_other_side_is_kept(checker, question, paraphrase):
    assert "direction_flipped" not in checker.check(question, paraphrase).kinds()
