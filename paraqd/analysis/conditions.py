"""A condition of the problem turned the other way or dropped, compared across a pair.

"The gym is open every day *except* Monday" -> "... every day *including* Monday", "walks 3 miles *unless* it
snows" -> "... *if* it snows", "checks *every* room" -> "checks *every other* room", "sells *only* the brown
eggs" -> "sells *all* the eggs": every number and thing stays, but the condition that picks which of them count
says the opposite. A condition is read from a closed class of words with what it bears on (the same content
word in both texts):

* an exception, "except" / "excluding" / "other than" / "apart from" (out) against "including" (in), on the
  noun it takes ("except *Monday*"), "not including" being out;
* a clause's condition, "if" / "when" / "provided" (it holds) against "unless" (it fails), on the verb of the
  clause ("unless it *snows*"), a negation in the clause turning it ("if it does not snow" = "unless it snows");
* a frequency, "every" / "each" against "every other" / "every third", on the noun counted ("every other
  *floor*"; not "you and every other member", all the others; "every 3 shoppers", "every 10 minutes" are rates,
  :mod:`.rates`', and read as no condition here);
* a restriction, "only" / "just" / "solely" on a noun against "all" / "every" / "entire" on that noun with no
  restriction word left on it ("only the brown *eggs*" -> "all the *eggs*");
* a verb that counts its object in or leaves it out, "include" / "contain" / "cover" against "exclude" / "omit"
  or a negated "include" ("wait times *do not include* the *time* on the ride"), read with the exceptions;
* a manner, each on its own ("separately", "individually", "one at a time") against all at once ("together",
  "simultaneously", "at the same time"), on the verb it bears on ("*cooks* each item *separately*"; never a
  negated one, nor in an asking sentence, "how many do they have together").

Which items a number counts ("all but 16", "only 16", "the first two") is :mod:`.restrictions`'; an
exclusion the paraphrase adds ("all but one of the tires") :mod:`.exclusions`'.

The bounds "at least" / "at most" / "no more than" are :mod:`.relations`' amount scale ("least" against
"most") and :mod:`.exactness`' (an exact value given as a bound); they are not read again here.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING

from .document import Mention, QuestionDoc
from .terms import cached, clause_verb, token_lemma, token_mention, tokens_mention

if TYPE_CHECKING:
    from .pair import QuestionPair

EXCEPTION, CLAUSE, FREQUENCY, RESTRICTION, MANNER = "exception", "condition", "frequency", "restriction", "manner"
_OUT = {("except",), ("excepting",), ("excluding",), ("other", "than"), ("apart", "from"), ("aside", "from"),
        ("but", "not")}
_IN = {("including",), ("inclusive", "of")}
_HOLDS = frozenset({"if", "when", "whenever", "provided", "providing"})
_FAILS = frozenset({"unless"})
#: the words after "every" that make it one item in so many ("every *other* floor", "every *third* shopper")
SKIP_WORDS = frozenset({"other", "second", "third", "fourth", "fifth", "alternate"})
#: the determiners that take each item of a set ("*every* room", "*each* day")
EVERY_WORDS = frozenset({"every", "each"})
#: an ordinal written with digits: "every *7th* page"
_ORDINAL = re.compile(r"\d+(st|nd|rd|th)")
_ONLY = frozenset({"only", "just", "solely", "exclusively", "alone"})
_ALL = frozenset({"all", "every", "entire", "whole", "both"})
_NEGATIONS = frozenset({"not", "n't", "never", "no"})
_CONTENT = frozenset({"NOUN", "PROPN", "VERB", "ADJ", "NUM"})
#: a verb whose object it counts in (+1) or leaves out (-1): "wait times include the ride"
_INCLUDE_VERBS = {"include": 1, "contain": 1, "cover": 1, "exclude": -1, "omit": -1}
#: how the items of a verb are handled: each on its own (-1) or all at once (+1), "cooks each egg separately"
_APART = (("separately",), ("individually",), ("one", "at", "a", "time"), ("one", "by", "one"))
_AT_ONCE = (("together",), ("simultaneously",), ("at", "once"), ("at", "the", "same", "time"))


@dataclass(frozen=True)
class Condition:
    """One condition of a text: its ``family``, its ``pole`` (+1 / -1: in / out, holds / fails, every / every
    other, restricted / all; 0: one item picked out by an ordinal where the question had every so many), what it bears on (a content lemma) and its words as written."""

    family: str
    pole: int
    on: str
    words: Mention
    #: the word it bears on, as written
    on_at: Mention | None = None


def _match(sent, i: int, phrases) -> int:
    """The length of the phrase of ``phrases`` that starts at token ``i`` of ``sent``, or 0."""
    for phrase in phrases:
        words = tuple(t.lower_ for t in sent[i:i + len(phrase)])
        if words == phrase:
            return len(phrase)
    return 0


def _next_content(tokens):
    return next((t for t in tokens if t.pos_ in _CONTENT and t.is_alpha), None)


def _exceptions(doc: QuestionDoc, sent) -> list[Condition]:
    found = []
    for i, tok in enumerate(sent):
        for phrases, pole in ((_OUT, -1), (_IN, 1)):
            n = _match(sent, i, phrases)
            if not n:
                continue
            on = _next_content(sent[i + n:i + n + 4])
            negated = i > 0 and sent[i - 1].lower_ in _NEGATIONS
            if on is not None:
                found.append(Condition(EXCEPTION, -pole if negated else pole, token_lemma(on),
                                       tokens_mention(doc, tok, sent[i + n - 1]), token_mention(on)))
        # "wait times (do not) include the time on the ride": the verb's object counted in or left out
        pole = _INCLUDE_VERBS.get(tok.lemma_.lower())
        if pole and tok.pos_ in ("VERB", "AUX") and tok.lower_ not in ("including", "excluding", "containing"):
            obj = next((c for c in tok.children if c.dep_ == "dobj" and c.pos_ in ("NOUN", "PROPN")), None)
            if obj is not None:
                # "does not include the tip"; "contains no broken eggs" (the object's "no") is the same
                negated = any(c.dep_ == "neg" for c in tok.children) != any(
                    c.dep_ == "det" and c.lower_ in ("no", "zero") for c in obj.children)
                start = min((c for c in tok.children if c.dep_ in ("neg", "aux") and c.i < tok.i), default=tok,
                            key=lambda c: c.i) if negated else tok
                found.append(Condition(EXCEPTION, -pole if negated else pole, token_lemma(obj),
                                       tokens_mention(doc, start, tok), token_mention(obj)))
    return found


def _manners(doc: QuestionDoc, sent) -> list[Condition]:
    """How a verb's items are handled: "cooks each egg *separately*" (-1) against "cooks the eggs *together*" (+1), on the verb they bear on
    (never a negated one, "not together", nor a verb of the asking clause, "how many do they have together")."""
    found = []
    for i, tok in enumerate(sent):
        for phrases, pole in ((_APART, -1), (_AT_ONCE, 1)):
            n = _match(sent, i, phrases)
            if not n:
                continue
            verb = clause_verb(tok.head)
            if verb.pos_ != "VERB" or sent[i - 1].lower_ in _NEGATIONS and i > 0 \
                    or any(c.dep_ == "neg" for c in verb.children) or sent.text.rstrip().endswith("?"):
                continue
            found.append(Condition(MANNER, pole, token_lemma(verb), tokens_mention(doc, tok, sent[i + n - 1]),
                                   token_mention(verb)))
    return found


def _clauses(doc: QuestionDoc, sent) -> list[Condition]:
    found = []
    for tok in sent:
        if tok.lower_ not in _HOLDS | _FAILS or tok.dep_ != "mark" or tok.head.pos_ not in ("VERB", "AUX"):
            continue
        verb = tok.head
        negated = any(c.dep_ == "neg" or c.lower_ in _NEGATIONS and c.dep_ == "advmod" for c in verb.children)
        pole = (-1 if tok.lower_ in _FAILS else 1) * (-1 if negated else 1)
        if verb.lemma_ in ("be", "do", "have"):
            attr = _next_content(t for t in verb.children if t.dep_ in ("acomp", "attr", "dobj"))
            verb = attr if attr is not None else verb
        found.append(Condition(CLAUSE, pole, token_lemma(verb), token_mention(tok), token_mention(verb)))
    return found


def _frequencies(doc: QuestionDoc, sent) -> list[Condition]:
    found = []
    for i, tok in enumerate(sent):
        if tok.lower_ not in EVERY_WORDS or i + 1 >= len(sent) or tok.dep_ not in ("det", "amod", "advmod", "predet"):
            continue
        after = sent[i + 1]
        # "every other floor", "every third shopper", "every 3 shoppers": one in so many
        noun = tok.head if tok.head.pos_ == "NOUN" else _next_content(sent[i + 1:i + 4])
        if after.like_num or after.pos_ == "NUM" and after.ent_type_ != "ORDINAL":
            continue  # "every 10 minutes", "every 3 shoppers", "every 16-ounce can": a rate or a measure, not read here
        # "every other floor", "every third shopper" (an ordinal before a noun: not "every second", a period)
        skip = after.lower_ in SKIP_WORDS and (after.lower_ in ("other", "alternate") or i + 2 < len(sent)
                                          and sent[i + 2].pos_ == "NOUN")
        # "each other"; "you and every other member": all the others, no alternation
        if tok.lower_ == "each" and after.lower_ == "other" or noun is None or noun.dep_ == "conj" \
                or i > 0 and sent[i - 1].lower_ in ("and", "or"):
            continue
        found.append(Condition(FREQUENCY, -1 if skip else 1, token_lemma(noun),
                               tokens_mention(doc, tok, sent[i + 1] if skip else tok), token_mention(noun)))
    return found


def _restrictions(doc: QuestionDoc, sent) -> list[Condition]:
    found = []
    for i, tok in enumerate(sent):
        word = tok.lower_
        if word in _ONLY and word != "alone":
            noun = _next_content(t for t in sent[i + 1:i + 5] if t.pos_ in ("NOUN", "PROPN"))
            if noun is not None and not any(t.pos_ in ("VERB", "AUX") for t in sent[i + 1:noun.i - sent.start]):
                found.append(Condition(RESTRICTION, 1, token_lemma(noun), token_mention(tok), token_mention(noun)))
        elif word in _ALL and tok.dep_ in ("det", "predet", "amod") and tok.head.pos_ == "NOUN":
            found.append(Condition(RESTRICTION, -1, token_lemma(tok.head), token_mention(tok),
                                   token_mention(tok.head)))
    return found


def conditions(doc: QuestionDoc) -> list[Condition]:
    """Every condition of ``doc`` (once per document)."""
    if doc.doc is None:
        return []
    return cached(doc, "paraqd.conditions", _conditions)


def _conditions(doc: QuestionDoc) -> list[Condition]:
    return [c for sent in doc.doc.sents
            for read in (_exceptions, _clauses, _frequencies, _restrictions, _manners) for c in read(doc, sent)]


@dataclass(frozen=True)
class ConditionChange:
    """A condition of the question (``old``) said the other way in the paraphrase (``new``), on ``on``."""

    old: Condition
    new: Condition


def condition_changes(pair: QuestionPair) -> list[ConditionChange]:
    """The question's conditions whose paraphrase bears on the same word with the other pole and never with
    the question's: "except Monday" -> "including Monday". A restriction counts only one way: the question's
    "only" on a noun where the paraphrase has no restriction word on it and says "all" of it (a restriction
    the paraphrase adds is :mod:`.narrowed`'s and the asking checks')."""
    q_found, p_found = conditions(pair.question), conditions(pair.paraphrase)
    changes = []
    for old in q_found:
        same = [c for c in p_found if c.family == old.family and c.on == old.on]
        if any(c.pole == old.pole for c in same):
            continue
        if old.family == RESTRICTION and old.pole == -1:
            continue
        other = next((c for c in same if c.pole == -old.pole), None)
        if other is not None and not _names_the_others(pair.question, other):
            changes.append(ConditionChange(old, other))
    p_ordinals = {(c.on, c.words.text.lower().split()[-1]) for c in _ordinal_frequencies(pair.paraphrase)}
    for old in _ordinal_frequencies(pair.question):
        if (old.on, old.words.text.lower().split()[-1]) in p_ordinals:
            continue
        one = _one_in_order(pair.paraphrase, old)
        if one is not None:
            changes.append(ConditionChange(old, one))
    return changes


def _ordinal_frequencies(doc: QuestionDoc) -> list[Condition]:
    """The frequencies of ``doc`` said with an ordinal before a noun: "*every seventh* page", "*each 10th*
    customer" (pole -1, one in so many; :func:`_frequencies` reads "every other" alone)."""
    found = []
    for tok in doc.doc if doc.doc is not None else ():
        if tok.lower_ not in EVERY_WORDS or tok.i + 2 >= len(doc.doc):
            continue
        ordinal, noun = doc.doc[tok.i + 1], doc.doc[tok.i + 2]
        if ordinal.lower_ in ("other", "alternate") or noun.pos_ != "NOUN" or not (
                ordinal.lower_ in SKIP_WORDS or ordinal.ent_type_ == "ORDINAL" or _ORDINAL.fullmatch(ordinal.lower_)):
            continue
        found.append(Condition(FREQUENCY, -1, token_lemma(noun), tokens_mention(doc, tok, ordinal), token_mention(noun)))
    return found


