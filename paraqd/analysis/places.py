"""Where a problem happens: the nouns a text names only as the place of its events.

"Jake brought 6 balloons *to the park*", "she sells cakes for $2 each *in the school's bake sale*", "how many
plums did Ivan bring home *from the orchard*": the park, the school and the orchard are where things happen, not
things the answer counts. A number a retelling adds about such a place ("the park has 3 swings", "a school of 450
students") counts or measures something the problem never computes with (:mod:`paraqd.analysis.information`):
context (:mod:`paraqd.analysis.context`).

A noun is a place of ``doc`` when every mention of it stands in a prepositional phrase that hangs on a verb (an
adjunct of the event) or on a noun (where a thing of the event is: "20 candles *in the town's fair*") and none is counted by a number of its own ("on *the 3 shelves*") or spread over by a
distributive quantifier ("in *each* of the gardens"). Prepositions that bring a participant, a price, a
comparison or a part ("with", "among", "for", "of", "per", "by", "than", "as") open no place, and no
preposition makes a place of a person, an animal or a group (WordNet, when installed; without it, a noun
that is no name): "gave 3 apples *to her friends*", "born 3 years *after his sister*" name participants.
"""

from __future__ import annotations

from .document import QuestionDoc
from .lexicon import default_lexicon
from .measures import DISTRIBUTIVE
from .terms import NOUN_POS, VERB_POS, cached, token_lemma

_CACHE_KEY = "paraqd.analysis.places"
#: what a place adjunct hangs on: the event's verb, or a thing it moves ("sells 20 candles *in the fair*")
_HOST_POS = VERB_POS | NOUN_POS
#: prepositions that bring a participant, a price, a comparison, a topic or a part, not a place
_NOT_PLACE = frozenset({"of", "for", "per", "by", "with", "without", "among", "amongst", "between", "than",
                        "as", "like", "about", "except", "including", "plus", "minus", "via"})
#: WordNet's lexicographer files of nouns that take part in an event rather than host it
_PARTICIPANTS = frozenset({"person", "animal", "group"})


def place_nouns(doc: QuestionDoc) -> frozenset[str]:
    """The lemmas of the nouns ``doc`` names only as places of its events (see the module docstring)."""
    return cached(doc, _CACHE_KEY, _places)


def _places(doc: QuestionDoc) -> frozenset[str]:
    placed, elsewhere = set(), set()
    for token in doc.doc:
        if token.pos_ not in NOUN_POS or not token.is_alpha:
            continue
        (placed if _in_place_adjunct(token) else elsewhere).add(token_lemma(token))
    return frozenset(placed - elsewhere)


def _in_place_adjunct(token) -> bool:
    """Whether ``token`` stands in a place adjunct of a verb and is counted by no number of its own."""
    if any(child.dep_ == "nummod" for child in token.children):
        return False
    for ancestor in token.ancestors:
        if ancestor.dep_ == "prep" and ancestor.head.pos_ in _HOST_POS:
            return _opens_place(ancestor)
        if ancestor.pos_ in VERB_POS:
            return False  # a clause of its own between the noun and any preposition
    return False


def _opens_place(prep) -> bool:
    word = prep.lower_
    if word in _NOT_PLACE or any(t.lower_ in DISTRIBUTIVE for t in prep.subtree):
        return False
    objects = [c for c in prep.children if c.dep_ == "pobj"]
    return bool(objects) and not any(_participant(o) for o in objects)


def _participant(token) -> bool:
    """Whether ``token`` names a person, an animal or a group (a participant of the event)."""
    if token.pos_ == "PROPN" or token.ent_type_ in ("PERSON", "ORG", "NORP"):
        return True
    lexicon = default_lexicon()
    if lexicon is None:
        return token.pos_ != "NOUN"
    return any(kind in _PARTICIPANTS for kind in lexicon.kinds(token_lemma(token), senses=1))
