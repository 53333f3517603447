"""Units and time: the paraphrase must keep the units of the question, in any spelling, or convert them, and
its time points (clock times, months, relative references: :func:`~paraqd.analysis.days.changed_time_points`).

Units are compared by their vocabulary entry, so "km", "kilometre" and "kilometers" are the same unit, and
"daily", "per day", "each day" and "a day" all name the day ("hourly" the hour, "annually" the year). A
unit converted together with its number is the same quantity ("2 hours" -> "120 minutes", "10 years" ->
"a decade", "7 days" -> "a week": pint conversions, :func:`~paraqd.analysis.quantities.conversions`).
A unit replaced by another of the same dimension ("kilometres" -> "centimetres", "12 minutes" -> "12
months") is a change (critical). A unit that disappears or appears from nowhere is major, except a period
of time that measured no number ("the next day" for "tomorrow", "in hours" added to "how long"): a
rewording often names or leaves out the time frame a problem implies, so that one is minor.
"""

from __future__ import annotations

import re
from collections import Counter, defaultdict

from ..analysis.asked import asked_unit, find_ask
from ..analysis.context import context_units
from ..analysis.counted import changed_bases
from ..analysis.days import changed_time_points
from ..analysis.document import Mention, NumberMention, QuestionDoc, UnitMention
from ..analysis.holders import added_transfers
from ..analysis.layout import heading_of
from ..analysis.measures import age, age_of_person, predicated_of
from ..analysis.pair import QuestionPair
from ..analysis.people import is_person
from ..analysis.quantities import quantities as all_quantities
from ..analysis.quantities import same_dimension
from ..analysis.rates import (
    changed_frequencies,
    changed_rates,
    lost_rates,
    one_word_periods,
    periods_only,
    rate_periods,
    time_frames,
)
from ..analysis.terms import key_terms, quantity_mentions
from ..analysis.time_anchors import moved_time_points
from ..analysis.time_events import moved_to_events
from .base import Check
from .findings import Finding, Severity
from .kinds import FindingKind


def quantities(doc: QuestionDoc) -> list[tuple[float, UnitMention]]:
    """``(value, unit)`` for every number directly followed by a unit ("200 km" -> (200.0, km))."""
    return [(number.rounded, unit) for number, unit in quantity_mentions(doc)]


def _severity(mentions: list[UnitMention], doc: QuestionDoc, other: QuestionDoc) -> Severity:
    """Major; minor for a unit that measures nothing in ``doc`` (no number, no rate: "the next day", "in
    hours"; a time frame, :func:`~paraqd.analysis.rates.time_frames`: "one day he woke up late") when it is a period of time or still part of a compound unit of ``other`` ("how many miles"
    gone, "miles per hour" kept)."""
    name = mentions[0].unit.name
    ask = find_ask(doc)
    asking = ask.clause_or_sentence if ask is not None else None
    # a time frame is context, except in the question sentence ("how many hours ... in a week?")
    frames = {start for start in time_frames(doc) if asking is None or not asking.start <= start < asking.end}
    measured = {q.unit.unit.name for quantity in all_quantities(doc) for q in (quantity, *quantity.parts)
                if not q.period and q.unit.start not in frames}
    if name in measured:  # "20 km", and rates: "3 times a week"
        return Severity.MAJOR
    if asked_unit(doc) == name and asked_unit(other) not in (None, name):
        return Severity.MAJOR  # "how many days" -> "how many weeks"
    if mentions[0].category == "Time" or any(_is_part(name, u.unit.name) for u in other.units):
        return Severity.MINOR
    return Severity.MAJOR


def _units_by_name(doc: QuestionDoc) -> dict[str, list[UnitMention]]:
    groups: dict[str, list[UnitMention]] = defaultdict(list)
    for u in doc.units:
        groups[u.unit.name].append(u)
    return groups


def _plural(unit: UnitMention) -> str:
    return unit.unit.plural or unit.unit.name


def _account_conversions(converted, missing: list[str], added: list[str]) -> None:
    """A unit converted with its number: "2 hours" -> "120 minutes" (both units accounted for)."""
    for qq, pq in converted:
        for quantity, names in ((qq, missing), (pq, added)):
            for name in (quantity.unit.unit.name, *(part.unit.unit.name for part in quantity.parts)):
                if name in names:
                    names.remove(name)


