"""Numbers: the paraphrase must keep the multiset of numeric values of the question.

Values are compared, not spellings: "100", "one hundred" and "1e2" are one value; "3/4", "three-fourths",
"three quarters of", "0.75" and "75%" too (a percentage is its value over 100); "three times", "3 times",
"triple" and "threefold" are the factor 3, "twice" and "double" 2 (:func:`~paraqd.analysis.numbers.extract_multipliers`).
A quantity converted with its unit is the same quantity ("2 hours" -> "120 minutes", "10 years" -> "a
decade", "1 year" -> "a year": :func:`~paraqd.analysis.quantities.conversions`). Money keeps its kind, and so
does a percentage written as its bare number: "20%" -> "20" and "$5" -> "5" are changes of kind (minor).

Words that only look like numbers are not compared: ordinals written as words ("the first week", "the
second friend") and the word "one" (a pronoun or a determiner as often as a count: "one of them", "the
blue one", "one glass" = "a glass"). They still pair with a number of the same value that changed kind
("Grade 5" -> "fifth grade").

A value that disappears is reported as missing, one that appears from nowhere as added, and a missing value
paired with an added one (in order of position) as changed. An added value about something the problem never
counts or measures (a weight in a problem about books, a calendar year) is context
(:mod:`paraqd.analysis.context`): a note (``context_added``, minor), not an addition to the problem. When every value survives, the values must
still count the same things: "5 apples and 3 pears" -> "3 apples and 5 pears" keeps both numbers and both
nouns but swaps their roles (critical); so does "6 hours on english and 2 hours on chinese" -> "if he studies
English for 2 hours and Chinese for 6 hours" (the nouns of the two phrases traded). A percentage written as a
number that counts things ("20% of the fish" -> "20 of the fish") is another quantity (``share_counted``, major).
"""

from __future__ import annotations

import re
from collections import Counter, defaultdict
from collections.abc import Sequence

from ..analysis.asked_quantity import TOTAL, asked_quantity
from ..analysis.context import context_numbers, repeat_counting_another_thing
from ..analysis.counted import repeat_counting_other_thing
from ..analysis.document import Mention, NumberMention, QuestionDoc
from ..analysis.exactness import made_inexact
from ..analysis.holders import added_transfers
from ..analysis.increments import added_on_top, change_by_to, change_word, marked_words
from ..analysis.information import computed_nouns
from ..analysis.measures import counts_back, property_of_part, said_as_list
from ..analysis.number_forms import made_vague, spelt_out
from ..analysis.one_more import one_more
from ..analysis.pair import QuestionPair
from ..analysis.values import compared_numbers, counts_things, number_roles, traded_phrases, value_key, value_kind
from .base import Check
from .findings import Finding, Severity
from .kinds import FindingKind

_NONE = re.compile(r"(?<![A-Za-z])(?:no|none|nothing|nobody|nil)(?![A-Za-z])", re.IGNORECASE)


def _is_silent(mention: NumberMention, text: str = "") -> bool:
    """Words that are numbers only sometimes and are never reported on their own: ordinal words ("first")
    and the word "one" (a pronoun or determiner as often as a count); and the 1 of a ratio to one ("5:1"
    says what "5 to every 1", "5 per", "5 for each" say) when ``text`` (the mention's text) is given."""
    if mention.written == "digits" and mention.value == 1 and text and _RATIO_TO_ONE.search(text, 0,
                                                                                          mention.start):
        return True
    return mention.written == "words" and (
        mention.kind == "ordinal" or (mention.kind == "cardinal" and mention.text.lower() == "one"))


#: "5:1", "3 : 1" just before a mention of 1: a ratio to one
_RATIO_TO_ONE = re.compile(r"\d[ ]?:[ ]?$")


def _is_soft(mention: NumberMention) -> bool:
    """Numbers whose appearance or disappearance is often a rewording: ordinals in digits, "a pair of"."""
    return mention.kind in ("ordinal", "count") or (mention.written == "words" and mention.value == 1)


