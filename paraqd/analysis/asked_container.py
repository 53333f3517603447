"""The thing counted: the container or what it holds, the whole or its pieces.

Many stories count two things of which one holds or is made of the other: apples packed into boxes of 10,
pizzas of 6 pieces, pies cut into 8 slices. "How many *boxes* of apples were there?" counts boxes; "how many
*apples* were packed into boxes?" counts apples: the head of the "how many" phrase is the thing counted, and
the other noun, kept in the sentence as its complement ("of apples", "into boxes"), only says what they are.
:func:`~paraqd.analysis.asked_changes.asked_changes` leaves a pair alone when either question sentence has the
other's noun (a measure of a substance, "how many cups of flour" -> "how much flour", counts the same
substance); this module reads the case where the story itself counts both things apart.

:func:`container_changes` reads two "how many" questions whose counted nouns differ (lemmas) and reports a
change (:class:`~paraqd.analysis.asked_quantity.AskedChange` ``"counted"``) when

- both nouns are counted things of both stories: each is the head of a noun phrase outside the question
  sentence (not only the complement of the other: "63 pieces *of candy*" counts pieces, and "candy" is what
  they are, so "how many pieces of candy" -> "how many candies" is the same count), in the question's story
  and in the paraphrase's;
- the story counts one of them with a number ("20 *pizzas*", "*8* slices"): the two are separate quantities
  of the problem;
- WordNet does not know them as one thing said otherwise (a synonym, a more general or more specific word);
  without WordNet, nothing.
"""

from __future__ import annotations

from .asked_quantity import AskedChange, AskedQuantity, asked_quantity
from .document import QuestionDoc
from .lexicon import ANTONYM, SIBLING, UNRELATED, default_lexicon
from .terms import LIGHT_NOUNS, token_lemma


def container_changes(question: QuestionDoc, paraphrase: QuestionDoc) -> list[AskedChange]:
    """``[AskedChange("counted", ...)]`` when the two questions count two different things that both stories
    count apart (see the module docstring); ``old`` / ``new`` are the two counted nouns."""
    q, p = asked_quantity(question), asked_quantity(paraphrase)
    if q is None or p is None:
        return []
    a, b = q.ask, p.ask
    if a.form != "how many" or b.form != "how many" or a.noun is None or b.noun is None or a.noun == b.noun:
        return []
    if a.noun_span is None or b.noun_span is None or a.noun in LIGHT_NOUNS or b.noun in LIGHT_NOUNS:
        return []
    if any(u.start < a.noun_span.end for u in a.units) or any(u.start < b.noun_span.end for u in b.units):
        return []  # "how many *kilograms*": a unit asked, the unit checks' business
    if not (_counted_by_many(question, q) and _counted_by_many(paraphrase, p)):
        return []
    q_heads, p_heads = _story_heads(question, q), _story_heads(paraphrase, p)
    if not {a.noun, b.noun} <= set(q_heads) or not {a.noun, b.noun} <= set(p_heads):
        return []
    if not (q_heads[a.noun] or q_heads[b.noun]):
        return []
    lex = default_lexicon()
    if lex is None or lex.relation(a.noun, b.noun) not in (SIBLING, UNRELATED, ANTONYM):
        return []
    return [AskedChange("counted", (a.noun_span,), (b.noun_span,), a.noun, b.noun)]


def _counted_by_many(doc: QuestionDoc, aq: AskedQuantity) -> bool:
    """Whether the asked noun is the head "many" counts ("how *many apples*"), not a noun later in a clause that
    counts nothing named ("how many need a *size* 6")."""
    span = doc.span(aq.ask.noun_span)
    return span is not None and any(c.lower_ == "many" for t in span for c in t.children)


def _story_heads(doc: QuestionDoc, aq: AskedQuantity) -> dict[str, bool]:
    """Lemma of each noun that heads a noun phrase of the story (outside the question sentence; not the
    complement of "of": "pieces *of candy*") -> whether a number counts it there ("20 *pizzas*")."""
    sentence = aq.ask.sentence
    out: dict[str, bool] = {}
    for tok in doc.doc:
        if tok.pos_ != "NOUN" or sentence.start <= tok.idx < sentence.end:
            continue
        if tok.dep_ == "pobj" and tok.head.lower_ == "of" and tok.head.head.pos_ == "NOUN":
            continue
        counted = any(c.dep_ == "nummod" and c.like_num for c in tok.children)
        out[token_lemma(tok)] = out.get(token_lemma(tok), False) or counted
    return out
