"""The shape of the asked quantity (paraqd/analysis/asked_shape.py, issue 24): whether it is a difference or an
amount, what it is counted per, and whether one person's or a group's; a paraphrase whose question changes any
of them asks for another quantity of the same story, and a rewording that keeps them (other words for the
difference, the group named by its members, "you" for the asked person) is the same question. Every sentence
here is written for this test."""

from __future__ import annotations

import pytest

from paraqd.analysis.asked_changes import asked_changes
from paraqd.analysis.asked_shape import shape_changes
from paraqd.resources import spacy_available

pytestmark = pytest.mark.skipif(not spacy_available(), reason="spaCy pipeline not installed")

PAGES = "Ivo read 42 pages on Saturday and 27 pages on Sunday. "
MARBLES = "Omar has 18 marbles and Lina has 7 marbles. "
CRATES = "Tessa owns 5 crates. Every crate holds 24 lemons. "
VANS = "A school hires 3 vans for a trip, and 11 pupils ride in every van. "
NOTEBOOKS = "A notebook costs $3. Dara buys 6 notebooks for school. "
TICKETS = "Bram bought 4 concert tickets for $15 each. "
HENS = "Farmer Gus keeps 14 hens and 9 ducks. "
RUNNERS = "Pilar ran 12 miles this week, which was 5 miles more than Quinn ran. "
COAT = "A coat costs $80 at the mall and $65 online. "
WAGES = "Tom earns $900 a month and puts $200 of it aside. "
LAMP = "Ana gets a 10% discount on a $50 lamp. "
AGES = "Mara is 3 years younger than Ted. In 4 years, Ted will be 20. "
PUPPY = "A puppy weighs 6 kg and gains 2 kg every month. "


def _whats(checker, question, paraphrase):
    analyze = checker.analyzer.analyze
    q, p = analyze(question), analyze(paraphrase)
    return {c.what for c in (*asked_changes(q, p), *shape_changes(q, p))}


@pytest.mark.parametrize(("question", "paraphrase", "what"), [
    # a difference asked for an amount, and back
    (PAGES + "How many more pages did Ivo read on Saturday than on Sunday?",
     PAGES + "How many pages did Ivo read on Saturday?", "amount"),
    (HENS + "How many more hens than ducks does Gus keep?", HENS + "How many birds does Gus keep?", "amount"),
    (PAGES + "How many pages did Ivo read on Sunday?",
     PAGES + "How many more pages did Ivo read on Saturday than on Sunday?", "amount"),
    # the counted thing made the unit of a part per item, and back
    (CRATES + "How many crates does Tessa own?", CRATES + "How many lemons are there in each of Tessa's crates?",
     "per"),
    (VANS + "How many pupils ride in each van?", VANS + "How many vans does the school hire?", "per"),
    (VANS + "How many vans does the school hire?", VANS + "How many pupils are in every van?", "per"),
    # one person's quantity asked for a group's
    (MARBLES + "How many marbles does Lina have?", MARBLES + "How many marbles do the two children have?",
     "group"),
    (RUNNERS + "How many miles did Quinn run?", RUNNERS + "How many miles did they run this week?", "group"),
    # how much money asked for how many things (the parser reads the name as the asked noun)
    (NOTEBOOKS + "How much does Dara spend?", NOTEBOOKS + "How many notebooks does Dara buy?", "money"),
    (TICKETS + "How much did Bram pay?", TICKETS + "How many tickets did Bram get?", "money"),
    # what is kept (saved) asked for what a moving act pays or spends
    (COAT + "How much does Lucy save by buying the coat online?", COAT + "How much does Lucy pay for the coat online?",
     "spent"),
    (WAGES + "How much money does Tom keep each month?", WAGES + "How much money does Tom spend each month?", "spent"),
    (LAMP + "How much money does Ana save?", LAMP + "How much money does Ana spend on the lamp?", "spent"),
    # the state now asked at another time point, and back
    (AGES + "How old is Mara now?", AGES + "How old will Mara be in 4 years?", "when"),
    (AGES + "How old will Mara be 4 years from now?", AGES + "What is Mara's age currently?", "when"),
    (PUPPY + "How much does the puppy weigh now?", PUPPY + "How much did the puppy weigh 3 months ago?", "when"),
])
def test_another_shape_of_the_asked_quantity_is_caught(checker, question, paraphrase, what):
    assert what in _whats(checker, question, paraphrase)
    result = checker.check(question, paraphrase)
    assert not result.passed, str(result)
    assert "question_quantity_changed" in result.kinds(), str(result)


