"""Named entities and key nouns: kept, or renamed consistently.

A *key term* is a noun, proper noun or named-entity token of the question (by lower-cased lemma), outside
numbers and units. A paraphrase may rename a term if it does so everywhere (the paper's Table 3 example 3,
"apples" -> "hats" in both sentences); a term renamed in one place while its old name survives elsewhere
(example 2) breaks the problem, unless the new word is a synonym of the old one ("shop" -> "store" once,
judged by an optional :class:`~paraqd.checks.synonyms.WordSimilarity`). A name that disappears without a
replacement is reported as well.
"""

from __future__ import annotations

import difflib
from collections import defaultdict
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..analysis.document import Mention, NumberMention, QuestionDoc
from .base import Check
from .findings import Finding, Severity
from .synonyms import RENAME_SYNONYM_THRESHOLD

if TYPE_CHECKING:
    from spacy.tokens import Token

_TERM_POS = frozenset({"NOUN", "PROPN"})
#: nouns that paraphrases add, drop or swap freely without changing the problem
LIGHT_NOUNS = frozenset({
    "amount", "number", "total", "value", "sum", "part", "rest", "way", "lot", "kind", "type", "case",
    "question", "answer", "following", "option", "choice", "result", "term", "respectively", "order",
    "one",  # the pro-form "ones" ("the sweet ones") stands for a noun already there, it renames nothing
})
#: word forms that are multipliers or frequencies, not things ("4 times as many", "3 times a week"): the
#: number check covers them, and a rewording drops them freely ("fourfold", "thrice", "triple")
MULTIPLIER_FORMS = frozenset({"times"})


@dataclass(frozen=True)
class Term:
    """One key term of a text: its key (lower-cased lemma), its mentions and its entity label if any."""

    key: str
    mentions: tuple[Mention, ...]
    label: str = ""

    @property
    def is_name(self) -> bool:
        return bool(self.label)


@dataclass(frozen=True)
class Rename:
    """A question term replaced by a paraphrase term; ``consistent`` when the old term is gone everywhere."""

    old: Term
    new: Term
    consistent: bool


def key_terms(doc: QuestionDoc) -> dict[str, Term]:
    """The key terms of ``doc`` in order of first occurrence (computed once per document)."""
    cached = doc.doc.user_data.get(_CACHE_KEY)
    if cached is None:
        cached = doc.doc.user_data[_CACHE_KEY] = _key_terms(doc)
    return cached


_CACHE_KEY = "paraqd.checks.key_terms"


def _key_terms(doc: QuestionDoc) -> dict[str, Term]:
    blocked = {i for m in (*doc.numbers, *doc.units) for i in range(m.start, m.end)}
    entity_of: dict[int, str] = {}
    for ent in doc.entities:
        for tok in doc.doc.char_span(ent.start, ent.end, alignment_mode="expand") or ():
            entity_of[tok.i] = ent.label
    mentions: dict[str, list[Mention]] = defaultdict(list)
    labels: dict[str, str] = {}
    for tok in doc.doc:
        in_entity = tok.i in entity_of
        if not (in_entity or tok.pos_ in _TERM_POS) or not tok.is_alpha or tok.is_stop:
            continue
        key = (tok.lemma_ or tok.text).lower()
        if key in LIGHT_NOUNS or tok.lower_ in MULTIPLIER_FORMS:
            continue
        if tok.idx in blocked or tok.idx + len(tok.text) - 1 in blocked:
            continue
        mention = Mention(tok.idx, tok.idx + len(tok.text), tok.text)
        mentions[key].append(mention)
        if in_entity:
            labels[key] = entity_of[tok.i]
    return {k: Term(k, tuple(ms), labels.get(k, "")) for k, ms in mentions.items()}


