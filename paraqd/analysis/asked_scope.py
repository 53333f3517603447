"""The scope of the asked quantity: the things the asking clause names besides the thing it counts.

"He changes all the tires on 12 motorcycles and 10 cars. How many tires did he change?" -> "How many of the
tires he changed were *winter* tires?"; "She has 60 blisters on each arm ... How many blisters does she have in
total?" -> "... have on her *face*?"; "How much did Whitney spend in all?" -> "... spend on books about
*birds*?". Each keeps the asked thing (:mod:`.grounding`: tires, blisters, books, all grounded) and restricts the
quantity to a part the problem never gives: a kind said of the asked thing in the predicate ("were *winter*
tires"), a place, a source or a topic ("on her *face*", "from *sponsorships*", "about *birds*"). The answer is
not in the problem.

:func:`scope_words` reads, in the asking clause's words that say the asked quantity
(:func:`~.asked_quantity.clause_tokens`: conditions cut off; from its wh-word to its question mark), the objects
of a scoping preposition (:data:`_SCOPING_PREPS`: "on", "in", "into", "about", "for", "from") on the asking verb
or on the asked thing that WordNet reads as things (:func:`~.grounding.is_thing`: objects, food, plants,
animals, body parts...; not a person or a group, whom rewordings name by a role; not a measure, a time or an
act), and, for a noun that restates the asked thing ("were winter *tires*"), its modifiers. Other nouns of the
clause are rewordings' own words far too often to be read (the tuned files: "the cost of all the
*ingredients*", "after this *exchange*", "his out-of-*pocket* expense", "spend *at the store*"). The
grounding check judges them as it judges the asked thing (:func:`~.grounding.judge_words`): the question's
words, the paraphrase's own story (a theme swap or a detail it introduced), a synonym or a more general word
ground them. Without WordNet nothing is read.
"""

from __future__ import annotations

from .asked import WH_WORDS, find_ask
from .asked_quantity import clause_tokens
from .document import QuestionDoc
from .grounding import MODIFIER_DEPS, AskedWord, asked_things, is_thing, modifiers_of
from .lexicon import default_lexicon
from .terms import LIGHT_NOUNS, cached, token_lemma

#: WordNet's files of the nouns that name whom a quantity belongs to, not what it counts
_OWNER_KINDS = frozenset({"person", "group"})
#: prepositions whose object scopes the asked quantity: a place ("on her face", "in 6th grade", "into pies"), a topic
#: ("about birds"), what is paid for ("for the medicine"), a source ("from sponsorships"); not "at" (the setting
#: of the act: "at the store"), "of" (what a measure is of: "the cost of all the *ingredients*"), nor
#: prepositions of time or order ("after this *exchange*", "following these *transactions*")
_SCOPING_PREPS = frozenset({"on", "in", "into", "about", "for", "from"})


def _names_owner(kinds: tuple[str, ...]) -> bool:
    """Whether every sense read (``kinds``: WordNet files) names a person or a group ("shopkeeper"; not
    "cookie", a ranch cook first, then food)."""
    return bool(kinds) and set(kinds) <= _OWNER_KINDS


def _scoping(tok, asked_lemmas: set[str]) -> bool:
    """Whether the noun ``tok`` is the object of a scoping preposition (:data:`_SCOPING_PREPS`) on the asking
    verb or on a noun of the asked thing ("have *on her face*", "books *about birds*"), not on a word of its
    own ("across all his social media *platforms*")."""
    if tok.dep_ != "pobj" or tok.head.lower_ not in _SCOPING_PREPS:
        return False
    owner = tok.head.head
    return owner.pos_ in ("VERB", "AUX") or token_lemma(owner) in asked_lemmas or owner.dep_ in ("pobj", "dobj")


def scope_words(doc: QuestionDoc) -> list[AskedWord]:
    """The nouns (and, of a noun restating the asked thing, the modifiers) that scope ``doc``'s asked quantity
    (module docstring); computed once per document."""
    return cached(doc, "paraqd.analysis.asked_scope", _scope_words)


def _scope_words(doc: QuestionDoc) -> list[AskedWord]:
    lexicon = default_lexicon()
    ask = find_ask(doc)
    if lexicon is None or ask is None:
        return []
    toks, main = clause_tokens(doc, ask)
    asked = asked_things(doc)
    seen = {w.token.i for w in asked}
    asked_lemmas = {token_lemma(w.token) for w in asked if w.modifies is None}
    if ask.noun:
        asked_lemmas.add(ask.noun)
    in_unit = {i for u in doc.units for i in range(u.start, u.end)}
    skip = seen | {t.i for t in toks if t.idx in in_unit}
    noun_span = ask.noun_span

    def in_noun(tok) -> bool:
        return noun_span is not None and noun_span.start <= tok.idx < noun_span.end

    found = []
    start = next((t.i for t in toks if t.lower_ in WH_WORDS), toks[0].i if toks else 0)
    end = next((t.i for t in toks if t.text == "?"), len(doc.doc))
    for tok in toks:
        if not start <= tok.i < end or tok.i not in main or tok.i in skip or tok.pos_ != "NOUN" or not tok.is_alpha or tok.is_stop:
            continue
        if tok.dep_ in MODIFIER_DEPS or token_lemma(tok) in LIGHT_NOUNS or tok.lower_ in LIGHT_NOUNS:
            continue  # a modifier is read with its noun; "the *number* of" counts nothing itself
        if token_lemma(tok) in asked_lemmas and not in_noun(tok):  # the asked thing restated: "were winter *tires*"
            found += [AskedWord(m, modifies=tok) for m in modifiers_of(tok, skip)]
            continue
        if not _scoping(tok, asked_lemmas) or _names_owner(lexicon.kinds(token_lemma(tok), 2)) or not is_thing(
                tok, lexicon):
            continue
        found.append(AskedWord(tok, thing=True))
    return found
