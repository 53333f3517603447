"""Context added about where a problem happens, session 12 (issue 24, precision): a place is no quantity.

A noun the question names only as the place of an event ("brought 6 balloons *to the park*", "sells candles *at
the town's craft fair*") is where things happen, not a thing the answer counts: a number added about that place
("the park has 3 swings", "a town of 8000 people") counts or measures something the question never computes
with, and is a note. The "times" of a factor ("4 times as many") is a word of the relation, not a thing either,
and the period of a context rate ("the shop is open 5 days *a week*" where no time is measured) is context too.
A quantity added about a thing the problem does count (the same noun, or a kind of it) still changes the problem.
Every sentence is written for the test (other problems, nouns and verbs than the development pairs).
"""

from __future__ import annotations

import pytest

from paraqd.resources import spacy_available

pytestmark = pytest.mark.skipif(not spacy_available(), reason="spaCy pipeline not installed")

KITES = ("Mina carried 14 kites to the beach. If Mina carried 5 more kites than Tom, how many kites did Tom carry to "
         "the beach?")
CANDLES = ("Priya sells 20 candles in the town's craft fair for $3 each. She also sells 8 soaps for $2 each. How much "
           "money does she earn?")
ORCHARD = "Ivan picked 30 plums in the orchard and ate 4 of them. How many plums did Ivan bring home from the orchard?"
SHELF = "Dana put 8 books on the shelf. If Dana put 3 more books than Eli, how many books did Eli put on the shelf?"
STAMPS = "Omar has 12 stamps. Lea has 4 times as many stamps as Omar. How many stamps do they have together?"
BASKET = "Lena put 12 apples and 5 oranges into a basket. How many fruits are in the basket?"
TREES = "There are 6 oaks and 4 pines in the park. How many trees are in the park?"




@pytest.mark.parametrize(("question", "paraphrase"), [
    # the place stands in the asking clause too: still only where the kites go
    (KITES, "Mina carried 14 kites to the beach. The beach has 2 lifeguard towers. If Mina carried 5 more kites "
            "than Tom, how many kites did Tom carry to the beach?"),
    (ORCHARD, "Ivan picked 30 plums in the orchard and ate 4 of them. The orchard has 3 gates. How many plums did "
              "Ivan bring home from the orchard?"),
    # the place hangs on a thing the problem sells: "20 candles in the town's craft fair"
    (CANDLES, "Priya sells 20 candles in the town's craft fair for $3 each, in a town of 8000 people. She also "
              "sells 8 soaps for $2 each. How much money does she earn?"),
    (SHELF, "Dana put 8 books on the shelf, which has 4 brackets. If Dana put 3 more books than Eli, how many books "
            "did Eli put on the shelf?"),
    ("A hall seats 200 people. 150 people came to the concert in the hall. How many seats were empty?",
     "A hall seats 200 people. 150 people came to the concert in the hall, which has 4 doors. How many seats were "
     "empty?"),
    # "Celsius" is one named person in WordNet, no kind of person: no count of the gardeners
    ("Some gardeners planted 14 roses and 9 tulips. How many flowers did the gardeners plant?",
     "On a day of 25 Celsius, some gardeners planted 14 roses and 9 tulips. How many flowers did the gardeners "
     "plant?"),
])
def test_a_number_about_the_place_of_the_problem_is_context(kept, question, paraphrase):
    result = kept(question, paraphrase)
    assert "context_added" in result.kinds()


@pytest.mark.parametrize(("question", "paraphrase"), [
    # "present" and "occasion" are kinds of time (WordNet): not of the "times" of "4 times as many"
    (STAMPS, "Omar, who got two presents last week, has 12 stamps. Lea has 4 times as many stamps as Omar. How "
             "many stamps do they have together?"),
    (STAMPS, "Omar has 12 stamps. Lea, who got hers on 3 special occasions, has 4 times as many stamps as Omar. How "
             "many stamps do they have together?"),
])
def test_the_times_of_a_factor_is_no_thing_the_problem_computes_with(kept, question, paraphrase):
    kept(question, paraphrase)


