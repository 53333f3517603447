"""Context added versus information added, session 11 (issue 24): what the added number is *about*.

Information lost or changed is a new problem; a quantity added about a thing or unit the asked quantity depends on
is one too; context added (a setting, an age, a measure of something the problem never computes with) is a note.
Every sentence here is written for the test (other problems, nouns and verbs than the development pairs that
showed each class); each class has valid rewordings it must keep and lookalikes that add information.
"""

from __future__ import annotations

import pytest

from paraqd.checks import Severity
from paraqd.resources import spacy_available

pytestmark = pytest.mark.skipif(not spacy_available(), reason="spaCy pipeline not installed")

SOUP = "Lior cooks 3 litres of soup and serves 250 millilitres to each guest. How many guests can he serve?"
RACE = "Kemal runs 12 kilometres on Monday and 9 kilometres on Tuesday. How many kilometres does he run?"
PAINT = "A can holds 4 litres of paint. Zoe uses 3 cans. How many litres of paint does she use?"
BEADS = "Noor threads 45 beads on a necklace and 30 beads on a bracelet. How many beads does she thread?"
PAY = "Ravi earns $15 an hour and works 6 hours a day. How much does he earn a day?"
FRUIT = "A stall sells 40 mangoes and 25 pears. How many fruits does it sell?"
COOKIES = "Ella bakes 24 cookies and gives 9 to her brother. How many cookies does she have left?"
BOARDS = "Dario cuts a plank 90 centimetres long into pieces of 15 centimetres. How many pieces does he get?"




# -- a unit written with a slash or "sq." is one unit: a density is no mass, "sq. yards" no length ----------

@pytest.mark.parametrize(("question", "paraphrase"), [
    (SOUP, "Lior cooks 3 litres of soup, whose density is about 1.1 g/ml, and serves 250 millilitres to each "
           "guest. How many guests can he serve?"),
    (RACE, "Kemal runs 12 kilometres on Monday, when the air holds 8 g/m³ of water, and 9 kilometres on "
           "Tuesday. How many kilometres does he run?"),
    (BEADS, "Noor threads 45 beads on a necklace and 30 beads on a bracelet at a table of 2 sq. yards. How many "
            "beads does she thread?"),
    (FRUIT, "A stall of 6 sq. feet sells 40 mangoes and 25 pears. How many fruits does it sell?"),
    # the unit ends its sentence: what follows is no part of it
    (BEADS, "Noor's glass beads have a density of 2.5 g/cm³. She threads 45 beads on a necklace and 30 beads on a "
            "bracelet. How many beads does she thread?"),
])
def test_a_compound_unit_of_a_kind_the_problem_never_measures_is_context(kept, question, paraphrase):
    result = kept(question, paraphrase)
    assert "context_added" in result.kinds()


def test_a_full_stop_after_a_superscript_ends_the_sentence(analyzer):
    doc = analyzer.analyze("The block has a density of 3 g/cm³. It weighs 6 kg. How much does it weigh?")
    assert len(doc.spacy_sentences) == 3


def test_a_slash_unit_is_one_unit(analyzer):
    doc = analyzer.analyze("The oil has a density of 0.9 g/ml and covers 3 sq. metres.")
    names = [u.unit.name for u in doc.units]
    assert names == ["gram per millilitre", "square metre"], names


@pytest.mark.parametrize(("question", "paraphrase"), [
    # a second quantity in the unit the question measures in: it enters
    (PAINT, "A can holds 4 litres of paint and a tray holds 2 litres. Zoe uses 3 cans. How many litres of paint "
            "does she use?"),
    # an area in a problem that computes areas enters
    ("A room of 12 sq. metres needs tiles of 1 sq. metre each. How many tiles are needed?",
     "A room of 12 sq. metres and a hall of 5 sq. metres need tiles of 1 sq. metre each. How many tiles are "
     "needed?"),
    # a rate over time with a slash is still a rate of the problem ("15 feet/second" is the unit check's)
    ("A snail crawls 2 metres/hour. How far does it crawl in 5 hours?",
     "A snail crawls 2 metres/hour and then 3 metres/hour. How far does it crawl in 5 hours?"),
])
def test_a_compound_unit_of_the_problem_is_information(caught, question, paraphrase):
    caught(question, paraphrase)


# -- an age: an attribute of a person or a thing, in a problem that computes no ages ------------------------

