"""Which words of a problem carry its information, and which of them a rewording said another way.

A rewording may say a problem in other words, shorter, longer or in another variety of English: what it must
keep is the problem's information, not its wording. The words that carry that information
(:func:`information_words`) are

- the nouns the problem computes with (:func:`~paraqd.analysis.information.computed_nouns`: those of the
  phrases of its numbers and of its asking clause: "20 *apples*", "8 *players* in each *group*", "how many
  *tickets*"), and the adjectives that tell those things apart ("12 *red* mushrooms", "*large* planks");
- the verb each number's phrase hangs on (the relation of a quantity: "she *sold* 12", "36 campers went
  *rowing*", with its open complement), who that verb relates (its subject, "*Priya* baked 24 muffins", and
  the names it governs, "gave 3 apples to *Anna*"), and the verbs of the asking clause;
- comparatives ("*longer*", "*fewer*"): a relation between two quantities.

Every other content word is the problem's *setting* or its style ("on a sunny *morning*", "*slowly*", "she
*decides*"): a rewording drops or changes it freely. A word is not lost when the paraphrase has a
*counterpart* of it (:func:`counterpart`): the same lemma, a WordNet synonym, derivation, attribute or more
general word (:meth:`~paraqd.analysis.lexicon.Lexicon.counterpart`), the same word spelt the British or the
American way (:mod:`.spelling`), or two of its adjacent words written as one ("sky diving" -> "skydiving").

:func:`lost_content` compares a question with its paraphrase once per pair (kept on the pair): the content
words lost with no counterpart, each with its weight (1 for an information word, :data:`SETTING_WEIGHT` for
a word of setting), for :class:`~paraqd.checks.content.ContentCheck`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from .asked import asking_clause
from .information import computed_nouns
from .lexicon import default_lexicon
from .multipliers import times_sign_after
from .spelling import closed_compound, spelling_variants
from .terms import CONTENT_POS, NOUN_POS, cached, content_words, token_lemma

if TYPE_CHECKING:
    from .document import Mention, QuestionDoc
    from .pair import QuestionPair

#: what a lost word of setting or style weighs against a lost information word (1.0): a rewording drops the
#: setting freely, so such a word says little on its own (chosen on the development rewordings,
#: ``benchmarks/rewordings.py``)
SETTING_WEIGHT = 0.25
_VERBS = frozenset({"VERB"})
_COMPARATIVE_TAGS = frozenset({"JJR", "RBR"})
_SUBJECTS = frozenset({"nsubj", "nsubjpass"})


def information_words(doc: QuestionDoc) -> frozenset[str]:
    """The lemmas of the content words of ``doc`` that carry its information (module docstring); computed
    once per document."""
    return cached(doc, "paraqd.wording.information", _information_words)


def _information_words(doc: QuestionDoc) -> frozenset[str]:
    nouns = set(computed_nouns(doc))
    verbs: set[str] = set()
    for number in doc.numbers:
        span = doc.span(number)
        if span is None:
            continue
        node = span[-1]
        while node.head.i != node.i and node.pos_ not in _VERBS:
            node = node.head
        if node.pos_ in _VERBS:
            # the relation of the quantity, its open complement ("went *rowing*") and who holds it ("a
            # *cylinder* has a radius of 4 cm", "*Priya* baked 24 muffins")
            verbs.add(token_lemma(node))
            verbs.update(token_lemma(c) for c in node.children if c.dep_ == "xcomp" and c.pos_ in _VERBS)
            nouns.update(token_lemma(c) for c in node.children if c.dep_ in _SUBJECTS and c.pos_ in NOUN_POS)
            # and the people it relates ("gave 3 apples *to Anna*", "bought 4 pens *from Leo*")
            nouns.update(token_lemma(o) for c in node.children if c.dep_ in ("prep", "dative", "agent")
                         for o in (c, *c.children) if o.pos_ == "PROPN")
    clause = asking_clause(doc)
    if clause is not None:
        span = doc.span(clause)
        verbs.update(token_lemma(t) for t in span or () if t.pos_ in _VERBS and t.is_alpha and not t.is_stop)
    words = nouns | verbs
    for tok in doc.doc:
        if tok.tag_ in _COMPARATIVE_TAGS and tok.is_alpha:
            words.add(token_lemma(tok))
        elif tok.pos_ == "ADJ" and tok.dep_ in ("amod", "compound") and token_lemma(tok.head) in nouns:
            words.add(token_lemma(tok))  # "12 *red* mushrooms", "a *hollow* cylinder"
    return frozenset(words)


def counterpart(word: str, others: set[str], similar: Callable[[str, str], bool] | None = None) -> bool:
    """Whether one of ``others`` (lower-cased words and lemmas of a paraphrase) says ``word`` another way: a
    WordNet counterpart (:meth:`~paraqd.analysis.lexicon.Lexicon.counterpart`), a British / American spelling
    (:func:`~paraqd.analysis.spelling.spelling_variants`), or ``similar`` (a word similarity's judgement,
    the fallback without WordNet)."""
    lexicon = default_lexicon()
    for other in others:
        if other == word:
            return True
        if lexicon is not None:
            if lexicon.counterpart(word, other):
                return True
        elif spelling_variants(word, other):
            return True
        if similar is not None and similar(word, other):
            return True
    return False


@dataclass(frozen=True)
class LostContent:
    """The question's content words a paraphrase lost (lemma -> how many times), their weights and the
    question's total weight (module docstring)."""

    lost: dict[str, int] = field(default_factory=dict)
    weights: dict[str, float] = field(default_factory=dict)
    total: int = 0
    total_weight: float = 0.0
    last: dict[str, Mention] = field(default_factory=dict)
    #: lost words the paraphrase still writes, fewer times: a repetition collapsed, the thing still named
    repeated: frozenset[str] = frozenset()

    @property
    def n_lost(self) -> int:
        return sum(self.lost.values())

    @property
    def weight_lost(self) -> float:
        """The weight of the words lost; a word still written ("the first chapter ... the second chapter" ->
        "three chapters") weighs as a word of setting: the thing it names is still named."""
        return sum(self.weights[w] * n * (SETTING_WEIGHT if w in self.repeated else 1.0)
                   for w, n in self.lost.items())

    @property
    def information_lost(self) -> list[str]:
        return [w for w in self.lost if self.weights[w] == 1.0]


