"""When a question asks for its quantity: now, or at another time point, compared across a pair.

"How old is Mara *now*" asks for the state now; "how old will Mara be *in 4 years*" (or "*3 months ago*", "*4
years from now*", "*after 5 months*") for the state at another time point. One question saying "now"
("currently", "presently", "today") and the other a time point shifted from it by a number of a unit of time
ask for two states (:func:`other_time`). A shifted time point against a question that says no time at all is not
compared: the question may have said it before its asking clause ("After 5 months, what will it weigh?").

A paraphrase may also ask at a time point the story names: "how many posters does she have *now*" -> "how many
posters will she have *after this summer*", where the story says what happens after this summer ("After this
summer, she will have six more posters"): the object of a preposition of time ("after", "by", "at", "during") in
the asking clause, a noun of time (WordNet: "summer", "week", "birthday") or an age ("at twice *the age* of 6"),
that the story names outside its asking clause and the question's asking clause does not
(:func:`story_time_point`). The story's own time point is one of its states, not the state now.

:func:`~paraqd.analysis.asked_shape.shape_changes` reports it with the other shapes of the asked quantity.
"""

from __future__ import annotations

from .asked_quantity import (
    NOW,
    AskedChange,
    AskedQuantity,
    asked_quantity,
    clause_tokens,
)
from .document import Mention, QuestionDoc
from .lexicon import default_lexicon
from .terms import token_lemma, token_mention

#: prepositions that place the asked quantity at a time point ("*after* this summer", "*at* the age of 12");
#: not "before" or "until": "now" is often the time before the story's coming event ("how many does she have
#: *before* this summer" may ask for the state now)
TIME_PREPOSITIONS = frozenset({"after", "by", "at", "during"})
#: nouns that name a time point of a person's life whatever WordNet files them under ("at the *age* of 12")
_LIFE_POINTS = frozenset({"age"})


def story_time_point(question: QuestionDoc, paraphrase: QuestionDoc, p: AskedQuantity) -> Mention | None:
    """The words with which the paraphrase's asking clause (``p``) asks at a time point of ``question``'s story
    ("*after this summer*"): a preposition of time (:data:`TIME_PREPOSITIONS`) and the first noun after it in
    the words that say the asked quantity, a noun of time or an age, which the question names outside its
    asking clause and not inside it. ``None`` when there is none, or without WordNet."""
    lexicon = default_lexicon()
    q = asked_quantity(question)
    if lexicon is None or q is None:
        return None
    q_clause = q.ask.clause_or_sentence
    inside = {token_lemma(t) for t in question.doc if q_clause.start <= t.idx < q_clause.end}
    story = {token_lemma(t) for t in question.doc if t.pos_ == "NOUN" and not q_clause.start <= t.idx < q_clause.end}
    toks, main = clause_tokens(paraphrase, p.ask)
    words = [t for t in toks if t.i in main]
    for k, tok in enumerate(words):
        if tok.lower_ not in TIME_PREPOSITIONS:
            continue
        noun = next((t for t in words[k + 1:k + 5] if t.pos_ == "NOUN"), None)
        if noun is None:
            continue
        key = token_lemma(noun)
        if key in inside or key not in story:
            continue
        if key in _LIFE_POINTS or "time" in lexicon.kinds(key):
            return Mention(tok.idx, noun.idx + len(noun), paraphrase.text[tok.idx:noun.idx + len(noun)])
    return None


#: prepositions whose object, a number of units of time, is a point after now ("*in* 4 years", "*after* 5
#: months"), and adverbs after such a number that shift it from now ("3 months *ago*", "4 years *later*")
_SHIFT_PREPOSITIONS = frozenset({"in", "after", "within"})
_SHIFT_ADVERBS = frozenset({"ago", "later", "hence", "from"})


def _time_shift(doc: QuestionDoc, aq: AskedQuantity) -> Mention | None:
    """A time point shifted from now by a number of units of time in the words of the asking clause that say
    the asked quantity ("in 4 years", "3 months ago", "4 years from now"), or ``None``."""
    toks, main = clause_tokens(doc, aq.ask)
    by_start = {t.idx: t for t in toks if t.i in main}
    for unit in doc.units:
        tok = by_start.get(unit.start)
        if tok is None or unit.unit.category != "Time" or not any(c.dep_ == "nummod" for c in tok.children):
            continue
        number = min(c.i for c in tok.children if c.dep_ == "nummod")
        after = doc.doc[tok.i + 1] if tok.i + 1 < len(doc.doc) else None
        if after is not None and after.lower_ in _SHIFT_ADVERBS:
            first, last = number, after.i + (after.lower_ == "from" and after.i + 1 < len(doc.doc))
        elif tok.dep_ == "pobj" and tok.head.lower_ in _SHIFT_PREPOSITIONS:
            first, last = tok.head.i, tok.i
        else:
            continue
        span = doc.doc[first:last + 1]
        return Mention(span.start_char, span.end_char, span.text)
    return None


#: deictic adverbs of time that name the moment of speaking as a day ("how old is she *today*") beside the
#: aggregate "now" (:data:`~paraqd.analysis.asked_quantity.AGGREGATES`)
_TODAY = frozenset({"today", "tonight"})


def _now(doc: QuestionDoc, aq: AskedQuantity) -> Mention | None:
    """The words with which the asking clause asks for the state now: "now" ("currently", "presently") or
    "today", among the words that say the asked quantity; else ``None``."""
    if NOW in aq.aggregates:
        return aq.aggregates[NOW]
    toks, main = clause_tokens(doc, aq.ask)
    return next((token_mention(t) for t in toks if t.i in main and t.lower_ in _TODAY), None)


def other_time(question: QuestionDoc, paraphrase: QuestionDoc, q: AskedQuantity,
                p: AskedQuantity) -> AskedChange | None:
    """One question asks for the state now, the other at a time point shifted from now, or at a time point its
    story names (:func:`~paraqd.analysis.asked_moments.story_time_point`)."""
    q_now, p_now = _now(question, q), _now(paraphrase, p)
    if q_now is not None and p_now is None:
        shifted = _time_shift(paraphrase, p) or story_time_point(question, paraphrase, p)
        return None if shifted is None else AskedChange("when", (q_now,), (shifted,), NOW, "shifted")
    if p_now is not None and q_now is None:
        shifted = _time_shift(question, q) or story_time_point(paraphrase, question, q)
        return None if shifted is None else AskedChange("when", (shifted,), (p_now,), "shifted", NOW)
    return None
