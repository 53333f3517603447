"""The critical-information checker: all checks on a question/paraphrase pair, with reasons."""

from __future__ import annotations

import logging
import math
from collections.abc import Callable, Iterable, Mapping, Sequence
from contextlib import ExitStack
from typing import TypeVar

from ..analysis import Analyzer, QuestionDoc, default_analyzer
from ..analysis.pair import QuestionPair
from ..errors import InputError
from ..registries import Registry, call_with_accepted
from ..scheduling import TEXTS_PER_PROCESS, parse_processes  # noqa: F401  (TEXTS_PER_PROCESS: re-exported)
from .base import Check
from .comparison import ComparisonCheck
from .content import ContentCheck
from .entities import EntityCheck
from .findings import CheckResult
from .grounding import GroundingCheck
from .numbers import NumberCheck
from .question import QuestionCheck
from .relations import RelationCheck
from .synonyms import WordSimilarity
from .units import UnitCheck

T = TypeVar("T")

logger = logging.getLogger(__name__)


#: The registry of checks (:mod:`paraqd.registries`): a :class:`Check` subclass, or a function returning a
#: check, by name; one that takes ``synonyms`` gets the checker's :class:`WordSimilarity`.
checks = Registry("checks", what="check")

#: The checks the default checker runs, in this order (paraqd's own), before those registered with
#: :func:`register_check` in this process; a check that an installed package exposes through the
#: ``paraqd_checks`` entry point runs only when named (``CriticalInfoChecker(checks=[...])``).
DEFAULT_CHECKS = ("numbers", "units", "entities", "question", "relations", "content", "comparison", "grounding")

_registered_here: list[str] = []


def _run_by_default(name: str) -> None:
    if name not in _registered_here and name not in DEFAULT_CHECKS:
        _registered_here.append(name)


#: Decorator adding a check class (or a function that returns a check): ``@register_check`` (the class's
#: ``name``) or ``@register_check("name")``. A check registered this way runs in the default checker
#: (:func:`default_checks`), after paraqd's own (:data:`DEFAULT_CHECKS`); name some with
#: ``CriticalInfoChecker(checks=[...])``.
register_check = checks.decorator(on_add=_run_by_default)


checks.register("numbers", NumberCheck)
checks.register("units", UnitCheck)
checks.register("entities", EntityCheck)
checks.register("question", QuestionCheck)
checks.register("relations", RelationCheck)
checks.register("content", ContentCheck)
checks.register("comparison", ComparisonCheck)
checks.register("grounding", GroundingCheck)


def create_check(name: str, synonyms=None) -> Check:
    """The registered check ``name``, given ``synonyms`` when it takes them."""
    return call_with_accepted(checks.get(name), synonyms=synonyms)


def default_check_names() -> list[str]:
    """The checks the default checker runs: :data:`DEFAULT_CHECKS`, then those added with
    :func:`register_check` in this process (still registered); entry-point plug-ins are opt-in."""
    local = [name for name in _registered_here if name in checks]
    return [*DEFAULT_CHECKS, *local]


def default_checks(synonyms=None, names: Sequence[str] | None = None) -> list[Check]:
    """The default checks (:func:`default_check_names`; ``names``: those), in order: paraqd's own are the
    numbers, units, entities and key nouns, the question itself, relation words, the content words kept, the
    way each comparison compares (a factor or a difference).

    ``synonyms`` (a :class:`~paraqd.checks.synonyms.WordSimilarity`) lets the entity check accept a noun
    replaced by a synonym in one place, and the content check count a synonym as kept.
    """
    return [create_check(name, synonyms) for name in (default_check_names() if names is None else names)]


