"""Comparatives of compared values: a difference ("16 inches *lesser* than") whose comparative turned to the other
pole of another scale ("16 inches *farther* than").

:func:`paraqd.analysis.relations.relation_words` reads each comparative's scale and pole (amount, length,
distance, age, ...); the relation check counts flips within one scale. A compared value's comparative can also
change scale while it changes pole: the number, read with :func:`paraqd.analysis.compared.comparisons` (a
difference), is now added where it was taken away. A comparison read from the other side ("A is 5 years older
than B" -> "B is 5 years younger than A") is the same relation (:func:`~paraqd.analysis.relations.swapped_operands`).

A share (a percentage or a fraction) compares its whole one of three ways: taken of it ("30% *of* the cost",
"half *as much as*"), added to it ("30% *more than*") or taken off it ("30% *less than*", "70% *off*");
:func:`changed_share_ways` reports a share of the question that compares another way in the paraphrase.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from typing import TYPE_CHECKING

from .compared import ASKED, DIFFERENCE, comparisons
from .document import Mention, QuestionDoc
from .relations import RelationLexicon, relation_words, swapped_operands
from .terms import token_lemma

if TYPE_CHECKING:
    from .pair import QuestionPair


def flipped_differences(pair: QuestionPair, lexicon: RelationLexicon) -> list[tuple[Mention, Mention]]:
    """A compared value whose comparative turned to the other pole *of another scale*: "16 inches *lesser* than
    the frog" -> "16 inches *farther* than the frog" (the same number, now added instead of taken away). A
    comparison read from the other side ("A is 5 years older than B" -> "B is 5 years younger than A",
    :func:`swapped_operands`) is the same relation; a change within one scale is the scale count's
    (:class:`~paraqd.checks.relations.RelationCheck`). ``(question's word, paraphrase's word)`` each."""
    question, paraphrase = pair.question, pair.paraphrase
    q_values, p_values = _compared_values(question, lexicon), _compared_values(paraphrase, lexicon)
    found = []
    for value, q_list in q_values.items():
        p_list = p_values.get(value, [])
        if len(p_list) != len(q_list):
            continue
        for (q_key, q_m), (p_key, p_m) in zip(q_list, p_list):
            if (q_key[0] != p_key[0] and q_key[1] != p_key[1]
                    and not swapped_operands(question, q_m, paraphrase, p_m)):
                found.append((q_m, p_m))
    return found


def _compared_values(doc: QuestionDoc, lexicon: RelationLexicon) -> dict[tuple, list]:
    """Value -> ``((scale, pole), comparative)`` for each number that compares as a difference ("16 inches
    *lesser* than") with a comparative of the lexicon."""
    poles = {m.start: (key, m) for key, ms in relation_words(doc, lexicon).items() if key[0] != "negation"
             for m in ms}
    found: dict[tuple, list] = defaultdict(list)
    for key, way, mention in comparisons(doc):
        if way != DIFFERENCE or key == ASKED:
            continue
        span = doc.span(mention)
        hit = poles.get(span[-1].idx) if span is not None else None
        if hit is not None:
            found[key].append(hit)
    return found


#: how a share compares its whole: taken of it ("20% *of* the price", "50% *as much as*"), added to it ("20%
#: *more than*") or taken off it ("20% *less than*", "20% *off*")
PART, UP, DOWN = "part", "up", "down"
#: comparatives of the lower pole (closed class; every other comparative raises)
_DOWN_COMPARATIVES = frozenset({"less", "fewer", "lower", "shorter", "smaller", "cheaper", "younger", "lighter",
                                "slower", "lesser", "narrower", "thinner", "weaker", "closer", "nearer"})
#: verbs that take a part off a whole (closed class): the part they take "of" it is a share "off" it
_CUT_VERBS = frozenset({"cut", "trim", "saw", "chop", "slice", "shave", "clip", "snip", "chip", "break", "tear",
                        "knock", "remove", "subtract", "deduct", "lop", "prune", "shear", "peel", "scrape", "shorten"})
#: comparatives of speed: a share faster is a share of time less
_SPEED_COMPARATIVES = frozenset({"faster", "quicker", "slower", "sooner", "speedier"})
#: words of a sentence that make a share's "of" ambiguous: a share that is itself a change of the whole ("a
#: discount *of* 20% of the price", "an increase of 10% of his pay"), where "of" and "off" or "more" agree
_CHANGE_WORDS = frozenset({"discount", "off", "save", "saving", "reduce", "reduction", "decrease", "lower", "cut",
                           "sale", "increase", "raise", "rise", "grow", "growth", "tip", "tax", "interest", "markup",
                           "profit", "loss", "bonus", "commission", "fee", "more", "less", "extra", "additional",
                           # a quantity that gains or loses a part of itself ("gained 1/5 of his weight" is "1/5
                           # heavier", "lost 20% of its value" "20% less valuable")
                           "gain", "lose", "drop", "fall", "shrink", "expand", "swell", "climb", "jump", "add",
                           "shed", "leak", "evaporate", "decline"})


@dataclass(frozen=True)
class ShareWay:
    """A share (a percentage or a fraction) of the question that compares its whole another way in the
    paraphrase: ``old`` and ``new`` say how (:data:`PART`, :data:`UP`, :data:`DOWN`), at ``q_at`` and ``p_at``."""

    q_at: Mention
    p_at: Mention
    old: str
    new: str


def _share_way(doc: QuestionDoc, number) -> tuple[str, Mention, frozenset, bool] | None:
    """How the share ``number`` compares its whole, the words that say it, the words of what it is measured
    against (after "of", "as", "than" or "off") and whether the comparative's pole may be turned by its scale
    (:func:`_scaled`); ``None`` when no word right after the number says it, or a comparative says an additional
    share ("30% more of the book")."""
    span = doc.span(number)
    if span is None:
        return None
    after = []
    for tok in doc.doc[span.end:min(span.end + 5, span.sent.end)]:
        if tok.is_punct:
            break
        after.append(tok)
    if after and after[0].lower_ in ("percent", "%"):
        after = after[1:]
    if not after:
        return None
    first = after[0]
    way, end = None, first
    if first.lower_ == "of":
        way = PART
    elif first.lower_ == "off":
        way = DOWN
    elif first.lower_ == "as" and len(after) > 2 and any(t.lower_ == "as" for t in after[2:]):
        way, end = PART, next(t for t in after[2:] if t.lower_ == "as")
    elif first.tag_ in ("JJR", "RBR"):
        way = DOWN if first.lower_ in _DOWN_COMPARATIVES else UP
        end = next((t for t in after[1:] if t.lower_ == "than"), first)
        # "30% more *of* the book", "1/4 more *on* a hat", "30% more *the* next day": an additional share, no
        # comparison with a whole (one compares with "than" or counts a thing: "a third more *magnets*")
        if end is first and len(after) > 1 and after[1].pos_ not in ("NOUN", "PROPN", "ADJ"):
            return None
    if way is None:
        return None
    standard = frozenset(token_lemma(t) for t in doc.doc[end.i + 1:span.sent.end]
                         if t.pos_ in ("NOUN", "PROPN") and not t.is_punct)
    return way, Mention(number.start, end.idx + len(end.text), doc.text[number.start:end.idx + len(end.text)]), \
        standard, _scaled(after) if way != PART else False


def _scaled(after) -> bool:
    """Whether a comparative's pole may be turned by its scale: "more" or "less" on an adjective ("20% *more
    affordable*" is "20% cheaper") or a speed ("25% *faster*" takes less time)."""
    first = after[0]
    if first.lower_ in ("more", "less") and len(after) > 1 and after[1].pos_ == "ADJ":
        return True
    return first.lower_ in _SPEED_COMPARATIVES


def _shares(doc: QuestionDoc) -> dict[tuple, list]:
    by = defaultdict(list)
    for n in doc.numbers:
        if n.kind == "percent" or 0 < n.value < 1:
            by[(n.kind == "percent", n.rounded)].append(n)
    return by


def _ambiguous(doc: QuestionDoc, mention: Mention) -> bool:
    """Whether the sentence of the share at ``mention`` also speaks of a change of the whole ("discount",
    "increase", "tip", "more"): its "of" may be that change's amount."""
    span = doc.span(mention)
    if span is None:
        return True
    return any(token_lemma(t) in _CHANGE_WORDS or t.lower_ in _CHANGE_WORDS for t in span.sent
               if not span.start <= t.i < span.end)


def _cut_away(doc: QuestionDoc, mention: Mention) -> bool:
    """Whether the share at ``mention`` is what a verb cuts away ("trimmed 1/4 *of* the hedge", "took 1/3 of the
    pile *away*"): a part taken off the whole, which is what "1/4 *off* the hedge" says."""
    span = doc.span(mention)
    if span is None:
        return False
    verb = span.root
    while verb.pos_ not in ("VERB", "AUX") and verb.head.i != verb.i:
        verb = verb.head
    if verb.pos_ != "VERB":
        return False
    return token_lemma(verb) in _CUT_VERBS or any(c.lower_ in ("away", "off", "out") and c.dep_ in ("prt", "advmod")
                                                  for c in verb.children)


def changed_share_ways(pair: QuestionPair) -> list[ShareWay]:
    """Shares of the question (percentages and fractions, aligned by value: each value written as often in both
    texts) that compare their whole another way in the paraphrase: "80% *of* the cost" -> "80% *off* the cost",
    "10 percent *of* that" -> "10 percent *less than* that", "50% *as much as*" -> "50% *more than*", "50%
    *longer* than" -> "50% *less* time than". A part of the whole made a change of it is reported only where the
    part's sentence speaks of no change (a discount, a tip, "more": its "of" may say that change's amount); an
    increase made a decrease only where both are measured against the same thing (the same relation read from
    the other side is the relation check's) and neither comparative's pole may be turned by its scale ("20% *more
    affordable*" is "20% cheaper", "25% *faster*" "25% less time"). A comparative that says an additional share
    ("30% *more of* the book", "1/4 more *on* a hat") compares nothing; a part a verb cuts away ("trimmed 1/4 *of*
    the hedge", "took 1/3 of the pile *away*") is a decrease of it ("1/4 *off* the hedge"); shares of one value that compare the same
    ways in another order are kept."""
    question, paraphrase = pair.question, pair.paraphrase
    q_by, p_by = _shares(question), _shares(paraphrase)
    found = []
    for key, q_numbers in q_by.items():
        if len(p_by.get(key, ())) != len(q_numbers):
            continue
        q_ways = [_share_way(question, n) for n in q_numbers]
        p_ways = [_share_way(paraphrase, n) for n in p_by[key]]
        # the same shares in another order ("Sam ate 1/4 more than Tom, who ate 1/4 of it")
        if len(q_numbers) > 1 and sorted(w[0] for w in q_ways if w) == sorted(w[0] for w in p_ways if w):
            continue
        for q_way, p_way in zip(q_ways, p_ways):
            if q_way is None or p_way is None or q_way[0] == p_way[0]:
                continue
            if PART in (q_way[0], p_way[0]):
                part_doc, part_at = (question, q_way[1]) if q_way[0] == PART else (paraphrase, p_way[1])
                if _ambiguous(part_doc, part_at):
                    continue
                # "trimmed 1/4 of the hedge" -> "trimmed 1/4 off the hedge": the part is cut away
                if DOWN in (q_way[0], p_way[0]) and _cut_away(part_doc, part_at):
                    continue
            elif not q_way[2] & p_way[2] or q_way[3] or p_way[3]:
                continue
            found.append(ShareWay(q_way[1], p_way[1], q_way[0], p_way[0]))
    return found
