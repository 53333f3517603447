"""The thing a question asks about, and whether the problem grounds it.

"He has 9 books and 46 magazines on each of 10 shelves. How many *biographies* does he have?" keeps every
number, unit and name and cannot be answered: the problem counts books, and only some books are biographies.
A question is answerable only when the thing it counts or measures is one the problem quantifies, named by the
same word, a synonym or a more general word ("how many *pieces of fruit*" for apples and pears); a more
specific word (biographies of books, girls of kids), an unrelated one (gravel in a problem about sand) or a
restriction the problem never states ("how many *red* buttons", "*tennis* balls", "*brick* homes") asks about
what the problem does not say.

**The asked thing** (:func:`asked_things`) is a phrase of the asking clause (:func:`~.asked.find_ask`), read
from its parse, not every noun of the clause: a free rewording fills the clause with words of its own ("over
the *course* of a week", "by the time she reached the *shoreline*", "how many stories had the three *siblings*
written") that are not what it counts.

- the counted or measured noun: "how many *X*", the *X* of a partitive "how many of the *X*", the asked
  noun of "how much *X*", "what is the *X*", "calculate the *X*" (:class:`~.asked.Ask`; the head of its
  phrase: "Lloyd's weekly *earnings*");
- the "of" complements of a counted noun ("how many tons *of gravel*", "pallets *of napkins*", "pages *of
  math and history homework*"), the noun a count word counts ("a dozen *lollipops*");
- what a "how much" question prices: the thing that costs ("how much do the *lollipops* cost") and the
  things paid for or spent on ("pay *for the drinks*", "spend *on the beads*");
- the proper nouns of the asking clause: whom or where it asks about ("how many live *in Ohio*");
- the modifiers of each counted noun (adjectives and nouns of a compound, theirs, and words coordinated with
  them: "*red* buttons", "*gold* metal beads", "math and *history* homework").

**What needs grounding.** A noun of the asked phrase is one of four kinds (WordNet's lexicographer files of
its first senses, :mod:`.lexicon`): a *thing* one counts (:data:`THING_KINDS`: objects, persons, food,
plants, writings...; a noun "how many" counts may also be a place or a group), which must be grounded; a
*count* (a light noun, "the *number* of", or a quantity, "the *count* of"), whose "of" complement is what is
counted; a *measure* ("what is the *duration*", "his *earnings*", "the *width* of the room": a sense among the
first :data:`MEASURE_SENSES` is a quantity, attribute, money, time or relation), which the unit and question
checks judge and whose "of" phrase is measured, not counted; a *general* word that names anything (one of
WordNet's top classes, or a first sense at most :data:`GENERAL_DEPTH` steps below the top: "item", "piece",
"person").

**Grounded** is a thing the question names (the same word or lemma), a word of the paraphrase's own story
before its question (a name or noun renamed throughout is introduced there; the entity check judges renames),
or a word WordNet relates to a noun of the question as a synonym or a more general word (or to a noun of the
paraphrase's own story: "how many *kids*" after "boys and girls"); the story ends where the
asking sentence starts, and a thing the asking sentence counts before its asking clause is introduced too ("If a
courier hands out 24 *flyers* to each lane, how many flyers ..."); a more specific word
("girls" for kids) or an unrelated one is not. A modifier is grounded when the question or the paraphrase's
story has it (or its stem without a negative prefix: "unintended" for "intended"), when it is a closed-class
quantity, identity or time adjective (:data:`QUANTITY_ADJECTIVES`: "total", "additional", "distinct",
"original") or a comparative, when WordNet ties an adjective to the problem (a synonym or similar adjective of
one of its adjectives, "blank" for "empty"; a noun derived from it that names one of its nouns or a more
general class of one, "female" for "girls"), or, a noun, when WordNet relates it to one of the question's
nouns like an asked noun.

**Without WordNet** (the ``paraqd[wordnet]`` extra absent, or ``PARAQD_WORDNET=off``) the kinds of nouns are
unknown: only the nouns a question counts ("how many *X*", the "of" complements of a counted noun, a proper
noun) are read as things, a measured noun never is, and a noun is grounded when ``similar`` (the encoder's
word similarity, :mod:`paraqd.checks.synonyms`) relates it to a noun of the question; without a judge nothing
is reported against a noun. Modifiers are not judged: only WordNet tells a restriction ("*red* buttons") from
the problem's own thing in other words ("*female* pupils" for girls). Close words are often siblings under an
encoder ("sand" and "gravel", 0.60, but "keepsakes" and "souvenir" 0.29), so the fallback catches only nouns
far from every noun of the problem and rejects some valid synonyms; the grounding check uses it only when
asked (:class:`paraqd.checks.grounding.GroundingCheck` ``fallback=True``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from .asked import find_ask
from .document import Mention, QuestionDoc
from .lexicon import MORE_GENERAL, MORE_SPECIFIC, SAME, SYNONYM, Lexicon, default_lexicon
from .terms import LIGHT_NOUNS, NOUN_POS, SUBJECT_DEPS, cached, token_lemma, token_mention

#: WordNet's lexicographer files (``noun.X``) of the things one counts
THING_KINDS = frozenset({"artifact", "food", "plant", "animal", "person", "substance", "object", "body",
                         "communication"})
#: the files of what a question measures rather than counts (a quantity, an attribute, money, time, a ratio)
MEASURE_KINDS = frozenset({"quantity", "attribute", "possession", "time", "relation"})
#: how many of a noun's senses are read for a measure sense ("footage": film, then a length; "fraction")
MEASURE_SENSES = 3
#: a noun with a sense at most this many steps below the top of WordNet names anything ("item", "piece")
GENERAL_DEPTH = 4
#: the files of the nouns a "how many" counts (things, places, groups: "how many *homes*", "*teams*")
COUNTED_KINDS = THING_KINDS | {"location", "group"}
#: what a noun of the asked phrase names (:func:`_kind`)
THING, COUNT, MEASURE, GENERAL = "thing", "count", "measure", "general"
#: what the asked thing may be besides the word itself
SAME_THING = frozenset({SAME, SYNONYM, MORE_GENERAL})
#: the ways an asked word fails to be grounded
UNRELATED, MORE_SPECIFIC_WORD, NARROWED = "unrelated", "more_specific", "narrowed"

#: the files of the nouns that count what their "of" phrase names ("the *count* of coins", "a *quantity* of")
QUANTITY_KINDS = frozenset({"quantity", "Tops"})
#: adjectives that say how much or which of a thing, never what kind: quantity ("total", "additional"),
#: identity ("other", "same", "distinct") and time ("original", "final") words, closed classes
QUANTITY_ADJECTIVES = frozenset({
    "total", "whole", "entire", "full", "overall", "aggregate", "combined", "net", "average", "maximum",
    "minimum", "additional", "extra", "further", "remaining", "left", "leftover", "exact", "approximate",
    "other", "same", "different", "distinct", "unique", "separate", "individual", "respective", "various",
    "original", "initial", "final", "current", "present", "previous", "last", "next", "first",
})
_NEGATIVE_PREFIXES = ("un", "non", "in", "dis")
_COMPARATIVE_TAGS = frozenset({"JJR", "JJS", "RBR", "RBS"})
_INSIDE_PHRASE_DEPS = frozenset({"poss", "compound", "nmod", "amod", "pobj", "prep"})
_COUNTING_DEPS = frozenset({"nummod", "quantmod", "compound"})
MODIFIER_DEPS = frozenset({"amod", "compound", "nmod"})
_MODIFIER_POS = frozenset({"ADJ", "NOUN", "PROPN"})
_PRICED_PREPS = frozenset({"for", "on"})


@dataclass(frozen=True)
class AskedWord:
    """One word of the asked thing: a noun (``modifies`` is ``None``; ``thing`` when it names something one
    counts, which must be grounded) or a modifier of a thing (``modifies``: that noun)."""

    token: object  # a spaCy Token
    thing: bool = False
    modifies: object | None = None
    #: a counted noun ("how many *X*") that is not a thing: its modifiers are read, the noun is not
    counted: bool = False

    @property
    def mention(self) -> Mention:
        return token_mention(self.token)


@dataclass(frozen=True)
class Ungrounded:
    """An asked word the problem does not ground: ``how`` (:data:`UNRELATED`, :data:`MORE_SPECIFIC_WORD`,
    :data:`NARROWED`), the paraphrase's word, the noun it modifies (a modifier) and, for a more specific word,
    the question's noun it narrows."""

    how: str
    word: Mention
    modifies: Mention | None = None
    question_word: str | None = None


