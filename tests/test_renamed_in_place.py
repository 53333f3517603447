"""A word renamed in one place is a word written in the old one's place, not one that says another word of
the phrase again (an inflection, an abbreviation, a counterpart), nor the old word moved a step, nor a noun
another number of the same value counts (:func:`paraqd.analysis.renames.renames`)."""

import numpy as np
import pytest

from paraqd.analysis import QuestionPair

INCONSISTENT = "term_renamed_inconsistently"


def _kinds(checker, question, paraphrase):
    return [f.kind for f in checker.check(question, paraphrase).findings]


def _renames(checker, question, paraphrase):
    analyze = checker.analyzer.analyze
    pair = QuestionPair(analyze(question), analyze(paraphrase))
    return {(r.old.key, r.new.key, r.consistent) for r in pair.renames}


@pytest.mark.parametrize("question, paraphrase", [
    # a number of the same value counting another noun beside the kept one ("one stamp" stays)
    ("Omar wrote a long note to his uncle and needed stamps to mail it. He used six sheets that weigh 1/4 of "
     "an ounce each. He needed one stamp per ounce. How many stamps did Omar need?",
     "One windy morning Omar wrote his uncle a long note. He filled six sheets, each weighing 1/4 of an "
     "ounce. The post office needed one stamp for every ounce. How many stamps did Omar need?"),
    # a word moved a step, not replaced ("went cherry picking" -> "spent the afternoon picking cherries")
    ("Ines and her uncle went cherry picking. Ines's cherries weighed 4 pounds. If together their cherries "
     "weighed 11 pounds, how much more did her uncle's cherries weigh than hers?",
     "Ines and her uncle spent the afternoon picking cherries. Ines's fruit weighed 4 pounds, and together "
     "they picked 11 pounds. How much more did her uncle's cherries weigh than Ines's?"),
])
def test_a_word_kept_or_moved_is_no_rename_in_one_place(checker, question, paraphrase):
    assert INCONSISTENT not in _kinds(checker, question, paraphrase)
    # no word of the setting took the old one's place ("one windy *morning*", "the *afternoon*")
    assert not {new for _, new, _ in _renames(checker, question, paraphrase)} & {"morning", "afternoon"}


def test_a_new_word_that_says_another_word_of_the_phrase_renames_that_word(checker):
    # "aunt giving Lina" -> "auntie handed her": "auntie" says "aunt" again, Lina became a pronoun
    question = ("Pablo saw Lina's aunt giving Lina 15 crackers every day to eat at lunch. If he counted for 10 "
                "days, how many crackers did Lina eat in the 10 days?")
    paraphrase = ("Pablo noticed that every day Lina's auntie handed her 15 crackers to eat at lunch. Counting "
                  "over 10 days, how many crackers did Lina eat?")
    renames = _renames(checker, question, paraphrase)
    assert not any(old == "lina" for old, _, _ in renames)
    assert INCONSISTENT not in _kinds(checker, question, paraphrase)


def test_an_abbreviated_day_is_that_day_not_the_noun_left_out_beside_it(checker):
    question = ("Bruno read comics with 20 friends. He read with 8 friends on monday and with some more friends "
                "on friday. How many friends did he read with on friday?")
    paraphrase = "bruno read comics w/ 20 friends total. 8 on mon, some more on fri. how many friends on fri?"
    renames = _renames(checker, question, paraphrase)
    assert ("friday", "fri", True) in renames
    assert not any(old == "friend" for old, _, _ in renames)
    assert INCONSISTENT not in _kinds(checker, question, paraphrase)


def test_a_verb_the_parse_counts_is_no_rename_of_the_counted_noun(checker):
    # "the first three members bought" -> "the first three buying": the parse counts "buying"
    question = ("The club had a sale on mugs. Nine members bought mugs. The first three members bought 2 mugs "
                "each. The next four members bought 3 mugs each and the last two members only bought one mug "
                "each. How many mugs were sold?")
    paraphrase = ("During a mug sale at the club, nine members made purchases, with the first three buying 2 "
                  "mugs each, the next four buying 3 mugs each, and the last two buying just one mug each, so "
                  "how many mugs were sold in total?")
    assert not any(new == "buying" for _, new, _ in _renames(checker, question, paraphrase))
    assert INCONSISTENT not in _kinds(checker, question, paraphrase)


@pytest.mark.parametrize("question, paraphrase", [
    ("Kim bought 4 pens and gave 2 pens to Joe. How many pens does Kim have left?",
     "Kim bought 4 pens and gave 2 cups to Joe. How many pens does Kim have left?"),
    ("Rosa has 7 lemons. She squeezes 3 lemons for juice. How many lemons are left?",
     "Rosa has 7 lemons. She squeezes 3 melons for juice. How many lemons are left?"),
])
def test_a_noun_written_in_another_ones_place_is_still_caught(checker, question, paraphrase):
    result = checker.check(question, paraphrase)
    assert not result.passed
    assert {"term_renamed_inconsistently", "count_changed", "term_swapped"} & {f.kind for f in result.findings}


def test_another_kind_of_one_class_in_one_place_is_no_synonym(checker):
    from paraqd.checks import CriticalInfoChecker, WordSimilarity

    # an encoder that puts every two words close: only WordNet tells "beetles" is another kind than "ants"
    close = WordSimilarity(lambda words: np.array([[1.0, 0.0] for _ in words]))
    lenient = CriticalInfoChecker(checker.analyzer, synonyms=close)
    question = ("Abe finds 6 ants on the path. Bea sees twice as many ants as Abe. How many ants do they find "
                "together?")
    paraphrase = ("Abe finds 6 ants on the path. Bea sees twice as many beetles as Abe. How many ants do they "
                  "find together?")
    findings = lenient.check(question, paraphrase).findings
    assert INCONSISTENT in {f.kind for f in findings}
    assert "term_synonym" not in {f.kind for f in findings}
