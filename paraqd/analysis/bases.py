"""The whole a part is taken of: "1/5 *of the original $240*", "a quarter *of the money he had left*".

A fraction or a percentage of a problem is a part of some whole, and which whole is information: a quarter of
what was left after lunch is not a quarter of what he started with, and 1/5 of the original $240 is not 1/5 of
his share. :func:`changed_bases` aligns the fractions and percentages of a pair by value (each value written as
often in both texts) and reads the phrase of each after its "of" (the *base*). The base changed when

- its aggregate changed (:data:`~paraqd.analysis.asked_quantity.CONFLICTS`, read as in an asking clause:
  "the money he had *left*" -> "the money he *started* with"; "original" and "start with" say the start), or
- the question's base was a stated number ("the original *$240*") and the paraphrase's, without a number, names
  a thing the question's sentence speaks of apart from that base ("... of *his share*", where the question
  said "from his share ..., 1/5 of the original $240"): the question kept the two apart.

- the question's base is a remainder ("half of the *remaining* muffins", "20% of what is *left*", "a third of
  the *rest*") and the paraphrase's names none ("half of the muffins", "of them", "of her money", "of the 40
  muffins"), unless it says the rest another way ("the *other* muffins", "the shirts *not* sold", the same
  stated number) or names a remainder just before ("She had some muffins *left*, and she gave half of
  them": "them" is that remainder).

Rewordings that keep the whole ("half of the remaining apples" -> "half of what was left", "20% of $50" ->
"20% of the $50") change neither.

A comparison has a base too, the quantity it is measured against: :func:`changed_standards` reports one that
recurs ("*each* day twice as many as *the previous* day") measured against the period before in the question
and against one fixed period in the paraphrase ("... as *the first* day", "twice her *January* savings"): each
step's growth made a multiple of the start.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from typing import TYPE_CHECKING

from .asked_quantity import CONFLICTS, INITIAL, REMAINING, aggregate_of
from .compared import comparisons
from .document import Mention, NumberMention, QuestionDoc
from .multipliers import with_multipliers
from .terms import token_mention

if TYPE_CHECKING:
    from .pair import QuestionPair

#: words that say the start of a story besides the asking clause's ("the *original* price", "what he *started*
#: with"); closed class of the aggregate "initial"
_START_WORDS = frozenset({"original", "initial"})
_START_VERBS = frozenset({"start", "begin"})
#: "half of the *other* muffins", "the pieces *yet* to be placed": the rest said by a determiner or an adverb
_OTHER = frozenset({"other", "others", "yet"})
#: verbs that state a remainder ("*leaving* 100 eggs", "100 eggs *remained*")
_REMAIN_VERBS = frozenset({"leave", "remain"})


@dataclass(frozen=True)
class BaseChange:
    """A fraction or percentage ``number`` of the question taken of another whole in the paraphrase: the
    question's base ``old`` and the paraphrase's ``new``, each the word that says how (an aggregate word, or
    the stated number and the thing named instead)."""

    number: NumberMention
    old: Mention
    new: Mention
    why: str


def _base(doc: QuestionDoc, number: NumberMention) -> list | None:
    """The tokens of the phrase after ``number``'s "of" ("a quarter *of the money he had left*")."""
    span = doc.span(number)
    if span is None:
        return None
    of = next((c for c in span[-1].children if c.dep_ == "prep" and c.lower_ == "of"), None)
    # "of *the money*" (pobj), "of *what is left*" (pcomp)
    obj = None if of is None else next((g for g in of.children if g.dep_ in ("pobj", "pcomp")), None)
    if obj is None:
        return None
    # not a clause coordinated with it ("4/5 of what she earned *and saved the rest*")
    joined = {t.i for c in obj.children if c.dep_ in ("conj", "cc") for t in c.subtree}
    return [t for t in obj.subtree if t.i not in joined]


def _aggregates(tokens) -> dict[str, object]:
    found = {}
    for tok in tokens:
        start = tok.lower_ in _START_WORDS or ((tok.lemma_ or "").lower() in _START_VERBS and tok.pos_ == "VERB")
        kind = INITIAL if start else aggregate_of(tok)
        if kind is not None:
            found.setdefault(kind, tok)
    return found


