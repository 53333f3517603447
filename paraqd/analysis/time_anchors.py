"""Time points attached to the problem's numbers and to the asked quantity, and their moves (issue 24).

A problem that says *when* a value holds computes with it: "This year he makes $200,000" and "How much will
he make *this year*" meet at one year; "In eight more years, Brian will be 40" fixes Brian's age eight years
ahead. A rewording that moves such a time point ("this year" -> "last year", "in eight more years" -> "eight
years ago", "how much ... this year" -> "... next year") asks another problem, though every number is kept.

:func:`time_points` reads the references to a time counted from the moment of telling, each as a
:class:`TimePoint` (a unit of time and how many of them from now: "yesterday" is one day back, "next year"
one year ahead, "now" and "this morning" the present); :func:`anchor_of` gives the time point of the clause a
stretch of text stands in (one written in its own sentence: a time point a retelling names elsewhere is
setting, not the number's); :func:`moved_time_points` compares the two texts:

* a number of both texts written at two different time points, neither of them written in the other text's
  sentence of the number ("This year, he made $600" -> "Last year, he made $600");
* the asked clause asking at another time point ("How much does he earn this year" -> "... next year");
* the question's sentences with numbers naming no time point and no days of their own ("on Saturday ... on
  Sunday" told as "yesterday ... today" is a rename), the paraphrase's numbers at two different ones ("7 emails
  in the morning ... 9 in the day" -> "9 emails yesterday ... 7 this morning").

The asked span's length ("in one week" -> "in two weeks") is not compared here: read from the asking clause, it
took a rate's period folded into a question moved first for the span asked over, and turned a valid rewording
invalid on held-out data (session 20).

A time counted from a day of the story ("the next day", "the previous year") is not told apart from one counted
from now: "On Monday ... the next day" may be retold as "yesterday ... today".

A time point added to the whole story ("Yesterday Ana baked 12 rolls ...") moves nothing: every number stays
at one time, and a time point that is in no sentence with a number or the question enters no computation.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING

from .asked import asking_clause
from .document import Mention, QuestionDoc
from .numbers import TEEN_WORDS, UNIT_WORDS
from .terms import clause_verb

if TYPE_CHECKING:
    from .pair import QuestionPair

__all__ = ["TimeMove", "TimePoint", "anchor_of", "clause_head", "moved_time_points",
           "numbers_in_both", "sentence_of", "time_points", "unique_numbers"]


@dataclass(frozen=True)
class TimePoint:
    """A time counted from the moment of telling: ``offset`` units of ``unit`` ahead (negative: back). The
    present is ``offset == 0`` whatever the unit ("now" = "today" = "this year"). ``story``: counted from a
    time the story names ("the next day", "the previous year", "the day before"), not from now."""

    mention: Mention
    unit: str
    offset: int
    story: bool = False

    def same_time(self, other: TimePoint) -> bool:
        """Whether the two may name one time: both the present, or the same number of the same unit on the
        same side of now. Two units on one side ("last week" / "yesterday") are not told apart, nor a time
        counted from the story's own day and one counted from now ("on Monday ... the next day" may be
        "yesterday ... today")."""
        if self.story != other.story:
            return True
        if self.offset == 0 or other.offset == 0:
            return self.offset == other.offset
        if (self.offset > 0) != (other.offset > 0):
            return False
        return self.unit != other.unit or self.offset == other.offset


_UNITS = {"minute": "minute", "hour": "hour", "day": "day", "night": "day", "morning": "day", "afternoon": "day",
          "evening": "day", "week": "week", "weekend": "week", "month": "month", "year": "year",
          "decade": "decade"}
_UNIT = r"(?P<unit>minute|hour|day|night|morning|afternoon|evening|week|weekend|month|year|decade)s?"
_WORD_NUMBERS = {"a": 1, "an": 1, **{w: v for w, v in {**UNIT_WORDS, **TEEN_WORDS}.items() if 1 <= v <= 12},
                 "fifteen": 15, "twenty": 20, "thirty": 30}
_COUNT = r"(?P<n>\d+|" + "|".join(_WORD_NUMBERS) + r")"

#: (pattern, offset sign or fixed offset): the longer forms first, their stretch is taken before the shorter
_POINTS: list[tuple[re.Pattern[str], int]] = [
    (re.compile(r"\bthe\s+day\s+before\s+yesterday\b", re.IGNORECASE), -2),
    (re.compile(r"\bthe\s+day\s+after\s+tomorrow\b", re.IGNORECASE), 2),
    (re.compile(rf"\b{_COUNT}\s+(?:more\s+)?{_UNIT}\s+ago\b", re.IGNORECASE), -1),
    (re.compile(rf"\b{_COUNT}\s+(?:more\s+)?{_UNIT}\s+from\s+now\b", re.IGNORECASE), 1),
    (re.compile(rf"\bin\s+(?:another\s+)?{_COUNT}\s+more\s+{_UNIT}\b", re.IGNORECASE), 1),
    (re.compile(r"\byesterday\b", re.IGNORECASE), -1),
    (re.compile(r"\btomorrow\b", re.IGNORECASE), 1),
    (re.compile(rf"\blast\s+{_UNIT}\b", re.IGNORECASE), -1),
    (re.compile(rf"\bthe\s+(?:previous|preceding|prior)\s+{_UNIT}\b", re.IGNORECASE), -1),
    (re.compile(rf"\bthe\s+{_UNIT}\s+before\b", re.IGNORECASE), -1),
    (re.compile(rf"\bthe\s+(?:next|following)\s+{_UNIT}\b", re.IGNORECASE), 1),
    (re.compile(rf"\b(?:next|the\s+coming)\s+{_UNIT}\b", re.IGNORECASE), 1),
    (re.compile(rf"\bthis\s+{_UNIT}\b", re.IGNORECASE), 0),
    (re.compile(r"\b(?:today|tonight)\b", re.IGNORECASE), 0),
    (re.compile(r"\b(?:right\s+now|now|currently|at\s+present|at\s+the\s+moment|presently|these\s+days)\b",
                re.IGNORECASE), 0),
]

def time_points(doc: QuestionDoc) -> list[TimePoint]:
    """Every time of ``doc`` counted from the moment of telling, in text order: "yesterday" (day, -1), "the
    day before yesterday" (day, -2), "next year" (year, 1), "eight years ago" (year, -8), "in eight more
    years" (year, 8), "now", "today", "this morning", "currently" (the present). "The previous day", "the day
    before", "the next day", "the following year" count one unit from the last time the story names
    (``story``), not from now."""
    taken: list[tuple[int, int]] = []
    found = []
    for pattern, sign in _POINTS:
        for m in pattern.finditer(doc.text):
            if any(a < m.end() and m.start() < b for a, b in taken):
                continue
            unit = _UNITS.get((m.groupdict().get("unit") or "day").lower(), "day")
            count = m.groupdict().get("n")
            size = 1 if count is None else (int(count) if count.isdigit() else _WORD_NUMBERS[count.lower()])
            offset = sign if sign in (-2, 0, 2) else sign * size
            taken.append((m.start(), m.end()))
            story = bool(re.match(r"the\s+(?!day\s+(?:before\s+yesterday|after\s+tomorrow)|coming)", m.group(),
                                  re.IGNORECASE))
            found.append(TimePoint(Mention(m.start(), m.end(), m.group()), unit, offset, story))
    return sorted(found, key=lambda p: p.mention.start)


def sentence_of(doc: QuestionDoc, start: int) -> Mention | None:
    """The sentence of ``doc`` the character ``start`` stands in, or ``None``."""
    return next((s for s in doc.sentences if s.start <= start < s.end), None)


def clause_head(doc: QuestionDoc, start: int, end: int, conjoined: bool = False) -> int | None:
    """The index of the verb of the clause the stretch stands in (``conjoined``: up through conjoined verbs,
    "made ... and got" are one clause's), or ``None``."""
    span = doc.doc.char_span(start, end, alignment_mode="expand")
    if span is None:
        return None
    token = clause_verb(span.root)
    while conjoined and token.dep_ == "conj" and token.head.i != token.i:
        token = token.head
    return token.i


def anchor_of(doc: QuestionDoc, start: int, end: int, points: list[TimePoint] | None = None) -> TimePoint | None:
    """The time point written in the sentence of ``doc.text[start:end]`` for it: the only one of the sentence
    (or several that name one time), else the one in the same clause, else ``None`` (a time point of
    another sentence is not read as this one's)."""
    sentence = sentence_of(doc, start)
    if sentence is None:
        return None
    inside = [p for p in (time_points(doc) if points is None else points)
              if sentence.start <= p.mention.start < sentence.end
              and not (p.mention.start <= start < p.mention.end)]
    if not inside:
        return None
    # the time points of its own clause, else of the stretch between commas it stands in ("If Ada is 9, how
    # old is she next year" puts no time on 9), else of its clause with the verbs conjoined to it ("Last
    # year he made $600 and got $40")
    left = max(doc.text.rfind(c, sentence.start, start) for c in ",;:")
    right = min((i for i in (doc.text.find(c, end, sentence.end) for c in ",;:") if i >= 0), default=sentence.end)
    head, whole = clause_head(doc, start, end), clause_head(doc, start, end, conjoined=True)
    for near in ([p for p in inside if head is not None and clause_head(doc, p.mention.start, p.mention.end) == head],
                 [p for p in inside if left < p.mention.start and p.mention.end <= right],
                 [p for p in inside if whole is not None
                  and clause_head(doc, p.mention.start, p.mention.end, conjoined=True) == whole]):
        if near:
            return near[0] if all(p.offset == near[0].offset and p.same_time(near[0]) for p in near) else None
    return None


def unique_numbers(doc: QuestionDoc) -> dict[float, Mention]:
    """The numbers of ``doc`` written once, by value."""
    counts: dict[float, list[Mention]] = {}
    for n in doc.numbers:
        counts.setdefault(n.rounded, []).append(n)
    return {value: ms[0] for value, ms in counts.items() if len(ms) == 1}


def numbers_in_both(pair: QuestionPair) -> list[tuple[Mention, Mention]]:
    """``(question mention, paraphrase mention)`` of each value written once in each text."""
    p_numbers = unique_numbers(pair.paraphrase)
    return [(q_n, p_numbers[value]) for value, q_n in unique_numbers(pair.question).items() if value in p_numbers]


@dataclass(frozen=True)
class TimeMove:
    """A time point of the computation that the paraphrase moved: the question's words, the paraphrase's
    and what moved (a sentence for the explanation)."""

    old: tuple[Mention, ...]
    new: tuple[Mention, ...]
    message: str


def _sentence_points(doc: QuestionDoc, points: list[TimePoint], start: int) -> list[TimePoint]:
    sentence = sentence_of(doc, start)
    return [p for p in points if sentence is not None and sentence.start <= p.mention.start < sentence.end]


def _number_moves(pair: QuestionPair, q_points, p_points) -> list[TimeMove]:
    """A number of both texts (written once in each) at two different time points, where neither time is
    also written in the other text's sentence of the number ("9 years from now he will be 3 times as old as
    11 years ago" read with the other time point is the same sentence)."""
    question, paraphrase = pair.question, pair.paraphrase
    found = []
    for q_n, p_n in numbers_in_both(pair):
        q_at = anchor_of(question, q_n.start, q_n.end, q_points)
        p_at = anchor_of(paraphrase, p_n.start, p_n.end, p_points)
        if q_at is None or p_at is None or q_at.same_time(p_at):
            continue
        if any(p.same_time(q_at) for p in _sentence_points(paraphrase, p_points, p_n.start)) or any(
                p.same_time(p_at) for p in _sentence_points(question, q_points, q_n.start)):
            continue
        found.append(TimeMove((q_at.mention,), (p_at.mention,),
                              f'{q_n.text} is at "{q_at.mention.text}" in the question but at '
                              f'"{p_at.mention.text}" in the paraphrase, another time'))
    return found


def _asked_moves(pair: QuestionPair, q_points, p_points) -> list[TimeMove]:
    """The asking clause asking at another time point."""
    question, paraphrase = pair.question, pair.paraphrase
    q_clause, p_clause = asking_clause(question), asking_clause(paraphrase)
    if q_clause is None or p_clause is None:
        return []
    q_at = [p for p in q_points if q_clause.start <= p.mention.start < q_clause.end]
    p_at = [p for p in p_points if p_clause.start <= p.mention.start < p_clause.end]
    if not q_at or not p_at or any(a.same_time(b) for a in q_at for b in p_at):
        return []
    old, new = q_at[-1].mention, p_at[-1].mention
    return [TimeMove((old,), (new,), f'the question asks about "{old.text}", the paraphrase about "{new.text}", '
                                     "another time")]


_OWN_TIMES = re.compile(
    r"\b(?:mon|tues|wednes|thurs|fri|satur|sun)days?\b|\b(?:january|february|march|april|june|july|august"
    r"|september|october|november|december)\b|\b(?:first|second|third|fourth|fifth|sixth|seventh|last|final"
    r"|1st|2nd|3rd|[4-9]th|next|following|previous|other)\s+(?:day|night|week|weekend|month|year)s?\b"
    r"|\b(?:day|week|month|year)\s+(?:\d+|one|two|three|four|five)\b", re.IGNORECASE)


def _split_moves(pair: QuestionPair, q_points, p_points) -> list[TimeMove]:
    """The sentences of the question's numbers name no time point, the paraphrase writes its numbers at two
    different ones: the paraphrase puts facts of one time at two."""
    question, paraphrase = pair.question, pair.paraphrase
    sentences = {sentence_of(question, n.start) for n in question.numbers}
    if any(sentence_of(question, p.mention.start) in sentences for p in q_points):
        return []  # the question's own facts lie at times of their own
    if any(s is not None and _OWN_TIMES.search(s.text) for s in sentences):
        return []  # days the story names itself ("on Saturday ... on Sunday"), told from now in the paraphrase
    p_times = [a for n in paraphrase.numbers if (a := anchor_of(paraphrase, n.start, n.end, p_points)) is not None]
    two = next(((a, b) for a in p_times for b in p_times if a.mention.start < b.mention.start
                and not a.same_time(b)), None)
    if two is None:
        return []
    a, b = two
    return [TimeMove((), (a.mention, b.mention),
                     f'the paraphrase puts the problem\'s numbers at two different times ("{a.mention.text}", '
                     f'"{b.mention.text}"), the question at no time counted from now')]


def moved_time_points(pair: QuestionPair) -> list[TimeMove]:
    """The time points of the computation moved by the paraphrase (see the module's docstring for the three
    ways). Empty when the question writes no time point the paraphrase moves."""
    question, paraphrase = pair.question, pair.paraphrase
    q_points, p_points = time_points(question), time_points(paraphrase)
    found = _number_moves(pair, q_points, p_points) + _asked_moves(pair, q_points, p_points)
    if not found:
        found = _split_moves(pair, q_points, p_points)
    seen: set[tuple[int, ...]] = set()
    unique = []
    for move in found:
        key = tuple(m.start for m in move.old + move.new)
        if key not in seen:
            seen.add(key)
            unique.append(move)
    return unique
