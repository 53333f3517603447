"""The digit 1 and the article: "1 pound" said "a pound", "1 time" said "once", "1 loaf" in a table cell for
"a loaf" are one value written two ways (:func:`paraqd.analysis.number_forms.ones_for_articles`, both ways
round); a 1 whose thing the other text does not introduce as one more time is still a number lost or added."""

import pytest

NUMBER_KINDS = {"number_missing", "number_added", "number_changed"}


def _number_findings(checker, question, paraphrase):
    return [f for f in checker.check(question, paraphrase).findings if f.kind in NUMBER_KINDS]


@pytest.mark.parametrize("question, paraphrase", [
    ("Rita's dryer can take 6 pounds of clothes at a time. 5 socks weigh 1 pound and 3 towels weigh 2 pounds. "
     "If she needs to dry 30 socks and 12 towels, how many loads does she have to do?",
     "Each load in Rita's dryer can hold 6 pounds of clothes. A pound of clothes is 5 socks, and 3 towels "
     "weigh 2 pounds. Rita has 30 socks and 12 towels to dry. How many loads will she need?"),
    ("Tomas wants to ride the ferris wheel 1 time and the roller coaster 3 times. It costs 6 tickets to ride "
     "the ferris wheel and 4 tickets to ride the roller coaster. How many tickets does Tomas need?",
     "Tomas plans to ride the ferris wheel once and the roller coaster three times. The ferris wheel takes 6 "
     "tickets a ride and the roller coaster 4 tickets a ride. How many tickets does Tomas need?"),
    ("It takes Noor 3 hours to knit 1 wool scarf. She was asked to knit 8 scarves for $480. How much does "
     "Noor make per hour?",
     "Noor needs 3 hours to knit a single wool scarf. A customer ordered 8 scarves and will pay $480. How "
     "many dollars does Noor make per hour?"),
])
def test_a_question_one_said_with_an_article_is_kept(checker, question, paraphrase):
    assert _number_findings(checker, question, paraphrase) == []


def test_a_one_in_a_table_cell_counts_the_word_after_it(checker):
    question = ("Four friends share costs. Ana will buy a bag of rice ($4 a bag) and a jar of honey ($7). Ben "
                "will buy a melon for $3. How much more will Ana spend than Ben?")
    paraphrase = ("Four friends share costs.\n\nPerson | Buys | Price\nAna | 1 bag of rice | $4 a bag\n"
                  "Ana | 1 jar of honey | $7\nBen | 1 melon | $3\n\nHow much more will Ana spend than Ben?")
    assert _number_findings(checker, question, paraphrase) == []


@pytest.mark.parametrize("question, paraphrase, kind", [
    # the 1 dropped: "a bag" is said in both texts, so it says no 1 of the question
    ("A bag of rice costs $4. Ana buys 1 bag of rice and 2 jars of honey at $7 a jar. How much does Ana spend?",
     "A bag of rice costs $4. Ana buys bags of rice and 2 jars of honey at $7 a jar. How much does Ana spend?",
     "number_missing"),
    ("Tomas rides the ferris wheel 1 time and the roller coaster 3 times. Each ride costs 5 tickets. How many "
     "tickets does Tomas use?",
     "Tomas rides the ferris wheel and the roller coaster 3 times. Each ride costs 5 tickets. How many tickets "
     "does Tomas use?", "number_missing"),
    # a 1 added about a thing the question never introduces as one
    ("Ana buys some bags of rice at $4 each and 2 jars of honey at $7 each. She spends $22. How many bags "
     "did she buy?",
     "Ana buys 1 bag of rice at $4 each and 2 jars of honey at $7 each. She spends $22. How many bags did "
     "she buy?", "number_added"),
])
def test_a_one_no_article_says_is_still_reported(checker, question, paraphrase, kind):
    result = checker.check(question, paraphrase)
    assert kind in {f.kind for f in result.findings}
    assert not result.passed
