"""How many periods the asked quantity spans: one named day or month, a range of them, or a number of them.

"How many bags did they rake *on Wednesday*?" asks for one day's quantity; "how many bags did they rake *over
the three days*?" for the sum over three days; "how far did he drive *during these 5 days*?" and "... *from
Monday to Wednesday*?" ask for five days and three. A rewording says the same span in other words ("from
Monday to Friday" for "these 5 days", "in March" for "during March"); a paraphrase whose asking clause spans
another number of periods of the same unit asks for another quantity of the story.

:func:`span_changes` reads, from the words of each asking clause that say the asked quantity
(:func:`~paraqd.analysis.asked_quantity.asked_tokens`), the spans it names per unit ("day" for weekdays,
"month" for months):

- **named time points**: weekdays and months. A bound ("*by* Wednesday", "*until* July") spans from a start the clause does not name and is not read. A range ("from *Monday* to *Wednesday*", "*March* through
  *July*") spans every period from its first to its last (3 and 5); points named apart ("on *Monday* and
  *Tuesday*") one period each (2); one point one period;
- **a number of periods**: a cardinal counting the unit ("these *5 days*", "the *three days*", "*2 months*"). An
  ordinal ("the third day") names one point, not a span, and is not read.

Both clauses must read a span of the same unit, and the spans must differ, for a change
(:class:`~paraqd.analysis.asked_quantity.AskedChange` ``"span"``). A clause that reads two different spans of one
unit (a number and a range that disagree) is not read. Every word read here is a closed class: the names of
weekdays and months, cardinal numbers, and the range prepositions.
"""

from __future__ import annotations

from .asked_quantity import AskedChange, AskedQuantity, asked_quantity, asked_tokens
from .days import MONTHS
from .document import Mention, QuestionDoc
from .numbers import TEEN_WORDS, UNIT_WORDS
from .terms import WEEKDAYS, token_lemma

#: the words that join the two ends of a range of named periods ("Monday *to* Wednesday", "March *through* July")
_RANGE_WORDS = frozenset({"to", "through", "thru", "till", "until", "-", "–"})
#: prepositions that make a named period a bound, not a span ("*by* Wednesday", "*until* July", "*after*
#: Monday"): the quantity they ask for runs from or to a point the clause does not name
_BOUNDS = frozenset({"by", "until", "till", "through", "thru", "since", "before", "after"})
#: the named periods of each unit, in order (a range counts the periods from its first to its last)
_CYCLES = {"day": WEEKDAYS, "month": MONTHS}
#: the nouns that count each unit ("5 *days*", "two *months*")
_UNIT_NOUNS = {"day": "day", "month": "month"}


def span_changes(question: QuestionDoc, paraphrase: QuestionDoc) -> list[AskedChange]:
    """``[AskedChange("span", ...)]`` when both asking clauses span a number of periods of one unit and the
    numbers differ (see the module docstring); ``old`` / ``new`` are the words that say each span, ``old_kind``
    / ``new_kind`` the number of periods as text ("1 day", "3 days")."""
    q, p = asked_quantity(question), asked_quantity(paraphrase)
    if q is None or p is None:
        return []
    q_spans, p_spans = _spans(question, q), _spans(paraphrase, p)
    for unit, (q_count, q_words) in q_spans.items():
        if unit in p_spans and p_spans[unit][0] != q_count:
            p_count, p_words = p_spans[unit]
            return [AskedChange("span", q_words, p_words, _periods(q_count, unit), _periods(p_count, unit))]
    return []


def _periods(count: int, unit: str) -> str:
    return f"{count} {unit}" + ("" if count == 1 else "s")


def _spans(doc: QuestionDoc, aq: AskedQuantity) -> dict[str, tuple[int, tuple[Mention, ...]]]:
    """Unit -> (the number of periods the asking clause spans, the words that say it), for the units whose
    readings agree."""
    words = asked_tokens(doc, aq.ask)
    readings: dict[str, set[tuple[int, tuple[Mention, ...]]]] = {}
    for unit, cycle in _CYCLES.items():
        named = [t for t in words if _named(t, cycle) is not None]
        span = _named_span(named, cycle) if named else None
        if span is not None:
            readings.setdefault(unit, set()).add(span)
        for tok in words:
            if token_lemma(tok) != _UNIT_NOUNS[unit] or tok.pos_ != "NOUN":
                continue
            count = next((c for c in tok.children if c.dep_ == "nummod" and c.like_num), None)
            value = _cardinal(count) if count is not None else None
            if value is not None:
                start = count.idx
                readings.setdefault(unit, set()).add(
                    (value, (Mention(start, tok.idx + len(tok), doc.text[start:tok.idx + len(tok)]),)))
    out = {}
    for unit, found in readings.items():
        counts = {c for c, _ in found}
        if len(counts) == 1:
            out[unit] = min(found, key=lambda r: r[1][0].start)
    return out


def _named(tok, cycle) -> int | None:
    """The position of the period ``tok`` names in ``cycle`` ("Wednesday" -> 2, "Mondays" -> 0), or ``None``."""
    word = tok.lower_
    if word in cycle:
        return cycle.index(word)
    if word.endswith("s") and word[:-1] in cycle:
        return cycle.index(word[:-1])
    return None


def _named_span(named: list, cycle) -> tuple[int, tuple[Mention, ...]] | None:
    """The number of periods named time points span: a range from the first to the last when a range word joins
    them, else one period for each distinct point named when they are joined ("on Monday *and* Tuesday"), the
    first a conjunct of the others; ``None`` for points compared ("in January *than* in December")."""
    mentions = tuple(Mention(t.idx, t.idx + len(t), t.text) for t in named)
    if len(named) == 2:
        first, last = named
        between = [t.lower_ for t in first.doc[first.i + 1:last.i]]
        if len(between) == 1 and between[0] in _RANGE_WORDS:
            count = (_named(last, cycle) - _named(first, cycle)) % len(cycle) + 1
            return count, mentions
    if any(not _joined(t, named[0]) for t in named[1:]):
        return None
    if any(t.i > 0 and t.nbor(-1).lower_ in _BOUNDS for t in named):
        return None  # "by Wednesday": everything up to it, from a start the clause does not name
    return len({_named(t, cycle) for t in named}), mentions


def _joined(tok, first) -> bool:
    """Whether ``tok`` is a conjunct of ``first`` (directly or through other conjuncts)."""
    while tok.dep_ == "conj" and tok.head.i != tok.i:
        tok = tok.head
        if tok.i == first.i:
            return True
    return False


#: "one" to "twelve", the words a count of days or months is written with
_WORD_NUMBERS = {w: v for w, v in {**UNIT_WORDS, **TEEN_WORDS}.items() if 1 <= v <= 12}


def _cardinal(tok) -> int | None:
    """The whole number a cardinal token writes ("5", "three"), or ``None``."""
    text = tok.lower_.replace(",", "")
    if text.isdigit():
        return int(text)
    return _WORD_NUMBERS.get(text)