def _describe(mentions: Sequence[NumberMention]) -> str:
    return f"the {'percentage' if value_kind(mentions[0]) == 'percent' else 'number'} {mentions[0].text}"


class NumberCheck(Check):
    """Reports numbers missing, added, changed or changed in kind (percent, money) in the paraphrase."""

    name = "numbers"

    def compare(self, pair: QuestionPair) -> list[Finding]:
        question, paraphrase = pair.question, pair.paraphrase
        q_by_key = _group(compared_numbers(question))
        p_by_key = _group(compared_numbers(paraphrase))
        tally = _Tally(q_by_key, p_by_key)
        findings: list[Finding] = []
        tally.convert(pair.conversions)
        tally.same_words()
        tally.spelt_out(question, paraphrase)
        findings += tally.kinds_changed(question, paraphrase)
        tally.silence(question, paraphrase)
        if not tally.missing and not tally.added:
            findings.extend(_swapped_roles(question, paraphrase))
        findings += tally.repeats_changed()
        findings += tally.repeats(pair)
        findings += tally.transfers_added(pair)
        findings += [Finding(FindingKind.FACT_ADDED, f'the paraphrase adds "{m.text}" {thing}, a new quantity of what '
                             f'the problem computes with (one {thing} in an event said on top of the problem\'s)',
                             Severity.MAJOR, (), (m,)) for m, thing in _one_more(paraphrase, question)]
        findings += tally.gone_and_new(question, paraphrase)
        findings += [Finding(FindingKind.CHANGE_BY_TO, f'{_describe([q_m])} is what a change is '
                             f'{change_word(question, q_m)} in the question but what it is '
                             f'{change_word(paraphrase, p_m)} in the paraphrase', Severity.CRITICAL, (q_m,), (p_m,))
                     for q_m, p_m in change_by_to(question, paraphrase)]
        findings += [Finding(FindingKind.NUMBER_MADE_INEXACT,
                             f'{_describe([m.question_at])} is given exactly in the question but as "{m.hedge.text}" '
                             "in the paraphrase: an estimate or a bound, not the value",
                             Severity.MAJOR, (m.question_at,), (m.hedge,)) for m in made_inexact(pair)]
        return findings


def _one_more(paraphrase: QuestionDoc, question: QuestionDoc) -> list[tuple[NumberMention, str]]:
    """The words "one" of ``paraphrase`` that count one more of a thing the problem computes with
    (:func:`~paraqd.analysis.one_more.one_more`), each with the word of the thing it counts."""
    found = []
    for m in one_more(question, paraphrase):
        span = paraphrase.span(m)
        found.append((m, span[-1].head.text if span is not None else "thing"))
    return found


def _positive(counts: Counter) -> None:
    """Drop the keys whose count is no longer positive (what ``+counts`` keeps, in place)."""
    for key in [k for k, v in counts.items() if v <= 0]:
        del counts[key]