def _account_compounds(question: QuestionDoc, paraphrase: QuestionDoc, missing: list[str], added: list[str]) -> None:
    """A compound unit written as its parts, or the parts as the compound: "60 km per one hour" -> "60 km/h",
    "20 km/h" -> "20 km in an hour"."""
    for compounds, parts_doc, parts_gone in ((added, question, missing), (missing, paraphrase, added)):
        for name in list(compounds):
            parts = name.split(" per ")
            if len(parts) == 2 and _written_as_parts(parts_doc, *parts):
                compounds.remove(name)
                for part in parts:
                    if part in parts_gone:
                        parts_gone.remove(part)


def _rate_kept(question: QuestionDoc, paraphrase: QuestionDoc, name: str, mentions) -> bool:
    """Whether the unit ``name``, written only as the period of rates in the question ("2 pills *every day*"),
    is still the period of a rate in the paraphrase in other words ("*every night*": once a day)."""
    q_rates = [r for r, period in rate_periods(question) if period == name]
    return all(any(r.start <= m.start < r.end for r in q_rates) for m in mentions) and any(
        period == name for _, period in rate_periods(paraphrase))


def _said_as_one_word(other: QuestionDoc, doc: QuestionDoc, name: str, mentions) -> bool:
    """Whether the unit ``name``, only the period of rates in ``doc`` ("jogging *every day*"), is the period
    ``other`` writes as one word ("jogging *everyday*": :func:`~paraqd.analysis.rates.one_word_periods`)."""
    return name in one_word_periods(other) and periods_only(doc, name, mentions)


