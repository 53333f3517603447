"""Words of the problem written in place as a word of another kind: a part the new word cannot play.

A rewording may call a problem's things and people by other names: "apples" -> "pears" throughout, or a
person renamed, leaves every quantity and relation as it was (the entity check reports it as a minor rename).
What it may not do is write, *in the place* of a word that carries the problem's information
(:func:`~paraqd.analysis.wording.information_words`), a word that cannot play that word's part in the
problem. Three parts are read:

- **a thing the problem counts or computes with** (a noun: "8 *customers*", "how many people are in the
  *line*") written as a word that names no thing at all (WordNet knows it, but never as a noun: "8 *bought*",
  "81 *added*", "2 *followed* of leg pads"), or as a **time** (a weekday, a month, a day counted from today,
  a unit of time: "in the *thursday*", "9 pages of *today*") where the question named none: the quantity no
  longer counts that thing; and a term of the mathematics (a noun at least half of whose WordNet senses are
  quantities, shapes or relations: "numerator", "cube") written as a noun with no such sense ("counter",
  "die"): an object in place of the problem's mathematics;
- **the verb that relates a quantity** (the verb its phrase hangs on, or one of the asking clause: "20 % of
  the population *travels* by car", "7 campers went *rowing*") written as a noun ("*glass* by car", "went
  *tables*"): what the quantities do is gone. A noun made from the verb ("*clearing*" for "shoveling") or a
  WordNet counterpart of it still says the act;
- **an adjective that tells two things of the problem apart** ("the *green* lizard ... the *blue* lizard")
  written as a noun that is no quality ("the *profit* chair"): which of the two is meant is gone.

Only substitutions in place count: one word for one word inside :meth:`QuestionPair.aligned_substitutions
<paraqd.analysis.pair.QuestionPair.aligned_substitutions>`, the word before and the word after kept, the old
word gone from the paraphrase and the new one new to it, in a paraphrase that copies most of the question
(:data:`COPIED_SHARE`). A free rewording says things another way around them and its word alignment pairs words
that play no part in common ("How many total pockets" / "... in total across all"): what it lost is the content
and entity checks' business. Read once per pair by the entity check (like :mod:`.days`, a function of the pair:
:mod:`.pair` imports no module that imports it back). Two words that are WordNet counterparts
(:meth:`~paraqd.analysis.lexicon.Lexicon.counterpart`: "rest" / "remaining", "stay" / "remain") never count.
Without WordNet the time rule (its words are the project's own: :data:`~paraqd.analysis.terms.WEEKDAYS`,
:data:`~paraqd.analysis.days.MONTHS`, the relative days and the unit vocabulary's units of time) and the
relation rule (read from the parse; only the same word is then a counterpart) apply, the others do not.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from .days import MONTHS
from .document import Mention
from .lexicon import default_lexicon
from .terms import NOUN_POS, WEEKDAYS, token_lemma, token_mention
from .units import UnitVocabulary
from .wording import information_words

if TYPE_CHECKING:
    from .pair import QuestionPair

#: the parts a replaced word played, as :attr:`KindChange.part` says them
THING, RELATION, DISTINCTION = "thing", "relation", "distinction"
#: days named from today: time points as much as a weekday is
_RELATIVE_DAYS = frozenset({"today", "tomorrow", "yesterday", "tonight"})
#: how far a substitution may reach, in words on each side
_SIZE = 3
#: the share of the paraphrase's words that copy the question's (:attr:`QuestionPair.copied_share
#: <paraqd.analysis.pair.QuestionPair.copied_share>`) from which words are paired in place: an edit of the
#: question (operators' outputs copy 0.7-1.0 of it) rather than a retelling (about 0.3-0.6)
COPIED_SHARE = 0.65
#: WordNet's lexicographer files of a noun of the mathematics (most of its senses): "cube" (shape),
#: "numerator" (quantity), "ratio" (relation)
_MATHEMATICAL = frozenset({"quantity", "shape", "relation"})
#: and those a word that still says such a thing has a sense in (an attribute: "proportion", "size")
_MEASURABLE = _MATHEMATICAL | {"attribute"}
#: every noun sense of a word (WordNet's most senses for one noun are below this)
_ALL_SENSES = 100


class KindChange(NamedTuple):
    """A question word (``old``) written in its place as ``new``, a word of another kind: ``part`` is the
    part the old word played (:data:`THING`, :data:`RELATION`, :data:`DISTINCTION`), ``what`` what the new
    word is instead ("a word that names no thing", "a time", "an object, no quantity or shape", "a noun")."""

    old: Mention
    new: Mention
    part: str
    what: str


def is_time_word(word: str) -> bool:
    """Whether ``word`` names a time: a weekday, a month, a day counted from today, or a unit of time of the
    unit vocabulary ("minute", "hours")."""
    word = word.lower()
    if word.rstrip("s") in WEEKDAYS or word in MONTHS or word in _RELATIVE_DAYS:
        return True
    unit = UnitVocabulary.default().get(word)
    return unit is not None and unit.category == "Time"


def _related(a, b) -> bool:
    """Whether the two tokens say one thing: the same lemma or form, or WordNet counterparts either way."""
    forms_a, forms_b = {a.lower_, token_lemma(a)}, {b.lower_, token_lemma(b)}
    if forms_a & forms_b:
        return True
    lexicon = default_lexicon()
    return lexicon is not None and any(lexicon.counterpart(x, y) or lexicon.counterpart(y, x)
                                       for x in forms_a for y in forms_b)


def _neighbour(tok, step: int) -> str:
    """The word next to ``tok`` (``step`` -1 or 1), whitespace skipped; "" at the text's edge."""
    i = tok.i + step
    while 0 <= i < len(tok.doc) and tok.doc[i].is_space:
        i += step
    return tok.doc[i].lower_ if 0 <= i < len(tok.doc) else ""


