"""Valid rewording styles near the "each made a total" rules (session 20, issue 24): a unit converted, the
question put first, a story retold, a shorter or formal wording keep a number per item or per period, so
``per_item_made_total`` must not fire on them. Every sentence is written for the test (new names, numbers,
nouns); the invalid pairs at the end show that the narrowed rules still catch a number made a total.

- a converted number is the same quantity in another unit, not a total: a number of the paraphrase that
  writes *another* quantity of the question in another unit ("3 shirts weigh 1 pound" -> "3 shirts together
  weigh 16 ounces") is that quantity, even where its value equals a number per item ("each towel weighs 16
  ounces"); the number per item kept under another value ("every bottle holds 2000 milliliters") is kept;
- "each of the 30 cups sold for $1.50" says the number of each cup (the clause describes a noun taken one by
  one);
- in "5 hens each lay 2 eggs a day" or "3 machines make 40 toys every hour" the 5 and the 3 count the doers,
  they are no rate ("30 customers visit every day" is one); the span of the asking clause ("In
  a week, how many eggs do the 5 hens lay") is the time asked about, not a span a number is said of.
"""

from __future__ import annotations

import pytest

from paraqd.analysis import QuestionPair, analyze
from paraqd.analysis.converted import converted_other, converted_same
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
    # another quantity converted to the value of a number per item (or per period) is that other quantity
    (WASHER, "A washer can take 96 ounces of laundry per load. Each towel weighs 1 pound, and 3 shirts together "
             "weigh 16 ounces. How many loads for 12 towels and 12 shirts?"),
    (PUPPY, "Every day a puppy eats 0.75 pounds of food, and a bag holds 12 pounds altogether. How many days does "
            "a bag last for 2 puppies?"),
    (HIKERS, "The 4 hikers carry 48 ounces of food apiece, and the tent weighs 3 pounds in total. How much do they "
             "carry in all?"),
    (BOTTLES, "Each bottle holds 2000 milliliters. 6 bottles are poured into a tub that already had 2 liters in it "
              "altogether. How many liters are in the tub?"),
    (PLAN, "A phone plan costs 3000 cents each month. Setup costs $30 for the whole year. How much for a year?"),
    # the number per item or per period itself converted
    (RICE, "Marta has 5 bags of rice, and every bag weighs 32 ounces. How many pounds of rice does she have?"),
    (RICE, "Marta has 5 bags of rice that weigh 32 ounces each. How many pounds of rice does she have?"),
    (RICE, "Marta has 5 bags of rice, each weighing 32 ounces. How many pounds of rice does she have?"),
    (FLOUR, "A baker uses 48 ounces of flour for each cake. He bakes 4 cakes. How many pounds of flour does he "
            "use?"),
    (FLOUR, "A baker bakes 4 cakes, using 48 ounces of flour for every cake. How many pounds of flour does he "
            "use?"),
    (SLEEP, "Each night Tariq gets 420 minutes of sleep. Over a week, how many hours does he sleep?"),
    (PIANO, "Over 5 days Lou practices piano for 120 minutes each day. How many minutes does he practice in "
            "total?"),
    ("Jo buys 3 melons at 2 pounds each and grapes of 2 pounds. How many pounds of fruit does she buy?",
     "Jo buys 3 melons at 32 ounces each and grapes of 32 ounces in total. How many pounds of fruit does she "
     "buy?"),
])
def test_a_converted_quantity_is_no_total(checker, question, paraphrase):
    result = checker.check(question, paraphrase)
    assert KIND not in _kinds(result), result.reasons


