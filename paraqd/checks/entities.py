"""Named entities and key nouns: kept, or renamed consistently.

A *key term* (:func:`~paraqd.analysis.terms.key_terms`) is a noun, proper noun or named-entity token of the
question (by lower-cased lemma), outside numbers and units. A paraphrase may rename a term if it does so
everywhere (the paper's Table 3 example 3, "apples" -> "hats" in both sentences); a term renamed in one place
while its old name survives elsewhere (example 2) breaks the problem, unless the new word is a synonym of the
old one ("shop" -> "store" once, judged by an optional :class:`~paraqd.checks.synonyms.WordSimilarity`). A
name that disappears without a replacement is reported as well. The renames, swaps, misresolved pronouns and
changed lists are read from the :class:`~paraqd.analysis.pair.QuestionPair`.
"""

from __future__ import annotations

from ..analysis.days import in_relative_reference
from ..analysis.document import QuestionDoc
from ..analysis.joined import joined_people, relatives_in_place
from ..analysis.lexicon import SIBLING, default_lexicon
from ..analysis.pair import QuestionPair
from ..analysis.renames import Rename
from ..analysis.replacements import DISTINCTION, RELATION, THING, kind_changes
from ..analysis.terms import token_mention
from ..analysis.wording import information_words
from .base import Check
from .findings import Finding, Severity
from .kinds import FindingKind
from .synonyms import RENAME_SYNONYM_THRESHOLD, WordSimilarity


def aligned_substitutions(question: QuestionDoc, paraphrase: QuestionDoc, size: int = 3,
                          deletions: bool = False) -> list[tuple[int, int, int, int]]:
    """:meth:`QuestionPair.aligned_substitutions <paraqd.analysis.pair.QuestionPair.aligned_substitutions>` of
    two documents (kept for imports; a check reads it from its pair)."""
    return QuestionPair(question, paraphrase).aligned_substitutions(size, deletions)


#: how a finding names the part a replaced word played (:class:`~paraqd.analysis.replacements.KindChange`)
_PARTS = {THING: "a thing or person of the problem", RELATION: "the relation of a quantity",
          DISTINCTION: "what tells two things apart"}


def _other_time(pair: QuestionPair, rename: Rename) -> bool:
    """Whether a rename wrote another time (WordNet, :meth:`~paraqd.analysis.lexicon.Lexicon.other_time`):
    never a synonym, however close an encoder puts the words ("afternoon" / "evening"), unless one side is
    named relative to another time ("last night" / "yesterday": :func:`~paraqd.analysis.days.
    in_relative_reference`); without WordNet, no."""
    lexicon = default_lexicon()
    old, new = rename.old.mentions[0].text, rename.new.mentions[0].text
    if lexicon is None or not lexicon.other_time(old, new):
        return False
    return not any(in_relative_reference(doc, m) for doc, term in ((pair.question, rename.old),
                                                                    (pair.paraphrase, rename.new))
                   for m in term.mentions)


#: WordNet's kinds of things whose siblings are other things, never other names of one ("ants" / "beetles",
#: "apples" / "pears"); words of people, money, events or times have siblings that a rewording uses as
#: names of the same thing ("students" / "participants", "money" / "cash", "party" / "celebration")
_CREATURES_AND_FOOD = frozenset({"animal", "plant", "food"})


