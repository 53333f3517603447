"""What a number of a text stands for, read from its parse: the attribute it measures, the thing it labels,
the quantifier that spreads it, the names it counts back.

A number *counts* things ("3 cousins", "each of the 4 barns"), *measures* an attribute ("a humidity of 40%", "the
temperature rose to 30 degrees", "her dog, who is 6 years old") or *labels* a thing ("jersey number 23"). Only a
count can add things that the problem combines with what it asks; a measure adds a quantity only when the
problem computes with the attribute's thing, and a label adds none; a small count of things the text
enumerates anyway ("the three friends", "four friends, Ann, Bo, Cy and Di") says nothing new. :mod:`paraqd.analysis.context` reads
these against the question to tell context added from information added.
"""

from __future__ import annotations

from .document import NumberMention, QuestionDoc, UnitMention
from .lexicon import MORE_GENERAL, SAME, SYNONYM, default_lexicon
from .quantities import quantities as all_quantities
from .terms import LIGHT_NOUNS, NOUN_POS, SUBJECT_DEPS, SUBJECT_PRONOUNS, VERB_POS, cached, token_lemma


def phrase_root(token, stop_deps: frozenset[str] = frozenset()):
    """The top of the phrase ``token`` belongs to: its highest head below the clause's verb (the sentence's
    root when no verb is above it); the climb also stops at a token whose relation is in ``stop_deps``."""
    node = token
    while node.head.i != node.i and node.head.pos_ not in VERB_POS and node.dep_ not in stop_deps:
        node = node.head
    return node


def unit_of(doc: QuestionDoc, number: NumberMention) -> UnitMention | None:
    """The unit ``number`` measures in ``doc`` (its quantity's), or ``None``."""
    for quantity in all_quantities(doc):
        for q in (quantity, *quantity.parts):
            if q.number is not None and q.number.start == number.start:
                return q.unit
    return None


#: the dependencies by which a noun is part of the attribute's name ("the *humidity* level"); its owner ("the
#: *room*'s humidity", "the volume *of the game*") is not what the number measures
_ATTRIBUTE_PARTS = frozenset({"compound"})

#: prepositions whose object is the value of an attribute: "a humidity *of* 40%", "rose *from* 30% *to* 60%"
_VALUE_PREPS = frozenset({"of", "to", "from"})


def measured_attribute(doc: QuestionDoc, number: NumberMention, unit: UnitMention | None):
    """The nouns (by lemma) of the attribute ``number`` measures rather than counts, or ``None`` when it
    counts things (or the parse does not say).

    A number measures an attribute when it is its value: "*a humidity of* 40%", "40% *humidity*", "*the
    temperature* rose to 30 degrees", "the humidity level *ranging* from 30% to 70%", "*the tree* is 15 feet
    tall", "*a luminosity of* 100 lux" (a count of a thing that is the value of an attribute: "A of N X"), "an
    18-hole *golf course*" (a count that describes another thing). The
    attribute is a noun or a name (not a pronoun, nor a light noun such as "total"); its nouns are it, its
    compounds and the counted noun X, not its owner ("the volume *of the game*": the game is not what 50
    decibels measure).
    A count ("3 cousins", "each of the 4 barns") is not an attribute: it may add things the problem combines.
    """
    span = doc.span(number)
    if span is None:
        return None
    head = span[-1]
    if unit is not None:
        unit_span = doc.span(unit)
        if unit_span is not None:
            head = unit_span.root
    if head.dep_ == "quantmod" and head.head.pos_ == "NUM":  # "from 15 to 25 degrees": the range's measure
        other = next((n for n in doc.numbers if n.start <= head.head.idx < n.end and n.start != number.start),
                     None)
        return None if other is None else measured_attribute(doc, other, unit_of(doc, other))
    counted = None
    if head.pos_ == "NUM" and head.dep_ == "nummod" and head.head.pos_ in NOUN_POS and unit is None \
            and number.kind != "percent":
        # "100 lux": a count of X is the value of an attribute only as the object of "of", of a change
        # ("turned the volume up to 70 dB") or of a state ("was at 50 dB"), or as a description of another
        # thing ("an *18-hole* golf course", "a *4-floor* shop"); "had 13 customers at his 6 tables" counts tables
        counted = head.head
        describes = counted.dep_ in ("compound", "amod") and counted.head.pos_ in NOUN_POS
        prep = counted.head
        if not describes and (counted.dep_ != "pobj" or not (prep.lower_ in _VALUE_PREPS
                                                             or prep.head.lemma_ == "be")):
            return None
        head = counted
    attribute = _attribute_of(head)
    if attribute is not None and attribute.lower_ == "it":
        return _antecedent_attribute(doc, number)  # "the humidity was 40%; then it rose to 60%"
    if attribute is None or attribute.pos_ not in NOUN_POS or token_lemma(attribute) in LIGHT_NOUNS:
        return None
    inside = set(range(span.start, span.end))
    parts = [attribute, *(t for c in attribute.children
                          if c.dep_ in _ATTRIBUTE_PARTS for t in c.subtree)]
    if counted is not None:
        parts.append(counted)
    in_unit = {i for u in doc.units for i in range(u.start, u.end)}
    nouns = frozenset(token_lemma(t) for t in parts if t.pos_ in NOUN_POS and t.is_alpha and t.i not in inside
                      and t.idx not in in_unit)
    return nouns or None