class _Tally:
    """The numbers of both texts by :func:`value_key`, and those still ``missing`` from the paraphrase or
    ``added`` to it as the number check explains them away stage by stage."""

    def __init__(self, q_by_key: dict, p_by_key: dict) -> None:
        self.q_by_key, self.p_by_key = q_by_key, p_by_key
        self.q_count = Counter({k: len(v) for k, v in q_by_key.items()})
        self.p_count = Counter({k: len(v) for k, v in p_by_key.items()})
        self.missing = self.q_count - self.p_count
        self.added = self.p_count - self.q_count
        #: the starts of the mentions a conversion explained, per side (question, paraphrase)
        self.converted: tuple[set[int], set[int]] = (set(), set())

    def convert(self, conversions) -> None:
        """A quantity converted with its unit: "2 hours" -> "120 minutes", "10 years" -> "a decade"."""
        for q_quant, p_quant in conversions:
            for quantity, counts, done in ((q_quant, self.missing, self.converted[0]),
                                           (p_quant, self.added, self.converted[1])):
                for number in (quantity.number, *(part.number for part in quantity.parts)):
                    if number is not None and counts[value_key(number)] > 0:
                        counts[value_key(number)] -= 1
                        done.add(number.start)
        _positive(self.missing)
        _positive(self.added)

    def same_words(self) -> None:
        """The same number word read two ways: "a fifth were plates" (a fraction) and "a fifth paper plates"
        (parsed as an ordinal) are one value, whatever the parse of each side made of it."""
        for key in list(self.missing):
            words = {_bare(m.text) for m in self.q_by_key[key]}
            for other in list(self.added):
                if self.missing[key] > 0 and self.added[other] > 0 and words & {
                        _bare(m.text) for m in self.p_by_key[other]}:
                    self.missing[key] -= 1
                    self.added[other] -= 1
        _positive(self.missing)
        _positive(self.added)

    def spelt_out(self, question: QuestionDoc, paraphrase: QuestionDoc) -> None:
        """One value written as others ("3 dozen" = "3 sets of 12", :func:`~paraqd.analysis.number_forms.spelt_out`)."""
        for q_values, p_values in spelt_out(question, paraphrase):
            q_keys, p_keys = Counter(("plain", v) for v in q_values), Counter(("plain", v) for v in p_values)
            if q_keys <= self.missing and p_keys <= self.added:  # every one of them still unexplained
                self.missing.subtract(q_keys)
                self.added.subtract(p_keys)
        _positive(self.missing)
        _positive(self.added)

    def kinds_changed(self, question: QuestionDoc, paraphrase: QuestionDoc) -> list[Finding]:
        """Same written value, other kind: "20%" -> "20", "$5" -> "5", "Grade 5" -> "fifth grade" (a note); a
        percentage written as a count of things or the other way round, "20% of the fish" -> "20 of the fish",
        is another quantity (:func:`_share_counted`)."""
        q_by_key, p_by_key, missing, added = self.q_by_key, self.p_by_key, self.missing, self.added
        findings = []
        for key in sorted(missing, key=lambda k: q_by_key[k][0].start):
            for other in sorted(added, key=lambda k: p_by_key[k][0].start):
                q_m, p_m = q_by_key[key][0], p_by_key[other][0]
                if (q_m.rounded == p_m.rounded and value_kind(q_m) != value_kind(p_m)
                        and not (_is_silent(q_m) and _is_silent(p_m))
                        and added[other] > 0 and missing[key] > 0):
                    findings.append(_share_counted(q_m, p_m, question, paraphrase) or Finding(
                        FindingKind.NUMBER_KIND_CHANGED,
                        f"{q_m.text} ({value_kind(q_m)}) is written {p_m.text} ({value_kind(p_m)})",
                        Severity.MINOR, (q_m,), (p_m,),
                    ))
                    missing[key] -= 1
                    added[other] -= 1
        return findings

    def silence(self, question: QuestionDoc, paraphrase: QuestionDoc) -> None:
        """Words that are numbers only sometimes are not reported on their own; 0 is "no" ("0 more likes" ->
        "no more likes"); "all three siblings" when the text names three; "his two parents" said as "his mum and dad". A mention a conversion explained
        ("1 pound 4 ounces" for "20 ounces") leaves the others of its value ("one bag") to be told alone."""
        for counts, by_key, own, other, done in (
                (self.missing, self.q_by_key, question, paraphrase, self.converted[0]),
                (self.added, self.p_by_key, paraphrase, question, self.converted[1])):
            for key in list(counts):
                if (all(_is_silent(m, own.text) for m in by_key[key] if m.start not in done)
                        or (key[1] == 0 and _NONE.search(other.text))):
                    counts[key] = 0
                elif all(counts_back(m, own) or said_as_list(m, own, other) for m in by_key[key]):
                    counts[key] = 0
        _positive(self.missing)
        _positive(self.added)

    def repeats_changed(self) -> list[Finding]:
        """One occurrence of a repeated value became another value that also occurs elsewhere: "give 2
        marbles ... double his number" -> "give 3 marbles ... triple the number" (a change, not a repeat)."""
        q_by_key, p_by_key, missing, added = self.q_by_key, self.p_by_key, self.missing, self.added
        dropped = [k for k in missing if self.p_count[k] > 0 and not all(_is_soft(m) for m in q_by_key[k])]
        grown = [k for k in added if self.q_count[k] > 0 and not all(_is_soft(m) for m in p_by_key[k])]
        findings = []
        for old_key, new_key in zip(sorted(dropped, key=lambda k: q_by_key[k][0].start),
                                    sorted(grown, key=lambda k: p_by_key[k][0].start)):
            q_m = _changed_mention(q_by_key[old_key], p_by_key.get(old_key, ()))
            p_m = _changed_mention(p_by_key[new_key], q_by_key.get(new_key, ()))
            findings.append(Finding(
                FindingKind.NUMBER_CHANGED, f"{_describe([q_m])} became {p_m.text}", Severity.CRITICAL, (q_m,), (p_m,),
            ))
            missing[old_key] -= 1
            added[new_key] -= 1
        _positive(missing)
        _positive(added)
        return findings

    def repeats(self, pair: QuestionPair) -> list[Finding]:
        """A repeated value kept at least once: usually "the same 20" written once; written once more as a new
        quantity of a thing the problem computes with, a fact added (:func:`repeat_counting_another_thing`)."""
        q_count, p_count = self.q_count, self.p_count
        findings = []
        vague = made_vague(pair) if any(p_count[k] > 0 for k in self.missing) else []
        for key in [k for k in self.missing if p_count[k] > 0]:
            mentions = self.q_by_key[key]
            lost = next(((q_m, words) for q_m, words in vague if any(m.start == q_m.start for m in mentions)), None)
            if lost is not None:  # "1/2 a roll" -> "a bit of a roll" beside "Half the people" kept
                findings.append(Finding(
                    FindingKind.NUMBER_MADE_VAGUE, f'{_describe([lost[0]])} is written "{lost[1].text}" in the '
                    "paraphrase, which gives no value (the value is still written elsewhere)",
                    Severity.MAJOR, (lost[0],), (lost[1],),
                ))
                del self.missing[key]
                continue
            findings.append(Finding(
                FindingKind.NUMBER_REPEAT_DROPPED,
                f"{_describe(mentions)} appears {q_count[key]} times in the question "
                f"but {p_count[key]} in the paraphrase",
                Severity.MINOR, tuple(mentions), tuple(self.p_by_key[key]),
            ))
            del self.missing[key]
        renamed = {r.old.key: r.new.key for r in pair.renames if r.consistent}
        for key in [k for k in self.added if q_count[k] > 0]:
            mentions = self.p_by_key[key]
            new = (repeat_counting_another_thing(pair.question, pair.paraphrase, self.q_by_key[key], mentions, renamed)
                   or repeat_counting_other_thing(pair.question, pair.paraphrase, self.q_by_key[key], mentions,
                                                  computed_nouns(pair.question)))
            if new is not None:
                findings.append(Finding(
                    FindingKind.FACT_ADDED, f'the paraphrase adds "{new.text}", a new quantity of what the problem '
                    f"computes with (the question's {_quoted(self.q_by_key[key])} counts other things)",
                    Severity.MAJOR, tuple(self.q_by_key[key]), (new,),
                ))
                del self.added[key]
                continue
            on_top = added_on_top(pair.question, pair.paraphrase, self.q_by_key[key], mentions)
            if on_top is not None:
                findings.append(Finding(
                    FindingKind.FACT_ADDED, f'the paraphrase adds "{on_top.text}", a new quantity of what the problem '
                    f'computes with (written as more of something: "{marked_words(pair.paraphrase, on_top)}"; the '
                    "question writes the value fewer times so)", Severity.MAJOR, tuple(self.q_by_key[key]), (on_top,),
                ))
                del self.added[key]
                continue
            findings.append(Finding(
                FindingKind.NUMBER_REPEAT_ADDED,
                f"{_describe(mentions)} appears {p_count[key]} times in the paraphrase "
                f"but {q_count[key]} in the question",
                Severity.MINOR, tuple(self.q_by_key[key]), tuple(mentions),
            ))
            del self.added[key]
        return findings

    def transfers_added(self, pair: QuestionPair) -> list[Finding]:
        """A sum of money added that moves by the same verb for the same holder as a quantity of the question,
        in a problem that asks for money (:func:`~paraqd.analysis.holders.added_transfers`): a fact added, even
        where it names nothing else the problem computes with ("Each of the other households gives him a $10
        bill")."""
        findings = []
        for number in added_transfers(pair):
            key = next((k for k, ms in self.p_by_key.items() if any(m.start == number.start for m in ms)), None)
            if key is None or self.added.get(key, 0) <= 0:
                continue
            findings.append(Finding(
                FindingKind.FACT_ADDED, f'the paraphrase adds "{number.text}", a new quantity of what the problem '
                "computes with (it moves the same way for the same holder as a quantity of the question)",
                Severity.MAJOR, (), (number,),
            ))
            self.added[key] -= 1
        _positive(self.added)
        return findings

    def gone_and_new(self, question: QuestionDoc, paraphrase: QuestionDoc) -> list[Finding]:
        """What is left: values changed (paired in order), inverted, missing or added."""
        gone = sorted((self.q_by_key[k] for k in self.missing), key=lambda ms: ms[0].start)
        new = sorted((self.p_by_key[k] for k in self.added), key=lambda ms: ms[0].start)
        findings = []
        # numbers about things the problem never counts or measures: context, a note (analysis.context)
        asked = asked_quantity(question)
        context = context_numbers(question, paraphrase, new, total_asked=asked is not None and TOTAL in asked.aggregates)
        new = [ms for ms in new if not any(ms is c for c in context)]
        # a part described by a property ("9 of the pizzas are vegetarian") when the total is asked
        parts = [ms for ms in context if all(property_of_part(paraphrase, m) is not None for m in ms)]
        context = [ms for ms in context if not any(ms is p for p in parts)]
        if context:
            spans = tuple(m for ms in context for m in ms)
            findings.append(Finding(
                FindingKind.CONTEXT_ADDED, f"the paraphrase adds {_quoted(spans)}, about nothing the question "
                "counts or measures (context: the problem is the same)", Severity.MINOR, (), spans,
            ))
        if parts:
            spans = tuple(m for ms in parts for m in ms)
            findings.append(Finding(
                FindingKind.CONTEXT_ADDED, f"the paraphrase adds {_quoted(spans)}, a part described by a property "
                "the question never names, which asks for the total (context: the problem is the same)",
                Severity.MINOR, (), spans,
            ))
        hard_gone = [ms for ms in gone if not _is_soft(ms[0])]
        hard_new = [ms for ms in new if not _is_soft(ms[0])]
        pairs = list(zip(hard_gone, hard_new))
        for q_ms, p_ms in pairs:
            if _reciprocal(q_ms[0], p_ms[0]) and _sides_swapped(question, q_ms[0], paraphrase, p_ms[0]):
                # "4 times as much as David" -> "David does a quarter of it": the factor read from the other
                # side; a factor that really changed is another value
                findings.append(Finding(
                    FindingKind.NUMBER_INVERTED, f"{_describe(q_ms)} is written as its reciprocal {p_ms[0].text} "
                    "(the same factor read from the other side, if the two sides swapped)",
                    Severity.MINOR, tuple(q_ms), tuple(p_ms),
                ))
                continue
            findings.append(Finding(
                FindingKind.NUMBER_CHANGED, f"{_describe(q_ms)} became {p_ms[0].text}",
                Severity.CRITICAL, tuple(q_ms), tuple(p_ms),
            ))
        paired = {id(ms) for pair in pairs for ms in pair}
        for q_ms in gone:
            if id(q_ms) not in paired:
                findings.append(Finding(
                    FindingKind.NUMBER_MISSING, f"{_describe(q_ms)} is missing",
                    Severity.MINOR if _is_soft(q_ms[0]) else Severity.CRITICAL, tuple(q_ms), (),
                ))
        for p_ms in new:
            if id(p_ms) not in paired:
                findings.append(Finding(
                    FindingKind.NUMBER_ADDED, f"{_describe(p_ms)} is not in the question",
                    Severity.MINOR if _is_soft(p_ms[0]) else Severity.CRITICAL, (), tuple(p_ms),
                ))
        return findings