class UnitCheck(Check):
    """Reports units changed (same or other category), missing or added in the paraphrase."""

    name = "units"

    def compare(self, pair: QuestionPair) -> list[Finding]:
        question, paraphrase = pair.question, pair.paraphrase
        q_units, p_units = _units_by_name(question), _units_by_name(paraphrase)
        missing = [n for n in q_units if n not in p_units]
        added = [n for n in p_units if n not in q_units]
        converted = pair.conversions
        _account_conversions(converted, missing, added)
        _account_compounds(question, paraphrase, missing, added)
        findings = self._category_changes(pair, q_units, p_units, missing, added)
        findings += self._quantity_changes(pair, q_units, missing, added)
        if "year" in missing and _ages_kept(question, paraphrase):
            missing.remove("year")  # "23 years old" -> "at the age of 23"
        missing = [n for n in missing if not _rate_kept(question, paraphrase, n, q_units[n])
                   and not _said_as_one_word(paraphrase, question, n, q_units[n])]
        added = [n for n in added if not _said_as_one_word(question, paraphrase, n, p_units[n])]
        kept_converted = {q.number.start for qq, _ in converted for q in (qq, *qq.parts) if q.number is not None}
        findings.extend(_detached(question, paraphrase, q_units, p_units, missing, kept_converted))
        for name in missing:
            ms = q_units[name]
            findings.append(Finding(
                FindingKind.UNIT_MISSING, f"the unit {_plural(ms[0])} is missing",
                _severity(ms, question, paraphrase), tuple(ms), (),
            ))
        findings += [Finding(FindingKind.RATE_MISSING, f'"{m.text}" is gone: the number is no longer counted per '
                             f'{period}', Severity.MAJOR, (m,), ())
                     for m, period in lost_rates(question, paraphrase) if period not in missing]
        findings += _counted_became_unit(question, paraphrase, added)
        transfers = [(n.start, n.end) for n in added_transfers(pair)] if added else []
        added = [n for n in added if not all(any(a <= m.start and m.end <= b for a, b in transfers)
                                             for m in p_units[n])]  # the unit of a fact added: the number check's
        added = [n for n in added if not _asked_power(question, paraphrase, n, p_units[n])]
        findings += _added(question, paraphrase, p_units, added)
        for old, new in changed_rates(question, paraphrase, pair.aligned_substitutions(size=2)):
            findings.append(Finding(FindingKind.UNIT_CHANGED, f'"{old.text}" became "{new.text}" (a number counted per another period)',
                                    Severity.CRITICAL, (old,), (new,)))
        findings += _changed_frequencies(question, paraphrase, findings)
        for old, new in changed_bases(question, paraphrase):
            findings.append(Finding(FindingKind.UNIT_CHANGED, f'"{old.text}" became "{new.text}" (the amount is for '
                                    "another number of things)", Severity.CRITICAL, (old,), (new,)))
        for old, new in pair.recounted:
            q_m, p_m = old.mention(question), new.mention(paraphrase)
            findings.append(Finding(FindingKind.COUNT_CHANGED, f'"{q_m.text}" became "{p_m.text}" (the number counts '
                                    "another thing)", Severity.CRITICAL, (q_m,), (p_m,)))
        for old, new in changed_time_points(pair):
            findings.append(Finding(FindingKind.TIME_CHANGED, f'"{old.text}" became "{new.text}", another time',
                                    Severity.CRITICAL, (old,), (new,)))
        if not any(f.kind == FindingKind.TIME_CHANGED for f in findings):
            findings += [Finding(FindingKind.TIME_CHANGED, move.message, Severity.CRITICAL, move.old, move.new)
                         for move in moved_time_points(pair) + moved_to_events(pair)]
        return findings

    def _category_changes(self, pair: QuestionPair, q_units, p_units, missing: list[str],
                          added: list[str]) -> list[Finding]:
        """A unit gone and another of the same category arrived: "kilometres" -> "centimetres"."""
        findings = []
        for name in list(missing):
            category = q_units[name][0].category
            other = next((a for a in added if p_units[a][0].category == category), None) or \
                next((a for a in added if _is_part(a, name)), None)
            if other is not None:
                relocalised = _relocalised(pair, q_units[name], p_units[other])
                findings.append(relocalised or self._changed(q_units[name], p_units[other]))
                missing.remove(name)
                added.remove(other)
        return findings

    def _quantity_changes(self, pair: QuestionPair, q_units, missing: list[str], added: list[str]) -> list[Finding]:
        """A quantity whose unit changed while both units still occur elsewhere: "12 minutes" -> "12 months"
        (quantities converted are accounted for: "2 km" -> "2,000 meters" is no change of "2")."""
        question, paraphrase, converted = pair.question, pair.paraphrase, pair.conversions
        converted_names = {pq.unit.unit.name for _, pq in converted}
        q_converted = {id(q.unit) for qq, _ in converted for q in (qq, *qq.parts)}
        p_converted = {id(q.unit) for _, pq in converted for q in (pq, *pq.parts)}
        q_quant: dict[float, set[str]] = defaultdict(set)
        for value, unit in quantities(question):
            if id(unit) not in q_converted:
                q_quant[value].add(unit.unit.name)
        p_quant: dict[float, list[UnitMention]] = defaultdict(list)
        for value, unit in quantities(paraphrase):
            if id(unit) not in p_converted:
                p_quant[value].append(unit)
        findings = []
        for value, q_names in q_quant.items():
            p_names = {u.unit.name for u in p_quant.get(value, ())}
            if not p_names or p_names & q_names or any(
                    _is_part(q, p) and " per " in p and p.split(" per ")[1] in q_units
                    for q in q_names for p in p_names):  # "inch" in "square inch" has no " per "
                continue
            new_units = [u for u in p_quant[value]
                         if u.unit.name in added or u.unit.name in q_units or u.unit.name in converted_names]
            old = [u for u in question.units if u.unit.name in q_names]
            if new_units and old:
                findings.append(self._changed(old, new_units))
                for u in (*new_units, *old):
                    for names in (added, missing):
                        if u.unit.name in names:
                            names.remove(u.unit.name)
        return findings

    @staticmethod
    def _changed(old: list[UnitMention], new: list[UnitMention]) -> Finding:
        """A change of unit: critical, except a compound unit reduced to its own part ("km / h" read as
        "km"), which is how a spaced-out compound unit reads and is reported as minor."""
        same = old[0].category == new[0].category
        message = f"{old[0].text} became {new[0].text}"
        severity = Severity.CRITICAL
        if not same:
            message += f" ({old[0].category.lower()} became {new[0].category.lower()})"
            if _is_part(new[0].unit.name, old[0].unit.name):
                severity = Severity.MINOR
        return Finding(FindingKind.UNIT_CHANGED, message, severity, tuple(old), tuple(new))


