"""Days of the week named for "the previous day": a relative reference resolved to the wrong day.

Problems that run over several days refer back: "On Tuesday it rained 2 inches an hour, and on Wednesday twice
the rate of *the previous day*". A rewording may name the day instead, and "the previous day" is Tuesday
here; writing "Monday" in its place points the rate at another day's figures. :func:`day_of` reads what
day a stretch of text names (a weekday, or "the previous day", "the day before", "the next day", "the
following day", "the day after" counted from the last weekday named before it), and :func:`changed_days`
reports an edit in place, one side of which is a relative reference, whose two sides name different days
(one weekday written for another is the entity check's business). Writing the right day ("the previous day" ->
"Tuesday") or a relative reference for the day it stands for passes.

A paraphrase that names days of the week the question never names ("He goes in 5 times a day" -> "5 times a
day, Monday through Friday only") adds a condition on when things happen (:func:`added_days`); a day that a
relative reference of the question stands for ("the next day" -> "Tuesday") is no new day. On the
development files no valid paraphrase names a new weekday (``benchmarks/rewordings.py``, docs/explain.md).
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from .asked import asking_clause, find_ask
from .document import Mention, QuestionDoc
from .quantities import quantities
from .rates import rate_periods
from .terms import WEEKDAYS

if TYPE_CHECKING:
    from .pair import QuestionPair

#: relative references to a day and how many days they count from the day named before them
_RELATIVE = re.compile(r"\b(?:the\s+(?:previous|preceding|next|following)\s+day|the\s+day\s+(?:before|after))\b",
                       re.IGNORECASE)
_BACK = ("previous", "preceding", "before")


def _weekday(word: str) -> int | None:
    word = word.lower().rstrip("s")  # "on Mondays"
    return WEEKDAYS.index(word) if word in WEEKDAYS else None


def day_of(doc: QuestionDoc, start: int, end: int) -> tuple[int, str] | None:
    """``(weekday index, how it is written)`` for the day that ``doc.text[start:end]`` names: a weekday name,
    or a relative reference counted from the last weekday named before ``start``; ``None`` when the stretch
    names no day or no weekday came before a relative one. Monday is 0."""
    text = doc.text[start:end]
    names = [d for d in (_weekday(w) for w in re.findall(r"[A-Za-z]+", text)) if d is not None]
    relative = _RELATIVE.search(text)
    if relative is None:
        return (names[0], WEEKDAYS[names[0]].capitalize()) if len(names) == 1 else None
    before = [d for d in (_weekday(w) for w in re.findall(r"[A-Za-z]+", doc.text[:start + relative.start()]))
              if d is not None]
    if not before:
        return None
    step = -1 if any(word in relative.group().lower() for word in _BACK) else 1
    return (before[-1] + step) % 7, relative.group()


_DAY_WORD = re.compile(r"\b(?:" + "|".join(WEEKDAYS) + r")s?\b|\bweek(?:day|end)s?\b", re.IGNORECASE)


#: a range of weekdays: "Monday through Wednesday", "from Monday to Friday", "Monday-Friday"
_DAY_RANGE = re.compile(r"\b(" + "|".join(WEEKDAYS) + r")s?\s*(?:through|thru|to|till|until|-|–)\s*("
                        + "|".join(WEEKDAYS) + r")s?\b", re.IGNORECASE)


def _day_words(text: str) -> set[str]:
    """The day words of ``text``, with every day inside a range it names ("Monday through Wednesday" names
    Tuesday too)."""
    words = {m.group().lower().rstrip("s") for m in _DAY_WORD.finditer(text)}
    for m in _DAY_RANGE.finditer(text):
        first, last = WEEKDAYS.index(m.group(1).lower()), WEEKDAYS.index(m.group(2).lower())
        words.update(WEEKDAYS[first:last + 1] if first <= last else WEEKDAYS[first:] + WEEKDAYS[:last + 1])
    return words


def counts_days(doc: QuestionDoc) -> bool:
    """Whether ``doc`` counts days, so that a weekday added to it can change a count: a quantity or a rate in
    days ("3 days", "5 times a day", "daily") or a day of the week it names. A problem that counts only hours
    or weeks ("every week", "at 4:00 pm") counts no days: "every Thursday" or "before the weekend" is setting."""
    return bool(_day_words(doc.text)) or any(period == "day" for _, period in rate_periods(doc)) or any(
        q.unit.unit.name == "day" and q.number is not None for q in quantities(doc))


def added_days(pair: QuestionPair) -> list[Mention]:
    """The paraphrase's mentions of days of the week (a weekday, "weekdays", "weekend") that the question
    never names and that no relative reference of the question stands for: "Monday through Friday only"
    added to "every day"."""
    question, paraphrase = pair.question, pair.paraphrase
    known = _day_words(question.text)
    # "weekdays" are Monday to Friday and the weekend Saturday and Sunday, either way round
    for group, days in (("weekday", WEEKDAYS[:5]), ("weekend", WEEKDAYS[5:])):
        if group in known:
            known.update(days)
        elif known.issuperset(days):
            known.add(group)
    for match in _RELATIVE.finditer(question.text):
        day = day_of(question, match.start(), match.end())
        if day is not None:
            known.add(WEEKDAYS[day[0]])
    return [Mention(m.start(), m.end(), m.group()) for m in _DAY_WORD.finditer(paraphrase.text)
            if m.group().lower().rstrip("s") not in known]


#: what may stand before the one weekday of an occasion: "on", "one", "this", "that", "a", "last" ("one rainy
#: Tuesday", "on this crisp Wednesday"); "every", "each", "by", "until", "except" restrict when things happen
_OCCASION_WORDS = frozenset({"on", "one", "this", "that", "a", "an", "last", "the"})


def is_occasion(pair: QuestionPair, added: list[Mention]) -> bool:
    """Whether the days ``added`` to the paraphrase (:func:`added_days`) are one weekday naming the occasion of
    the retelling ("one rainy Tuesday he wondered", "on this crisp Wednesday he ran"): the question names no day
    of the week, the paraphrase names that one weekday once, in the singular, outside its asking sentence, with
    nothing before it in its phrase but an occasion's words (adjectives, "on", "one", "this"). One occasion
    restricts no recurring event: "every Monday", "on Mondays", "Monday to Friday", "Monday and Wednesday", "by
    Friday" in the question do (a condition on when things happen)."""
    if len(added) != 1 or _day_words(pair.question.text) or len(_DAY_WORD.findall(pair.paraphrase.text)) != 1:
        return False
    day, doc = added[0], pair.paraphrase
    if day.text.lower() not in WEEKDAYS:  # plural or "weekend"
        return False
    ask = find_ask(doc)
    if ask is not None and ask.sentence.start <= day.start < ask.sentence.end:
        return False
    span = doc.doc.char_span(day.start, day.end)
    if span is None:
        return False
    token = span[0]
    before = [t for t in token.subtree if t.i < token.i]
    if token.dep_ == "pobj":
        before.insert(0, token.head)
    return all(t.pos_ == "ADJ" or t.lower_ in _OCCASION_WORDS for t in before)