def _one_in_order(paraphrase: QuestionDoc, old: Condition) -> Condition | None:
    """The one item the paraphrase picks out with the ordinal of the question's frequency ("crumples *every
    seventh* page" -> "crumples *the seventh* page"): one page, no longer one in every seven. A condition of
    pole 0 (one item) on the same noun, or ``None``."""
    words = old.words.text.lower().split()
    for tok in paraphrase.doc:
        noun = tok.head
        if (tok.lower_ == words[1] and tok.dep_ == "amod" and noun.pos_ == "NOUN" and token_lemma(noun) == old.on
                and any(c.dep_ == "det" and c.lower_ == "the" for c in noun.children)):
            return Condition(FREQUENCY, 0, old.on, tokens_mention(paraphrase, noun.doc[tok.i - 1] if tok.i and
                                                            noun.doc[tok.i - 1].lower_ == "the" else tok, tok),
                             token_mention(noun))
    return None


def _names_the_others(question: QuestionDoc, new: Condition) -> bool:
    """Whether the paraphrase's "every other *day*" reads as each of the others the question itself names
    ("on Mondays 2 and on *the other days* 1 each day" -> "on every other day of the week 1"): the question
    sets those days apart already, so no alternation is meant."""
    if new.family != FREQUENCY or new.pole != -1 or not new.words.text.lower().endswith("other"):
        return False
    return any(t.lower_ == "other" and t.i > 0 and t.nbor(-1).lower_ not in EVERY_WORDS and token_lemma(t.head) == new.on
               for t in question.doc)

