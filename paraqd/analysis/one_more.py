"""The word "one" counting one more of a thing the problem computes with: "he tossed *one pen* on top", "his dog
knocked *one figure* off the shelf".

The number check never reports the word "one" on its own (a pronoun or an article as often as a count: "one of
them", "one glass" for "a glass"). Where the paraphrase says *one* of a thing the question computes with, as the
object of an event ("tossed", "knocked off", "lost") said on top of the problem's (an additive adverb, "as
well", "too", "also", on it, or a subject the question never names: "his *dog* knocked"), and introduces that thing as one ("a", "an", "one",
"each", "every", "per") more often than the question does, the "one" is no article said again: it is one more
pen bought, one figure fewer on the shelf, a new quantity of the problem. :func:`one_more` finds it; the
question's own "a pen costs $1.50" said "one pen costs $1.50" is introduced as often on both sides, and a verb of
being, having, costing or weighing states a fact of the problem, no event.
"""

from __future__ import annotations

from collections import Counter

from .document import NumberMention, QuestionDoc
from .information import known_noun, person_noun
from .terms import NOUN_POS, token_lemma

#: determiners that introduce one thing, or each thing of a rate: "*a* pen", "*each* pen", "*one* pen"
_SINGLE = frozenset({"a", "an", "one", "each", "every", "per"})
#: verbs that state a fact of the problem (what a thing is, costs, weighs, holds), no event on it
_STATIVE = frozenset({"be", "have", "cost", "weigh", "hold", "contain", "need", "take", "measure", "equal",
                      "last", "make", "require", "use", "get"})


def _introduced(doc: QuestionDoc) -> Counter:
    """The lemmas of the nouns ``doc`` introduces as one thing (:data:`_SINGLE`: a determiner or "one" on them,
    or "per" before them), each as often as it does."""
    found = Counter()
    for tok in doc.doc:
        if tok.pos_ not in NOUN_POS:
            continue
        if any(c.lower_ in _SINGLE and c.dep_ in ("det", "nummod") for c in tok.children) or (
                tok.dep_ == "pobj" and tok.head.lower_ in ("per", "each", "every")):
            found[token_lemma(tok)] += 1
    return found


def _added_event(verb, q_words: set[str]) -> bool:
    """Whether the event ``verb`` is said *on top* of the problem's: an additive adverb on it ("tossed one pen
    on top *as well*", "*also* lost one"), or a subject the question never names ("his *dog* knocked one figure
    off": a new agent, no pronoun)."""
    for tok in verb.children:
        if tok.lower_ in ("too", "also") and tok.dep_ == "advmod":
            return True
        if tok.lower_ == "well" and tok.i > 0 and tok.doc[tok.i - 1].lower_ == "as":
            return True
        if tok.dep_ == "nsubj" and tok.pos_ == "NOUN" and token_lemma(tok) not in q_words and tok.lower_ not in q_words:
            return True
    return False


def one_more(question: QuestionDoc, paraphrase: QuestionDoc) -> list[NumberMention]:
    """The mentions of the word "one" in ``paraphrase`` that count one more of a thing ``question`` computes
    with (module docstring)."""
    surplus = _introduced(paraphrase) - _introduced(question)
    q_words = {w for t in question.doc for w in (t.lower_, token_lemma(t))}
    found = []
    for number in paraphrase.numbers:
        if number.text.lower() != "one" or number.kind != "cardinal":
            continue
        span = paraphrase.span(number)
        if span is None or span[-1].dep_ != "nummod" or span.sent.text.rstrip().endswith("?"):
            continue
        noun = span[-1].head
        lemma = token_lemma(noun)
        verb = noun.head
        if (noun.pos_ != "NOUN" or noun.dep_ not in ("dobj", "nsubjpass") or verb.pos_ != "VERB"
                or token_lemma(verb) in _STATIVE or surplus[lemma] <= 0 or person_noun(lemma)
                or not known_noun(lemma, question, things=True) or not _added_event(verb, q_words)):
            continue
        surplus[lemma] -= 1
        found.append(number)
    return found
