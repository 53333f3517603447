"""Who holds a quantity before and after it moves: the place it leaves, the place or person it goes to, and a
new transfer of money to a holder the problem counts money for.

:mod:`paraqd.analysis.directions` reads a number's verb: who gains it and who loses it by the verb's meaning
("gave", "bought", "removed"). A move also names its ends with the grammar of the clause, whatever the verb:

- a *source*: the object of "from", "out of", "off (of)" ("cut 8 roses *from the garden*", "took 8 roses *out
  of the vase*"): the place or person loses the things;
- a *destination*: the object of "into", "onto" ("dropped 12 coins *into the jar*"), or of "in", "on" after a
  verb of caused motion (WordNet's ``move.v.02``, "cause to move or shift into a new position", or
  ``put.v.01``, in the verb's first sense: "*put* them *in the vase*", not "*bought* 6 apples *in the
  market*", where "in" places the event): the place gains them;
- a *beneficiary*: a person the things are for ("bought 4 pens *for Ana*", "picked up 10 chocolates *as a gift
  for her friend*"): the person ends up with them (a person: a name, a personal pronoun, or with WordNet a
  noun whose first sense is a person).

The ends are read on the number's verb, on a verb coordinated with it whose object is a pronoun for the same
things ("took 8 roses out of the vase and *put them in the garden*") and on the counted noun's own phrase.
:func:`reversed_holders` aligns the numbers of a pair by value and reports a holder (by its word) that gains a
quantity in one text and loses it in the other, where at least one of the two signs is an end read here (the
verbs' own flips are :func:`~paraqd.analysis.direction_changes.flipped_directions`'): "cut 8 roses from the garden
and put them in the vase" -> "took 8 roses out of the vase and put them in the garden"; "picked up 10
chocolates as a gift for her friend" -> "her friend gave her 10 chocolates as a gift".

:func:`added_transfers`: a sum of money the paraphrase adds that moves by the same verb to or from the same
holder as a quantity of the question ("half of the households give him a pair of 20s" -> "... Each of the
other households gives him a *$10* bill"), in a problem that asks for a sum of money, is a new quantity of the
problem, not context: whatever a holder is given, paid or charged enters the total asked for.

:func:`unnumbered_flips`: things counted by a quantifier and no number ("*some* marbles", "*several* riders"),
moved once in each text outside the asking clause, aligned by their noun, with a holder that gains them in one
text and loses them in the other ("dropped some marbles into the jar" -> "took some marbles out of the jar";
"added some figures to the shelf" -> "took some figures off the shelf": the place the verb fills is the shelf
the other text empties).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from .asked_quantity import money_asked
from .direction_changes import aligned_by_value
from .directions import (
    AMOUNT,
    GAIN,
    LOSS,
    PLACE,
    directions,
    holder_key,
    moved_by,
    moved_direction,
)
from .document import Mention, NumberMention, QuestionDoc
from .lexicon import default_lexicon
from .terms import token_mention

if TYPE_CHECKING:
    from .pair import QuestionPair

#: prepositions of a move's ends (closed class): where things come from, where they go
_SOURCE = frozenset({"from"})
_OUT = frozenset({"out", "off"})
_INTO = frozenset({"into", "onto"})
_IN = frozenset({"in", "on", "inside"})
#: WordNet concepts of caused motion: "put", "place", "pour", "cut", "drop" (first sense)
_CAUSED_MOTION = frozenset({"move.v.02", "put.v.01"})
_PERSONAL = frozenset({"he", "she", "him", "her", "they", "them", "i", "me", "we", "us", "you"})
_NOUNS = frozenset({"NOUN", "PROPN", "PRON"})
_ROLES = frozenset({"dobj", "nsubj", "nsubjpass", "conj"})
_WH = frozenset({"how", "what", "which"})


def _caused_motion(verb) -> bool:
    lexicon = default_lexicon()
    if lexicon is None:
        return False
    senses = lexicon.verb_senses((verb.lemma_ or verb.text).lower(), 1)
    return bool(senses and senses[0][0] & _CAUSED_MOTION)


def _is_person(tok) -> bool:
    if tok.pos_ == "PROPN" or (tok.pos_ == "PRON" and tok.lower_ in _PERSONAL and tok.lower_ not in ("them",)):
        return True
    if tok.pos_ != "NOUN":
        return False
    lexicon = default_lexicon()
    return lexicon is not None and lexicon.kinds((tok.lemma_ or tok.text).lower()) == ("person",)


def _pobj(prep):
    return next((c for c in prep.children if c.dep_ == "pobj" and c.pos_ in _NOUNS), None)


def _prep_end(verb, prep, in_unit: set[int]):
    """``(the object, sign)`` of one prepositional phrase of ``verb`` that names an end of the move, or ``None``."""
    word = prep.lower_
    if word in _OUT:  # "out of the vase", "off of the shelf"
        inner = next((c for c in prep.children if c.dep_ == "prep" and c.lower_ == "of"), None)
        obj, sign = (_pobj(inner) if inner is not None else _pobj(prep)), LOSS
    elif word == "of" and any(c.dep_ == "prt" and c.lower_ in _OUT for c in verb.children):
        obj, sign = _pobj(prep), LOSS  # "took *out* 8 roses *of* the vase"
    elif word in _SOURCE:
        obj, sign = _pobj(prep), LOSS
    elif word in _INTO or (word in _IN and _caused_motion(verb)):
        obj, sign = _pobj(prep), GAIN
    elif word == "for":
        obj = _pobj(prep)
        obj, sign = (obj, GAIN) if obj is not None and _is_person(obj) else (None, 0)
    else:
        return None
    if obj is None or obj.idx in in_unit or obj.like_num:
        return None
    return obj, sign


def _end_phrases(verb, under):
    """The prepositional phrases that may name an end: the verb's, the counted noun's ("4 pens *for Ana*"),
    and those of an "as" phrase's object ("as a gift *for her friend*")."""
    preps = [c for c in verb.children if c.dep_ in ("prep", "dative")]
    if under is not None and under is not verb:
        preps += [c for c in under.children if c.dep_ == "prep"]
    for prep in list(preps):
        if prep.lower_ == "as":
            obj = _pobj(prep)
            preps += [c for c in obj.children if c.dep_ == "prep" and c.lower_ == "for"] if obj is not None else []
    return preps


