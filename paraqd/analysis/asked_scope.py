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
act), for a noun that restates the asked thing ("were winter *tires*") or is the object of the verb of a
partitive asking clause and a thing of the story ("how many of the boxes held *red* apples"), its modifiers, and
the complement of
the copula of a partitive asking clause ("how many of the cards he got were *blue*" / "were *stamps*": a part of
the asked thing the problem must give). Other nouns of the
clause are rewordings' own words far too often to be read (the tuned files: "the cost of all the
*ingredients*", "after this *exchange*", "his out-of-*pocket* expense", "spend *at the store*"). The
grounding check judges them as it judges the asked thing (:func:`~.grounding.judge_words`): the question's
words, the paraphrase's own story (a theme swap or a detail it introduced), a synonym or a more general word
ground them. Without WordNet nothing is read.

:func:`swapped_words` reads one more place, across a pair: a noun of the paraphrase's asking clause written *in
place of* a word of the question's asking clause (a rename in one place, :mod:`.renames`: the words around it
kept), while the paraphrase's story still names the old word. "How many more apples than pears did she pick?"
-> "... than *plums*", "how long did it take her to knit the hats?" -> "... the *gloves*?": the story keeps its
pears and hats, and the question now asks about a thing of the same kind that the problem never names. The
encoder's word similarity calls such sister words synonyms (pears / plums), so the entity check leaves the
rename a note; the grounding check judges the new word like the asked thing (a synonym or a more general word
of the problem's, or a word of the paraphrase's story, grounds it: "than *fruits*", "the *headwear*"). Only a
thing (:func:`~.grounding.is_thing`) or a noun modifier of a noun ("than *guitar* practice") is read; names
never (the entity check's), nor a word of a clause that says when ("by the time she reached the *shoreline*",
"when he gets *home*": the time point, the setting, not what is counted).
"""

from __future__ import annotations

from .asked import WH_WORDS, asking_clause, find_ask
from .asked_quantity import clause_tokens
from .document import QuestionDoc
from .grounding import MODIFIER_DEPS, AskedWord, asked_things, is_thing, modifiers_of
from .lexicon import SIBLING, UNRELATED, default_lexicon
from .renames import Rename
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
    own ("across all his social media *platforms*"); the object of an act that is the preposition's object
    scopes in its place ("how much money did they make *from selling the caps*")."""
    prep = tok.head
    if tok.dep_ == "dobj" and prep.dep_ == "pcomp" and prep.tag_ == "VBG":
        prep = prep.head
    elif tok.dep_ != "pobj":
        return False
    if prep.lower_ not in _SCOPING_PREPS:
        return False
    owner = prep.head
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
        if start <= tok.i < end and tok.i in main and tok.i not in skip and tok.pos_ == "ADJ" and _partitive_predicate(
                tok, toks, asked_lemmas):  # "how many of the cards were *blue*"
            found.append(AskedWord(tok, modifies=_partitive_noun(toks, asked_lemmas)))
            continue
        if not start <= tok.i < end or tok.i not in main or tok.i in skip or tok.pos_ != "NOUN" or not tok.is_alpha or tok.is_stop:
            continue
        if tok.dep_ in MODIFIER_DEPS or token_lemma(tok) in LIGHT_NOUNS or tok.lower_ in LIGHT_NOUNS:
            continue  # a modifier is read with its noun; "the *number* of" counts nothing itself
        if _partitive_predicate(tok, toks, asked_lemmas) and not _names_owner(
                lexicon.kinds(token_lemma(tok), 2)):  # "how many of the cards were *stamps*"; not "were residents"
            found.append(AskedWord(tok, thing=True))
            continue
        if token_lemma(tok) in asked_lemmas and not in_noun(tok):  # the asked thing restated: "were winter *tires*"
            found += [AskedWord(m, modifies=tok) for m in modifiers_of(tok, skip)]
            continue
        if _partitive_object(tok, toks, asked_lemmas, doc):  # "how many of the boxes held *red* apples"
            found += [AskedWord(m, modifies=tok) for m in modifiers_of(tok, skip)]
            continue
        if not _scoping(tok, asked_lemmas) or _names_owner(lexicon.kinds(token_lemma(tok), 2)) or not is_thing(
                tok, lexicon):
            continue
        found.append(AskedWord(tok, thing=True))
    return found