@pytest.mark.parametrize(("question", "paraphrase"), [
    # the question first, the whole named in the question or before the number
    (LEMONADE, "How much money does Lia make in total from the cups? Each of the 30 cups sold for $1.50."),
    (LEMONADE, "How much does Lia earn for the 30 cups of lemonade she sold at $1.50 a cup?"),
    (HENS, "In a week, how many eggs do Nell's 5 hens lay if every hen lays 2 eggs each day?"),
    (HENS, "Over the week, how many eggs will Nell have? Every day, each of her 5 hens lays 2 eggs."),
    (HENS, "How many eggs does Nell collect over a week? Her 5 hens lay 2 eggs apiece every day."),
    # the doers counted, the amount of each period another number
    ("3 machines make 40 toys every hour. How many toys do they make in 8 hours?",
     "Over a shift of 8 hours, 3 machines are running. Each makes 40 toys an hour. How many toys do they make?"),
    ("3 machines make 40 toys every hour. How many toys do they make in 8 hours?",
     "For 8 hours the factory runs 3 machines, and they make 40 toys every hour. How many toys do they make?"),
    ("A team of 5 workers builds 2 walls every week. How many walls do they build in 6 weeks?",
     "Over 6 weeks, a team of 5 workers is at work. Every week they build 2 walls. How many walls do they build?"),
    ("4 kids eat 2 apples each every day. How many apples do they eat in a week?",
     "How many apples are eaten in a week? Over the week, there are 4 kids, and each eats 2 apples a day."),
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
    ("Every day 30 customers visit the shop. How many customers visit in a week?",
     "Over the week 30 customers visit the shop. How many customers visit in a week?", "week"),
    # the converted tape is no total, the boxes' weight is
    ("Nadia packs 6 boxes. Each box weighs 5 pounds, and the tape weighs 32 ounces. How many pounds does she "
     "ship?", "Nadia packs 6 boxes. Together the boxes weigh 5 pounds, and the tape weighs 2 pounds. How many "
     "pounds does she ship?", "boxes"),
    # "500 cents" kept as written: "$5" is the pie's price, not the box converted
    ("Ugo sold 12 pies, each of which cost $5. The box cost 500 cents. How much did he make?",
     "Ugo sold 12 pies, getting $5 for them. The box cost 500 cents. How much did he make?", "them"),
    # the same, the jam converted
    ("A bakery makes 30 loaves every day and 64 ounces of jam. How many loaves does it make in 4 days?",
     "Over the next 4 days, a bakery makes 30 loaves and 4 pounds of jam. How many loaves does it make in 4 "
     "days?", "days"),
])
def test_a_number_made_a_total_is_still_caught(caught, question, paraphrase, whole):
    result = caught(question, paraphrase)
    found = [f for f in result.findings if f.kind.value == KIND]
    assert any(f'("{whole}")' in f.message for f in found), [f.message for f in found]


def test_converted_quantities_are_told_apart():
    # every pound written in ounces: the lids' "16 ounces" is the question's "1 pound"
    pair = QuestionPair(analyze("Each jar holds 16 ounces of jam, and the 3 lids weigh 1 pound."),
                        analyze("Each jar holds 16 ounces of jam, and the 3 lids together weigh 16 ounces."))
    jar = [n for n in pair.question.numbers if n.text == "16"]
    lids = max(n.start for n in pair.paraphrase.numbers if n.text == "16")
    assert lids in converted_other(pair, jar)
    # the units swapped: the towel's "16 ounces" kept as "1 pound" each
    pair = QuestionPair(analyze(WASHER), analyze(
        "A washer can take 96 ounces of laundry per load. Each towel weighs 1 pound, and 3 shirts together weigh "
        "16 ounces. How many loads for 12 towels and 12 shirts?"))
    towel = [n for n in pair.question.numbers if n.text == "16"]
    paraphrase = pair.paraphrase
    assert [paraphrase.text[n.start:n.start + 7] for n in converted_same(pair, towel)] == ["1 pound"]
    # a quantity the paraphrase still writes as the question does was not converted
    kept = QuestionPair(analyze("Ugo sold 12 pies, each of which cost $5. The box cost 500 cents."),
                        analyze("Ugo sold 12 pies, getting $5 for them. The box cost 500 cents."))
    five = [n for n in kept.question.numbers if n.text == "$5"]
    assert converted_other(kept, five) == set()
