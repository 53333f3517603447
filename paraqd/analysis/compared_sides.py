"""The two sides of a comparison: what is compared and what it is measured against, kept or changed.

"Nancy steps on his feet 3 times as often as Jason" -> "Jason steps on her feet 3 times as often as Nancy": the
sides of a factor swapped, the factor kept. A difference read from the other side is a rewording when its
comparative turns round ("A has 3 more than B" -> "B has 3 fewer than A", the relation check's); a factor is not:
the same factor with the sides swapped is another relation (its other side says the inverse factor, another
value). :func:`swapped_factors` reports it.

"3 more apples than pears" -> "3 more apples than plums", where the problem has plums too; "twice the distance
between B and C" -> "twice the distance between A and B": the comparison is measured against another quantity
the problem states. :func:`changed_things` reads the words of the standard (what "than", the second "as" or the
factor's noun governs, :func:`paraqd.analysis.bases.comparison_sides`) and reports a standard that lost words of the
question's and gained words the question states elsewhere (the names-only case is
:func:`paraqd.analysis.bases.changed_compared`'s). A pronoun or a phrase resolved ("than him" -> "than Omar",
"than the number of pens" -> "than pens") gains or loses words only one way and is kept.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from .bases import SAME_PHRASE_DEPS, aligned_comparisons, changed_compared
from .compared import FACTOR
from .document import Mention, QuestionDoc
from .terms import token_lemma, token_mention

if TYPE_CHECKING:
    from .pair import QuestionPair

#: verbs that say no quantity of their own in a standard ("than she *had*", "as Tom *did*")
_LIGHT_VERBS = frozenset({"be", "have", "do", "get", "make"})
#: words of a standard that say the kind of the quantity rather than whose it is ("the *number* of", "the *amount*")
_MEASURE_NOUNS = frozenset({"number", "amount", "total", "quantity", "count", "sum", "value"})
#: words of a standard that say which measure of a thing is compared, not which thing ("twice the *height* of
#: the hill" is "twice as tall as the hill", "double the *cost* of the lamp" "double the lamp's *price*")
_DIMENSION_NOUNS = frozenset({"price", "cost", "height", "length", "width", "weight", "age", "size", "distance",
                              "time", "speed", "area", "volume", "depth", "capacity", "duration"})
#: words of a standard that gather what else the problem has rather than name one thing ("twice everything else
#: combined" -> "twice all of *the rest* put together")
_GATHERING_NOUNS = frozenset({"rest", "remainder", "others", "everything"})


@dataclass(frozen=True)
class SideChange:
    """A comparison of the question (``q_at``) said in the paraphrase (``p_at``) with its sides swapped
    (``why`` "swapped"), or measured against another thing (``why`` "standard": ``old`` the question's word of
    the standard, ``new`` the paraphrase's)."""

    q_at: Mention
    p_at: Mention
    old: Mention
    new: Mention
    why: str


def _words(tokens, verbs: bool = False) -> dict[str, object]:
    """The content words of a side, by lemma: nouns and proper nouns (no dates or times), and with ``verbs`` the
    verbs of their own (no light verb: "than *assigned*")."""
    found = {}
    for tok in tokens:
        # a label is no stop word ("city *A*")
        if tok.ent_type_ in ("DATE", "TIME") or (tok.is_stop and not tok.text.isupper()):
            continue
        if tok.pos_ in ("NOUN", "PROPN") or (verbs and tok.pos_ == "VERB" and token_lemma(tok) not in _LIGHT_VERBS):
            found.setdefault(token_lemma(tok), tok)
    return found


def _standard_words(tokens) -> dict[str, object]:
    """The words of a standard up to its first comma or semicolon; its verbs only where it names no thing
    ("than *assigned*")."""
    cut = []
    for tok in tokens:
        if tok.lower_ in (",", ";"):
            break
        cut.append(tok)
    return _words(cut) or _words(cut, verbs=True)


def _governed(doc: QuestionDoc, mention: Mention, tokens) -> bool:
    """Whether a standard is what a "than" or an "as" governs ("as *Jason*"), not the noun a bare factor
    multiplies ("twice *Tyson's age*"), and the comparison at ``mention``'s own: no number and no line break
    between them ("2 times Tyson's age\nJulian: 20 years younger *than Frederick*")."""
    span = doc.span(mention)
    if not tokens or span is None or tokens[0].i <= span.end or doc.doc[tokens[0].i - 1].lower_ not in ("than", "as"):
        return False
    return not any(t.like_num or "\n" in t.text_with_ws for t in doc.doc[span.end:tokens[0].i])


def _before(doc: QuestionDoc, mention: Mention) -> dict[str, object]:
    """The nouns of ``mention``'s sentence before it, from its last comma or semicolon: the compared side
    however the clause is parsed ("*Nancy* steps on her partner's feet 3 times as often as Jason")."""
    span = doc.span(mention)
    if span is None:
        return {}
    tokens = []
    for tok in doc.doc[span.sent.start:span.start]:
        if tok.lower_ in (",", ";"):
            tokens = []
        else:
            tokens.append(tok)
    return _words(tokens)


def _after(doc: QuestionDoc, mention: Mention) -> set[str]:
    """The lemmas of ``mention``'s sentence from it on."""
    span = doc.span(mention)
    return set() if span is None else {token_lemma(t) for t in doc.doc[span.start:span.sent.end]}


def swapped_factors(pair: QuestionPair) -> list[SideChange]:
    """Factors ("3 times as often as", "twice as many ... as") whose two sides swapped while the factor stayed:
    each text measures against what a "than" or an "as" governs, what the question measures against stands
    on the compared side in the paraphrase (its sentence before the factor, its subject, the noun the factor
    counts) and the other way round, and no word of the question's standard stays in the paraphrase's."""
    question, paraphrase = pair.question, pair.paraphrase
    found = []
    for key, q_mention, p_mention, (q_std, q_cmp), (p_std, p_cmp) in aligned_comparisons(pair):
        if key[1] != FACTOR or not (_governed(question, q_mention, q_std) and _governed(paraphrase, p_mention, p_std)):
            continue
        q_s, p_s = _standard_words(q_std), _standard_words(p_std)
        q_c = {**_words(q_cmp), **_before(question, q_mention)}
        p_c = {**_words(p_cmp), **_before(paraphrase, p_mention)}
        moved_in = (set(q_s) & set(p_c)) - set(q_c)
        moved_out = (set(q_c) & set(p_s)) - set(q_s)
        if moved_in and moved_out and not set(q_s) & set(p_s):
            old = q_s[sorted(moved_in)[0]]
            new = p_s[sorted(moved_out)[0]]
            found.append(SideChange(q_mention, p_mention, token_mention(old), token_mention(new), "swapped"))
    return found


def _phrase(tok) -> set[str]:
    """The lemmas of ``tok``'s phrase without what is coordinated with it ("*city A* and city B")."""
    found, todo = set(), [tok]
    while todo:
        head = todo.pop()
        found.add(token_lemma(head))
        todo.extend(c for c in head.children if c.dep_ not in ("conj", "cc", "punct", "appos"))
    return found


def _linked(tok) -> set[str]:
    """The lemmas of the phrases ``tok`` names one thing with: its own noun phrase ("Omar's *sister* Nina"), an
    apposition ("Sam, *her brother*,") and a copula ("Sam is *Noor's brother*")."""
    root = tok.head if tok.dep_ in SAME_PHRASE_DEPS else tok
    found = _phrase(root)
    for other in (*root.children, root.head):
        if other.dep_ == "appos" or (other is root.head and root.dep_ == "appos"):
            found |= _phrase(other)
    if root.dep_ in ("nsubj", "attr") and token_lemma(root.head) == "be":
        for other in root.head.children:
            if other.dep_ in ("nsubj", "attr") and other is not root:
                found |= _phrase(other)
    return found


def _same_phrase(docs, added: set[str], removed: set[str]) -> bool:
    """Whether either text names a word of ``added`` as one thing with a word of ``removed`` (:func:`_linked`:
    "Omar's *sister* *Nina*", "her *brother* *Tom*", "*Sam*, her *brother*", "*Sam* is Noor's *brother*"): two
    names of one thing; a list ("cities A, B and C") is no phrase."""
    for doc in docs:
        for tok in doc.doc:
            lemma = token_lemma(tok)
            if (lemma in added and _linked(tok) & removed) or (lemma in removed and _linked(tok) & added):
                return True
    return False


def _stated_elsewhere(doc: QuestionDoc, word: str, side) -> bool:
    inside = {t.i for t in side}
    return any(token_lemma(t) == word for t in doc.doc if t.i not in inside)


def _things(doc: QuestionDoc, words: dict[str, object]) -> dict[str, object]:
    """The words of a standard that name what it measures against: no measure or dimension noun ("the *number*
    of", "the *height* of"), no word that gathers the rest ("all *the rest*") and no number or unit (the base's own value folded into it: "as tall as a 300-*foot*
    hill", "the *$40* lamp")."""
    measured = {i for m in (*doc.numbers, *doc.units) for i in range(m.start, m.end)}
    return {w: t for w, t in words.items()
            if w not in _MEASURE_NOUNS | _DIMENSION_NOUNS | _GATHERING_NOUNS and t.idx not in measured}


def changed_things(pair: QuestionPair) -> list[SideChange]:
    """Comparisons measured against another thing the problem states (module docstring): the standard (up to its
    first comma) lost a word of the question's that the paraphrase's sentence no longer says from the comparison
    on, and gained one the question states outside that standard but not in its own sentence from the comparison
    on; neither on the compared side of the other text (the sides swapped), nor two names of one thing in one
    phrase, an apposition or a copula of either text ("her brother Tom", "Sam, her brother", "Sam is her
    brother"). The words are those that name the thing (:func:`_things`): a measure named in one text only
    ("twice the height of the hill" -> "twice as tall as the hill") or the base's value folded into the standard
    ("as tall as a 300-foot hill", the question put first) changes no thing. An "as many" factor with no standard of its own ("twice as many shots") is
    measured against what came before and is left alone."""
    question, paraphrase = pair.question, pair.paraphrase
    named = {c.number.start for c in changed_compared(pair)}
    found = []
    for _key, q_mention, p_mention, (q_std, q_cmp), (p_std, p_cmp) in aligned_comparisons(pair):
        implicit = not _governed(question, q_mention, q_std) and q_mention.text.lower().endswith(" as")
        if q_mention.start in named or implicit:
            continue
        q_s, p_s = _things(question, _standard_words(q_std)), _things(paraphrase, _standard_words(p_std))
        removed = set(q_s) - set(p_s) - _after(paraphrase, p_mention)
        added = set(p_s) - set(q_s) - _after(question, q_mention)
        q_c, p_c = set(_words(q_cmp)), set(_words(p_cmp))
        # a word moved to the other side: the sides swapped
        if not removed or not added or removed & (p_c - q_c) or added & (q_c - p_c):
            continue
        if not all(_stated_elsewhere(question, w, q_std) for w in added) or _same_phrase((question, paraphrase), added, removed):
            continue
        old = q_s[sorted(removed, key=lambda w: q_s[w].i)[0]]
        new = p_s[sorted(added, key=lambda w: p_s[w].i)[0]]
        found.append(SideChange(q_mention, p_mention, token_mention(old), token_mention(new), "standard"))
    return found
