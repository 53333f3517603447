"""Relation words: the comparisons, directions and negations that decide which equation a problem asks for.

Numbers, units and names can all survive while the problem changes: "the *least* possible value" ->
"the *greatest* possible value", "he *sells* 5 pens" -> "he *buys* 5 pens", "does *not* bat left-handed" ->
"does bat left-handed". :mod:`paraqd.analysis.relations` reads the relation words of each text (two-pole
scales, ``data/resources/relations.json``) and their changes in place; :mod:`paraqd.analysis.days` relative
days; :mod:`paraqd.analysis.roles` who gives to whom; :mod:`paraqd.analysis.directions` which way each quantity
moves (who gains it and who loses it). This check turns them into findings: a word whose pole
the paraphrase swapped for the other is a *flip*, a word of one pole that vanished is *missing* (minor:
rewordings drop "more" in "5 more than" -> "5 above"; major when the paraphrase only deletes words, which
rewords nothing), and negations are counted on their own (minor: translation lexicalises them, "not passed"
-> "failed").
"""

from __future__ import annotations

from ..analysis.bases import changed_bases, changed_standards
from ..analysis.comparatives import flipped_differences
from ..analysis.compared_sides import changed_things, swapped_factors
from ..analysis.conditions import CLAUSE, EXCEPTION, FREQUENCY, MANNER, RESTRICTION, condition_changes
from ..analysis.days import added_days, changed_days, counts_days, is_occasion
from ..analysis.direction_changes import flipped_directions, opposite_verbs
from ..analysis.directions import AMOUNT, GAIN, PLACE
from ..analysis.event_order import order_changes
from ..analysis.exclusions import added_exclusions
from ..analysis.feasible import impossible_rates
from ..analysis.holders import reversed_holders, unnumbered_flips
from ..analysis.pair import QuestionPair
from ..analysis.per_item import per_item_made_total
from ..analysis.per_period import rate_made_total
from ..analysis.relations import (
    RelationLexicon,
    default_lexicon,
    exchanged_terms,
    flips_in_place,
    lost_in_place,
    other_operands,
    relation_words,
    reversed_comparisons,
    swapped_operands,
)
from ..analysis.restrictions import changed_restrictions
from ..analysis.roles import exchanged_roles
from .base import Check
from .findings import Finding, Severity
from .kinds import FindingKind


def _way(who: str, mention, sign: int) -> str:
    """How a quantity moves for ``who``, in words: "goes to "Mae"", "leaves the place", "lowers the amount"."""
    if who == PLACE:
        return "is added" if sign == GAIN else "is taken away"
    if who == AMOUNT:
        return "raises the amount" if sign == GAIN else "lowers the amount"
    name = f'"{mention.text}"' if mention is not None else who
    return f"goes to {name}" if sign == GAIN else f"leaves {name}"


#: how a condition reads, by (family, pole) (:mod:`paraqd.analysis.conditions`)
_CONDITION_WORDS = {
    (EXCEPTION, -1): "left out", (EXCEPTION, 1): "counted in",
    (CLAUSE, 1): "when it holds", (CLAUSE, -1): "when it fails",
    (FREQUENCY, 1): "each one", (FREQUENCY, -1): "one in so many", (FREQUENCY, 0): "one of them",
    (RESTRICTION, 1): "only those", (RESTRICTION, -1): "all of them",
    (MANNER, -1): "each on its own", (MANNER, 1): "all at once",
}


def _quoted(mentions) -> str:
    return ", ".join(dict.fromkeys(f'"{m.text}"' for m in mentions))


