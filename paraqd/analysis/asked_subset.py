"""A part of the asked quantity singled out by a word with which the story tells its parts apart.

A story often splits one kind of thing into parts with a modifier: "28 sacks of *ripe* oranges and 52 sacks of
*unripe* oranges", "the *first* half of the book ... the *second* half", "*last* week she read 5 books; *this*
week twice as much", "a warm-up puzzle ... then *2* puzzles that each took longer". A question that asks for
the thing without such a word ("how many sacks of oranges", "how many pages did she read in total") asks for
the whole; a paraphrase whose asking clause adds one of the story's modifiers to the thing ("how many sacks of
*ripe* oranges", "how many pages did she read *this* week", "the *second* half of this book") asks for one part
of it: another quantity.

:func:`subset_changes` reads, for each noun of the paraphrase's asking clause (the words that say the asked
quantity, :func:`~paraqd.analysis.asked_quantity.clause_tokens`), its modifiers (:data:`_MODIFIER_DEPS`:
adjectives, nouns before it, cardinals, and the demonstratives "this", "that", "these", "those"). A modifier
is a part singled out when

- the question's story (outside its question sentence) says the same noun with that modifier, and says it
  elsewhere with another modifier that the first does not have: the story tells two parts apart. One thing (a
  singular noun) has parts only by an order ("the *first* half" / "the *second* half", "*this* week" / "*last*
  week"): "a *delivery* truck" and "the *empty* truck" describe one truck twice;
- the question's asking clause names neither modifier, nor that noun with any modifier the story gives it (a
  question that already asks for a part is another comparison's business);
- the paraphrase's asking clause does not name the story's other modifier too ("ripe *and unripe* oranges" is
  the whole again).

Every word compared is the story's own (its modifiers, compared as lemmas); the rule reads only the
dependency parse.
"""

from __future__ import annotations

from .asked_changes import AskedChange
from .asked_quantity import TOTAL, AskedQuantity, asked_quantity, asked_tokens, clause_tokens
from .document import Mention, QuestionDoc
from .terms import token_lemma

#: the dependencies by which a word tells one part of a noun's things from another: an adjective ("*ripe*
#: oranges", "the *second* half"), a noun before it ("*blueberry* pies"), a cardinal ("*2* puzzles")
_MODIFIER_DEPS = frozenset({"amod", "compound", "nummod"})
#: the words that order the parts of one thing ("the *first* half", "*this* week", "the *upper* floor"): the only
#: modifiers read on a singular noun
_ORDER_WORDS = frozenset({"first", "second", "third", "fourth", "fifth", "last", "next", "final", "previous",
                          "following", "this", "that", "upper", "lower", "top", "bottom", "early", "late", "later"})
#: demonstratives that single out a part of a noun's things ("*this* week" against "last week")
_DEMONSTRATIVES = frozenset({"this", "that", "these", "those"})


def subset_changes(question: QuestionDoc, paraphrase: QuestionDoc) -> list[AskedChange]:
    """``[AskedChange("subset", ...)]`` when the paraphrase's asking clause singles out a part of a noun with a
    modifier by which the story tells its parts apart, and the question's does not (see the module docstring);
    ``old`` is the question's asking words, ``new`` the modifier and its noun ("ripe oranges")."""
    q, p = asked_quantity(question), asked_quantity(paraphrase)
    if q is None or p is None:
        return []
    story = _story_modifiers(question, q)
    q_words = _sentence_words(question, q)
    p_words = _clause_words(paraphrase, p)
    q_restricted = {token_lemma(t) for t in _asked_tokens(question, q) if t.pos_ == "NOUN"
                    and _modifiers(t) & {m for mods in story.get(token_lemma(t), ()) for m in mods}}
    for tok in _asked_tokens(paraphrase, p):
        noun = token_lemma(tok)
        if tok.pos_ != "NOUN" or noun not in story or noun in q_restricted:
            continue
        sets = story[noun]
        for kind, mod in _modifiers(tok):
            if mod in q_words or not any((kind, mod) in mods for mods in sets):
                continue
            # the story's other parts: another modifier ("ripe" / "unripe", "this" / "last"); one thing (a
            # singular noun) is split only by an order ("the *second* half", "*this* week"): "a *delivery* truck"
            # and "the *empty* truck" describe one truck twice
            others = {w for mods in sets if (kind, mod) not in mods for _k, w in mods} - {mod}
            if not others or others & (p_words | q_words) or (tok.tag_ == "NN" and mod not in _ORDER_WORDS):
                continue
            word = next(c for c in tok.children if _modifier_word(c) == (kind, mod))
            start, end = min(word.idx, tok.idx), max(word.idx + len(word), tok.idx + len(tok))
            clause = q.ask.clause or q.ask.sentence
            return [AskedChange("subset", (clause,), (Mention(start, end, paraphrase.text[start:end]),), "whole",
                                "part")]
    return _whole_for_part(question, paraphrase, q, p, story, q_words, p_words) or _conjunct_left(question, paraphrase,
                                                                                                 q, p)


