"""Valid rewordings of shares near the share-ways rule of issue 24
(:func:`paraqd.analysis.comparatives.changed_share_ways`): "30% of" -> "30 percent of", "30% as much as", "a 30%
share of"; "50% longer" -> "half again as long", "50% more time"; "80% off" -> "a discount of 80%"; "1/4 of it"
-> "1/4 more of it" said of an additional share; "trimmed 1/4 of" -> "trimmed 1/4 off"; "gained 1/5 of his
weight" -> "1/5 heavier"; "25% less time" -> "25% faster"; "40% less" -> "40% cheaper"; two shares of one value
in another order. None of them compares its whole another way. A share compared another way with the same words
nearby is still caught. Every sentence here is written for this test."""

from __future__ import annotations

import pytest

from paraqd.analysis import QuestionPair, analyze
from paraqd.analysis.comparatives import changed_share_ways
from paraqd.checks import Severity
from paraqd.resources import spacy_available

pytestmark = pytest.mark.skipif(not spacy_available(), reason="spaCy pipeline not installed")

REPAIR = "A repair costs $200. The parts are 30% of the cost. How much are the parts?"
SOFA = "A sofa costs $500. A chair costs 30% of the price of the sofa. What do both cost?"
SCARF = ("A red scarf is 80 cm long. A green scarf is 50% longer than the red scarf. How long is the green scarf?")
COAT = "A coat costs $150. The shop gives 80% off. How much does the coat cost now?"
BOOK = ("Anna read 40% of a 300-page book on Monday and 30% of the book on Tuesday. How many pages are left?")
SPENT = "Jon spent 1/3 of his $90 on a shirt and 1/4 of it on a hat. How much money does he have left?"
MEALS = "Lunch took 40 minutes. Dinner took 25% less time than lunch. How long did both meals take?"
TABLET = "A laptop costs $800. A tablet costs 40% less than the laptop. What is the price of the tablet?"
PIZZA = "Tom ate 1/4 of a pizza. Sam ate 1/4 more pizza than Tom. How much pizza did they eat?"

KEPT = [
    # shares in other words
    (REPAIR, "A repair costs $200. The parts make up a 30% share of the cost. How much are the parts?"),
    (REPAIR, "A repair costs $200. The parts are 30 percent of the cost. How much are the parts?"),
    (SOFA, "A sofa costs $500. A chair costs 30% as much as the sofa. What do both cost?"),
    (SCARF, "A red scarf is 80 cm long. A green scarf is half again as long as the red one. How long is the green "
            "scarf?"),
    (COAT, "A coat costs $150. The shop gives a discount of 80%. How much does the coat cost now?"),
    (BOOK, "Anna read 40% of a 300-page book on Monday, then 30% more of the book on Tuesday. How many pages are left?"),
    (SPENT, "Jon spent 1/3 of his $90 on a shirt and then 1/4 more of it on a hat. How much money does he have left?"),
    (BOOK, "Anna read 40% of a 300-page book on Monday and then 30% more the next day, Tuesday. How many pages are "
           "left?"),
    (MEALS, "Lunch took 40 minutes. Dinner was 25% faster than lunch. How long did both meals take?"),
    (TABLET, "A laptop costs $800. A tablet is 40% cheaper than the laptop. What is the price of the tablet?"),
    (PIZZA, "Sam ate 1/4 more pizza than Tom, who ate 1/4 of a pizza. How much pizza did they eat?"),
    ("A van carries 600 kg. A car carries 30% as much as the van. How much do both carry?",
     "A van carries 600 kg, and a car carries 30 percent of that. How much do both carry?"),
    ("A rope is 60 m long. Ana cut off 1/3 of the rope, and then 1/3 of what was left. How long is the rope now?",
     "A rope is 60 m long. Ana cut 1/3 off the rope, and then 1/3 of the remaining piece. How long is the rope now?"),
    ("A jacket is $80. It is on sale for 25% off. How much does the jacket cost on sale?",
     "A jacket is $80, but a sale takes 25% off its price. How much does the jacket cost on sale?"),
    ("Zoe's old phone cost $300. Her new phone cost 50% more than the old one. How much did the new phone cost?",
     "Zoe's old phone cost $300, and her new one was 50% pricier than the old one. How much did the new phone cost?"),
    ("Leo earns $20 an hour. Max earns 10% more per hour than Leo. How much does Max earn in 8 hours?",
     "Leo earns $20 an hour, and Max's hourly pay is 10% higher than Leo's. How much does Max earn in 8 hours?"),
    ("A farm has 60 sheep and 3/4 as many goats as sheep. How many animals are on the farm?",
     "A farm has 60 sheep, and the number of goats is 3/4 of the number of sheep. How many animals are on the farm?"),
    # a part a quantity gains or loses of itself is a share more or less
    ("Raj weighed 60 kg. Over the winter he gained 1/5 of his weight. How much does he weigh now?",
     "Raj weighed 60 kg. Over the winter he became 1/5 heavier. How much does he weigh now?"),
    ("A stock was worth $50. It dropped 20% of its value in a week. What is it worth now?",
     "A stock was worth $50. In a week it became 20% less valuable. What is it worth now?"),
    # a part a verb cuts away is a share off the whole
    ("A hedge was 2 m tall. The gardener trimmed 1/4 of its height. How tall is the hedge now?",
     "A hedge was 2 m tall. The gardener trimmed 1/4 off its height. How tall is the hedge now?"),
    ("A pile had 60 bricks. Ben took 1/3 of the pile away. How many bricks are left?",
     "A pile had 60 bricks. Ben took 1/3 off the pile. How many bricks are left?"),
    ("A board was 90 cm long. Leo chopped 20% off the board. How long is it now?",
     "A board was 90 cm long. Leo chopped away 20% of the board. How long is it now?"),
    ("A swim takes 30 minutes. A run takes 50% longer than the swim. How long do both take?",
     "A swim takes 30 minutes. A run lasts 50% more time than the swim. How long do both take?"),
]