def _share_counted(q_m: NumberMention, p_m: NumberMention, question: QuestionDoc,
                   paraphrase: QuestionDoc) -> Finding | None:
    """A percentage on one side written as a number that counts things on the other ("20% of the fish" ->
    "20 of the fish", "15 of the cars" -> "15% of the cars"): a share made a count changes the answer."""
    kinds = (value_kind(q_m), value_kind(p_m))
    if not ((kinds == ("percent", "plain") and counts_things(paraphrase, p_m))
            or (kinds == ("plain", "percent") and counts_things(question, q_m))):
        return None
    form = {"percent": "a share", "plain": "a count of things"}
    return Finding(FindingKind.SHARE_COUNTED, f"{q_m.text} ({form[kinds[0]]}) is written {p_m.text} ({form[kinds[1]]})",
                   FindingKind.SHARE_COUNTED.severity, (q_m,), (p_m,))


_ARTICLE = re.compile(r"^(?:a|an)\s+")


def _bare(text: str) -> str:
    """A number's words without a leading article ("a fifth" -> "fifth"; "5 dozen" stays itself)."""
    return _ARTICLE.sub("", text.lower().strip())


def _quoted(mentions: Sequence[Mention]) -> str:
    """The mentions quoted for a message, in order, each once."""
    return ", ".join(dict.fromkeys(f'"{m.text}"' for m in sorted(mentions, key=lambda m: m.start)))


