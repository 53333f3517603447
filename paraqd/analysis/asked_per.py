"""What the asked quantity is counted per: a part per item or period, or one item against all of them,
compared across a pair.

- **counted per what** (:func:`per_item_changed`, :func:`period_changed`). "How many crates does she own"
  counts crates; "how many lemons are in *each* crate" asks for a part per crate: the question's counted thing
  has become the unit the paraphrase counts per ("each", "every", "per" before it, or "each of" it,
  :func:`per_items`), and back. The same counted thing with a part per item described ("how many crates, each
  holding 24 lemons") is the same question. A part asked per one period ("how many blocks *each day*") asked per
  another item or period ("... *on one trip*", "in a single week") is another quantity; the same period in other
  words ("in one day", "daily", "every day") is not;
- **one item or all of them** (:func:`one_for_all`). "How much more does *a* t-shirt cost than *a* jersey" asks
  for what one item says (a singular noun with "a", "an" or "one"); "how much more money did the shop make from
  the *t-shirts*" for all the items the story counts ("sold 157 t-shirts"): the paraphrase names the thing only
  in the plural, with no "each", "every" or "per", and not as the subject of its clause ("how much more do
  t-shirts cost" says what each costs).

:func:`~paraqd.analysis.asked_shape.shape_changes` reports them with the other shapes of the asked quantity.
"""

from __future__ import annotations

from .asked_quantity import (
    AskedChange,
    AskedQuantity,
    clause_tokens,
)
from .document import Mention, QuestionDoc
from .lexicon import ANTONYM, SIBLING, UNRELATED, default_lexicon
from .measures import DISTRIBUTIVE
from .terms import SUBJECT_DEPS, token_lemma, token_mention


def per_items(doc: QuestionDoc, aq: AskedQuantity) -> dict[str, Mention]:
    """Lemma of the thing a part is asked per -> the words that say it ("each crate", "each of Tessa's
    crates", "per box"), read from the asking clause's words that say the asked quantity."""
    toks, main = clause_tokens(doc, aq.ask)
    found: dict[str, Mention] = {}
    for tok in toks:
        if tok.i not in main or tok.lower_ not in DISTRIBUTIVE:  # "*each* crate", "*every* van", "*per* box"
            continue
        item = None
        if tok.dep_ == "det" and tok.head.pos_ == "NOUN":
            item = tok.head
        else:
            objects = [o for c in tok.children if c.dep_ == "prep" and c.lower_ in ("of", "per")
                       for o in c.children if o.dep_ == "pobj"] if tok.lower_ != "per" else [
                o for o in tok.children if o.dep_ == "pobj"]
            item = next((o for o in objects if o.pos_ == "NOUN"), None)
        if item is not None:
            start, end = min(tok.idx, item.idx), max(tok.idx + len(tok), item.idx + len(item))
            found.setdefault(token_lemma(item), Mention(start, end, doc.text[start:end]))
    return found


def per_item_changed(question: QuestionDoc, paraphrase: QuestionDoc, q: AskedQuantity,
                      p: AskedQuantity) -> AskedChange | None:
    """The question's counted thing is the item the paraphrase asks a part per, or back."""
    a, b = q.ask, p.ask
    if a.noun is None or b.noun is None or a.noun == b.noun or a.noun_span is None or b.noun_span is None:
        return None
    q_per, p_per = per_items(question, q), per_items(paraphrase, p)
    if a.noun in p_per and a.noun not in q_per:
        return AskedChange("per", (a.noun_span,), (p_per[a.noun],), "count", "per")
    if b.noun in q_per and b.noun not in p_per:
        return AskedChange("per", (q_per[b.noun],), (b.noun_span,), "per", "count")
    return None


#: how :func:`period_changed` reads one item or period a part is asked for ("on *one* trip", "in a *single* day")
_ONE_OF = frozenset({"one", "single"})


def _asked_per(doc: QuestionDoc, aq: AskedQuantity) -> dict[str, Mention]:
    """The items or periods the asked quantity is a part per: those of :func:`per_items` ("each day", "per
    week") and one of them as the object of a preposition ("on *one* trip", "in a *single* session"); a noun
    counted by another number ("every 7 days") is a span of periods, left out."""
    found = dict(per_items(doc, aq))  # a copy: the one items or periods are added to it
    toks, main = clause_tokens(doc, aq.ask)
    for tok in toks:
        before = tok.doc[tok.left_edge.i - 1] if tok.left_edge.i > 0 else None
        # the object of a preposition, or of a word the parser reads as a particle ("carry *on* one crossing")
        if tok.i not in main or tok.pos_ != "NOUN" or not (
                tok.dep_ == "pobj" or (before is not None and before.pos_ == "ADP")):
            continue
        one = next((c for c in tok.children if c.dep_ in ("nummod", "amod") and c.lower_ in _ONE_OF), None)
        if one is not None:
            found.setdefault(token_lemma(tok), Mention(one.idx, tok.idx + len(tok), doc.text[one.idx:tok.idx + len(tok)]))
    counted = {token_lemma(t) for t in toks if t.i in main and any(
        c.dep_ == "nummod" and c.like_num and c.lower_ not in _ONE_OF for c in t.children)}
    return {k: m for k, m in found.items() if k not in counted}