def _of_complements(noun) -> list:
    """The nouns of the "of" phrases after ``noun`` and their coordinated nouns ("tons *of gravel*", "pages
    *of math and history homework*")."""
    found = []
    for prep in noun.children:
        if prep.dep_ == "prep" and prep.lower_ == "of" and prep.i > noun.i:
            for obj in prep.children:
                if obj.dep_ == "pobj" and obj.pos_ in NOUN_POS:
                    found += [obj, *(c for c in obj.conjuncts if c.pos_ in NOUN_POS)]
    return found


def _asked_head(ask, span):
    """``(token, counted)``: the asked noun of the clause ``span`` ("how many *X*", "what is the *X*"), the
    *X* of a partitive "how many of the *X*"; ``(None, False)`` when it names none. ``counted``: asked by
    "how many"."""
    words = [t.lower_ for t in span]
    counted = any(a == "how" and b == "many" for a, b in zip(words, words[1:]))
    for tok in span:
        if tok.lower_ in ("many", "much") and tok.i > span.start and words[tok.i - span.start - 1] == "how":
            found = _of_complements(tok)
            if found:
                return found[0], counted
    if ask.noun_span is None:
        return None, False
    head = span.doc.char_span(ask.noun_span.start, ask.noun_span.end, alignment_mode="expand")
    if head is None or not span.start <= head.root.i < span.end:
        return None, False
    head = head.root
    while head.dep_ in _INSIDE_PHRASE_DEPS and head.head.i > head.i and span.start <= head.head.i < span.end:
        head = head.head  # "*Lloyd*'s weekly earnings", "out-of-*pocket* expense": the phrase's head
    if counted and head.tag_ == "NN":
        # "how many" counts a plural: "how many passengers *board*" read "board" as the noun of "passengers"
        head = next((c for c in head.children if c.dep_ == "compound" and c.tag_ == "NNS"), head)
    return (head, counted) if head.pos_ in NOUN_POS else (None, False)


