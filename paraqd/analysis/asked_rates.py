"""The direction of an asked rate: "how many *stop signs per mile*" -> "how many *miles per stop sign*".

A question that asks for a rate names the thing counted and the item it is counted per: "how many pages *per*
minute", "how many minutes does each page take *for every* page". The paraphrase that asks for the same two
things the other way round ("how many minutes per page") asks for the inverse of the rate, another quantity
(its reciprocal), whatever the story says. :func:`inverted_rates` reads, in each asking sentence, the counted
noun (the asked noun, :attr:`~paraqd.analysis.asked.Ask.noun`) and the noun after "per", "for each" or "for
every" (the last noun of its phrase: "per stop *sign*"), and compares the two pairs of lemmas.
"""

from __future__ import annotations

from .asked import Ask, find_ask
from .asked_quantity import AskedChange
from .document import Mention, QuestionDoc
from .terms import token_lemma

#: words after which a noun is the item a rate is counted per ("*per* mile", "*for each* page")
_PER = frozenset({"per"})
_FOR_EACH = frozenset({"each", "every"})


def _rate(doc: QuestionDoc, ask: Ask) -> tuple[str, str, Mention] | None:
    """The asked rate of ``doc``: the counted noun's lemma, the lemma of the noun it is counted per, and the
    words from the counted noun to that noun ("stop signs per mile"); ``None`` when the asking sentence counts
    nothing per an item."""
    span = doc.span(ask.sentence)
    if span is None or ask.noun is None or ask.noun_span is None:
        return None
    toks = list(span)
    for k, tok in enumerate(toks):
        per = tok.lower_ in _PER or (tok.lower_ in _FOR_EACH and k > 0 and toks[k - 1].lower_ == "for")
        if not per:
            continue
        phrase = []
        for t in toks[k + 1:]:
            if t.pos_ in ("NOUN", "PROPN"):
                phrase.append(t)
            elif phrase or t.pos_ not in ("DET", "ADJ", "NUM"):
                break
        if not phrase:
            continue
        base = token_lemma(phrase[-1])
        if base == ask.noun:
            continue
        start, end = min(ask.noun_span.start, tok.idx), phrase[-1].idx + len(phrase[-1])
        if ask.noun_span.start > tok.idx:  # "for each page, how many minutes": the rate told from its item
            start, end = tok.idx, ask.noun_span.end
        return ask.noun, base, Mention(start, end, doc.text[start:end])
    return None


def inverted_rates(question: QuestionDoc, paraphrase: QuestionDoc) -> list[AskedChange]:
    """The paraphrase asks for the inverse of the question's rate: its counted noun is the noun the question
    counts per, and the other way round ("stop signs per mile" -> "miles per stop sign"). A change ``what``
    "inverted", ``old`` and ``new`` the words of each rate."""
    q_ask, p_ask = find_ask(question), find_ask(paraphrase)
    if q_ask is None or p_ask is None:
        return []
    q_rate, p_rate = _rate(question, q_ask), _rate(paraphrase, p_ask)
    if q_rate is None or p_rate is None:
        return []
    if q_rate[0] == p_rate[1] and q_rate[1] == p_rate[0]:
        return [AskedChange("inverted", (q_rate[2],), (p_rate[2],), "rate", "inverse")]
    return []


