"""Which side of a comparison a quantity is on (issue 24): the two sides of the asked difference swapped when a
side is said by a pronoun ("how many more did her aunt bake than *she* did" -> "... did *she* bake than her
aunt"), a difference made an amount ("9 more laps than Lena" -> "9 laps, more than Lena") and an amount made a
difference ("18 apples" -> "18 more apples than she did"). The same information told another way (the other
pole from the other side, the difference reworded, another word for the added things) passes. Every sentence
here is written for this test."""

from __future__ import annotations

import pytest

from paraqd.resources import spacy_available

pytestmark = pytest.mark.skipif(not spacy_available(), reason="spaCy pipeline not installed")

COOKIES = "Nina and her aunt baked cookies. Nina baked 18 cookies. Together they baked 50 cookies. "
SHELLS = "Oscar and his sister collected shells. Oscar's bucket held 12 shells and his sister's held 30. "
PAPERS = "Ravi and his mother folded paper cranes. Ravi folded 15 cranes, and they folded 41 in all. "
LAPS = "Lena ran 12 laps on the track. "
APPLES = "Rosa picked 25 apples in the orchard. "


@pytest.mark.parametrize(("question", "paraphrase", "kind"), [
    # the asked difference's two sides swapped, one side said by a pronoun
    (COOKIES + "How many more cookies did her aunt bake than she did?",
     COOKIES + "How many more cookies did she bake than her aunt did?", "comparison_reversed"),
    (SHELLS + "How many more shells were in his sister's bucket than in his?",
     SHELLS + "How many more shells were in his bucket than in his sister's?", "comparison_reversed"),
    (PAPERS + "How many more cranes did his mother fold than him?",
     PAPERS + "How many more cranes did he fold than his mother?", "comparison_reversed"),
    # a difference made an amount
    (LAPS + "Omar ran 9 more laps than Lena. How many laps did they run in all?",
     LAPS + "Omar ran 9 laps, more than Lena. How many laps did they run in all?", "comparison_changed"),
    ("Kai baked 30 pies. His brother baked 14 more pies than Kai. How many pies did the brothers bake?",
     "Kai baked 30 pies. His brother baked 14 pies, which was more than Kai. How many pies did the brothers "
     "bake?", "comparison_changed"),
    # an amount made a difference
    (APPLES + "Her cousin picked 18 apples. How many more apples did Rosa pick than her cousin?",
     APPLES + "Her cousin picked 18 more apples than she did. How many more apples did Rosa pick than her "
     "cousin?", "comparison_changed"),
    ("A farm keeps 30 cows. It also keeps 12 goats. How many animals does the farm keep?",
     "A farm keeps 30 cows. It also keeps 12 more goats than cows. How many animals does the farm keep?",
     "comparison_changed"),
])
def test_a_quantity_on_the_other_side_is_caught(checker, question, paraphrase, kind):
    result = checker.check(question, paraphrase)
    assert not result.passed, str(result)
    assert kind in result.kinds(), str(result)


@pytest.mark.parametrize(("question", "paraphrase"), [
    # the other pole from the other side: the same difference
    (COOKIES + "How many more cookies did her aunt bake than she did?",
     COOKIES + "How many fewer cookies did Nina bake than her aunt?"),
    (SHELLS + "How many more shells were in his sister's bucket than in his?",
     SHELLS + "How many fewer shells were in his bucket than in his sister's?"),
    (LAPS + "Omar ran 9 more laps than Lena. How many laps did they run in all?",
     LAPS + "Lena ran 9 fewer laps than Omar. How many laps did they run in all?"),
    # the same difference in other words
    (LAPS + "Omar ran 9 more laps than Lena. How many laps did they run in all?",
     LAPS + "Compared with Lena, Omar ran 9 extra laps. How many laps did they run in all?"),
    (LAPS + "Omar ran 9 more laps than Lena. How many laps did they run in all?",
     LAPS + "Omar's laps exceeded Lena's by 9. How many laps did they run in all?"),
    (LAPS + "Omar ran 9 more laps than Lena. How many laps did they run in all?",
     LAPS + "Omar outran Lena by 9 laps. How many laps did they run in all?"),
    # the other side named in other comparing words, or the number moved with no comparison lost
    ("Pia has 6 more stamps than Ravi. Ravi has 10 stamps. How many stamps does Pia have?",
     "Pia holds 6 stamps in excess of what Ravi holds. Ravi has 10 stamps. How many stamps does Pia have?"),
    ("Ivo is 3 years older than Jan. Jan is 9. How old is Ivo?",
     "Ivo has 3 years on Jan. Jan is 9. How old is Ivo?"),
    ("Ugo bought 7 more pens than Lea. Lea bought 5 pens. How many pens did Ugo buy?",
     "Ugo bought 7 pens more than Lea. Lea bought 5 pens. How many pens did Ugo buy?"),
    ("In her class 3 girls like chess. Each girl plays 4 games. How many games do they play?",
     "In her class 3 girls like chess more than anything. Each girl plays 4 games. How many games do they play?"),
    # an addition with no "than" said as an amount is the same amount added
    ("Rosa had 10 apples and bought 4 more. How many apples does she have?",
     "Rosa had 10 apples and then bought another 4 apples. How many apples does she have?"),
])
def test_the_same_sides_in_other_words_pass(checker, question, paraphrase):
    result = checker.check(question, paraphrase)
    assert not {"comparison_reversed", "comparison_changed", "relation_flipped"} & set(result.kinds()), str(result)


KNIT = "Greta is knitting scarves for her class. "
FISH = "Leo went fishing with his uncle. "
BIKE = "Ben wants a bike that costs $120. "


@pytest.mark.parametrize(("question", "paraphrase"), [
    # a new name written where a pronoun stood for the problem's person: another person holds the quantity
    (KNIT + "She knits 4 scarves a week. How many scarves does she knit in 6 weeks?",
     KNIT + "Tara knits 4 scarves a week. How many scarves does she knit in 6 weeks?"),
    (FISH + "He caught 7 fish and his uncle caught 5 fish. How many fish did Leo and his uncle catch?",
     FISH + "Sam caught 7 fish and his uncle caught 5 fish. How many fish did Leo and his uncle catch?"),
    (BIKE + "He saves $15 each week. How many weeks must Ben save to buy the bike?",
     BIKE + "Carl saves $15 each week. How many weeks must Ben save to buy the bike?"),
])
def test_a_new_name_for_a_pronoun_is_caught(checker, question, paraphrase):
    result = checker.check(question, paraphrase)
    assert not result.passed, str(result)


@pytest.mark.parametrize(("question", "paraphrase"), [
    # the pronoun's own name written out, or a name given to a person the question never names
    (KNIT + "She knits 4 scarves a week. How many scarves does she knit in 6 weeks?",
     KNIT + "Greta knits 4 scarves a week. How many scarves does she knit in 6 weeks?"),
    ("A baker made 40 rolls. He sold 25 rolls. How many rolls are left?",
     "A baker named Tom made 40 rolls. Tom sold 25 rolls. How many rolls are left?"),
    (BIKE + "He saves $15 each week. How many weeks must Ben save to buy the bike?",
     "Ben wants a bike that costs $120, so Ben saves $15 each week. How many weeks must he save to buy it?"),
])
def test_the_pronoun_named_by_its_own_name_passes(checker, question, paraphrase):
    result = checker.check(question, paraphrase)
    assert "person_added" not in result.kinds(), str(result)
