"""How a number compares two quantities: a factor ("3 times as many", "twice as much") or a difference ("3 more
than", "5 years older than"), and how the asking clause compares ("how many *more* ... than", "how many *times*
as many").

A number that compares does it one of two ways: a *factor* (a multiplier word, "twice", "triple"; a number
followed by "times", or by "as many/much/long ... as") or a *difference* (a number followed, within a few words,
by a comparative that a "than" completes); a number followed by a comparative that no "than" completes adds
(:func:`additions`: "and 9 *more* daisies"). The comparison check reads both of both texts; the
context reading (:mod:`paraqd.analysis.context`) asks :func:`way` whether an added number compares.
"""

from __future__ import annotations

from .asked import asking_clause, find_ask
from .document import Mention, NumberMention, QuestionDoc
from .multipliers import times_sign_after, with_multipliers
from .relations import than_governed

FACTOR, DIFFERENCE = "factor", "difference"
#: how many tokens after a number its comparative may stand ("3 *more* than", "5 years *older* than", "3 more
#: red pens than")
_REACH = 4
_THAN_REACH = 8


def comparisons(doc: QuestionDoc) -> list[tuple[tuple[str, float], str, Mention]]:
    """``(value key, FACTOR or DIFFERENCE, the words that say it)`` for every number of ``doc`` that
    compares, in order."""
    found = []
    numbers = with_multipliers(doc.text, doc.numbers)
    for number in numbers:
        found_way = way(doc, number)
        if found_way is not None:
            found.append((_value_key(number), *found_way))
    asked = _asked_way(doc)
    if asked is not None:
        found.append((ASKED, *asked))
    return found


#: the key of the way the question itself compares ("how many *more* ... than", "how many *times* as")
ASKED = ("asked", 0.0)


def _asked_way(doc: QuestionDoc) -> tuple[str, Mention] | None:
    """How the asking clause compares: "how many times as many" asks for a factor, "how many more ... than"
    for a difference; ``None`` when it compares nothing."""
    ask = find_ask(doc)
    if ask is None:
        return None
    clause = ask.clause_or_sentence
    span = doc.span(clause)
    if span is None:
        return None
    toks = list(span)
    for i, tok in enumerate(toks[:-2]):
        if tok.lower_ != "how" or toks[i + 1].lower_ not in ("many", "much"):
            continue
        nxt = toks[i + 2]
        if nxt.lower_ == "times":
            return FACTOR, _mention(doc, tok.idx, nxt.idx + len(nxt.text))
        if nxt.tag_ in ("JJR", "RBR") and any(t.lower_ == "than" for t in toks[i + 3:]):
            return DIFFERENCE, _mention(doc, tok.idx, nxt.idx + len(nxt.text))
    return None


def way(doc: QuestionDoc, number: NumberMention) -> tuple[str, Mention] | None:
    """How ``number`` of ``doc`` compares: ``(FACTOR or DIFFERENCE, the words that say it)``, or ``None``."""
    span = doc.span(number)
    if span is None:
        return None
    sent_end = span.sent.end
    after = list(doc.doc[span.end:min(span.end + _THAN_REACH, sent_end)])
    words = [t.lower_ for t in after]
    if times_sign_after(doc.text, number):  # "4x more games than", "3x as many": a factor, as "4 times"
        return FACTOR, _mention(doc, number.start, span[-1].idx + len(span[-1].text))
    if number.kind == "multiplier" or words[:1] == ["times"] or (
            words[:1] == ["as"] and len(words) > 1 and words[1] in ("many", "much", "long", "far", "old", "big")):
        end = after[0] if words[:1] in (["times"], ["as"]) else span[-1]
        return FACTOR, _mention(doc, number.start, end.idx + len(end.text))
    if number.kind in ("percent", "ordinal"):
        return None  # "20% more than" is a factor written as a percentage: the number check's kind
    for i, tok in enumerate(after[:_REACH]):
        if tok.lower_ == "times" or (tok.is_punct and not _in_word(tok)):
            return None
        if tok.tag_ in ("JJR", "RBR") and ("than" in words[i + 1:] or _shared_than(doc, tok)):
            return DIFFERENCE, _mention(doc, number.start, tok.idx + len(tok.text))
    return None


def _shared_than(doc: QuestionDoc, comparative) -> bool:
    """Whether the comparative ``comparative`` (a token) shares the "than" of a coordinated comparison after it:
    "29 more push-ups *but* 13 fewer crunches than Zack", "5 more apples *and* 3 more pears than Ann": a
    conjunction, then a number with a comparative of its own, then the "than", in one clause."""
    toks = doc.doc[comparative.i + 1:comparative.sent.end]
    for k, tok in enumerate(toks):
        if tok.lower_ == "than" or (tok.is_punct and tok.text not in (",", "-")):
            return False
        if tok.pos_ != "CCONJ":
            continue
        rest = list(toks[k + 1:k + 1 + _THAN_REACH])
        num = next((j for j, t in enumerate(rest[:3]) if t.like_num), None)
        if num is None:
            return False
        words = [t.lower_ for t in rest]
        return any(t.tag_ in ("JJR", "RBR") and "than" in words[num + 1 + j + 1:]
                   for j, t in enumerate(rest[num + 1:num + 1 + _REACH]))
    return False


def _in_word(tok) -> bool:
    """Whether a punctuation token joins a word with no space around it (the hyphen of "push-ups")."""
    return tok.i > 0 and not tok.whitespace_ and not tok.nbor(-1).whitespace_


