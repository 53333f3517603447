"""What a problem computes with: the nouns of its quantities and of its question, and the kinds of unit it
measures in.

A problem is its quantities (value, unit, the thing they count), the relations between them and the asked
quantity. This module reads, once per text, what those quantities are about:

- :func:`computed_nouns`: the nouns ``doc`` computes with, those of the phrases of its numbers
  (:func:`number_phrase`: "*544 pots* in *each* of the 10 *gardens*", "*with a humidity of* 40%", "*the
  humidity* rose to 60%") and of its asking clause (:func:`asked_nouns`); the "times" of a factor ("4 times as
  many") is a word of the relation, no thing. :func:`known_noun`: whether a noun names one of them, the same
  word or (:mod:`paraqd.analysis.lexicon`, when WordNet is installed) a synonym, more general or more specific
  word of one (:data:`SAME_THING`); with ``things``, a noun the question names only as the place of its events
  (:mod:`paraqd.analysis.places`: "brought 6 balloons *to the park*") is none (:func:`computed_things`), and
  persons counted in a problem that counts persons ("10 passengers" where it counts "80 people") are some.
- :func:`measured_categories`: the kinds of unit (length, mass, money, time, ...) a problem measures something in
  or asks in (coins are money: :func:`measured_category`); :func:`timed_problem`: whether one is time. Whether a
  weekday added can change a count is :func:`~paraqd.analysis.days.counts_days`'s (only in a problem that counts
  days).

What a paraphrase adds is read against these: a number or unit about nothing the problem computes with is
context, a new quantity of something it does compute with changes the problem
(:mod:`paraqd.analysis.context`). How a number compares two quantities (a factor or a difference) is
:mod:`paraqd.analysis.compared`'s.
"""

from __future__ import annotations

from .asked import find_ask
from .compared import FACTOR, way
from .document import NumberMention, QuestionDoc
from .lexicon import MORE_GENERAL, MORE_SPECIFIC, SAME, SYNONYM, default_lexicon
from .measures import DISTRIBUTIVE, phrase_root
from .places import place_nouns
from .quantities import quantities as all_quantities
from .terms import LIGHT_NOUNS, NOUN_POS, SUBJECT_DEPS, cached, token_lemma

_CACHE_KEY = "paraqd.analysis.information"
#: coins are money: "50 cents" in a problem in dollars is money too
_MONEY = {"Coin": "Currency"}
#: the relations under which a noun of the paraphrase names a thing the problem counts
SAME_THING = frozenset({SAME, SYNONYM, MORE_GENERAL, MORE_SPECIFIC})


def measured_category(category: str) -> str:
    """The kind of unit ``category`` counts as in :func:`measured_categories`: coins are money."""
    return _MONEY.get(category, category)


def measured_categories(doc: QuestionDoc) -> frozenset[str]:
    """The kinds of unit (``Length``, ``Time``, ``Currency``...) ``doc`` measures something in or asks in:
    its quantities' units (rates included) and the units of its question sentence."""
    cats = {q.unit.category for quantity in all_quantities(doc) for q in (quantity, *quantity.parts)}
    cats |= {u.category for u in doc.units if " per " in u.unit.name}
    if any(n.kind == "currency" for n in doc.numbers):
        cats.add("Currency")
    ask = find_ask(doc)
    if ask is not None:
        cats |= {u.category for u in ask.units}
    return frozenset(measured_category(c) for c in cats)


def timed_problem(doc: QuestionDoc) -> bool:
    """Whether ``doc`` counts time: a quantity or rate in a unit of time, or a question asked in one."""
    return "Time" in measured_categories(doc)


def number_phrase(doc: QuestionDoc, number: NumberMention, conjuncts: bool = True):
    """``(nouns, numbers)`` of the phrase ``number`` belongs to: the largest part of its clause that holds it
    and is not the clause's verb ("*3 hats*", "*544 pots in each of the 10 gardens*", "*with a humidity of
    40%*"), plus the verb's subject when the number counts no noun of its own ("*the humidity* rose to
    60%"). Nouns by lemma, numbers by start offset, the number itself left out. Without ``conjuncts`` the
    phrase stops at a coordination: in "52 stickers and *3 pencil cases*" the cases are a phrase of their own
    (not in a subject: "Cody and his two friends split the bill" is one agent)."""
    span = doc.span(number)
    if span is None:
        return frozenset(), frozenset()
    node = phrase_root(span[-1])
    if not conjuncts and node.dep_ not in SUBJECT_DEPS:  # "Cody and his two friends split": one agent
        node = phrase_root(span[-1], stop_deps=frozenset({"conj"}))
        node = _below_noun(node, span[-1])
    tokens = list(node.subtree)
    counts_noun = span[-1].dep_ == "nummod" and span[-1].head.pos_ in NOUN_POS
    if not counts_noun and node.head.i != node.i:
        verb = node.head
        subjects = [t for child in verb.children if child.dep_ in SUBJECT_DEPS for t in child.subtree]
        if not subjects and verb.dep_ in ("acl", "relcl") and verb.head.pos_ in NOUN_POS:
            # "a humidity level *ranging* from 30% to 70%", "Biscuit, who *is* 6 years old"
            subjects = [verb.head, *(c for c in verb.head.children if c.dep_ == "compound")]
        tokens += subjects
    inside = range(span.start, span.end)
    in_unit = {i for u in doc.units for i in range(u.start, u.end)} | _factor_words(doc)
    nouns = frozenset(token_lemma(t) for t in tokens if t.pos_ in NOUN_POS and t.is_alpha and t.i not in inside
                      and t.idx not in in_unit)
    starts = frozenset(t.idx for t in tokens if t.i not in inside)
    return nouns, starts


