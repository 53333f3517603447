"""What one analysed text names: its key terms, the words that tell its things apart, counted nouns,
coordinated lists, pronoun antecedents and content words.

Each is a fact about *one* :class:`~paraqd.analysis.document.QuestionDoc`, computed once per document (kept
on the spaCy parse's ``user_data`` under ``paraqd.terms.*``); :class:`~paraqd.analysis.pair.QuestionPair`
compares them between a question and its paraphrase.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from dataclasses import dataclass
from typing import TYPE_CHECKING

from .document import Mention, NumberMention, QuestionDoc
from .quantities import quantities as all_quantities

if TYPE_CHECKING:
    from spacy.tokens import Token

    from .document import UnitMention


#: the parts of speech of a noun: a common noun or a proper name
NOUN_POS = frozenset({"NOUN", "PROPN"})
#: the parts of speech of a verb: a full verb or an auxiliary ("is", "has")
VERB_POS = frozenset({"VERB", "AUX"})
#: the days of the week, Monday first (a weekday's index is its place here)
WEEKDAYS = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")

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


def cached(doc: QuestionDoc, key: str, compute):
    """``compute(doc)``, computed once per document (kept on its parse's ``user_data`` under ``key``)."""
    store = doc.doc.user_data
    if key not in store:
        store[key] = compute(doc)
    return store[key]


def key_terms(doc: QuestionDoc) -> dict[str, Term]:
    """The key terms of ``doc`` in order of first occurrence (computed once per document)."""
    return cached(doc, "paraqd.terms.key_terms", _key_terms)


def _key_terms(doc: QuestionDoc) -> dict[str, Term]:
    blocked = {i for m in (*doc.numbers, *doc.units) for i in range(m.start, m.end)}
    entity_of: dict[int, str] = {}
    for ent in doc.entities:
        for tok in doc.span(ent) or ():
            entity_of[tok.i] = ent.label
    mentions: dict[str, list[Mention]] = defaultdict(list)
    labels: dict[str, str] = {}
    for tok in doc.doc:
        in_entity = tok.i in entity_of
        if not (in_entity or tok.pos_ in NOUN_POS) or not tok.is_alpha or tok.is_stop:
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


def swap_key(tok: Token) -> str:
    """The key a word is compared by: its lower-cased lemma."""
    return (tok.lemma_ or tok.text).lower()


def token_mention(tok: Token) -> Mention:
    """The :class:`Mention` of one token."""
    return Mention(tok.idx, tok.idx + len(tok.text), tok.text)


def tokens_mention(doc: QuestionDoc, first: Token, last: Token) -> Mention:
    """The :class:`Mention` of the tokens of ``doc`` from ``first`` to ``last``, both included ("all *but* one")."""
    return Mention(first.idx, last.idx + len(last.text), doc.text[first.idx:last.idx + len(last.text)])


def clause_verb(tok: Token) -> Token:
    """The verb ``tok``'s clause hangs from: ``tok`` itself when it is a verb, else its nearest verb head, else
    the root of its sentence ("three *boxes*" -> "bought" in "She bought three boxes")."""
    while tok.pos_ not in VERB_POS and tok.head.i != tok.i:
        tok = tok.head
    return tok


def clause_verb_or_none(tok: Token) -> Token | None:
    """:func:`clause_verb` when the walk ends at a verb, ``None`` when it ends at a sentence root that is no verb
    ("*Monday* except" in a verbless fragment)."""
    verb = clause_verb(tok)
    return verb if verb.pos_ in VERB_POS else None


def token_lemma(tok: Token) -> str:
    """The lower-cased lemma of one token (its text when the parse gives no lemma)."""
    return (tok.lemma_ or tok.text).lower()


def swap_words(doc: QuestionDoc) -> dict[str, list[Mention]]:
    """Lemma -> mentions of the words a swap is looked for among: the key terms, adjectives outside numbers
    and units, and ordinal words ("first", "second"; stop words otherwise). Computed once per document."""
    return cached(doc, "paraqd.terms.swap_words", _swap_words)


def _swap_words(doc: QuestionDoc) -> dict[str, list[Mention]]:
    terms = key_terms(doc)
    words: dict[str, list[Mention]] = {k: list(t.mentions) for k, t in terms.items()}
    blocked = {i for m in (*doc.numbers, *doc.units) for i in range(m.start, m.end)}
    ordinals = {n.start for n in doc.numbers if n.kind == "ordinal" and n.written == "words"}
    for tok in doc.doc:
        key = swap_key(tok)
        if key in terms or not tok.is_alpha:
            continue
        if tok.idx in ordinals or (tok.pos_ == "ADJ" and not tok.is_stop and tok.idx not in blocked
                                   and key not in LIGHT_NOUNS):
            words.setdefault(key, []).append(token_mention(tok))
    return words


#: personal pronouns that stand for a person of the problem
PERSONAL = frozenset({"he", "she", "him", "her"})
#: the dependencies of a clause's subject, active or passive
SUBJECT_DEPS = frozenset({"nsubj", "nsubjpass"})


def antecedent(doc: QuestionDoc, pronoun: Token) -> str | None:
    """The name a personal pronoun most likely stands for: the nearest proper noun before it that is the
    subject of its clause ("*Alan*, a boy who loves wings, wants to beat Kevin's record. *He* ..." -> Alan;
    Kevin, a possessive, is not the subject), else the nearest proper noun; by lower-cased text."""
    names = [t for t in doc.doc[:pronoun.i] if t.pos_ == "PROPN" and t.is_alpha]
    subject = next((t for t in reversed(names) if t.dep_ in SUBJECT_DEPS), None)
    chosen = subject or (names[-1] if names else None)
    return None if chosen is None else chosen.lower_


#: the personal and possessive pronouns, each with its subject form (closed class)
PERSON_PRONOUNS = {"he": "he", "him": "he", "his": "he", "she": "she", "her": "she", "hers": "she",
                    "they": "they", "them": "they", "their": "they", "theirs": "they", "i": "i", "me": "i",
                    "my": "i", "mine": "i", "we": "we", "us": "we", "our": "we", "ours": "we", "you": "you",
                    "your": "you", "yours": "you"}
#: the subject forms: "since *he* was seven"
SUBJECT_PRONOUNS = frozenset(PERSON_PRONOUNS.values())


def persons_named(doc: QuestionDoc, tokens, names: bool = True) -> set[str]:
    """The persons ``tokens`` name by a personal or possessive pronoun ("his", "him" -> "he"), with (``names``)
    the name a third-person one stands for when the text names one person before it."""
    found = set()
    for t in tokens:
        if t.pos_ == "PRON" and t.lower_ in PERSON_PRONOUNS:
            found.add(PERSON_PRONOUNS[t.lower_])
            before = {u.lower_ for u in doc.doc[:t.i] if u.pos_ == "PROPN" and u.is_alpha}
            if names and PERSON_PRONOUNS[t.lower_] in ("he", "she") and len(before) == 1:
                found |= before  # the one name before it: no other person it may stand for
    return found


def noun_lists(doc: QuestionDoc) -> list[tuple[list, object]]:
    """The coordinated nouns of ``doc`` ("Tuesdays, Thursdays and Saturdays"): ``(items, sentence)`` with
    the items as tokens, for every coordination of two or more nouns."""
    out = []
    for tok in doc.doc:
        if tok.pos_ in NOUN_POS and tok.dep_ != "conj" and tok.conjuncts:
            items = [tok, *(t for t in tok.conjuncts if t.pos_ in NOUN_POS)]
            if len(items) >= 2:
                out.append((items, tok.sent))
    return out


def counted_nouns(doc: QuestionDoc) -> list[tuple[NumberMention, Token, Token]]:
    """``(number, its last token, the noun it counts)`` for every number that modifies a noun ("20 apples")."""
    counted = []
    for number in doc.numbers:
        span = doc.span(number)
        if span is None:
            continue
        tok = span[-1]
        if tok.dep_ == "nummod" and tok.head.pos_ in NOUN_POS:
            counted.append((number, tok, tok.head))
    return counted


def counted_values(doc: QuestionDoc) -> dict[float, str]:
    """Value -> lemma of the noun that number counts ("20 apples" -> {20.0: "apple"}); first one wins."""
    counted: dict[float, str] = {}
    for number, _, noun in counted_nouns(doc):
        counted.setdefault(number.rounded, noun.lemma_.lower())
    return counted


def quantity_mentions(doc: QuestionDoc) -> list[tuple[NumberMention, UnitMention]]:
    """``(number, unit)`` for every number that measures a unit ("200 km", "half an hour"); ordinals
    ("the first month") and percentages measure nothing."""
    return [(q.number, q.unit) for quantity in all_quantities(doc) for q in (quantity, *quantity.parts)
            if q.number is not None]


CONTENT_POS = frozenset({"NOUN", "PROPN", "VERB", "ADJ", "ADV"})


def content_words(doc: QuestionDoc) -> tuple[Counter, dict[str, Mention]]:
    """Lemma counts of the content words of ``doc`` and the last mention of each (computed once per doc).

    The last mention is the one a paraphrase most often drops (a repeated word is dropped from the question
    sentence, "How much does the bag weigh" -> "How much does the bag"), and it is what the message shows."""
    return cached(doc, "paraqd.terms.content_words", _content_words)


def _content_words(doc: QuestionDoc) -> tuple[Counter, dict[str, Mention]]:
    counts: Counter = Counter()
    last: dict[str, Mention] = {}
    blocked = {i for m in (*doc.numbers, *doc.units) for i in range(m.start, m.end)}
    for tok in doc.doc:
        if tok.idx in blocked:  # numbers and units have checks of their own
            continue
        if tok.pos_ in CONTENT_POS and tok.is_alpha and not tok.is_stop:
            key = (tok.lemma_ or tok.text).lower()
            counts[key] += 1
            last[key] = Mention(tok.idx, tok.idx + len(tok.text), tok.text)
    return counts, last
