"""A new person said to take part *too* in what the problem computes (:mod:`paraqd.analysis.joined`): one more
ticket holder, sharer or eater is a person added (major); a new person who only comes along, watches, sells,
tells or likes something too is context."""

from __future__ import annotations

import pytest

from paraqd.analysis.lexicon import default_lexicon
from paraqd.checks import FindingKind
from paraqd.resources import spacy_available

pytestmark = [
    pytest.mark.skipif(not spacy_available(), reason="spaCy pipeline not installed"),
    pytest.mark.skipif(default_lexicon() is None, reason="WordNet absent"),
]

ZOO = ("9 scouts and 2 leaders visited a zoo. Child tickets cost $4 each and adult tickets cost $7 each. How much "
       "did the zoo tickets cost altogether?")
PIZZA = ("Omar, Lina and Theo ordered a pizza for $27 and split the cost evenly. How much did each of them pay?")
FARM = "Ruth owns 600 acres of farmland and will divide it equally among her three sons. How many acres does each son get?"
CAKE = "Nadia baked 48 muffins and packed them into boxes of 6. How many boxes did she fill?"
APPLES = "Felix picked 35 apples on Monday and 27 apples on Tuesday. How many apples did he pick in all?"


def _joined(result):
    return [f for f in result.findings if f.kind == FindingKind.PERSON_ADDED]


@pytest.mark.parametrize("question, paraphrase, person, verb", [
    (ZOO, "9 scouts and 2 leaders spent a sunny Saturday at the zoo. Their van driver went in with them and needed a "
          "ticket too. Child tickets cost $4 each and adult tickets cost $7 each. How much did the zoo tickets cost "
          "altogether?", "driver", "needed"),
    (FARM, "Ruth owns 600 acres of farmland and will divide it equally among her three sons. Her nephew Pavel, who "
           "had worked the fields for years, was promised an equal share too. How many acres does each son get?",
     "nephew", "promised"),
    (PIZZA, "Omar, Lina and Theo ordered a pizza for $27. Their neighbour Dora split the cost with them too, so the "
            "bill was shared evenly. How much did each of them pay?", "neighbour", "split"),
])
def test_a_new_person_who_takes_part_too_is_added(caught, question, paraphrase, person, verb):
    found = _joined(caught(question, paraphrase))
    assert found, paraphrase
    assert f'"{person}"' in found[0].message and f'("{verb}")' in found[0].message
    spans = [paraphrase[s.start:s.end] for s in found[0].paraphrase_spans]
    assert spans == [person]


@pytest.mark.parametrize("question, paraphrase", [
    (ZOO, "It was a sunny Saturday. 9 scouts and 2 leaders visited a zoo, and a photographer from the local paper "
          "came along too. Child tickets cost $4 each and adult tickets cost $7 each. How much did the zoo tickets "
          "cost altogether?"),
    (ZOO, "9 scouts and 2 leaders visited a zoo, where a keeper also told them about the lions. Child tickets cost $4 "
          "each and adult tickets cost $7 each. How much did the zoo tickets cost altogether?"),
    (PIZZA, "Omar, Lina and Theo ordered a pizza for $27 and split the cost evenly. Their friend Sami watched the game "
            "with them too. How much did each of them pay?"),
    (PIZZA, "Omar, Lina and Theo ordered a $27 pizza from a cook who also sells pasta, and split the cost evenly. How "
            "much did each of them pay?"),
    (FARM, "Ruth owns 600 acres of farmland. Her lawyer, who also advised her late husband, says she will divide it "
           "equally among her three sons. How many acres does each son get?"),
    (CAKE, "Nadia baked 48 muffins for the school fair, and her grandmother, who loves muffins too, cheered her on. She "
           "packed them into boxes of 6. How many boxes did she fill?"),
    (APPLES, "Felix picked 35 apples on Monday and 27 apples on Tuesday. His uncle, a farmer too, lent him a ladder. "
             "How many apples did he pick in all?"),
    (APPLES, "Felix picked 35 apples on Monday, and his cousin Ivy came to the orchard as well. On Tuesday Felix "
             "picked 27 apples. How many apples did he pick in all?"),
])
def test_a_new_person_who_only_comes_along_is_context(kept, question, paraphrase):
    assert not _joined(kept(question, paraphrase))