def _forms(doc) -> set[str]:
    return {f for t in doc if t.is_alpha for f in (t.lower_, token_lemma(t))}


def _pairs(pair: QuestionPair):
    """(question token, paraphrase token) written in each other's place, word by word: one word for one
    word with the word before and the word after both kept, the old word gone from the paraphrase and the
    new one absent from the question. Read only where the paraphrase copies most of the question
    (:data:`COPIED_SHARE`): in a retelling the word alignment pairs words that play no part in common."""
    if pair.copied_share < COPIED_SHARE:
        return
    q_doc, p_doc = pair.question.doc, pair.paraphrase.doc
    q_forms, p_forms = _forms(q_doc), _forms(p_doc)
    for i1, i2, j1, j2 in pair.aligned_substitutions(size=_SIZE):
        q_words = [t for t in q_doc[i1:i2] if not t.is_space]
        p_words = [t for t in p_doc[j1:j2] if not t.is_space]
        if len(q_words) != len(p_words):
            continue
        for old, new in zip(q_words, p_words, strict=True):
            if any(_neighbour(old, step) != _neighbour(new, step) for step in (-1, 1)):
                continue
            if {old.lower_, token_lemma(old)} & p_forms or {new.lower_, token_lemma(new)} & q_forms:
                continue  # the old word still said elsewhere, or the new one already the question's
            yield old, new


def _contrasted(tok) -> bool:
    """Whether the adjective ``tok`` tells its noun's things apart from others the question names with
    another adjective ("the *green* lizard" where there is a "blue lizard")."""
    head = token_lemma(tok.head)
    return any(other.i != tok.i and other.pos_ == "ADJ" and other.dep_ == "amod" and token_lemma(other.head) == head
               and token_lemma(other) != token_lemma(tok) for other in tok.doc)


def _mathematical(word: str, lexicon) -> bool:
    """Whether at least half of the noun senses of ``word`` are quantities, shapes or relations ("cube":
    3 of 5, "numerator", "ratio"; not "stamp" or "pack", objects first)."""
    kinds = lexicon.kinds(word, senses=_ALL_SENSES)
    return bool(kinds) and 2 * sum(k in _MATHEMATICAL for k in kinds) >= len(kinds)


def _thing_change(old, new, lexicon) -> str:
    """What ``new`` is instead of the thing ``old`` named, or ``""`` when it may still name it."""
    # a noun (or a name) written as a noun of time: not "the third" -> "the second", an ordinal
    if old.pos_ in NOUN_POS and new.pos_ in NOUN_POS and is_time_word(new.text) and not is_time_word(old.text) \
            and not is_time_word(token_lemma(old)):
        if lexicon is None or "time" not in lexicon.kinds(token_lemma(old), senses=_ALL_SENSES):
            return "a time"
    if old.pos_ != "NOUN" or new.pos_ == "PROPN" or new.text[:1].isupper() or lexicon is None:
        return ""  # a name stands for anything: "Bryan" for "flour" renames it
    # the form as written ("bought", not its lemma "buy"): WordNet knows it, never as a noun
    if lexicon.knows(new.lower_, None) and not lexicon.knows(new.lower_, "n"):
        return "a word that names no thing"
    # a term of the mathematics ("cube", "numerator": most often a quantity, shape or relation) written as a
    # noun that is none of these ("die", "counter"): another object, not the problem's
    if _mathematical(token_lemma(old), lexicon) and lexicon.knows(new.lower_, "n") \
            and not set(lexicon.kinds(new.lower_, senses=_ALL_SENSES)) & _MEASURABLE:
        return "an object, no quantity or shape"
    return ""


def _relation_change(old, new) -> str:
    if old.pos_ != "VERB" or new.pos_ != "NOUN" or old.text[:1].isupper() or new.lower_.endswith("ing"):
        return ""  # a verbal noun ("clearing" for "shoveling") still says the act
    return "a noun"


def _distinction_change(old, new, lexicon) -> str:
    if lexicon is None or old.pos_ != "ADJ" or old.tag_ != "JJ" or old.dep_ != "amod" or new.pos_ not in NOUN_POS:
        return ""
    if lexicon.knows(new.lower_, "a") or not _contrasted(old):
        return ""
    return "a noun"


def kind_changes(pair: QuestionPair) -> tuple[KindChange, ...]:
    """The question's information words written in place as words of another kind (module docstring), one
    per question word and new word."""
    information = information_words(pair.question)
    lexicon = default_lexicon()
    found: list[KindChange] = []
    seen: set[tuple[str, str]] = set()
    for old, new in _pairs(pair):
        if not (old.is_alpha and new.is_alpha) or token_lemma(old) not in information:
            continue
        key = (token_lemma(old), new.lower_)
        if key in seen or _related(old, new):
            continue
        part, what = THING, _thing_change(old, new, lexicon)
        if not what:
            part, what = RELATION, _relation_change(old, new)
        if not what:
            part, what = DISTINCTION, _distinction_change(old, new, lexicon)
        if what:
            seen.add(key)
            found.append(KindChange(token_mention(old), token_mention(new), part, what))
    return tuple(found)
