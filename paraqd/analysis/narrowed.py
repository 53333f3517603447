"""What a paraphrase's question narrows: a restriction inserted in its question sentence, a part asked for the
whole (or the whole for a part, :func:`asked_wholes`).

"Of the students in art, 90 percent are seniors. How many students are seniors enrolled in art?" -> "How many
students are *female* seniors enrolled in art?" keeps the asked thing ("students") and adds a restriction in
the predicate, which the problem never states: :func:`inserted_restrictions` reads words inserted in place (one
or two words between kept ones) before a noun of the question sentence, judged like the modifiers of the asked
thing (:mod:`.grounding`: the question's own words, closed-class quantity adjectives, WordNet ties; a noun
that names no thing one counts, "a *joint* run", and a participle of a verb of the problem, "the *escaped*
animals", are not restrictions).

"105 green tomatoes and 71 red tomatoes ... How many tomatoes are left?" -> "How many *red* tomatoes are left?"
asks about a part where the question asks about the whole: the problem names the thing with that modifier and
another ("green"), so the modifier splits it (:func:`asked_parts`).
"""

from __future__ import annotations

from dataclasses import dataclass

from .asked import find_ask
from .document import Mention, QuestionDoc
from .grounding import (
    COUNTED_KINDS,
    MODIFIER_DEPS,
    NARROWED,
    NOUN_POS,
    Ungrounded,
    adjective_grounded,
    asked_things,
    negated,
    relate,
    restricts,
)
from .lexicon import MORE_GENERAL, MORE_SPECIFIC, default_lexicon
from .terms import token_lemma, token_mention


def _participle_of(word: str, known: set[str]) -> bool:
    """Whether ``word`` is a participle of a verb the problem uses ("the *escaped* animals" where they
    "escape"): an English -ed, -d, -en or -ing ending on a stem of ``known``."""
    for ending in ("ed", "d", "en", "ing"):
        if word.endswith(ending) and len(word) > len(ending) + 2:
            stem = word[:-len(ending)]
            if stem in known or stem + "e" in known or (len(stem) > 2 and stem[-1] == stem[-2] and stem[:-1] in known):
                return True
    return False


def _counted_by_number(noun) -> bool:
    """Whether a cardinal number counts ``noun`` in its phrase ("collect *56* pearls")."""
    return any(c.dep_ == "nummod" and c.like_num for c in noun.children)


def _modifier_replaced(q_tokens, tok, p_sentence: set[str], p_story: set[str]) -> bool:
    """Whether ``q_tokens`` (the question's words a replacement took out, and the word after them) hold a
    modifier of a noun with the lemma of ``tok``'s noun that the paraphrase's question sentence (its words
    ``p_sentence``) no longer has and the rest of the paraphrase (``p_story``) still says of the thing: "joined
    *varsity* clubs. How many did not join *varsity* clubs" -> "... the *chess* club". A modifier the
    paraphrase dropped everywhere was renamed or reworded ("a certain road" -> "a specific road"); the same
    letters written as one word ("sky diving" -> "skydiving") are the same modifier."""
    key = token_lemma(tok.head)
    if tok.lower_ == "".join(t.lower_ for t in q_tokens[:-1]):
        return False
    return any(t.dep_ in MODIFIER_DEPS and token_lemma(t.head) == key and t.head.i <= q_tokens[-1].i
               and t.i < q_tokens[-1].i and token_lemma(t) not in p_sentence and t.lower_ not in p_sentence
               and (token_lemma(t) in p_story or t.lower_ in p_story) for t in q_tokens)


