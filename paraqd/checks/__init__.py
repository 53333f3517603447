"""Explainable critical-information checks: why a paraphrase does (not) preserve a word problem.

:class:`CriticalInfoChecker` compares a question with its paraphrase on what the solution depends on:
numeric values (:mod:`.numbers`), units (:mod:`.units`), named entities and key nouns (:mod:`.entities`) and
the question itself (:mod:`.question`). Each difference is a :class:`Finding` with a severity, a message for
a teacher and the character spans involved; a :class:`CheckResult` gathers them into a verdict.
"""

from .base import Check
from .checker import CriticalInfoChecker, checks, create_check, default_checks, register_check
from .content import ContentCheck
from .entities import EntityCheck
from .findings import CheckResult, Finding, Severity
from .numbers import NumberCheck
from .question import QuestionCheck
from .synonyms import WordSimilarity
from .units import UnitCheck

__all__ = [
    "Check", "CheckResult", "ContentCheck", "CriticalInfoChecker", "EntityCheck", "Finding", "NumberCheck",
    "QuestionCheck", "Severity", "UnitCheck", "WordSimilarity", "checks", "create_check", "default_checks",
    "register_check",
]