def _same_things_verbs(verb):
    """``verb`` and the verbs coordinated with it whose object is a pronoun for the same things ("took 8 roses
    ... and *put them* in the garden")."""
    found = [verb]
    for conj in verb.children:
        if conj.dep_ == "conj" and conj.pos_ == "VERB" and any(
                c.dep_ == "dobj" and c.lower_ in ("them", "it") for c in conj.children):
            found.append(conj)
    return found


def endpoints(doc: QuestionDoc, number: NumberMention) -> list[tuple[str, int, Mention, Mention]]:
    """``(holder, GAIN or LOSS, its words, the preposition)`` for each end of the move of ``number`` named by a preposition
    (module docstring); empty when no verb moves it."""
    span = doc.span(number)
    if span is None:
        return []
    return token_endpoints(doc, next((t for t in span if t.like_num or t.pos_ == "NUM"), span[-1]))


def token_endpoints(doc: QuestionDoc, tok) -> list[tuple[str, int, Mention, Mention]]:
    """:func:`endpoints` of the move of the token ``tok`` (a number, or the noun of things no number counts)."""
    found = moved_by(tok)
    if found is None or found[1] not in _ROLES:
        return []
    verb, role, under = found
    if _asks(verb):
        return []  # "how many boxes remained for him": the asked quantity, no move of this number
    in_unit = {i for u in doc.units for i in range(u.start, u.end)}
    ends: dict[str, tuple[int, Mention, Mention]] = {}
    for each in _same_things_verbs(verb):
        for prep in _end_phrases(each, under if each is verb else None):
            end = _prep_end(each, prep, in_unit)
            if end is not None and (prep.lower_ != "for" or role == "dobj"):  # things bought *for* someone
                obj, sign = end
                ends.setdefault(holder_key(obj), (sign, token_mention(obj), token_mention(prep)))
    return [(who, sign, at, word) for who, (sign, at, word) in ends.items()]


