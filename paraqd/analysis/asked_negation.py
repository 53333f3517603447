"""The complement asked: a question that asks for what a predicate does *not* hold of, reworded to ask for what
it holds of, or back.

"How many adults did *not* wear blue?" asks for the adults outside the set "wore blue"; "How many adults wore
blue?" asks for the set itself. The two are complements of one whole: another quantity of the same story. A
rewording that keeps the complement says it with a negation of the same predicate ("did not wear", "never
wore", "wore no blue", "neither crumpled nor blurred", "without a ticket") or with another predicate altogether
("how many did not pass" -> "how many failed", which this module leaves alone: only the *same* predicate with
and without a negation is read as the complement).

:func:`complement_changes` reads the words of each asking clause that say the asked quantity
(:func:`~paraqd.analysis.asked_quantity.asked_tokens`: the conditions after "if" are the problem's, not the
asked quantity): the words a negation bears on (the head of "not", "never", "neither", "no"), and whether the
clause has any negating word at all. A negated predicate of one clause that the other clause says with no
negating word anywhere is a change (:class:`~paraqd.analysis.asked_quantity.AskedChange` ``"negated"``).
Every word read here is closed-class grammar (negations, "without") or a dependency of the parse.
"""

from __future__ import annotations

from .asked_quantity import AskedChange, AskedQuantity, asked_quantity, asked_tokens
from .document import Mention, QuestionDoc
from .terms import token_lemma

#: words that negate what they bear on ("did *not* wear", "*never* saw", "*neither* crumpled nor blurred",
#: "have *no* pets", "*without* a ticket"); a clause with any of them may still ask for a complement
NEGATORS = frozenset({"not", "n't", "never", "no", "neither", "nor", "none", "nobody", "nothing", "without"})
#: verbs that say a predicate did not hold ("*failed* to finish", "*lack* a ticket"): a clause with one of them
#: asks for a complement in other words, not for the set itself
_NEGATING_VERBS = frozenset({"fail", "lack", "miss", "refuse", "avoid", "except"})
#: the parts of speech a negated predicate is read from (a verb, an adjective, a noun: "not *blue*")
_PREDICATE_POS = frozenset({"VERB", "ADJ", "NOUN", "PROPN"})


def complement_changes(question: QuestionDoc, paraphrase: QuestionDoc) -> list[AskedChange]:
    """``[AskedChange("negated", ...)]`` when one question asks with a negated predicate and the other asks with
    the same predicate (its lemma) and no negating word (see the module docstring); ``[]`` otherwise. ``old``
    and ``new`` are the words each question says the predicate with ("not wear" and "wore")."""
    q, p = asked_quantity(question), asked_quantity(paraphrase)
    if q is None or p is None:
        return []
    q_neg, p_neg = _negated(question, q), _negated(paraphrase, p)
    if q_neg and not _negating(paraphrase, p):
        kept = _said(paraphrase, p, q_neg)
        if kept:
            lemma = next(k for k in q_neg if k in kept)
            return [AskedChange("negated", (q_neg[lemma],), (kept[lemma],), "complement", "set")]
    if p_neg and not _negating(question, q):
        kept = _said(question, q, p_neg)
        if kept:
            lemma = next(k for k in p_neg if k in kept)
            return [AskedChange("negated", (kept[lemma],), (p_neg[lemma],), "set", "complement")]
    return []


def _main_tokens(doc: QuestionDoc, aq: AskedQuantity) -> list:
    return asked_tokens(doc, aq.ask)


def _negated(doc: QuestionDoc, aq: AskedQuantity) -> dict[str, Mention]:
    """Lemma of each predicate a negation of the asking clause bears on -> the words negation and predicate
    ("did *not wear*" -> "not wear"; "*neither crumpled*")."""
    toks = _main_tokens(doc, aq)
    inside = {t.i for t in toks}
    found: dict[str, Mention] = {}
    for tok in toks:
        if tok.lower_ not in NEGATORS or tok.lower_ in ("without", "none", "nobody", "nothing"):
            continue
        head = tok.head
        if head.i == tok.i or head.i not in inside or head.pos_ not in _PREDICATE_POS:
            continue
        start, end = min(tok.idx, head.idx), max(tok.idx + len(tok), head.idx + len(head))
        found.setdefault(token_lemma(head), Mention(start, end, doc.text[start:end]))
        # "neither crumpled nor blurred": the negation bears on every predicate joined to its head
        for conj in head.children:
            if conj.dep_ == "conj" and conj.i in inside and conj.pos_ in _PREDICATE_POS:
                start, end = min(tok.idx, conj.idx), max(tok.idx + len(tok), conj.idx + len(conj))
                found.setdefault(token_lemma(conj), Mention(start, end, doc.text[start:end]))
    return found


def _negating(doc: QuestionDoc, aq: AskedQuantity) -> bool:
    """Whether any word of the asking clause negates (:data:`NEGATORS`, a negation dependency, or a verb that
    says a predicate did not hold)."""
    return any(t.lower_ in NEGATORS or t.dep_ == "neg" or (t.pos_ == "VERB" and token_lemma(t) in _NEGATING_VERBS)
               for t in _main_tokens(doc, aq))


def _said(doc: QuestionDoc, aq: AskedQuantity, lemmas: dict[str, Mention]) -> dict[str, Mention]:
    """Those of ``lemmas`` that the asking clause of ``doc`` says (the same lemma, a content word), with the word
    that says each."""
    return {token_lemma(t): Mention(t.idx, t.idx + len(t), t.text) for t in _main_tokens(doc, aq)
            if token_lemma(t) in lemmas and t.pos_ in _PREDICATE_POS}