def inserted_restrictions(pair) -> list[Ungrounded]:
    """Words inserted in place in the paraphrase's question sentence that narrow a noun there (not only the asked
    thing: "how many students are *female* seniors enrolled in art"): one or two words added between kept
    words, or put in place of a modifier of the same noun that the paraphrase's question sentence no longer has and
    its story still says ("did not join *varsity* clubs" -> "did not join the *chess* club",
    :func:`_modifier_replaced`), an adjective or noun modifying a noun after it that names a thing one counts (WordNet: objects,
    persons, food...; or counted by a number, "56 *black* pearls"; not "a *joint* run"), that the question never uses (nor as the verb of a participle,
    "the *escaped* animals") and that WordNet does not tie to it (:func:`adjective_grounded`, :func:`relate`), as :data:`NARROWED`. Without WordNet,
    nothing."""
    lexicon = default_lexicon()
    question, paraphrase = pair.question, pair.paraphrase
    ask = find_ask(paraphrase)
    if lexicon is None or ask is None or paraphrase.doc is None:
        return []
    sentence = ask.sentence
    known = {w for t in question.doc for w in (t.lower_, token_lemma(t))}
    q_nouns = list(dict.fromkeys(token_lemma(t) for t in question.doc if t.pos_ in NOUN_POS and t.is_alpha))
    q_adjectives = {token_lemma(t) for t in question.doc if t.pos_ == "ADJ"}
    ops = pair.alignment.token_opcodes
    p_sentence = {w for t in paraphrase.doc if sentence.start <= t.idx < sentence.end for w in (t.lower_, token_lemma(t))}
    p_story = {w for t in paraphrase.doc if not sentence.start <= t.idx < sentence.end
               for w in (t.lower_, token_lemma(t))}
    found = []
    for k, (op, i1, i2, j1, j2) in enumerate(ops):
        if op not in ("insert", "replace") or j2 - j1 > 2 + (op == "replace") or not 0 < k < len(ops) - 1 \
                or ops[k - 1][0] != "equal" or ops[k + 1][0] != "equal":
            continue
        for tok in paraphrase.doc[j1:j2]:
            noun = tok.head
            if not (sentence.start <= tok.idx < sentence.end) or tok.dep_ not in MODIFIER_DEPS \
                    or noun.pos_ != "NOUN" or not tok.i < noun.i <= j2 or not restricts(tok):
                continue
            if op == "replace" and not _modifier_replaced(question.doc[i1:i2 + 1], tok, p_sentence, p_story):
                continue
            key = token_lemma(tok)
            if key in known or tok.lower_ in known or negated(tok.lower_) in known or _participle_of(key, known):
                continue
            # "a *joint* run": an act or an event, not a thing the problem counts; a noun a number counts
            # ("56 pearls") is counted, whatever WordNet files its first sense under
            if not set(lexicon.kinds(token_lemma(noun))) & COUNTED_KINDS and not _counted_by_number(noun):
                continue
            tied = (adjective_grounded(key, q_adjectives, q_nouns, lexicon) if tok.pos_ == "ADJ"
                    else relate(key, q_nouns, lexicon, None)[0] is None)
            if not tied:
                found.append(Ungrounded(NARROWED, token_mention(tok), token_mention(noun)))
    return found


@dataclass(frozen=True)
class Part:
    """The paraphrase asks about a part of what the question asks (``modifier`` + ``noun``: "*red* tomatoes"),
    where the problem names the noun with ``others`` modifiers too ("green tomatoes")."""

    modifier: Mention
    noun: Mention
    others: tuple[Mention, ...]


def asked_parts(question: QuestionDoc, paraphrase: QuestionDoc) -> list[Part]:
    """Modifiers of the paraphrase's asked thing that the question's asked thing lacks, where the question
    splits that noun by such modifiers ("105 *green* tomatoes and 71 *red* tomatoes ... how many tomatoes are
    left" -> "how many *red* tomatoes are left"): the paraphrase asks about one part, the question about the
    whole (a modifier the problem never states is :func:`ungrounded_things`')."""
    p_asked, q_asked = asked_things(paraphrase), asked_things(question)
    if not p_asked or not q_asked or question.doc is None:
        return []
    q_nouns = {token_lemma(w.token) for w in q_asked if w.modifies is None}
    # the noun the question's asking clause counts ("how many more *games* does Katie have than ..."), where the
    # asked things read the clause's subject
    ask = find_ask(question)
    if ask is not None and ask.noun is not None:
        q_nouns.add(ask.noun)
    q_modifiers = {(token_lemma(w.modifies), token_lemma(w.token)) for w in q_asked if w.modifies is not None}
    found = []
    for word, noun, key in _adjective_modifiers(p_asked):
        if noun not in q_nouns or (noun, key) in q_modifiers:
            continue
        uses = _splits(question, noun)
        if any(token_lemma(c) == key for c in uses):
            others = tuple(token_mention(c) for c in uses if token_lemma(c) != key)
            if others:
                found.append(Part(word.mention, token_mention(word.modifies), others))
    return found


@dataclass(frozen=True)
class Whole:
    """The paraphrase asks about another level of what the question asks: ``question_at`` the question's asked
    word (a modifier, "*yellow* marbles", or a noun, "*apples*"), ``paraphrase_at`` the paraphrase's asked noun,
    ``others`` the problem's other parts (the question's words). ``way`` "whole": the paraphrase asks about the
    whole ("marbles", "fruits"); "part": about one kind of the question's class ("pies" for "pastries")."""

    question_at: Mention
    paraphrase_at: Mention
    others: tuple[Mention, ...]
    way: str
    modifier: bool


def _adjective_modifiers(words) -> list[tuple]:
    """``(word, its noun's lemma, its lemma)`` for the asked words that are adjectives on an asked noun ("*red*
    tomatoes"): the modifiers that may name a part of what the noun counts, in the paraphrase
    (:func:`asked_parts`) or in the question (:func:`asked_wholes`)."""
    return [(w, token_lemma(w.modifies), token_lemma(w.token)) for w in words
            if w.modifies is not None and w.token.pos_ == "ADJ"]