def described_count(doc: QuestionDoc, number: NumberMention) -> str | None:
    """The noun (by lemma) ``number`` counts when the count describes another thing by its parts: "an
    *18-hole* golf course", "a *4-floor* shop" (holes, floors); ``None`` otherwise."""
    span = doc.span(number)
    if span is None:
        return None
    tok = span[-1]
    counted = tok.head
    if tok.dep_ != "nummod" or counted.pos_ not in NOUN_POS or counted.dep_ not in ("compound", "amod") \
            or counted.head.pos_ not in NOUN_POS or counted.head.i <= counted.i:
        return None
    return token_lemma(counted)


def age_of_person(doc: QuestionDoc, number: NumberMention) -> bool:
    """Whether ``number`` is a person's age written bare: the predicate of a personal subject, the complement of
    "be" or an object predicate ("since *he* was seven", "when she was 10", "Ravi, *who* is 42", "*she* turned
    30"), the bare object of "turn" ("when *he* turned 16", "*who* turned 11 last month"), the object of "at"
    set off before a personal subject's verb ("Now, at 24, *she* was ...", :func:`_parenthetical_at`), or set in
    apposition beside one named person ("Katie, *12*, has"; not beside a plural group, whose count it would
    be): no noun, no unit, the person's age."""
    span = doc.span(number)
    if span is None or number.kind != "cardinal":
        return False
    tok = span[-1]
    verb = tok.head
    if tok.dep_ == "appos" and not any(c.pos_ in ("NOUN", "PROPN") for c in tok.children):
        return verb.tag_ == "NNP" or verb.ent_type_ == "PERSON"  # "Katie, 12, has ...": set beside one named person
    if _parenthetical_at(doc, number, tok):
        verb = tok.head.head  # "Now, *at 24*, she was working ...": the age of the clause's subject
        subjects = [c for c in verb.children if c.dep_ in SUBJECT_DEPS]
    elif tok.dep_ == "dobj" and verb.lemma_ == "turn" and not list(tok.children):
        subjects = [c for c in verb.children if c.dep_ in SUBJECT_DEPS]  # "when he turned 16": the age turned
    else:
        subjects = predicated_of(doc, number)
    if subjects is None:
        return False  # the predicate of its subject: "she was 10", "he turned sixteen"
    if subjects and subjects[0].lower_ == "who" and verb.dep_ == "relcl":
        return True  # "Ravi, *who is 42*, earns ...": "who" stands for a person
    return bool(subjects) and (subjects[0].lower_ in SUBJECT_PRONOUNS or subjects[0].ent_type_ == "PERSON"
                               or _one_name(subjects[0]))


def _parenthetical_at(doc: QuestionDoc, number: NumberMention, tok) -> bool:
    """Whether ``tok``, the last token of the bare ``number``, is the object of "at" set off by commas or opening
    its sentence, before its clause's verb ("*At 24*, Mia ...", "Now, *at 24*, she was ..."): the time of a
    life, an age. A number up to 12 may read as a clock time ("at 9, she left"), never an age then."""
    prep = tok.head
    if (tok.dep_ != "pobj" or prep.lower_ != "at" or prep.dep_ != "prep" or prep.head.pos_ not in VERB_POS
            or list(tok.children) or tok.i != prep.i + 1 or number.value <= 12 or prep.head.i < tok.i):
        return False
    opens = prep.is_sent_start or (prep.i > 0 and doc.doc[prep.i - 1].text in (",", ";"))
    return bool(opens) and tok.i + 1 < len(doc.doc) and doc.doc[tok.i + 1].text == ","


