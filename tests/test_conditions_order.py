"""A condition or bound of the problem turned the other way, and two events on one quantity told in the other
order of time (issue 24, session 15).

Every sentence here is made up for the test (other problems, nouns and verbs than the dev pairs); each rule has
cases it must catch and rewordings it must keep.
"""

from __future__ import annotations

import pytest

from paraqd.analysis import QuestionPair
from paraqd.analysis.conditions import condition_changes
from paraqd.analysis.event_order import order_changes
from paraqd.analysis.lexicon import default_lexicon
from paraqd.resources import spacy_available

pytestmark = pytest.mark.skipif(not spacy_available(), reason="spaCy pipeline not installed")
needs_wordnet = pytest.mark.skipif(default_lexicon() is None, reason="WordNet not installed")


# -- a condition or bound turned the other way -------------------------------------------------------------------

CONDITION_CHANGED = [
    ("A bakery needs at least 40 eggs for the cakes. It has 25 eggs. How many more eggs must it buy?",
     "A bakery needs at most 40 eggs for the cakes. It has 25 eggs. How many more eggs must it buy?"),
    ("Nora can carry no more than 6 boxes on each trip. How many trips does she need for 30 boxes?",
     "Nora can carry no fewer than 6 boxes on each trip. How many trips does she need for 30 boxes?"),
    ("The gym is open every day except Monday. Ian goes there every open day for 4 weeks. How many times does he go?",
     "The gym is open every day including Monday. Ian goes there every open day for 4 weeks. How many times does "
     "he go?"),
    ("Omar walks 3 miles each morning unless it snows. It snowed on 5 of 30 mornings. How far did he walk?",
     "Omar walks 3 miles each morning if it snows. It snowed on 5 of 30 mornings. How far did he walk?"),
    ("A guard checks every room of a 24-room hotel, spending 2 minutes in each. How long does the round take?",
     "A guard checks every other room of a 24-room hotel, spending 2 minutes in each. How long does the round "
     "take?"),
    ("A farmer sells only the brown eggs from his 60 eggs; 24 of them are brown. Each egg sells for $1. "
     "How much does he earn?",
     "A farmer sells all the eggs from his 60 eggs; 24 of them are brown. Each egg sells for $1. "
     "How much does he earn?"),
    ("Lia waters the plants every other day in June. Each watering uses 4 litres. How much water does she use?",
     "Lia waters the plants every day in June. Each watering uses 4 litres. How much water does she use?"),
    # the question names other pets, not other days: "every other day" is still one day in two
    ("Jo feeds the cat twice each day and the other pets once a week. How many feeds does the cat get in June?",
     "Jo feeds the cat twice every other day and the other pets once a week. How many feeds does the cat get "
     "in June?"),
]

