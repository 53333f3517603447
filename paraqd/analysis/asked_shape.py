"""The shape of the asked quantity: a difference or an amount, read here; and, compared across a pair by
:func:`shape_changes`, every other shape its sibling modules read.

:mod:`.asked_quantity` reads the aggregate, the owner and the days of the asked quantity (:mod:`.asked_changes`
compares them); more parts of its information are read from the asking clause's grammar:

- **a difference or an amount** (here). "How many more pages did he read on Saturday *than* on Sunday" asks for
  the gap between two quantities; "how many pages did he read on Saturday" for one of them. A paraphrase that
  asks for a difference where the question compares nothing, or for an amount where the question asks for a
  difference, with no comparing word at all in its asking clause (a comparative, "than", "compared",
  "between", "difference", "exceed", "over", a verb "out-": :func:`~paraqd.analysis.asked_quantity.compares`),
  asks for another quantity. A difference reworded ("by how much does it exceed", "how many fewer ... compared
  with", "the difference between") still compares; "how many more does she need" (no "than") asks what is still
  needed, not a difference;
- **counted per what, one item or all of them**: :mod:`.asked_per`;
- **one person's or a group's**: :mod:`.asked_group`;
- **when** (now, or a time point shifted from it): :mod:`.asked_moments`;
- **kept or moved**: :mod:`.asked_moves`.

Every word read here is closed-class grammar (determiners, pronouns, prepositions, comparative tags,
numerals) or a dependency of the parse; the counted nouns are compared as lemmas.
"""

from __future__ import annotations

from .asked_group import group_for_one
from .asked_moments import other_time
from .asked_moves import spent_for_kept
from .asked_per import one_for_all, per_item_changed, period_changed
from .asked_quantity import (
    DIFFERENCE,
    AskedChange,
    AskedQuantity,
    asked_quantity,
    clause_tokens,
    compares,
)
from .document import Mention, QuestionDoc
from .terms import token_lemma


def shape_changes(question: QuestionDoc, paraphrase: QuestionDoc) -> list[AskedChange]:
    """What the paraphrase's question asks for instead of the question's, in the shape of the quantity (see the
    module docstring): ``what`` is "amount" (a difference for an amount or back), "per" (the counted thing made
    the unit of a part per item, or back), "one" (one item's quantity for all the items the story counts),
    "group" (one person's quantity for a group's), "when", "spent" or "period" (a part per another item or
    period)."""
    q, p = asked_quantity(question), asked_quantity(paraphrase)
    if q is None or p is None:
        return []
    found = (_difference_changed(question, paraphrase, q, p), per_item_changed(question, paraphrase, q, p),
             group_for_one(question, paraphrase, q, p), other_time(question, paraphrase, q, p),
             spent_for_kept(question, paraphrase, q, p), one_for_all(question, paraphrase, q, p),
             period_changed(question, paraphrase, q, p))
    return [change for change in found if change is not None]


def _asking_words(doc: QuestionDoc, aq: AskedQuantity) -> Mention:
    """The words that say what the clause asks: from its start to the asked noun ("How many pages"), or its
    first two words when the noun is not near its start."""
    clause = aq.ask.clause_or_sentence
    noun = aq.ask.noun_span
    end = noun.end if noun is not None and clause.start <= noun.start and len(
        doc.text[clause.start:noun.end].split()) <= 4 else clause.start + len(" ".join(clause.text.split()[:2]))
    return Mention(clause.start, end, doc.text[clause.start:end])


def _difference_changed(question: QuestionDoc, paraphrase: QuestionDoc, q: AskedQuantity,
                        p: AskedQuantity) -> AskedChange | None:
    """A difference asked on one side (:func:`_asked_difference`), an amount on the other (:func:`_amount`)."""
    q_diff, p_diff = _asked_difference(question, q), _asked_difference(paraphrase, p)
    if q_diff is not None and p_diff is None and _amount(paraphrase, p):
        return AskedChange("amount", (q_diff,), (_asking_words(paraphrase, p),), DIFFERENCE, "amount")
    if p_diff is not None and q_diff is None and _amount(question, q):
        return AskedChange("amount", (_asking_words(question, q),), (p_diff,), "amount", DIFFERENCE)
    return None


def _wh_phrase(doc: QuestionDoc, aq: AskedQuantity) -> list:
    """The words of the asking clause from its first wh-word to the first verb or auxiliary after it ("how many
    more pages", "how much taller"), or ``[]``."""
    toks, _main = clause_tokens(doc, aq.ask)
    start = next((k for k, t in enumerate(toks) if t.tag_ in ("WRB", "WDT", "WP")), None)
    if start is None:
        return []
    phrase = []
    for tok in toks[start:]:
        if tok.pos_ in ("AUX", "VERB") or tok.is_punct:
            break
        phrase.append(tok)
    return phrase


def _asked_difference(doc: QuestionDoc, aq: AskedQuantity) -> Mention | None:
    """The words that ask for a difference when the asked quantity itself is one: the difference word (a
    comparative with "than", "difference", "exceed") in the wh-phrase ("how many *more* pages ... than"), said
    of the asked noun, the asked noun itself ("what is the *difference*") or the clause's predicate ("by how
    much does it *exceed*"); a comparative inside a condition of a long asking clause ("if the spirit is 3
    litres *more* than the water, calculate ...") is the problem's, not the asked quantity."""
    mention = aq.aggregates.get(DIFFERENCE)
    if mention is None:
        return None
    tok = next((t for t in doc.doc if t.idx == mention.start), None)
    if tok is None:
        return None
    noun = aq.ask.noun_span
    if (tok in _wh_phrase(doc, aq) or token_lemma(tok) == aq.ask.noun
            or (noun is not None and tok.head.idx == noun.start) or tok.dep_ == "ROOT"):
        return mention
    return None


def _amount(doc: QuestionDoc, aq: AskedQuantity) -> bool:
    """Whether the asking clause asks for an amount: no word of it compares (:func:`compares`), and its
    wh-phrase has no adverb that may say a difference ("how many miles *farther*", "how many hours *ahead*")."""
    return not compares(doc, aq) and not any(t.pos_ == "ADV" and t.tag_ != "WRB" for t in _wh_phrase(doc, aq))


