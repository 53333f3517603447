"""Who speaks, who writes, who is addressed (issue 24, session 22): the voices of scripts, letters and diaries.

A comic script's or a chat's "I" is the speaker of its line ("PANEL 2 - Mia (smiling): I have 4 pens"), a letter's,
a diary's or a post's "I" is who signs it ("Love, Tom", "- Ana"), its "you" whom its salutation addresses ("Dear
Uncle Ray,"); such voices are people of the problem, no new ones. A speaker or a writer who is no person of the
problem and holds one of its quantities is still a new person. A script's panel numbers label its lines, and a
letter's salutation and sign-off are sentences of their own, no words of its first or its asking sentence. Every
sentence here is made up for the test (other problems, names and nouns than the development pairs).
"""

from __future__ import annotations

import pytest

from paraqd.checks import Severity
from paraqd.resources import spacy_available

pytestmark = pytest.mark.skipif(not spacy_available(), reason="spaCy pipeline not installed")

KITES = ("Odile made 6 kites and Bruno made 4 more kites than Odile. How many kites did Bruno make?")
KITES_SCRIPT = ("PANEL 1 - Odile (holding string): I made 6 kites this weekend!\n"
                "PANEL 2 - Bruno (grinning): And I made 4 more kites than Odile.\n"
                "PANEL 3 - Odile: So how many kites did Bruno make?")

JAM = ("Petra fills 8 jars with jam each week. She gives 3 jars away every week. How many jars does Petra keep "
       "in 5 weeks?")
JAM_LETTER = ("Dear Auntie Lou,\nI fill 8 jars with jam each week, and I give 3 jars away every week. Can you work "
              "out how many jars I keep in 5 weeks?\nWith love,\nPetra")


# -- a letter's salutation and sign-off are sentences of their own ------------------------------------------------

def test_a_sign_off_and_a_salutation_are_sentences_of_their_own(analyzer):
    sents = [s.text.strip() for s in analyzer.analyze(JAM_LETTER).doc.sents]
    assert sents[0] == "Dear Auntie Lou,"
    assert sents[-1] == "With love,\nPetra"
    assert sents[-2].endswith("in 5 weeks?")


def test_a_line_break_inside_a_sentence_starts_no_sentence(analyzer):
    verse = "Odile made kites, six in all,\nand Bruno made four more to hang on the wall."
    assert len(list(analyzer.analyze(verse).doc.sents)) == 1


# -- a script's panel numbers ----------------------------------------------------------------------------------------