@pytest.mark.parametrize(("question", "paraphrase"), [
    (COOKIES, "Ella, who is 11, bakes 24 cookies and gives 9 to her brother. How many cookies does she have "
              "left?"),
    (PAY, "Ravi, who is 42, earns $15 an hour and works 6 hours a day. How much does he earn a day?"),
    (PAINT, "A can holds 4 litres of paint. Zoe's ladder is 12 years old, and she uses 3 cans. How many litres of "
            "paint does she use?"),
    (BOARDS, "Dario's saw is 9 years old. He cuts a plank 90 centimetres long into pieces of 15 centimetres. How "
             "many pieces does he get?"),
])
def test_an_age_in_a_problem_without_ages_is_context(kept, question, paraphrase):
    kept(question, paraphrase)


@pytest.mark.parametrize(("question", "paraphrase"), [
    # the problem computes with ages: a new age enters
    ("Ines is 30 years older than her son. How old will Ines be in 4 years?",
     "Ines is 30 years older than her son, who is 8. How old will Ines be in 4 years?"),
    # an age of the person whose age the question asks
    ("Omid was born 3 years after his sister. How old is Omid?",
     "Omid, whose sister is 11, was born 3 years after her. How old is Omid?"),
    # the age is asked about
    ("A tree was planted 14 years ago. How old is the tree?",
     "A tree, now 6 years old, was planted 14 years ago. How old is the tree?"),
])
def test_an_age_the_problem_computes_with_is_information(caught, question, paraphrase):
    caught(question, paraphrase)


# -- a measure whose subject the parse attached elsewhere: "... and the humidity rose to 65%" ------------------

@pytest.mark.parametrize(("question", "paraphrase"), [
    (BEADS, "Noor threads 45 beads on a necklace and the room temperature reaches 24 degrees. She threads 30 beads "
            "on a bracelet. How many beads does she thread?"),
    (FRUIT, "On a morning when the humidity was 40%, a stall sells 40 mangoes and 25 pears and the humidity climbs "
            "to 70%. How many fruits does it sell?"),
    (COOKIES, "Ella bakes 24 cookies in an oven at 40% power and the oven power drops to 30%. She gives 9 to her "
              "brother. How many cookies does she have left?"),
    # the parse coordinates "the noise level" with the object before it: the verb after it has no subject
    ("A pet store had 20 hamsters. During a sale they sold 8 hamsters. How many are left?",
     "A pet store had 20 hamsters. During a sale they sold 8 hamsters and the noise level rose to 70 decibels. How "
     "many are left?"),
    ("A kiosk had 60 maps. During the festival they handed out 45 maps and the humidity level rose to 80%. How "
     "many maps are left?".replace(" and the humidity level rose to 80%", ""),
     "A kiosk had 60 maps. During the festival they handed out 45 maps and the humidity level rose to 80%. How "
     "many maps are left?"),
])
def test_a_measure_after_a_coordination_is_still_a_measure(kept, question, paraphrase):
    kept(question, paraphrase)


@pytest.mark.parametrize(("question", "paraphrase"), [
    # a share of the very thing the problem counts, coordinated the same way
    (COOKIES, "Ella bakes 24 cookies and 25% of the cookies burn. She gives 9 to her brother. How many cookies "
              "does she have left?"),
    # an amount of the thing measured, not an attribute
    (PAINT, "A can holds 4 litres of paint and the leftover paint rises to 2 litres. Zoe uses 3 cans. How many "
            "litres of paint does she use?"),
    # the same misparse around a count of the problem's things
    ("A pet store had 20 hamsters. During a sale they sold 8 hamsters. How many are left?",
     "A pet store had 20 hamsters. During a sale they sold 8 hamsters and the number of hamsters fell to 10. How "
     "many are left?"),
])
def test_a_quantity_of_the_problem_after_a_coordination_is_information(caught, question, paraphrase):
    caught(question, paraphrase)


# -- a relative clause in the question sentence is no part of what is asked ----------------------------------

@pytest.mark.parametrize(("question", "paraphrase"), [
    ("If Amal buys 18 apples and eats 4, how many apples are left?",
     "If Amal, who runs a stall 3 blocks away, buys 18 apples and eats 4, how many apples are left?"),
    ("If a farmer plants 12 rows of 8 trees, how many trees does he plant?",
     "If a farmer, who has 2 tractors, plants 12 rows of 8 trees, how many trees does he plant?"),
    (COOKIES, "Ella bakes 24 cookies. If her brother, who lives 4 streets away, gets 9 of them, how many cookies "
              "does she have left?"),
])
def test_a_number_in_a_relative_clause_of_the_question_sentence_is_context(kept, question, paraphrase):
    kept(question, paraphrase)