def _relocalised(pair: QuestionPair, old: list[UnitMention], new: list[UnitMention]) -> Finding | None:
    """The whole problem told in another currency: every amount of the question's currency (gone from the
    paraphrase) written with the same number in a currency the question never uses, which no fixed rate
    converts ("$240 ... $4" -> "£240 ... £4", a British rewording). The answer is the same number in the new
    currency, so it is a note (minor); one amount moved to another currency leaves the old one in the text and is
    a change."""
    if old[0].category != "Currency" or new[0].category != "Currency" or same_dimension(old[0].unit, new[0].unit):
        return None
    old_name, new_name = old[0].unit.name, new[0].unit.name
    q_values = Counter(round(q.value, 6) for q in all_quantities(pair.question) if q.unit.unit.name == old_name)
    p_values = Counter(round(q.value, 6) for q in all_quantities(pair.paraphrase) if q.unit.unit.name == new_name)
    if not q_values or q_values != p_values:
        return None
    return Finding(FindingKind.UNIT_CHANGED, f"every amount in {old[0].text} is written in {new[0].text} with the "
                   "same number (the problem told in another currency)", Severity.MINOR, tuple(old), tuple(new))


def _counted_noun(doc: QuestionDoc, number: NumberMention):
    """The noun ``number`` counts right after it ("800 pages", "3.5 cups of food"), or None."""
    span = doc.span(number)
    if span is None or span.end >= len(doc.doc):
        return None
    nxt = doc.doc[span.end]
    return nxt if nxt.pos_ == "NOUN" and nxt.is_alpha and doc.text[number.end:nxt.idx].strip(" -") == "" else None


def _counted_became_unit(question: QuestionDoc, paraphrase: QuestionDoc, added: list[str]) -> list[Finding]:
    """A number that counted a thing in the question and measures a new unit in the paraphrase: "800 pages of
    reading" -> "800 minutes of reading", "3.5 cups" -> "3.5 pounds" (a value written once on each side)."""
    q_values = Counter(n.rounded for n in question.numbers)
    p_values = Counter(n.rounded for n in paraphrase.numbers)
    q_units = {u.start for u in question.units}
    findings = []
    for number, unit in quantity_mentions(paraphrase):
        if unit.unit.name not in added or q_values[number.rounded] != 1 or p_values[number.rounded] != 1:
            continue
        q_number = next(n for n in question.numbers if n.rounded == number.rounded)
        noun = _counted_noun(question, q_number)
        if noun is None or noun.idx in q_units or noun.lemma_.lower() in (unit.text.lower(), unit.unit.name):
            continue
        old = Mention(q_number.start, noun.idx + len(noun.text), question.text[q_number.start:noun.idx + len(noun)])
        findings.append(Finding(FindingKind.UNIT_CHANGED, f'"{old.text}" became "{paraphrase.text[number.start:unit.end]}" '
                                "(it counted a thing, it measures a unit)", Severity.CRITICAL, (old,), (number, unit)))
        added.remove(unit.unit.name)
    return findings


def _added(question: QuestionDoc, paraphrase: QuestionDoc, p_units, added: list[str]) -> list[Finding]:
    """Units the question does not have: a kind of unit it measures nothing in, about context numbers or
    nothing, is context (a note: :func:`~paraqd.analysis.context.context_units`); another is added."""
    context = [name for name in added if context_units(question, paraphrase, p_units[name])]
    findings = []
    if context:
        spans = tuple(m for name in context for m in p_units[name])
        names = ", ".join(dict.fromkeys(f'"{m.text}"' for m in spans))
        findings.append(Finding(
            FindingKind.CONTEXT_ADDED, f"the paraphrase adds {names}, measuring nothing the question computes "
            "with (context: the problem is the same)", Severity.MINOR, (), spans,
        ))
    for name in (n for n in added if n not in context):
        ms = p_units[name]
        findings.append(Finding(
            FindingKind.UNIT_ADDED, f"the unit {_plural(ms[0])} is not in the question",
            _severity(ms, paraphrase, question), (), tuple(ms),
        ))
    return findings


def _detached(question: QuestionDoc, paraphrase: QuestionDoc, q_units, p_units, missing,
              kept_converted: set[int]) -> list[Finding]:
    """Quantities whose number survived without its unit: "62 kgs of wheat" -> "62 of wheat" (the unit
    still occurs elsewhere, so the unit itself is not missing, but fewer times than in the question). A quantity
    the paraphrase writes in another unit (``kept_converted``, the starts of its number: "4 hours" -> "240
    minutes") kept its unit, whatever else the same number counts there ("a four-episode series")."""
    p_numbers = {}
    for n in paraphrase.numbers:
        if n.kind != "ordinal":  # "after 20 years" -> "from her 20th year": not a number without its unit
            p_numbers.setdefault(n.rounded, n)
    p_with_unit = {value for value, _ in quantities(paraphrase)}
    findings = []
    for q_number, unit in quantity_mentions(question):
        name, number = unit.unit.name, p_numbers.get(q_number.rounded)
        if (name in missing or number is None or q_number.rounded in p_with_unit or q_number.start in kept_converted
                or len(p_units.get(name, ())) >= len(q_units[name])
                or _shares_next_unit(paraphrase, number, name) or _carried_unit(paraphrase, number, name)
                or (name == "year" and _age_kept(question, paraphrase, q_number, unit, number))):
            continue
        findings.append(Finding(
            FindingKind.UNIT_DETACHED, f'{question.text[q_number.start:unit.end]} lost its unit ("{number.text}")',
            Severity.MAJOR, (unit,), (number,),
        ))
    return findings