def _whole_for_part(question: QuestionDoc, paraphrase: QuestionDoc, q: AskedQuantity, p: AskedQuantity,
                    story: dict[str, list[set[tuple[str, str]]]], q_words: set[str], p_words: set[str]) -> list[AskedChange]:
    """The mirror: the question asks for one part of a noun's things, with a word by which the story tells them
    apart ("how many *yellow* marbles", "how many pieces were *clear*"), and the paraphrase asks for the same
    noun *in total* ("altogether", "in all"), with neither that word nor any other the story tells them apart
    by."""
    total = p.aggregates.get(TOTAL)
    if total is None or TOTAL in q.aggregates:
        return []
    p_nouns = {token_lemma(t) for t in _asked_tokens(paraphrase, p) if t.pos_ == "NOUN"}
    q_toks = _asked_tokens(question, q)
    for tok in q_toks:
        noun = token_lemma(tok)
        if tok.pos_ != "NOUN" or noun not in story or noun not in p_nouns:
            continue
        told = {w for mods in story[noun] for _k, w in mods}
        part = next((t for t in q_toks if t.pos_ in ("ADJ", "VERB") and _word(t, told)
                     and any(not _word(t, {w for _k, w in mods}) for mods in story[noun])), None)
        if part is None or told & p_words:
            continue
        return [AskedChange("subset", (Mention(part.idx, part.idx + len(part), part.text),), (total,), "part",
                            "whole")]
    return []


def _asked_tokens(doc: QuestionDoc, aq: AskedQuantity) -> list:
    """The words of the asking clause that say the asked quantity, with the infinitive the parser may read as a
    condition ("how many days did he take *to read the second half*")."""
    toks, _main = clause_tokens(doc, aq.ask)
    words = asked_tokens(doc, aq.ask)
    inside = {t.i for t in words}
    for tok in toks:
        if tok.dep_ == "advcl" and tok.head.i in inside and any(c.dep_ == "aux" and c.lower_ == "to" for c in tok.children):
            inside |= {t.i for t in tok.subtree}
    return [t for t in toks if t.i in inside]


def _word(tok, words: set[str]) -> bool:
    """Whether ``tok`` (its form or its lemma: "striped" read as a verb) is one of ``words``."""
    return tok.lower_ in words or token_lemma(tok) in words


def _modifier_word(tok) -> tuple[str, str] | None:
    """``(kind, word)``: the kind of modifier ``tok`` is ("amod" for adjectives and demonstratives, "compound",
    "nummod") and its lower-cased word, when it is a modifier that tells parts apart."""
    if tok.dep_ in _MODIFIER_DEPS and (tok.is_alpha or tok.like_num):
        return tok.dep_, tok.lower_
    if tok.dep_ == "det" and tok.lower_ in _DEMONSTRATIVES:
        return "amod", tok.lower_
    return None


