"""Renamed terms: which key term of a question became which term of its paraphrase, and which vanished.

A question term that lost mentions is paired with a new paraphrase term that took its place: a substitution in
place or a noun counted by the same number, a WordNet counterpart, or a name of the same kind (a person for a
person, the reader for a person when the paraphrase tells the problem to the reader); renamed throughout it is
*consistent*, renamed in one place while the old word stays it says how the two name the same things (a
synonym, or one measures the other). A term gone with nothing in its place *vanished*, unless it was a
misspelling of a name kept. :class:`~paraqd.analysis.pair.QuestionPair` computes this once per pair
(:attr:`~paraqd.analysis.pair.QuestionPair.renames`, :attr:`~paraqd.analysis.pair.QuestionPair.vanished`).
"""

from __future__ import annotations

import difflib
from dataclasses import dataclass

from .alignment import TokenAlignment
from .document import QuestionDoc
from .lexicon import default_lexicon
from .people import addresses, is_person, reader
from .spelling import spelling_variants
from .terms import Term, counted_nouns, counted_values, key_terms, swap_key


@dataclass(frozen=True)
class Rename:
    """A question term replaced by a paraphrase term; ``consistent`` when the old term is gone everywhere;
    ``same_thing`` says how a word renamed in one place names the same things: ``"synonym"`` (a WordNet
    counterpart: "shop" -> "store") or ``"measure"`` (one measures the other: "33 pieces of candy" -> "33
    sweets"); empty otherwise."""

    old: Term
    new: Term
    consistent: bool
    same_thing: str = ""


def renames(question: QuestionDoc, paraphrase: QuestionDoc,
            alignment: TokenAlignment) -> tuple[tuple[Rename, ...], tuple[Term, ...]]:
    """The question terms that lost mentions paired with new paraphrase terms (``(renames, vanished)``): a new
    term is paired with a lost one when it took its place (a substitution in place, or a noun counted by the
    same number), otherwise in order of first occurrence; the terms gone with no new term in their place vanished."""
    q_terms, p_terms = key_terms(question), key_terms(paraphrase)
    q_words, p_words = all_words(question), all_words(paraphrase)
    # a term whose word is still on the other side in another role ("the *cycling* race" -> "is *cycling*")
    # was neither lost nor renamed: a rename names a word absent from the side it left
    lost = [t for k, t in q_terms.items() if len(t.mentions) > len(p_terms[k].mentions if k in p_terms else ())
            and (k in p_terms or not _said(t, p_words))]
    new = [t for k, t in p_terms.items() if k not in q_terms and not _said(t, q_words)]
    subs = alignment.substitutions() if lost and new else {}
    in_place = _in_place_substitutions(question, paraphrase, alignment) if lost and new else {}
    renames: list[Rename] = []
    vanished: list[Term] = []
    for old in lost:
        consistent = old.key not in p_terms
        if consistent:
            # renamed throughout: the new word took the old one's place (a substitution, a noun counted by
            # the same number), or it names the same thing (WordNet), or it is a name of the same kind (a
            # person for a person); otherwise the old word is gone and nothing took its role (a rename pairs
            # words of the same role)
            partner = next((n for n in new if n.key in subs.get(old.key, ())), None) or next(
                (n for n in new if _same_thing(old.key, n.key)), None) or _same_role(question, paraphrase, old, new, renames)
        else:
            # renamed in one place while the old word stays: only a word written *in its place* (the words
            # around it kept) or counting the same number; not a measure of it ("three times as many pairs"
            # -> "three times the size": the same quantity, measured)
            partner = next((n for n in new if n.key in in_place.get(old.key, ()) and not _a_measure(n.key)), None)
        if partner is None:
            if consistent and not misspelt(question, paraphrase, old):
                vanished.append(old)
            continue
        new.remove(partner)
        if not spelling_variants(old.key, partner.key):  # "theater" -> "theatre": the same word
            renames.append(Rename(old, partner, consistent, "" if consistent else _same_entity(question, paraphrase, old, partner)))
    return tuple(renames), tuple(vanished)


def _same_role(question: QuestionDoc, paraphrase: QuestionDoc, old: Term, new: list[Term],
               renames: list[Rename]) -> Term | None:
    """A new term that takes a name's role when nothing took its place: a name of the same kind, or, for
    a person (:func:`~paraqd.analysis.people.is_person`: the parser's labels of names are unreliable), a
    new person, else the reader when the paraphrase tells the problem to the reader (or by a narrator) and
    the question does not ("Marco buys ..." -> "You buy ...")."""
    if not old.is_name:
        return None
    same = next((n for n in new if n.label == old.label), None)
    if same is not None or not is_person(question, old):
        return same
    person = next((n for n in new if is_person(paraphrase, n)), None)
    if person is not None:
        return person
    you = reader(paraphrase)
    if you is None or addresses(question, you.key) or any(r.new.key == you.key for r in renames):
        return None
    new.append(you)  # taken from the list by the caller, like any partner
    return you


