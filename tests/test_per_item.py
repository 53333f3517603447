"""A number per item made a total (session 13, issue 24): "Each lamp costs $12" -> "he paid $12 for the lamps",
"3 eggs for every cake" -> "3 eggs for the cakes": what was said of one item is now said of all of them, and the
answer changes. Any rewording that keeps a distributive word ("each", "every", "per", "apiece", "a") with the
number, or does not tie it to the whole, keeps the problem. Every sentence is written for the test."""

from __future__ import annotations

import pytest

from paraqd.resources import spacy_available

pytestmark = pytest.mark.skipif(not spacy_available(), reason="spaCy pipeline not installed")

LAMPS = "Omar buys 3 lamps. Each lamp costs $12. How much does he spend?"
EGGS = "A baker uses 3 eggs for every cake. She bakes 8 cakes. How many eggs does she use?"
RIDES = "A ride costs $4 per child. 9 children go on the ride. How much do they pay?"
POSTERS = "Lina hangs 5 posters in each classroom. The school has 7 classrooms. How many posters does she hang?"


@pytest.mark.parametrize(("question", "paraphrase"), [
    (LAMPS, "Omar bought 3 lamps and paid $12 for the lamps. How much does he spend?"),
    (EGGS, "A baker uses 3 eggs for the cakes. She bakes 8 cakes. How many eggs does she use?"),
    (RIDES, "9 children go on a ride and pay $4 for the children. How much do they pay?"),
    (POSTERS, "Lina hangs 5 posters across the classrooms. The school has 7 classrooms. How many posters does she "
              "hang?"),
])
def test_a_number_per_item_made_a_total_is_caught(caught, question, paraphrase):
    caught(question, paraphrase)


@pytest.mark.parametrize(("question", "paraphrase"), [
    # rates of time and counted periods are no items: "100 visitors a day for the first 6 days" -> "daily"
    ("A shop gets 100 visitors a day for the first 6 days. How many visitors does it get?",
     "For the initial 6 days, a shop had 100 visitors daily. How many visitors did it get?"),
    ("Jim runs 5 miles every day for 30 days. How many miles does he run?",
     "Jim runs 5 miles daily for 30 straight days. How many miles does he run?"),
    ("Each patient is seen for 24 minutes. The doctor sees 20 patients. How many minutes does he spend?",
     "The doctor sees 20 patients, giving 24 minutes to each of them. How many minutes does he spend?"),
    (LAMPS, "Omar buys 3 lamps at $12 each. How much does he spend?"),
    # a number that counts the items "each" follows is no number per item
    ("There are 4 grapes on each plate. If Mia's 4 friends each eat half of the grapes on their plates, how many "
     "grapes are left?", "Every plate holds 4 grapes. Mia's 4 friends finish half the grapes on their plates. How "
     "many grapes remain?"),
    (LAMPS, "Omar buys 3 lamps, paying $12 for each of the lamps. How much does he spend?"),
    (EGGS, "She bakes 8 cakes, and each cake takes 3 eggs. How many eggs does she use?"),
    (EGGS, "For the cakes, a baker uses 3 eggs per cake. She bakes 8 of them. How many eggs does she use?"),
    (RIDES, "It costs $4 a child to go on the ride, and 9 children go. How much do they pay?"),
    (POSTERS, "In every classroom Lina puts up 5 posters, and there are 7 classrooms. How many posters does she "
              "hang?"),
])
def test_a_number_kept_per_item_is_kept(kept, question, paraphrase):
    kept(question, paraphrase)


# Session 14: the whole told by a word that makes the number a total ("altogether", "in all", "combined"), by the
# object of a gerund ("from walking dogs"), or by a plural pronoun or a group noun standing for the items ("between
# them", "for the pair"); a rate of time made a total the same way ("per day" -> "in all"). Every sentence is
# written for the test: other problems, nouns and verbs than the tuned pairs.
BOUQUETS = "A florist puts 9 roses in each bouquet. She makes 6 bouquets. How many roses does she use?"
PRINTERS = ("A printer prints 30 pages per minute and a copier makes 20 copies per minute. How many more pages than "
            "copies come out each minute?")
DOGS = "Mara earns $3 for every dog she walks. She walks 7 dogs on Sunday. How much does she earn?"
TENTS = "Each of the two tents holds 4 campers. How many campers can sleep in the tents?"
GLOVES = "Lena buys 2 gloves at $7 each and a hat for $5. How much does she spend?"


