"""Comparatives of compared values: a difference ("16 inches *lesser* than") whose comparative turned to the other
pole of another scale ("16 inches *farther* than").

:func:`paraqd.analysis.relations.relation_words` reads each comparative's scale and pole (amount, length,
distance, age, ...); the relation check counts flips within one scale. A compared value's comparative can also
change scale while it changes pole: the number, read with :func:`paraqd.analysis.compared.comparisons` (a
difference), is now added where it was taken away. A comparison read from the other side ("A is 5 years older
than B" -> "B is 5 years younger than A") is the same relation (:func:`~paraqd.analysis.relations.swapped_operands`).
"""

from __future__ import annotations

from collections import defaultdict
from typing import TYPE_CHECKING

from .compared import ASKED, DIFFERENCE, comparisons
from .document import Mention, QuestionDoc
from .relations import RelationLexicon, relation_words, swapped_operands

if TYPE_CHECKING:
    from .pair import QuestionPair


def flipped_differences(pair: QuestionPair, lexicon: RelationLexicon) -> list[tuple[Mention, Mention]]:
    """A compared value whose comparative turned to the other pole *of another scale*: "16 inches *lesser* than
    the frog" -> "16 inches *farther* than the frog" (the same number, now added instead of taken away). A
    comparison read from the other side ("A is 5 years older than B" -> "B is 5 years younger than A",
    :func:`swapped_operands`) is the same relation; a change within one scale is the scale count's
    (:class:`~paraqd.checks.relations.RelationCheck`). ``(question's word, paraphrase's word)`` each."""
    question, paraphrase = pair.question, pair.paraphrase
    q_values, p_values = _compared_values(question, lexicon), _compared_values(paraphrase, lexicon)
    found = []
    for value, q_list in q_values.items():
        p_list = p_values.get(value, [])
        if len(p_list) != len(q_list):
            continue
        for (q_key, q_m), (p_key, p_m) in zip(q_list, p_list):
            if (q_key[0] != p_key[0] and q_key[1] != p_key[1]
                    and not swapped_operands(question, q_m, paraphrase, p_m)):
                found.append((q_m, p_m))
    return found


def _compared_values(doc: QuestionDoc, lexicon: RelationLexicon) -> dict[tuple, list]:
    """Value -> ``((scale, pole), comparative)`` for each number that compares as a difference ("16 inches
    *lesser* than") with a comparative of the lexicon."""
    poles = {m.start: (key, m) for key, ms in relation_words(doc, lexicon).items() if key[0] != "negation"
             for m in ms}
    found: dict[tuple, list] = defaultdict(list)
    for key, way, mention in comparisons(doc):
        if way != DIFFERENCE or key == ASKED:
            continue
        span = doc.span(mention)
        hit = poles.get(span[-1].idx) if span is not None else None
        if hit is not None:
            found[key].append(hit)
    return found