def _aligned_parts(pair: QuestionPair):
    """Fractions and percentages aligned by value, for each value written as often in both texts."""
    q_by, p_by = defaultdict(list), defaultdict(list)
    for doc, by in ((pair.question, q_by), (pair.paraphrase, p_by)):
        for n in doc.numbers:
            if n.kind == "percent" or 0 < n.value < 1:
                by[(n.kind == "percent", n.rounded)].append(n)
    for key, q_numbers in q_by.items():
        if len(p_by.get(key, ())) == len(q_numbers):
            yield from zip(q_numbers, p_by[key])


def _head(tokens):
    return next((t for t in tokens if t.head not in tokens or t.head.i == t.i), None)


def _negated_participle(tok) -> bool:
    """An adjective negated by its prefix ("the *unbroken* eggs", "the *unsold* shirts"): what no change took."""
    return tok.tag_ in ("JJ", "VBN") and tok.lower_.startswith("un") and len(tok.text) > 5


def _same_number(q_base, p_base) -> bool:
    """Both bases state the same number ("half of the remaining 30 pupils" -> "half of the 30 pupils present")."""
    q_nums = {t.lower_ for t in q_base if t.like_num}
    return bool(q_nums & {t.lower_ for t in p_base if t.like_num})


def _remainder_said(doc: QuestionDoc, number: NumberMention, base: list) -> bool:
    """Whether ``doc`` still says that ``number`` is taken of a remainder where its base names none: the base
    is "the other ..." or holds a negation ("the muffins *not* sold"), or a remainder is named between the start
    of the sentence before the number's and the number ("She had some muffins *left*, and she gave half of
    them ...", where "them" is that remainder)."""
    if any(_negated_participle(t) for t in base):
        return True
    # "the shirts *not* sold", "the pieces *yet* to be placed", "the worms *remaining*", however parsed
    for tok in base[0].doc[base[0].i:base[0].sent.end]:
        if tok.is_punct:
            break
        if tok.dep_ == "neg" or tok.lower_ in _OTHER or aggregate_of(tok) == REMAINING:
            return True
    span = doc.span(number)
    if span is None:
        return True
    sent = span.sent
    start = sent.start
    if start > 0:
        start = doc.doc[start - 1].sent.start
    return any(aggregate_of(t) == REMAINING or (t.pos_ == "VERB" and t.lemma_.lower() in _REMAIN_VERBS)
               for t in doc.doc[start:span.start])


def changed_bases(pair: QuestionPair) -> list[BaseChange]:
    """The fractions and percentages of the question taken of another whole in the paraphrase (module
    docstring)."""
    question, paraphrase = pair.question, pair.paraphrase
    found = []
    for q_num, p_num in _aligned_parts(pair):
        q_base, p_base = _base(question, q_num), _base(paraphrase, p_num)
        if not q_base or not p_base:
            continue
        q_agg, p_agg = _aggregates(q_base), _aggregates(p_base)
        clash = next(((a, b) for a in q_agg for b in p_agg
                      if a not in p_agg and b not in q_agg and frozenset((a, b)) in CONFLICTS), None)
        if clash is not None:
            found.append(BaseChange(q_num, token_mention(q_agg[clash[0]]), token_mention(p_agg[clash[1]]),
                                    "aggregate"))
            continue
        if (REMAINING in q_agg and REMAINING not in p_agg and not _same_number(q_base, p_base)
                and not _remainder_said(paraphrase, p_num, p_base)):
            head = _head(p_base)
            found.append(BaseChange(q_num, token_mention(q_agg[REMAINING]), token_mention(head), "remainder"))
            continue
        stated = next((t for t in q_base if t.like_num or t.pos_ == "NUM"), None)
        head = _head(p_base)
        if stated is None or head is None or any(t.like_num or t.pos_ == "NUM" for t in p_base):
            continue
        noun = (head.lemma_ or head.text).lower()
        q_base_words = {(t.lemma_ or t.text).lower() for t in q_base}
        sentence = q_base[0].sent  # kept apart in the same sentence ("From his share, ... 1/5 of the original $240")
        elsewhere = {(t.lemma_ or t.text).lower() for t in sentence if t.pos_ == "NOUN" and t not in q_base}
        if head.pos_ == "NOUN" and noun not in q_base_words and noun in elsewhere:
            found.append(BaseChange(q_num, token_mention(stated), token_mention(head), "named"))
    return found


