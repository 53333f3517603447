"""What a paraphrase's question narrows: a restriction inserted in its question sentence, a part asked for the
whole.

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
from .lexicon import default_lexicon
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
    for word in p_asked:
        if word.modifies is None or word.token.pos_ != "ADJ":
            continue
        noun, key = token_lemma(word.modifies), token_lemma(word.token)
        if noun not in q_nouns or (noun, key) in q_modifiers:
            continue
        uses = [c for t in question.doc if t.pos_ == "NOUN" and token_lemma(t) == noun
                for c in t.children if c.dep_ == "amod" and c.pos_ == "ADJ" and restricts(c)]
        if any(token_lemma(c) == key for c in uses):
            others = tuple(token_mention(c) for c in uses if token_lemma(c) != key)
            if others:
                found.append(Part(word.mention, token_mention(word.modifies), others))
    return found