def lost_content(pair: QuestionPair, similar: Callable[[str, str], bool] | None = None) -> LostContent:
    """The question's content words (:func:`~paraqd.analysis.terms.content_words`) the paraphrase has fewer
    times and no counterpart of (:func:`counterpart`), terms renamed consistently left out (the entity check
    reports those). ``similar``: a word similarity for words WordNet does not settle."""
    q_counts, q_last = content_words(pair.question)
    total = sum(q_counts.values())
    if not total:
        return LostContent()
    info = information_words(pair.question)
    weights = {w: 1.0 if w in info else SETTING_WEIGHT for w in q_counts}
    p_counts, _ = content_words(pair.paraphrase)
    signs = sum(times_sign_after(pair.paraphrase.text, n) for n in pair.paraphrase.numbers)
    if signs:  # "4x more" writes the "times" of "4 times more"
        p_counts = {**p_counts, "time": p_counts.get("time", 0) + signs}
    lost = {w: c - p_counts.get(w, 0) for w, c in q_counts.items() if c > p_counts.get(w, 0)}
    if lost:
        renamed = {r.old.key for r in pair.renames if r.consistent}
        q_terms = pair.question_terms  # a name the question misspelt once is no name lost ("Natalie"/"Natalia")
        lost = {w: c for w, c in lost.items() if w not in renamed and not (w in q_terms and pair.misspelt(q_terms[w]))}
    if lost and not pair.is_deletion:  # a pure deletion rewords nothing: no counterpart to look for
        p_tokens = [t for t in pair.paraphrase.doc if t.is_alpha]
        # a counterpart is a word the paraphrase has more often than the question ("as *old* as" -> "the same
        # *age* as" in a problem that already says "age"), new words first
        gained = {w for w, c in p_counts.items() if c > q_counts.get(w, 0)}
        q_forms = {f for t in pair.question.doc if t.is_alpha for f in (t.lower_, token_lemma(t))}
        novel = {f for t in p_tokens if t.pos_ in CONTENT_POS and not t.is_stop
                 for f in (t.lower_, token_lemma(t))} - q_forms | gained
        q_words = [t.lower_ for t in pair.question.doc if t.is_alpha]
        p_words = [t.lower_ for t in p_tokens]
        joined = {p for p in p_words if closed_compound(p, q_words)}  # "sky diving" -> "skydiving"
        split = {q for q in q_words if closed_compound(q, p_words)}  # and the other way
        lost = {w: c for w, c in lost.items()
                if not counterpart(w, novel, similar=similar)
                and not any(w in p for p in joined) and q_last[w].text.lower() not in split}
    q_weight = sum(weights[w] * c for w, c in q_counts.items())
    repeated = frozenset(w for w in lost if p_counts.get(w, 0) > 0)
    return LostContent(lost, weights, total, q_weight, q_last, repeated)
