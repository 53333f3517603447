"""The time point of the asked quantity named by the story: "how many posters does she have *now*" -> "how many
posters will she have *after this summer*", where the story says what happens after this summer ("After this
summer, she will have six more posters").

:func:`~paraqd.analysis.asked_shape.shape_changes` compares a question that asks for the state now with one
that asks at a time point shifted from now by a number ("in 4 years"). A paraphrase may also ask at a time point
the problem itself names: the object of a preposition of time ("after", "by", "at", "during") in the
asking clause, a noun of time (WordNet: "summer", "week", "birthday") or an age ("at twice *the
age* of 6"), that the story names outside its asking clause and the question's asking clause does not. The
story's own time point is one of its states, not the state now.
"""

from __future__ import annotations

from .asked_quantity import AskedQuantity, asked_quantity, clause_tokens
from .document import Mention, QuestionDoc
from .lexicon import default_lexicon
from .terms import token_lemma

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