def _modifiers(noun) -> set[tuple[str, str]]:
    """The modifiers of ``noun`` (:func:`_modifier_word`)."""
    return {m for m in (_modifier_word(c) for c in noun.children) if m is not None}


def _story_modifiers(doc: QuestionDoc, aq: AskedQuantity) -> dict[str, list[set[tuple[str, str]]]]:
    """Noun lemma -> the modifier sets of its mentions in the story (outside the question sentence), mentions
    with no modifier left out."""
    sentence = aq.ask.sentence
    out: dict[str, list[set[tuple[str, str]]]] = {}
    for tok in doc.doc:
        if tok.pos_ != "NOUN" or sentence.start <= tok.idx < sentence.end:
            continue
        mods = _modifiers(tok)
        if mods:
            out.setdefault(token_lemma(tok), []).append(mods)
    return out


def _sentence_words(doc: QuestionDoc, aq: AskedQuantity) -> set[str]:
    """The lower-cased words and lemmas of the question sentence ("*After the 30 minutes*, how many ..." says the
    time point before its asking clause)."""
    span = doc.span(aq.ask.sentence)
    return {w for t in span or () for w in (t.lower_, token_lemma(t))} | _clause_words(doc, aq)


def _clause_words(doc: QuestionDoc, aq: AskedQuantity) -> set[str]:
    """The lower-cased words and lemmas of the asking clause (its conditions included)."""
    toks, _main = clause_tokens(doc, aq.ask)
    return {w for t in toks for w in (t.lower_, token_lemma(t))}


#: the parts of speech of the joined parts of a whole ("the desert *and* the forest", "downloading *and* talking")
_JOINED_POS = frozenset({"NOUN", "VERB"})


def _conjunct_left(question: QuestionDoc, paraphrase: QuestionDoc, q: AskedQuantity,
                   p: AskedQuantity) -> list[AskedChange]:
    """The question's asking clause joins two parts with "and" ("in both the *desert and the forest*", "spend
    *downloading* Zoom *and talking*"), the paraphrase's keeps one of them and not the other, which its story
    still names: it asks for one part of the whole the question sums."""
    p_toks = _asked_tokens(paraphrase, p)
    p_asked = {w for t in p_toks for w in (t.lower_, token_lemma(t))}
    sentence = p.ask.sentence
    p_story = {w for t in paraphrase.doc if not sentence.start <= t.idx < sentence.end
               for w in (t.lower_, token_lemma(t))}
    q_toks = _asked_tokens(question, q)
    for tok in q_toks:
        other = _joined_to(tok) if tok.pos_ in _JOINED_POS else None
        if other is None:
            continue
        kept = [t for t in (tok, other) if token_lemma(t) in p_asked]
        left = [t for t in (tok, other) if token_lemma(t) not in p_asked and t.lower_ not in p_asked]
        if len(kept) == 1 and len(left) == 1 and token_lemma(left[0]) in p_story:
            word = next(t for t in p_toks if token_lemma(t) == token_lemma(kept[0]))
            start, end = min(tok.idx, other.idx), max(tok.idx + len(tok), other.idx + len(other))
            return [AskedChange("subset", (Mention(start, end, question.text[start:end]),),
                                (Mention(word.idx, word.idx + len(word), word.text),), "whole", "part")]
    return []


def _joined_to(tok):
    """The word "and" joins to ``tok`` (its conjunct; the parser may attach it elsewhere, so the first word of
    the same part of speech after "and", past determiners and adjectives), or ``None``."""
    cc = next((c for c in tok.children if c.dep_ == "cc" and c.lower_ == "and"), None)
    if cc is None:
        return None
    for nxt in tok.doc[cc.i + 1:cc.i + 4]:
        if nxt.pos_ == tok.pos_:
            # two words of one part ("city A and city D" joins two places, not two kinds of the noun)
            return nxt if token_lemma(nxt) != token_lemma(tok) and len(tok) > 1 and len(nxt) > 1 else None
        if nxt.pos_ not in ("DET", "ADJ", "PRON"):
            return None
    return None