def additions(doc: QuestionDoc) -> list[tuple[tuple[str, float], str, Mention]]:
    """``(value key, DIFFERENCE, the words)`` for every number of ``doc`` that adds to what came before without a
    "than" ("and 9 *more* daisies", "5 *fewer* pens the next day"): a difference from an unnamed amount, which a
    factor ("9 times as many daisies as roses") changes."""
    found = []
    for number in doc.numbers:
        span = doc.span(number)
        # a share ("1/4 more time", "half as much again") is a proportion of what came before, not things added
        if span is None or number.kind in ("percent", "ordinal", "fraction") or number.value < 1 or way(
                doc, number) is not None:
            continue
        after = list(doc.doc[span.end:min(span.end + _REACH, span.sent.end)])
        rest = [t.lower_ for t in doc.doc[span.end:span.sent.end]]
        for tok in after:
            if tok.lower_ == "times" or tok.is_punct or tok.like_num:
                break
            if tok.tag_ in ("JJR", "RBR") and "than" not in rest:
                found.append((_value_key(number), DIFFERENCE, _mention(doc, number.start, tok.idx + len(tok.text))))
                break
    return found


#: prepositions that make a counted amount a difference by themselves ("outran her *by* 9 laps", "9 laps
#: *over* her count") and a noun's dependents that say nothing of the amount (closed class)
_DIFFERENCE_PREPOSITIONS = frozenset({"by", "over", "beyond", "above", "ahead", "than"})
_MODIFIERS = frozenset({"amod", "compound", "det", "nmod", "quantmod", "advmod"})
_ARTICLES = frozenset({"a", "an", "the"})


def counted_amounts(doc: QuestionDoc) -> list[tuple[tuple[str, float], str, Mention, frozenset[str]]]:
    """``(value key, counted noun's lemma, the words, the noun's other modifiers)`` for every number that counts a
    noun outside the asking clause and compares nothing ("Omar ran *9 laps*", "9 laps, more than Lena"): no
    comparative of its own (:func:`way`, :func:`additions`), no difference preposition on the noun or its verb
    ("by 9 laps"). A difference said of the same value and counted noun in the other text ("9 *more* laps than
    Lena") tells another quantity."""
    clause = asking_clause(doc)
    compared = {m.start for _key, _way, m in (*comparisons(doc), *additions(doc))}
    found = []
    for number in doc.numbers:
        span = doc.span(number)
        if (span is None or number.kind in ("percent", "ordinal", "fraction") or number.start in compared
                or (clause is not None and clause.start <= number.start < clause.end)):
            continue
        tok = span[-1]
        noun = tok.head
        if tok.dep_ != "nummod" or noun.pos_ != "NOUN" or _by_difference(noun):
            continue
        words = frozenset(c.lower_ for c in noun.children if c.i != tok.i and c.dep_ in _MODIFIERS
                          and c.lower_ not in _ARTICLES)
        end = noun.idx + len(noun.text)
        found.append((_value_key(number), noun.lemma_.lower(), _mention(doc, number.start, end), words))
    return found


def _by_difference(noun) -> bool:
    """Whether a counted noun, or the verb it depends on, takes a difference preposition ("by 9 laps")."""
    heads = [noun, noun.head] if noun.dep_ in ("dobj", "attr", "nsubj") else [noun]
    return noun.dep_ == "pobj" and noun.head.lower_ in _DIFFERENCE_PREPOSITIONS or any(
        c.dep_ == "prep" and c.lower_ in _DIFFERENCE_PREPOSITIONS for h in heads for c in h.children)


def counted_differences(doc: QuestionDoc) -> list[tuple[tuple[str, float], str, Mention, frozenset[str]]]:
    """``(value key, counted noun's lemma, the words, the noun's modifiers)`` for every number that compares as
    a difference with a "than" (:func:`way`) and counts a noun ("9 *more laps* than Lena")."""
    found = []
    for number in doc.numbers:
        span = doc.span(number)
        found_way = None if span is None else way(doc, number)
        if found_way is None or found_way[0] != DIFFERENCE or span[-1].dep_ != "nummod":
            continue
        noun = span[-1].head
        comparative = doc.span(found_way[1])[-1]
        if noun.pos_ != "NOUN" or not (comparative.head.i == noun.i or noun.head.i == comparative.i):
            continue  # "2 boys loved marbles *more* than anything": the comparative is the verb's
        words = frozenset(c.lower_ for c in noun.children if c.i != span[-1].i and c.dep_ in _MODIFIERS
                          and c.lower_ not in _ARTICLES)
        found.append((_value_key(number), noun.lemma_.lower(), found_way[1], words))
    return found


def than_side(doc: QuestionDoc, mention: Mention) -> set[str]:
    """The other side of the comparison said at ``mention`` ("9 more laps *than Lena*"): the lemmas of the
    nouns, names and pronouns its "than" governs."""
    span = doc.span(mention)
    than = None if span is None else next((t for t in span.sent if t.i > span[-1].i and t.lower_ == "than"), None)
    if than is None:
        return set()
    return {(t.lemma_ or t.text).lower() for t in than_governed(than) if t.pos_ in ("NOUN", "PROPN", "PRON")}


def than_phrases(sent) -> set[int]:
    """Token indices inside the "than" phrases of ``sent`` (the than-word's subtree, or its clause's)."""
    inside: set[int] = set()
    for t in sent:
        if t.lower_ == "than":
            inside |= {u.i for u in t.subtree} | ({u.i for u in t.head.subtree} if t.dep_ == "mark" else set())
    return inside


def _value_key(number: NumberMention) -> tuple[str, float]:
    """A compared value: money and percentages keep their kind, every other number is a plain value."""
    kind = number.kind if number.kind in ("percent", "currency") else "plain"
    return kind, number.rounded


def _mention(doc: QuestionDoc, start: int, end: int) -> Mention:
    return Mention(start, end, doc.text[start:end])