def _asks(verb) -> bool:
    """Whether ``verb`` is asked about: a wh-word in its subject or object ("*how many* boxes remained")."""
    return any(t.lower_ in _WH for c in verb.children if c.dep_ in ("nsubj", "nsubjpass", "dobj") for t in c.subtree)


@dataclass(frozen=True)
class HolderFlip:
    """A number whose holder ``who`` gains it in one text and loses it in the other: the holder's words and the
    word that says the move on each side."""

    number: NumberMention
    who: str
    question_sign: int
    question_at: Mention
    question_word: Mention
    paraphrase_at: Mention
    paraphrase_word: Mention


def _signs(doc: QuestionDoc, number: NumberMention, by_start) -> dict[str, tuple[int, Mention, Mention, bool]]:
    """Every holder of ``number``'s move: ``(sign, holder's words, the move's word, read from an end)``."""
    signs = {}
    direction = by_start.get(number.start)
    if direction is not None:
        for who, sign in direction.signs:
            at = direction.mention_of(who)
            if who not in (PLACE, AMOUNT) and at is not None:
                signs[who] = (sign, at, direction.verb_at, False)
    for who, sign, at, word in endpoints(doc, number):
        signs.setdefault(who, (sign, at, word, True))
    return signs


def reversed_holders(pair: QuestionPair) -> list[HolderFlip]:
    """The numbers, aligned by value, with a holder that gains them in one text and loses them in the other, one
    of the two read from an end of the move (module docstring)."""
    q_dirs = {n.start: d for n, d in directions(pair.question)}
    p_dirs = {n.start: d for n, d in directions(pair.paraphrase)}
    found = []
    for q_num, p_num in aligned_by_value(pair):
        q_signs = _signs(pair.question, q_num, q_dirs)
        if not q_signs:
            continue
        p_signs = _signs(pair.paraphrase, p_num, p_dirs)
        for who, (q_sign, q_at, q_word, q_end) in q_signs.items():
            p = p_signs.get(who)
            if p is not None and p[0] == -q_sign and (q_end or p[3]):
                found.append(HolderFlip(q_num, who, q_sign, q_at, q_word, p[1], p[2]))
                break
    return found


def added_transfers(pair: QuestionPair) -> tuple[NumberMention, ...]:
    """The sums of money the paraphrase writes more often than the question that move by the same verb, with
    the same sign, for a holder a quantity of the question moves for, in a problem that asks for money
    (computed once per pair, :meth:`~paraqd.analysis.pair.QuestionPair.cached`: the number and the unit checks
    both read it)."""
    return pair.cached("paraqd.analysis.holders.added_transfers", _added_transfers)


def _added_transfers(pair: QuestionPair) -> tuple[NumberMention, ...]:
    question, paraphrase = pair.question, pair.paraphrase
    if money_asked(question) is None:
        return ()
    moves = {(d.verb.split()[0], who, sign) for _n, d in directions(question) for who, sign in d.signs
             if who not in (PLACE, AMOUNT)}
    if not moves:
        return ()
    q_values = [n.rounded for n in question.numbers]
    p_values = [n.rounded for n in paraphrase.numbers]
    found = []
    for number, direction in directions(paraphrase):
        if number.kind != "currency" or p_values.count(number.rounded) <= q_values.count(number.rounded):
            continue
        verb = direction.verb.split()[0]
        if any((verb, who, sign) in moves for who, sign in direction.signs):
            found.append(number)
    return tuple(found)


#: quantifiers that stand for a number nobody wrote (closed class): "*some* marbles", "*several* riders"
_VAGUE = frozenset({"some", "several", "many", "few", "more", "fewer", "less", "much"})