CONDITION_KEPT = [
    ("A bakery needs at least 40 eggs for the cakes. It has 25 eggs. How many more eggs must it buy?",
     "A bakery needs no fewer than 40 eggs for the cakes. It already has 25 eggs. How many more eggs must it buy?"),
    ("Nora can carry at most 6 boxes on each trip. How many trips does she need for 30 boxes?",
     "Nora can carry no more than 6 boxes per trip. How many trips will she need to move 30 boxes?"),
    ("The gym is open every day except Monday. Ian goes there every open day for 4 weeks. How many times does he go?",
     "Apart from Monday, the gym opens every day. Ian goes on each day it is open for 4 weeks. How many times "
     "does he go?"),
    ("Omar walks 3 miles each morning unless it snows. It snowed on 5 of 30 mornings. How far did he walk?",
     "Omar walks 3 miles each morning if it does not snow. It snowed on 5 of 30 mornings. How far did he walk?"),
    ("A guard checks every other room of a 24-room hotel, spending 2 minutes in each. How long does the round "
     "take?",
     "A guard checks every second room of a 24-room hotel and spends 2 minutes in each. How long is the round?"),
    ("A farmer sells only the brown eggs from his 60 eggs; 24 of them are brown. Each egg sells for $1. "
     "How much does he earn?",
     "Of his 60 eggs, 24 are brown, and the farmer sells just the brown ones, at $1 each. How much does he earn?"),
    ("Each player of the 11-player team scored 2 goals. How many goals did the team score?",
     "You and every other player of the 11-player team scored 2 goals. How many goals did the team score?"),
    ("Each box holds 6 jars, each 9 ounces. How many ounces does a box hold?",
     "A box holds 6 jars, each 9 ounces heavy. How many ounces does each box hold?"),
    ("Each 12-ounce bottle of juice holds 4 servings. How many servings are in 3 bottles?",
     "Every 12-ounce bottle of juice holds 4 servings. How many servings are in 3 bottles?"),
    ("A taxi charges $3 and $1 for every 5 minutes of the ride. What does a 20-minute ride cost?",
     "A taxi charges $3 and $1 for each 5 minutes of the ride. What does a 20-minute ride cost?"),
    ("A bus stops at every third corner of a 30-corner route. How many stops does it make?",
     "A bus stops at one out of every 3 corners of a 30-corner route. How many stops does it make?"),
    # the question names "the other days" itself: "every other day (of the week)" is each of those, no alternation
    ("A cafe sells 40 pies on Fridays and Saturdays and 15 pies on the other days of the week. How many pies does "
     "it sell in a week?",
     "The cafe sells 40 pies on Friday and 40 on Saturday. On every other day of the week it sells 15 pies. "
     "How many pies does it sell in one week?"),
    ("Dev swims 30 laps on Sundays, and on the other days of the week he swims 12 laps each day. How many laps "
     "does he swim in 2 weeks?",
     "Dev swims 30 laps on Sunday. On every other day of the week, he swims 12 laps. How many laps does he swim "
     "in 2 weeks?"),
]


@needs_wordnet
@pytest.mark.parametrize("question, paraphrase", CONDITION_CHANGED)
def test_condition_turned_is_caught(caught, question, paraphrase):
    result = caught(question, paraphrase)
    # a bound turned ("at least" -> "at most") is the relation check's amount scale
    assert {"condition_changed", "relation_flipped"} & set(result.kinds()), result.reasons


@pytest.mark.parametrize("question, paraphrase", CONDITION_KEPT)
def test_condition_said_another_way_is_kept(checker, parse, question, paraphrase):
    assert not condition_changes(QuestionPair(parse(question), parse(paraphrase)))
    result = checker.check(question, paraphrase)
    assert "condition_changed" not in result.kinds(), result.reasons


# -- two events on one quantity told in the other order of time --------------------------------------------------

ORDER_CHANGED = [
    ("Mina had some money. She spent half of it on a scarf. Then she spent $6 on tea. She has $9 left. "
     "How much did she start with?",
     "Mina had some money. She spent $6 on tea. Then she spent half of it on a scarf. She has $9 left. "
     "How much did she start with?"),
    ("Ben had 40 stamps. He gave 5 stamps to his sister. How many stamps does Ben have now?",
     "Ben gave 5 stamps to his sister. After that, he had 40 stamps. How many stamps does Ben have now?"),
    ("A shop sells a lamp for $80. After a 25% discount, a $5 fee is added. What does the lamp cost?",
     "A shop sells a lamp for $80. Before a 25% discount, a $5 fee is added. What does the lamp cost?"),
    ("Kai picked 30 cherries. He ate 4 cherries and then gave a third of the rest to Ana. How many cherries does "
     "Kai have?",
     "Kai picked 30 cherries. He gave a third of them to Ana and then ate 4 cherries. How many cherries does "
     "Kai have?"),
    ("Rosa baked 50 cookies. She sold 20% of them in the morning. In the afternoon she bought 10 more cookies. "
     "How many cookies does she have?",
     "Rosa baked 50 cookies. In the morning she bought 10 more cookies. In the afternoon she sold 20% of them. "
     "How many cookies does she have?"),
    ("Leo had 60 marbles. He lost 12 marbles at school. How many marbles does he have now?",
     "Leo lost 12 marbles at school. Then he had 60 marbles. How many marbles does he have now?"),
    # a question about the future: the order of what happens next still counts
    ("Ada has 40 coins now. Next week she will spend half of them and then find 6 coins. How many coins will she "
     "have?",
     "Ada has 40 coins now. Next week she will find 6 coins and then spend half of them. How many coins will she "
     "have?"),
]

