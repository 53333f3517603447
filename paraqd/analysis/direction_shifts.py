"""Directions turned round where no verb of one text stands against a verb of the other.

:func:`~paraqd.analysis.directions.flipped_directions` compares one number's move in both texts. Two ways a
rewording turns a quantity round escape it:

- :func:`split_apart`: quantities one verb moves together in the question ("lost 3 pounds in March *and* 4
  pounds in April", "made 325 dollars in the first days and 114 dollars in the rest") go the same way, whatever
  that way is; a paraphrase that gives one holder the first and takes the second from them ("I lost 3 pounds
  ..., but I gained 4 pounds") turns one of them round. Quantities moved together are numbers of the same
  counted noun (or the same kind of amount) reached from the same verb token through nothing but time and
  place phrases ("in", "on", "during", "over", "of": closed class); a "for" or "at" phrase is a price or an
  exchange ("traded 3 marbles *for* 7 marbles": one goes out, the other comes in).
- :func:`held_and_gone`: a quantity one text says its holder *has* ("He also has his two parents on his
  list", "Katie had 39 old games"; a verb whose first senses include WordNet's ``have.v.01`` or ``own.v.01``
  and that moves nothing, or "keep") and the other says leaves its holder or its place ("removed his two
  parents from his list", "sold your 39 old games", "donated 80%"). Not when the holding is a goal or an
  offer ("has 5 pounds *to lose*", "has 40 loaves *for* sale") or the text that holds the things moves them
  away later by a pronoun or the same noun ("has 40 muffins. It sells *all of them*": the paraphrase's "sells
  its 40 muffins" says both at once).
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from itertools import combinations
from typing import TYPE_CHECKING

from .directions import (
    _AGENT,
    _AGENT_LOSES,
    _OUT_OF_PLACE,
    AMOUNT,
    GAIN,
    LOSS,
    PLACE,
    Direction,
    aligned_by_value,
    directions,
    moved_by,
    verb_direction,
)
from .document import Mention, NumberMention, QuestionDoc
from .lexicon import default_lexicon
from .terms import antecedent, token_mention

if TYPE_CHECKING:
    from .pair import QuestionPair

#: prepositions of time and place a number may hang from and still be what its verb moves (closed class)
_ADJUNCTS = frozenset({"in", "on", "during", "over", "of", "after", "before", "throughout"})
#: WordNet concepts of holding: "have", "own", "possess", "keep" (third sense)
_HOLDING = frozenset({"have.v.01", "own.v.01"})
#: words that stand for things already counted (closed class): "sells *all of them*", "gave *it* away"
#: the concepts of a move away (:mod:`paraqd.analysis.directions`'s losses of an agent or of a place)
_MOVES = _AGENT_LOSES | _OUT_OF_PLACE
_SAME_THINGS = frozenset({"it", "them", "all", "each", "both", "these", "those", "everything"})
_MAX_STEPS = 6


def _token(doc: QuestionDoc, number: NumberMention):
    span = doc.span(number)
    return None if span is None else next((t for t in span if t.like_num or t.pos_ == "NUM"), span[-1])


def _asking(tok) -> bool:
    return any("?" in t.text for t in tok.sent)


def _together_key(tok, number: NumberMention):
    """``(verb index, counted noun)`` of the verb that moves ``tok`` with its siblings, or ``None``."""
    noun = (tok.head.lemma_ or tok.head.text).lower() if tok.dep_ == "nummod" else f"{number.kind}{number.currency}"
    cur = tok
    for _ in range(_MAX_STEPS):
        head = cur.head
        if head.i == cur.i:
            return None
        if cur.dep_ == "pobj" and head.lower_ not in _ADJUNCTS:
            return None
        if head.pos_ == "VERB":
            return head.i, noun
        cur = head
    return None


@dataclass(frozen=True)
class Split:
    """Two numbers one verb moves together in the question that the paraphrase moves opposite ways for
    ``who``: the question's verb, the paraphrase's two words and the holder's words there."""

    first: NumberMention
    second: NumberMention
    question_verb: Mention
    paraphrase: tuple[Direction, Direction]
    who: str