def _period(doc: QuestionDoc, mention: Mention) -> str | None:
    """The name of the unit of time (a period: "day", "week", "hour") ``mention`` names, or ``None``."""
    return next((u.unit.name for u in doc.units if u.unit.category == "Time" and mention.start <= u.start < mention.end),
                None)


def period_changed(question: QuestionDoc, paraphrase: QuestionDoc, q: AskedQuantity,
                    p: AskedQuantity) -> AskedChange | None:
    """Both questions ask for a part per one item or period, and of different ones, one of them a period ("how
    many blocks *each day*" -> "... *on one trip*"; "per week" -> "in a single session"; "on every crossing" ->
    "each day"): neither question's clause names the other's, not one unit of time in two spellings ("each week" /
    "per wk"), and WordNet (when present) knows them as different things, no synonym nor a more general or
    specific word (a word it lacks is not compared)."""
    q_per, p_per = _asked_per(question, q), _asked_per(paraphrase, p)
    if not q_per or not p_per or set(q_per) & set(p_per):
        return None
    q_words = {token_lemma(t) for t in clause_tokens(question, q.ask)[0]}
    p_words = {token_lemma(t) for t in clause_tokens(paraphrase, p.ask)[0]}
    if set(q_per) & p_words or set(p_per) & q_words:
        return None
    (q_key, old), (p_key, new) = next(iter(q_per.items())), next(iter(p_per.items()))
    q_unit, p_unit = _period(question, old), _period(paraphrase, new)
    if (q_unit is None and p_unit is None) or q_unit == p_unit:  # "each week" / "per wk": one period
        return None
    lex = default_lexicon()
    if lex is not None and lex.relation(q_key, p_key) not in (SIBLING, UNRELATED, ANTONYM):
        return None
    return AskedChange("period", (old,), (new,), q_key, p_key)


#: determiners and numerals that make a singular noun one item ("*a* t-shirt", "*one* ticket")
_ONE_ITEM = frozenset({"a", "an", "one"})


def _one_word(noun):
    """The "a", "an" or "one" that makes ``noun`` one item: its determiner or numeral, or the word just before it
    ("*a* pen cost", which the parser may read as a compound), else ``None``."""
    before = noun.doc[noun.i - 1] if noun.i > 0 else None
    return next((c for c in noun.children if c.dep_ in ("det", "nummod") and c.lower_ in _ONE_ITEM),
                before if before is not None and before.lower_ in _ONE_ITEM else None)


def _nouns_in(doc: QuestionDoc, aq: AskedQuantity) -> list:
    """The common nouns among the asking clause's words that say the asked quantity."""
    toks, main = clause_tokens(doc, aq.ask)
    return [t for t in toks if t.i in main and t.pos_ == "NOUN"]


def one_for_all(question: QuestionDoc, paraphrase: QuestionDoc, q: AskedQuantity,
                 p: AskedQuantity) -> AskedChange | None:
    """The question asks about one item ("*a* t-shirt"), the paraphrase, with no part per item, about the same
    thing in the plural, not as its subject ("from the *t-shirts*"), the story counting more than one of it."""
    if per_items(paraphrase, p):
        return None
    ones = {token_lemma(t): t for t in _nouns_in(question, q) if t.tag_ == "NN" and _one_word(t) is not None}
    all_p_nouns = _nouns_in(paraphrase, p)
    if any(t.tag_ == "NNS" and t.dep_ in SUBJECT_DEPS for t in all_p_nouns):  # "how much more do t-shirts cost"
        return None
    # the thing compared against ("... than *pens*") stands where its counterpart does; a noun with its number
    # ("sold *19 jerseys*") states a fact of the story, it asks nothing
    p_nouns = [t for t in all_p_nouns if not (t.dep_ == "pobj" and t.head.lower_ in ("than", "as"))
               and not any(c.dep_ == "nummod" for c in t.children)]
    p_ones = {token_lemma(t) for t in all_p_nouns if _one_word(t) is not None}
    _toks, main = clause_tokens(question, q.ask)
    counted = {token_lemma(t) for t in question.doc if t.i not in main and t.tag_ == "NNS"
               and any(c.dep_ == "nummod" for c in t.children)}
    for key, one in ones.items():
        same = [t for t in p_nouns if token_lemma(t) == key]
        if key in counted and key not in p_ones and same and all(t.tag_ == "NNS" for t in same):
            start = _one_word(one).idx
            old = Mention(start, one.idx + len(one), question.text[start:one.idx + len(one)])
            return AskedChange("one", (old,), (token_mention(same[0]),), "one", "all")
    return None