@pytest.mark.parametrize(("question", "paraphrase"), [
    # the same thing the problem counts, at the same place: it enters the computation
    (KITES, "Mina carried 14 kites to the beach. The beach already had 3 kites. If Mina carried 5 more kites "
            "than Tom, how many kites did Tom carry?"),
    (ORCHARD, "Ivan picked 30 plums in the orchard, where 9 more plums lay on the grass, and ate 4 of them. "
              "How many plums did Ivan bring home from the orchard?"),
    (SHELF, "Dana put 8 books on the shelf, which already held 5 books. If Dana put 3 more books than Eli, how many "
            "books did Eli put on the shelf?"),
    # a quantity of what the problem computes with, at its place: money in a problem about money, more candles
    (CANDLES, "Priya sells 20 candles in the town's craft fair for $3 each, and the fair takes $10 for her stall. "
              "She also sells 8 soaps for $2 each. How much money does she earn?"),
    (CANDLES, "Priya sells 20 candles in the town's craft fair for $3 each and 6 more candles in the town's market. "
              "She also sells 8 soaps for $2 each. How much money does she earn?"),
    # persons in a problem that counts persons, at its place: "guests" are people
    ("A hall seats 200 people. 150 people came to the concert in the hall. How many seats were empty?",
     "A hall seats 200 people. 150 people came to the concert in the hall, and in the hall 20 guests left early. "
     "How many seats were empty?"),
    # "3 more": more of the thing the problem counts, though the clause around it names only the place
    ("Mia had 10 marbles in a jar. She put 6 more marbles into the jar. How many marbles are in the jar?",
     "Mia had 10 marbles in a jar. She put 6 more marbles into the jar. Her brother then gave her 3 more, which she "
     "dropped into the jar. How many marbles are in the jar?"),
    # a person is no place: "after his sister" names a participant
    ("Omid was born 3 years after his sister. How old is Omid?",
     "Omid, whose sister is 11, was born 3 years after her. How old is Omid?"),
    # a kind of the asked thing (WordNet): pears are fruit, maples are trees
    (BASKET, "Lena put 12 apples and 5 oranges into a basket. The basket also holds 2 pears. How many fruits are "
             "in the basket?"),
    (TREES, "There are 6 oaks and 4 pines in the park. The park also has 3 maples. How many trees are in the "
            "park?"),
    # a factor's "times" with a quantity of the problem added: still caught
    (STAMPS, "Omar has 12 stamps. Lea has 4 times as many stamps as Omar, and 3 more stamps from her aunt. How "
             "many stamps do they have together?"),
    # the place counted as a thing of the problem: each of its parts holds the problem's quantity
    (ORCHARD, "Ivan picked 30 plums in each of the 2 orchards and ate 4 of them. How many plums did Ivan bring "
              "home from the orchards?"),
])
def test_a_quantity_of_what_the_problem_counts_is_still_added(caught, question, paraphrase):
    caught(question, paraphrase)


# -- the period of a context rate: "open 5 days *a week*" in a problem that measures no time ----------------

BAKERY = "A bakery sells muffins for $2 each. How much does Ana pay for 5 muffins?"
POOL = "A swimming pool charges $4 per visit. Leo visits it 9 times. How much does Leo pay?"
PENS = "A shop sells 40 pens a day. How many pens does it sell in 12 days?"


@pytest.mark.parametrize(("question", "paraphrase"), [
    (BAKERY, "A bakery, open 6 days a week, sells muffins for $2 each. How much does Ana pay for 5 muffins?"),
    (POOL, "A swimming pool, which opens 7 days a week, charges $4 per visit. Leo visits it 9 times. How much does "
           "Leo pay?"),
])
def test_the_period_of_a_context_rate_is_context(kept, question, paraphrase):
    result = kept(question, paraphrase)
    assert "context_added" in result.kinds()


@pytest.mark.parametrize(("question", "paraphrase"), [
    # days in a problem that counts days; more of the counted thing per week; a count of the asked thing
    (PENS, "A shop sells 40 pens a day. It is open 6 days a week. How many pens does it sell in 12 days?"),
    (PENS, "A shop sells 40 pens a day, and it sells 10 more pens a week. How many pens does it sell in 12 days?"),
    (BAKERY, "A bakery sells muffins for $2 each, and Ana buys 2 muffins a week. How much does Ana pay for 5 "
             "muffins?"),
])
def test_a_rate_of_what_the_problem_computes_with_is_still_added(caught, question, paraphrase):
    caught(question, paraphrase)
