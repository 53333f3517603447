"""Relation words: the comparisons, directions and negations that decide which equation a problem asks for.

Numbers, units and names can all survive while the problem changes: "the *least* possible value" ->
"the *greatest* possible value", "he *sells* 5 pens" -> "he *buys* 5 pens", "does *not* bat left-handed" ->
"does bat left-handed". Relation words are grouped into two-pole scales (``data/resources/relations.json``:
amount, change, profit/loss, age, length, speed, time order, position, trade, ...). Words of the same pole
are interchangeable ("greater" -> "larger", "buy" -> "purchase"); a word whose pole the paraphrase swapped for
the other is a *flip*, a word of one pole that vanished is *missing* (minor: rewordings drop "more" in
"5 more than" -> "5 above"; major when the paraphrase only deletes words, which rewords nothing), and
negations are counted on their own (minor: translation lexicalises them, "not passed" -> "failed").
Words are matched by their lower-cased form or lemma ("increased" -> "increase"); direction words that are
also verbs ("left" as in "he left") count only when not used as a verb, and idioms listed in the lexicon's
``not_after`` are no relation ("on sale" is a discount, not selling).

Relations are read with their operands. "Before A, B" says what "B after A" says, and "A has 3 more than B"
what "B has 3 less than A" says: the word flips because its operands swapped. Each relation word *governs*
part of its sentence (the object of "before"/"after", the clause it introduces, the term after "than"); a
word swapped for the other pole is a flip unless what the paraphrase's word governs is what the question's
word did *not* govern, and the other way round (content words compared by lemma). "He ate before the
meeting" -> "He ate after the meeting" governs "meeting" on both sides: a flip.
"""

from __future__ import annotations

import functools
from collections import defaultdict
from dataclasses import dataclass, field

from ..analysis.document import Mention, QuestionDoc
from ..resources import load_json
from .base import Check
from .content import is_deletion
from .findings import Finding, Severity

_CACHE_KEY = "paraqd.checks.relations"
_VERB_POS = frozenset({"VERB", "AUX"})


@dataclass(frozen=True)
class RelationLexicon:
    """Relation word -> (scale, pole), the words that count only outside verbs, and the negations."""

    poles: dict[str, tuple[str, str]]
    not_as_verb: frozenset[str]
    negations: frozenset[str]
    #: word -> the preceding words after which it is no relation word ("on sale")
    not_after: dict[str, frozenset[str]] = field(default_factory=dict)

    @classmethod
    def default(cls) -> RelationLexicon:
        data = load_json("relations.json")
        poles = {word: (scale, pole) for scale, by_pole in data["scales"].items()
                 for pole, words in by_pole.items() for word in words}
        not_after = {word: frozenset(w.lower() for w in before)
                     for word, before in data.get("not_after", {}).items()}
        return cls(poles, frozenset(data["not_as_verb"]), frozenset(data["negations"]), not_after)


@functools.lru_cache(maxsize=None)
def default_lexicon() -> RelationLexicon:
    """The bundled lexicon, loaded once per process."""
    return RelationLexicon.default()


def relation_words(doc: QuestionDoc, lexicon: RelationLexicon) -> dict[tuple[str, str], list[Mention]]:
    """``(scale, pole)`` -> mentions in ``doc``; negations under ``("negation", "")`` (once per document and
    lexicon)."""
    cached_lexicon, found = doc.doc.user_data.get(_CACHE_KEY, (None, None))
    if cached_lexicon is not lexicon:
        blocked = {i for m in (*doc.numbers, *doc.units) for i in range(m.start, m.end)}
        found = defaultdict(list)
        for tok in doc.doc:
            if tok.idx in blocked:
                continue
            forms = (tok.lower_, (tok.lemma_ or tok.text).lower())
            mention = Mention(tok.idx, tok.idx + len(tok.text), tok.text)
            if forms[0] in lexicon.negations and not _abbreviation(tok):
                found[("negation", "")].append(mention)
                continue
            word = next((f for f in forms if f in lexicon.poles), None)
            if word is None or (word in lexicon.not_as_verb and tok.pos_ in _VERB_POS):
                continue
            if tok.i > 0 and tok.nbor(-1).lower_ in lexicon.not_after.get(word, ()):
                continue
            found[lexicon.poles[word]].append(mention)
        found = dict(found)
        doc.doc.user_data[_CACHE_KEY] = (lexicon, found)
    return found


_OPERAND_POS = frozenset({"NOUN", "PROPN", "VERB", "ADJ", "NUM"})


def _content(tokens, skip) -> set[str]:
    return {(t.lemma_ or t.text).lower() for t in tokens
            if t.pos_ in _OPERAND_POS and not t.is_stop and t.i not in skip}


