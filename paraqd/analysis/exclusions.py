"""An exclusion the paraphrase adds to what counts where the question leaves nothing out.

"All the tires" -> "all *but* one of the tires", "everyone" -> "everyone *except* herself", "the first charge
was *free*", "*every second* ride was free", "*only* one *of* them": every number and thing stays, but the
paraphrase counts fewer of the items than the question does. :func:`added_exclusions` reads those words; it
is not read where the question itself says which items count (its own "only" / "except" / "without" / "not
counting", which a rewording may say another way), nor where the question says the same exclusion in its own
words, a plain rewording that moves or re-says it:

* the excluded thing named in the question ("closed on Mondays" -> "every day except Monday"; "not for
  himself" -> "everyone except himself"; "the other 5 people" -> "everyone except herself");
* a count of the items the question gives ("3 of the 4 tiles" -> "all but one of the tiles"; a number on the
  items as the object of the same verb, "replaces 3 tiles on each row"; not "each row has 4 tiles", the set);
* a count the exclusion names that the question states, or that is the difference of two of its counts
  ("bakes 15 and sells 14" -> "sells all but one of them"; "keeps only 3 of them" where the question states 3:
  emphasis on its own number);
* "half" or "alternate" for "every second"; the same ordinal or "free" for "the first ... free";
* "only N of" said of a person the question never names (a retelling's added friend).

A restriction said one way in the question and another in the paraphrase on the same number is
:mod:`.restrictions`'.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from .conditions import EVERY_WORDS, SKIP_WORDS
from .document import Mention, QuestionDoc
from .terms import clause_verb_or_none, token_lemma, token_mention, tokens_mention

if TYPE_CHECKING:
    from .pair import QuestionPair

_ALLISH = frozenset({"all", "every", "everything", "everyone", "everybody", "each", "whole", "entire"})

_LEAVE_OUT = frozenset({"except", "excepting", "excluding"})
#: words of a question that already pick some items out ("only two rooms", "just the red ones", "without the
#: advance", "besides the cat"): its rewording may say the same choice with another exclusion word
_EXCUSES = frozenset({"only", "just", "solely", "exclusively", "without", "besides", "except", "excluding"})
_ORDINALS = frozenset({"first", "second", "third", "fourth", "fifth", "last"})
#: words of a question that say one item in two already ("half of the rides", "alternate days")
_HALVES = frozenset({"half", "halves", "alternate", "alternating", "alternately"})
#: words of a question that say an item costs nothing already
_NO_COST = frozenset({"free", "freely", "gratis", "complimentary"})


@dataclass(frozen=True)
class _Exclusion:
    words: Mention
    #: "but" ("all but one of the tires"), "except" (what it names), "every" (one in so many), "only" (N of
    #: them), "free" (the first ... free)
    kind: str
    #: the excluded thing's token (for "except"), the counted noun (for "all but", "every"), the number (for
    #: "only"), the ordinal (for "free")
    on: object = None
    #: the number token the exclusion counts ("all but *one*", "except *2*", "only *3* of"), if any
    count: object = None


def _exclusions(doc: QuestionDoc) -> list[_Exclusion]:
    """The words of ``doc`` that take some of a set's items out of what counts: "all *but* one of the tires",
    "everyone *except* herself", "*every second* ride", "*only* one *of* them", "the *first* charge is *free*"."""
    found = []
    for sent in doc.doc.sents:
        words = [t.lower_ for t in sent]
        for i, tok in enumerate(sent):
            word, after = words[i], words[i + 1] if i + 1 < len(words) else ""
            nxt = sent[i + 1] if i + 1 < len(sent) else tok
            # ("other than" / "apart from" are left out: "any costs other than those mentioned" restates the set)
            if word == "all" and after == "but":
                noun = next((t for t in sent[i + 2:i + 8] if t.pos_ in ("NOUN", "PROPN")), None)
                found.append(_Exclusion(tokens_mention(doc, tok, nxt), "but", noun,
                                        sent[i + 2] if i + 2 < len(sent) and sent[i + 2].like_num else None))
            elif word in _LEAVE_OUT:
                thing = next((t for t in sent[i + 1:i + 5] if t.pos_ in ("NOUN", "PROPN", "PRON", "NUM")), None)
                found.append(_Exclusion(token_mention(tok), "except", thing,
                                        thing if thing is not None and thing.like_num else None))
            # "every other" is left out: "every other student passed" most often means all the rest, and in
            # time ("every other day") it is a frequency, which rates.changed_frequencies compares
            elif word in EVERY_WORDS and after in SKIP_WORDS - {"other"} and i + 2 < len(sent) and sent[i + 2].pos_ == "NOUN" \
                    and words[i - 1:i] not in (["and"], ["or"]):
                found.append(_Exclusion(tokens_mention(doc, tok, nxt), "every", sent[i + 2]))
            elif word in ("only", "just") and (nxt.like_num and "/" not in after or after in ("one", "some")) \
                    and words[i + 2:i + 3] == ["of"]:
                found.append(_Exclusion(tokens_mention(doc, tok, nxt), "only", nxt, nxt))
            elif word == "free" and any(w in _ORDINALS for w in words[max(0, i - 6):i]):
                ordinal = next(w for w in reversed(words[max(0, i - 6):i]) if w in _ORDINALS)
                found.append(_Exclusion(token_mention(tok), "free", ordinal))
    return found


def _counted_in(question: QuestionDoc, noun, verb) -> bool:
    """Whether the question gives a count of ``noun``'s items that is no whole set: any "N of" / "N out of"
    partition ("3 of the 4 tires"), or a number on the noun as the object of the paraphrase's verb ("changes
    3 tires on each car" against "changes all but one of the tires"; not "each farm has 4 fences", the set)."""
    lemma = token_lemma(noun) if noun is not None else None
    for tok in question.doc:
        if tok.like_num and tok.i + 1 < len(question.doc) and question.doc[tok.i + 1].lower_ in ("of", "out"):
            return True
        whole = any(c.lower_ in _ALLISH for c in tok.head.children)  # "all the 30 pots": the whole set
        if lemma is not None and tok.dep_ == "nummod" and token_lemma(tok.head) == lemma and not whole:
            head = clause_verb_or_none(tok.head)
            if verb is None or head is None or token_lemma(head) == token_lemma(verb):
                return True
    return False