def changed_days(pair: QuestionPair) -> list[tuple[Mention, Mention, str]]:
    """Edits in place whose two sides name different days: ``(question's words, paraphrase's words, the day
    the question's words name)``; "twice the rate of the previous day" -> "twice the rate of Monday" after
    "on Tuesday" gives ``("the previous day", "Monday", "Tuesday")``."""
    question, paraphrase = pair.question, pair.paraphrase
    q_text, p_text = question.text.lower(), paraphrase.text.lower()
    if not any(day in q_text for day in WEEKDAYS) or not any(day in p_text for day in WEEKDAYS):
        return []
    found = []
    for i1, i2, j1, j2 in pair.aligned_substitutions():
        q_start, q_end, q_rel = _widened(question, question.doc[i1:i2])
        p_start, p_end, p_rel = _widened(paraphrase, paraphrase.doc[j1:j2])
        if not (q_rel or p_rel):
            continue  # one weekday for another: the entity check's, and often a harmless rename
        q_day, p_day = day_of(question, q_start, q_end), day_of(paraphrase, p_start, p_end)
        if q_day is None or p_day is None or q_day[0] == p_day[0]:
            continue
        found.append((Mention(q_start, q_end, question.text[q_start:q_end]),
                      Mention(p_start, p_end, paraphrase.text[p_start:p_end]), WEEKDAYS[q_day[0]].capitalize()))
    return found