def _reciprocal(a: NumberMention, b: NumberMention) -> bool:
    """Whether two plain factors are each other's reciprocal (4 and 1/4, "twice" and "half"), 1 excluded."""
    if value_kind(a) != "plain" or value_kind(b) != "plain" or a.value in (0, 1) or b.value in (0, 1):
        return False
    return abs(a.value * b.value - 1) < 1e-9


def _sides(doc: QuestionDoc, mention: NumberMention) -> tuple[str | None, str | None]:
    """The nearest proper noun (else noun) before and after a factor in its sentence, by lemma: the two
    things it compares ("*Sarah* does 4 times as much laundry as *David*")."""
    span = doc.span(mention)
    if span is None:
        return None, None
    sent = span.sent

    def nearest(tokens):
        tokens = list(tokens)
        for pos in ("PROPN", "NOUN"):
            tok = next((t for t in tokens if t.pos_ == pos and t.is_alpha), None)
            if tok is not None:
                return tok.lemma_.lower()
        return None

    return nearest(reversed(doc.doc[sent.start:span.start])), nearest(doc.doc[span.end:sent.end])


def _sides_swapped(question: QuestionDoc, q_m: NumberMention, paraphrase: QuestionDoc,
                   p_m: NumberMention) -> bool:
    """Whether the things a factor compares traded sides ("Sarah ... 4 times ... David" -> "David ... a
    quarter ... Sarah")."""
    q_before, q_after = _sides(question, q_m)
    p_before, p_after = _sides(paraphrase, p_m)
    return None not in (q_before, q_after) and q_before != q_after and (q_before, q_after) == (p_after, p_before)