#: valid too, but the relation check has its own reading of it ("less" -> "more"): only this rule is asserted
QUIET = [
    (TABLET, "A laptop costs $800. A tablet is 40% more affordable than the laptop. What is the price of the tablet?"),
]


def _ways(question: str, paraphrase: str) -> list:
    return changed_share_ways(QuestionPair(analyze(question), analyze(paraphrase)))


@pytest.mark.parametrize(("question", "paraphrase"), KEPT + QUIET)
def test_no_share_compares_another_way(question, paraphrase):
    assert _ways(question, paraphrase) == []


@pytest.mark.parametrize(("question", "paraphrase"), KEPT)
def test_valid_share_rewordings_are_kept(kept, question, paraphrase):
    result = kept(question, paraphrase)
    assert "comparison_changed" not in {f.kind for f in result.findings}, str(result)


def test_a_valid_rewording_gets_no_share_finding(checker):
    result = checker.check(*QUIET[0])
    assert "comparison_changed" not in {f.kind for f in result.findings}, str(result)


@pytest.mark.parametrize(("question", "paraphrase", "said"), [
    # an additional share that compares with a whole ("than") is still a comparison
    (BOOK, "Anna read 40% of a 300-page book on Monday and 30% more pages than that on Tuesday. How many pages are "
           "left?", '"30% of" (a part'),
    # a share more of a thing it counts, and a share more with nothing after it
    ("Ugo has 18 pins. He gave away a third of the pins. How many pins does he have?",
     "Ugo has 18 pins. He got a third more pins. How many pins does he have?", '"a third more" (an increase'),
    ("The pump cost $40. The hose cost 30% of the cost of the pump. How much did both cost?",
     "The pump cost $40. The hose cost 30% more. How much did both cost?", '"30% of" (a part'),
    # a part that is paid, not cut away, made a share off the price
    ("A baker sells day-old cakes for 60% of the usual price of $15. How much is a day-old cake?",
     "A baker takes 60% off the usual price of $15 for day-old cakes. How much is a day-old cake?", '"60% of" (a part'),
    # the same measure turned round: no scale to turn its pole
    (MEALS, "Lunch took 40 minutes. Dinner took 25% more time than lunch. How long did both meals take?",
     '"25% less time than" (a decrease'),
])
def test_a_share_compared_another_way_is_still_caught(checker, question, paraphrase, said):
    assert len(_ways(question, paraphrase)) == 1
    result = checker.check(question, paraphrase)
    assert not result.passed and "comparison_changed" in result.kinds(Severity.CRITICAL), str(result)
    assert any(said in f.message for f in result.findings if f.kind == "comparison_changed"), str(result)
