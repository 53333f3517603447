"""The question itself: the interrogative sentence (or final request) must survive and ask for the same thing.

A word problem ends by asking for something ("How many hours did it take?", "Find the speed."). The
paraphrase must still ask (a sentence ending in "?", or a complete request), not stop mid-sentence, and ask
for the same quantity: the same unit ("in ounces") and, when both use the same form ("how many ...",
"what is the ..."), the same noun. Rewordings between forms ("How many hours did it take?" -> "How long did
it take in hours?") are not compared noun to noun, so they pass.

A request is an imperative request verb ("Find", "Calculate", "Determine", "Work out", ...) anywhere in its
sentence, not only at its start: LLM rewordings merge the question into the condition before it ("Given that
she skips at 3 miles per hour, calculate the distance ..."). The verb counts when it is the sentence's main
verb (or a verb after a comma) with no subject and no auxiliary of its own: "He wants to find a job" and
"she had to calculate it" tell a story, they do not ask. The ask of a layout or a letter stands elsewhere too
(:func:`~paraqd.analysis.asked.find_ask`): a "Find:" line, "Your goal: find out how many ...", "I want to know
how many ..." at the end of a diary, "Please report how many ..." in a memo.
"""

from __future__ import annotations

from ..analysis.asked import Ask, find_ask, parts_left_out, story_words_asked, unit_named
from ..analysis.asked_changes import asked_changes
from ..analysis.asked_container import container_changes
from ..analysis.asked_members import member_parts
from ..analysis.asked_negation import complement_changes
from ..analysis.asked_periods import span_changes
from ..analysis.asked_rates import inverted_rates
from ..analysis.asked_shape import shape_changes
from ..analysis.document import Mention, QuestionDoc
from ..analysis.pair import QuestionPair
from .base import Check
from .findings import Finding, Severity
from .kinds import FindingKind
from .synonyms import WordSimilarity


