"""Which part of the story the asked quantity covers (issue 24, family asked_quantity_changed): the complement
of a predicate (paraqd/analysis/asked_negation.py), the number of periods it spans (asked_periods.py), a part
the story tells apart with a modifier (asked_subset.py), and the thing counted, container or content
(asked_container.py). A paraphrase that changes any of them asks for another quantity and is rejected (a
major question_quantity_changed finding whose explanation names the words of both texts); rewordings that ask
for the same quantity in other words are kept. Every sentence here is written for this test."""

from __future__ import annotations

import pytest

from paraqd.analysis.asked_negation import complement_changes
from paraqd.checks import FindingKind, Severity
from paraqd.resources import spacy_available

pytestmark = pytest.mark.skipif(not spacy_available(), reason="spaCy pipeline not installed")

CLUB = "A chess club has 30 members. Two fifths of the members wear glasses. "
PRINTER = "Nora's printer jams on every fifth sheet and smudges every fourth sheet. She prints 60 sheets. "
WALKS = ("Ada and Ben walk dogs for $3 a walk. On Monday they did 6 walks and on Tuesday 4 walks. By Thursday "
         "they had earned $57 over the four days. ")
BAKER = ("A baker works 6 hours a day, 5 days a week. From Monday to Wednesday he bakes 20 loaves an hour, and "
         "on Thursday and Friday 15 loaves an hour. ")
EGGS = "A farm's egg output doubles every month. It produced 400 eggs in February. "
PEARS = "An orchard picks 30 crates of green pears and 45 crates of yellow pears each week. "
NOVEL = "Omar's novel has 360 pages. He read the first half at 30 pages a day and the second half at 20 pages a day. "
LAPS = "Last month Ines swam 12 laps a day. This month she swims 3 laps more each day. "
BUTTONS = "A tin holds 9 red buttons, 14 white buttons and some black buttons. "
SHELLS = "Rosa collected 15 brown shells, 22 white shells and some striped shells. "
PLUMS = ("A farm picked 360 plums. 12 plums were bruised and thrown out. The rest were packed into crates that "
         "hold 24 plums each. ")
CAKES = "A bakery cuts every cake into 12 slices. A school bought 5 cakes for a party. "
CANDY = "Lena has 63 pieces of candy and 21 cookies. She shares them equally with 6 friends. "


def _found(checker, func, question, paraphrase):
    analyze = checker.analyzer.analyze
    return [(c.what, [m.text for m in c.old], [m.text for m in c.new])
            for c in func(analyze(question), analyze(paraphrase))]


def _asked_finding(result):
    found = [f for f in result.findings if f.kind == FindingKind.QUESTION_QUANTITY_CHANGED]
    assert found, result.reasons
    assert found[0].severity == Severity.MAJOR
    return found[0]


# -- the complement of a predicate ------------------------------------------------------------------------------

@pytest.mark.parametrize(("question", "paraphrase", "old", "new"), [
    (CLUB + "How many members do not wear glasses?", CLUB + "How many members wear glasses?", "not wear", "wear"),
    (CLUB + "How many members wear glasses?", CLUB + "How many of the members don't wear glasses?", "wear",
     "n't wear"),
    (PRINTER + "How many sheets are neither jammed nor smudged?",
     PRINTER + "How many sheets are either jammed or smudged?", "neither jammed", "jammed"),
])
def test_the_complement_asked_for_the_set_is_caught(checker, caught, question, paraphrase, old, new):
    assert _found(checker, complement_changes, question, paraphrase) == [("negated", [old], [new])]
    finding = _asked_finding(caught(question, paraphrase))
    assert f'"{old}"' in finding.message and f'"{new}"' in finding.message
    assert "opposite" in finding.message


@pytest.mark.parametrize(("question", "paraphrase"), [
    (CLUB + "How many members do not wear glasses?", CLUB + "How many members never wear glasses?"),
    (CLUB + "How many members do not wear glasses?", CLUB + "How many members go without glasses?"),
    (CLUB + "How many members do not wear glasses?",
     CLUB + "What is the number of members who do not wear glasses?"),
    (PRINTER + "How many sheets are neither jammed nor smudged?", PRINTER + "How many sheets come out clean?"),
    (CLUB + "How many members do not wear glasses?", CLUB + "How many members fail to wear glasses?"),
])
def test_the_complement_in_other_words_is_kept(checker, kept, question, paraphrase):
    assert _found(checker, complement_changes, question, paraphrase) == []
    kept(question, paraphrase)


# -- the same asked quantity in other words is kept ------------------------------------------------------------------

PURSE = "Tia had $60. She bought a scarf for $14 and a hat for $9. "
STALLS = "Vic sold 35 mugs on Saturday and 28 mugs on Sunday. "
TRAYS = "Dev baked 4 trays of 12 rolls each. He sold 30 rolls. "


@pytest.mark.parametrize(("question", "paraphrase"), [
    (PURSE + "How much money does she have left?", PURSE + "What is the amount remaining?"),
    (PURSE + "How much did she spend?", PURSE + "What was the cost of her purchases?"),
    (STALLS + "How many mugs did Vic sell in all?", STALLS + "What is the total number of mugs Vic sold?"),
    (STALLS + "How many more mugs did Vic sell on Saturday than on Sunday?",
     STALLS + "By how many does Saturday's sale of mugs exceed Sunday's?"),
    (STALLS + "How many mugs did Vic sell over the weekend?", "How many mugs did Vic sell over the weekend? " + STALLS),
    (TRAYS + "How many rolls does Dev have left?", TRAYS + "How many rolls remain unsold?"),
    (TRAYS + "How many rolls did Dev bake?", TRAYS + "How many rolls did he bake on the 4 trays?"),
])
def test_the_same_asked_quantity_in_other_words_is_kept(checker, question, paraphrase):
    analyze = checker.analyzer.analyze
    q, p = analyze(question), analyze(paraphrase)
    for func in (complement_changes,):
        assert func(q, p) == [], func.__name__