def _said_in(question: QuestionDoc, ex: _Exclusion, q_words: set[str], q_lemmas: set[str]) -> bool:
    """Whether the question says the exclusion ``ex`` of its paraphrase in its own words (see the module)."""
    if ex.kind == "but":
        return _counted_in(question, ex.on, clause_verb_or_none(ex.on) if ex.on is not None else None)
    if ex.kind == "except":
        thing = ex.on
        if thing is None or thing.like_num or thing.lower_ in ("one", "two", "three"):
            return _counted_in(question, None, None)
        stems = {w.rstrip("s") for w in q_words | q_lemmas}
        return token_lemma(thing).rstrip("s") in stems or thing.lower_.rstrip("s") in stems \
            or bool({"other", "others"} & q_words)
    if ex.kind == "every":
        return bool(_HALVES & q_words) or "other" in q_words
    return ex.on in q_words or bool(_NO_COST & q_words)


def _said_of_newcomer(question: QuestionDoc, tok) -> bool:
    """Whether the clause of ``tok`` is said of a named person the question never names."""
    verb = clause_verb_or_none(tok)
    if verb is None:
        return False
    q_words = {t.lower_ for t in question.doc}
    subjects = [c for c in verb.children if c.dep_ in ("nsubj", "nsubjpass")]
    if verb.dep_ == "relcl":
        subjects.append(verb.head)  # "her friend Leo, who had read only 3 of them"
    return any(t.pos_ == "PROPN" and t.lower_ not in q_words for c in subjects
               for t in (c.subtree if c.dep_ != "relcl" and c is not verb.head else [c, *c.children]))


def added_exclusions(pair: QuestionPair) -> list[Mention]:
    """The paraphrase's words that leave some items out of what counts ("all but one of the tires", "every
    second ride was free", "only one of them") where the question says nothing of the kind: the paraphrase
    counts fewer of the items than the question does. A question that already leaves something out (in any of
    these words) is not read, since a rewording may say its exception another way; nor is an exclusion the
    question says in its own words (see the module)."""
    question, paraphrase = pair.question, pair.paraphrase
    if question.doc is None or paraphrase.doc is None or _exclusions(question) \
            or _EXCUSES & {t.lower_ for t in question.doc} \
            or any(a.lower_ == "not" and b.lower_ in ("including", "counting") for a, b in zip(question.doc,
                                                                                             question.doc[1:])):
        return []
    q_words = {t.lower_ for t in question.doc}
    q_lemmas = {token_lemma(t) for t in question.doc}
    q_values = {n.rounded for n in question.numbers}
    cardinals = {n.rounded for n in question.numbers if n.kind == "cardinal"}
    found = []
    for ex in _exclusions(paraphrase):
        value = None if ex.count is None else next(
            (n.rounded for n in paraphrase.numbers if n.start <= ex.count.idx < max(n.end, n.start + 1)), None)
        if ex.kind == "only" and value is None:
            continue  # "only some of them": no count to compare
        if ex.kind == "only" and _said_of_newcomer(question, ex.count):
            continue  # "her friend Leo had read only 3 of them": a person the question never names
        # "only 3 of them" / "eats all but 1 of them" where the question states 3 or 1, or two counts whose
        # difference it is ("bakes 12 cookies and eats 11"): the question's own number said another way
        if value is not None and (value in q_values or any(a - b == value for a in cardinals for b in cardinals)):
            continue
        if ex.kind != "only" and _said_in(question, ex, q_words, q_lemmas):
            continue
        found.append(ex.words)
    return found
