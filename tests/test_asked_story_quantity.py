"""Which quantity of the story the asking clause picks (issue 24, session 13): a paraphrase that asks, of the same
story, for the quantity another act, another holder or another kind of the thing says is another question.

- the asking sentence's own condition states another act of the story ("If he mailed 9 of the letters, how many
  letters did Leo *write*?" -> "... did Leo *mail*?"): the condition is story, not the asked quantity;
- the question asks what someone holds ("does Rosa *have* now"), the paraphrase what an act of the story brought
  ("did Rosa *buy* at the fair"), the story giving the holding and the act numbers of their own;
- one person's quantity asked for a group that includes that person ("did Liam pay" -> "did Liam and his
  sister pay"), or the whole of a named group asked for some of its members ("did Ruth and Omar read in
  total" -> "did Omar read");
- the asked thing narrowed to one of the kinds the story splits it into ("how many balloons" -> "how many
  *red* balloons", the story counting red and blue balloons: :func:`paraqd.analysis.narrowed.asked_parts`).

Each has lookalikes that ask the same quantity. Every sentence here is written for this test."""

from __future__ import annotations

import pytest

from paraqd.analysis.asked_changes import asked_changes
from paraqd.analysis.asked_shape import shape_changes
from paraqd.resources import spacy_available

pytestmark = pytest.mark.skipif(not spacy_available(), reason="spaCy pipeline not installed")


def _lexicon_or_skip():
    from paraqd.analysis.lexicon import default_lexicon

    if default_lexicon() is None:
        pytest.skip("WordNet not installed (the optional extra)")


def _whats(checker, question, paraphrase):
    q, p = checker.analyzer.analyze(question), checker.analyzer.analyze(paraphrase)
    return {c.what for c in (*asked_changes(q, p), *shape_changes(q, p))}


def _rejected(checker, question, paraphrase):
    result = checker.check(question, paraphrase)
    return any(f.kind.value == "question_quantity_changed" for f in result.findings) and not result.passed


LETTERS = "Leo wrote 14 letters last month. "
FRUIT = "Mia picked 40 apples and 25 pears. "
MUFFINS = "Leo baked 30 muffins on Sunday. "
GOALS = "Our team scored 45 goals this season. "

# the condition inside the asking sentence holds the other act
CONDITION_ACT = [
    (MUFFINS + "If he sold 18 of the muffins, how many muffins did he bake?",
     MUFFINS + "If he sold 18 of the muffins, how many muffins did he sell?"),
    (FRUIT + "If she gave away 12 apples and 8 pears, how many more apples than pears did Mia pick?",
     FRUIT + "If she gave away 12 apples and 8 pears, how many more apples than pears did Mia give away?"),
    (GOALS + "Given that they conceded 30 goals, how many goals did the team score?",
     GOALS + "Given that they conceded 30 goals, how many goals did the team concede?"),
]
CONDITION_SAME = [
    (LETTERS + "If he mailed 9 of the letters, how many letters did Leo write?",
     LETTERS + "Given that he mailed 9 of them, how many letters had Leo written?"),
    (LETTERS + "If he mailed 9 of the letters, how many letters did Leo write?",
     LETTERS + "He mailed 9 of the letters. How many letters did he write?"),
    (FRUIT + "If she gave away 12 apples and 8 pears, how many more apples than pears did Mia pick?",
     FRUIT + "She gave away 12 apples and 8 pears. By how many did the apples she picked outnumber the pears?"),
]

STAMPS = "Rosa collects stamps. She bought 12 stamps at a fair. Now she has 50 stamps in her album. "
ZOO = "A zoo has 18 zebras and 9 lions. Last year it received 4 zebras and 2 lions. "
MARBLES = "Ken had 30 marbles. He won 14 marbles in a game. "
GIFT = "Ken had 30 marbles. He got 14 marbles from a friend. "
BOUGHT = "Rosa bought 12 stamps at a fair and put them in her album. "