@pytest.mark.parametrize(("question", "paraphrase"), [
    # the relative clause gives more of what is counted
    ("If Amal buys 18 apples and eats 4, how many apples are left?",
     "If Amal, who already has 6 apples, buys 18 apples and eats 4, how many apples are left?"),
    # the number now restricts the asking clause itself
    ("If a farmer plants 12 rows of 8 trees, how many trees does he plant?",
     "If a farmer plants 12 rows of 8 trees, how many trees does he plant in 2 days?"),
])
def test_a_number_of_the_problem_in_the_question_sentence_is_information(caught, question, paraphrase):
    caught(question, paraphrase)


# -- relevant facts added stay caught (rewordings_styles_* relevant_fact_added lookalikes) ------------------

@pytest.mark.parametrize(("question", "paraphrase"), [
    ("Maya has 12 crayons. She gives 4 to her friend. How many crayons does she have now?",
     "Maya has 12 crayons. She also has 5 more crayons in her bag. She gives 4 to her friend. How many crayons "
     "does she have now?"),
    (RACE, "Kemal runs 12 kilometres on Monday, 9 kilometres on Tuesday and 3 more kilometres on Wednesday. How "
           "many kilometres does he run?"),
    (PAY, "Ravi earns $15 an hour and works 6 hours a day, plus a $10 daily bonus. How much does he earn a day?"),
    (BEADS, "Noor threads 45 beads on a necklace, 30 beads on a bracelet and 12 beads on a ring. How many beads "
            "does she thread?"),
    (SOUP, "Lior cooks 3 litres of soup and keeps 1 litre for himself, and serves 250 millilitres to each guest. "
           "How many guests can he serve?"),
])
def test_a_relevant_fact_added_is_still_caught(caught, question, paraphrase):
    caught(question, paraphrase)


# -- a part of what is counted, described by a property, when the question asks for the whole -----------------

@pytest.mark.parametrize(("question", "paraphrase"), [
    ("A library has 12 shelves with 30 books on each shelf. How many books does the library have in all?",
     "A library has 12 shelves with 30 books on each shelf, and 5 of the shelves are wooden. How many books does "
     "the library have in all?"),
    ("Ivo packs 8 boxes with 6 jars in each box. How many jars does he pack altogether?",
     "Ivo packs 8 boxes with 6 jars in each box; 3 of the jars are blue. How many jars does he pack altogether?"),
    ("A farm has 40 cows and 25 sheep. How many animals does the farm have in total?",
     "A farm has 40 cows, 15 of which are brown, and 25 sheep. How many animals does the farm have in total?"),
])
def test_a_part_described_by_a_property_is_context_when_the_whole_is_asked(kept, question, paraphrase):
    kept(question, paraphrase)


@pytest.mark.parametrize(("question", "paraphrase"), [
    # the question asks for what is left: a part set apart may be what leaves
    ("Ada picks 40 apples and gives 10 to her aunt. How many apples are left?",
     "Ada picks 40 apples and gives 10 to her aunt; 6 of the apples are rotten. How many apples are left?"),
    # the property is what the question asks about
    ("A farm has 40 cows and 25 sheep. How many brown cows does the farm have in total?",
     "A farm has 40 cows, 15 of which are brown, and 25 sheep. How many brown cows does the farm have in total?"),
    # the part is no property: an event takes it away
    ("Ivo packs 8 boxes with 6 jars in each box. How many jars does he pack altogether?",
     "Ivo packs 8 boxes with 6 jars in each box, but 3 of the jars break. How many jars does he pack altogether?"),
])
def test_a_part_the_question_depends_on_is_information(caught, question, paraphrase):
    caught(question, paraphrase)


# -- a span of time longer than the period the question asks per: no part of a per-period amount --------------

@pytest.mark.parametrize(("question", "paraphrase"), [
    ("Lena earns $12 an hour and works 5 hours a day, 4 days a week. How much does she earn a week?",
     "Lena, who has worked at the bakery for 3 years, earns $12 an hour and works 5 hours a day, 4 days a week. How "
     "much does she earn a week?"),
    ("A kiosk sells 80 papers a day at $2 each. How much money does it make a day?",
     "A kiosk that has stood on the corner for 40 years sells 80 papers a day at $2 each. How much money does it "
     "make a day?"),
    ("Sami runs 5 kilometres every morning and 3 kilometres every evening. How far does he run each day?",
     "Sami has trained for 8 months: he runs 5 kilometres every morning and 3 kilometres every evening. How far does "
     "he run each day?"),
    ("Ada swims 40 minutes a day. How many minutes does she swim a week?",
     "Ada, a swimmer for 6 years, swims 40 minutes a day. How many minutes does she swim a week?"),
])
def test_a_span_longer_than_the_asked_period_is_context(kept, question, paraphrase):
    kept(question, paraphrase)