class CriticalInfoChecker:
    """Explains whether a paraphrase keeps what the problem needs: numbers, units, names, the question.

    >>> checker = CriticalInfoChecker()
    >>> result = checker.check("John walked 200 kilometres. How long did he walk in terms of metres?",
    ...                        "john walked 200 centimetres. How long did he walk in terms of metres?")
    >>> result.verdict, result.reasons
    ('invalid', ['kilometres became centimetres'])
    """

    def __init__(self, analyzer: Analyzer | None = None, checks: Sequence[Check | str] | None = None,
                 synonyms: WordSimilarity | None = None, strict: bool = False) -> None:
        """``checks``: the checks to run, objects or registered names (default: :func:`default_check_names`);
        ``synonyms`` is given to the checks built here, by name or by default. ``strict`` lets an exception
        raised by a check through (by default it is logged and the pair's result says which check failed:
        :meth:`check_docs`)."""
        if checks is not None and synonyms is not None and not all(isinstance(c, str) for c in checks):
            raise InputError("pass either check objects or synonyms (synonyms configures the checks built by name)")
        self._analyzer = analyzer
        #: let a check's exception through instead of containing it (tests feed data through the checks so)
        self.strict = bool(strict)
        self.checks = [create_check(c, synonyms) if isinstance(c, str) else c
                       for c in (default_checks(synonyms) if checks is None else checks)]

    @property
    def analyzer(self) -> Analyzer:
        if self._analyzer is None:
            self._analyzer = default_analyzer()
        return self._analyzer

    def check_docs(self, question: QuestionDoc, paraphrase: QuestionDoc, index: int | None = None,
                   log: bool = True) -> CheckResult:
        """Run every check on two analysed texts (one :class:`~paraqd.analysis.pair.QuestionPair` for all:
        :meth:`check_pair`)."""
        return self.check_pair(QuestionPair(question, paraphrase), index, log)

    def check_pair(self, pair: QuestionPair, index: int | None = None, log: bool = True) -> CheckResult:
        """Run every check on one pair: each check's ``compare(pair)``, their findings gathered.

        A check that raises is a bug contained: its findings are left out, its name is in the result's
        ``checks_failed`` and a warning naming it and the pair (``index``, when given) is logged (``log``),
        unless the checker is :attr:`strict`, which lets the exception through (what the tests use).
        """
        findings: list = []
        failed: list[str] = []
        for check in self.checks:
            try:
                findings.extend(_compare(check, pair))
            except Exception as exc:
                if self.strict:
                    raise
                failed.append(check_name(check))
                if log:
                    _log_failure(check_name(check), exc, index)
        return CheckResult.of(findings, failed)

    def check(self, question: str | QuestionDoc, paraphrase: str | QuestionDoc) -> CheckResult:
        """Check one pair (texts are analysed here; pass :class:`QuestionDoc` objects to reuse a parse)."""
        q_doc = question if isinstance(question, QuestionDoc) else self.analyzer.analyze(_text(question))
        p_doc = paraphrase if isinstance(paraphrase, QuestionDoc) else self.analyzer.analyze(_text(paraphrase))
        return self.check_docs(q_doc, p_doc)

    @property
    def synonym_judges(self) -> list[WordSimilarity]:
        """The distinct :class:`WordSimilarity` objects the checks consult."""
        judges = {id(j): j for check in self.checks for j in [getattr(check, "synonyms", None)]
                  if isinstance(j, WordSimilarity)}
        return list(judges.values())

    def analyze_texts(self, texts: Iterable[str], batch_size: int = 64, workers: int | None = 1,
                      progress: bool = False) -> dict[str, QuestionDoc]:
        """Each distinct text analysed once, by text; large inputs are parsed in several processes
        (``workers``: at most that many, ``None`` for every core; see :func:`parse_processes`)."""
        unique = list(dict.fromkeys(_text(t) for t in texts))
        n_process = parse_processes(len(unique), workers)
        extra = {"n_process": n_process} if n_process > 1 else {}  # an Analyzer-like object may not take it
        docs_iter = self.analyzer.pipe(unique, batch_size=batch_size, **extra)
        if progress:
            from tqdm.auto import tqdm

            docs_iter = tqdm(docs_iter, total=len(unique), desc="analysing", unit="text", disable=None)
        return dict(zip(unique, docs_iter))

    def check_pairs(self, questions: Iterable[str], paraphrases: Iterable[str], batch_size: int = 64,
                    progress: bool = False, workers: int | None = 1,
                    docs: Mapping[str, QuestionDoc] | None = None,
                    before_encoding: Callable[[], None] | None = None) -> list[CheckResult]:
        """Check many pairs, analysing each distinct text once (``Analyzer.pipe``).

        ``docs`` holds texts already analysed (:meth:`analyze_texts`); the others are analysed here, in up to
        ``workers`` processes. The synonym judges embed the words the checks asked about in one batch: every
        pair is checked with the judges :meth:`~paraqd.checks.synonyms.WordSimilarity.deferring`, then the
        words they noted are encoded and the pairs that asked about one are checked again (the results are
        those of checking each pair with every word at hand). ``before_encoding`` is called once the pairs
        are checked, before the judges encode (a scorer waits there for its own use of the encoder).
        """
        questions, paraphrases = [_text(q) for q in questions], [_text(p) for p in paraphrases]
        if len(questions) != len(paraphrases):
            raise InputError(f"got {len(questions)} questions but {len(paraphrases)} paraphrases")
        docs = dict(docs or {})
        todo = [t for t in dict.fromkeys([*questions, *paraphrases]) if t not in docs]
        if todo:
            docs.update(self.analyze_texts(todo, batch_size=batch_size, workers=workers, progress=progress))
        judges = self.synonym_judges
        if not judges:
            results = [self.check_docs(docs[q], docs[p], i) for i, (q, p) in enumerate(zip(questions, paraphrases))]
            if before_encoding is not None:
                before_encoding()
            return results
        results: list[CheckResult] = []
        again: list[int] = []
        with ExitStack() as stack:
            for judge in judges:
                stack.enter_context(judge.deferring())
            for i, (q, p) in enumerate(zip(questions, paraphrases)):
                before = sum(judge.deferred for judge in judges)
                results.append(self.check_docs(docs[q], docs[p], i, log=False))
                if sum(judge.deferred for judge in judges) != before:
                    again.append(i)
        if before_encoding is not None:
            before_encoding()
        for judge in judges:
            judge.prepare_pending()
        for i in again:  # every word it asked about is cached now (a new one would be encoded when asked)
            results[i] = self.check_docs(docs[questions[i]], docs[paraphrases[i]], i, log=False)
        for i, result in enumerate(results):
            if result.checks_failed:  # logged once, from the final result (a pair may be checked twice)
                self.check_docs(docs[questions[i]], docs[paraphrases[i]], i)
        return results


def _compare(check, pair: QuestionPair) -> list:
    """``check.compare(pair)``; an object that is no :class:`Check` gets the two documents, as it always did."""
    if isinstance(check, Check):
        return check.compare(pair)
    return check.compare(pair.question, pair.paraphrase)


def check_name(check: Check) -> str:
    """How a check is named in ``checks_failed`` and logs: its :attr:`Check.name`, else its class name."""
    return getattr(check, "name", "") or type(check).__name__


def _log_failure(name: str, exc: Exception, index: int | None) -> None:
    where = "" if index is None else f" on pair {index}"
    logger.warning("check %r raised %s: %s%s; its findings are left out of this pair's result (a bug in "
                   "paraqd, please report it)", name, type(exc).__name__, exc, where,
                   exc_info=logger.isEnabledFor(logging.DEBUG))


def _text(value) -> str:
    if value is None or (isinstance(value, float) and math.isnan(value)):
        return ""
    if not isinstance(value, str):
        raise InputError(f"expected text, got {type(value).__name__}")
    return value
