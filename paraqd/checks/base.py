"""The interface every critical-information check implements."""

from __future__ import annotations

import abc
import functools
import inspect

from ..analysis.document import QuestionDoc
from ..analysis.pair import QuestionPair
from .findings import Finding


class Check(abc.ABC):
    """Compares an analysed question with an analysed paraphrase and reports what did not survive.

    Subclasses set :attr:`name` and implement ``compare(self, pair)`` over a
    :class:`~paraqd.analysis.pair.QuestionPair`, reading everything about both texts from the pair (its one
    alignment, renames, swaps, copied share...) and from :mod:`paraqd.analysis`; they never parse text and
    never import another check. Whatever a subclass writes, the base class lets its ``compare`` be called
    both ways, ``compare(pair)`` (what the checker does) and ``compare(question_doc, paraphrase_doc)``; a
    check written against the older two-document signature ``compare(self, question, paraphrase)`` keeps
    working and is given the pair's two documents.
    """

    name: str = ""

    def __init_subclass__(cls, **kwargs) -> None:
        super().__init_subclass__(**kwargs)
        compare = cls.__dict__.get("compare")
        if compare is None or getattr(compare, "__isabstractmethod__", False) or hasattr(compare, "_either_way"):
            return
        params = [p for p in inspect.signature(compare).parameters.values()
                  if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)]
        cls.compare = _on_documents(compare) if len(params) >= 3 else _on_pair(compare)

    @abc.abstractmethod
    def compare(self, pair: QuestionPair) -> list[Finding]:
        """The findings for one pair (an empty list when the paraphrase preserves what this check covers)."""

    def __repr__(self) -> str:
        return f"{type(self).__name__}()"


def _on_pair(compare):
    """``compare(self, pair)``, callable as ``compare(question_doc, paraphrase_doc)`` as well."""
    @functools.wraps(compare)
    def either_way(self, pair: QuestionPair | QuestionDoc, paraphrase: QuestionDoc | None = None) -> list[Finding]:
        return compare(self, pair if paraphrase is None else QuestionPair(pair, paraphrase))

    either_way._either_way = True
    return either_way


def _on_documents(compare):
    """An older ``compare(self, question, paraphrase)``, callable as ``compare(pair)`` as well."""
    @functools.wraps(compare)
    def either_way(self, pair: QuestionPair | QuestionDoc, paraphrase: QuestionDoc | None = None) -> list[Finding]:
        if paraphrase is None:
            return compare(self, pair.question, pair.paraphrase)
        return compare(self, pair, paraphrase)

    either_way._either_way = True
    return either_way
