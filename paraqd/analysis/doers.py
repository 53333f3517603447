"""Who does a verb that has no subject of its own: the subject of the verb it depends on.

"Dawn *has to pay* $3,600", "The board decided *to keep* 80%", "Leo mowed lawns, *earning* 90 dollars", "Fred
washed cars *earning* 74 dollars": the payer, the keeper and the earners are the subjects above. An open
complement whose head has an object is that object's ("asked Tom *to pay*"); a complement of a wish or a plan
("*wants* to get", "*plans* to give") moves nothing yet and has no doer here. :mod:`paraqd.analysis.directions`
reads the doer of a move with :func:`controller`.
"""

from __future__ import annotations

from .lexicon import default_lexicon

#: WordNet concepts of a wish or a plan ("want", "hope", "plan", "intend")
_WISHING = frozenset({"desire.v.01", "intend.v.01"})


def obliged(verb) -> bool:
    """Whether ``verb`` is the infinitive of an obligation, "*has to* pay", "*is to* pay" (no object of "have"
    between them: "has 15 crayons *to give* away" is what he holds; "has to *have* 3 keys cut" holds)."""
    return verb.dep_ == "xcomp" and verb.lemma_ not in ("have", "be") and any(
        c.dep_ == "aux" and c.lower_ == "to" for c in verb.children) and not any(
        c.dep_ in ("dobj", "attr") for c in verb.head.children)


def wished(verb) -> bool:
    """Whether ``verb`` only wishes or plans what its complement says ("*wants* to get", "*plans* to provide"):
    its first sense under WordNet's ``desire.v.01`` or ``intend.v.01``; such an act moves nothing yet."""
    lexicon = default_lexicon()
    senses = lexicon.verb_senses((verb.lemma_ or verb.text).lower(), 1) if lexicon is not None else []
    return bool(senses and senses[0][0] & _WISHING)


def controller(verb):
    """The verb whose subject does ``verb``, a verb with no subject of its own: the head of an open complement
    with no object, which would be its doer ("*has to* pay", "*decided* to keep"; not "asked Tom to pay"), of a
    participle clause ("mowed lawns, *earning* 90 dollars"), or of a participle after a thing that does nothing
    (WordNet: no person, no animal), the verb's object ("*washed* cars earning 74 dollars"); else ``None``, also
    for the complement of a wish or a plan (:func:`wished`: "*wants* to get")."""
    head = verb.head
    if verb.dep_ == "xcomp" and head.pos_ in ("VERB", "AUX"):
        if any(c.dep_ in ("dobj", "dative") for c in head.children) or wished(head):
            return None
        return head
    if verb.tag_ != "VBG" or any(c.dep_ == "mark" for c in verb.children):
        return None
    if verb.dep_ == "advcl" and head.pos_ in ("VERB", "AUX"):
        return head
    lexicon = default_lexicon()
    thing = head
    while thing.dep_ == "conj" and thing.head.pos_ == "NOUN":  # "repaired bikes ... and fences *earning* $25"
        thing = thing.head
    if verb.dep_ == "acl" and thing.dep_ == "dobj" and thing.head.pos_ == "VERB" and lexicon is not None:
        kinds = lexicon.kinds((head.lemma_ or head.text).lower())
        return thing.head if kinds and not {"person", "animal"} & set(kinds) else None
    return None