def _priced(span) -> list:
    """What a "how much" clause prices: the subject of its verb when a common noun ("how much do *6
    lollipops* cost"), the objects of its "for"/"on" phrases ("pay *for the drinks*")."""
    found = []
    for child in span.root.children:
        if child.dep_ in SUBJECT_DEPS and child.pos_ == "NOUN":
            found += [child, *(c for c in child.conjuncts if c.pos_ == "NOUN")]
        if child.dep_ == "prep" and child.lower_ in _PRICED_PREPS:
            for obj in child.children:
                if obj.dep_ == "pobj" and obj.pos_ in NOUN_POS:
                    found += [obj, *(c for c in obj.conjuncts if c.pos_ in NOUN_POS)]
    return found


def _kind(tok, counted: bool, measured: bool, lexicon: Lexicon | None) -> str:
    """What a noun of the asked phrase names: :data:`THING` (grounding needed), :data:`COUNT` (a light or
    quantity noun, "the *number* of": its "of" complement is what is counted), :data:`MEASURE` (a property
    measured, "the *width* of the room", "his *earnings*") or :data:`GENERAL` (names anything: "item").
    ``counted``: asked by "how many" or counted by a counted noun; ``measured``: the asked noun of a "what",
    "how much" or request question."""
    key = token_lemma(tok)
    if key in LIGHT_NOUNS or tok.lower_ in LIGHT_NOUNS or tok.is_stop:
        return COUNT
    word = tok.lower_ if lexicon is not None and lexicon.knows(tok.lower_) else key
    if lexicon is None or not lexicon.knows(word):
        return THING if counted or tok.pos_ == "PROPN" else MEASURE  # without WordNet: what "how many" counts
    if lexicon.is_general(word, GENERAL_DEPTH):
        return GENERAL
    if set(lexicon.kinds(word)) & QUANTITY_KINDS:
        return COUNT
    if counted:
        return THING if set(lexicon.kinds(word, 2)) & COUNTED_KINDS else MEASURE
    if measured and set(lexicon.kinds(word, MEASURE_SENSES)) & MEASURE_KINDS:
        return MEASURE
    return THING if set(lexicon.kinds(word)) & THING_KINDS else MEASURE