def _widened(doc: QuestionDoc, span) -> tuple[int, int, bool]:
    """The character range of ``span``, widened to the relative reference it is part of ("previous" in
    "the previous day"), and whether it holds one."""
    start, end = span.start_char, span.end_char
    for match in _RELATIVE.finditer(doc.text):
        if match.start() < end and start < match.end():
            return min(start, match.start()), max(end, match.end()), True
    return start, end, False


# -- time points: clock times, months, relative references ------------------------------------------------
#
# A problem that says when things happen computes with it: "opens at 6:00 am" and "arrives at 9:00 a.m." give
# the time between them, "4 days in March" counts days of a month of 31. A clock time is read with its half
# of the day (am/pm, "in the morning", "in the evening"); the same clock reading in the other half, a month
# written as another month, or a relative reference turned the other way ("the previous day" -> "the next
# day") is another time point: :func:`changed_time_points`. "6:00 a.m." = "6 am" = "6 in the morning".

#: a clock time: "6:00 am", "9 p.m.", "4:30pm", "7 o'clock in the evening", "16:00"
_CLOCK = re.compile(
    r"(?<![\d:.,$])(?P<h>\d{1,2})(?::(?P<m>[0-5]\d))?(?!\d|[.,]\d)"
    r"(?:\s*(?P<half>[ap])(?:\.\s?m\b\.?|\s?m\b)|\s*(?:o'?clock)?\s+(?:in\s+the\s+(?P<part>morning|afternoon|evening)|at\s+"
    r"(?P<night>night))|(?(m)|(?!x)x))", re.IGNORECASE)
_NOON = re.compile(r"\b(?:noon|midday|midnight)\b", re.IGNORECASE)
MONTHS = ("january", "february", "march", "april", "may", "june", "july", "august", "september", "october",
          "november", "december")
#: a month is a date only where a date is written: "in March", "on 5 March", "March 5th", "last June"
_MONTH = re.compile(
    r"(?:(?<![A-Za-z])(?:in|on|of|during|since|until|till|by|from|through|throughout|last|next|this|every|each|"
    r"early|late|mid|end)[ -]+|(?<=\d)(?:st|nd|rd|th)?[ ]+(?:of[ ]+)?|(?<=\d)[ ]+)"
    r"(?P<month>" + "|".join(m.capitalize() for m in MONTHS) + r")\b"
    r"|\b(?P<month2>" + "|".join(m.capitalize() for m in MONTHS) + r")(?=[ ]+\d)")
_PERIODS = r"(minute|hour|day|week|month|year|night|morning|afternoon|evening|weekend)"
#: the periods that are units of time of different lengths: a relative reference written with another of them
#: ("the previous day" -> "the previous hour") points at another time; parts of the day and the weekend are not
#: compared ("the previous day" -> "the night before" is a retelling's choice)
_UNIT_PERIODS = frozenset({"minute", "hour", "day", "week", "month", "year"})
#: relative references, backward and forward: "the previous day", "the week before", "last year", "yesterday"
_BACKWARD = re.compile(rf"\b(?:the\s+(?:previous|preceding|prior)\s+{_PERIODS}|the\s+{_PERIODS}\s+before\b"
                       rf"|(?<!the\s)last\s+{_PERIODS}|(?P<yesterday>yesterday))\b", re.IGNORECASE)
_FORWARD = re.compile(rf"\b(?:the\s+(?:next|following|coming)\s+{_PERIODS}|the\s+{_PERIODS}\s+after\b"
                      rf"|(?<!the\s)next\s+{_PERIODS}|(?P<tomorrow>tomorrow))\b", re.IGNORECASE)


#: the days and parts of a day named from the moment of speaking ("today", "tonight")
_NOW = re.compile(r"\b(?:today|tonight|this\s+" + _PERIODS + r")\b", re.IGNORECASE)


def in_relative_reference(doc: QuestionDoc, mention: Mention) -> bool:
    """Whether ``mention`` stands in a time named relative to another: "last *night*", "the *day* before",
    "*yesterday*", "*tonight*", "this *morning*". Such a reference may name the same time as an absolute word
    of another text ("last night" / "yesterday"), so the two are no plain change of time."""
    return any(m.start() <= mention.start and mention.end <= m.end()
               for pattern in (_BACKWARD, _FORWARD, _NOW) for m in pattern.finditer(doc.text))


