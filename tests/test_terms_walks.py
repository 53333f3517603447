"""The walk from a token up to the verb of its clause (:func:`paraqd.analysis.terms.clause_verb`), shared by the
analysis modules, and :func:`~paraqd.analysis.terms.clause_verb_or_none`, the same walk that gives ``None`` when
it ends at a root that is no verb. Sentences made up for the test."""

from __future__ import annotations

import pytest

from paraqd.analysis.terms import clause_verb, clause_verb_or_none
from paraqd.resources import spacy_available

pytestmark = pytest.mark.skipif(not spacy_available(), reason="spaCy pipeline not installed")


def _token(doc, word):
    return next(t for t in doc.doc if t.lower_ == word)


def test_a_noun_walks_up_to_the_verb_of_its_clause(analyzer):
    doc = analyzer.analyze("Lena bought three crates of pears.")
    assert clause_verb(_token(doc, "pears")).lower_ == "bought"
    assert clause_verb_or_none(_token(doc, "crates")).lower_ == "bought"


def test_a_verb_is_its_own_clause_verb(analyzer):
    doc = analyzer.analyze("Lena bought three crates of pears.")
    verb = _token(doc, "bought")
    assert clause_verb(verb) is verb and clause_verb_or_none(verb) is verb


def test_a_verbless_fragment_has_a_root_but_no_verb(analyzer):
    doc = analyzer.analyze("Three crates of pears.")
    root = clause_verb(_token(doc, "pears"))
    assert root.pos_ not in ("VERB", "AUX") and root.head.i == root.i
    assert clause_verb_or_none(_token(doc, "pears")) is None