def is_thing(tok, lexicon: Lexicon | None) -> bool:
    """Whether the noun ``tok``, read outside a "how many", names a thing one counts: not a light, general or
    quantity word (:func:`_kind`), and one of its first two senses a thing (:data:`THING_KINDS`; places and
    groups, which a "how many" may count, are not read: "over the *course* of", an act, then a group)."""
    if _kind(tok, False, False, lexicon) in (COUNT, GENERAL) or lexicon is None:
        return False
    word = tok.lower_ if lexicon.knows(tok.lower_) else token_lemma(tok)
    return bool(set(lexicon.kinds(word, 2)) & THING_KINDS)


def modifiers_of(noun, skip: set[int]) -> list:
    """The words that may narrow ``noun`` (:func:`_modifiers`)."""
    return _modifiers(noun, skip)


def asked_things(doc: QuestionDoc) -> list[AskedWord]:
    """The words of the thing ``doc``'s question counts or measures (module docstring), its nouns first
    then the modifiers of its things; empty when it asks nothing (computed once per document)."""
    return cached(doc, "paraqd.analysis.grounding.asked", _asked_things)


def _asked_things(doc: QuestionDoc) -> list[AskedWord]:
    ask = find_ask(doc)
    clause = None if ask is None else (ask.clause_or_sentence)
    span = None if clause is None else doc.span(clause)
    if span is None:
        return []
    lexicon = default_lexicon()
    in_unit = {i for u in doc.units for i in range(u.start, u.end)}
    in_unit_tokens = {t.i for t in span if t.idx in in_unit}
    head, counted = _asked_head(ask, span)
    nouns: list[AskedWord] = []
    seen: set[int] = set()

    def add(tok, is_counted: bool, measured: bool = False) -> None:
        if tok.i in seen or not span.start <= tok.i < span.end:
            return
        seen.add(tok.i)
        kind = COUNT if tok.idx in in_unit else _kind(tok, is_counted, measured, lexicon)
        nouns.append(AskedWord(tok, kind == THING, counted=is_counted and kind == MEASURE))
        if kind == MEASURE and not is_counted:
            return  # "the width *of the room*" measures the room, it does not count it
        for part in _of_complements(tok):
            add(part, True)
        if kind == COUNT and tok.dep_ in _COUNTING_DEPS and tok.head.pos_ == "NOUN":
            add(tok.head, True)  # "how much does a *dozen* lollipops cost": the dozen counts lollipops

    for tok, is_counted, measured in _starts(head, counted, span):
        add(tok, is_counted, measured)
    modifiers = []
    for word in nouns:
        if (word.thing or word.counted) and word.token.pos_ == "NOUN":
            modifiers += [AskedWord(m, modifies=word.token) for m in _modifiers(word.token, seen | in_unit_tokens)]
    return [w for w in nouns if w.thing] + modifiers