def clock_times(doc: QuestionDoc) -> list[tuple[Mention, int, bool]]:
    """``(mention, minutes after midnight, whether the half of the day is written)`` for every clock time of
    ``doc``: "6:00 am" (360, True), "9 pm" (1260, True), "16:00" (960, True), "4:30" (270, False: morning or
    afternoon), "noon" (720, True)."""
    found = []
    for m in _CLOCK.finditer(doc.text):
        hour, minute = int(m.group("h")), int(m.group("m") or 0)
        if hour > 24 or (m.group("half") and not 1 <= hour <= 12):
            continue
        pm = (m.group("half") or "").lower() == "p" or (m.group("part") or "").lower() in ("afternoon", "evening") \
            or (m.group("night") is not None and hour >= 6)
        known = bool(m.group("half") or m.group("part") or m.group("night")) or hour > 12 or hour == 0
        minutes = (hour % 12 + (12 if pm else 0)) * 60 + minute if known and hour <= 12 else hour % 24 * 60 + minute
        found.append((Mention(m.start(), m.end(), m.group()), minutes, known))
    for m in _NOON.finditer(doc.text):
        found.append((Mention(m.start(), m.end(), m.group()), 0 if m.group().lower() == "midnight" else 720, True))
    return sorted(found, key=lambda t: t[0].start)


def is_clock_reading(doc: QuestionDoc, number: Mention) -> bool:
    """Whether ``number`` reads a clock: it stands in a clock time (:func:`clock_times`) or right before
    "o'clock" ("the bell rang *four* o'clock")."""
    if any(m.start <= number.start < m.end for m, _, _ in clock_times(doc)):
        return True
    return re.match(r"\s*o'?clock\b", doc.text[number.end:], re.IGNORECASE) is not None


def clock_readings(doc: QuestionDoc) -> int:
    """How many of ``doc``'s numbers read a clock (:func:`is_clock_reading`)."""
    return sum(is_clock_reading(doc, n) for n in doc.numbers)


def months(doc: QuestionDoc) -> list[Mention]:
    """The months ``doc`` writes as dates ("in March", "on 5 March", "March 5"; not "April's flowers")."""
    return [Mention(m.start(g), m.end(g), m.group(g)) for m in _MONTH.finditer(doc.text)
            for g in ("month", "month2") if m.group(g)]


def _relative(doc: QuestionDoc, pattern: re.Pattern[str]) -> dict[str, list[Mention]]:
    found: dict[str, list[Mention]] = {}
    for m in pattern.finditer(doc.text):
        period = next((g.lower() for g in m.groups() if g), "day")
        period = "day" if period in ("yesterday", "tomorrow") else period
        found.setdefault(period, []).append(Mention(m.start(), m.end(), m.group()))
    return found


#: words that ask for the state at the start of a problem ("how many did she have *at first*")
_START = re.compile(r"(?<![A-Za-z])(?:initial(?:ly)?|original(?:ly)?|at\s+first|first|to\s+(?:begin|start)\s+with|at\s+"
                    r"the\s+(?:start|beginning)|in\s+the\s+beginning|before|earlier|after|until|till|when|while|by\s+"
                    r"the\s+time)(?![A-Za-z])", re.IGNORECASE)
#: a question for a duration: its "before" is where the duration ends ("how many years before he earns")
_DURATION = re.compile(r"(?<![A-Za-z])how\s+(?:long|many\s+(?:years|months|weeks|days|hours|minutes|seconds|times))"
                       r"(?![A-Za-z])", re.IGNORECASE)
#: "before" and what follows it to the end of the clause
_BEFORE = re.compile(r"(?<![A-Za-z])before\s+[^?.!,;]*[A-Za-z0-9]", re.IGNORECASE)