#: what joins the two parts of a compound unit written out: "km per one hour", "km in an hour", "km/hour"
_PER_GAP = re.compile(r"[\s/]*(?:(?:per|in|an?|one|each|every)[\s/]+)*", re.IGNORECASE)


def _written_as_parts(doc: QuestionDoc, numerator: str, denominator: str) -> bool:
    """Whether ``doc`` writes the compound unit numerator-per-denominator as its two parts, one right after
    the other ("60 km per one hour", "20 km in an hour"), rather than as one unit."""
    for first in doc.units:
        if first.unit.name != numerator:
            continue
        for second in doc.units:
            if (second.unit.name == denominator and second.start >= first.end
                    and _PER_GAP.fullmatch(doc.text[first.end:second.start])):
                return True
    return False


def _ages_kept(question: QuestionDoc, paraphrase: QuestionDoc) -> bool:
    """Whether every number of years in the question is an age the paraphrase states without the unit:
    "23 years old" -> "at the age of 23", "aged 23", or, for a person's age ("Lena is 23 years old"), as a
    person's bare age ("I'm 23", "she is 23": :func:`~paraqd.analysis.measures.age_of_person`)."""
    years = [(number, unit) for number, unit in quantity_mentions(question) if unit.unit.name == "year"]
    kept = {n.rounded for n in paraphrase.numbers if _AGE_BEFORE.search(paraphrase.text, 0, n.start)}
    bare = {n.rounded for n in paraphrase.numbers if age_of_person(paraphrase, n)}
    return bool(years) and all(n.rounded in kept or (n.rounded in bare and age(question, n, unit))
                               for n, unit in years)


def _age_kept(question: QuestionDoc, paraphrase: QuestionDoc, q_number: NumberMention, unit: UnitMention,
              number: NumberMention) -> bool:
    """Whether ``number`` states the age the question counts in years without the unit: after "aged", "at the
    age of" ("23 years old" -> "aged 23"), or, when the question's number is an age ("17 years old"), as a person's
    bare age ("Djibo is 17", "when she was 30": :func:`~paraqd.analysis.measures.age_of_person`)."""
    if _AGE_BEFORE.search(paraphrase.text, 0, number.start):
        return True
    if not age(question, q_number, unit):
        return False
    if age_of_person(paraphrase, number):
        return True
    # the parser may read an unfamiliar name as a common noun ("Djibo is 17"): a person the question has
    q_terms = key_terms(question)
    return any(s.lower_ in q_terms and is_person(question, q_terms[s.lower_])
               for s in predicated_of(paraphrase, number) or ())


#: "at the age of 23", "aged 23": an age, which is counted in years ("23 years old")
_AGE_BEFORE = re.compile(r"(?<![A-Za-z])(?:age[ ]+of|aged?|turn(?:s|ed|ing)?)[ ]+$", re.IGNORECASE)
#: what lists numbers sharing the unit after the last ("5 and 6 hours", "16 by 20 feet", "3 x 4 m"), the next
#: one's plus sign with it ("-36, +13 and -10 degrees": a minus sign is its number's own)
_LIST_GAP = re.compile(r"\s*(,|and|or|to|-|,\s*and|by|x|\u00d7)\s*\+?")
#: one describing word between a number and its unit ("5 school days", "3 long hours")
_ONE_WORD = re.compile(r"[ -]+[A-Za-z]+[ -]+")


def _shares_next_unit(doc: QuestionDoc, number: NumberMention, name: str) -> bool:
    """Whether ``number`` is listed before a number carrying unit ``name``: "5 and 6 hours" (one unit for both),
    through any bare numbers between ("58, 62 and 65 minutes": the list's one unit is written after its last)."""
    measured = quantity_mentions(doc)
    carrying = {n.start for n, u in measured if u.unit.name == name}
    with_unit = {n.start for n, _ in measured}
    while True:
        following = min((n for n in doc.numbers if n.start >= number.end), key=lambda n: n.start, default=None)
        if following is None or not _LIST_GAP.fullmatch(doc.text[number.end:following.start]):
            return False
        if following.start in with_unit:
            return following.start in carrying
        number = following