#: words that point a comparison back at the period before the one it speaks of ("than *the previous* day",
#: "as much as *last* month", "than the week *before*"): closed-class adjectives and adverbs of order
_BACK_WORDS = frozenset({"previous", "preceding", "prior"})
#: words that point it at one fixed period ("the *first* day", "her *initial* savings")
_FIXED_WORDS = frozenset({"first", "initial", "original", "starting", "opening"})
_RECURRING = frozenset({"each", "every"})


def _back(tok) -> bool:
    if tok.lower_ in _BACK_WORDS or (tok.lower_ == "last" and tok.dep_ == "amod"):
        return True
    # "the week *before*": an adverb, no object of its own
    return tok.lower_ == "before" and not any(c.dep_ in ("pobj", "pcomp") for c in tok.children)


def _fixed(tok) -> bool:
    # "the *first* week", "in *January*", "in *2020*" (a named date, no relative one)
    return tok.lower_ in _FIXED_WORDS or tok.ent_type_ == "ORDINAL" or (tok.ent_type_ == "DATE"
                                                                          and tok.pos_ in ("PROPN", "NUM"))


def _standard(doc: QuestionDoc, mention: Mention):
    """The words a comparison ``mention`` is measured against: from its end to the next comma, semicolon or
    the end of its sentence ("twice as many pages *as the previous day*", "twice *her January savings*")."""
    span = doc.doc.char_span(mention.start, mention.end, alignment_mode="expand")
    if span is None:
        return None, []
    tokens = []
    for tok in doc.doc[span.end:span.sent.end]:
        if tok.lower_ in (",", ";") or tok.is_sent_end and tok.is_punct:
            break
        tokens.append(tok)
    return span.sent, tokens


def _compared(doc: QuestionDoc) -> list[tuple[object, Mention]]:
    """The comparisons of ``doc`` by value (:func:`~paraqd.analysis.compared.comparisons`) and the percentages
    that compare ("10% *taller than*"), which that reading leaves to the number check."""
    found = [(key, mention) for key, _way, mention in comparisons(doc)]
    for number in doc.numbers:
        span = doc.span(number)
        if number.kind != "percent" or span is None:
            continue
        after = list(doc.doc[span.end:min(span.end + 4, span.sent.end)])
        comparative = next((i for i, t in enumerate(after) if t.tag_ in ("JJR", "RBR")), None)
        if comparative is not None and any(t.lower_ == "than" for t in after[comparative + 1:]):
            end = after[comparative]
            found.append((("percent", number.rounded), Mention(number.start, end.idx + len(end.text),
                                                               doc.text[number.start:end.idx + len(end.text)])))
    return found


def changed_standards(pair: QuestionPair) -> list[BaseChange]:
    """Comparisons that recur ("*each* day twice as many as *the previous day*") measured against the period
    before in the question but against one fixed period in the paraphrase ("... as *the first day*", "twice her
    *January* savings"): a growth at each step made a multiple of the start. Comparisons are aligned by value
    (:func:`~paraqd.analysis.compared.comparisons`); the same back reference in other words ("the day before",
    "the previous month's") keeps the standard."""

    p_by = defaultdict(list)
    for key, mention in _compared(pair.paraphrase):
        p_by[key].append(mention)
    found = []
    for key, mention in _compared(pair.question):
        sent, q_std = _standard(pair.question, mention)
        back = next((t for t in q_std if _back(t)), None)
        if back is None or not any(t.lower_ in _RECURRING for t in sent):
            continue
        for p_mention in p_by.get(key, ()):
            _sent, p_std = _standard(pair.paraphrase, p_mention)
            fixed = next((t for t in p_std if _fixed(t)), None)
            if fixed is not None and not any(_back(t) for t in p_std):
                numbers = with_multipliers(pair.question.text, pair.question.numbers)
                number = next((n for n in numbers if n.start == mention.start), mention)
                found.append(BaseChange(number, token_mention(back), token_mention(fixed), "standard"))
                break
    return found
