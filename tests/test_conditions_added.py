"""An exclusion the paraphrase adds to what counts (issue 24, session 20): "all but one of the tires", "everyone
except herself", "the first lesson was free", "only two of them": the question counts every item, its rewording
leaves some out.

Every sentence here is made up for the test (other problems, names, nouns and numbers than the data files); the
kept cases say the question's own exclusion in other words, or use the same words with no exclusion meant.
"""

from __future__ import annotations

import pytest

from paraqd.analysis import QuestionPair
from paraqd.analysis.exclusions import added_exclusions
from paraqd.resources import spacy_available

pytestmark = pytest.mark.skipif(not spacy_available(), reason="spaCy pipeline not installed")

ADDED = [
    ("Priya paints all the fences on 7 farms. Each farm has 4 fences. How many fences does she paint?",
     "Priya paints all but one of the fences on each of 7 farms. Each farm has 4 fences. How many fences does "
     "she paint?", "all but"),
    ("Tomas buys a sandwich for each of the 9 hikers. A sandwich costs $4. How much does he spend?",
     "Tomas buys a sandwich for every hiker except himself, 9 hikers in all. A sandwich costs $4. How much does "
     "he spend?", "except"),
    ("Lena takes 6 piano lessons at $25 per lesson. How much does she pay?",
     "Lena takes 6 piano lessons at $25 per lesson, and the first lesson is free. How much does she pay?", "free"),
    ("Ravi owns five kites and flies each of them at the beach. How many kites does he fly?",
     "Ravi owns five kites, but only two of them fly at the beach. How many kites does he fly?", "only two"),
    ("A hotel cleans the 40 rooms of its top floor each morning. How many rooms are cleaned in 3 days?",
     "A hotel cleans every second room of the 40 rooms of its top floor each morning. How many rooms are cleaned "
     "in 3 days?", "every second"),
]

KEPT = [
    # the question's exclusion said in other words
    ("Priya paints all but one of the 5 fences. How many fences does she paint?",
     "Priya paints every one of the 5 fences except one. How many fences does she paint?"),
    ("Lena takes 6 piano lessons at $25 each, and the first lesson is free. How much does she pay?",
     "Lena does not pay for her first piano lesson; she takes 6 lessons at $25 each. How much does she pay?"),
    ("Ravi feeds only the goats on his farm: 12 goats, 8 hens. How much feed for 2 kg per animal?",
     "Ravi has 12 goats and 8 hens and feeds just the goats, 2 kg per animal. How much feed is that?"),
    ("Mona counts 30 chairs, not counting the 4 broken ones. How many chairs are there in all?",
     "Mona counts 30 chairs, excluding the 4 broken ones. How many chairs are there in all?"),
    ("A ferry runs on weekdays only. Ida rides it each day from Monday to Thursday. How many rides is that in "
     "3 weeks?",
     "A ferry runs only on weekdays. Ida rides it every weekday except Friday. How many rides is that in 3 weeks?"),
    # the same words, no exclusion: a rate, all the others, a fraction
    ("A snail crawls 3 cm each second. How far does it go in a minute?",
     "Every second a snail crawls 3 cm. How far does it go in a minute?"),
    ("Each of the 20 singers in the choir learns 6 songs. How many songs are learned in all?",
     "You and every other singer of the 20-singer choir learn 6 songs. How many songs are learned in all?"),
    ("Nadia is 9 years old and the rest of the 14 campers are 11. What is the total of the campers' ages?",
     "Nadia is 9 years old. Every other camper of the 14 is 11. What is the total of the campers' ages?"),
    ("Ada buys 3 pens at $2 and 2 pads at $5. How much does she spend?",
     "Ada buys 3 pens at $2 and 2 pads at $5, and no items other than those. How much does she spend?"),
    ("Omar keeps 1/3 of his 90 marbles. How many does he give away?",
     "Omar keeps only 1/3 of his 90 marbles. How many does he give away?"),
]


@pytest.mark.parametrize("question, paraphrase, words", ADDED)
def test_added_exclusion_is_caught(checker, parse, question, paraphrase, words):
    added = added_exclusions(QuestionPair(parse(question), parse(paraphrase)))
    assert words in [m.text.lower() for m in added]
    result = checker.check(question, paraphrase)
    reasons = [f for f in result.findings if f.kind == "condition_changed"]
    assert reasons, result.reasons
    assert any(f'"{words}"' in f.message.lower() and "the question leaves none out" in f.message for f in reasons)
    assert not result.passed


@pytest.mark.parametrize("question, paraphrase", KEPT)
def test_exclusion_said_another_way_is_kept(parse, question, paraphrase):
    assert not added_exclusions(QuestionPair(parse(question), parse(paraphrase)))