def predicated_of(doc: QuestionDoc, number: NumberMention) -> list | None:
    """The subjects of the clause whose bare predicate ``number`` is (the complement of "be" or an object
    predicate: "Djibo is *17*", "he turned *sixteen*"), or ``None`` when it is no such predicate."""
    span = doc.span(number)
    if span is None or number.kind != "cardinal":
        return None
    tok = span[-1]
    verb = tok.head
    if not (tok.dep_ == "oprd" or (tok.dep_ in ("attr", "acomp") and verb.lemma_ == "be")):
        return None
    if any(c.pos_ in NOUN_POS for c in tok.children):
        return None  # "she is 17 *years* old", "it was 40 *feet*": a number with a noun of its own
    return [c for c in verb.children if c.dep_ in SUBJECT_DEPS]


def _one_name(tok) -> bool:
    """Whether ``tok`` is one name of a person standing alone (or a noun it is in apposition to), a subject's proper noun with nothing that makes it
    a thing ("*Djibo* is 17", "*Mr. Okoro* is 45"; not "the *Titanic*", not a place)."""
    if tok.pos_ == "NOUN":  # "his son *Femi* is 15": a noun the name in apposition says is that person
        names = [c for c in tok.children if c.dep_ == "appos"]
        return len(names) == 1 and _one_name(names[0])
    return (tok.tag_ == "NNP" and tok.ent_type_ not in ("GPE", "LOC", "FAC", "ORG", "PRODUCT", "DATE")
            and not any(c.dep_ in ("det", "nummod", "conj") for c in tok.children))


def age(doc: QuestionDoc, number: NumberMention, unit: UnitMention | None) -> bool:
    """Whether ``number`` is an age: a person's written bare (:func:`age_of_person`), or a time the adjective
    "old" measures ("the machine is *7 years old*", "a *9-year-old* saw"), of a person or a thing."""
    if unit is None:
        return age_of_person(doc, number)
    span = doc.span(unit)
    if span is None or unit.category != "Time":
        return False
    head = span.root
    return head.dep_ == "npadvmod" and head.head.pos_ == "ADJ" and head.head.lemma_.lower() == "old"


def property_of_part(doc: QuestionDoc, number: NumberMention):
    """The adjective that describes the part ``number`` counts of a whole ("*9 of the pizzas* are *vegetarian*",
    "40 cows, *15 of which* are *brown*"): the number, with its "of", is the subject of "be" and an adjective
    (not a participle: "3 of the jars are broken" says an event) is all its clause says; else ``None``."""
    span = doc.span(number)
    if span is None or number.kind != "cardinal":
        return None
    tok = span[-1]
    verb = tok.head
    if tok.dep_ not in SUBJECT_DEPS or verb.lemma_ != "be" or not any(c.lower_ == "of" for c in tok.children):
        return None
    complements = [c for c in verb.children if c.dep_ in ("acomp", "attr", "dobj", "prep", "agent", "xcomp")]
    if len(complements) != 1 or complements[0].dep_ != "acomp" or complements[0].tag_ != "JJ":
        return None
    return complements[0]


def _antecedent_attribute(doc: QuestionDoc, number: NumberMention):
    """What "it" measures when it is the attribute of ``number``: the attribute of the nearest number before it
    that measures one (the thing last measured), else ``None``."""
    earlier = [n for n in doc.numbers if n.end <= number.start]
    for previous in reversed(earlier):
        nouns = measured_attribute(doc, previous, unit_of(doc, previous))
        if nouns is not None:
            return nouns
    return None


def _attribute_of(head):
    """The noun whose value the quantity token ``head`` is (see :func:`measured_attribute`), or ``None``."""
    if head.dep_ in ("compound", "nummod", "amod") and head.head.pos_ == "NOUN":
        return head.head  # "40% humidity"
    if head.dep_ == "npadvmod" and head.head.pos_ == "ADJ":
        head = head.head  # "15 feet tall": the adjective's clause says whose value it is
    if head.dep_ == "pobj":
        prep = head.head
        if prep.lower_ == "of" and prep.head.pos_ == "NOUN":
            return prep.head  # "a humidity of 40%"
        head = prep
    verb = head.head
    if head.dep_ not in ("prep", "attr", "acomp") or verb.pos_ not in VERB_POS:
        return None
    objects = [c for c in verb.children if c.dep_ == "dobj"]
    subjects = [c for c in verb.children if c.dep_ in SUBJECT_DEPS]
    if not subjects and not objects and verb.dep_ == "conj" and verb.head.pos_ in VERB_POS:
        # "the humidity was 30% but *increased to 50%*": a coordinated verb shares its head verb's subject
        subjects = [c for c in verb.head.children if c.dep_ in SUBJECT_DEPS]
    if not subjects and not objects and verb.i > 0:
        before = verb.doc[verb.i - 1]
        if before.dep_ == "conj" and before.pos_ == "NOUN" and before.head.i < before.i:
            # "they sold 10 cats and *the humidity level* rose to 65%": the parse coordinated the subject of a
            # clause of its own with the object before it; the verb has no other subject
            subjects = [before]
    if head.dep_ == "prep" and objects:
        return objects[0]  # "raise the humidity to 80%"
    if subjects and subjects[0].tag_ in ("WP", "WDT") and verb.dep_ == "relcl":
        return verb.head  # "her dog Biscuit, who is 6 years old"
    if subjects:
        return subjects[0]  # "the temperature rose to 30 degrees", "the humidity is 40%"
    if verb.dep_ in ("acl", "relcl") and verb.head.pos_ in NOUN_POS:
        return verb.head  # "a humidity level ranging from 30% to 70%"
    return None


