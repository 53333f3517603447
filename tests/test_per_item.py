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


# session 17 (issue 24): the value said per item of a counted lot in the question, said of the counted items as
# one whole in the paraphrase: a total word on the number with the items named as a plural in its clause, or the
# number given "for" the lot counted as the question counts it. Written before the rule, other nouns and verbs
# than the training pairs.
@pytest.mark.parametrize(("question", "paraphrase"), [
    ("Each of the 6 vans carries 9 students to the museum. How many students go to the museum?",
     "The 6 vans carry 9 students altogether to the museum. How many students go to the museum?"),
    ("Nora buys 4 scarves that cost $7 each. How much does she spend?",
     "Nora buys 4 scarves for $7. How much does she spend?"),
    ("A gardener plants 5 rows of tulips. Each row has 12 tulips. How many tulips are there?",
     "A gardener plants 5 rows of tulips, with 12 tulips in total. How many tulips are there?"),
    ("Every jar holds 25 marbles. Leo fills 8 jars. How many marbles does he have?",
     "Leo fills 8 jars. Together the jars hold 25 marbles. How many marbles does he have?"),
    ("Sam bought 3 tickets at $12 per ticket. How much did he pay?",
     "Sam bought 3 tickets for $12 in all. How much did he pay?"),
])
def test_a_number_per_item_said_of_the_counted_lot_is_caught(caught, question, paraphrase):
    result = caught(question, paraphrase)
    assert "per_item_made_total" in {f.kind.value for f in result.findings}, result.reasons


@pytest.mark.parametrize(("question", "paraphrase"), [
    # the per-item fact said another way: "every one of", "a"/"per"/"apiece", "each one", a singular item,
    # a total word on the count of the items or in the asking clause, the price of a dozen as a lot
    ("Each of the 5 boxes has 6 pens. How many pens are there?",
     "There are 6 pens in every one of the 5 boxes. How many pens are there?"),
    ("Apples cost $3 a pound. She buys 4 pounds. How much does she pay?",
     "Apples cost $3 per pound. She buys 4 pounds. How much does she pay?"),
    ("He sells them for $2 apiece. He sells 10 cakes. How much does he make?",
     "He sells 10 cakes, and each one sells for $2. How much does he make?"),
    ("Each of the 6 crates holds 20 melons. How many melons are there?",
     "There are 6 crates altogether, and each one holds 20 melons. How many melons are there?"),
    ("She buys two jars of jam that cost $4 per jar. How much does she pay?",
     "Altogether she takes two jars of jam, at $4 a jar. How much does she pay?"),
    ("Each of the 4 cars carries 5 people. How many people travel?",
     "The 4 cars together carry 5 people each. How many people travel?"),
    ("Each pie needs 3 apples. How many apples are needed for 7 pies in total?",
     "A pie needs 3 apples. In all, how many apples are needed for 7 pies?"),
    ("Each ticket costs $8. Mia buys 5 tickets. How much does she spend?",
     "Mia buys 5 tickets in all; a ticket costs $8. How much does she spend?"),
    ("Eggs cost $3 per dozen. She buys 5 dozen eggs. How much does she pay?",
     "The store sells 12 eggs for $3. She buys 5 dozen eggs. How much does she pay?"),
    ("Each of the 3 girls picked 12 apples. How many apples did they pick?",
     "The 3 girls each picked 12 apples. How many apples did they pick altogether?"),
    ("Each bag has 30 peanuts. He has four bags. How many peanuts does he eat altogether?",
     "He has four bags, and one bag holds 30 peanuts. Altogether, how many peanuts does he eat?"),
    ("Each of the 4 tables seats 6 guests. How many guests can sit?",
     "Together there are 4 tables, and a table seats 6 guests. How many guests can sit?"),
    ("Tom buys 5 shirts at $10 each. How much does he spend?",
     "Tom buys 5 shirts for $10 a shirt. How much does he spend?"),
])
def test_a_number_per_item_said_another_way_is_not_made_a_total(checker, question, paraphrase):
    result = checker.check(question, paraphrase)
    assert "per_item_made_total" not in {f.kind.value for f in result.findings}, result.reasons


# session 22 (issue 24): a rate of time beside the items ("every week") says nothing of them: "$3 per shirt every
# week" -> "every week $3 for his shirts" is made a total all the same; and a number said "in each game" said "in
# the first game" is one item's. Sentences written for the test.
@pytest.mark.parametrize(("question", "paraphrase", "words"), [
    ("A laundry charges $3 per shirt every week. Ken sends 4 shirts. How much does he pay in 2 weeks?",
     "Every week the laundry charges Ken $3 for his shirts. Ken sends 4 shirts. How much does he pay in 2 weeks?",
     "all of them together"),
    ("Nia scored 12 points in each game. She scored 60 points in all. How many games did she play?",
     "Nia scored 12 points in the first game. She scored 60 points in all. How many games did she play?",
     'one of them in the paraphrase ("first game")'),
    ("A quiz gives 8 points for each correct answer. Ravi earned 40 points. How many answers were correct?",
     "A quiz gives 8 points for the last correct answer. Ravi earned 40 points. How many answers were correct?",
     'one of them in the paraphrase ("last correct answer")'),
])
def test_a_number_per_item_made_a_total_or_one_item_beside_a_rate_is_caught(caught, question, paraphrase, words):
    result = caught(question, paraphrase)
    assert any(f.kind.value == "per_item_made_total" and words in f.message for f in result.findings), result.reasons


@pytest.mark.parametrize(("question", "paraphrase"), [
    ("A laundry charges $3 per shirt every week. Ken sends 4 shirts. How much does he pay in 2 weeks?",
     "Every week the laundry charges Ken $3 for each of his shirts. Ken sends 4 shirts. How much does he pay in 2 "
     "weeks?"),
    ("Nia scored 12 points in each game. She scored 60 points in all. How many games did she play?",
     "Nia scored 12 points in every game, starting with the first game. She scored 60 points in all. How many "
     "games did she play?"),
    ("Nia scored 12 points in each game. She scored 60 points in all. How many games did she play?",
     "From the first game on, Nia scored 12 points a game, 60 points in all. How many games did she play?"),
])
def test_a_number_per_item_beside_a_rate_or_an_ordinal_is_kept(kept, question, paraphrase):
    kept(question, paraphrase)
