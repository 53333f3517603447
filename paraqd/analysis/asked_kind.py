"""What kind of quantity a question asks for: which property of a thing, which thing the problem counts, a
count or a sum of money, compared across a pair (with WordNet; without it, nothing).

- **another property** (:func:`other_property`): "the *width* of the sandbox" -> "the *area* of the sandbox";
- **another thing the problem counts** (:func:`other_thing`): "how many *pencils* does she have" -> "how many
  full *rows* can she make";
- **a count for money** (:func:`count_to_money`): "how many *children* can she take" -> "how much money does she
  spend", or back.

:func:`~paraqd.analysis.asked_changes.asked_changes` reports them with the other readings of the asked quantity.
"""

from __future__ import annotations

from .asked import Ask
from .asked_quantity import (
    AskedChange,
    AskedQuantity,
    clause_tokens,
    money_asked,
)
from .document import Mention, QuestionDoc
from .lexicon import ANTONYM, MORE_SPECIFIC, SIBLING, UNRELATED, default_lexicon
from .terms import LIGHT_NOUNS
from .units import UnitVocabulary


def other_property(question: QuestionDoc, paraphrase: QuestionDoc, q: AskedQuantity,
                    p: AskedQuantity) -> AskedChange | None:
    """The question asks for one measurable property of a thing and the paraphrase for another ("what is the
    *width* of the sandbox" -> "what is the *area* of the sandbox"): both asked nouns are properties in WordNet
    (:meth:`~paraqd.analysis.lexicon.Lexicon.is_property`) and neither is the other, a synonym of it, nor a
    more general or more specific word for it ("length" -> "distance" is the same). Without WordNet, nothing
    (the question check's minor "asks for another noun" stays)."""
    a, b = q.ask, p.ask
    if a.noun is None or b.noun is None or a.noun == b.noun or a.noun_span is None or b.noun_span is None:
        return None
    # a property is asked of a thing ("what is the width of ..."), never counted: "how many oranges" counts
    # fruit, whatever other senses (a colour) the word has
    if a.noun in LIGHT_NOUNS or b.noun in LIGHT_NOUNS or "how many" in (a.form, b.form):
        return None
    # the question's property still named in the paraphrase's question ("the weekly *speed* gain") is asked
    if b.noun in _lemmas(question, a.sentence, inside=True) or a.noun in _lemmas(paraphrase, b.sentence, inside=True):
        return None
    lex = default_lexicon()
    if lex is None or not (lex.is_property(a.noun) and lex.is_property(b.noun)):
        return None
    if lex.relation(a.noun, b.noun) not in (SIBLING, UNRELATED, ANTONYM):
        return None
    return AskedChange("property", (a.noun_span,), (b.noun_span,), a.noun, b.noun)


def other_thing(question: QuestionDoc, paraphrase: QuestionDoc, q: AskedQuantity,
                 p: AskedQuantity) -> AskedChange | None:
    """The paraphrase asks for another thing the problem counts: its asked noun is a noun of the question's
    story, the question's asked noun is still in the paraphrase's story, neither question sentence has the
    other's noun, and WordNet knows them as different things ("how many *pencils* does she have" -> "how many
    full *rows* can she make", the pencils still put into rows). A synonym, a more general or a more specific
    word is not another thing; without WordNet, nothing."""
    a, b = q.ask, p.ask
    if a.noun is None or b.noun is None or a.noun == b.noun or a.noun_span is None or b.noun_span is None:
        return None
    if a.noun in LIGHT_NOUNS or b.noun in LIGHT_NOUNS or not (_is_noun(question, a) and _is_noun(paraphrase, b)):
        return None
    if b.noun not in _lemmas(question, a.sentence, inside=False):
        return None
    # the question's thing still in the paraphrase's story, or a thing only the question sentence counts (the
    # part the problem leaves to compute: "25 of them are women. How many *men* ...") that the paraphrase
    # names nowhere, counting without a negation ("how many are *not* women" asks for the same part), the two
    # parts of one whole (:func:`_parts_of_one_whole`)
    if a.noun not in _lemmas(paraphrase, b.sentence, inside=False) and not (
            a.form == b.form == "how many" and a.noun not in _lemmas(question, a.sentence, inside=False)
            and a.noun not in _lemmas(paraphrase, b.sentence, inside=True) and not _negates(paraphrase, p)
            and _parts_of_one_whole(question, a, b.noun)):
        return None
    if b.noun in _lemmas(question, a.sentence, inside=True) or a.noun in _lemmas(paraphrase, b.sentence,
                                                                                  inside=True):
        return None
    lex = default_lexicon()
    if lex is None or lex.relation(a.noun, b.noun) not in (SIBLING, UNRELATED, ANTONYM):
        return None
    return AskedChange("thing", (a.noun_span,), (b.noun_span,), a.noun, b.noun)