#: quantifiers that spread one quantity over the things another counts ("544 pots in *each* of the 10
#: gardens", "3 apples *per* basket")
DISTRIBUTIVE = frozenset({"each", "every", "per"})


def distributes(doc: QuestionDoc, number: NumberMention) -> bool:
    """Whether the phrase of ``number`` spreads a quantity over what it counts (a distributive quantifier in
    it): only then does a number of the question in the same phrase tie the two ("30 crates in each of the 4
    barns"); "13 customers at his 6 tables" or "97 blocks and 6 toy cars" only set them side by side."""
    span = doc.span(number)
    if span is None:
        return True
    return any(t.lower_ in DISTRIBUTIVE for t in phrase_root(span[-1]).subtree)


def label(doc: QuestionDoc, number: NumberMention) -> frozenset[str] | None:
    """The nouns of what ``number`` names when it is a label, not a count: a cardinal after the noun it
    belongs to ("jersey *number 23*", "room 12", "bus 7"); ``None`` otherwise."""
    span = doc.span(number)
    if span is None or number.kind != "cardinal":
        return None
    tok = span[-1]
    noun = tok.head
    if tok.dep_ not in ("nummod", "appos", "npadvmod") or noun.pos_ not in NOUN_POS or noun.i > span.start:
        return None
    if noun.tag_ in ("NNS", "NNPS") or any(c.dep_ == "det" for c in noun.children):
        return None  # a name takes no article and is one thing: "*a* business 79523" is no label
    parts = [noun, *(c for c in noun.children if c.dep_ == "compound")]
    return frozenset(token_lemma(t) for t in parts if t.is_alpha and token_lemma(t) not in LIGHT_NOUNS)


def label_runs(doc: QuestionDoc) -> frozenset[int]:
    """The starts of the numbers that label things one after another from 1, each right after the same noun
    ("*episode one* lasts 58 minutes, *episode two* 62 minutes", "*class 1* ..., *class 2* ..."): an enumeration of
    the things, whose numbers count nothing (the parser may hang them on a neighbour: "episode *two* 62 minutes").
    A noun labelled by one number, or by numbers that do not run from 1 in order, is no such enumeration."""
    return cached(doc, "paraqd.measures.label_runs", _label_runs)


def _label_runs(doc: QuestionDoc) -> frozenset[int]:
    if doc.doc is None:
        return frozenset()
    runs: dict[str, list[NumberMention]] = {}
    for number in doc.numbers:
        span = doc.span(number)
        if span is None or number.kind != "cardinal" or span.start == 0:
            continue
        noun = doc.doc[span.start - 1]
        if noun.pos_ in NOUN_POS and noun.is_alpha:
            runs.setdefault(token_lemma(noun), []).append(number)
    found: set[int] = set()
    for numbers in runs.values():
        if len(numbers) >= 2 and [n.value for n in numbers] == list(range(1, len(numbers) + 1)):
            found.update(n.start for n in numbers)
    return frozenset(found)


#: determiners that refer back to things already counted: "the three friends", "all three", "their two cats"
#: (not possessives: "Cody and his *two* friends" adds a friend as often as it counts known ones)
DEFINITE = frozenset({"the", "these", "those", "all"})


def _small_count(mention: NumberMention) -> bool:
    """Whether ``mention`` is a whole cardinal from 2 to 12: a count small enough to be said item by item."""
    return mention.kind == "cardinal" and 2 <= mention.value <= 12 and mention.value == int(mention.value)