def _splits(question: QuestionDoc, noun: str) -> list:
    """The restricting adjectives (and nouns, however parsed: "*unripe* oranges") the question puts on ``noun``
    anywhere ("*green* tomatoes", "*red* tomatoes")."""
    return [c for t in question.doc if t.pos_ == "NOUN" and token_lemma(t) == noun
            for c in t.children if restricts(c) and (c.dep_ == "amod" and c.pos_ == "ADJ" or c.dep_ == "compound")]


def _things(words) -> list:
    """The asked common nouns (no modifiers, no names) that name things one counts."""
    return [w for w in words if w.modifies is None and w.thing and w.token.pos_ == "NOUN"]


def asked_wholes(question: QuestionDoc, paraphrase: QuestionDoc) -> list[Whole]:
    """The paraphrase asks about the whole where the question asks about a part, or about one kind of a class
    where the question asks about another level of it:

    - a modifier of the question's asked thing that splits it in the problem ("7 *blue* marbles ... and some
      *yellow* marbles ... how many *yellow* marbles") dropped from the paraphrase's asked thing and from its
      whole asking clause ("how many marbles are there altogether"), with no other such modifier: ``way`` "whole";
    - the paraphrase's one asked noun a class (WordNet) the question's one asked noun belongs to, where the
      problem names another kind of that class ("apples and pears ... how many *apples*" -> "how many
      *fruits*"): ``way`` "whole"; or the other way round, one kind of the question's class where the problem
      names another ("cupcakes and pies ... how many *pastries*" -> "how many *pies*"): ``way`` "part". Both
      texts name the kind (the class word is no rename of it: "candy" -> "sweets").

    Without WordNet only the modifiers are read."""
    p_asked, q_asked = asked_things(paraphrase), asked_things(question)
    ask = find_ask(paraphrase)
    if not q_asked or question.doc is None or ask is None:
        return []
    p_nouns = {token_lemma(w.token): w.mention for w in p_asked if w.modifies is None}
    if ask.noun is not None and ask.noun_span is not None:
        p_nouns.setdefault(ask.noun, ask.noun_span)  # "how many *marbles* are there"
    clause = ask.clause_or_sentence
    sentence = {w for t in paraphrase.doc if clause.start <= t.idx < clause.end for w in (t.lower_, token_lemma(t))}
    found = []
    for word, noun, key in _adjective_modifiers(q_asked):
        whole = p_nouns.get(noun)
        splits = _splits(question, noun)
        others = tuple(token_mention(c) for c in splits if token_lemma(c) != key)
        if whole is None or not others or key in sentence or word.token.lower_ in sentence:
            continue
        if any(token_lemma(c) in sentence for c in splits):
            continue
        found.append(Whole(word.mention, whole, others, "whole", True))
    lexicon = default_lexicon()
    q_things, p_things = _things(q_asked), _things(p_asked)
    if lexicon is None or found or len(q_things) != 1 or len(p_things) != 1:
        return found
    q_noun, p_noun = token_lemma(q_things[0].token), token_lemma(p_things[0].token)
    relation = lexicon.relation(q_noun, p_noun)
    if q_noun == p_noun or relation not in (MORE_GENERAL, MORE_SPECIFIC):
        return found
    # the class and the kind asked, and the other kinds of that class the problem names
    general, kind = (p_noun, q_noun) if relation == MORE_GENERAL else (q_noun, p_noun)
    q_words = {token_lemma(t) for t in question.doc if t.pos_ in NOUN_POS}
    p_words = {token_lemma(t) for t in paraphrase.doc if t.pos_ in NOUN_POS}
    if general in q_words and relation == MORE_GENERAL:
        return found  # the problem names the class itself: the paraphrase may ask it as the problem does
    # the kind is named on both sides ("apples"): a class word for it is no rename ("candy" -> "sweets")
    if kind not in q_words or kind not in p_words:
        return found
    # another kind is one WordNet does not file under the asked one, or one the problem counts apart by its own
    # number beside the asked kind ("10 pop *tarts* and 8 *pies*": two kinds listed, whatever WordNet files a
    # tart under)
    counted_apart = any(_counted_by_number(t) for t in question.doc if token_lemma(t) == kind)
    others = tuple(dict.fromkeys(token_mention(t) for t in question.doc if t.pos_ == "NOUN"
                                 and token_lemma(t) not in (kind, general)
                                 and lexicon.relation(token_lemma(t), general) == MORE_GENERAL
                                 and (lexicon.relation(token_lemma(t), kind) not in (MORE_GENERAL, MORE_SPECIFIC)
                                      or counted_apart and _counted_by_number(t))))
    if others:
        found.append(Whole(q_things[0].mention, p_things[0].mention, others,
                           "part" if relation == MORE_SPECIFIC else "whole", False))
    return found