def _changed_mention(mentions: Sequence[NumberMention], kept: Sequence[NumberMention]) -> NumberMention:
    """The occurrence of a repeated value that did not survive: the first whose written form is not among
    the ``kept`` ones ("2" rather than "double" when "double" is still there)."""
    kept_texts = {m.text.lower() for m in kept}
    return next((m for m in mentions if m.text.lower() not in kept_texts), mentions[0])


def _swapped_roles(question: QuestionDoc, paraphrase: QuestionDoc) -> list[Finding]:
    """Two numbers that traded what they count: lost (a, x), (b, y); gained (a, y), (b, x). Roles are
    counted as multisets ("Jessica bought 2 shirts" elsewhere does not hide "2 pants, 5 shirts" -> "5 pants,
    2 shirts"); when no counted noun tells, the words around each number do (:func:`_swapped_places`)."""
    q_roles = number_roles(question)
    swap = _cross_swap(q_roles, number_roles(paraphrase))
    if swap is not None:
        (q_a, q_b), (p_a, p_b), (x, y) = swap
        return [Finding(FindingKind.NUMBER_ROLES_SWAPPED, f"{q_a.text} and {q_b.text} swapped what they count ({x} and {y})",
                        Severity.CRITICAL, (q_a, q_b), (p_a, p_b))]
    swap = _cross_swap(_places(question), _places(paraphrase))
    told = defaultdict(set)  # what each number counts: two that count one thing each, other things, are told
    for _, role, m in q_roles:  # apart by it ("22 bottles of regular soda", "61 of diet soda"), not by place
        told[m.start].add(role)
    if swap is not None and not (len(told[swap[0][0].start]) == len(told[swap[0][1].start]) == 1
                                 and told[swap[0][0].start] != told[swap[0][1].start]):
        (q_a, q_b), (p_a, p_b), _ = swap
        return [Finding(FindingKind.NUMBER_ROLES_SWAPPED, f"{q_a.text} and {q_b.text} swapped places",
                        Severity.CRITICAL, (q_a, q_b), (p_a, p_b))]
    swap = traded_phrases(question, paraphrase, _written_once(question), _written_once(paraphrase))
    if swap is not None:
        (q_a, q_b), (p_a, p_b), (x, y) = swap
        return [Finding(FindingKind.NUMBER_ROLES_SWAPPED, f"{q_a.text} and {q_b.text} swapped what they count ({x} and {y})",
                        Severity.CRITICAL, (q_a, q_b), (p_a, p_b))]
    return []


