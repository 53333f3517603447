"""The asked thing must be grounded in the problem: the question cannot ask about what the problem never counts.

"He has 9 books and 46 magazines. How many *biographies* does he have?" keeps every number, unit and name,
asks in the same form, and cannot be answered: the problem counts books, not biographies. The thing a
paraphrase's question counts or measures (:func:`paraqd.analysis.grounding.asked_things`: the counted noun,
its "of" complements, what a "how much" question prices, and their modifiers) may be named by the problem's
word, a synonym or a more general word ("how many *pieces of fruit*" for apples and pears), never by a thing
the problem does not mention: a more specific word (biographies of books), an unrelated one (gravel in a
problem about sand), or a restriction the problem never states ("how many *red* buttons").

:class:`GroundingCheck` reports those words (:func:`paraqd.analysis.grounding.ungrounded_things`; WordNet
through :mod:`paraqd.analysis.lexicon`, the ``paraqd[wordnet]`` extra; without it the check is silent unless
built with ``fallback=True``, see :class:`GroundingCheck`). The question then asks about a quantity the
problem never gives: it cannot be answered (critical, like a changed number).
"""

from __future__ import annotations

from ..analysis.asked_scope import scope_words, swapped_acts, swapped_words
from ..analysis.grounding import (
    MORE_SPECIFIC_WORD,
    NARROWED,
    Ungrounded,
    judge_words,
    ungrounded_things,
)
from ..analysis.lexicon import default_lexicon
from ..analysis.narrowed import asked_parts, asked_wholes, inserted_restrictions
from ..analysis.pair import QuestionPair
from .base import Check
from .findings import Finding, Severity
from .kinds import FindingKind
from .synonyms import WordSimilarity

#: the word similarity at which a noun WordNet does not know counts as naming a noun of the question
FALLBACK_THRESHOLD = 0.5


def _say(word: Ungrounded) -> str:
    if word.how == NARROWED:
        return f'"{word.word.text}" (the problem never says which "{word.modifies.text}" are {word.word.text})'
    if word.how == MORE_SPECIFIC_WORD:
        return f'"{word.word.text}" (a kind of "{word.question_word}", more specific than what the problem counts)'
    return f'"{word.word.text}" (never mentioned, nor a synonym or a more general word of it)'


class GroundingCheck(Check):
    """Reports a paraphrase whose question asks about something the problem never quantifies (critical).

    Without WordNet the check reports nothing by default: the encoder's word similarity cannot tell a synonym
    from another thing of the same kind (keepsakes/souvenir 0.29, sand/gravel 0.60). ``fallback=True`` judges
    the nouns a question counts by that similarity instead (``synonyms``, at :data:`FALLBACK_THRESHOLD`): on
    the development files it then caught 6 of the 35 unrelated_object_asked pairs and rejected 4 valid ones
    ("items", "keepsakes", "possibilities")."""

    name = "grounding"

    def __init__(self, synonyms: WordSimilarity | None = None, fallback: bool = False) -> None:
        self.synonyms = synonyms
        self.fallback = bool(fallback)

    def compare(self, pair: QuestionPair) -> list[Finding]:
        if default_lexicon() is None and not self.fallback:
            return []
        judge = self.synonyms
        similar = None if judge is None else (lambda a, b: judge.are_synonyms(a, b, FALLBACK_THRESHOLD))
        # a person renamed throughout is the problem's person under another name (the entity check reports it)
        renamed = frozenset(w for r in pair.renames if r.consistent and r.old.is_name
                            for w in (r.new.key, *(m.text.lower() for m in r.new.mentions)))
        missing = ungrounded_things(pair.question, pair.paraphrase, similar, renamed)
        seen = {m.word for m in missing}
        missing += [m for m in inserted_restrictions(pair) if m.word not in seen]
        # the scope of the asked quantity ("on her *face*", "were *winter* tires"), :mod:`paraqd.analysis.asked_scope`
        seen = {m.word for m in missing}
        missing += [m for m in judge_words(scope_words(pair.paraphrase), pair.question, pair.paraphrase, None,
                                           renamed) if m.word not in seen]
        # a thing written in place of the question's in its asking clause while the story keeps the old word
        # ("than pears" -> "than *plums*"), :func:`paraqd.analysis.asked_scope.swapped_words`
        seen = {m.word for m in missing}
        swapped = [*swapped_words(pair.question, pair.paraphrase, pair.renames),
                   *swapped_acts(pair.question, pair.paraphrase)]  # "went *swimming*" for "went rowing"
        missing += [m for m in judge_words(swapped, pair.question, pair.paraphrase, None, renamed)
                    if m.word not in seen]
        findings = []
        if missing:
            said = "; ".join(dict.fromkeys(_say(m) for m in missing))
            findings.append(Finding(
                FindingKind.QUESTION_UNGROUNDED, f"the paraphrase asks about {said}: the problem does not give it",
                Severity.CRITICAL, (), tuple(m.word for m in missing),
            ))
        for part in asked_parts(pair.question, pair.paraphrase):
            others = ", ".join(dict.fromkeys(f'"{m.text}"' for m in part.others))
            findings.append(Finding(
                FindingKind.QUESTION_PART, f'the paraphrase asks only about the "{part.modifier.text}" '
                f'"{part.noun.text}", the question about all of them (the problem also has {others} ones)',
                Severity.CRITICAL, part.others, (part.modifier, part.noun),
            ))
        for whole in asked_wholes(pair.question, pair.paraphrase):
            others = ", ".join(dict.fromkeys(f'"{m.text}"' for m in whole.others))
            q_word, p_word = whole.question_at.text, whole.paraphrase_at.text
            if whole.modifier:
                said = (f'the question asks only about the "{q_word}" ones, the paraphrase about all the "{p_word}" '
                        f'(the problem also has {others} ones)')
            elif whole.way == "whole":
                said = (f'the question asks only about "{q_word}", the paraphrase about all "{p_word}" (the problem '
                        f'also has {others})')
            else:
                said = (f'the paraphrase asks only about "{p_word}", one kind of the question\'s "{q_word}" (the '
                        f'problem also has {others})')
            findings.append(Finding(FindingKind.QUESTION_PART, said, Severity.CRITICAL,
                                    (whole.question_at, *whole.others), (whole.paraphrase_at,)))
        return findings
