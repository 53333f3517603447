"""The interface every critical-information check implements."""

from __future__ import annotations

import abc

from ..analysis.document import QuestionDoc
from .findings import Finding


class Check(abc.ABC):
    """Compares an analysed question with an analysed paraphrase and reports what did not survive.

    Subclasses set :attr:`name` and implement :meth:`compare`; they never parse text themselves: both
    documents come from :class:`~paraqd.analysis.Analyzer`, once per text.
    """

    name: str = ""

    @abc.abstractmethod
    def compare(self, question: QuestionDoc, paraphrase: QuestionDoc) -> list[Finding]:
        """The findings for one pair (an empty list when the paraphrase preserves what this check covers)."""

    def __repr__(self) -> str:
        return f"{type(self).__name__}()"