class RelationCheck(Check):
    """Reports relation words flipped to the other pole, relation words missing, terms exchanged around their
    relation, the giver and receiver of a verb exchanged (:mod:`paraqd.analysis.roles`), a relative day ("the
    previous day") written as another day or days of the week the question never names
    (:mod:`paraqd.analysis.days`; the ``deleted`` severity, major), and negations changed.

    Severities are parameters (defaults chosen on the development data, ``benchmarks/check_dev.py``).
    """

    name = "relations"

    def __init__(self, lexicon: RelationLexicon | None = None, flipped: Severity | str = Severity.CRITICAL,
                 missing: Severity | str = Severity.MINOR, deleted: Severity | str = Severity.MAJOR,
                 negation: Severity | str = Severity.MINOR) -> None:
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

    def compare(self, pair: QuestionPair) -> list[Finding]:
        q_words = relation_words(pair.question, self.lexicon)
        p_words = relation_words(pair.paraphrase, self.lexicon)
        flipped_scales: set[str] = set()
        findings = self._scale_findings(pair, q_words, p_words, flipped_scales)
        findings += self._in_place_findings(pair, flipped_scales)
        findings += self._day_and_role_findings(pair)
        findings += self._direction_findings(pair, findings)
        findings += [Finding(FindingKind.BASE_CHANGED, f'"{c.number.text}" is taken of another whole: "{c.old.text}" in '
                             f'the question, "{c.new.text}" in the paraphrase', Severity.MAJOR, (c.number, c.old),
                             (c.new,)) for c in changed_bases(pair)]
        findings += [Finding(FindingKind.BASE_CHANGED, f'"{c.number.text}" is measured against another quantity: '
                             f'"{c.old.text}"{" (the period before)" if c.why == "standard" else ""} in the question, '
                             f'"{c.new.text}" in the paraphrase',
                             Severity.MAJOR, (c.number, c.old), (c.new,)) for c in changed_standards(pair)]
        findings += [Finding(FindingKind.BASE_CHANGED, f'"{c.q_at.text}" is measured against another quantity: '
                             f'"{c.old.text}" in the question, "{c.new.text}" in the paraphrase',
                             Severity.MAJOR, (c.q_at, c.old), (c.p_at, c.new)) for c in changed_things(pair)]
        findings += [Finding(FindingKind.COMPARISON_REVERSED, f'"{c.q_at.text}" compares the other way round: the '
                             f'question measures "{c.new.text}" against "{c.old.text}", the paraphrase "{c.old.text}" '
                             f'against "{c.new.text}" with the same factor', self.flipped, (c.q_at, c.old),
                             (c.p_at, c.new)) for c in swapped_factors(pair)]
        findings += [Finding(FindingKind.PER_ITEM_MADE_TOTAL, f'"{m.question_at.text}" is said of each item in the '
                             f'question but of {"one of them" if m.one else "all of them together"} in the '
                             f'paraphrase ("{m.whole.text}")',
                             Severity.MAJOR, (m.question_at,), (m.paraphrase_at, m.whole))
                     for m in per_item_made_total(pair)]
        findings += [Finding(FindingKind.PER_ITEM_MADE_TOTAL, f'"{m.question_at.text}" is said per period in the '
                             f'question ("{m.rate.text}") but of the whole time in the paraphrase ("{m.whole.text}")',
                             Severity.MAJOR, (m.question_at, m.rate), (m.paraphrase_at, m.whole))
                     for m in rate_made_total(pair)]
        findings += self._impossible(pair)
        findings += self._condition_and_order_findings(pair)
        findings += self._negation_findings(pair, q_words, p_words)
        return findings

    @staticmethod
    def _impossible(pair: QuestionPair) -> list[Finding]:
        """Rates of time longer than their period that the question does not have (:mod:`paraqd.analysis.feasible`)."""
        had = {(a.text, b.text) for a, b in impossible_rates(pair.question)}
        return [Finding(FindingKind.RATE_IMPOSSIBLE, f'"{a.text} {b.text}" holds more time than the period: the '
                        'problem cannot happen', Severity.MAJOR, (), (a, b))
                for a, b in impossible_rates(pair.paraphrase) if (a.text, b.text) not in had]

    def _condition_and_order_findings(self, pair: QuestionPair) -> list[Finding]:
        """Conditions said the other way (:mod:`paraqd.analysis.conditions`) and two events on one quantity
        told in the other order of time (:mod:`paraqd.analysis.event_order`)."""
        findings = [Finding(FindingKind.CONDITION_CHANGED, f'"{c.old.words.text}" ({_CONDITION_WORDS[c.old.family, c.old.pole]}) '
                            f'on "{c.old.on_at.text if c.old.on_at else c.old.on}" in the question became "{c.new.words.text}" '
                            f'({_CONDITION_WORDS[c.new.family, c.new.pole]}) in the paraphrase', self.flipped,
                            (c.old.words,), (c.new.words,)) for c in condition_changes(pair)]
        added = added_exclusions(pair)
        if added:
            findings.append(Finding(FindingKind.CONDITION_CHANGED, f'{_quoted(added)} in the paraphrase leaves some of '
                                    'the items out of what counts; the question leaves none out', Severity.MAJOR,
                                    (), tuple(added)))
        findings += [Finding(FindingKind.CONDITION_CHANGED, f'"{c.old.words.text}" ({c.was}) in the question became '
                             f'"{c.new.text}" ({c.reads}) in the paraphrase: other items are counted', self.flipped,
                             (c.old.words,), (c.new,)) for c in changed_restrictions(pair)]
        findings += [Finding(FindingKind.ORDER_CHANGED, f'"{o.first.text}" comes before "{o.then.text}" in the question '
                             f'but after it in the paraphrase', Severity.MAJOR, (o.first, o.then), (o.p_first, o.p_then))
                     for o in order_changes(pair)]
        return findings

    def _missing(self, pair: QuestionPair) -> Severity:
        return self.deleted if pair.is_deletion else self.missing

    def _scale_findings(self, pair: QuestionPair, q_words, p_words, flipped_scales: set[str]) -> list[Finding]:
        """Relation words counted per scale and pole: flipped to the other pole, or missing."""
        question, paraphrase = pair.question, pair.paraphrase
        findings: list[Finding] = []
        scales = dict.fromkeys(scale for scale, _ in q_words
                               if scale != "negation" and scale not in self.lexicon.in_place_only)
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
                    if not all(all(other_operands(question, q_m, paraphrase, p_m) for q_m in q_ms)
                               for p_m in p_other):
                        flipped_scales.add(scale)
                        findings.append(Finding(
                            FindingKind.RELATION_FLIPPED, f"{_quoted(q_ms)} became {_quoted(p_other)}", self.flipped,
                            tuple(q_ms), tuple(p_other),
                        ))
                        continue
                    # else another relation about other things: "after the guests had eaten" -> "before
                    # placing the pies on the table" (this one is just gone)
                findings.append(Finding(
                    FindingKind.RELATION_MISSING, f"{_quoted(q_ms)} ({scale}) is missing", self._missing(pair),
                    tuple(q_ms), tuple(p_ms),
                ))
        return findings

    def _in_place_findings(self, pair: QuestionPair, flipped_scales: set[str]) -> list[Finding]:
        """Relation words flipped or left out in place, and terms exchanged around their relation."""
        findings: list[Finding] = []
        for q_m, p_m, scale in flips_in_place(pair, self.lexicon):
            if scale not in flipped_scales:
                flipped_scales.add(scale)
                findings.append(Finding(
                    FindingKind.RELATION_FLIPPED, f'"{q_m.text}" became "{p_m.text}"', self.flipped, (q_m,), (p_m,),
                ))
        for q_m, p_m in flipped_differences(pair, self.lexicon):
            findings.append(Finding(
                FindingKind.RELATION_FLIPPED, f'"{q_m.text}" became "{p_m.text}"', self.flipped, (q_m,), (p_m,),
            ))
        for q_m, scale in lost_in_place(pair, self.lexicon):
            if scale not in flipped_scales:
                findings.append(Finding(
                    FindingKind.RELATION_DELETED, f'"{q_m.text}" was left out where it stood', self.deleted, (q_m,), (),
                ))
        for q_pair, p_pair in exchanged_terms(pair):
            findings.append(Finding(
                FindingKind.TERMS_EXCHANGED,
                f'"{q_pair[0].text}" and "{q_pair[1].text}" swapped places: '
                f'"{pair.paraphrase.text[p_pair[0].start:p_pair[1].end]}"',
                self.flipped, q_pair, p_pair,
            ))
        return findings

    def _day_and_role_findings(self, pair: QuestionPair) -> list[Finding]:
        """Relative days written as another day, days of the week added, givers and receivers exchanged."""
        findings: list[Finding] = []
        for q_m, p_m, meant in changed_days(pair):
            findings.append(Finding(
                FindingKind.DAY_CHANGED, f'"{q_m.text}" (that is, {meant}) became "{p_m.text}", another day',
                self.deleted, (q_m,), (p_m,),
            ))
        new_days = added_days(pair)
        if new_days and not counts_days(pair.question):
            # a weekday in a problem that counts no days is setting ("On Saturday morning, ..."): a note
            findings.append(Finding(
                FindingKind.CONTEXT_ADDED, f"the paraphrase adds {_quoted(new_days)}, days in a problem that counts "
                "no days (context: the problem is the same)", Severity.MINOR, (), tuple(new_days),
            ))
        elif new_days and is_occasion(pair, new_days):
            # one weekday as the occasion of the retelling ("one rainy Tuesday"): it restricts no recurrence
            findings.append(Finding(
                FindingKind.CONTEXT_ADDED, f"the paraphrase adds {_quoted(new_days)}, one day as the occasion of the "
                "story, restricting nothing that recurs (context: the problem is the same)", Severity.MINOR, (),
                tuple(new_days),
            ))
        elif new_days:
            findings.append(Finding(
                FindingKind.DAY_ADDED, f"the paraphrase adds {_quoted(new_days)}, days the question never names (a "
                "condition on when things happen)", self.deleted, (), tuple(new_days),
            ))
        for q_roles, p_roles in exchanged_roles(pair):
            findings.append(Finding(
                FindingKind.ROLES_EXCHANGED,
                f'"{q_roles.agent_at.text}" and "{q_roles.recipient_at.text}" exchanged roles: in the question '
                f'"{q_roles.agent_at.text}" {q_roles.verb_at.text} to "{q_roles.recipient_at.text}", in the '
                f'paraphrase "{p_roles.agent_at.text}" {p_roles.verb_at.text} to "{p_roles.recipient_at.text}"',
                self.flipped, (q_roles.agent_at, q_roles.recipient_at), (p_roles.agent_at, p_roles.recipient_at),
            ))
        return findings

    def _direction_findings(self, pair: QuestionPair, found: list[Finding]) -> list[Finding]:
        """Quantities that move the other way (:mod:`paraqd.analysis.directions`) and comparisons whose sides
        swapped (:func:`~paraqd.analysis.relations.reversed_comparisons`); a verb already reported with its
        roles exchanged is not reported twice."""
        findings: list[Finding] = []
        reported = {m.start for f in found if f.kind == FindingKind.ROLES_EXCHANGED for m in f.question_spans}
        seen: set[int] = set()
        for flip in flipped_directions(pair):
            q, p = flip.question, flip.paraphrase
            if q.verb == p.verb and reported:
                continue
            if q.verb_at.start in seen:
                continue
            seen.add(q.verb_at.start)
            p_key = flip.other or flip.who
            q_who, p_who = q.mention_of(flip.who), p.mention_of(p_key)
            q_way = _way(flip.who, q_who, q.sign_of(flip.who))
            p_way = _way(p_key, p_who, p.sign_of(p_key))
            # an amount raised or lowered is said by its noun ("discount"), a move by its verb
            q_word, p_word = (q_who, p_who) if AMOUNT in (flip.who, p_key) and q_who and p_who else (q.verb_at,
                                                                                                    p.verb_at)
            findings.append(Finding(
                FindingKind.DIRECTION_FLIPPED,
                f'"{flip.number.text}" {q_way} in the question ("{q_word.text}") but {p_way} in the paraphrase '
                f'("{p_word.text}")', self.flipped,
                tuple(dict.fromkeys(m for m in (flip.number, q.verb_at, q_who) if m is not None)),
                tuple(dict.fromkeys(m for m in (p.verb_at, p_who) if m is not None)),
            ))
        for opposite in opposite_verbs(pair):
            if opposite.question_verb.start in seen:
                continue
            seen.add(opposite.question_verb.start)
            findings.append(Finding(
                FindingKind.DIRECTION_FLIPPED,
                f'"{opposite.number.text}": "{opposite.question_verb.text}" became its opposite '
                f'"{opposite.paraphrase_verb.text}" for "{opposite.who.text}"', self.flipped,
                (opposite.number, opposite.question_verb, opposite.who), (opposite.paraphrase_verb,),
            ))
        # an end of a move (paraqd.analysis.holders) read the other way, for a number not reported above
        done = {m.start for f in findings for m in f.question_spans}
        for flip in reversed_holders(pair):
            if flip.number.start in done:
                continue
            done.add(flip.number.start)
            findings.append(Finding(
                FindingKind.DIRECTION_FLIPPED,
                f'"{flip.number.text}" {_way(flip.who, flip.question_at, flip.question_sign)} in the question '
                f'("{flip.question_word.text}") but {_way(flip.who, flip.paraphrase_at, -flip.question_sign)} in the '
                f'paraphrase ("{flip.paraphrase_word.text}")', self.flipped,
                tuple(dict.fromkeys((flip.number, flip.question_word, flip.question_at))),
                tuple(dict.fromkeys((flip.paraphrase_word, flip.paraphrase_at))),
            ))
        for flip in unnumbered_flips(pair):  # things no number counts ("some marbles") moved the other way
            (q_key, q_sign, q_who, q_word), (p_key, p_sign, p_who, p_word) = flip.question_way, flip.paraphrase_way
            findings.append(Finding(
                FindingKind.DIRECTION_FLIPPED,
                f'"{flip.question_at.text}" {_way(q_key, q_who, q_sign)} in the question ("{q_word.text}") but '
                f'"{flip.paraphrase_at.text}" {_way(p_key, p_who, p_sign)} in the paraphrase ("{p_word.text}")',
                self.flipped, tuple(m for m in dict.fromkeys((flip.question_at, q_word, q_who)) if m is not None),
                tuple(m for m in dict.fromkeys((flip.paraphrase_at, p_word, p_who)) if m is not None),
            ))
        for q_m, p_m in reversed_comparisons(pair, self.lexicon):
            findings.append(Finding(
                FindingKind.COMPARISON_REVERSED,
                f'"{q_m.text}" compares the other way round: the paraphrase\'s "{p_m.text}" swaps the two things '
                'compared', self.flipped, (q_m,), (p_m,),
            ))
        return findings

    def _negation_findings(self, pair: QuestionPair, q_words, p_words) -> list[Finding]:
        q_neg, p_neg = q_words.get(("negation", ""), []), p_words.get(("negation", ""), [])
        if len(q_neg) > len(p_neg):
            # a deleted "not" rewords nothing ("were not spiral" -> "were spiral"): as for relation words
            severity = max(self.negation, self.deleted) if pair.is_deletion else self.negation
            return [Finding(FindingKind.NEGATION_MISSING, f"the negation {_quoted(q_neg)} is missing", severity,
                            tuple(q_neg), tuple(p_neg))]
        if len(p_neg) > len(q_neg):
            return [Finding(FindingKind.NEGATION_ADDED, f"the paraphrase adds a negation ({_quoted(p_neg)})", self.negation,
                            tuple(q_neg), tuple(p_neg))]
        return []