def misspelt(question: QuestionDoc, paraphrase: QuestionDoc, term: Term) -> bool:
    """Whether a name gone from the paraphrase was a misspelling of another name of the question that the
    paraphrase keeps ("Natalie" once for "Natalia", "Manola" for "Manolo"): the same first letter and at
    most two letters changed (:func:`difflib.SequenceMatcher` ratio >= 0.8)."""
    if not term.is_name:
        return False
    kept = [t for k, t in key_terms(question).items() if t.is_name and k != term.key and k in key_terms(paraphrase)]
    return any(k.key[:1] == term.key[:1] and difflib.SequenceMatcher(None, k.key, term.key).ratio() >= 0.8
               for k in kept)


def modifier_only(question: QuestionDoc, paraphrase: QuestionDoc, term: Term) -> bool:
    """Whether every mention of a question ``term`` only modifies a noun that the paraphrase still has
    ("*Post-it* notes" -> "sticky notes"): a kind of that thing, not a person or place of the problem."""
    p_words = all_words(paraphrase)
    for m in term.mentions:
        span = question.span(m)
        tok = None if span is None else span[-1]
        while tok is not None and tok.dep_ in ("compound", "amod", "punct") and tok.head.i != tok.i \
                and tok.head.pos_ in ("NOUN", "PROPN") and tok.head.i > tok.i:
            tok = tok.head
        if tok is None or tok.lower_ == m.text.lower() or swap_key(tok) not in p_words:
            return False
    return True


def _in_place_substitutions(question: QuestionDoc, paraphrase: QuestionDoc,
                            alignment: TokenAlignment) -> dict[str, set[str]]:
    """Question lemma -> paraphrase lemmas written in its place: aligned substitutions with the words
    around them kept (:meth:`TokenAlignment.aligned_substitutions`) that share no word (a phrase that keeps a word of its
    own was said again, not substituted: "the number of chipmunks" -> "the chipmunk count"), and the nouns
    counted by the same number in both texts."""
    found: dict[str, set[str]] = {}
    for i1, i2, j1, j2 in alignment.aligned_substitutions(3, False):
        new = {swap_key(t) for t in paraphrase.doc[j1:j2] if t.is_alpha}
        old = {swap_key(t) for t in question.doc[i1:i2] if t.is_alpha}
        if _said_words(paraphrase.doc[j1:j2]) & _said_words(question.doc[i1:i2]):
            continue  # the phrase said again in another order ("last her office" -> "supply last")
        for key in old - new:
            if any(_inflected(key, n) for n in new) or _moved(key, question.doc, (i1, i2), paraphrase.doc, (j1, j2)):
                continue  # "raises emu" -> "keeps emus"; "strawberry picking" -> "... picking strawberries"
            # a new word that says another word of the phrase again renames that one, not this one
            # ("students bought" -> "buying", "kids on tuesday" -> "on tues", "mom giving Sophie" -> "mother
            # handed her": the noun left out, not renamed)
            others = old - new - {key}
            found.setdefault(key, set()).update(
                swap_key(t) for t in paraphrase.doc[j1:j2] if t.is_alpha
                and not any(_says_again(form, others) for form in {swap_key(t), t.lower_}))
    p_counted = counted_by_value(paraphrase)
    verbs = {swap_key(t) for t in question.doc if t.pos_ == "VERB"}
    for value, q_noun in counted_values(question).items():
        nouns = p_counted.get(value, ())
        # "one stamp" kept beside "one rainy evening" is no rename; nor a question's verb the parse counts
        # ("the first two students bought" -> "the first two buying")
        if nouns and q_noun not in nouns and not _says_again(nouns[0], verbs):
            found.setdefault(q_noun, set()).add(nouns[0])
    return found


def counted_by_value(doc: QuestionDoc) -> dict[float, tuple[str, ...]]:
    """Value -> lemmas of every noun a number of that value counts, in order ("one evening ... one stamp")."""
    counted: dict[float, tuple[str, ...]] = {}
    for number, _, noun in counted_nouns(doc):
        counted[number.rounded] = (*counted.get(number.rounded, ()), noun.lemma_.lower())
    return counted


def _inflected(old: str, new: str) -> bool:
    """Whether ``new`` is ``old`` in another number or spelling ("emu" / "emus", the parse's lemma aside:
    "theater" / "theatres")."""
    return old in (new + "s", new + "es") or new in (old + "s", old + "es") or spelling_variants(old, new)