@pytest.mark.parametrize(("question", "paraphrase"), [
    (BOUQUETS, "A florist makes 6 bouquets and puts 9 roses in them altogether. How many roses does she use?"),
    (BOUQUETS, "A florist makes 6 bouquets. The bouquets hold 9 roses combined. How many roses does she use?"),
    (PRINTERS, "In all, a printer prints 30 pages, while a copier makes 20 copies a minute. How many more pages than "
               "copies come out each minute?"),
    ("A farm collects 50 eggs and 35 litres of milk every day. How many more eggs than litres does it collect each "
     "day?", "A farm collects 50 eggs and 35 litres of milk in total. How many more eggs than litres does it "
     "collect each day?"),
    (DOGS, "Mara earns $3 from walking dogs. She walks 7 dogs on Sunday. How much does she earn?"),
    ("A student gets 4 points for each puzzle he solves. He solves 12 puzzles. How many points does he get?",
     "A student gets 4 points for solving the puzzles. He solves 12 puzzles. How many points does he get?"),
    (TENTS, "The two tents hold 4 campers between them. How many campers can sleep in the tents?"),
    ("Each ticket costs $9. Ben buys 4 tickets. How much does he pay?",
     "Ben buys 4 tickets and pays $9 for them. How much does he pay?"),
    (GLOVES, "Lena buys 2 gloves, which cost $7 for the pair, and a hat for $5. How much does she spend?"),
])
def test_a_number_per_item_or_period_made_a_total_is_caught(caught, question, paraphrase):
    from paraqd.checks import FindingKind

    assert FindingKind.PER_ITEM_MADE_TOTAL in {f.kind for f in caught(question, paraphrase).findings}


@pytest.mark.parametrize(("question", "paraphrase"), [
    # the number kept per item or per period in its own clause, "altogether" said of another number
    (BOUQUETS, "Altogether the florist makes 6 bouquets, with 9 roses in each. How many roses does she use?"),
    (BOUQUETS, "A florist makes 6 bouquets and puts 9 roses in every bouquet. How many roses does she use "
               "altogether?"),
    (PRINTERS, "A printer prints 30 pages every minute, and a copier makes 20 copies a minute. How many more pages "
               "than copies come out in all each minute?"),
    (PRINTERS, "Each minute a printer prints 30 pages and a copier makes 20 copies. How many more pages than copies "
               "come out each minute?"),
    (DOGS, "For each dog she walks, Mara makes $3. On Sunday she walks 7 dogs in all. How much does she earn?"),
    (DOGS, "Mara earns $3 from walking each dog. She walks 7 dogs on Sunday. How much does she earn?"),
    (TENTS, "A tent holds 4 campers, and there are two tents. How many campers can sleep in them altogether?"),
    (GLOVES, "Lena buys a pair of gloves at $7 apiece and a hat for $5. How much does she spend in all?"),
    # a total word said of another quantity of the sentence ("as novels and poems combined")
    ("Each shelf holds 15 books. Rita has 15 novels and as many comics as novels and poems combined. How many "
     "shelves does she need?", "Rita keeps her books on shelves, with each shelf able to hold 15 books. She owns 15 "
     "novels and as many comics as her novels and poems combined. How many shelves does she need?"),
    # "each one" with a participle of its own is said of the next number, not of the first
    ("Mia bought some pens for $8, each one costing $2. How many pens did she buy?",
     "Mia paid $8 for some pens and gave the shop $2 for each of them. How many pens did she buy?"),
    # a total the question itself states stays a total
    ("A bakery bakes 40 rolls per hour on weekdays and 300 rolls in total on Sunday. How many rolls does it bake "
     "in a week if it is open 6 hours on weekdays?", "On weekdays a bakery turns out 40 rolls an hour, and on "
     "Sunday it bakes 300 rolls in total. How many rolls does it bake in a week if it is open 6 hours on weekdays?"),
    ("The 3 shelves hold 60 books in all. Each shelf holds the same number. How many books are on a shelf?",
     "Altogether, 60 books sit on the 3 shelves, the same number on each. How many books does a shelf hold?"),
    ("Two pumps together fill 90 buckets an hour. How many buckets do they fill in 4 hours?",
     "Together, two pumps fill 90 buckets an hour. How many buckets do they fill in 4 hours?"),
])
def test_a_number_kept_per_item_or_period_is_kept_whatever_else_is_a_total(kept, question, paraphrase):
    kept(question, paraphrase)