class QuestionCheck(Check):
    """Reports a question gone or cut short (critical; "cut short" only when the question itself was
    complete: "... the total marks for the examination is" may end the same way in a paraphrase), asking
    in another unit of the same kind (critical) or for a measure of another kind ("how many hours" -> "how many
    ounces", major; another kind of unit elsewhere in the clause stays minor), asking about another part of the story (an edited copy
    whose question sentence left out part of a phrase or took the story's words: major, :mod:`paraqd.analysis.asked`), or
    asking for another noun (minor: on development data back-translation rewords the asked noun more
    often than invalid paraphrases change it).

    ``synonyms``: a :class:`~paraqd.checks.synonyms.WordSimilarity`; a word of the question sentence replaced
    by a synonym is not lost (:func:`~paraqd.analysis.asked.story_words_asked`)."""

    name = "question"

    def __init__(self, synonyms: WordSimilarity | None = None) -> None:
        self.synonyms = synonyms

    def compare(self, pair: QuestionPair) -> list[Finding]:
        question, paraphrase = pair.question, pair.paraphrase
        q_ask = find_ask(question)
        if q_ask is None:
            return []
        p_ask = find_ask(paraphrase)
        if p_ask is None:
            return [Finding(FindingKind.QUESTION_MISSING, "the question sentence is gone", Severity.CRITICAL,
                            (q_ask.sentence,), ())]
        if q_ask.complete and not p_ask.complete:
            return [Finding(FindingKind.QUESTION_INCOMPLETE, "the question is cut short", Severity.CRITICAL,
                            (q_ask.sentence,), (p_ask.sentence,))]
        findings = []
        # a unit converted with its number is the same quantity ("in half an hour" -> "in 30 minutes")
        converted = pair.conversions
        q_units = {u.unit.name for u in q_ask.units} - {qq.unit.unit.name for qq, _ in converted}
        p_units = {u.unit.name for u in p_ask.units} - {pq.unit.unit.name for _, pq in converted}
        if q_units and p_units and not q_units & p_units:
            same_category = {u.category for u in q_ask.units} & {u.category for u in p_ask.units}
            severity = (Severity.CRITICAL if same_category
                        else Severity.MAJOR if _measure_asked(q_ask) and _measure_asked(p_ask) else Severity.MINOR)
            findings.append(Finding(
                FindingKind.QUESTION_UNIT_CHANGED,
                f"the question asks in {q_ask.units[0].text}, the paraphrase in {p_ask.units[0].text}",
                severity, q_ask.units, p_ask.units,
            ))
        findings.extend(self._asks_about_other_part(pair, q_ask, p_ask))
        if not findings:
            findings.extend(self._asks_about_other_story_part(pair, q_ask, p_ask))
        findings.extend(_asks_other_quantity(pair, findings))
        if not findings and self._asks_other_noun(pair, q_ask, p_ask):
            findings.append(Finding(
                FindingKind.QUESTION_CHANGED,
                f"the question asks for {q_ask.noun_span.text}, the paraphrase for {p_ask.noun_span.text}",
                Severity.MINOR, (q_ask.noun_span,), (p_ask.noun_span,),
            ))
        return findings

    @staticmethod
    def _asks_about_other_part(pair: QuestionPair, q_ask: Ask, p_ask: Ask) -> list[Finding]:
        """The question now asks about another part of the problem (critical): a name of the question
        sentence replaced there by another name of the story ("how many berries does *Stacy* have" ->
        "... *Steve* have"), or
        another ordinal ("the *third* generation" -> "the *second*")."""
        question, paraphrase = pair.question, pair.paraphrase
        q_terms, p_terms = pair.question_terms, pair.paraphrase_terms
        q_in, p_in = _terms_in(q_terms, q_ask.sentence), _terms_in(p_terms, p_ask.sentence)
        renamed = {r.old.key: r.new.key for r in pair.renames if r.consistent}
        missing = [k for k in q_in if k not in p_in and renamed.get(k) not in p_in]
        # names only: rewordings restate the asked noun with another noun of the story ("how many students"
        # -> "how many in the class"), but never ask about another person without changing the question
        # a name of the question sentence that neither the rest of the problem nor the paraphrase mentions
        # names nobody else: it is the story's person misspelt ("Natalia rode ... How far did *Natalie*
        # ride?"), and a paraphrase that writes the story's name asks about the same person
        missing_names = [k for k in missing if q_terms[k].is_name and (
            k in p_terms or any(not q_ask.sentence.start <= m.start < q_ask.sentence.end
                                for m in q_terms[k].mentions))]
        story = [k for k in p_in if k not in q_in and k in q_terms and q_terms[k].is_name]
        findings = []
        if missing_names and story:
            findings.append(Finding(
                FindingKind.QUESTION_CHANGED,
                f'the question asks about "{q_in[missing_names[0]].text}", the paraphrase about '
                f'"{p_in[story[0]].text}"',
                Severity.CRITICAL, tuple(q_in[k] for k in missing_names), tuple(p_in[k] for k in story),
            ))
        q_ord, p_ord = _ordinals_in(question, q_ask.sentence), _ordinals_in(paraphrase, p_ask.sentence)
        q_only = [m for v, m in q_ord.items() if v not in p_ord]
        p_only = [m for v, m in p_ord.items() if v not in q_ord]
        if q_only and p_only:
            findings.append(Finding(
                FindingKind.QUESTION_CHANGED, f"the question asks about the {q_only[0].text}, the paraphrase about the "
                f"{p_only[0].text}", Severity.CRITICAL, tuple(q_only), tuple(p_only),
            ))
        return findings

    def _asks_about_other_story_part(self, pair: QuestionPair, q_ask: Ask, p_ask: Ask) -> list[Finding]:
        """An edited copy's question sentence that now names another part of the story (major,
        :mod:`paraqd.analysis.asked`): part of a phrase left out ("each piece of pizza" -> "each pizza"), or the story's
        words asked about ("how much did he pay when picking it up" -> "how much was his deposit")."""
        for left_out, phrase, kept in parts_left_out(pair, q_ask.sentence, p_ask.sentence):
            return [Finding(
                FindingKind.QUESTION_CHANGED,
                f'the question leaves "{left_out.text}" out of "{phrase.text}" (the paraphrase still mentions '
                f'"{left_out.text}" elsewhere): it now asks about "{kept.text}"',
                Severity.MAJOR, (phrase,), (),
            )]
        lost, taken = story_words_asked(pair, q_ask.clause_or_sentence, p_ask.clause_or_sentence,
                                        self.synonyms)
        if lost:
            return [Finding(
                FindingKind.QUESTION_CHANGED,
                f"the question asks about {_listed(taken)}, which the problem says elsewhere, instead of "
                f"{_listed(lost)}",
                Severity.MAJOR, tuple(lost), tuple(taken),
            )]
        return []

    @staticmethod
    def _asks_other_noun(pair: QuestionPair, q_ask: Ask, p_ask: Ask) -> bool:
        question, paraphrase = pair.question, pair.paraphrase
        if q_ask.form != p_ask.form or q_ask.noun is None or p_ask.noun is None or q_ask.noun == p_ask.noun:
            return False
        q_unit, p_unit = unit_named(q_ask), unit_named(p_ask)
        if q_unit is not None and q_unit == p_unit:  # "how many kgs" -> "how many kilograms"
            return False
        p_sentence = paraphrase.span(p_ask.sentence)
        if p_sentence is not None and q_ask.noun in {t.lemma_.lower() for t in p_sentence}:
            return False
        q_sentence = question.span(q_ask.sentence)
        if q_sentence is not None and p_ask.noun in {t.lemma_.lower() for t in q_sentence}:
            return False
        # an object of the story renamed everywhere ("apples" -> "hats") is still the thing asked about;
        # a noun only the question used ("difference" -> "ratio") is not
        renames = pair.renames
        sent = q_ask.sentence
        return not any(
            r.consistent and r.old.key == q_ask.noun and r.new.key == p_ask.noun
            and any(not sent.start <= m.start < sent.end for m in r.old.mentions)
            for r in renames
        )


