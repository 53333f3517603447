"""The values of a text as the number check compares them: a value's kind and key (``value_key``: 75% is the
3/4 of "three quarters"), the numbers compared (``compared_numbers``: the parsed numbers, spaced fractions joined,
with the multipliers and counts "twice", "a pair of"), and what each plain number counts (``number_roles``:
"20 apples" -> "apple", "4 piles of quarters" -> "quarter", "200 km" -> "kilometre", "twice as many woodwinds"
-> "woodwind"), so that two numbers that traded places can be told from two that were only reworded; and
whether a number counts things at all (``counts_things``: "20 of the fish", "30 students"), so that a share
written as such a number ("20% of the fish" -> "20 of the fish") is told from one written bare.

>>> from paraqd.analysis import analyze
>>> [(value, role) for value, role, _ in number_roles(analyze("Ann has 20 apples and 4 piles of quarters."))]
[(20.0, 'apple'), (4.0, 'quarter')]
"""

from __future__ import annotations

from .document import NumberMention, QuestionDoc
from .lexicon import default_lexicon
from .multipliers import with_multipliers
from .quantities import merge_spaced_fractions
from .terms import counted_nouns, quantity_mentions

#: kinds whose values are interchangeable with each other; every other kind keeps its identity
_PLAIN_KINDS = frozenset({"cardinal", "decimal", "fraction", "multiplier", "count"})


def value_kind(mention: NumberMention) -> str:
    """The kind a value keeps across a paraphrase: ``plain``, ``percent``, ``currency`` or ``ordinal``."""
    return "plain" if mention.kind in _PLAIN_KINDS else mention.kind


def value_key(mention: NumberMention) -> tuple[str, float]:
    """Identity of a number for comparison: its kind and its value rounded to 9 significant digits, with a
    percentage read as the plain number it stands for (75% -> ("plain", 0.75), the key of 3/4)."""
    if mention.kind == "percent":
        return "plain", float(f"{mention.value / 100:.9g}")
    return value_kind(mention), mention.rounded


def compared_numbers(doc: QuestionDoc) -> list[NumberMention]:
    """The numbers the check compares: :func:`merge_spaced_fractions` plus the multipliers and counts
    ("twice", "triple", "a pair of"), in order of position."""
    numbers = merge_spaced_fractions(doc)
    return with_multipliers(doc.text, numbers, known=doc.numbers)


def number_roles(doc: QuestionDoc) -> list[tuple[float, str, NumberMention]]:
    """``(value, role, mention)`` for each plain number that counts something: the noun after it that it
    modifies ("20 apples" -> "apple") or its unit ("200 km" -> "kilometre")."""
    measured = quantity_mentions(doc)
    unit_starts = {unit.start for _, unit in measured}
    roles = [(number.rounded, counted_thing(noun, noun.idx in unit_starts), number)
             for number, tok, noun in counted_nouns(doc) if noun.i > tok.i]
    roles += [(number.rounded, unit.unit.name, number) for number, unit in measured]
    roles += factor_roles(doc)
    return [role for role in roles if value_kind(role[2]) == "plain"]


#: pronouns that stand for several things a number may count: "25 of *them*"
_PLURAL_PRONOUNS = frozenset({"them", "these", "those", "us", "you"})


def counts_things(doc: QuestionDoc, mention: NumberMention) -> bool:
    """Whether a plain number counts things: it modifies a noun ("30 students") or takes a part of things
    with *of* ("20 of the fish", "25 of them"); not "20 of it" (a part of one thing) nor a bare "rose by 20"."""
    span = doc.span(mention)
    if span is None or value_kind(mention) != "plain":
        return False
    tok = span[-1]
    if tok.dep_ == "nummod" and tok.head.pos_ in ("NOUN", "PROPN") and tok.head.i > tok.i:
        return True
    return any(obj.pos_ in ("NOUN", "PROPN") or obj.lower_ in _PLURAL_PRONOUNS
               for prep in tok.children if prep.lower_ == "of" for obj in prep.children if obj.dep_ == "pobj")


def counted_thing(noun, is_unit: bool = False) -> str:
    """What a counted noun counts, with the words that tell it apart: "3 sweet cookies" -> "sweet cookie",
    "4 piles of quarters" -> "quarter", "one set of crystal beads" -> "crystal bead" (a container counts what
    its *of* names). A unit counts itself ("5 years of service" -> "year"), and an *of* with a number of its
    own is another quantity ("20 packets of 100 grams" -> "packet")."""
    head = noun
    for child in noun.children if not is_unit else ():
        if child.dep_ == "prep" and child.lower_ == "of":
            obj = next((t for t in child.children if t.dep_ == "pobj" and t.pos_ in ("NOUN", "PROPN")), None)
            if obj is not None and not any(t.dep_ == "nummod" for t in obj.children):
                head = obj
            break
    modifiers = [t.lemma_.lower() for t in head.lefts if t.dep_ in ("compound", "amod") and t.is_alpha]
    return " ".join((*modifiers, head.lemma_.lower()))


