"""Content words: how much of the question's wording survives, and which words were dropped.

The number, unit, entity and question checks cover what a solution needs by name; a paraphrase can still
lose meaning elsewhere: a random deletion drops "hollow" from "a hollow cylinder", a TF-IDF corruption puts
"coo" where "account" stood. This check counts the question's content words (non-stop nouns, proper nouns,
verbs, adjectives and adverbs outside numbers and units, by lower-cased lemma, with multiplicity) that the
paraphrase no longer has, and reports them as one *minor* finding whose :attr:`~paraqd.checks.Finding.extent` is the fraction lost.
A word replaced by a synonym (judged by an optional :class:`~paraqd.checks.synonyms.WordSimilarity`
against the paraphrase's new content words) is not lost: "big" -> "large" keeps the meaning; nor is a key
term renamed consistently throughout ("apples" -> "hats", the paper's Table 3 example 3), which the entity
check already reports.

Rewordings lose some words too, so the finding is minor: it never decides a verdict alone. Graded hybrid
rules (:class:`paraqd.hybrid.PenaltyRule`) subtract a multiple of its :attr:`~paraqd.checks.Finding.extent`
from the learned score: the fraction lost, weighted by the square of the share of the paraphrase copied from
the question (:func:`copied_share`). A word missing from a paraphrase that copies the rest of the question
was removed ("It is a 2-hour drive each way" -> "It is a 2-hour drive"); a word missing from a free rewording
was mostly said another way ("decides to run 3 sprints" -> "has a routine of 3 sprints"). On the development
rewordings the valid ones copy 36 % (mathcheck_dev) to 81 % (GSM8K rewordings) of their words, the invalid
ones 61 % to 94 %.
The exception is a paraphrase that only *deletes* words (its words are the question's, in order, with some
left out: what random deletion and careless trimming produce). Nothing rewords a deleted word, so a content
word deleted that way is information lost: ``content_deleted``, major by default (``deleted=``). On the
development data 1186 of 1191 such reference pairs and 27 of 29 hand-labelled ones are invalid.
"""

from __future__ import annotations

from ..analysis.alignment import is_deletion  # noqa: F401 (re-exported)
from ..analysis.document import QuestionDoc
from ..analysis.pair import QuestionPair
from ..analysis.terms import CONTENT_POS, content_words  # noqa: F401 (re-exported)
from ..analysis.wording import LostContent, lost_content
from .base import Check
from .findings import Finding, Severity
from .kinds import FindingKind
from .synonyms import WordSimilarity


def copied_share(question: QuestionDoc, paraphrase: QuestionDoc) -> float:
    """The share of the paraphrase's words (punctuation left out, case ignored) that copy the question's, in
    order: :attr:`QuestionPair.copied_share <paraqd.analysis.pair.QuestionPair.copied_share>` of the two
    texts (a checker reads it from the pair it builds once)."""
    return QuestionPair(question, paraphrase).copied_share


#: what each content word lost from a near copy adds to the extent, and how fast that fades as the paraphrase
#: copies less (chosen on the development rewordings, ``benchmarks/rewordings.py``)
PER_WORD, PER_WORD_POWER = 0.1, 8


def content_extent(n_lost: int, total: int, copied: float) -> float:
    """The content finding's extent: the share of content words lost weighted by ``copied`` squared, plus
    :data:`PER_WORD` per word lost weighted by ``copied`` to the :data:`PER_WORD_POWER` (capped at 1). In a
    near copy every word left out was removed on purpose, however long the problem ("It is a 2-hour drive
    each way" -> "... to get there" loses 1 word of 15 but changes the problem); in a free rewording the
    second term vanishes (0.36 copied: 0.0003 per word)."""
    return min(1.0, n_lost / total * copied ** 2 + PER_WORD * n_lost * copied ** PER_WORD_POWER)


def information_extent(found: LostContent, copied: float) -> float:
    """The extent of a ``content_missing`` finding: :func:`content_extent` with each word weighed by what it
    carries (:func:`~paraqd.analysis.wording.lost_content`: an information word 1, a word of setting or style
    :data:`~paraqd.analysis.wording.SETTING_WEIGHT`), both in the share lost and in the per-word term of a
    near copy (a near copy that leaves out "windy" or "happily" has removed only the setting)."""
    if not found.total_weight:
        return 0.0
    lost = found.weight_lost
    return min(1.0, lost / found.total_weight * copied ** 2 + PER_WORD * lost * copied ** PER_WORD_POWER)


class ContentCheck(Check):
    """Reports the question's content words that the paraphrase dropped (minor, with the fraction lost
    weighted by the square of :func:`copied_share` as its extent; major when the paraphrase is a pure
    deletion)."""

    name = "content"

    def __init__(self, synonyms: WordSimilarity | None = None, max_listed: int = 5,
                 deleted: Severity | str = Severity.MAJOR) -> None:
        self.synonyms = synonyms
        self.max_listed = max_listed
        self.deleted = Severity.parse(deleted)

    def compare(self, pair: QuestionPair) -> list[Finding]:
        similar = None if self.synonyms is None else self.synonyms.are_synonyms
        found = lost_content(pair, similar)
        lost, q_last, total = found.lost, found.last, found.total
        n_lost = found.n_lost
        if not n_lost:
            return []
        p_counts, _ = content_words(pair.paraphrase)
        # the words gone from the paraphrase are named as dropped; a word it still has, fewer times, is only
        # counted (an explanation names only words missing from the paraphrase); the extent counts both
        # (a word the paraphrase has in another role, "double" as a determiner, is still there)
        p_words = {w for t in pair.paraphrase.doc if t.is_alpha for w in (t.lower_, (t.lemma_ or t.text).lower())}

        def kept(w: str) -> bool:
            return p_counts.get(w, 0) > 0 or w in p_words or q_last[w].text.lower() in p_words

        gone = sorted((w for w in lost if not kept(w)), key=lambda w: q_last[w].start)
        fewer = sorted((w for w in lost if kept(w)), key=lambda w: q_last[w].start)
        if pair.is_deletion:
            kind, severity, what, copied = FindingKind.CONTENT_DELETED, self.deleted, "content words deleted", 1.0
            extent = content_extent(n_lost, total, copied)
        else:
            kind, severity, what = FindingKind.CONTENT_MISSING, Severity.MINOR, "content words dropped"
            extent = information_extent(found, pair.copied_share)
        fewer_what = "deleted in place, still written elsewhere" if kind == FindingKind.CONTENT_DELETED else \
            "written fewer times"
        parts = ([f"{what}: {self._listed(gone, q_last)}"] if gone else []) + (
            [f"{fewer_what}: {self._listed(fewer, q_last)}"] if fewer else [])
        return [Finding(
            kind, f"{'; '.join(parts)} ({n_lost} of {total})",
            severity, tuple(q_last[w] for w in gone), (), extent=extent,
        )]

    def _listed(self, words: list[str], last) -> str:
        more = f" and {len(words) - self.max_listed} more" if len(words) > self.max_listed else ""
        return ", ".join(f'"{last[w].text}"' for w in words[:self.max_listed]) + more