def _starts(head, counted: bool, span) -> list:
    """``(token, counted, measured)`` of the words the asked thing starts from: the asked noun and the nouns
    coordinated with it, what a "how much" prices (:func:`_priced`), the clause's proper nouns (whom or where
    it asks about: "from *Ohio*")."""
    found = []
    if head is not None:
        found += [(t, counted, not counted) for t in (head, *head.conjuncts) if t.pos_ in NOUN_POS]
    words = [t.lower_ for t in span]
    if any(a == "how" and b == "much" for a, b in zip(words, words[1:])):
        found += [(t, False, False) for t in _priced(span)]
    found += [(t, True, False) for t in span
              if t.pos_ == "PROPN" and t.i > span.start and t.is_alpha and not t.is_stop]
    return found


def _modifiers(noun, skip: set[int]) -> list:
    """The words that may narrow ``noun`` (:func:`restricts`): its adjectives and compound nouns, theirs
    ("*gold* metal beads"), and the words coordinated with them ("math and *history* homework")."""
    found = []
    for child in noun.children:
        if child.dep_ in MODIFIER_DEPS and child.i not in skip:
            if restricts(child):
                found += [child, *(c for c in child.conjuncts if restricts(c) and c.i not in skip)]
            if child.pos_ in NOUN_POS:
                found += _modifiers(child, skip)
    return list(dict.fromkeys(found))


def restricts(tok) -> bool:
    """Whether a modifier may narrow what its noun names: an adjective or a noun, not a closed-class word
    (a determiner, a number, a comparative, a quantity or identity adjective: :data:`QUANTITY_ADJECTIVES`)."""
    return (tok.pos_ in _MODIFIER_POS and tok.is_alpha and not tok.is_stop and tok.tag_ not in _COMPARATIVE_TAGS
            and token_lemma(tok) not in QUANTITY_ADJECTIVES and tok.lower_ not in QUANTITY_ADJECTIVES)


def ungrounded_things(question: QuestionDoc, paraphrase: QuestionDoc,
                      similar: Callable[[str, str], bool] | None = None,
                      renamed: frozenset[str] = frozenset()) -> list[Ungrounded]:
    """The words of the paraphrase's asked thing (:func:`asked_things`) that the problem does not ground
    (module docstring). ``similar(question_noun, word)`` judges the words WordNet lacks (the fallback);
    ``renamed``: words (lower-cased) that name a person of the question renamed throughout, grounded like the
    old name even when only the question sentence has them ("how many kites did *Ravi* bring" for Allan)."""
    return judge_words(asked_things(paraphrase), question, paraphrase, similar, renamed)