def asked_time_shift(pair: QuestionPair) -> list[tuple[Mention, Mention]]:
    """The asked quantity moved to another point of the story: the asking clause of one text asks for it
    *before* an event of the problem (a "before" phrase naming a word of the problem's story: "how many did
    he have left *before he ate the 15*") and the other's asks for it with no start or "before" at all ("how
    many does he have left"). ``(question's words, paraphrase's words)``. A question that already asks for
    the start ("at first", "initially", "the original price") or names a time point of its own ("after",
    "until", "when") may be written with "before" an event; a question for a duration ends it "before" an
    event ("how many years before he earns"); a "before" with a modal is a purpose ("before he can buy it")."""
    question, paraphrase = pair.question, pair.paraphrase
    q_clause, p_clause = asking_clause(question), asking_clause(paraphrase)
    if q_clause is None or p_clause is None:
        return []
    found = []
    for doc, clause, other_doc, other in ((paraphrase, p_clause, question, q_clause),
                                          (question, q_clause, paraphrase, p_clause)):
        before = _BEFORE.search(doc.text, clause.start, clause.end)
        if before is None or _START.search(other_doc.text, other.start, other.end) or any(
                _DURATION.search(d.text, c.start, c.end) for d, c in ((doc, clause), (other_doc, other))):
            continue
        story = {w for t in other_doc.doc if t.idx < other.start and t.is_alpha and not t.is_stop
                 for w in (t.lower_, (t.lemma_ or t.text).lower())}
        story |= {t.text for t in other_doc.doc if t.idx < other.start and t.like_num}
        span = doc.doc.char_span(before.start(), before.end(), alignment_mode="expand")
        if span is None or any(t.tag_ == "MD" for t in span) or not any((t.lemma_ or t.text).lower() in story or t.lower_ in story
                                   for t in span[1:] if not t.is_stop or t.like_num):
            continue
        said = Mention(before.start(), before.end(), doc.text[before.start():before.end()])
        found.append((other, said) if doc is paraphrase else (said, other))
    return found


def changed_time_points(pair: QuestionPair) -> list[tuple[Mention, Mention]]:
    """The question's time points written as other time points: ``(question's words, paraphrase's words)``
    for a clock time read in the other half of the day ("9:00 a.m." -> "9:00 p.m."), a month replaced by
    another ("4 days in March" -> "4 days in February"), a relative reference turned the other way ("the
    previous day" -> "the next day") or measured in another unit of time ("the previous day" -> "the previous
    hour", :data:`_UNIT_PERIODS`), and the asked quantity moved before an event of the story
    (:func:`asked_time_shift`)."""
    question, paraphrase = pair.question, pair.paraphrase
    found: list[tuple[Mention, Mention]] = []
    q_clock, p_clock = clock_times(question), clock_times(paraphrase)
    p_minutes = {minutes for _, minutes, known in p_clock if known}
    p_loose = {minutes % 720 for _, minutes, known in p_clock if not known}
    for q_m, minutes, known in q_clock:
        if not known or minutes in p_minutes or minutes % 720 in p_loose:
            continue
        other = next((p_m for p_m, p_min, p_known in p_clock if p_known and p_min % 720 == minutes % 720), None)
        if other is not None:  # the same reading on the clock, the other half of the day
            found.append((q_m, other))
    q_months, p_months = months(question), months(paraphrase)
    p_names = {m.text.lower() for m in p_months}
    q_names = {m.text.lower() for m in q_months}
    lost = [m for m in q_months if m.text.lower() not in p_names]
    new = [m for m in p_months if m.text.lower() not in q_names]
    found.extend(zip(lost, new))
    q_back, q_fwd = _relative(question, _BACKWARD), _relative(question, _FORWARD)
    p_back, p_fwd = _relative(paraphrase, _BACKWARD), _relative(paraphrase, _FORWARD)
    for period in set(q_back) | set(q_fwd):
        for q_side, p_same, p_other, q_other in ((q_back, p_back, p_fwd, q_fwd), (q_fwd, p_fwd, p_back, q_back)):
            q_refs = q_side.get(period, [])
            if len(q_refs) > len(p_same.get(period, [])) and len(p_other.get(period, [])) > len(
                    q_other.get(period, [])):
                found.append((q_refs[-1], p_other[period][-1]))
    for q_side, p_side in ((q_back, p_back), (q_fwd, p_fwd)):  # the same way, another unit of time
        lost = sorted(k for k in q_side if k in _UNIT_PERIODS and len(q_side[k]) > len(p_side.get(k, [])))
        new = sorted(k for k in p_side if k in _UNIT_PERIODS and len(p_side[k]) > len(q_side.get(k, [])))
        found.extend((q_side[a][-1], p_side[b][-1]) for a, b in zip(lost, new))
    return found + asked_time_shift(pair)
