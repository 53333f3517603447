"""An amount of money counted by a noun of a price read in its price sense (issue 24, session 17).

"a $5 *charge*" raises a price as much as "a $5 surcharge": the unit, money, picks the noun's sense of a price
(WordNet's ``charge.n.03``) among its first senses, where the noun alone first means an attack or an
accusation. A discount of $5 rewritten as a charge of $5 moves the price the other way; a charge rewritten as a
fee or a surcharge keeps it. A number that is no money ("a charge of 80%" of a battery) reads the noun's first
sense only, as before.

Every sentence here is made up for the test: the rule has cases it must catch and rewordings it must keep.
"""

from __future__ import annotations

import pytest

from paraqd.analysis.lexicon import default_lexicon
from paraqd.checks import Severity
from paraqd.resources import spacy_available

pytestmark = pytest.mark.skipif(not spacy_available(), reason="spaCy pipeline not installed")
needs_wordnet = pytest.mark.skipif(default_lexicon() is None, reason="WordNet not installed")

TAXI = "A taxi ride costs $30. On weekends there is a $5 reduction on every ride. How much do 3 weekend rides cost?"
CONCERT = ("Each concert ticket costs $40. Buyers online get a $6 reduction. "
           "How much do 5 tickets bought online cost?")
FLAT = ("The rent of a flat is $900 a month. This month the landlord offered a reduction of $50. "
        "How much rent is paid this month?")
GARAGE = "A car wash costs $12. The garage adds a $3 charge for waxing. How much does a waxed car wash cost?"


@needs_wordnet
@pytest.mark.parametrize("question, paraphrase", [
    (TAXI, "A taxi ride costs $30. On weekends there is a $5 charge on every ride. How much do 3 weekend rides "
           "cost?"),
    (CONCERT, "Each concert ticket costs $40. For buyers online, a $6 charge is added. "
              "How much do 5 tickets bought online cost?"),
    (FLAT, "The rent of a flat is $900 a month. This month the landlord added a charge of $50. "
           "How much rent is paid this month?"),
])
def test_a_reduction_of_money_made_a_charge_is_caught(checker, question, paraphrase):
    result = checker.check(question, paraphrase)
    assert "direction_flipped" in result.kinds(Severity.CRITICAL) and not result.passed


@needs_wordnet
@pytest.mark.parametrize("question, paraphrase", [
    (GARAGE, "A car wash costs $12. The garage adds a $3 fee for waxing. How much does a waxed car wash cost?"),
    (GARAGE, "A car wash costs $12. There is a $3 surcharge for waxing. How much does a waxed car wash cost?"),
    (GARAGE, "A car wash costs $12. For waxing, the garage charges $3 more. How much does a waxed car wash "
             "cost?"),
])
def test_a_charge_of_money_said_in_other_words_is_kept(checker, question, paraphrase):
    assert "direction_flipped" not in checker.check(question, paraphrase).kinds()


@needs_wordnet
def test_a_charge_that_is_no_money_reads_the_first_sense():
    from paraqd.analysis.analyzer import analyze
    from paraqd.analysis.directions import directions

    doc = analyze("The battery holds a charge of 80% in the morning. How long does it last?")
    assert not directions(doc)
