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
also verbs ("left" as in "he left") count only when not used as a verb.
"""

from __future__ import annotations

import functools
from collections import defaultdict
from dataclasses import dataclass

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

    @classmethod
    def default(cls) -> RelationLexicon:
        data = load_json("relations.json")
        poles = {word: (scale, pole) for scale, by_pole in data["scales"].items()
                 for pole, words in by_pole.items() for word in words}
        return cls(poles, frozenset(data["not_as_verb"]), frozenset(data["negations"]))


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
            found[lexicon.poles[word]].append(mention)
        found = dict(found)
        doc.doc.user_data[_CACHE_KEY] = (lexicon, found)
    return found


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
            findings.append(Finding(
                "negation_missing", f"the negation {_quoted(q_neg)} is missing", self.negation,
                tuple(q_neg), tuple(p_neg),
            ))
        elif len(p_neg) > len(q_neg):
            findings.append(Finding(
                "negation_added", f"the paraphrase adds a negation ({_quoted(p_neg)})", self.negation,
                tuple(q_neg), tuple(p_neg),
            ))
        return findings