#: how a finding names each kind an asked quantity is read as (:func:`~paraqd.analysis.asked_changes.asked_changes`):
#: an aggregate (:data:`~paraqd.analysis.asked_quantity.AGGREGATES`), or what it counts or sums
_ASKED_NAMES = {"total": "the total", "remaining": "what is left", "difference": "a difference",
                "each": "a part for each (per item or period)", "initial": "the quantity earlier (at first, before)",
                "now": "the quantity now", "count": "a number of things", "money": "a sum of money",
                "amount": "an amount of one quantity"}


#: the message of each way an asked quantity changes (:attr:`~paraqd.analysis.asked_quantity.AskedChange.what`;
#: ``old`` / ``new``: the words listed, ``*_word``: the first of them, ``*_kind``: the aggregate's name)
_ASKED_CHANGES = {
    "owner": "the question asks about {old}, the paraphrase about {new}, another name of the problem",
    "property": "the question asks for the {old_word}, the paraphrase for another property, the {new_word}",
    "thing": 'the question asks for "{old_word}", the paraphrase for "{new_word}", another thing of the problem',
    "predicate": "the question asks for the quantity {old} says, the paraphrase for the one {new} says, another "
                 "act the problem states",
    "kept": "the question asks for what {old} moves in the problem, the paraphrase for what is kept ({new})",
    "compared": 'the question asks for a difference ("{old_word}"), the paraphrase for the {new_word}, comparing '
                "nothing",
    "moved": 'the question asks for what is left ("{old_word}"), the paraphrase for what the story takes away '
             "({new})",
    "aggregate": 'the question asks for {old_kind} ("{old_word}"), the paraphrase for {new_kind} ("{new_word}")',
    "money": 'the question asks for {old_kind} ("{old_word}"), the paraphrase for {new_kind} ("{new_word}")',
    "amount": 'the question asks for {old_kind} ("{old_word}"), the paraphrase for {new_kind} ("{new_word}")',
    "per": '{per}',
    "went": 'the question asks for what is left ("{old_word}"), the paraphrase for what is taken away ({new})',
    "done": 'the question asks for what is left ("{old_word}"), the paraphrase for what the story\'s act has done '
            "so far ({new})",
    "spent": "the question asks for what is kept ({old}), the paraphrase for what {new} moves",
    "when": 'the question asks for the quantity at one time ("{old_word}"), the paraphrase at another '
            '("{new_word}")',
    "group": 'the question asks about {old} alone, the paraphrase about a group ("{new_word}")',
    "part": 'the question asks for the whole ("{old_word}"), the paraphrase only for {new}',
    "period": 'the question asks for a part per item or period ("{old_word}"), the paraphrase per another '
              '("{new_word}")',
    "one": 'the question asks about one item ("{old_word}"), the paraphrase about all the "{new_word}" the problem '
           "counts",
    "negated": '{negated}',
    "counted": 'the question counts "{old_word}", the paraphrase "{new_word}", another thing the problem counts apart',
    "span": 'the question asks for the quantity over {old_kind} ({old}), the paraphrase over {new_kind} ({new})',
    "inverted": 'the question asks for a rate ("{old_word}"), the paraphrase for its inverse ("{new_word}"), the '
                "counted thing and the item it is counted per swapped",
}