def _substitutions(question: QuestionDoc, paraphrase: QuestionDoc) -> dict[str, list[str]]:
    """Token substitutions in place (aligned context on both sides), as lower-cased text old -> [new]."""
    q_toks = [t.text.lower() for t in question.doc]
    p_toks = [t.text.lower() for t in paraphrase.doc]
    subs: dict[str, list[str]] = defaultdict(list)
    matcher = difflib.SequenceMatcher(None, q_toks, p_toks, autojunk=False)
    for op, i1, i2, j1, j2 in matcher.get_opcodes():
        if op == "replace" and i2 - i1 <= 3 and j2 - j1 <= 3:
            for qi in range(i1, i2):
                q_tok = question.doc[qi]
                for pj in range(j1, j2):
                    subs[(q_tok.lemma_ or q_tok.text).lower()].append(paraphrase.doc[pj].lemma_.lower())
    # nouns counted by the same number: "20 apples" -> "20 hats"
    p_counted = _counted_values(paraphrase)
    for value, q_noun in _counted_values(question).items():
        p_noun = p_counted.get(value)
        if p_noun is not None and p_noun != q_noun:
            subs[q_noun].append(p_noun)
    return subs


@dataclass(frozen=True)
class Swap:
    """One mention of a question term written as *another* term of the problem (``old``'s mention at
    ``old_at`` became ``new``'s at ``new_at``): the relation now points at something else."""

    old: Term
    new: Term
    old_at: Mention
    new_at: Mention


def find_swaps(question: QuestionDoc, paraphrase: QuestionDoc) -> list[Swap]:
    """Terms of the problem exchanged in place: an aligned substitution (the words around it kept) from one
    question term to another that both texts use, where the old term lost a mention and the new one gained
    one ("half as many as *Lee*" -> "half as many as *Tino*"; "twice the carrots as *green beans*" -> "as
    *milk*"). A consistent rename or a synonym introduces a *new* word; a swap reuses one of the problem."""
    q_terms, p_terms = key_terms(question), key_terms(paraphrase)
    lost = {k for k, t in q_terms.items() if k in p_terms and len(p_terms[k].mentions) < len(t.mentions)}
    gained = {k for k, t in p_terms.items() if k in q_terms and len(t.mentions) > len(q_terms[k].mentions)}
    if not lost or not gained:
        return []
    swaps: list[Swap] = []
    seen: set[tuple[str, str]] = set()
    q_toks = [t.text.lower() for t in question.doc]
    p_toks = [t.text.lower() for t in paraphrase.doc]
    matcher = difflib.SequenceMatcher(None, q_toks, p_toks, autojunk=False)
    for op, i1, i2, j1, j2 in matcher.get_opcodes():
        if op != "replace" or i2 - i1 > 3 or j2 - j1 > 3:
            continue
        for q_tok in question.doc[i1:i2]:
            old = (q_tok.lemma_ or q_tok.text).lower()
            if old not in lost:
                continue
            for p_tok in paraphrase.doc[j1:j2]:
                new = (p_tok.lemma_ or p_tok.text).lower()
                if new in gained and new != old and (old, new) not in seen:
                    seen.add((old, new))
                    swaps.append(Swap(q_terms[old], p_terms[new], Mention(q_tok.idx, q_tok.idx + len(q_tok), q_tok.text),
                                      Mention(p_tok.idx, p_tok.idx + len(p_tok), p_tok.text)))
    return swaps


def counted_nouns(doc: QuestionDoc) -> list[tuple[NumberMention, Token, Token]]:
    """``(number, its last token, the noun it counts)`` for every number that modifies a noun ("20 apples")."""
    counted = []
    for number in doc.numbers:
        span = doc.doc.char_span(number.start, number.end, alignment_mode="expand")
        if span is None or len(span) == 0:
            continue
        tok = span[-1]
        if tok.dep_ == "nummod" and tok.head.pos_ in _TERM_POS:
            counted.append((number, tok, tok.head))
    return counted


def _counted_values(doc: QuestionDoc) -> dict[float, str]:
    """Value -> lemma of the noun that number counts ("20 apples" -> {20.0: "apple"}); first one wins."""
    counted: dict[float, str] = {}
    for number, _, noun in counted_nouns(doc):
        counted.setdefault(number.rounded, noun.lemma_.lower())
    return counted


def find_renames(question: QuestionDoc, paraphrase: QuestionDoc) -> tuple[list[Rename], list[Term]]:
    """Pair the question terms that lost mentions with new paraphrase terms.

    Returns the renames and the question terms that vanished with no replacement. A new term is paired with
    a lost one when it took its place (aligned substitution), otherwise in order of first occurrence.
    Computed once per pair (the entity, question and content checks all ask): the result is kept on the
    paraphrase's parse, keyed by the question text.
    """
    memo = paraphrase.doc.user_data.setdefault(_RENAMES_KEY, {})
    if question.text not in memo:
        memo[question.text] = _find_renames(question, paraphrase)
    renames, vanished = memo[question.text]
    return list(renames), list(vanished)