# what is held asked as what an act of the story brought
HELD_ACT = [
    (STAMPS + "How many stamps does Rosa have now?", STAMPS + "How many stamps did Rosa buy at the fair?"),
    (ZOO + "How many more zebras than lions does the zoo have?",
     ZOO + "How many more zebras than lions did the zoo receive last year?"),
    (MARBLES + "How many marbles does Ken have now?", MARBLES + "How many marbles did Ken win in the game?"),
]
HELD_SAME = [
    # the story says no holding with numbers of its own: what she has is what she bought
    (BOUGHT + "How many stamps does Rosa have in her album?", BOUGHT + "How many stamps did Rosa buy?"),
    # the state still asked ("now"), whatever verb says it
    (GIFT + "How many marbles does Ken have now?", GIFT + "How many marbles has Ken got now?"),
    (STAMPS + "How many stamps does Rosa have now?", STAMPS + "How many stamps are in Rosa's album now?"),
    # the holding the story states counts other things: what he has of pencils is what he bought
    ("Tom has 3 boxes. He bought 24 pencils. How many pencils does Tom have?",
     "Tom has 3 boxes. He bought 24 pencils. How many pencils did Tom buy?"),
]

GIFT_PAID = "Liam and his sister bought a gift. Liam paid $15 and his sister paid $10. "
ORCHARD = "Ava picked 20 apples and her brother Max picked 12 apples. "
PAGES = "Ruth read 30 pages and Omar read 12 more pages than Ruth. "

# one person's quantity for a group with that person, the whole of a named group for some of it
GROUP_PART = [
    (GIFT_PAID + "How much did Liam pay?", GIFT_PAID + "How much did Liam and his sister pay altogether?"),
    (ORCHARD + "How many apples did Ava pick?", ORCHARD + "How many apples did Ava and her brother pick?"),
    (PAGES + "How many pages did Ruth and Omar read in total?", PAGES + "How many pages did Omar read?"),
    (PAGES + "How many pages did Ruth and Omar read in total?", PAGES + "Determine the number of pages read by Omar."),
]
GROUP_SAME = [
    (PAGES + "How many more pages did Omar read than Ruth?",
     PAGES + "What is the difference between the pages Omar and Ruth read?"),
    (PAGES + "How many pages did Ruth and Omar read in total?",
     PAGES + "How many pages did Omar and Ruth read altogether?"),
    (PAGES + "How many pages did Ruth and Omar read in total?",
     PAGES + "If Omar read 42 pages, how many pages did Ruth and Omar read together?"),
    (GIFT_PAID + "How much did Liam pay?", GIFT_PAID + "How much money did Liam himself pay?"),
    # the question asks for the group already ("Nia and her cousins")
    ("Nia and her two cousins each bought a $6 ticket. How much did Nia and her cousins spend?",
     "Nia and her two cousins each bought a $6 ticket. How much money did Nia and her cousins pay?"),
    # names of a condition are not the asked whole
    ("Tim has twice as many cards as Ana. If Ana has 8 cards, how many cards does Tim have in all?",
     "Tim has twice as many cards as Ana, and Ana has 8 cards. How many cards does Tim own?"),
]

BALLOONS = "Lena has 20 red balloons and 15 blue balloons. Her cousin has 12 red balloons. "
PIZZAS = "A shop sold 40 large pizzas and 25 small pizzas on Friday. "
BOOKS = "The school library has 120 old books and 80 new books. "
ONE_KIND = "A shop sold 40 large pizzas on Friday. "

# the asked thing narrowed to one of the kinds the story counts
KIND_NARROWED = [
    (BALLOONS + "How many more balloons does Lena have than her cousin?",
     BALLOONS + "How many more red balloons does Lena have than her cousin?"),
    (PIZZAS + "How many pizzas did the shop sell?", PIZZAS + "How many large pizzas did the shop sell?"),
    (BOOKS + "How many books does the library have?", BOOKS + "How many new books does the library have?"),
]
KIND_SAME = [
    (ONE_KIND + "How many pizzas did the shop sell?", ONE_KIND + "How many large pizzas did the shop sell?"),
    (BALLOONS + "How many red balloons does Lena have?", BALLOONS + "How many red balloons does she own?"),
    (PIZZAS + "How many pizzas did the shop sell?", PIZZAS + "How many pizzas did the shop sell in all?"),
]