def _carried_unit(doc: QuestionDoc, number: NumberMention, name: str) -> bool:
    """Whether ``number`` carries unit ``name`` without writing it: one describing word before it ("5 school
    days"), or an ellipsis after a parallel quantity of its sentence ("30 minutes to get home, 30 to shop",
    "$120 in the first 20 days and $66 in the other 16"): a quantity before it in the sentence is in ``name``
    and no noun follows the number (in "62 of wheat" after "50 kg of rice" the unit is carried too;
    "62 bags" counts something else)."""
    if _headed_unit(doc, number, name):
        return True
    following = next((u for u in doc.units if u.start >= number.end), None)
    if following is not None and following.unit.name == name and _ONE_WORD.fullmatch(
            doc.text[number.end:following.start]):
        return True
    if doc.doc is None:
        return False
    sentence = next((s for s in doc.doc.sents if s.start_char <= number.start < s.end_char), None)
    if sentence is None:
        return False
    before = [(n, u) for n, u in quantity_mentions(doc) if sentence.start_char <= n.start and n.end <= number.start]
    if not any(u.unit.name == name for _, u in before):
        return False
    after = doc.span(number)
    nxt = doc.doc[after.end] if after is not None and after.end < len(doc.doc) else None
    return nxt is None or nxt.pos_ not in ("NOUN", "PROPN") or nxt.idx in {u.start for u in doc.units}


def _headed_unit(doc: QuestionDoc, number: NumberMention, name: str) -> bool:
    """Whether the heading of ``number``'s table column or list (:func:`~paraqd.analysis.layout.heading_of`)
    names unit ``name`` without measuring a number of its own: "Capacity (gallons)" over "7000", "Hours per
    day" over "6", "Prices (in dollars): apples 2"."""
    heading = heading_of(doc.text, number.start)
    if heading is None:
        return False
    measuring = {u.start for _, u in quantity_mentions(doc)}
    return any(u.unit.name == name and heading[0] <= u.start and u.end <= heading[1] and u.start not in measuring
               for u in doc.units)


#: the measure a square or cubic unit is the unit of ("how much *area*", "the *volume* of the tank")
_POWER_MEASURES = {"square": frozenset({"area"}), "cubic": frozenset({"volume"})}


def _asked_power(question: QuestionDoc, paraphrase: QuestionDoc, name: str, mentions) -> bool:
    """Whether the added unit ``name`` is the square or cubic unit of a length unit the question measures in,
    where the question asks for that area or volume ("13 feet by 18 feet ... How much *area*?" -> "Answer: ____
    *square feet*"): the unit the answer comes in, no quantity, when none of its mentions measures a number."""
    power, _, base = name.partition(" ")
    measures = _POWER_MEASURES.get(power)
    if not measures or base not in {u.unit.name for u in question.units}:
        return False
    if any(q.unit.start == m.start for q in all_quantities(paraphrase) if q.number is not None for m in mentions):
        return False  # "a 120 square feet room": a quantity in the new unit
    ask = find_ask(question)
    clause = None if ask is None else (ask.clause or ask.sentence)
    span = None if clause is None else question.span(clause)
    return span is not None and any(t.lemma_.lower() in measures for t in span)


def _is_part(part: str, compound: str) -> bool:
    """Whether unit name ``part`` is one word of the compound unit name ``compound`` ("metre", "metre per second")."""
    return part != compound and part in compound.split()


def _changed_frequencies(question: QuestionDoc, paraphrase: QuestionDoc, findings: list[Finding]) -> list[Finding]:
    """A rate of time recurring at another frequency (:func:`~paraqd.analysis.rates.changed_frequencies`), unless
    a finding already says its period changed."""
    said = [m for f in findings if f.kind == FindingKind.UNIT_CHANGED for m in f.paraphrase_spans]
    found = []
    for old, new in changed_frequencies(question, paraphrase):
        if any(m.start < new.end and new.start < m.end for m in said):
            continue
        found.append(Finding(FindingKind.RATE_CHANGED, f'"{old.text}" became "{new.text}": the rate recurs at '
                             "another frequency", Severity.CRITICAL, (old,), (new,)))
    return found