_RENAMES_KEY = "paraqd.checks.renames"


def _find_renames(question: QuestionDoc, paraphrase: QuestionDoc) -> tuple[tuple[Rename, ...], tuple[Term, ...]]:
    q_terms, p_terms = key_terms(question), key_terms(paraphrase)
    lost = [t for k, t in q_terms.items() if len(t.mentions) > len(p_terms[k].mentions if k in p_terms else ())]
    new = [t for k, t in p_terms.items() if k not in q_terms]
    subs = _substitutions(question, paraphrase) if lost and new else {}
    renames: list[Rename] = []
    vanished: list[Term] = []
    for old in lost:
        consistent = old.key not in p_terms
        partner = next((n for n in new if n.key in subs.get(old.key, ())), None)
        if partner is None and consistent:
            partner = new[0] if new else None
        if partner is None:
            if consistent:
                vanished.append(old)
            continue
        new.remove(partner)
        renames.append(Rename(old, partner, consistent))
    return tuple(renames), tuple(vanished)


class EntityCheck(Check):
    """Reports key terms renamed in one place only (major; minor when the new word is a synonym),
    renamed throughout (minor), swapped in one place for another term of the problem (major) or vanished.

    ``synonyms``: a :class:`~paraqd.checks.synonyms.WordSimilarity`; without one, no rename is a synonym.
    ``rename_threshold``: the word similarity at which a noun written in another noun's place is its synonym
    (:data:`~paraqd.checks.synonyms.RENAME_SYNONYM_THRESHOLD`; ``None`` uses the similarity's own threshold).
    Names (people, places) are never synonyms: a person swapped in one place is another person.
    """

    name = "entities"

    def __init__(self, synonyms=None, rename_threshold: float | None = RENAME_SYNONYM_THRESHOLD):
        self.synonyms = synonyms
        self.rename_threshold = rename_threshold

    def compare(self, question: QuestionDoc, paraphrase: QuestionDoc) -> list[Finding]:
        p_terms = key_terms(paraphrase)
        renames, vanished = find_renames(question, paraphrase)
        findings = []
        for r in renames:
            old, new = r.old.mentions[0].text, r.new.mentions[0].text
            if r.consistent:
                findings.append(Finding(
                    "term_renamed", f'"{old}" was renamed "{new}" throughout', Severity.MINOR,
                    r.old.mentions, r.new.mentions,
                ))
            elif (self.synonyms is not None and not (r.old.is_name or r.new.is_name)
                  and self.synonyms.are_synonyms(old, new, self.rename_threshold)):
                kept = p_terms[r.old.key].mentions
                findings.append(Finding(
                    "term_synonym",
                    f'"{old}" became its synonym "{new}" in one place ("{kept[0].text}" elsewhere)',
                    Severity.MINOR, r.old.mentions, (*r.new.mentions, *kept),
                ))
            else:
                kept = p_terms[r.old.key].mentions
                findings.append(Finding(
                    "term_renamed_inconsistently",
                    f'"{old}" became "{new}" in one place but "{kept[0].text}" is still used elsewhere',
                    Severity.MAJOR, r.old.mentions, (*r.new.mentions, *kept),
                ))
        for swap in find_swaps(question, paraphrase):
            if (self.synonyms is not None and not (swap.old.is_name or swap.new.is_name)
                    and self.synonyms.are_synonyms(swap.old_at.text, swap.new_at.text, self.rename_threshold)):
                continue  # "girls" -> "students": a more general word for the same thing
            findings.append(Finding(
                "term_swapped",
                f'"{swap.old_at.text}" became "{swap.new_at.text}", another part of the problem, in one place',
                Severity.MAJOR, (swap.old_at,), (swap.new_at,),
            ))
        for term in vanished:
            what = "the name" if term.is_name else "the noun"
            findings.append(Finding(
                "term_missing", f'{what} "{term.mentions[0].text}" is missing',
                Severity.MAJOR if term.is_name else Severity.MINOR, term.mentions, (),
            ))
        return findings
