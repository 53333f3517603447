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

from .document import Mention, QuestionDoc

if TYPE_CHECKING:
    from .pair import QuestionPair

WEEKDAYS = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")
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


def _day_words(text: str) -> set[str]:
    return {m.group().lower().rstrip("s") for m in _DAY_WORD.finditer(text)}


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
