"""Valid rewording styles near the "each made a total" rules (session 20, issue 24): a unit converted, the
question put first, a story retold, a shorter or formal wording keep a number per item or per period, so
``per_item_made_total`` must not fire on them. Every sentence is written for the test (new names, numbers,
nouns); the invalid pairs at the end show that the narrowed rules still catch a number made a total.

- "each of the 30 cups sold for $1.50" says the number of each cup (the clause describes a noun taken one by
  one);
- in "5 hens each lay 2 eggs a day" the 5 counts the hens, it is no rate; the span of the asking clause ("In
  a week, how many eggs do the 5 hens lay") is the time asked about, not a span a number is said of.
"""

from __future__ import annotations

import pytest

from paraqd.resources import spacy_available

pytestmark = pytest.mark.skipif(not spacy_available(), reason="spaCy pipeline not installed")

KIND = "per_item_made_total"

WASHER = ("A washer can take 6 pounds of laundry at a time. Each towel weighs 16 ounces, and 3 shirts weigh 1 "
          "pound. How many loads for 12 towels and 12 shirts?")
PUPPY = ("A puppy eats 12 ounces of food each day. A bag holds 12 pounds. How many days does a bag last for 2 "
         "puppies?")
HIKERS = ("Each of the 4 hikers carries 3 pounds of food. The tent weighs 48 ounces. How much do they carry in "
          "all?")
BOTTLES = ("Each bottle holds 2 liters. 6 bottles are poured into a tub that already had 2000 milliliters. How "
           "many liters are in the tub?")
PLAN = "A phone plan costs $30 each month. Setup costs 3000 cents. How much for a year?"
RICE = "Marta has 5 bags of rice, and each bag weighs 2 pounds. How many pounds of rice does she have?"
FLOUR = "A baker uses 3 pounds of flour per cake. He bakes 4 cakes. How many pounds of flour does he use?"
SLEEP = "Tariq sleeps 7 hours every night. How many hours does he sleep in a week?"
PIANO = "Lou practices piano 2 hours a day for 5 days. How many minutes does he practice?"
LEMONADE = "Lia sells 30 cups of lemonade for $1.50 each. How much does she earn?"
HENS = "Nell's 5 hens each lay 2 eggs a day. How many eggs does she get in a week?"
BOOKS = "Ana bought 5 books, each costing $2. How much did she spend?"
SAVES = "Pia saves $6 every week for 8 weeks. How much does she save?"
HONEY = "At the fair, Ben sold 30 jars of honey for $4 each. How much did he earn?"


def _kinds(result) -> set[str]:
    return {f.kind.value for f in result.findings}


@pytest.mark.parametrize(("question", "paraphrase"), [
    # the question first, the whole named in the question or before the number
    (LEMONADE, "How much money does Lia make in total from the cups? Each of the 30 cups sold for $1.50."),
    (LEMONADE, "How much does Lia earn for the 30 cups of lemonade she sold at $1.50 a cup?"),
    (HENS, "In a week, how many eggs do Nell's 5 hens lay if every hen lays 2 eggs each day?"),
    (HENS, "Over the week, how many eggs will Nell have? Every day, each of her 5 hens lays 2 eggs."),
    (HENS, "How many eggs does Nell collect over a week? Her 5 hens lay 2 eggs apiece every day."),
    (BOOKS, "How much did Ana spend? She bought 5 books, each costing $2."),
    (BOOKS, "How much did Ana pay for all the books? She bought 5 books that cost $2 each."),
    (BOOKS, "How much did Ana spend in all for them? She bought 5 books, and a book cost $2."),
    (SAVES, "What is Pia's total saving over the 8 weeks if she saves $6 per week?"),
    (SAVES, "For 8 weeks, Pia saves $6 each week. How much does she save in all during those weeks?"),
    ("Each of 3 vans holds 8 kids. How many kids ride in the vans?",
     "How many kids can ride in the 3 vans in total? Every van holds 8 kids."),
    # a story retold, shorter, formal, "apiece", "a jar", "for every jar"
    (HONEY, "The bees had a good summer, so Ben brought 30 jars of honey to the fair. He sold every jar for $4. "
            "How much did he earn?"),
    (HONEY, "Ben sold 30 jars of honey at the fair. Each of the 30 jars sold for $4. How much did he earn?"),
    (HONEY, "Ben sold 30 honey jars. A jar went for $4. What did he earn?"),
    (HONEY, "Determine Ben's earnings, given that he sold 30 jars of honey at the fair at a price of $4 per jar."),
    (HONEY, "Ben took his honey to the fair and sold all 30 jars, asking $4 for each one. How much did he earn?"),
    (HONEY, "Ben sold 30 jars of honey at the fair at $4 apiece. How much did he earn?"),
])
def test_a_valid_style_keeps_the_number_per_item(checker, question, paraphrase):
    result = checker.check(question, paraphrase)
    assert KIND not in _kinds(result), result.reasons


@pytest.mark.parametrize(("question", "paraphrase", "whole"), [
    # the lot counted as the question counts it, described by a clause with no "each"
    ("Zed buys 8 cups that cost $2 each. How much does he pay?", "Zed buys 8 cups that cost $2. How much does he "
     "pay?", "cups"),
    # a rate said of the whole time outside the asking clause
    ("A bakery makes 30 loaves every day. How many loaves does it make in 4 days?",
     "Over the next 4 days, a bakery makes 30 loaves. How many loaves does it make in 4 days?", "days"),
])
def test_a_number_made_a_total_is_still_caught(caught, question, paraphrase, whole):
    result = caught(question, paraphrase)
    found = [f for f in result.findings if f.kind.value == KIND]
    assert any(f'("{whole}")' in f.message for f in found), [f.message for f in found]