def _partitive_noun(toks, asked_lemmas: set[str]):
    """The asked thing's noun of a partitive asking clause ("how many *of the cards*"), else ``None``."""
    for tok in toks:
        if tok.lower_ == "of" and tok.head.lower_ in ("many", "much"):
            noun = next((c for c in tok.children if c.dep_ == "pobj"), None)
            if noun is not None and token_lemma(noun) in asked_lemmas:
                return noun
    return None


def _partitive_object(tok, toks, asked_lemmas: set[str], doc: QuestionDoc) -> bool:
    """Whether ``tok`` is the object of the verb of a partitive asking clause and a thing the paraphrase's story
    names ("how many of the boxes *held* red *apples*" after "42 apples in a crate"): the part it counts is
    the one that holds such things, and the modifiers that pick them out must be the problem's."""
    if tok.dep_ != "dobj" or tok.head.pos_ != "VERB" or _partitive_noun(toks, asked_lemmas) is None:
        return False
    clause = {t.i for t in toks}
    lemma = token_lemma(tok)
    return any(t.i not in clause and t.pos_ == "NOUN" and token_lemma(t) == lemma for t in doc.doc)


def _partitive_predicate(tok, toks, asked_lemmas: set[str]) -> bool:
    """Whether ``tok`` is what a partitive asking clause says of the part it counts, the complement of its
    copula ("how many of the cards he got were *books*", "... were *blue*"): a kind of the asked thing that
    restricts the quantity to a part the problem must give."""
    if tok.dep_ not in ("attr", "acomp") or tok.head.lemma_ != "be":
        return False
    if token_lemma(tok) in asked_lemmas:
        return False  # the asked thing restated ("were winter tires"): its modifiers are read
    return _partitive_noun(toks, asked_lemmas) is not None


#: subordinators of a clause that says when the asked quantity is read ("by the time she *reached* the shore",
#: "*when* he gets home"), not what it counts
_TIME_MARKS = frozenset({"when", "whenever", "until", "till", "before", "after", "while", "once", "since", "as"})


def _says_when(tok, lexicon) -> bool:
    """Whether ``tok`` lies in a clause that says when (a relative clause on a time noun, "by the *time* she
    reached the shoreline", or an adverbial clause opened by a time subordinator, :data:`_TIME_MARKS`): its
    nouns set the time point, the rewording's own words ("the shoreline" for "the shore")."""
    for node in tok.ancestors:
        if node.dep_ == "relcl" and "time" in lexicon.kinds(token_lemma(node.head), 3):
            return True
        if node.dep_ == "advcl" and any(c.dep_ in ("mark", "advmod") and c.lower_ in _TIME_MARKS
                                        for c in node.children):
            return True
    return False


def _inside(mention, clause) -> bool:
    return clause.start <= mention.start and mention.end <= clause.end


def swapped_words(question: QuestionDoc, paraphrase: QuestionDoc, renames: tuple[Rename, ...]) -> list[AskedWord]:
    """The nouns of the paraphrase's asking clause written in place of a word of the question's asking clause
    whose word the paraphrase still uses elsewhere (module docstring): things, or modifiers of a noun."""
    lexicon = default_lexicon()
    q_clause, p_clause = asking_clause(question), asking_clause(paraphrase)
    if lexicon is None or q_clause is None or p_clause is None:
        return []
    found = []
    for r in renames:
        if r.consistent or r.old.is_name or r.new.is_name or not any(_inside(m, q_clause) for m in r.old.mentions) \
                or not all(_inside(m, p_clause) for m in r.new.mentions):
            continue
        for m in r.new.mentions:
            span = paraphrase.span(m)
            tok = None if span is None else span[-1]
            if tok is None or tok.pos_ != "NOUN" or _says_when(tok, lexicon):
                continue
            if tok.dep_ in MODIFIER_DEPS and tok.head.pos_ == "NOUN" and tok.head.i > tok.i:
                found.append(AskedWord(tok, modifies=tok.head))
            elif is_thing(tok, lexicon) and not _names_owner(lexicon.kinds(token_lemma(tok), 2)):
                found.append(AskedWord(tok, thing=True))
    return found