def _says_again(new: str, olds: set[str]) -> bool:
    """Whether the new word ``new`` says one of the words ``olds`` again in another form (WordNet: an
    inflection, an abbreviation, a counterpart or a more general word: "emu" -> "emus", "tuesday" -> "tues",
    "buy" -> "buying", "mom" -> "mother"; never a more specific word: "books" -> "novels" is no "books")."""
    lexicon = default_lexicon()
    if lexicon is None:
        return any(spelling_variants(old, new) for old in olds)
    return any(lexicon.counterpart(old, new) for old in olds)


#: how many words on either side of a substitution a word may have moved to
_MOVED = 2


def _moved(key: str, q_doc, q_range: tuple[int, int], p_doc, p_range: tuple[int, int]) -> bool:
    """Whether the question word ``key``, left out of a substituted phrase, stands right beside the paraphrase's
    phrase instead (within :data:`_MOVED` words) and not beside the question's: the word moved a step
    ("went *strawberry* picking" -> "spent the morning picking *strawberries*"), nothing took its place."""
    def near(doc, start, end):
        return {swap_key(t) for t in (*doc[max(0, start - _MOVED):start], *doc[end:end + _MOVED]) if t.is_alpha}
    return key in near(p_doc, *p_range) and key not in near(q_doc, *q_range)


def _same_entity(question: QuestionDoc, paraphrase: QuestionDoc, old: Term, new: Term) -> str:
    """How ``new`` names the things ``old`` names: ``"synonym"`` (a WordNet counterpart), ``"measure"`` (the
    "of" phrase of one names the other or a counterpart of it: "33 *pieces* of candy" -> "33 *sweets*",
    "4 *trees*" -> "4 *rows* of trees"), or ``""``."""
    if any(_same_thing(old.key, form) for form in _compound_forms(paraphrase, new)):
        return "synonym"  # "pastries" -> "baked goods" (WordNet's "baked_goods")
    q_of = _of_objects(question, old)
    p_of = _of_objects(paraphrase, new)
    if any(_same_thing(o, new.key) for o in q_of) or old.key in p_of:
        return "measure"
    return ""


def all_words(doc) -> frozenset[str]:
    """Every alphabetic word of ``doc``, lower-cased, as written and as its lemma; an abbreviation that ends a
    sentence, which the parser keeps with its full stop ("per *kW.*"), counts without it."""
    words = {w for t in doc.doc if t.is_alpha for w in (t.lower_, (t.lemma_ or t.text).lower())}
    words.update(t.lower_[:-1] for t in doc.doc if t.lower_.endswith(".") and t.lower_[:-1].isalpha())
    return frozenset(words)


def _said(term: Term, words: frozenset[str]) -> bool:
    """Whether ``words`` hold ``term``, by its key or as one of its mentions is written."""
    return term.key in words or any(m.text.lower() in words for m in term.mentions)


def _same_thing(a: str, b: str) -> bool:
    """Whether ``b`` may say ``a``: a WordNet counterpart (:meth:`~paraqd.analysis.lexicon.Lexicon.counterpart`)
    or, without WordNet, the same word spelt the British or the American way."""
    lexicon = default_lexicon()
    if lexicon is None:
        return spelling_variants(a, b)
    return bool(lexicon.counterpart(a, b))


def _a_measure(word: str) -> bool:
    """Whether the noun ``word``'s most frequent sense is an attribute in WordNet (size, distance, number,
    length, weight: ``noun.attribute``)."""
    lexicon = default_lexicon()
    return lexicon is not None and lexicon.kinds(word)[:1] == ("attribute",)


def _compound_forms(doc, term: Term) -> set[str]:
    """``term``'s key, and the compounds its mentions make with the word before them ("baked_goods")."""
    forms = {term.key}
    for m in term.mentions:
        span = doc.span(m)
        if span is not None and span[0].i > 0 and span[0].nbor(-1).is_alpha:
            forms.update(f"{span[0].nbor(-1).lower_}_{word}" for word in (term.key, m.text.lower()))
    return forms


#: the parts of speech of function words: a phrase that keeps only those ("of", "in") is still substituted
_FUNCTION_POS = frozenset({"ADP", "DET", "PRON", "CCONJ", "SCONJ", "AUX", "PART", "PUNCT", "NUM", "SPACE"})


def _said_words(tokens) -> set[str]:
    """The lemmas of the words of ``tokens`` that say something (no function words)."""
    return {swap_key(t) for t in tokens if t.is_alpha and t.pos_ not in _FUNCTION_POS}


def of_tokens(tok) -> list:
    """The objects of ``tok``'s "of" phrases ("a group of *goats*")."""
    return [o for prep in tok.children if prep.lower_ == "of" for o in prep.children if o.dep_ == "pobj"]


def _of_objects(doc, term: Term) -> set[str]:
    """The lemmas of the "of" objects of ``term``'s mentions ("pieces of *candy*")."""
    found = set()
    for m in term.mentions:
        span = doc.span(m)
        for tok in span or ():
            found.update(swap_key(o) for o in of_tokens(tok))
    return found
