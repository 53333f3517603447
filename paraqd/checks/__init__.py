"""Explainable critical-information checks: why a paraphrase does (not) preserve a word problem.

:class:`CriticalInfoChecker` compares a question with its paraphrase on what the solution depends on:
numeric values (:mod:`.numbers`), units (:mod:`.units`), named entities and key nouns (:mod:`.entities`) and
the question itself (:mod:`.question`), relation words (:mod:`.relations`) and content words
(:mod:`.content`). Each difference is a :class:`Finding` with a kind (:class:`FindingKind`, every kind listed
in :mod:`.kinds`), a severity, a message for a teacher and the character spans involved; a
:class:`CheckResult` gathers them into a verdict. Each check compares one
:class:`~paraqd.analysis.pair.QuestionPair` (``compare(pair)``) and imports only :mod:`paraqd.analysis`,
:mod:`.base`, :mod:`.findings`, :mod:`.kinds` and :mod:`.synonyms`, never another check.
"""

from .base import Check
from .checker import CriticalInfoChecker, checks, create_check, default_checks, register_check
from .content import ContentCheck
from .entities import EntityCheck
from .findings import CheckResult, Finding, Severity
from .kinds import FindingKind
from .numbers import NumberCheck
from .question import QuestionCheck
from .synonyms import WordSimilarity
from .units import UnitCheck

__all__ = [
    "Check", "CheckResult", "ContentCheck", "CriticalInfoChecker", "EntityCheck", "Finding", "FindingKind",
    "NumberCheck", "QuestionCheck", "Severity", "UnitCheck", "WordSimilarity", "checks", "create_check", "default_checks",
    "register_check",
]