def counts_back(mention: NumberMention, doc: QuestionDoc) -> bool:
    """Whether a small count names things the text enumerates anyway, so that writing or leaving it out says
    nothing new: after a definite determiner ("all *three* siblings", "the *three* friends") or before a colon that lists them ("*three* kinds of flowers: marigolds, petunias and begonias"),
    and equal to the size of an enumeration in ``doc`` (:func:`enumeration_sizes`); or followed by as many
    names in apposition ("*four* old friends, Perry, Dana, Charlie and Phil"; "*Two* boys, Jake and Steven, have",
    which the parser reads as a coordination)."""
    if not _small_count(mention):
        return False
    span = doc.span(mention)
    if span is None:
        return False
    noun = span[-1].head if span[-1].dep_ == "nummod" else None
    if noun is not None and any(c.dep_ == "appos" and len(c.conjuncts) + 1 == mention.value for c in noun.children):
        return True  # "four old friends, Perry, Dana, Charlie and Phil": the names that follow are counted
    if noun is not None and noun.i + 1 < len(doc.doc) and doc.doc[noun.i + 1].text == "," and sum(
            c.pos_ == "PROPN" for c in noun.conjuncts) == mention.value == len(noun.conjuncts):
        return True  # the same names parsed as conjuncts of the noun: "Two boys, Jake and Steven, have ..."
    before = doc.doc[span.start - 1].lower_ if span.start > span.sent.start else ""
    colon = any(t.text == ":" for t in doc.doc[span.end:min(span.end + 5, span.sent.end)])
    if before not in DEFINITE and not colon:
        return False
    return int(mention.value) in enumeration_sizes(doc)


def said_as_list(mention: NumberMention, doc: QuestionDoc, other: QuestionDoc) -> bool:
    """Whether a small count of things in ``doc`` ("his *two* parents") is said in ``other`` as a list of as many
    things, each of them one of those things ("his mum and dad": WordNet says a mum is a parent), beside other
    items or not ("his mum and dad and his sister"): the number is in the list, not gone. ``False`` without
    WordNet."""
    lexicon = default_lexicon()
    if lexicon is None or not _small_count(mention):
        return False
    span = doc.span(mention)
    if span is None or span[-1].dep_ != "nummod" or span[-1].head.pos_ != "NOUN":
        return False
    counted = token_lemma(span[-1].head)
    for tok in other.doc:
        if tok.dep_ == "conj" or len(tok.conjuncts) + 1 < mention.value:
            continue
        # the items that are those things, beside others of the list ("his mum and dad and his sister")
        items = [t for t in (tok, *tok.conjuncts) if t.pos_ == "NOUN" and lexicon.relation(
            token_lemma(t), counted, "n") in (SAME, SYNONYM, MORE_GENERAL)]
        if len(items) == mention.value and not any(c.dep_ == "nummod" for t in items for c in t.children):
            return True
    return False


def enumeration_sizes(doc: QuestionDoc) -> set[int]:
    """How many things ``doc`` lists: the sizes of its coordinations of nouns ("marigolds, petunias and
    begonias": 3), the number of names it mentions, and its highest ordinal ("A third says ...": 3)."""
    sizes = {len(tok.conjuncts) + 1 for tok in doc.doc
             if tok.pos_ in ("NOUN", "PROPN") and tok.dep_ != "conj" and tok.conjuncts}
    # names, whatever the tagger took them for ("her sister Margot" is a GPE to a small model)
    names = {e.text.split()[0].lower() for e in doc.entities}
    if names:
        sizes.add(len(names))
    ordinals = [int(n.value) for n in doc.numbers if n.kind == "ordinal" and n.value == int(n.value)]
    if ordinals:
        sizes.add(max(ordinals))
    return sizes


def elided_count(doc: QuestionDoc, number: NumberMention) -> bool:
    """Whether ``number``, the object or subject of a verb, names no noun of its own nor in its phrase and is
    marked as a part or more of something said before, by a determiner or "of" a pronoun ("her brother took
    *another 6*", "the goat ate *7 of them*"): it counts a thing left unsaid, the one the problem counts. A bare
    number ("was turning *fifty*") or one with a unit counts no such thing."""
    span = doc.span(number)
    tok = span[-1] if span is not None else None
    if (tok is None or number.kind != "cardinal" or tok.dep_ not in ("dobj", "nsubj", "nsubjpass")
            or tok.head.pos_ not in ("VERB", "AUX") or any(t.pos_ in ("NOUN", "PROPN") for t in tok.subtree)):
        return False
    if tok.head.lemma_ == "be" and any(c.dep_ in ("acomp", "attr") for c in tok.head.children):
        return False  # "15 of which are brown": a part described by a property, no event (the context rules
        # read it against what is asked)
    marked = any(c.dep_ == "det" or (c.dep_ == "prep" and c.lower_ == "of" and any(
        g.pos_ == "PRON" for g in c.children)) for c in tok.children)
    return marked and not (unit_of(doc, number) or age(doc, number, None))
