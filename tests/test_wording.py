"""Judge a rewording by the problem's information, not its wording (issue 24): spelling variants, the words
that carry information, their counterparts, and renames that pair words of the same role."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from paraqd.analysis.spelling import american, closed_compound, spelling_variants
from paraqd.checks import Severity

# -- British and American spellings: rules, not a word list -----------------------------------------------------

_STEM = st.text(alphabet="bcdfghjklmnprstvwxz", min_size=1, max_size=3).flatmap(
    lambda c: st.text(alphabet="aeiou", min_size=1, max_size=2).map(lambda v: "h" + v + c))
_ENDING = st.sampled_from(["", "s"])


@settings(max_examples=200, deadline=None, derandomize=True)
@given(stem=_STEM, ending=_ENDING, rule=st.sampled_from([("our", "or"), ("ise", "ize"), ("yse", "yze"),
                                                          ("ogue", "og"), ("isation", "ization")]))
def test_a_british_ending_maps_to_the_american_one_both_ways(stem, ending, rule):
    british, us = stem + rule[0] + ending, stem + rule[1] + ending
    assert us in american(british)
    assert spelling_variants(british, us) and spelling_variants(us, british)
    assert not spelling_variants(british, british)
    # with a dictionary, the American form must be a word it knows
    assert spelling_variants(british, us, known=lambda w: w == us)
    assert not spelling_variants(british, us, known=lambda w: False)


@settings(max_examples=200, deadline=None, derandomize=True)
@given(word=st.text(alphabet="abcdefghijklmnopqrstuvwxyz", min_size=1, max_size=12))
def test_american_forms_differ_from_the_word_by_a_few_letters_and_never_apply_twice(word):
    for us in american(word):
        assert us != word and abs(len(us) - len(word)) <= 2
        assert not american(us) & {word}  # the American form is no British spelling of the British one


@pytest.mark.parametrize("british, us", [("kilometres", "kilometers"), ("colour", "color"),
                                         ("organised", "organized"), ("travelled", "traveled"),
                                         ("catalogue", "catalog"), ("centre", "center"),
                                         ("labelling", "labeling"), ("analyse", "analyze")])
def test_common_british_spellings(british, us):
    assert spelling_variants(british, us)


@pytest.mark.parametrize("a, b", [("tour", "tor"), ("hour", "hor"), ("acre", "acer"), ("small", "smal"),
                                  ("sell", "sel"), ("flour", "flower"), ("cups", "caps")])
def test_words_that_only_look_like_a_rule_are_not_variants(a, b):
    assert not spelling_variants(a, b)


def test_closed_compound():
    assert closed_compound("bookstore", ["the", "book", "store"])
    assert closed_compound("T-shirt", ["a", "t", "shirt"])
    assert not closed_compound("bookstore", ["book", "the", "store"])
    assert not closed_compound("an", ["a", "n"])


# -- information words and the content check --------------------------------------------------------------------

STORY = ("On a windy Saturday morning at the village fair, Priya happily baked 24 lemon muffins. "
         "She sold 15 of them. How many lemon muffins does she have left?")


def test_information_words_are_what_the_problem_computes_with(analyzer):
    from paraqd.analysis.wording import information_words

    words = information_words(analyzer.analyze(STORY))
    assert {"muffin", "lemon", "bake", "sell"} <= words
    assert not {"windy", "saturday", "morning", "village", "fair", "happily"} & words


def test_a_shorter_rewording_that_drops_the_setting_is_kept(checker):
    short = "Priya baked 24 lemon muffins and sold 15. How many lemon muffins are left?"
    result = checker.check(STORY, short)
    assert result.extent("content_missing") < 0.2, result.reasons
    assert result.verdict != "invalid"


def test_losing_an_information_word_costs_more_than_losing_setting(checker):
    setting = STORY.replace("windy", "cold").replace("happily", "quickly")  # two words of setting
    information = STORY.replace("baked", "bought").replace("sold", "ate")  # the two relations of its numbers
    lost_setting = checker.check(STORY, setting).extent("content_missing")
    lost_information = checker.check(STORY, information).extent("content_missing")
    assert lost_information > 2 * lost_setting > 0


def test_a_british_rewording_loses_and_renames_nothing(checker):
    q = "Lena traveled 12 kilometers to the theater and 3 kilometers to the center. How many kilometers?"
    p = "Lena travelled 12 kilometres to the theatre and 3 kilometres to the centre. How many kilometres?"
    result = checker.check(q, p)
    assert not {"content_missing", "term_missing", "term_renamed", "term_renamed_inconsistently",
                "unit_changed"} & set(result.kinds()), result.reasons


# -- renames pair words of the same role ------------------------------------------------------------------------

def _kinds(checker, q, p):
    return checker.check(q, p).kinds()


def test_a_word_written_in_another_ones_place_while_it_stays_elsewhere_is_caught(checker):
    q = "Omar packed 14 crayons in a box. He gave away 5 crayons. How many crayons does he have now?"
    p = "Omar packed 14 crayons in a box. He gave away 5 crayons. How many markers does he have now?"
    assert "term_renamed_inconsistently" in _kinds(checker, q, p)


def test_a_free_rewording_that_says_a_term_fewer_times_renames_nothing(checker):
    q = ("A gardener plants 6 rows of tulips in the park. Each row of tulips has 8 tulips. The gardener "
         "waters the tulips every day. How many tulips does the gardener plant?")
    p = ("In the park, a gardener sets out 6 rows of tulips with 8 tulips in each row, watering the flowerbed "
         "daily. How many tulips are planted by the gardener in total?")
    assert "term_renamed_inconsistently" not in _kinds(checker, q, p)


def test_the_same_things_counted_another_way_are_no_rename(checker):
    q = "Nadia ate 21 pieces of candy. Then she ate 6 pieces of fudge. How many pieces did she eat?"
    p = "Nadia ate 21 sweets. Then she ate 6 pieces of fudge. How many pieces did she eat?"
    result = checker.check(q, p)
    assert "term_renamed_inconsistently" not in result.kinds()
    from paraqd.analysis.lexicon import default_lexicon

    if default_lexicon() is not None:  # WordNet: "sweets" is more general than "candy", the "of" of "pieces"
        [finding] = [f for f in result.findings if f.kind == "term_synonym"]
        assert finding.message == '"pieces" became the same things counted another way "sweets" in one place ' \
            '("pieces" elsewhere)'


def test_a_rename_throughout_pairs_words_of_the_same_role(checker):
    q = ("Kofi picks 30 mangoes before lunch and gives 8 to his cousins. He sells the rest at the stall. "
         "How many mangoes does he sell?")
    p = ("Before his midday meal Kofi gathers 30 mangoes, handing 8 of them to his relatives. The remaining "
         "mangoes go on sale at his stand. How many mangoes does he sell?")
    result = checker.check(q, p)
    for finding in result.findings:
        if finding.kind == "term_renamed":
            old = finding.question_spans[0].text.lower()
            new = finding.paraphrase_spans[0].text.lower()
            assert (old, new) not in {("lunch", "relatives"), ("cousins", "meal"), ("lunch", "stand")}, \
                finding.message


def test_an_adjective_said_as_its_attribute_is_no_swap_but_a_sibling_is(checker):
    q = "Ivy is 12 years old. Her aunt is 3 times as old as Ivy. How old is the aunt?"
    p = "Ivy is 12 years old. Her aunt is 3 times Ivy's age. How old is the aunt?"
    assert "term_swapped" not in _kinds(checker, q, p)
    q2 = "Sam read 9 pages in the morning and 4 pages in the evening. How many more pages in the morning?"
    p2 = "Sam read 9 pages in the morning and 4 pages in the evening. How many more pages in the evening?"
    assert "term_swapped" in _kinds(checker, q2, p2) or checker.check(q2, p2).verdict == "invalid"


# -- lists and names ----------------------------------------------------------------------------------------------

def test_a_list_item_said_as_a_measure_of_itself_is_not_added(checker):
    q = "Rosa keeps 6 hens, 4 ducks and some geese. She has 20 birds. How many geese does she keep?"
    p = "Rosa keeps 6 hens, 4 ducks and an unknown number of geese. She has 20 birds. How many geese does she keep?"
    assert "list_changed" not in _kinds(checker, q, p)
    q2 = "Rosa feeds hens and ducks every day. She has 20 birds. How many eggs does she get in 3 days?"
    added = "Rosa feeds hens, ducks and swans every day. She has 20 birds. How many eggs does she get in 3 days?"
    assert "list_changed" in _kinds(checker, q2, added)


def test_a_name_misspelt_once_in_the_question_is_not_missing(checker):
    q = "Corinna ran 5 laps on Monday and 7 laps on Friday. How many laps did Corinne run?"
    p = "Corinna ran 5 laps on Monday and 7 laps on Friday. How many laps did Corinna run in all?"
    result = checker.check(q, p)
    assert not [f for f in result.findings if f.kind == "term_missing"], result.reasons
    # a name of the problem really gone stays major
    q2 = "Corinna gave 5 stamps to Bruno. How many stamps did Bruno get?"
    p2 = "Corinna gave 5 stamps away. How many stamps did she give away?"
    assert "term_missing" in checker.check(q2, p2).kinds(Severity.MAJOR)


def test_a_rename_in_one_place_of_a_setting_word_is_minor_of_a_counted_thing_major(checker):
    q = "At the harbour, Ines loads 8 crates onto a boat. Later, at the harbour, she unloads 3 crates. How many " \
        "crates are still on the boat?"
    setting = q.replace("At the harbour", "At the dock")
    counted = q.replace("unloads 3 crates", "unloads 3 barrels")
    assert "term_renamed_inconsistently" not in _kinds(checker, q, setting) or \
        "term_renamed_inconsistently" not in checker.check(q, setting).kinds(Severity.MAJOR)
    assert "term_renamed_inconsistently" in checker.check(q, counted).kinds(Severity.MAJOR)
