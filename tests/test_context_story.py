"""Story-style retellings (issue 24, session 19): an age stated in the setting ("when he turned 16", "At 31,
Ines ...") adds nothing a problem without ages computes with; a clock time or a count in the same place is
information.
Every sentence is written for the test (other names, numbers and wording than the development pairs)."""

from __future__ import annotations

import pytest

from paraqd.checks import Severity
from paraqd.resources import spacy_available

pytestmark = pytest.mark.skipif(not spacy_available(), reason="spaCy pipeline not installed")

STAMPS = "Nadia buys 5 sheets of 20 stamps. How many stamps does she buy?"
KITES = "Oskar sold 9 kites on Friday and twice as many on Saturday. How many kites did he sell on these two days?"


# -- an age said in the setting ---------------------------------------------------------------------------------

@pytest.mark.parametrize(("question", "paraphrase"), [
    (STAMPS, "The spring Nadia turned ten, she bought 5 sheets of 20 stamps. How many stamps does she buy?"),
    (STAMPS, "Nadia, who turned 13 last week, buys 5 sheets of 20 stamps. How many stamps does she buy?"),
    (KITES, "At 27, Oskar opened a kite stall. He sold 9 kites on Friday and twice as many on Saturday. How many "
            "kites did he sell on these two days?"),
    (KITES, "Oskar sold 9 kites on Friday, the day after he turned 35, and twice as many on Saturday. How many "
            "kites did he sell on these two days?"),
])
def test_an_age_in_the_setting_is_context(kept, question, paraphrase):
    result = kept(question, paraphrase)
    assert "number_added" not in result.kinds()


@pytest.mark.parametrize(("question", "paraphrase"), [
    # "at 9," may be a clock time: not read as an age
    (STAMPS, "At 9, Nadia went to the post office. She bought 5 sheets of 20 stamps and 3 more stamps. How many "
             "stamps does she buy?"),
    # a count turned over is no age
    (STAMPS, "Nadia turned 14 pages of her album and bought 5 sheets of 20 stamps. How many stamps does she buy?"),
])
def test_a_clock_time_or_a_count_is_information(checker, question, paraphrase):
    result = checker.check(question, paraphrase)
    assert not result.passed, result.reasons


def test_the_age_is_explained_as_context(checker):
    result = checker.check(STAMPS, "Nadia, who turned 13 last week, buys 5 sheets of 20 stamps. How many stamps "
                                   "does she buy?")
    assert "context_added" in result.kinds(Severity.MINOR)
    assert 'adds "13", about nothing the question counts or measures' in " ".join(result.reasons)