@pytest.mark.parametrize(("question", "paraphrase"), [
    # the difference in other words
    (MARBLES + "How many more marbles does Omar have than Lina?",
     MARBLES + "By how many marbles does Omar's collection exceed Lina's?"),
    (MARBLES + "How many more marbles does Omar have than Lina?",
     MARBLES + "How many fewer marbles does Lina have compared with Omar?"),
    (MARBLES + "How many more marbles does Omar have than Lina?",
     MARBLES + "Find the difference between the numbers of marbles Omar and Lina have."),
    (HENS + "How many more hens than ducks does Gus keep?",
     HENS + "What is the gap between the number of hens and the number of ducks Gus keeps?"),
    # a comparative in a condition of a long asking clause is the problem's; an adverb after the asked noun may
    # say the difference ("how many points ahead")
    ("The blue rope is 9 m long and the red rope is 4 m longer. How long is the red rope?",
     "If the red rope is 4 m longer than the blue rope, which is 9 m long, find the length of the red rope."),
    ("The home team scored 31 points and the visitors 24. How many points ahead is the home team?",
     "The home team scored 31 points and the visitors 24. How many more points than the visitors did the home "
     "team score?"),
    # "how many more" with no "than": what is still needed, not a difference
    (VANS + "How many more vans does the school need for 44 pupils?",
     VANS + "How many vans does the school still need for 44 pupils?"),
    # the same part per item, and a total in other words
    (VANS + "How many pupils ride in each van?", VANS + "How many pupils are in every van?"),
    (CRATES + "How many lemons does Tessa have in all?", CRATES + "Find the total number of lemons Tessa has."),
    (CRATES + "How many crates does Tessa own?", CRATES + "How many crates, each holding 24 lemons, does Tessa own?"),
    # the group named by its members, the asked person as "you", the question moved to the front
    (MARBLES + "How many marbles do they have together?", MARBLES + "How many marbles do Omar and Lina have in all?"),
    (MARBLES + "How many marbles does Lina have?",
     "Omar has 18 marbles and you have 7 marbles. How many marbles do you have?"),
    (MARBLES + "How many marbles does Lina have?",
     "How many marbles does Lina have, if Omar has 18 marbles and she has 7?"),
    (RUNNERS + "How many miles did Quinn run?", RUNNERS + "How far did Quinn run, in miles?"),
    # money asked in its unit
    (NOTEBOOKS + "How much does Dara spend?", NOTEBOOKS + "How many dollars does Dara spend?"),
    (TICKETS + "How much did Bram pay?", TICKETS + "What was the total amount Bram paid?"),
    # what is kept in other words, or a saving said as a difference of two payments
    (COAT + "How much does Lucy save by buying the coat online?",
     COAT + "How much less does Lucy pay for the coat online?"),
    (WAGES + "How much money does Tom keep each month?", WAGES + "How much money does Tom get to keep each month?"),
    (WAGES + "How much does Tom save each month?", WAGES + "How much does Tom put aside each month?"),
    (LAMP + "How much money does Ana save?", LAMP + "What are Ana's savings on the lamp?"),
    # a verb that gathers (it moves a quantity itself), and an act that moves other things than the asked ones
    ("Ivy sold 30 cups of juice at $2 a cup. How much money did Ivy collect from the sale?",
     "Ivy sold 30 cups of juice at $2 a cup. How much money did Ivy earn from the sale?"),
    ("A hostel room sleeps 4 hikers. How many rooms must the club book for 20 hikers?",
     "A hostel room sleeps 4 hikers. How many rooms must the club reserve to accommodate 20 hikers?"),
    # the same time point in other words, or a time point the other question does not contradict
    (AGES + "How old will Mara be in 4 years?", AGES + "What will Mara's age be 4 years from now?"),
    (AGES + "How old is Mara now?", AGES + "What is Mara's current age?"),
    (PUPPY + "How much will the puppy weigh in 5 months?", PUPPY + "After 5 months, what will the puppy weigh?"),
])
def test_the_same_shape_in_other_words_is_kept(checker, question, paraphrase):
    assert not _whats(checker, question, paraphrase)
    assert "question_quantity_changed" not in checker.check(question, paraphrase).kinds()