def split_apart(pair: QuestionPair) -> list[Split]:
    """Numbers one verb of the question moves together that the paraphrase gives a holder and takes from the
    same holder (module docstring)."""
    question = pair.question
    p_dirs = {n.start: d for n, d in directions(pair.paraphrase)}
    if len(p_dirs) < 2:
        return []
    aligned = {q.start: p for q, p in aligned_by_value(pair)}
    groups = defaultdict(list)
    for number in question.numbers:
        tok = _token(question, number)
        if number.start in aligned and tok is not None and not _asking(tok):
            key = _together_key(tok, number)
            if key is not None:
                groups[key].append(number)
    found = []
    for (verb_i, _noun), numbers in groups.items():
        for first, second in combinations(numbers, 2):
            one, other = p_dirs.get(aligned[first.start].start), p_dirs.get(aligned[second.start].start)
            if one is None or other is None:
                continue
            who = _opposed(pair.paraphrase, one, other)
            if who is not None:
                found.append(Split(first, second, token_mention(question.doc[verb_i]), (one, other), who))
                break
    return found


def _opposed(doc: QuestionDoc, one: Direction, other: Direction) -> str | None:
    """The holder ``one`` gives a quantity and ``other`` takes one from (or the reverse): the same word, or
    ``other``'s pronoun standing for ``one``'s holder (a name :func:`~paraqd.analysis.terms.antecedent` finds;
    "it" or "they" for a noun)."""
    for who, sign in one.signs:
        if who == AMOUNT:
            continue
        if other.sign_of(who) == -sign:
            return who
        at = one.mention_of(who)
        for pronoun, other_sign in other.signs:
            said = other.mention_of(pronoun)
            span = doc.doc.char_span(said.start, said.end) if said is not None and at is not None else None
            if other_sign != -sign or span is None or span[0].pos_ != "PRON" or said.start < at.start:
                continue
            held = doc.doc.char_span(at.start, at.end)
            if span[0].lower_ in ("it", "they") and held is not None and held[0].pos_ == "NOUN":
                return who  # "the tank lost 6 liters, but *it* gained 9"
            if antecedent(doc, span[0]) == who:
                return who
    return None


def _holds(verb) -> bool:
    """Whether ``verb`` says what its subject holds and moves nothing: its first sense under WordNet's "have" or
    "own", or one of its first senses under "have" with an antonym that loses ("keep", against "lose")."""
    lexicon = default_lexicon()
    lemma = (verb.lemma_ or verb.text).lower()
    if lexicon is None or verb.pos_ != "VERB" or verb_direction(lemma) is not None:
        return False
    senses = lexicon.verb_senses(lemma, 3)
    if senses and senses[0][0] & _HOLDING:
        return True
    return any(above & _HOLDING and any(verb_direction(a) == (_AGENT, LOSS) for a in ants) for above, ants in senses)


def _same_act(held, gone_verb) -> bool:
    """Whether the holding verb may name the very act of the other text's verb in one of its senses ("has 2
    cups of tea" -> "drinks 2 cups": "have" is also "consume"): a sense of it under a concept of the other
    verb's first sense."""
    lexicon = default_lexicon()
    first = lexicon.verb_senses((gone_verb.lemma_ or gone_verb.text).lower(), 1)
    if not first:
        return False
    concepts = first[0][0] & _MOVES
    return any(above & concepts for above, _ants in lexicon.verb_senses((held.lemma_ or held.text).lower(), 40))


def _direct(tok, under) -> bool:
    """Whether the number ``tok`` counts the verb's own object or one coordinated with it ("had 57 new games
    *and 39 old games*"), not a part of it ("30 *of* his 40 eggs")."""
    if tok.i == under.i:
        return True
    if tok.dep_ not in ("nummod", "quantmod", "compound"):
        return False
    noun = tok.head
    while noun.i != under.i and noun.dep_ == "conj":
        noun = noun.head
    return noun.i == under.i