def _other_kind(rename: Rename) -> bool:
    """Whether a rename wrote another kind of one class of creatures or food (WordNet siblings whose most
    frequent senses are both animals, plants or foods: "ants" -> "beetles", "apples" -> "pears"): never a
    synonym, however close an encoder puts the words; without WordNet, no."""
    lexicon = default_lexicon()
    if lexicon is None:
        return False
    old, new = rename.old.key, rename.new.key
    kind = lexicon.kinds(old)
    return (bool(kind) and kind == lexicon.kinds(new) and kind[0] in _CREATURES_AND_FOOD
            and lexicon.relation(old, new) == SIBLING)


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

    def compare(self, pair: QuestionPair) -> list[Finding]:
        p_terms = pair.paraphrase_terms
        information = information_words(pair.question)
        findings = []
        changes = kind_changes(pair)
        changed = {c.old.text.lower() for c in changes}
        for change in changes:
            findings.append(Finding(
                FindingKind.WORD_KIND_CHANGED, f'"{change.old.text}" ({_PARTS[change.part]}) became '
                f'"{change.new.text}", {change.what}', Severity.MAJOR, (change.old,), (change.new,),
            ))
        for r in pair.renames:
            old, new = r.old.mentions[0].text, r.new.mentions[0].text
            if r.consistent and any(m.text.lower() in changed for m in r.old.mentions):
                continue  # said above: the word that took its place is no name for it
            if r.consistent:
                findings.append(Finding(
                    FindingKind.TERM_RENAMED, f'"{old}" was renamed "{new}" throughout', Severity.MINOR,
                    r.old.mentions, r.new.mentions,
                ))
            elif not (r.old.is_name or r.new.is_name or _other_time(pair, r) or _other_kind(r)) and (r.same_thing or (
                    self.synonyms is not None and self.synonyms.are_synonyms(old, new, self.rename_threshold))):
                kept = p_terms[r.old.key].mentions
                how = {"measure": "the same things counted another way", "synonym": "its synonym"}.get(
                    r.same_thing) or f"a word close in meaning (similarity {self.synonyms.similarity(old, new):.2f})"
                findings.append(Finding(
                    FindingKind.TERM_SYNONYM,
                    f'"{old}" became {how} "{new}" in one place ("{kept[0].text}" elsewhere)',
                    Severity.MINOR, r.old.mentions, (*r.new.mentions, *kept),
                ))
            else:
                # major when the word carries the problem's information (a thing it counts or computes with,
                # who holds a quantity); a word of the setting renamed in one place changes no answer
                kept = p_terms[r.old.key].mentions
                findings.append(Finding(
                    FindingKind.TERM_RENAMED_INCONSISTENTLY,
                    f'"{old}" became "{new}" in one place but "{kept[0].text}" is still used elsewhere',
                    Severity.MAJOR if r.old.key in information else Severity.MINOR, r.old.mentions,
                    (*r.new.mentions, *kept),
                ))
        reported = set()
        for swap in pair.swaps:
            if swap.new_at in reported:
                continue  # one finding per new word ("green beans" -> "milk")
            # no synonym excuses a swap: the new word already names another thing of the problem, however
            # close the two words are ("orange" -> "red" straws, "first" -> "second" bus, "maths" -> "science";
            # on the development data every swap between words at similarity >= 0.38 was an invalid one)
            reported.add(swap.new_at)
            findings.append(Finding(
                FindingKind.TERM_SWAPPED,
                f'"{swap.old_at.text}" became "{swap.new_at.text}", another part of the problem, in one place',
                Severity.MAJOR, (swap.old_at,), (swap.new_at,),
            ))
        for q_m, p_m, meant in pair.misresolved_pronouns:
            findings.append(Finding(
                FindingKind.PRONOUN_MISRESOLVED,
                f'"{q_m.text}" (that is, {meant}) became "{p_m.text}", another person of the problem',
                Severity.MAJOR, (q_m,), (p_m,),
            ))
        for q_items, p_items, added, dropped in pair.changed_lists:
            what = (f'adds {", ".join(added)}' if added else "") + (" and " if added and dropped else "") + \
                (f'leaves out {", ".join(dropped)}' if dropped else "")
            findings.append(Finding(
                FindingKind.LIST_CHANGED, f'the list {q_items} became {p_items} ({what})', Severity.MAJOR, (), (),
            ))
        findings += _people_findings(pair)
        for term in pair.vanished:
            # a name that only says which kind of a kept thing ("Post-it notes" -> "sticky notes") is no person
            # or place of the problem: minor like a noun
            # (and a name the problem does not compute with, a stray "nan." before the story, is minor too)
            name = term.is_name and term.key in information and not pair.modifier_only(term)
            what = "the name" if term.is_name else "the noun"
            findings.append(Finding(
                FindingKind.TERM_MISSING, f'{what} "{term.mentions[0].text}" is missing',
                Severity.MAJOR if name else Severity.MINOR, term.mentions, (),
            ))
        return findings


def _people_findings(pair: QuestionPair) -> list[Finding]:
    """New people of the paraphrase who hold a quantity, are asked about or take part too in what the question
    computes (:attr:`~paraqd.analysis.pair.QuestionPair.added_people`,
    :func:`~paraqd.analysis.joined.relatives_in_place`, :func:`~paraqd.analysis.joined.joined_people`)."""
    findings = []
    for _term, mention, held in pair.added_people:
        what = "holds one of its quantities" if held == "quantity" else "is asked about"
        findings.append(Finding(
            FindingKind.PERSON_ADDED, f'"{mention.text}", a person the problem never mentions, {what}',
            Severity.MAJOR, (), (mention,),
        ))
    added = {mention.start for _term, mention, _held in pair.added_people}
    for tok, _held in relatives_in_place(pair.question, pair.paraphrase, pair.aligned_substitutions()):
        if tok.idx not in added:  # "she found 12 bags" -> "her brother found 12 bags"
            findings.append(Finding(
                FindingKind.PERSON_ADDED, f'"{tok.text}", a person the problem never mentions, holds one of its '
                f'quantities', Severity.MAJOR, (), (token_mention(tok),),
            ))
    if not pair.added_people:
        for person, verb in joined_people(pair.question, pair.paraphrase):
            findings.append(Finding(
                FindingKind.PERSON_ADDED, f'"{person.text}", a person the problem never mentions, takes part too in '
                f'what the question computes ("{verb.text}")', Severity.MAJOR, (), (token_mention(person),),
            ))
    return findings