def _written_once(doc: QuestionDoc) -> dict[tuple[str, float], NumberMention]:
    """Value key -> mention, for the values ``doc`` writes once (words that are numbers only sometimes aside)."""
    groups = _group([m for m in compared_numbers(doc) if not _is_silent(m, doc.text)])
    return {key: ms[0] for key, ms in groups.items() if len(ms) == 1}


def _cross_swap(q_roles, p_roles):
    """Mentions of two values a, b whose roles x, y crossed: ((q_a, q_b), (p_a, p_b), (x, y)) or None."""
    q_count = Counter((v, r) for v, r, _ in q_roles)
    p_count = Counter((v, r) for v, r, _ in p_roles)
    lost, gained = list(q_count - p_count), p_count - q_count
    q_first = {(v, r): m for v, r, m in reversed(q_roles)}
    p_first = {(v, r): m for v, r, m in reversed(p_roles)}
    for i, (a, x) in enumerate(lost):
        for b, y in lost[i + 1:]:
            if a != b and x != y and gained[(a, y)] > 0 and gained[(b, x)] > 0:
                return (q_first[(a, x)], q_first[(b, y)]), (p_first[(a, y)], p_first[(b, x)]), (x, y)
    return None


_CONTEXT_WORD = re.compile(r"[A-Za-z]+")


def _places(doc: QuestionDoc) -> list[tuple[tuple[str, float], str, NumberMention]]:
    """``(value key, place, mention)`` per number: its place is the two words before it and the word after
    it, lower-cased, without a plural "s" ("bananas cost $2 each" -> "banana cost|each")."""
    places = []
    for m in compared_numbers(doc):
        if _is_silent(m):
            continue
        before = _CONTEXT_WORD.findall(doc.text[max(0, m.start - 40):m.start])[-2:]
        after = _CONTEXT_WORD.findall(doc.text[m.end:m.end + 20])[:1]
        words = [w.lower().removesuffix("s") for w in (*before, "|", *after)]
        places.append((value_key(m), " ".join(words), m))
    return places


def _group(numbers: Sequence[NumberMention]) -> dict[tuple[str, float], list[NumberMention]]:
    groups: dict[tuple[str, float], list[NumberMention]] = defaultdict(list)
    for m in numbers:
        groups[value_key(m)].append(m)
    return dict(groups)
