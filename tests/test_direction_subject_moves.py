"""A subject that moves itself, the preposition after the verb saying which way (session 16, issue 24): "12
cars get *off* the ferry" loses cars from the ferry however "get" reads alone (to get a thing is to gain it),
and a phrase of time or place before the verb ("*On* the other stops, ...") says nothing of the way. A real
turn ("get off" -> "get on") is still a flip. Every text is written for the test."""

from __future__ import annotations

import pytest

from paraqd.resources import spacy_available

pytestmark = pytest.mark.skipif(not spacy_available(), reason="spaCy pipeline not installed")

FERRY = ("A ferry carries 60 cars. At the first port, 9 more cars get on the ferry. At the later ports, 12 cars get "
         "off the ferry and 7 cars more get on the ferry. How many cars are on the ferry at the last port?")
TRAM = ("A tram has 35 riders. On the next stops, 14 riders get off the tram and 6 riders get on the tram. "
        "How many riders are on the tram now?")


@pytest.mark.parametrize("question, paraphrase", [
    (FERRY, "A ferry has 60 cars on it. At the first port 9 more cars get on. Across the later ports, 12 cars get "
            "off and 7 more get on. How many cars are on the ferry at the last port?"),
    (FERRY, "\"How many cars do you have?\" asked the harbour master. \"We left with 60,\" said the captain. \"At "
            "the first port 9 more got on. Then, over the later ports, 12 got off and 7 more got on.\" How many "
            "cars are on the ferry at the last port?"),
    (TRAM, "There are 35 riders on a tram. At the next stops 14 riders get off and 6 riders climb on. How many "
           "riders are on the tram now?"),
])
def test_the_way_a_subject_moves_is_read_from_its_preposition(kept, question, paraphrase):
    kept(question, paraphrase)


@pytest.mark.parametrize("question, paraphrase", [
    (FERRY, "A ferry has 60 cars on it. At the first port 9 more cars get on. Across the later ports, 12 cars get "
            "on and 7 more get off. How many cars are on the ferry at the last port?"),
    (TRAM, "There are 35 riders on a tram. At the next stops 14 riders get on and 6 riders climb off. How many "
           "riders are on the tram now?"),
])
def test_a_subject_turned_the_other_way_is_still_a_flip(caught, question, paraphrase):
    caught(question, paraphrase)