def _factor_words(doc: QuestionDoc) -> frozenset[int]:
    """The character offsets of the words of ``doc``'s factors ("4 *times* as many"): words of a relation, not
    things the problem counts."""
    def compute(doc: QuestionDoc) -> frozenset[int]:
        found = set()
        for number in doc.numbers:
            compares = way(doc, number)
            if compares is not None and compares[0] == FACTOR:
                found.update(range(compares[1].start, compares[1].end))
        return frozenset(found)

    return cached(doc, _CACHE_KEY + ".factors", compute)


def _below_noun(node, token):
    """The part of ``node``'s phrase that is ``token``'s own when ``token`` stands in a prepositional phrase
    that modifies a noun ("466 pots *on the 3 shelves of the greenhouse*": the shelves are counted, the pots
    only placed there), unless a distributive quantifier spreads one over the other ("544 pots in *each* of the
    10 gardens")."""
    tok = token
    while tok.i != node.i and tok.head.i != tok.i:
        if tok.dep_ == "prep" and tok.head.pos_ in NOUN_POS:
            return node if any(t.lower_ in DISTRIBUTIVE for t in tok.subtree) else tok
        tok = tok.head
    return node


def computed_nouns(doc: QuestionDoc) -> frozenset[str]:
    """The nouns ``doc`` computes with: those of the phrases of its numbers ("*544 pots*", "8 *players* in
    each *group*") and of its asking clause (computed once per document)."""
    def compute(doc: QuestionDoc) -> frozenset[str]:
        nouns = {noun for number in doc.numbers for noun in number_phrase(doc, number)[0]}
        return frozenset(nouns | {token_lemma(t) for t in asked_nouns(doc)})

    return cached(doc, _CACHE_KEY + ".computed", compute)


def known_noun(noun: str, question: QuestionDoc, things: bool = False) -> bool:
    """Whether ``noun`` names a thing ``question`` computes with (:func:`computed_nouns`): the same word, or
    (WordNet) a synonym, more general or more specific word of one. With ``things``, a noun the question names
    only as the place of its events (:func:`~paraqd.analysis.places.place_nouns`: "to *the park*") is none."""
    computed = computed_things(question) if things else computed_nouns(question)
    if noun in computed:
        return True
    lexicon = default_lexicon()
    if lexicon is None:
        return False
    if things and _person_noun(noun, lexicon) and any(
            t.pos_ == "NOUN" and token_lemma(t) in computed and _person_noun(token_lemma(t), lexicon)
            for t in question.doc):
        return True  # persons in a problem that counts persons ("10 passengers" where it counts "80 people")
    return any(lexicon.relation(q_noun, noun) in SAME_THING for q_noun in computed)


def person_noun(noun: str) -> bool:
    """Whether ``noun`` names persons (WordNet, :func:`_person_noun`); ``False`` without WordNet."""
    lexicon = default_lexicon()
    return lexicon is not None and _person_noun(noun, lexicon)


def _person_noun(noun: str, lexicon) -> bool:
    """Whether ``noun`` names persons: its most frequent sense is a kind of person (WordNet; "Celsius", one
    named person, is none), or it is "people", the plural of "person"."""
    return noun == "people" or (lexicon.kinds(noun, senses=1) == ("person",) and not lexicon.is_instance(noun))


def computed_things(question: QuestionDoc) -> frozenset[str]:
    """The nouns ``question`` computes with that are not only the places of its events."""
    return computed_nouns(question) - place_nouns(question)


def asked_nouns(doc: QuestionDoc) -> list:
    """The nouns of ``doc``'s asking clause (:func:`~paraqd.analysis.asked.find_ask`), units and light nouns
    left out."""
    ask = find_ask(doc)
    if ask is None:
        return []
    clause = ask.clause_or_sentence
    span = doc.span(clause)
    if span is None:
        return []
    in_unit = {i for u in doc.units for i in range(u.start, u.end)}
    return [t for t in span if t.pos_ in NOUN_POS and t.is_alpha and not t.is_stop and t.idx not in in_unit
            and token_lemma(t) not in LIGHT_NOUNS and t.lower_ not in LIGHT_NOUNS]
