"""Converted: which numbers of a paraphrase may be a number of the question once units are read.

A number is compared across a pair by its value ("$4" in both texts), but a rewording may write a quantity in
another unit ("2 pounds" -> "32 ounces"). Then a number of the paraphrase with the value of a question's number
may be *another* quantity of the question converted ("each jar holds 16 ounces; 3 lids weigh 1 pound" -> "...;
3 lids weigh 16 ounces": the second "16" is the lids' pound), and the question's number may be kept under
another value ("each bag weighs 32 ounces"). :mod:`paraqd.analysis.per_item` and
:mod:`paraqd.analysis.per_period` read a number per item or per period through these.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from .document import NumberMention
from .quantities import same_quantity
from .terms import quantity_mentions

if TYPE_CHECKING:
    from .pair import QuestionPair


def same_measure(pair: QuestionPair, at: list[NumberMention], p_mentions: list[NumberMention]) -> list[NumberMention]:
    """The mentions of ``p_mentions`` that may be the quantity of the question's ``at``: when ``at`` measure
    units, those that measure one of them or none ("10 *days*" is not "10 *hours* a day"); never one that is
    another quantity of the question written in another unit (:func:`converted_other`)."""
    units = {u.unit.name for n, u in quantity_mentions(pair.question) if n in at}
    measured = {n.start: u.unit.name for n, u in quantity_mentions(pair.paraphrase)}
    others = converted_other(pair, at)
    return [n for n in p_mentions if (not units or measured.get(n.start) in units or n.start not in measured)
            and n.start not in others]


def converted_other(pair: QuestionPair, at: list[NumberMention]) -> set[int]:
    """The starts of the paraphrase's numbers that write another quantity of the question than ``at`` in
    another unit: "weigh *16 ounces*" for the question's "weigh 1 pound", "*$30*" for "3000 cents", when the
    paraphrase writes that quantity as the question does less often than the question (it was converted). Its
    value may equal ``at``'s ("each jar holds 16 ounces" and "3 lids weigh 1 pound" -> "... weigh 16 ounces"),
    but it is the converted quantity, not the number of ``at``."""
    starts = {n.start for n in at}
    written = Counter((n.value, u.unit.name) for n, u in quantity_mentions(pair.question))
    written.subtract((n.value, u.unit.name) for n, u in quantity_mentions(pair.paraphrase))
    q_quants = [(n, u) for n, u in quantity_mentions(pair.question)
                if n.start not in starts and written[(n.value, u.unit.name)] > 0]
    return {n.start for n, u in quantity_mentions(pair.paraphrase) if any(
        q.unit.name != u.unit.name and q_n.value != n.value and same_quantity(q_n.value, q.unit, n.value, u.unit)
        for q_n, q in q_quants)}


def converted_same(pair: QuestionPair, at: list[NumberMention]) -> list[NumberMention]:
    """The paraphrase's numbers that write the quantity of ``at`` in another unit ("each bag weighs *32
    ounces*" for "each bag weighs 2 pounds"): mentions of ``at`` under another value."""
    units = [(n, u) for n, u in quantity_mentions(pair.question) if n in at]
    return [n for n, u in quantity_mentions(pair.paraphrase) if any(
        q.unit.name != u.unit.name and q_n.value != n.value and same_quantity(q_n.value, q.unit, n.value, u.unit)
        for q_n, q in units)]