def factor_roles(doc: QuestionDoc) -> list[tuple[float, str, NumberMention]]:
    """``(value, noun, mention)`` for factors: "4 times as many percussion players" -> (4, "percussion"),
    "twice as many woodwinds" -> (2, "woodwind"): the first noun within six tokens after the factor."""
    roles = []
    for number in compared_numbers(doc):
        span = doc.span(number)
        if span is None:
            continue
        nxt = span.end
        if number.kind != "multiplier":
            if nxt >= len(doc.doc) or doc.doc[nxt].lower_ != "times":
                continue
            nxt += 1
        for tok in doc.doc[nxt:min(nxt + 6, span.sent.end)]:
            if tok.pos_ in ("NOUN", "PROPN"):
                roles.append((number.rounded, tok.lemma_.lower(), number))
                break
    return roles


#: what ends the phrase of a number: a punctuation mark, a coordinating or a subordinating conjunction
_PHRASE_ENDS = frozenset({"PUNCT", "CCONJ", "SCONJ"})


def number_phrases(doc: QuestionDoc) -> dict[int, frozenset[str]]:
    """Start of each number -> the nouns (by lemma) of its phrase: the words between the punctuation marks,
    conjunctions and other numbers around it, without units ("spends 6 hours on learning *english* and 2 hours
    on learning *chinese*": 6 -> {"learning", "english"}; "if he studies *English* for 2 hours and *Chinese* for
    6 hours" -> 2: {"english"}, 6: {"chinese"}). What a quantity is about, however the sentence is ordered."""
    if doc.doc is None:
        return {}
    numbers = compared_numbers(doc)
    owner = {t.i: n.start for n in numbers for span in [doc.span(n)] if span is not None for t in span}
    units = {t.i for u in doc.units for span in [doc.span(u)] if span is not None for t in span}
    phrases: dict[int, set[str]] = {n.start: set() for n in numbers}
    for sent in doc.doc.sents:
        pending: list = []  # nouns since the last end, waiting for a number
        current = None  # the number whose phrase is open
        for tok in sent:
            if tok.i in owner:
                current = owner[tok.i]
                phrases[current].update(pending)
                pending = []
            elif tok.pos_ in _PHRASE_ENDS:
                current, pending = None, []
            elif tok.pos_ in ("NOUN", "PROPN") and tok.i not in units:
                (phrases[current].add if current is not None else pending.append)(tok.lemma_.lower())
    return {start: frozenset(words) for start, words in phrases.items()}


def traded_phrases(question: QuestionDoc, paraphrase: QuestionDoc, q_once: dict, p_once: dict):
    """Two values, each written once on each side (``q_once``, ``p_once``: value key -> mention), that traded
    the nouns of their phrases (:func:`number_phrases`): "spends 6 hours on english and 2 hours on chinese" ->
    "if he studies English for 2 hours and Chinese for 6 hours". A noun moves from one value's phrase to the
    other's each way, and more of the nouns that tell the two apart move than stay with their value ("*the
    farmer* plants 40 rows of corn and 25 rows of beans": the subject said once for both stays).
    ``((q_a, q_b), (p_a, p_b), (x, y))`` or None."""
    keys = [k for k in q_once if k in p_once]
    q_phrases, p_phrases = number_phrases(question), number_phrases(paraphrase)
    for i, a in enumerate(keys):
        for b in keys[i + 1:]:
            qa, qb = (q_phrases.get(q_once[k].start, frozenset()) for k in (a, b))
            pa, pb = (p_phrases.get(p_once[k].start, frozenset()) for k in (a, b))
            # the nouns that tell the two values apart on both sides: with the same value (kept) or the other
            telling = (qa ^ qb) & (pa ^ pb)
            moved = sorted(w for w in telling if (w in qa) != (w in pa))
            if 2 * len(moved) <= len(telling):
                continue
            # two words for one thing traded ("50 new pictures ... 80 new photos" -> "50 photos ... 80 new
            # pictures") are a rewording: the two moved words must name different things
            x, y = next(((x, y) for x in moved if x in qa for y in moved if y in qb and not _one_thing(x, y)),
                        (None, None))
            if x is not None:
                return (q_once[a], q_once[b]), (p_once[a], p_once[b]), (x, y)
    return None


def _one_thing(a: str, b: str) -> bool:
    """Whether two nouns may name one thing (WordNet counterparts either way: "picture" / "photo")."""
    lexicon = default_lexicon()
    return lexicon is not None and bool(lexicon.counterpart(a, b) or lexicon.counterpart(b, a))