@dataclass(frozen=True)
class UnnumberedFlip:
    """Things no number counts ("some marbles") that one holder gains in one text and loses in the other: the
    words for the things, the holder (``who``, or :data:`PLACE` for a place the verb itself names) and the word
    that says the move on each side."""

    question_at: Mention
    paraphrase_at: Mention
    question_way: tuple[str, int, Mention | None, Mention]
    paraphrase_way: tuple[str, int, Mention | None, Mention]


def _unnumbered_moves(doc: QuestionDoc) -> dict[str, list[tuple[Mention, dict]]]:
    """The moves of things counted by a quantifier and no number, outside the asking clause, by the things'
    lemma: ``(their words, {holder: (sign, holder's words, the move's word, a place end)})``."""
    found: dict[str, list[tuple[Mention, dict]]] = {}
    for tok in doc.doc:
        quantifiers = [c for c in tok.children if c.lower_ in _VAGUE and c.dep_ in ("det", "amod", "advmod")]
        if tok.pos_ != "NOUN" or not quantifiers or any(c.like_num for c in tok.children) or any(
                t.lower_ in _WH for t in tok.subtree):
            continue
        moved = moved_by(tok)
        if moved is None or moved[2] is not tok or _asks(moved[0]):
            continue
        signs: dict = {}
        direction = moved_direction(tok, *moved)
        for who, sign in direction.signs if direction is not None else ():
            if who != AMOUNT:
                signs[who] = (sign, direction.mention_of(who), direction.verb_at, False)
        for who, sign, at, word in token_endpoints(doc, tok):
            span = doc.doc.char_span(at.start, at.end)
            signs.setdefault(who, (sign, at, word, span is not None and not _is_person(span[0])))
        if signs:
            start = min(t.idx for q in quantifiers for t in q.subtree)
            found.setdefault((tok.lemma_ or tok.text).lower(), []).append(
                (Mention(start, tok.idx + len(tok.text), doc.text[start:tok.idx + len(tok.text)]), signs))
    return found


def _opposed(q_signs: dict, p_signs: dict) -> tuple[str, str] | None:
    """The holders (question's, paraphrase's) that gain in one text and lose in the other: the same holder, or
    the place a verb moves things into or out of in one text and a place named as an end in the other."""
    for who, (sign, *_rest) in q_signs.items():
        if who in p_signs and p_signs[who][0] == -sign:
            return who, who
    for one, other, flip in ((q_signs, p_signs, False), (p_signs, q_signs, True)):
        if PLACE in one and PLACE not in other:
            place = next((w for w, (s, _at, _word, end) in other.items() if end and s == -one[PLACE][0]), None)
            if place is not None:
                return (place, PLACE) if flip else (PLACE, place)
    return None


def unnumbered_flips(pair: QuestionPair) -> list[UnnumberedFlip]:
    """Things counted by a quantifier and no number ("some marbles"), moved once in each text (aligned by their
    lemma), that a holder gains in one text and loses in the other: "dropped some marbles *into* the jar" ->
    "took some marbles *out of* the jar", "*gave* some cards to Paul" -> "*got* some cards from Paul"."""
    q_moves, p_moves = _unnumbered_moves(pair.question), _unnumbered_moves(pair.paraphrase)
    found = []
    for lemma, q_found in q_moves.items():
        p_found = p_moves.get(lemma, [])
        if len(q_found) != 1 or len(p_found) != 1:
            continue
        (q_at, q_signs), (p_at, p_signs) = q_found[0], p_found[0]
        opposed = _opposed(q_signs, p_signs)
        if opposed is not None:
            q_sign, q_who, q_word, _ = q_signs[opposed[0]]
            p_sign, p_who, p_word, _ = p_signs[opposed[1]]
            found.append(UnnumberedFlip(q_at, p_at, (opposed[0], q_sign, q_who, q_word),
                                        (opposed[1], p_sign, p_who, p_word)))
    return found