def operands(doc: QuestionDoc, mention: Mention) -> tuple[set[str], set[str]] | None:
    """What the relation word at ``mention`` governs and the rest of its sentence, as content lemmas.

    Governed: the object of a preposition ("before *the meeting*"), the clause a conjunction opens
    ("before *he starts earning*"), or the term after a following "than" ("more *than Ben*"). ``None`` when the
    word governs nothing found that way ("after that")."""
    span = doc.doc.char_span(mention.start, mention.end, alignment_mode="expand")
    if span is None or len(span) == 0:
        return None
    tok = span[0]
    sent = tok.sent
    governed: list = []
    objects = [c for c in tok.children if c.dep_ in ("pobj", "pcomp")]
    if objects:
        governed = [t for c in objects for t in c.subtree]
    elif tok.dep_ == "mark":
        governed = [t for t in tok.head.subtree if t.i != tok.i]
    else:
        than = next((t for t in sent if t.i > tok.i and t.lower_ == "than"), None)
        if than is not None:
            governed = [t for t in than.subtree if t.i != than.i]
            if not governed and than.dep_ == "mark":
                governed = [t for t in than.head.subtree if t.i != than.i]
    inside = {t.i for t in governed}
    gov = _content(governed, {tok.i})
    if not gov:
        return None
    rest = _content(sent, inside | {tok.i})
    return gov, rest


def swapped_operands(question: QuestionDoc, q_mention: Mention, paraphrase: QuestionDoc,
                     p_mention: Mention) -> bool:
    """Whether the paraphrase's relation word governs what the question's word did not, and the other way
    round: "before A, B" -> "B after A" (the same relation read from the other side)."""
    q_ops, p_ops = operands(question, q_mention), operands(paraphrase, p_mention)
    if q_ops is None or p_ops is None:
        return False
    (q_gov, q_rest), (p_gov, p_rest) = q_ops, p_ops
    return len(p_gov & q_rest) > len(p_gov & q_gov) and len(q_gov & p_rest) > len(q_gov & p_gov)


def _abbreviation(tok) -> bool:
    """"no." and "No" before a number abbreviate "number" ("no. of zeroes", "No 5")."""
    nxt = tok.nbor(1) if tok.i + 1 < len(tok.doc) else None
    return tok.text.endswith(".") or (nxt is not None and (nxt.text.startswith(".") or nxt.like_num))


def _quoted(mentions) -> str:
    return ", ".join(dict.fromkeys(f'"{m.text}"' for m in mentions))


class RelationCheck(Check):
    """Reports relation words flipped to the other pole, relation words missing, and negations changed.

    Severities are parameters (defaults chosen on the development data, ``benchmarks/check_dev.py``).
    """

    name = "relations"

    def __init__(self, lexicon: RelationLexicon | None = None, flipped: Severity | str = Severity.CRITICAL,
                 missing: Severity | str = Severity.MINOR, deleted: Severity | str = Severity.MAJOR,
                 negation: Severity | str = Severity.MINOR):
        self._lexicon = lexicon
        self.flipped = Severity.parse(flipped)
        self.missing = Severity.parse(missing)
        self.deleted = Severity.parse(deleted)
        self.negation = Severity.parse(negation)

    @property
    def lexicon(self) -> RelationLexicon:
        if self._lexicon is None:
            self._lexicon = default_lexicon()
        return self._lexicon

    def compare(self, question: QuestionDoc, paraphrase: QuestionDoc) -> list[Finding]:
        q_words, p_words = relation_words(question, self.lexicon), relation_words(paraphrase, self.lexicon)
        findings: list[Finding] = []
        missing = None
        scales = dict.fromkeys(scale for scale, _ in q_words if scale != "negation")
        for scale in scales:
            for pole, other in (("up", "down"), ("down", "up")):
                q_ms, p_ms = q_words.get((scale, pole), []), p_words.get((scale, pole), [])
                if len(q_ms) <= len(p_ms):
                    continue
                q_other, p_other = q_words.get((scale, other), []), p_words.get((scale, other), [])
                if len(p_other) > len(q_other):
                    if all(any(swapped_operands(question, q_m, paraphrase, p_m) for q_m in q_ms)
                           for p_m in p_other):
                        continue  # the operands swapped with the word: the same relation
                    findings.append(Finding(
                        "relation_flipped", f"{_quoted(q_ms)} became {_quoted(p_other)}", self.flipped,
                        tuple(q_ms), tuple(p_other),
                    ))
                else:
                    if missing is None:
                        missing = self.deleted if is_deletion(question, paraphrase) else self.missing
                    findings.append(Finding(
                        "relation_missing", f"{_quoted(q_ms)} ({scale}) is missing", missing,
                        tuple(q_ms), tuple(p_ms),
                    ))
        q_neg, p_neg = q_words.get(("negation", ""), []), p_words.get(("negation", ""), [])
        if len(q_neg) > len(p_neg):
            # a deleted "not" rewords nothing ("were not spiral" -> "were spiral"): as for relation words
            severity = max(self.negation, self.deleted) if is_deletion(question, paraphrase) else self.negation
            findings.append(Finding(
                "negation_missing", f"the negation {_quoted(q_neg)} is missing", severity,
                tuple(q_neg), tuple(p_neg),
            ))
        elif len(p_neg) > len(q_neg):
            findings.append(Finding(
                "negation_added", f"the paraphrase adds a negation ({_quoted(p_neg)})", self.negation,
                tuple(q_neg), tuple(p_neg),
            ))
        return findings