@pytest.mark.parametrize(("question", "paraphrase"), CONDITION_ACT + HELD_ACT)
def test_another_act_of_the_story_is_another_quantity(checker, question, paraphrase):
    _lexicon_or_skip()
    assert "predicate" in _whats(checker, question, paraphrase)
    assert _rejected(checker, question, paraphrase)


@pytest.mark.parametrize(("question", "paraphrase"), CONDITION_SAME + HELD_SAME)
def test_the_same_act_in_other_words_is_kept(checker, question, paraphrase):
    assert "predicate" not in _whats(checker, question, paraphrase)


@pytest.mark.parametrize(("question", "paraphrase"), GROUP_PART)
def test_a_group_for_one_of_it_or_back_is_another_quantity(checker, question, paraphrase):
    assert _whats(checker, question, paraphrase) & {"group", "part"}
    assert _rejected(checker, question, paraphrase)


@pytest.mark.parametrize(("question", "paraphrase"), GROUP_SAME)
def test_the_same_owners_in_other_words_are_kept(checker, question, paraphrase):
    assert not _whats(checker, question, paraphrase) & {"group", "part"}


def _parts(checker, question, paraphrase):
    return [f for f in checker.check(question, paraphrase).findings if f.kind.value == "question_part"]


@pytest.mark.parametrize(("question", "paraphrase"), KIND_NARROWED)
def test_one_kind_of_the_asked_thing_is_another_quantity(checker, question, paraphrase):
    _lexicon_or_skip()
    assert _parts(checker, question, paraphrase)
    assert not checker.check(question, paraphrase).passed


@pytest.mark.parametrize(("question", "paraphrase"), KIND_SAME)
def test_a_kind_the_story_does_not_split_is_kept(checker, question, paraphrase):
    assert not _parts(checker, question, paraphrase)


FARM = "A farmer earns $3 from each chicken and $5 from each goat. He sold 20 chickens and 6 goats. "
PENS = "Sam paid $8 for 4 pens and $15 for 3 notebooks. "
TICKETS = "Each ticket costs $7. The class bought 25 tickets. "

# one item's quantity asked for all the items the story counts
ONE_FOR_ALL = [
    (FARM + "How much more does the farmer earn from a goat than from a chicken?",
     FARM + "How much more did the farmer earn from goats than from chickens?"),
    (PENS + "How much does a pen cost?", PENS + "How much did Sam pay for the pens?"),
    (TICKETS + "What is the price of one ticket?", TICKETS + "How much did the class spend on the tickets?"),
]
ONE_SAME = [
    # a plural subject says what each of them costs
    (PENS + "How much more does a notebook cost than a pen?", PENS + "How much more do notebooks cost than pens?"),
    (PENS + "How much does a pen cost?", PENS + "What is the price of one pen?"),
    (TICKETS + "What is the price of one ticket?", TICKETS + "How much does each ticket cost?"),
    # a retelling whose question runs on from the story's numbers ("sold 20 hens and 6 goats") still asks per goat
    (FARM + "How much more does the farmer earn from a goat than from a chicken?",
     'Ann: "A farmer earns $3 from each chicken and $5 from each goat." Bo: "He sold 20 chickens and 6 goats, '
     'so how much more does he earn from a goat than from a chicken?"'),
]


@pytest.mark.parametrize(("question", "paraphrase"), ONE_FOR_ALL)
def test_one_item_for_all_of_them_is_another_quantity(checker, question, paraphrase):
    assert "one" in _whats(checker, question, paraphrase)
    assert _rejected(checker, question, paraphrase)


@pytest.mark.parametrize(("question", "paraphrase"), ONE_SAME)
def test_one_item_in_other_words_is_kept(checker, question, paraphrase):
    assert "one" not in _whats(checker, question, paraphrase)