def _asks_other_quantity(pair: QuestionPair, found: list[Finding]) -> list[Finding]:
    """The paraphrase asks for another aggregate of the quantity, for a part of the whole the question
    asks for, or for another person's (major, :func:`~paraqd.analysis.asked_changes.asked_changes`; another
    person only when ``found`` has not said so already)."""
    findings, said = [], set()
    question, paraphrase = pair.question, pair.paraphrase
    for change in (*asked_changes(question, paraphrase), *shape_changes(question, paraphrase),
                   *complement_changes(question, paraphrase), *span_changes(question, paraphrase),
                   *container_changes(question, paraphrase), *inverted_rates(question, paraphrase),
                   *member_parts(question, paraphrase)):
        if change.what == "owner" and any(f.kind == FindingKind.QUESTION_CHANGED for f in found):
            continue
        if change.old in said:  # the same words of the question read as two changes: said once
            continue
        said.add(change.old)
        what = change.what if change.what in _ASKED_CHANGES else "part"
        message = _ASKED_CHANGES[what].format(
            old=_listed(change.old), new=_listed(change.new), old_word=change.old[0].text,
            new_word=change.new[0].text,
            old_kind=_ASKED_NAMES.get(change.old_kind, change.old_kind if change.what == "span" else ""),
            new_kind=_ASKED_NAMES.get(change.new_kind, change.new_kind if change.what == "span" else ""),
            per=_two_way_message(change, "per"),
            negated=_two_way_message(change, "negated"))
        findings.append(Finding(FindingKind.QUESTION_QUANTITY_CHANGED, message, Severity.MAJOR, change.old,
                                change.new))
    return findings


#: the changes said one way or the other by the question's kind: ``what`` -> (the question's kind that reads the
#: first message, the first message, the other); ``{old}`` / ``{new}``: the first word of each text. "per": the
#: counted thing became the item a part is asked per, or back; "negated": the question asks for the complement
#: of what the paraphrase asks, or back (:func:`~paraqd.analysis.asked_negation.complement_changes`)
_TWO_WAY_MESSAGES = {
    "per": ("per", 'the question asks for a part per item ("{old}"), the paraphrase counts the "{new}" themselves',
            'the question counts "{old}", the paraphrase asks for a part per one of them ("{new}")'),
    "negated": ("complement",
                'the question asks for what "{old}" says (a negation), the paraphrase for the opposite, "{new}" '
                "without a negation",
                'the question asks for what "{old}" says, the paraphrase for the opposite, "{new}" (a negation)'),
}


def _two_way_message(change, what: str) -> str:
    """The message of ``change`` when it is a ``what`` change (:data:`_TWO_WAY_MESSAGES`), else ""."""
    if change.what != what:
        return ""
    kind, first, other = _TWO_WAY_MESSAGES[what]
    return (first if change.old_kind == kind else other).format(old=change.old[0].text, new=change.new[0].text)


#: question forms that ask for a measure, whose one unit is the measure asked ("how long, in seconds", "how far, in
#: miles")
_MEASURE_FORMS = frozenset({"how long", "how far", "how fast", "how tall", "how high", "how heavy", "how deep",
                            "how wide", "how big"})


def _measure_asked(ask: Ask) -> bool:
    """Whether the asking clause's unit is the measure it asks for: the asked noun is the unit ("how many
    *hours*", "how many *ounces*"), or a form that asks for a measure names exactly one unit ("how long, in
    *seconds*"). A unit of a period or a rate elsewhere in the clause ("how much does she earn *per week*")
    says no measure asked, and another kind of unit there stays minor."""
    if ask.noun_span is not None and unit_named(ask) is not None:
        return True
    return ask.form in _MEASURE_FORMS and len({u.unit.name for u in ask.units}) == 1


def _listed(mentions) -> str:
    return ", ".join(dict.fromkeys(f'"{m.text}"' for m in mentions))


def _terms_in(terms, sentence: Mention) -> dict[str, Mention]:
    """Key term -> its first mention inside ``sentence``, for the terms mentioned there."""
    out = {}
    for key, term in terms.items():
        inside = [m for m in term.mentions if sentence.start <= m.start < sentence.end]
        if inside:
            out[key] = inside[0]
    return out


def _ordinals_in(doc: QuestionDoc, sentence: Mention) -> dict[float, Mention]:
    """Ordinal value -> mention for the ordinals ("third", "2nd") inside ``sentence``."""
    return {n.rounded: n for n in doc.numbers if n.kind == "ordinal" and sentence.start <= n.start < sentence.end}
