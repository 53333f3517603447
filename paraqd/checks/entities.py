"""Named entities and key nouns: kept, or renamed consistently.

A *key term* is a noun, proper noun or named-entity token of the question (by lower-cased lemma), outside
numbers and units. A paraphrase may rename a term if it does so everywhere (the paper's Table 3 example 3,
"apples" -> "hats" in both sentences); a term renamed in one place while its old name survives elsewhere
(example 2) breaks the problem, unless the new word is a synonym of the old one ("shop" -> "store" once,
judged by an optional :class:`~paraqd.checks.synonyms.WordSimilarity`). A name that disappears without a
replacement is reported as well.

Over 400 lines: one check; consistent renames, one-place swaps and pronoun roles all read the same
term alignment.
"""

from __future__ import annotations

import difflib
from collections import defaultdict
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..analysis.document import Mention, NumberMention, QuestionDoc
from .base import Check
from .findings import Finding, Severity
from .synonyms import RENAME_SYNONYM_THRESHOLD, WordSimilarity

if TYPE_CHECKING:
    from spacy.tokens import Token

_TERM_POS = frozenset({"NOUN", "PROPN"})
#: nouns that paraphrases add, drop or swap freely without changing the problem
LIGHT_NOUNS = frozenset({
    "amount", "number", "total", "value", "sum", "part", "rest", "way", "lot", "kind", "type", "case",
    "question", "answer", "following", "option", "choice", "result", "term", "respectively", "order",
    "one",  # the pro-form "ones" ("the sweet ones") stands for a noun already there, it renames nothing
    "time",  # an occasion ("the second time it rang", "each time"), not a thing of the problem; durations
             # are the unit check's
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
    word of the problem to another that both texts use, where the old word lost a mention and the new one
    gained one ("half as many as *Lee*" -> "half as many as *Tino*"; "twice the carrots as *green beans*" ->
    "as *milk*"). The words compared are the key terms and the words that tell the problem's things apart:
    adjectives ("*orange* straws" -> "*red* straws") and ordinals ("than the *first* bus" -> "than the
    *second* bus"). A consistent rename or a synonym introduces a *new* word; a swap reuses one of the
    problem."""
    q_words, p_words = _swap_words(question), _swap_words(paraphrase)
    lost = {k for k, ms in q_words.items() if k in p_words and len(p_words[k]) < len(ms)}
    gained = {k for k, ms in p_words.items() if k in q_words and len(ms) > len(q_words[k])}
    if not lost or not gained:
        return []
    q_terms, p_terms = key_terms(question), key_terms(paraphrase)
    swaps: list[Swap] = []
    seen: set[tuple[str, str]] = set()
    for i1, i2, j1, j2 in aligned_substitutions(question, paraphrase):
        # the question's nouns first: "green beans" -> "milk" is a swap of "beans" before one of "green"
        olds = sorted((t for t in question.doc[i1:i2] if _swap_key(t) in lost),
                      key=lambda t: _swap_key(t) not in q_terms)
        for p_tok in paraphrase.doc[j1:j2]:
            new = _swap_key(p_tok)
            if new not in gained:
                continue
            for q_tok in olds:
                old = _swap_key(q_tok)
                if old == new or (old, new) in seen:
                    continue
                seen.add((old, new))
                old_term = q_terms.get(old) or Term(old, tuple(q_words[old]))
                new_term = p_terms.get(new) or Term(new, tuple(p_words[new]))
                swaps.append(Swap(old_term, new_term, _mention(q_tok), _mention(p_tok)))
    return swaps


_SWAP_POS = frozenset({"NOUN", "PROPN", "ADJ"})
_SWAP_KEY = "paraqd.checks.swap_words"


def _swap_key(tok: Token) -> str:
    return (tok.lemma_ or tok.text).lower()


def _mention(tok: Token) -> Mention:
    return Mention(tok.idx, tok.idx + len(tok.text), tok.text)


def _swap_words(doc: QuestionDoc) -> dict[str, list[Mention]]:
    """Lemma -> mentions of the words :func:`find_swaps` compares: the key terms, adjectives outside numbers
    and units, and ordinal words ("first", "second"; stop words otherwise). Computed once per document."""
    cached = doc.doc.user_data.get(_SWAP_KEY)
    if cached is None:
        terms = key_terms(doc)
        words: dict[str, list[Mention]] = {k: list(t.mentions) for k, t in terms.items()}
        blocked = {i for m in (*doc.numbers, *doc.units) for i in range(m.start, m.end)}
        ordinals = {n.start for n in doc.numbers if n.kind == "ordinal" and n.written == "words"}
        for tok in doc.doc:
            key = _swap_key(tok)
            if key in terms or not tok.is_alpha:
                continue
            if tok.idx in ordinals or (tok.pos_ == "ADJ" and not tok.is_stop and tok.idx not in blocked
                                       and key not in LIGHT_NOUNS):
                words.setdefault(key, []).append(_mention(tok))
        cached = doc.doc.user_data[_SWAP_KEY] = words
    return cached


_PERSONAL = frozenset({"he", "she", "him", "her"})
_SUBJECT_DEPS = frozenset({"nsubj", "nsubjpass"})


def antecedent(doc: QuestionDoc, pronoun: Token) -> str | None:
    """The name a personal pronoun most likely stands for: the nearest proper noun before it that is the
    subject of its clause ("*Alan*, a boy who loves wings, wants to beat Kevin's record. *He* ..." -> Alan;
    Kevin, a possessive, is not the subject), else the nearest proper noun; by lower-cased text."""
    names = [t for t in doc.doc[:pronoun.i] if t.pos_ == "PROPN" and t.is_alpha]
    subject = next((t for t in reversed(names) if t.dep_ in _SUBJECT_DEPS), None)
    chosen = subject or (names[-1] if names else None)
    return None if chosen is None else chosen.lower_


def misresolved_pronouns(question: QuestionDoc, paraphrase: QuestionDoc) -> list[tuple[Mention, Mention, str]]:
    """Personal pronouns written in place as a name of the problem that is not the one they stood for:
    "Alan ... wants to beat Kevin's record. *He* eats 5 wings a minute" -> "*Kevin* eats 5 wings a minute"
    (:func:`antecedent`). Returns ``(pronoun, name, the name it stood for)`` mentions."""
    q_names = {t.lower_ for t in question.doc if t.pos_ == "PROPN"}
    found = []
    for i1, _i2, j1, _j2 in aligned_substitutions(question, paraphrase, size=1):
        q_tok, p_tok = question.doc[i1], paraphrase.doc[j1]
        if q_tok.lower_ not in _PERSONAL or p_tok.pos_ != "PROPN" or p_tok.lower_ not in q_names:
            continue
        meant = antecedent(question, q_tok)
        if meant is not None and meant != p_tok.lower_:
            found.append((_mention(q_tok), _mention(p_tok), question.doc[[t.lower_ for t in question.doc].index(
                meant)].text))
    return found


def _lists(doc: QuestionDoc) -> list[tuple[list, object]]:
    """The coordinated nouns of ``doc`` ("Tuesdays, Thursdays and Saturdays"): ``(items, sentence)`` with
    the items as tokens, for every coordination of two or more nouns."""
    out = []
    for tok in doc.doc:
        if tok.pos_ in _TERM_POS and tok.dep_ != "conj" and tok.conjuncts:
            items = [tok, *(t for t in tok.conjuncts if t.pos_ in _TERM_POS)]
            if len(items) >= 2:
                out.append((items, tok.sent))
    return out


def changed_lists(question: QuestionDoc, paraphrase: QuestionDoc) -> list[tuple[str, str, list[str], list[str]]]:
    """Lists of the question that the paraphrase repeats with an item more or less: an item the question
    never mentions added ("On Tuesdays and Thursdays" -> "On Tuesdays, Thursdays and Saturdays"), or an item
    left out of a list that keeps two others and mentioned nowhere else in its sentence ("Manny, his
    classmates and Mr. Keith all had 1 piece" -> "his classmates and Mr. Keith all had 1 piece").
    Returns ``(question's list, paraphrase's list, added, dropped)`` per change, the items as written (each
    list as its items quoted one by one: '"Greg", "Sharon"')."""
    def forms(tok) -> set[str]:
        return {tok.lower_, (tok.lemma_ or tok.text).lower()}

    q_words = set().union(*(forms(t) for t in question.doc))
    p_lists = _lists(paraphrase)
    changes = []
    for q_items, _ in _lists(question):
        q_forms = set().union(*(forms(t) for t in q_items))
        best, best_common = None, 1
        for p_items, p_sent in p_lists:
            common = sum(1 for t in p_items if forms(t) & q_forms)
            if common > best_common:
                best, best_common = (p_items, p_sent), common
        if best is None:
            continue
        p_items, p_sent = best
        p_forms = set().union(*(forms(t) for t in p_items))
        sentence = set().union(*(forms(t) for t in p_sent))
        added = [t.text for t in p_items if not forms(t) & q_words]
        dropped = [t.text for t in q_items if not forms(t) & p_forms and not forms(t) & sentence]
        if added or dropped:
            changes.append((", ".join(f'"{t.text}"' for t in q_items), ", ".join(f'"{t.text}"' for t in p_items),
                            added, dropped))
    return changes


#: how many words must match on each side of a substitution for it to be "in place"
ANCHOR = 2


def aligned_substitutions(question: QuestionDoc, paraphrase: QuestionDoc, size: int = 3,
                          deletions: bool = False) -> list[tuple[int, int, int, int]]:
    """Token ranges ``(i1, i2, j1, j2)`` where the paraphrase wrote up to ``size`` tokens in place of up to
    ``size`` tokens of the question, with at least :data:`ANCHOR` tokens kept on each side, or one that is
    no stop word, or the text's edge: "twice as many green straws as *orange* straws" -> "... as *red*
    straws"; "of *the remaining* emails" -> "of *all the* emails" (an edit joined across a lone stop word).
    In a free rewording the token alignment also pairs words across a lone "the" or "of"; those are no
    substitution in place. With ``deletions``, words left out in place count too (``j1 == j2``: "sold for
    $50 *each*." -> "sold for $50.").
    Computed once per pair (kept on the paraphrase's parse, keyed by the question)."""
    memo = paraphrase.doc.user_data.setdefault(_ALIGNED_KEY, {})
    key = (question.text, size, deletions)
    if key not in memo:
        q_at = [t.i for t in question.doc if not t.is_space]  # double spaces are no words
        p_at = [t.i for t in paraphrase.doc if not t.is_space]
        q_toks = [question.doc[i].lower_ for i in q_at]
        p_toks = [paraphrase.doc[i].lower_ for i in p_at]
        ops = difflib.SequenceMatcher(None, q_toks, p_toks, autojunk=False).get_opcodes()

        def weak(o) -> bool:  # a lone "the" matched inside an edit: "of the remaining" -> "of all the"
            return o[0] == "equal" and o[2] - o[1] < ANCHOR and all(
                question.doc[q_at[i]].is_stop or question.doc[q_at[i]].is_punct for i in range(o[1], o[2]))

        def anchored(o) -> bool:
            if o is None:
                return True
            words = [question.doc[q_at[i]] for i in range(o[1], o[2])]
            return (len(words) >= ANCHOR or o[1] == 0 or o[2] == len(q_at)
                    or any(not (t.is_stop or t.is_punct) for t in words))

        # edits: runs of changed tokens, joined across weak matches
        regions, k = [], 0
        while k < len(ops):
            if ops[k][0] == "equal":
                k += 1
                continue
            first = last = k
            while last + 2 < len(ops) and weak(ops[last + 1]) and ops[last + 2][0] != "equal":
                last += 2
            regions.append((first, last))
            k = last + 1
        found = []
        for first, last in regions:
            i1, i2, j1, j2 = ops[first][1], ops[last][2], ops[first][3], ops[last][4]
            if not (0 < i2 - i1 <= size and (0 < j2 - j1 <= size or (deletions and j1 == j2))):
                continue
            before = ops[first - 1] if first else None
            after = ops[last + 1] if last + 1 < len(ops) else None
            if anchored(before) and anchored(after):
                p_start = p_at[j1] if j1 < len(p_at) else len(paraphrase.doc)
                p_end = p_at[j2 - 1] + 1 if j2 > j1 else p_start
                found.append((q_at[i1], q_at[i2 - 1] + 1, p_start, p_end))
        memo[key] = found
    return list(memo[key])


_ALIGNED_KEY = "paraqd.checks.aligned_substitutions"


def deletions_in_place(question: QuestionDoc, paraphrase: QuestionDoc, size: int = 2) -> list[tuple[int, int]]:
    """Token ranges ``(i1, i2)`` of up to ``size`` question tokens the paraphrase left out right after a
    stretch it kept (:data:`ANCHOR` tokens, or one that is no stop word, or the text's start) and before a
    kept token: "How much *more* does the big frog weigh" -> "How much does ..." (whatever the paraphrase
    changed after that)."""
    q_at = [t.i for t in question.doc if not t.is_space]
    p_at = [t.i for t in paraphrase.doc if not t.is_space]
    ops = difflib.SequenceMatcher(None, [question.doc[i].lower_ for i in q_at],
                                  [paraphrase.doc[i].lower_ for i in p_at], autojunk=False).get_opcodes()
    found = []
    for k, (op, i1, i2, _j1, _j2) in enumerate(ops):
        if op != "delete" or i2 - i1 > size or not 0 < k < len(ops) - 1:
            continue
        before, after = ops[k - 1], ops[k + 1]
        if before[0] != "equal" or after[0] != "equal":
            continue
        kept = [question.doc[q_at[i]] for i in range(before[1], before[2])]
        if len(kept) >= ANCHOR or before[1] == 0 or any(not (t.is_stop or t.is_punct) for t in kept):
            found.append((q_at[i1], q_at[i2 - 1] + 1))
    return found


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
    q_words, p_words = _words(question), _words(paraphrase)
    # a term whose word is still on the other side in another role ("the *cycling* race" -> "is *cycling*") was
    # neither lost nor renamed: a rename names a word absent from the side it left
    lost = [t for k, t in q_terms.items() if len(t.mentions) > len(p_terms[k].mentions if k in p_terms else ())
            and (k in p_terms or not _said(t, p_words))]
    new = [t for k, t in p_terms.items() if k not in q_terms and not _said(t, q_words)]
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


def _words(doc: QuestionDoc) -> frozenset[str]:
    """Every alphabetic word of ``doc``, lower-cased, as written and as its lemma."""
    return frozenset(w for t in doc.doc if t.is_alpha for w in (t.lower_, (t.lemma_ or t.text).lower()))


def _said(term: Term, words: frozenset[str]) -> bool:
    """Whether ``words`` hold ``term``, by its key or as one of its mentions is written."""
    return term.key in words or any(m.text.lower() in words for m in term.mentions)


class EntityCheck(Check):
    """Reports key terms renamed in one place only (major; minor when the new word is a synonym),
    renamed throughout (minor), swapped in one place for another word of the problem (major, whatever
    their similarity) or vanished.

    ``synonyms``: a :class:`~paraqd.checks.synonyms.WordSimilarity`; without one, no rename is a synonym.
    ``rename_threshold``: the word similarity at which a noun written in another noun's place is its synonym
    (:data:`~paraqd.checks.synonyms.RENAME_SYNONYM_THRESHOLD`; ``None`` uses the similarity's own threshold).
    Names (people, places) are never synonyms: a person swapped in one place is another person.
    """

    name = "entities"

    def __init__(self, synonyms: WordSimilarity | None = None,
                 rename_threshold: float | None = RENAME_SYNONYM_THRESHOLD) -> None:
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
        reported = set()
        for swap in find_swaps(question, paraphrase):
            if swap.new_at in reported:
                continue  # one finding per new word ("green beans" -> "milk")
            # no synonym excuses a swap: the new word already names another thing of the problem, however
            # close the two words are ("orange" -> "red" straws, "first" -> "second" bus, "maths" -> "science";
            # on the development data every swap between words at similarity >= 0.38 was an invalid one)
            reported.add(swap.new_at)
            findings.append(Finding(
                "term_swapped",
                f'"{swap.old_at.text}" became "{swap.new_at.text}", another part of the problem, in one place',
                Severity.MAJOR, (swap.old_at,), (swap.new_at,),
            ))
        for q_m, p_m, meant in misresolved_pronouns(question, paraphrase):
            findings.append(Finding(
                "pronoun_misresolved",
                f'"{q_m.text}" (that is, {meant}) became "{p_m.text}", another person of the problem',
                Severity.MAJOR, (q_m,), (p_m,),
            ))
        for q_items, p_items, added, dropped in changed_lists(question, paraphrase):
            what = (f'adds {", ".join(added)}' if added else "") + (" and " if added and dropped else "") + \
                (f'leaves out {", ".join(dropped)}' if dropped else "")
            findings.append(Finding(
                "list_changed", f'the list {q_items} became {p_items} ({what})', Severity.MAJOR, (), (),
            ))
        for term in vanished:
            what = "the name" if term.is_name else "the noun"
            findings.append(Finding(
                "term_missing", f'{what} "{term.mentions[0].text}" is missing',
                Severity.MAJOR if term.is_name else Severity.MINOR, term.mentions, (),
            ))
        return findings