def _held(doc: QuestionDoc, number: NumberMention):
    """The verb by which the things ``number`` counts are held (module docstring), or ``None``."""
    tok = _token(doc, number)
    found = moved_by(tok) if tok is not None else None
    if found is None or _asking(tok):
        return None
    verb, role, under = found
    if role != "dobj" or not _direct(tok, under) or not _holds(verb) or any(c.dep_ == "neg" for c in verb.children):
        return None
    if any(c.dep_ in ("acl", "relcl") or (c.dep_ == "prep" and c.lower_ == "for") for c in under.children):
        return None  # "has 5 pounds *to lose*", "has 40 loaves *for* sale": a goal, an offer
    if _moved_later(doc, verb, (under.lemma_ or under.text).lower()):
        return None
    return verb


def _moved_later(doc: QuestionDoc, holding, noun: str) -> bool:
    """Whether ``doc`` moves the held things away by another verb: its object a word for things already counted
    ("sells *all of them*") or the held noun with no number ("sells the muffins")."""
    for tok in doc.doc:
        if tok.pos_ != "VERB" or tok.i == holding.i:
            continue
        way = verb_direction((tok.lemma_ or tok.text).lower())
        if way is None or way[1] != LOSS:
            continue
        for obj in (c for c in tok.children if c.dep_ in ("dobj", "nsubjpass")):
            if obj.lower_ in _SAME_THINGS or (
                    (obj.lemma_ or obj.text).lower() == noun and not any(c.like_num for c in obj.children)):
                return True
    return False


def _gone(doc: QuestionDoc, number: NumberMention, direction: Direction | None):
    """``(direction, verb)`` by which the things ``number`` counts leave their holder or their place, or
    ``None``."""
    tok = _token(doc, number)
    found = moved_by(tok) if tok is not None else None
    if direction is None or found is None or _asking(tok) or not _direct(tok, found[2]):
        return None
    if direction.verb_at.start != found[0].idx or any(c.dep_ == "neg" for c in found[0].children):
        return None  # a move read from a noun ("a $50 *payment*") or denied
    way = verb_direction((found[0].lemma_ or found[0].text).lower())
    if way is None or way[1] != LOSS:
        return None  # a verb whose doer gains ("received a $150 card from his aunt"): the aunt's loss is no leaving
    losers = [w for w, s in direction.signs if s == LOSS and w != AMOUNT]
    gainers = [w for w, s in direction.signs if s == GAIN and w not in (AMOUNT, PLACE)]
    return (direction, found[0]) if losers and (losers[0] != PLACE or not gainers) else None


def _both_acts(held_doc: QuestionDoc, gone_doc: QuestionDoc, held, gone) -> bool:
    """Whether each text has both verbs, the holding and the move ("he still *had* 5 customers after some
    *left*" -> "after some *left* 5 customers were still *had* by him"): the acts are told in both texts, only
    the numbers hang elsewhere."""
    def lemmas(doc):
        return {(t.lemma_ or t.text).lower() for t in doc.doc if t.pos_ == "VERB"}
    acts = {(held.lemma_ or held.text).lower(), (gone.lemma_ or gone.text).lower()}
    return acts <= lemmas(held_doc) and acts <= lemmas(gone_doc)


@dataclass(frozen=True)
class HeldGone:
    """A number held in one text (``held_at``: its verb) and gone in the other (``gone``: its direction);
    ``question_holds``: which text holds it."""

    number: NumberMention
    held_at: Mention
    gone: Direction
    question_holds: bool


def held_and_gone(pair: QuestionPair) -> list[HeldGone]:
    """The numbers, aligned by value, that one text says are held and the other says leave (module docstring)."""
    if default_lexicon() is None:
        return []
    dirs = {True: {n.start: d for n, d in directions(pair.question)},
            False: {n.start: d for n, d in directions(pair.paraphrase)}}
    found = []
    for q_num, p_num in aligned_by_value(pair):
        for question_holds, (h_doc, h_num), (g_doc, g_num) in (
                (True, (pair.question, q_num), (pair.paraphrase, p_num)),
                (False, (pair.paraphrase, p_num), (pair.question, q_num))):
            gone = _gone(g_doc, g_num, dirs[not question_holds].get(g_num.start))
            held = _held(h_doc, h_num) if gone is not None else None
            if held is None or _same_act(held, gone[1]) or _both_acts(h_doc, g_doc, held, gone[1]):
                continue
            found.append(HeldGone(q_num, token_mention(held), gone[0], question_holds))
            break
    return found