def _parts_of_one_whole(question: QuestionDoc, ask: Ask, other: str) -> bool:
    """Whether the asked noun and ``other`` are two parts of one whole of the problem (with WordNet): antonyms
    ("boys" / "girls", "men" / "women"), or both more specific than a noun of the question's story ("cars" and
    "trucks" of its "vehicles"). Another word for the same thing ("games" / "matches") is neither."""
    lex = default_lexicon()
    if lex is None or ask.noun is None:
        return False
    if lex.relation(ask.noun, other) == ANTONYM:
        return True
    wholes = {(t.lemma_ or t.text).lower() for t in question.doc if t.pos_ == "NOUN"
              and not ask.sentence.start <= t.idx < ask.sentence.end} - {ask.noun, other}
    return any(lex.relation(w, ask.noun) == MORE_SPECIFIC and lex.relation(w, other) == MORE_SPECIFIC
               for w in wholes)


def _negates(doc: QuestionDoc, aq: AskedQuantity) -> bool:
    """Whether a word of the asking clause that says the asked quantity is a negation ("not", "n't", "no")."""
    toks, main = clause_tokens(doc, aq.ask)
    return any(t.i in main and (t.dep_ == "neg" or t.lower_ == "no") for t in toks)


def count_to_money(question: QuestionDoc, paraphrase: QuestionDoc, q: AskedQuantity,
                    p: AskedQuantity) -> AskedChange | None:
    """One question asks how many things, the other how much money ("how many *children* can she take" ->
    "how much *money* will she have left"): a count of things and a sum of money are two quantities. A
    "how many" asked in a unit ("how many dollars", "how many kilograms") counts no thing; a "how much" asks
    for money when its noun is money (WordNet's ``noun.possession``) or, with no noun, when the problem's
    numbers are amounts of money. Without WordNet, nothing."""
    lex = default_lexicon()
    if lex is None:
        return None
    sides = ((question, q.ask), (paraphrase, p.ask))
    counts = [_counted(doc, ask, lex) for doc, ask in sides]
    money = [money_asked(doc, ask) for doc, ask in sides]
    if counts[0] is not None and money[1] is not None:
        return AskedChange("money", (counts[0],), (money[1],), "count", "money")
    if money[0] is not None and counts[1] is not None:
        return AskedChange("money", (money[0],), (counts[1],), "money", "count")
    return None


def _counted(doc: QuestionDoc, ask: Ask, lex) -> Mention | None:
    """The asked noun of a "how many" that counts things (not a unit, not money), or ``None``. A unit elsewhere
    in the asking clause says a period or a measure of the story ("how many lawns did she mow *each week*"), not
    the thing counted; a unit up to the asked noun ("how many *kilograms*") or a noun of a substance ("how
    many *cups of* sugar") measures it; things in packs ("how many *packs of* pencils") and coins ("how many
    *quarters*", "how many *coins*", money in WordNet) are counted."""
    if ask.form != "how many" or ask.noun is None or ask.noun_span is None or ask.noun in LIGHT_NOUNS:
        return None
    if any(u.start < ask.noun_span.end for u in ask.units):  # "how many *kilograms*"
        return None
    span = doc.span(ask.noun_span)
    if span is not None and any(c.dep_ == "prep" and c.lower_ == "of" and not _plural_object(c)
                                for t in span for c in t.children):
        return None  # "how many *cups of sugar*": a measure of a substance, not things counted
    # coins are money in WordNet (noun.possession), but "how many quarters" counts pieces, not their value
    return ask.noun_span if _is_noun(doc, ask) and (not lex.is_possession(ask.noun) or _is_coin(ask.noun)) else None


def _plural_object(of) -> bool:
    """Whether the object of "of" is a plural noun: "how many packs *of pencils*" counts packs of things, not a
    measure of a substance ("cups *of sugar*")."""
    return any(o.dep_ == "pobj" and o.tag_ == "NNS" for o in of.children)


def _is_coin(noun: str) -> bool:
    """Whether ``noun`` (a lemma) names a coin: "coin", or a unit of the category ``Coin`` ("quarter", "dime")."""
    return noun == "coin" or any(noun in (u.name, *u.variants) for u in UnitVocabulary.default().in_category("Coin"))


def _is_noun(doc: QuestionDoc, ask: Ask) -> bool:
    """Whether the asked noun is a common noun (a name read as the asked noun says nothing of a thing)."""
    span = doc.span(ask.noun_span)
    return span is not None and all(t.pos_ == "NOUN" for t in span)


def _lemmas(doc: QuestionDoc, sentence: Mention, inside: bool) -> set[str]:
    """The lower-cased lemmas of ``doc`` inside ``sentence`` (or outside it)."""
    return {(t.lemma_ or t.text).lower() for t in doc.doc if (sentence.start <= t.idx < sentence.end) == inside}
