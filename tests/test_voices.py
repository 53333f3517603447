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

def test_a_script_whose_speakers_say_the_problem_in_the_first_person_is_kept(kept, analyzer):
    kept(KITES, KITES_SCRIPT)
    assert sorted(n.value for n in analyzer.analyze(KITES_SCRIPT).numbers) == [4, 6]


def test_a_new_speaker_who_holds_a_quantity_is_a_new_person(checker):
    p = KITES_SCRIPT.replace("PANEL 2 - Bruno (grinning): And I", "PANEL 2 - Hugo (grinning): And I")
    assert "person_added" in checker.check(KITES, p).kinds(Severity.MAJOR)


def test_a_speaker_holds_what_the_i_of_the_line_holds(analyzer):
    from paraqd.analysis.people import speaker_holds, speaker_label

    doc = analyzer.analyze("PANEL 1 - Gus (tired): I rowed 5 laps. Ida: Nice.\nPANEL 2 - Ida: Well done!")
    values = frozenset({5.0})
    gus, ida, ida2 = (t for t in doc.doc if t.text in ("Gus", "Ida"))
    assert speaker_label(gus) is not None and speaker_label(ida) is None and speaker_label(ida2) is not None
    assert speaker_holds(doc, gus, values) == "quantity"
    assert speaker_holds(doc, ida2, values) is None  # a line with no "I": read as any name


# -- a letter's writer and addressee -------------------------------------------------------------------------------

def test_a_letter_signed_by_the_problems_person_is_kept(kept):
    kept(JAM, JAM_LETTER)


def test_a_post_signed_with_a_dash_is_its_writers(checker):
    p = ("jam day again!! I fill 8 jars with jam each week and give 3 jars away every week. how many jars do I keep "
         "in 5 weeks? #jamlife\n- Petra")
    assert "person_added" not in checker.check(JAM, p).kinds()


def test_a_letter_signed_by_someone_else_who_holds_a_quantity_is_a_new_person(checker):
    q = ("Petra fills 8 jars with jam each week. Her neighbour fills 5 jars. How many jars do Petra and her "
         "neighbour fill in 5 weeks?")
    p = ("Dear Auntie Lou,\nPetra fills 8 jars with jam each week and I fill 5 jars. Can you work out how many jars "
         "Petra and I fill in 5 weeks?\nWith love,\nMagda")
    assert "person_added" in checker.check(q, p).kinds(Severity.MAJOR)


def test_the_you_of_a_letter_is_whom_it_addresses(checker):
    q = "Tobias has 14 stamps. His sister gives Tobias 9 more stamps. How many stamps does Tobias have now?"
    p = "Dear Tobias,\nYou have 14 stamps and I am giving you 9 more. How many stamps do you have now?\nYour sister"
    assert "person_added" not in checker.check(q, p).kinds()


def test_signature_and_salutation_are_read_from_the_layout(analyzer):
    from paraqd.analysis.people import addressed, signed_by

    assert signed_by(analyzer.analyze(JAM_LETTER)) == "petra"
    assert addressed(analyzer.analyze(JAM_LETTER)) == "auntie lou"
    assert signed_by(analyzer.analyze("Petra fills 8 jars. How many jars does Petra fill?")) == ""
    assert addressed(analyzer.analyze("Petra fills 8 jars. How many jars does Petra fill?")) == ""
    # a title line is no salutation: a salutation ends with a comma, a colon or "!"
    assert addressed(analyzer.analyze("Jam Day News\nPetra fills 8 jars. How many jars does Petra fill?")) == ""


def test_the_you_of_a_memo_is_whom_its_header_addresses(checker):
    q = ("Marisol sells 40 candles in May and 25 candles in June. How many more candles did Marisol sell in May "
         "than in June?")
    p = ("To: Marisol\nFrom: Store Manager\nRe: Candle sales\nYou sold 40 candles in May and 25 candles in June. "
         "Please work out how many more candles you sold in May than in June.")
    assert "person_added" not in checker.check(q, p).kinds()
    other = p.replace("To: Marisol", "To: Everyone").replace("You sold 40 candles", "Marisol sold 40 candles in "
                                                                                   "March, you sold 40 candles")
    assert "person_added" in checker.check(q, other).kinds(Severity.MAJOR)


def test_a_diarys_i_in_the_place_of_the_questions_you_is_that_one_person(checker):
    q = "Tomas walks his dog 3 miles a day. If you walk twice as far as Tomas each day, how many miles do you walk in 5 days?"
    p = ("Dear diary,\nTomas walks his dog 3 miles a day, and I walk twice as far as Tomas each day. How many miles "
         "will I walk in 5 days?")
    assert "person_added" not in checker.check(q, p).kinds()


def test_the_solver_of_the_question_is_no_character_a_narrator_may_stand_for(checker):
    q = "Tomas has 12 shells and Ilse has 5 more shells than Tomas. Can you tell how many shells Ilse has?"
    p = "Tomas has 12 shells and I have 5 more shells than Tomas. How many shells does Ilse have?"
    assert "person_added" in checker.check(q, p).kinds(Severity.MAJOR)


# -- another person in the place of a pronoun -----------------------------------------------------------------------

MUFFINS = "Odile baked 14 muffins in the morning. In the evening she baked 6 more muffins. How many muffins did Odile bake?"


def test_a_relative_written_where_the_pronoun_stood_holds_a_new_quantity(checker):
    p = MUFFINS.replace("In the evening she baked", "In the evening her cousin baked")
    result = checker.check(MUFFINS, p)
    assert "person_added" in result.kinds(Severity.MAJOR), result.reasons


@pytest.mark.parametrize("paraphrase", [
    MUFFINS.replace("In the evening she baked", "In the evening the girl baked"),   # no possessor: the same one
    MUFFINS.replace("In the evening she baked 6 more muffins", "In the evening she baked 6 more muffins for her "
                                                               "cousin"),         # the cousin holds nothing
])
def test_a_noun_for_the_same_person_or_a_relative_who_holds_nothing_is_no_new_person(checker, paraphrase):
    assert "person_added" not in checker.check(MUFFINS, paraphrase).kinds()
