"""Which way a quantity moves: who gains it and who loses it, read from its verb and the verb's arguments.

"She *gave* 5 crayons to Mae" and "She *got* 5 crayons from Mae" keep the number, the names and the nouns; the
crayons now travel the other way and the answer changes. :func:`quantity_direction` reads, for a number of a
text, the verb that moves it and what that verb does to each participant:

- a change of *possession*: the verb's agent gains the thing ("get", "buy", "earn", "receive", "collect": a
  sense below WordNet's ``get.v.01``, "come into the possession of", or ``take.v.08``, "take into one's
  possession") or loses it ("give", "sell", "pay", "spend", "lend", "deposit", "lose", "eat": below
  ``give.v.01/03/08``, ``transfer.v.05``, ``pay.v.01``, ``lose.v.01``, ``consume.v.02``); the other side of the
  transfer (a "to" phrase, the first of two objects, a passive's subject; a "from" phrase) goes the other way.
  A passive keeps the roles: the agent is its "by" phrase ("5 crayons were given to Mae by Nori").
- a change of *place*: the thing goes into a place ("add", ``add.v.01``; "arrive") or out of one ("remove",
  "delete", ``remove.v.01``; "leave"), or moves with a direction particle, the small closed class of
  "in, into, on, onto, aboard" against "off, out, away" ("got *on* the train", "flew *away*"), after its verb
  ("*On* Monday, 35 people got *off*": a fronted phrase is a time or a setting). A particle that agrees with a
  change of possession keeps its giver and taker as well ("gave *away* 8 cookies to her neighbours": she loses).
- a noun that names a transfer, counted by the number ("a $50 *payment*" -> "pay"), reads as its verb
  (WordNet's derivational links).
- a change of an *amount* (a price, a speed) that the number measures: up ("has *gone up* by 45%", a
  *surcharge* of $25, a 5% *fee*: a first sense under WordNet's ``increase`` or ``charge`` concepts) or down
  ("*drops* by 100 km", a 45% *discount*: under ``decrease``); under a verb that moves it as well ("*gets* a 30%
  discount", "*added* a 30% surcharge").

A unit of measure names no act ("250 *feet* of tape" is no "foot the bill"), and a bare length or time ("ran 24
*miles*") is the extent of a motion, moved into or out of no place; a giver is never the receiver of the same
transfer (a subject inherited across clauses that is also the receiver is a misread giver: that move reads no
signs at all).

Senses are WordNet's, most frequent first: the first of a verb's three first senses that falls under one of
those few concepts decides (the concepts are the grammar of a transfer, not a list of verbs). Without WordNet
(:func:`paraqd.analysis.lexicon.default_lexicon` is ``None``) only the particles are read.

What changed between the two texts of a pair is read in :mod:`paraqd.analysis.direction_changes`.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass

from .compared import comparisons
from .document import Mention, NumberMention, QuestionDoc
from .lexicon import default_lexicon
from .terms import token_mention

GAIN, LOSS = 1, -1
#: the participant of a change of place ("added to the shelf", "got off the train")
PLACE = "the place"
_AGENT, _MOVE = "agent", "place"

#: WordNet concepts of a change of possession, for the verb's agent
_AGENT_GAINS = frozenset({"get.v.01", "take.v.08"})
_AGENT_LOSES = frozenset({"give.v.01", "give.v.03", "give.v.08", "transfer.v.05", "pay.v.01", "lose.v.01",
                          "consume.v.02", "transmit.v.04"})
#: WordNet concepts of a change of place, for the thing moved
_INTO_PLACE = frozenset({"add.v.01", "arrive.v.01"})
_OUT_OF_PLACE = frozenset({"remove.v.01", "leave.v.01"})
#: WordNet concepts of a change of an amount (a price, a speed): up ("increase", "go up", a "surcharge", a "fee",
#: a "tax", a "markup") or down ("decrease", "drop", a "discount", a "reduction")
_AMOUNT_UP = frozenset({"increase.v.01", "increase.v.02", "increase.n.02", "increase.n.04", "addition.n.03",
                        "charge.n.03", "charge.n.08", "gain.n.04"})
_AMOUNT_DOWN = frozenset({"decrease.v.01", "decrease.v.02", "decrease.n.01", "decrease.n.02", "decrease.n.03",
                          "decrease.n.04"})
#: the participant of a change of an amount ("gone up by 45%", "a 45% discount")
AMOUNT = "the amount"
#: direction particles (closed class): toward a place, away from it
_TOWARD = frozenset({"in", "into", "on", "onto", "aboard"})
_AWAY = frozenset({"off", "out", "away"})
#: the same person named by a pronoun in another case
_PRONOUN = {"him": "he", "his": "he", "her": "she", "hers": "she", "them": "they", "their": "they", "me": "i",
            "my": "i", "us": "we", "our": "we"}
_SENSES = 3
_MAX_STEPS = 6


@dataclass(frozen=True)
class Direction:
    """How one number moves: the word that says it (``verb_at``), its lemma (with its particle), and each
    participant's sign (:data:`GAIN` or :data:`LOSS`) by the participant's word (or :data:`PLACE`)."""

    verb: str
    verb_at: Mention
    signs: tuple[tuple[str, int], ...]
    #: each participant's words as written (none for :data:`PLACE`)
    named: tuple[tuple[str, Mention], ...] = ()

    def sign_of(self, who: str) -> int:
        return dict(self.signs).get(who, 0)

    def mention_of(self, who: str) -> Mention | None:
        return dict(self.named).get(who)


@functools.lru_cache(maxsize=4096)
def verb_direction(lemma: str) -> tuple[str, int] | None:
    """``(agent or place, GAIN or LOSS)`` for a verb's lemma by its WordNet senses; ``None`` when no sense of
    the first three falls under a transfer or a change of place (or WordNet is absent)."""
    lexicon = default_lexicon()
    if lexicon is None:
        return None
    for above, _antonyms in lexicon.verb_senses(lemma, _SENSES):
        for concepts, way in ((_AGENT_GAINS, (_AGENT, GAIN)), (_AGENT_LOSES, (_AGENT, LOSS)),
                              (_INTO_PLACE, (_MOVE, GAIN)), (_OUT_OF_PLACE, (_MOVE, LOSS))):
            if above & concepts:
                return way
    return None


@functools.lru_cache(maxsize=4096)
def amount_direction(lemma: str, pos: str = "v", money: bool = False) -> int:
    """:data:`GAIN` when the first sense of ``lemma`` (a verb, or a noun with ``pos="n"``) that changes an amount
    raises it ("increase", "go_up", "surcharge"), :data:`LOSS` when it lowers it ("drop", "discount"), else 0.
    A noun's first sense only, unless it counts ``money``: the unit picks a price among its first senses (a $5
    "charge" is a price, a "charge" alone an attack)."""
    lexicon = default_lexicon()
    if lexicon is None:
        return 0
    for above, _antonyms in lexicon.verb_senses(lemma, _SENSES if pos == "v" or money else 1, pos):
        if above & _AMOUNT_UP:
            return GAIN
        if above & _AMOUNT_DOWN:
            return LOSS
    return 0


def _amount_change(tok, money: bool = False) -> tuple[int, object] | None:
    """``(sign, the word)`` when the number token ``tok`` measures a change of an amount: it counts a noun of
    one ("a 45% *discount*", "a *surcharge* of 25 dollars", a $5 *charge* when the number is ``money``) or is
    what a verb of one changes by ("has *gone up* by 45%", "*drops* by 100 km")."""
    cur = tok
    for _ in range(4):
        head = cur.head
        if head is cur:
            return None
        if cur.dep_ == "pobj" and head.lower_ == "by" and head.head.pos_ == "VERB":
            verb = head.head
            prt = _child(verb, ("prt",))
            lemma = (verb.lemma_ or verb.text).lower()
            sign = amount_direction(f"{lemma}_{prt.lower_}") if prt is not None else 0
            sign = sign or amount_direction(lemma)
            return (sign, verb) if sign else None
        if cur.dep_ == "pobj" and head.lower_ != "of":
            return None
        if head.pos_ == "NOUN" and not head.like_num and head.i != tok.i and head.text not in ("%",):
            lemma = (head.lemma_ or head.text).lower()
            # a compound WordNet knows first: "service *charge*" is a fee, "charge" alone an attack
            compound = next((c.lower_ for c in head.children if c.dep_ == "compound" and c.is_alpha), None)
            sign = amount_direction(f"{compound}_{lemma}", "n", money) if compound else 0
            sign = sign or amount_direction(lemma, "n", money)
            if sign:
                return sign, head
        if head.pos_ in ("VERB", "AUX"):
            return None
        cur = head
    return None


@functools.lru_cache(maxsize=4096)
def _noun_direction(lemma: str) -> tuple[str, int] | None:
    lexicon = default_lexicon()
    verb = lexicon.verb_of(lemma) if lexicon is not None else None
    return verb_direction(verb) if verb else None


def holder_key(tok) -> str:
    word = tok.lower_ if tok.pos_ == "PRON" else (tok.lemma_ or tok.text).lower()
    return _PRONOUN.get(word, word)


def _child(verb, deps, words=None):
    return next((c for c in verb.children if c.dep_ in deps and (words is None or c.lower_ in words)), None)


def _object_of(prep):
    return next((g for g in prep.children if g.dep_ == "pobj"), None) if prep is not None else None


def _after(verb, deps, words):
    """The first child of ``verb`` in ``deps`` among ``words`` that follows it: a particle or a place of its
    motion comes after the verb ("got *off* the ferry"), a fronted phrase is a time or a setting ("*On*
    Monday, 35 people got off")."""
    return next((c for c in verb.children if c.dep_ in deps and c.lower_ in words and c.i > verb.i), None)


def _particle_word(verb):
    return _after(verb, ("prt", "advmod"), _TOWARD | _AWAY)


def _particle(verb) -> int:
    prt = _particle_word(verb)
    return 0 if prt is None else (GAIN if prt.lower_ in _TOWARD else LOSS)


def _motion(verb) -> int:
    """The direction of an intransitive motion: a particle, or a preposition of place ("got *off* the train")."""
    sign = _particle(verb)
    if sign:
        return sign
    prep = _after(verb, ("prep",), (_TOWARD - {"in"}) | _AWAY)
    return 0 if prep is None else (GAIN if prep.lower_ in _TOWARD else LOSS)


def _moves_itself(verb) -> int:
    """The way a subject moves itself, said by a preposition of place right after its verb ("12 cars get *off*
    the ferry", "riders climb *onto* the tram"): the place loses or gains what the subject counts, however the
    verb reads alone ("get" a thing: gain it). A preposition before the verb ("*On* the next stops, ...") sets
    the scene and says no way."""
    prep = next((c for c in verb.rights if c.dep_ == "prep"), None)
    if prep is None or prep.lower_ not in (_TOWARD - {"in"}) | _AWAY or _object_of(prep) is None:
        return 0
    return GAIN if prep.lower_ in _TOWARD else LOSS


def moved_by(tok):
    """``(verb, role, the word under the verb)`` for the number token ``tok``: the verb whose object or subject
    holds it ("sold *78* of them", "*8* people got on", "gave half ... and another *two*"); ``None`` when
    the number hangs from a preposition first ("bought 5 apples *for $3*": a price, not the thing moved)."""
    cur = tok
    if tok.dep_ == "conj" and not tok.head.like_num and _child(tok, ("prep",)) is not None:
        # "gave half to Carl, and another *two* to Simon": the verb elided before a number with a phrase of its own
        verb = next((a for a in tok.ancestors if a.pos_ == "VERB"), None)
        return None if verb is None else (verb, "dobj", tok)
    for _ in range(_MAX_STEPS):
        head = cur.head
        if head is cur:
            return None
        if (cur.dep_ == "pobj" and head.lower_ != "of") or cur.lower_ == "worth":
            return None  # "for $3", "$25 *worth* of groceries": a price, not the thing moved
        if head.pos_ == "VERB":
            return head, cur.dep_, cur
        cur = head
    return None


def _subject(verb):
    """The verb's subject and whether it is a passive's, inherited from the verb it is coordinated with
    ("He spent 2/5 ... and *was given* $8")."""
    cur = verb
    for _ in range(3):
        subj = _child(cur, ("nsubj", "nsubjpass"))
        if subj is not None:
            return subj
        if cur.dep_ != "conj" or cur.head.pos_ not in ("VERB", "AUX"):
            return None
        cur = cur.head
    return None


def _passive(verb) -> bool:
    """Whether ``verb`` is a passive; a contracted "'s" before a participle with a direct object is "has", a
    perfect ("He's already sold 4 brownies": he sold them), whatever the parser labelled it."""
    if any(c.dep_ == "auxpass" and c.lower_ in ("'s", "’s") for c in verb.children) and any(
            c.dep_ == "dobj" for c in verb.children):
        return False
    return any(c.dep_ in ("auxpass", "nsubjpass") for c in verb.children)


def _transfer(verb, role: str, under, way: int, named: dict[str, Mention]) -> dict[str, int]:
    """Each participant's sign in a change of possession whose agent's sign is ``way`` (their words as written
    go in ``named``)."""
    signs: dict[str, int] = {}
    passive = _passive(verb)
    subj = _subject(verb)
    agent = _object_of(_child(verb, ("agent",))) if passive else subj
    recipient = _object_of(_child(verb, ("prep", "dative"), ("to",)))
    if recipient is None:
        objects = [c for c in verb.children if c.dep_ in ("dative", "dobj") and c.pos_ != "ADP"]
        if len(objects) >= 2 or (objects and objects[0].dep_ == "dative" and objects[0] is not under):
            recipient = objects[0]
    if passive and subj is not None and role != "nsubjpass" and subj.pos_ in ("PRON", "PROPN"):
        recipient = subj  # "she was given 8 dollars": the subject receives
    if agent is not None and recipient is not None and agent.head is not verb and holder_key(agent) == holder_key(
            recipient):
        return signs  # a subject inherited from another clause that receives here: the giver is unknown, no sign read
    source = _object_of(_child(verb, ("prep",), ("from",)))
    if role not in ("dobj", "nsubjpass", "dative", "conj") or (passive and role == "dobj" and subj is None):
        return signs
    if role == "nsubjpass" and not passive:
        return signs
    # whoever a thing is given, sold or bought *for* ends up with it; a "from" phrase is where it came from
    for who, sign in ((agent, way), (recipient, GAIN), (source, LOSS)):
        if who is not None and who is not under and who.pos_ in ("PROPN", "PRON", "NOUN"):
            if holder_key(who) not in signs:
                signs[holder_key(who)] = sign
                named[holder_key(who)] = token_mention(who)
    return signs


#: the units of an extent: a length or a time measures how far or how long, or a thing's size, never a thing that
#: goes into or out of a place ("ran 24 miles", "reach a goal of 24 miles")
_EXTENTS = frozenset({"Length", "Time"})


def _units(doc: QuestionDoc) -> dict[int, str]:
    """The category of each unit of ``doc`` by the offset of its first character."""
    return {u.start: u.unit.category for u in doc.units if u.unit is not None}


def _extent(tok, units: dict[int, str]) -> bool:
    """Whether the number token ``tok`` counts a bare length or time ("24 *miles*"), not stuff measured by one
    ("80 feet *of rope*")."""
    head = tok.head if tok.dep_ in ("nummod", "quantmod") else None
    return (head is not None and units.get(head.idx) in _EXTENTS
            and _child(head, ("prep",), ("of",)) is None)


def number_direction(doc: QuestionDoc, number: NumberMention) -> Direction | None:
    """How ``number`` moves in ``doc`` (its verb and every participant's sign), or ``None`` when no verb
    moves it in a way read here."""
    span = doc.span(number)
    if span is None:
        return None
    tok = next((t for t in span if t.like_num or t.pos_ == "NUM"), span[-1])
    found = moved_by(tok)
    moved = moved_direction(tok, *found, units=_units(doc)) if found is not None else None
    change = _amount_change(tok, number.currency is not None)
    if moved is not None:
        # "gets a 25% *discount*", "adds a 25% *surcharge*": the noun the number counts says which way the amount goes
        return moved if change is None else Direction(moved.verb, moved.verb_at, tuple(sorted(
            (*moved.signs, (AMOUNT, change[0])))), (*moved.named, (AMOUNT, token_mention(change[1]))))
    if change is None:
        return None
    return Direction((change[1].lemma_ or change[1].text).lower(), token_mention(change[1]), ((AMOUNT, change[0]),))


def moved_direction(tok, verb, role: str, under, units: dict[int, str] | None = None) -> Direction | None:
    """The direction of the number token ``tok`` moved by ``verb`` (``under``: the word under the verb that holds
    it, in the ``role``; ``units``: the category of each unit of the text by its offset, :func:`_units`). A unit
    names no act ("250 *feet*" is no "foot the bill"), and a bare length or time is moved by no verb of place."""
    units = units or {}
    if verb.dep_ in ("acl", "ccomp", "xcomp", "oprd") and verb.head.lemma_ in ("have", "be"):
        return None  # "has 15 crayons *left*": what remains, not a move
    lemma = (verb.lemma_ or verb.text).lower()
    particle = _particle(verb)
    signs: dict[str, int] = {}
    named: dict[str, Mention] = {}
    word = lemma
    if particle and role in ("dobj", "nsubj", "nsubjpass"):  # "took 8 roses *out*", "flew *away*"
        signs[PLACE] = particle
        word = f"{lemma} {_particle_word(verb).lower_}"
        way = verb_direction(lemma)
        if way is not None and way == (_AGENT, particle):
            # "gave *away* 8 to her neighbours", "took *in* $40": a particle that agrees with the transfer keeps
            # its giver and its taker
            signs.update(_transfer(verb, role, under, way[1], named))
    elif role == "nsubj" and _moves_itself(verb):  # "14 riders get *off* the tram"
        signs[PLACE] = _moves_itself(verb)
    else:
        way = verb_direction(lemma)
        if way is not None and way[0] == _MOVE and _extent(tok, units):
            way = None  # "running a total of 24 miles": the distance run, not a thing leaving a place
        if way is None and role == "dobj" and under is not tok and under.pos_ == "NOUN" and under.idx not in units:
            way = _noun_direction((under.lemma_ or under.text).lower())  # "makes a $50 *payment*"
            word = (under.lemma_ or under.text).lower() if way is not None else word
        if way is not None and way[0] == _AGENT:
            signs = _transfer(verb, role, under, way[1], named)
        elif way is not None and role in ("dobj", "nsubj", "nsubjpass"):
            signs[PLACE] = way[1]
        if not signs and role == "nsubj" and _motion(verb):  # "8 people got *off* the train"
            signs[PLACE] = _motion(verb)
    if not signs:
        return None
    at = under if word == (under.lemma_ or under.text).lower() and under.pos_ == "NOUN" else verb
    return Direction(word, token_mention(at), tuple(sorted(signs.items())),
                     tuple(sorted(named.items(), key=lambda item: item[0])))


def directions(doc: QuestionDoc) -> list[tuple[NumberMention, Direction]]:
    """Every number of ``doc`` with the way it moves (once per document)."""
    cached = doc.doc.user_data.get("paraqd.directions")
    if cached is None:
        cached = []
        # a number that compares ("one-third *as many* as", "3 more than") is a relation, not a thing moved
        comparing = {m.start for _key, _way, m in comparisons(doc)}
        for number in doc.numbers:
            if number.start in comparing:
                continue
            found = number_direction(doc, number)
            if found is not None:
                cached.append((number, found))
        doc.doc.user_data["paraqd.directions"] = cached
    return cached


def doer(doc: QuestionDoc, number: NumberMention):
    """``(verb token, who does it)`` for the verb that holds ``number``: its agent (a passive's "by" phrase),
    or the thing counted when the number is the subject ("8 people *left*")."""
    span = doc.span(number)
    if span is None:
        return None
    tok = next((t for t in span if t.like_num or t.pos_ == "NUM"), span[-1])
    found = moved_by(tok)
    if found is None:
        return None
    verb, role, under = found
    if role in ("nsubj", "nsubjpass"):
        return verb, under
    if role not in ("dobj", "conj", "dative"):
        return None
    who = _object_of(_child(verb, ("agent",))) if _passive(verb) else _subject(verb)
    return (verb, who) if who is not None and who.pos_ in ("PROPN", "PRON", "NOUN") else None


def moves_by_itself(doc: QuestionDoc, number: NumberMention) -> bool:
    """Whether the things ``number`` counts leave by themselves, as the subject ("4 customers *left*"), not taken
    by an agent, who gains them ("they *harvest* 76 sacks" from a field)."""
    found = doer(doc, number)
    return found is not None and any(t.idx == number.start for t in found[1].subtree)


def verb_antonyms(lemma: str) -> frozenset[str]:
    """The WordNet antonyms of the first senses of the verb ``lemma`` (none without WordNet)."""
    lexicon = default_lexicon()
    if lexicon is None:
        return frozenset()
    return frozenset().union(*(ants for _above, ants in lexicon.verb_senses(lemma, _SENSES)))