#: verbs that name no act of their own (being, having, getting, needing): "how many does she *have*" for "how
#: many did she pick" asks the same count
_LIGHT_ACTS = frozenset({"be", "have", "do", "get", "make", "take", "go", "come", "need", "want", "give", "put",
                         "keep", "let", "use", "find", "leave", "remain", "end", "left", "cost", "spend", "pay",
                         # requests: "*Determine* how many bags she bought"
                         "determine", "calculate", "compute", "figure", "work", "estimate", "tell", "show"})


#: WordNet's files of verbs that name an activity one does for a while: moving ("walk", "sail", "row", "swim"),
#: competing and playing, eating and drinking; two of one file are two activities, not a rewording of one
_ACTIVITIES = frozenset({"motion", "competition", "consumption"})


def _head_lemma(tok) -> str | None:
    """The lemma of the word ``tok`` depends on (``None`` for the root): where a verb stands in its clause."""
    return None if tok.dep_ == "ROOT" else token_lemma(tok.head)


def swapped_acts(question: QuestionDoc, paraphrase: QuestionDoc) -> list[AskedWord]:
    """The verbs of the paraphrase's asking clause written in place of the question's asking verb, a sister act
    of it or an act WordNet does not relate to it, of the same kind of activity (:data:`_ACTIVITIES`: "have to
    *sail*" for "have to walk", "went *swimming*" for "went rowing"; no light verb, :data:`_LIGHT_ACTS`), written
    in its place (the same dependency on the same word; not a request, "*Determine* how many"), while the
    paraphrase's story still says the question's verb: the question now asks about an act the problem never
    gives. Neither text may write the new verb elsewhere; a synonym or a more general verb ("hike"
    for "walk", "travel") is a rewording and is not read."""
    lexicon = default_lexicon()
    q_ask, p_ask = find_ask(question), find_ask(paraphrase)
    if lexicon is None or q_ask is None or p_ask is None:
        return []
    q_toks, q_main = clause_tokens(question, q_ask)
    p_toks, p_main = clause_tokens(paraphrase, p_ask)
    q_verbs = {token_lemma(t) for t in q_toks if t.i in q_main and t.pos_ == "VERB"}
    p_verbs = {token_lemma(t) for t in p_toks if t.i in p_main and t.pos_ == "VERB"}
    p_clause = {t.i for t in p_toks}
    story = {token_lemma(t) for t in paraphrase.doc if t.i not in p_clause and t.pos_ == "VERB"}
    q_words = {w for t in question.doc for w in (t.lower_, token_lemma(t))}
    p_words = {w for t in paraphrase.doc if t.i not in p_clause for w in (t.lower_, token_lemma(t))}
    old = {v for v in q_verbs - p_verbs if v in story and v not in _LIGHT_ACTS}
    places = {(t.dep_, _head_lemma(t)) for t in q_toks if t.i in q_main and token_lemma(t) in old}
    found = []
    for tok in p_toks:
        lemma = token_lemma(tok)
        if tok.i not in p_main or tok.pos_ != "VERB" or lemma in q_words or lemma in p_words or lemma in _LIGHT_ACTS:
            continue
        if (tok.dep_, _head_lemma(tok)) not in places:
            continue  # not in the old verb's place ("*Determine* how many ...": the request, no act)
        kinds = set(lexicon.verb_kinds(lemma)) & _ACTIVITIES
        if kinds and any(lexicon.relation(v, lemma, "v") in (SIBLING, UNRELATED) and kinds & set(lexicon.verb_kinds(v))
                         for v in old):
            found.append(AskedWord(tok, thing=True))
    return found