ORDER_KEPT = [
    ("Mina had some money. She spent half of it on a scarf. Then she spent $6 on tea. She has $9 left. "
     "How much did she start with?",
     "Mina had some money. After spending half of it on a scarf, she spent $6 on tea. She has $9 left. "
     "How much did she start with?"),
    ("Ben had 40 stamps. He gave 5 stamps to his sister. How many stamps does Ben have now?",
     "Before he gave 5 stamps to his sister, Ben had 40 stamps. How many stamps does Ben have now?"),
    ("Tia found 7 shells on Monday and 9 shells on Tuesday. How many shells did she find?",
     "Tia found 9 shells on Tuesday and 7 shells on Monday. How many shells did she find?"),
    ("Sam bought 3 pens and then bought 8 pencils. How many things did he buy?",
     "Sam bought 8 pencils after buying 3 pens. How many things did he buy?"),
    ("Kai picked 30 cherries. He ate 4 cherries and then gave a third of the rest to Ana. How many cherries does "
     "Kai have?",
     "Kai picked 30 cherries. Before giving a third of the rest to Ana, he ate 4 cherries. How many cherries does "
     "Kai have?"),
    ("Ana has $30. She gives $5 to Leo and spends half of the rest on paint. How much money does Ana have?",
     "Ana has $30. After giving $5 to Leo, she spends half of what remains on paint. How much money does Ana have?"),
    ("Tom got a 10% raise. Before the raise he earned $20 an hour. What does he earn an hour now?",
     "Tom earned $20 an hour before a 10% raise. What does he earn an hour now?"),
    ("Ivo has 50 cards. Uma has 6 cards. He sells 7. How many cards will Ivo have?",
     "Ivo, who is 12, has 50 cards. Uma, now aged 9, has 6 cards. He sells 7. How many cards will Ivo have?"),
    ("Nia had 8 songs on her list. She added 6 new songs. After removing some she had 5 left. How many did she "
     "remove?", "Nia had 8 songs, added 6, then removed some and had 5 left. How many did she remove?"),
    ("A jar holds 12 sweets. Pat adds 5 sweets and then adds 3 sweets. How many sweets are in the jar?",
     "A jar holds 12 sweets. Pat adds 3 sweets and then adds 5 sweets. How many sweets are in the jar?"),
    # two numbers of one value: matching them by value cannot tell which event is which
    ("Rosa has three cats. Every year she adopts three more, but one runs away. How many cats will she have in "
     "4 years?",
     "I'm Rosa, and right now I have three cats. Each year I adopt three more, but every year one of my cats runs "
     "away. How many cats will I have 4 years from now?"),
    ("Eli owns 5 hens. Each spring he buys 5 more and sells 2. How many hens will he own after 3 springs?",
     "Each spring Eli buys 5 hens and sells 2; at the moment he owns 5 hens. How many hens will he own after "
     "3 springs?"),
]


@needs_wordnet
@pytest.mark.parametrize("question, paraphrase", ORDER_CHANGED)
def test_order_swapped_is_caught(caught, parse, question, paraphrase):
    caught(question, paraphrase)
    assert order_changes(QuestionPair(parse(question), parse(paraphrase)))


@pytest.mark.parametrize("question, paraphrase", ORDER_KEPT)
def test_order_retold_is_kept(checker, parse, question, paraphrase):
    assert not order_changes(QuestionPair(parse(question), parse(paraphrase)))
    result = checker.check(question, paraphrase)
    assert "order_changed" not in result.kinds(), result.reasons