def judge_words(asked: list[AskedWord], question: QuestionDoc, paraphrase: QuestionDoc,
                similar: Callable[[str, str], bool] | None = None,
                renamed: frozenset[str] = frozenset()) -> list[Ungrounded]:
    """The words of ``asked`` (words of the paraphrase's asking clause) that the problem does not ground, judged
    as :func:`ungrounded_things` judges the asked thing (module docstring)."""
    if not asked:
        return []
    lexicon = default_lexicon()
    ask = find_ask(paraphrase)
    story_end = ask.sentence.start if ask is not None else len(paraphrase.text)
    clause_start = ask.clause_or_sentence.start if ask is not None else story_end
    known = {w for t in question.doc for w in (t.lower_, token_lemma(t))}
    known |= {w for t in paraphrase.doc if t.idx < story_end for w in (t.lower_, token_lemma(t))}
    # a thing the asking sentence counts before its asking clause is introduced there ("If a courier hands out
    # *24 flyers* to each lane, how many flyers ...")
    known |= {w for t in paraphrase.doc if story_end <= t.idx < clause_start and t.pos_ == "NOUN"
              and any(c.dep_ == "nummod" for c in t.children) for w in (t.lower_, token_lemma(t))}
    known |= renamed
    written = {}  # each noun of the question as first written ("kids" for the lemma "kid")
    for t in question.doc:
        # a person's name is no class of things: WordNet's "John" (the Gospel) is a kind of book, yet "how many
        # books" is not grounded by a boy called John
        if t.pos_ in NOUN_POS and t.is_alpha and not t.is_stop and t.ent_type_ != "PERSON":
            written.setdefault(token_lemma(t), t.text)
    q_nouns = list(written)
    story_nouns = {token_lemma(t) for t in paraphrase.doc if t.idx < story_end and t.pos_ == "NOUN" and t.is_alpha
                   and not t.is_stop} - set(q_nouns)
    q_adjectives = {token_lemma(t) for t in question.doc if t.pos_ == "ADJ"}
    found = []
    for word in asked:
        tok = word.token
        key = token_lemma(tok)
        if key in known or tok.lower_ in known or negated(tok.lower_) in known:
            continue
        if word.modifies is not None:
            if lexicon is None:
                continue  # only WordNet tells a restriction ("red") from the problem's own word ("female": girls)
            if tok.pos_ == "ADJ" and not adjective_grounded(key, q_adjectives, q_nouns, lexicon):
                found.append(Ungrounded(NARROWED, word.mention, token_mention(word.modifies)))
            elif tok.pos_ != "ADJ" and relate(key, q_nouns, lexicon, similar)[0] is not None:
                found.append(Ungrounded(NARROWED, word.mention, token_mention(word.modifies)))
            continue
        how, q_word = relate(key, q_nouns, lexicon, similar)
        if how is not None and lexicon is not None and story_nouns and lexicon.knows(key) and any(
                lexicon.relation(noun, key) in SAME_THING for noun in story_nouns):
            continue  # a more general word of a thing the paraphrase's story names ("how many kids" after "boys
            # and girls"): grounded as the story's own word is
        if how is not None:
            found.append(Ungrounded(how, word.mention, None, written.get(q_word)))
    return found


def negated(word: str) -> str:
    """``word`` without a negative prefix ("unintended" -> "intended"), else ``word``."""
    for prefix in _NEGATIVE_PREFIXES:
        if word.startswith(prefix) and len(word) > len(prefix) + 3:
            return word[len(prefix):].lstrip("-")
    return word


def adjective_grounded(key: str, adjectives: set[str], q_nouns: list[str], lexicon: Lexicon | None) -> bool:
    """Whether WordNet ties the adjective ``key`` to the problem: a synonym or similar adjective of one of
    its adjectives ("blank" for "empty"), or a noun derived from it that names one of its nouns or a more
    general class of one ("female" for "girls")."""
    if lexicon is None:
        return False
    similar, derived = lexicon.adjective_words(key)
    if similar & adjectives:
        return True
    return any(lexicon.relation(q, noun) in SAME_THING for noun in derived if lexicon.knows(noun) for q in q_nouns)


def relate(key: str, q_nouns: list[str], lexicon: Lexicon | None,
            similar: Callable[[str, str], bool] | None) -> tuple[str | None, str | None]:
    """``(None, None)`` when ``key`` names a thing of the question (or nothing is known against it), else
    ``(MORE_SPECIFIC_WORD, the question's noun)`` or ``(UNRELATED, None)``."""
    if lexicon is not None and lexicon.knows(key):
        relations = [(lexicon.relation(q, key), q) for q in q_nouns]
        if any(rel in SAME_THING for rel, _ in relations):
            return None, None
        narrower = next((q for rel, q in relations if rel == MORE_SPECIFIC), None)
        return (MORE_SPECIFIC_WORD, narrower) if narrower else (UNRELATED, None)
    if similar is None or any(similar(q, key) for q in q_nouns):
        return None, None  # without a judge nothing is known against the word
    return UNRELATED, None


