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

- the other way round, the paraphrase's base is a remainder ("one-third *of the remaining* sales", "40% of what
  was *left*") where the question's names none ("one-third are netbooks", "40% *of it*") and the question tells
  no remainder right after the number or since the sentence before it ("... $200 for rent, *leaving* $600. He
  spent 10% of it"): a part of the whole made a part of what is left.

Rewordings that keep the whole ("half of the remaining apples" -> "half of what was left", "20% of $50" ->
"20% of the $50") change neither.

A comparison has a base too, the quantity it is measured against: :func:`changed_compared` reports one measured
against another person (or labelled thing) of the problem ("twice as many as *Omar*" -> "... as *Nina*"), and
:func:`changed_standards` one that
recurs ("*each* day twice as many as *the previous* day") measured against the period before in the question
and against one fixed period in the paraphrase ("... as *the first* day", "twice her *January* savings"): each
step's growth made a multiple of the start.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from typing import TYPE_CHECKING

from .asked_quantity import CONFLICTS, INITIAL, REMAINING, aggregate_of
from .compared import ASKED, comparisons
from .document import Mention, NumberMention, QuestionDoc
from .multipliers import with_multipliers
from .relations import than_governed
from .terms import clause_verb, token_mention

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


def _remainder_added(question: QuestionDoc, number: NumberMention, q_base: list | None, p_base: list | None):
    """The word of the paraphrase's base that makes ``number`` a part of a remainder ("one-fourth *of the
    remaining flowers*", "10% *of what was left*") where the question's base names none ("one-fourth are
    tulips", "10% of it", "20% of the books") and the question tells no remainder before the number either
    ("He paid $200, *leaving* $600. He spent 10% of it"): a part of the whole made a part of what is left.
    ``None`` when the paraphrase names no remainder, or the question does."""
    if not p_base or question.span(number) is None:
        return None
    p_rest = _aggregates(p_base).get(REMAINING)
    if p_rest is None or (q_base and (REMAINING in _aggregates(q_base) or _same_number(q_base, p_base))):
        return None
    if q_base and _remainder_said(question, number, q_base):
        return None
    span = question.span(number)
    # "3/4 of the rest", "half what is left", "one-eighth of the girls left early": said right after it
    for tok in question.doc[span.end:span.sent.end]:
        if tok.is_punct:
            break
        if aggregate_of(tok) == REMAINING or (tok.pos_ == "VERB" and tok.lemma_.lower() in _REMAIN_VERBS):
            return None
    start = span.sent.start
    if start > 0:
        start = question.doc[start - 1].sent.start
    told = any(aggregate_of(t) == REMAINING or (t.pos_ == "VERB" and t.lemma_.lower() in _REMAIN_VERBS)
               for t in question.doc[start:span.start])
    return None if told else p_rest


def changed_bases(pair: QuestionPair) -> list[BaseChange]:
    """The fractions and percentages of the question taken of another whole in the paraphrase (module
    docstring)."""
    question, paraphrase = pair.question, pair.paraphrase
    found = []
    for q_num, p_num in _aligned_parts(pair):
        q_base, p_base = _base(question, q_num), _base(paraphrase, p_num)
        added = _remainder_added(question, q_num, q_base, p_base)
        if added is not None:
            # the question's base, or the number itself where it names none ("one-third are netbooks")
            old = token_mention(_head(q_base)) if q_base else Mention(q_num.start, q_num.end, q_num.text)
            found.append(BaseChange(q_num, old, token_mention(added), "remainder added"))
            continue
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
    # a recurring comparison read above is not read again
    return found + [c for c in changed_compared(pair) if all(c.number.start != f.number.start for f in found)]



#: how a noun phrase holds another name of its head ("Omar's *sister* Nina")
#: the dependencies that keep a word in its head's noun phrase ("Omar's *sister* Nina", "box *B*")
SAME_PHRASE_DEPS = frozenset({"compound", "appos", "amod", "poss", "nmod"})


def _names(tokens) -> set[str]:
    """The persons and labels named among ``tokens`` (proper nouns, no dates or times: "than *Nina*", "as box
    *B*"), lower-cased."""
    return {(t.lemma_ or t.text).lower() for t in tokens
            if t.pos_ == "PROPN" and t.ent_type_ not in ("DATE", "TIME")}


def comparison_sides(doc: QuestionDoc, mention: Mention) -> tuple[list, list] | None:
    """The two sides of the comparison at ``mention``: what it is measured against (what its "than", second
    "as" or "compared to" governs, up to the next comma: "6 more shells *than Nina*"; for a bare factor, the noun
    it multiplies: "twice *the distance between B and C*") and the compared quantity (the subject of its clause
    and the noun it counts: "*Pablo* has twice as many *shells*"). ``None`` when no side is found."""
    span = doc.doc.char_span(mention.start, mention.end, alignment_mode="expand")
    if span is None:
        return None
    standard = None
    for tok in doc.doc[span.end:span.sent.end]:
        if tok.lower_ in (",", ";"):
            break
        # "as Sohan" (a preposition) or "as Sohan has" (a clause it marks), never the "as" of "as many"
        if tok.lower_ == "than" or (tok.lower_ == "as" and tok.dep_ in ("prep", "mark")) or (
                tok.lower_ in ("to", "with") and tok.head.lower_ in ("compared", "comparing")):
            standard = than_governed(tok)
            break
    last = span[-1]
    noun = next((t for t in doc.doc[span.end:min(span.end + 4, span.sent.end)] if t.pos_ in ("NOUN", "PROPN")), None)
    if standard is None and noun is not None and noun.pos_ == "NOUN" and noun in (last.head, last.head.head):
        standard = [t for t in noun.subtree if t.i > last.i]
    if not standard:
        return None
    inside = {t.i for t in standard}
    verb = clause_verb(span.root)
    compared = [u for t in verb.children if t.dep_ in ("nsubj", "nsubjpass") for u in t.subtree]
    if noun is not None and noun.i not in inside:
        compared.append(noun)
    return standard, compared


def _same_phrase(question: QuestionDoc, added: set[str], removed: set[str]) -> bool:
    """Whether the question names a word of ``added`` in one noun phrase with one of ``removed`` ("Omar's
    *sister* *Nina*"): two names of one person."""
    for tok in question.doc:
        if (tok.lemma_ or tok.text).lower() in added:
            root = tok.head if tok.dep_ in SAME_PHRASE_DEPS else tok
            if {(t.lemma_ or t.text).lower() for t in root.subtree} & removed:
                return True
    return False


def _by_value(doc: QuestionDoc) -> dict[tuple, list[Mention]]:
    by = defaultdict(list)
    for key, way, mention in comparisons(doc):
        if key != ASKED:
            by[(key, way)].append(mention)
    return by


def aligned_comparisons(pair: QuestionPair):
    """The comparisons of both texts aligned by value and way (each written as often in both), with their sides:
    ``(key, question mention, paraphrase mention, question sides, paraphrase sides)``, the sides as
    :func:`comparison_sides` reads them (pairs where either text has none are left out)."""
    q_by, p_by = _by_value(pair.question), _by_value(pair.paraphrase)
    for key, q_mentions in q_by.items():
        if len(p_by.get(key, ())) != len(q_mentions):
            continue
        for q_mention, p_mention in zip(q_mentions, p_by[key]):
            q_sides = comparison_sides(pair.question, q_mention)
            p_sides = comparison_sides(pair.paraphrase, p_mention)
            if q_sides is not None and p_sides is not None:
                yield key, q_mention, p_mention, q_sides, p_sides


def changed_compared(pair: QuestionPair) -> list[BaseChange]:
    """Comparisons measured against another person or labelled thing of the problem: "Pablo has twice as many
    as *Omar*" -> "... as *Nina*", "twice as many pens as box *B*" -> "... as box *A*", where each side names one
    person and the paraphrase's is one the question names elsewhere. Comparisons are aligned by value and way
    (each written as often in both texts). The sides swapped ("Omar has 6 more than Nina" -> "Nina has 6 fewer
    than Omar": the question's person is now the compared one), a pronoun ("than *him*"), another name the
    question gives the same person ("Omar's *sister* Nina" -> "than his sister") and a weekday (the day check's)
    are kept. A difference measured against another thing the problem counts is reported too: "13 fewer
    crunches than *Zack*" -> "13 fewer crunches than *Zack's push-ups*" (:func:`_other_thing`)."""
    question, paraphrase = pair.question, pair.paraphrase
    named = _names(question.doc)
    found = []
    for _key, q_mention, p_mention, q_sides, p_sides in aligned_comparisons(pair):
        other = _other_thing(question, paraphrase, q_sides[0], p_mention, p_sides)
        if other is not None:
            found.append(BaseChange(q_mention, token_mention(q_sides[0][0]) if len(q_sides[0]) == 1 else
                                    _phrase(question, q_sides[0]), other, "compared"))
            continue
        old, new = _names(q_sides[0]), _names(p_sides[0])
        if (len(old) != 1 or len(new) != 1 or old == new or not new <= named or old & _names(p_sides[1])
                or new & _names(q_sides[1]) or _same_phrase(question, new, old)):
            continue
        old_tok = next(t for t in q_sides[0] if (t.lemma_ or t.text).lower() in old)
        new_tok = next(t for t in p_sides[0] if (t.lemma_ or t.text).lower() in new)
        found.append(BaseChange(q_mention, token_mention(old_tok), token_mention(new_tok), "compared"))
    return found


def _counted_nouns(doc: QuestionDoc) -> set[str]:
    """The lemmas of the nouns the numbers of ``doc`` count ("44 *push-ups*", "17 *crunches*")."""
    found = set()
    for number in doc.numbers:
        span = doc.span(number)
        if span is not None and span[-1].dep_ == "nummod" and span[-1].head.pos_ == "NOUN":
            found.add((span[-1].head.lemma_ or span[-1].head.text).lower())
    return found


def _other_thing(question: QuestionDoc, paraphrase: QuestionDoc, q_standard, p_mention: Mention,
                 p_sides) -> Mention | None:
    """The paraphrase's side of a difference when it is another thing the question counts than the one the
    difference counts, where the question's side did not name it: "13 fewer *crunches* than Zack" -> "13 fewer
    crunches than Zack's *push-ups*" (crunches measured against push-ups: the side says whose other thing);
    ``None`` otherwise. "than Zack's crunches" (the same thing), a noun of the question's side named again ("than
    the flowers" -> "than flower photos") and a side naming who, not whose ("than the second player"), are no
    change."""
    p_standard, compared = p_sides
    span = paraphrase.doc.char_span(p_mention.start, p_mention.end, alignment_mode="expand")
    if span is None or not any(t.lower_ == "than" for t in paraphrase.doc[span.end:p_standard[0].i]):
        return None
    own = next((t for t in paraphrase.doc[span.start:min(span.end + 3, span.sent.end)]
                if t.pos_ == "NOUN" and t.i < p_standard[0].i), None)
    counted = _counted_nouns(question)
    if own is None or (own.lemma_ or own.text).lower() not in counted:
        return None
    # the compared side's own nouns: "Jen's *bedroom* is 60 square feet bigger than Mia's bedroom" is the same thing
    own_phrase = {(t.lemma_ or t.text).lower() for t in (*paraphrase.doc[span.start:p_standard[0].i], *compared)
                  if t.pos_ == "NOUN"}
    q_nouns = {(t.lemma_ or t.text).lower() for t in q_standard if t.pos_ in ("NOUN", "PROPN")}
    p_nouns = {(t.lemma_ or t.text).lower() for t in p_standard if t.pos_ in ("NOUN", "PROPN")}
    if q_nouns & p_nouns - {(t.lemma_ or t.text).lower() for t in p_standard if t.dep_ == "poss"}:
        return None  # the question's side named again ("than the flowers" -> "than flower photos")
    for tok in p_standard:
        lemma = (tok.lemma_ or tok.text).lower()
        # whose thing the side names: "Zack's push-ups", "his poems" (not "the second player": who)
        if (tok.pos_ == "NOUN" and lemma in counted and lemma not in own_phrase and lemma not in q_nouns
                and any(c.dep_ == "poss" for c in tok.children)):
            return _phrase(paraphrase, [t for t in p_standard if t.i <= tok.i])
    return None


def _phrase(doc: QuestionDoc, tokens) -> Mention:
    """The words from the first of ``tokens`` to the last."""
    start, end = tokens[0].idx, tokens[-1].idx + len(tokens[-1].text)
    return Mention(start, end, doc.text[start:end])
