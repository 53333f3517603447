"""Numbers a rewording writes for what the question already says (session 16, issue 24): the digit 1 for the
article that introduces one thing ("a lamp" -> "1 lamp", a table row "Lamp | 1 | $20"), and labels that number
the items of a list or the rows of a table in order ("(1) ... (2) ...", "Week | Miles / 1 | 5 / 2 | 7"). Neither
adds information; a 1 counting a thing the question does not introduce as one, and a list or table whose
numbers are not 1, 2, ... k, still add a number. Every text is written for the test."""

from __future__ import annotations

import pytest

from paraqd.analysis.layout import line_labels
from paraqd.resources import spacy_available

pytestmark = pytest.mark.skipif(not spacy_available(), reason="spaCy pipeline not installed")

PETS = "Leo has a dog and 3 cats. Each pet eats 2 cans of food a day. How many cans do his pets eat in a day?"
LAMP = "Nina bought a lamp for $20 and 2 rugs at $15 each. How much did she spend?"
BAKE = ("A baker fills a tray with 12 rolls and a basket with 8 buns. She sells half of all of them. "
        "How many does she sell?")
RUNS = "Dana ran 5 miles in the first week, 7 miles in the second week and 9 miles in the third week. " \
       "How many miles did she run?"
GARDEN = ("Omar planted 40 tulips. A quarter of them are yellow and the rest are pink. "
          "How many pink tulips are there?")


@pytest.mark.parametrize("question, paraphrase", [
    (PETS, "leo: 1 dog, 3 cats. each pet eats 2 cans of food daily. how many cans do his pets eat in a day?"),
    (BAKE, "A baker fills 1 tray with 12 rolls and 1 basket with 8 buns. She sells half of all of them. "
           "How many does she sell?"),
    (LAMP, "Nina bought these things:\nItem | Quantity | Price\nLamp | 1 | $20\nRug | 2 | $15 each\n"
           "How much did she spend?"),
])
def test_one_for_the_article_is_no_number_added(kept, question, paraphrase):
    kept(question, paraphrase)


@pytest.mark.parametrize("question, paraphrase", [
    # the question has no dog: 1 counts a new thing
    (PETS.replace("a dog and ", ""), "leo: 1 dog, 3 cats. each pet eats 2 cans of food daily. "
                                     "how many cans do his pets eat in a day?"),
    # "some lamps" gives no count: 1 is a value the question never gave
    ("Nina bought some lamps for $20 and 2 rugs at $15 each. How much did she spend?",
     "Item | Quantity | Price\nLamp | 1 | $20\nRug | 2 | $15 each\nHow much did Nina spend?"),
    # "a dog" made two dogs
    (PETS, "leo: 2 dogs, 3 cats. each pet eats 2 cans of food daily. how many cans do his pets eat in a day?"),
])
def test_a_one_the_question_does_not_say_is_still_added(caught, question, paraphrase):
    caught(question, paraphrase)


@pytest.mark.parametrize("text, labels", [
    ("Data: (1) Omar planted 40 tulips. (2) A quarter are yellow. (3) The rest are pink.", ["1", "2", "3"]),
    ("Week | Miles\n1 | 5\n2 | 7\n3 | 9\nHow many miles?", ["1", "2", "3"]),
    ("Week | Miles\n---|---\n1 | 5\n2 | 7\nHow many miles?", ["1", "2"]),
])
def test_inline_items_and_table_rows_numbered_in_order_are_labels(text, labels):
    assert [text[a:b] for a, b in line_labels(text)] == labels


@pytest.mark.parametrize("text", [
    "Omar planted 40 tulips (2 rows) and 30 roses (3 rows). How many flowers?",      # not 1, 2, ...
    "Data: (1) Omar planted 40 tulips. How many tulips?",                            # one item
    "Boxes | Cost\n2 | $8\n3 | $12\nHow much do 5 boxes cost?",                       # counts, not from 1
    "Item | Quantity\nLamp | 1\nRug | 2\nHow many things?",                           # not the first column
])
def test_numbers_that_are_not_an_ordered_numbering_stay_numbers(text):
    assert line_labels(text) == []


def test_a_numbered_list_and_a_numbered_table_are_kept(kept):
    kept(GARDEN, "Data: (1) Omar planted 40 tulips. (2) A quarter of them are yellow. (3) The rest are pink.\n"
                 "Question: How many pink tulips are there?")
    kept(RUNS, "Week | Distance\n1 | 5 miles\n2 | 7 miles\n3 | 9 miles\nHow many miles did Dana run?")


def test_a_number_added_inside_a_numbered_table_is_still_caught(caught):
    caught(RUNS, "Week | Distance\n1 | 5 miles\n2 | 7 miles\n3 | 9 miles\n4 | 11 miles\nHow many miles did Dana run?")
    caught(GARDEN, "Data: (1) Omar planted 40 tulips. (2) A quarter of them are yellow. (3) 6 are white. "
                   "(4) The rest are pink.\nQuestion: How many pink tulips are there?")
