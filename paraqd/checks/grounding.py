"""The asked thing must be grounded in the problem: the question cannot ask about what the problem never counts.

"He has 9 books and 46 magazines. How many *biographies* does he have?" keeps every number, unit and name,
asks in the same form, and cannot be answered: the problem counts books, not biographies. A paraphrase's
asking clause may name what the problem names (the same word, a synonym) or a more general word ("how many
*pieces of fruit*" for apples and pears), never a thing the problem does not mention: a more specific one
(biographies of books, *ripe* peaches of peaches) or an unrelated one (gravel in a problem about sand).

:class:`GroundingCheck` reads the nouns of the paraphrase's asking clause (:func:`paraqd.analysis.information.asked_nouns`: from its wh-word or request verb on; units, light nouns such as "total" or "number", and words of the paraphrase's own story before the
question are left out: a name renamed throughout is introduced there). A noun is grounded when the
question uses it (word or lemma), when WordNet relates it to a noun of the question as a synonym or a more
general word (:mod:`paraqd.analysis.lexicon`, the ``paraqd[wordnet]`` extra), or, when WordNet does not know
the word or is not installed, when the encoder's word similarity to a noun of the question reaches
:data:`FALLBACK_THRESHOLD` (close words are often siblings, "sand" and "gravel": without WordNet the check
catches only nouns unrelated to everything in the problem). An ungrounded noun makes the question
unanswerable (major).
"""

from __future__ import annotations

from ..analysis.asked import find_ask
from ..analysis.document import Mention, QuestionDoc
from ..analysis.information import asked_nouns
from ..analysis.lexicon import default_lexicon
from ..analysis.pair import QuestionPair
from .base import Check
from .findings import Finding, Severity
from .kinds import FindingKind
from .synonyms import WordSimilarity

#: the word similarity at which a noun WordNet does not know counts as naming a noun of the question
FALLBACK_THRESHOLD = 0.5
_NOUN_POS = frozenset({"NOUN", "PROPN"})


def _lemma(tok) -> str:
    return (tok.lemma_ or tok.text).lower()


def ungrounded_nouns(question: QuestionDoc, paraphrase: QuestionDoc,
                     synonyms: WordSimilarity | None = None) -> list[Mention]:
    """The nouns the paraphrase asks about that name nothing of the problem (see the module docstring)."""
    nouns = asked_nouns(paraphrase)
    if not nouns:
        return []
    ask = find_ask(paraphrase)
    story_end = ask.sentence.start if ask is not None else len(paraphrase.text)
    story = {w for t in paraphrase.doc if t.idx < story_end for w in (t.lower_, _lemma(t))}
    q_words = {w for t in question.doc for w in (t.lower_, _lemma(t))}
    q_nouns = {_lemma(t) for t in question.doc if t.pos_ in _NOUN_POS and t.is_alpha}
    lexicon = default_lexicon()
    found = []
    for tok in nouns:
        key = _lemma(tok)
        if key in q_words or tok.lower_ in q_words or key in story or tok.lower_ in story:
            continue
        if lexicon is not None and lexicon.knows(key):
            if any(lexicon.same_thing(q, key) for q in q_nouns):
                continue
        elif synonyms is None or any(synonyms.are_synonyms(q, key, FALLBACK_THRESHOLD) for q in q_nouns):
            continue  # without a judge nothing is known against the noun
        found.append(Mention(tok.idx, tok.idx + len(tok.text), tok.text))
    return found


class GroundingCheck(Check):
    """Reports a paraphrase that asks about something the problem never mentions (major).

    ``synonyms``: a :class:`~paraqd.checks.synonyms.WordSimilarity`, the fallback for nouns WordNet lacks."""

    name = "grounding"

    def __init__(self, synonyms: WordSimilarity | None = None) -> None:
        self.synonyms = synonyms

    def compare(self, pair: QuestionPair) -> list[Finding]:
        missing = ungrounded_nouns(pair.question, pair.paraphrase, self.synonyms)
        if not missing:
            return []
        names = ", ".join(dict.fromkeys(f'"{m.text}"' for m in missing))
        return [Finding(
            FindingKind.QUESTION_UNGROUNDED, f"the paraphrase asks about {names}, which the problem never mentions (nor a "
            "synonym or a more general word of it): another question",
            Severity.MAJOR, (), tuple(missing),
        )]