@pytest.mark.parametrize(("question", "paraphrase"), [
    # a span inside the period adds to it
    ("Tomas earns $15 an hour and works 6 hours a day. How much does he earn a week?",
     "Tomas earns $15 an hour and works 6 hours a day, and 4 hours on Sundays. How much does he earn a week?"),
    # a rate of days per week changes the weekly amount
    ("Nora reads 40 pages a day. How many pages does she read a week?",
     "Nora reads 40 pages a day, 5 days a week. How many pages does she read a week?"),
    # the question asks for a total, not an amount per period
    ("Lena earns $12 an hour and works 5 hours a day. How much does she earn?",
     "Lena earns $12 an hour and works 5 hours a day for 3 weeks. How much does she earn?"),
    # the question spreads a total over its own span: a new span changes the share
    ("Nora saves $600 in 3 months. How much does she save a week?",
     "Nora saves $600 in 3 months, then saves for 2 years more. How much does she save a week?"),
])
def test_a_span_the_per_period_amount_depends_on_is_information(caught, question, paraphrase):
    caught(question, paraphrase)


def test_the_note_of_a_part_by_a_property_is_true(checker):
    q = "Ivo packs 8 boxes with 6 jars in each box. How many jars does he pack altogether?"
    p = "Ivo packs 8 boxes with 6 jars in each box; 3 of the jars are blue. How many jars does he pack altogether?"
    notes = [f for f in checker.check(q, p).findings if f.kind == "context_added"]
    assert notes and all(p[m.start:m.end] == m.text for f in notes for m in f.paraphrase_spans)
    assert any("a part described by a property" in f.message for f in notes) and "blue" not in q


# -- "the two": a number after a definite article points back to a set already counted ---------------------------

RABBITS = "Mia has two rabbits. One eats 3 carrots a day and the other eats 5. How many carrots do they eat in a week?"
VANS = "Two vans carry 8 boxes each to the depot. How many boxes reach the depot?"


@pytest.mark.parametrize(("question", "paraphrase"), [
    (RABBITS, "Mia has two rabbits. One eats 3 carrots a day and the other eats 5. How many carrots do the two "
              "eat in a week?"),
    (VANS, "Two vans head to the depot, and the two each carry 8 boxes. How many boxes reach the depot?"),
    (VANS, "Two vans carry 8 boxes each to the depot. How many boxes do the two drop at the depot?"),
    (VANS, "Each of two vans brings 8 boxes to the depot; how many boxes do those two deliver?"),
])
def test_the_two_refers_back_to_things_already_counted(kept, question, paraphrase):
    kept(question, paraphrase)


@pytest.mark.parametrize(("question", "paraphrase"), [
    (RABBITS, "Mia has two rabbits. One eats 3 carrots a day, the other eats 5, and Mia adds two carrots a day. How "
              "many carrots do they eat in a week?"),
    (VANS, "Two vans carry 8 boxes each to the depot, and a courier brings two boxes more. How many boxes reach the "
           "depot?"),
])
def test_the_same_number_counting_new_things_is_still_added_information(caught, question, paraphrase):
    caught(question, paraphrase)


@pytest.mark.parametrize("paraphrase", [
    "Kemal runs 12 kilometres on Monday with his coach, and the two of them run 9 kilometres on Tuesday. How many "
    "kilometres does Kemal run?",
    "Kemal runs 12 kilometres on Monday and 9 kilometres on Tuesday, and all three of us cheer him on. How many "
    "kilometres does he run?",
])
def test_a_group_counted_again_by_its_pronoun_is_context(kept, paraphrase):
    result = kept(RACE, paraphrase)
    assert "context_added" in result.kinds(Severity.MINOR)


def test_a_group_count_in_the_asking_clause_is_not_context(checker):
    result = checker.check(BEADS, "Noor threads 45 beads on a necklace and 30 beads on a bracelet. How many beads "
                                  "does each of the two of them hold?")
    assert "context_added" not in result.kinds()
