"""Hybrid scoring: the learned cosine, lowered by what the critical-information check found.

The default rule (:class:`PenaltyRule`) is one line::

    score = clip(cosine - penalty[worst severity] - content_weight * share of content words lost, -1, 1)

with penalties critical 2.0 and major 1.0 and content weight 1.0. A pair the check finds nothing wrong with
keeps its learned cosine; a critical finding (a number missing or changed, a unit changed, the question
gone) takes 2 off, which puts any cosine below 0 and the usual ones (0.8-1.0) near -1, while keeping the
encoder's order among flagged pairs; a major finding takes 1 off; the content check's minor finding takes
off the fraction of the question's content words that were dropped (a random deletion of "hollow"
costs 1/18 of the score, a paraphrase that kept 60 % of the wording loses 0.4).

:class:`CapRule` is the earlier rule, ``min(cosine, cap[worst severity])``; models whose ``paraqd.json``
stores ``{"caps": ...}`` keep it. Both rules were chosen on development data only: the hand-labelled AQuA
dev pairs (``data/dev/aqua_dev_labelled.csv``) and the reference augmentations (``benchmarks/check_dev.py``,
docs/explain.md), never on the evaluation sets.

    from paraqd.hybrid import HybridScorer

    hybrid = HybridScorer()                            # default checker and rule
    scores, results = hybrid.score_pairs(cosines, questions, paraphrases)
    hybrid.explain(0.97, question, paraphrase).reasons  # ['the number 4 is missing']
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar

import numpy as np

from .checks import CheckResult, CriticalInfoChecker, Severity
from .defaults import DEFAULT_THRESHOLD
from .errors import InputError
from .registries import Registry


def _per_severity(values: Mapping[Any, float], what: str, low: float, high: float) -> dict[Severity, float]:
    out = {}
    for key, value in values.items():
        try:
            severity = Severity.parse(key)
        except ValueError as exc:
            raise InputError(str(exc)) from None
        if not low <= float(value) <= high:
            raise InputError(f"{what} for {severity} must lie in [{low:g}, {high:g}], got {value}")
        out[severity] = float(value)
    return out


def _cosines(cosines, results) -> np.ndarray:
    cos = np.asarray(cosines, dtype=np.float32).reshape(-1)
    if len(cos) != len(results):
        raise InputError(f"got {len(cos)} cosines but {len(results)} check results")
    return cos


def _check_rule(cls: Any) -> None:
    if not (isinstance(cls, type) and issubclass(cls, HybridRule)) or not cls.kind:
        raise TypeError(f"{cls!r} must be a HybridRule subclass with a kind")


#: The registry of hybrid rules (:mod:`paraqd.registries`): :class:`HybridRule` subclasses by ``kind``, the
#: name a model's ``paraqd.json`` gives in ``scoring.rule.kind``.
hybrid_rules = Registry("hybrid_rules", what="scoring rule kind", name_attr="kind", validate=_check_rule)

#: Class decorator adding a :class:`HybridRule` subclass to the registry under its ``kind``
#: (``@register_rule``); a model whose ``paraqd.json`` stores ``"rule": {"kind": KIND, ...}`` then scores with
#: it (:meth:`HybridRule.from_dict`).
register_rule = hybrid_rules.decorator()


class HybridRule:
    """How a learned cosine and a :class:`~paraqd.checks.CheckResult` make one score (subclasses say how).

    ``HybridRule.from_dict`` reads the rule a model's ``paraqd.json`` stores (``scoring.rule``); a new rule is
    a subclass with a ``kind``, :meth:`combine` and :meth:`to_dict`, decorated with :func:`register_rule`.
    """

    kind: ClassVar[str] = ""

    def combine(self, cosines: Sequence[float] | np.ndarray, results: Sequence[CheckResult]) -> np.ndarray:
        """Hybrid scores (float32, in [-1, 1]) of learned ``cosines`` and their check ``results``."""
        raise NotImplementedError

    def to_dict(self) -> dict[str, Any]:
        raise NotImplementedError

    @classmethod
    def from_config(cls, data: Mapping[str, Any]) -> HybridRule:
        """This rule from its stored settings (``data`` without ``kind``: the constructor's arguments)."""
        try:
            return cls(**{k: v for k, v in data.items() if k != "kind"})
        except TypeError as exc:
            raise InputError(f"scoring.rule of kind {cls.kind!r}: {exc}") from None

    @staticmethod
    def from_dict(data: Mapping[str, Any] | None) -> HybridRule:
        """The stored rule: ``{"kind": "penalty", ...}`` (any registered kind), ``{"caps": {...}}`` (a
        :class:`CapRule`), or the default when absent."""
        if not data:
            return DEFAULT_RULE
        if not isinstance(data, Mapping):
            raise InputError("scoring.rule must be an object like {\"kind\": \"penalty\"}")
        kind = data.get("kind", "cap" if "caps" in data else "")
        return hybrid_rules.get(kind).from_config(data)


@register_rule
@dataclass(frozen=True)
class CapRule(HybridRule):
    """``score = min(cosine, caps[worst severity])``; severities without a cap leave the cosine unchanged."""

    caps: Mapping[Any, float] = field(default_factory=lambda: {"critical": -1.0, "major": 0.0})
    kind: ClassVar[str] = "cap"

    @classmethod
    def from_config(cls, data: Mapping[str, Any]) -> CapRule:
        caps = data.get("caps", {})
        if not isinstance(caps, Mapping):
            raise InputError("scoring.rule.caps must be an object like {\"critical\": -1.0}")
        return cls(caps=caps)

    def __post_init__(self) -> None:
        object.__setattr__(self, "caps", _per_severity(self.caps, "cap", -1.0, 1.0))

    def cap(self, result: CheckResult) -> float:
        """The highest score ``result`` allows (1.0 when nothing caps it)."""
        worst = result.worst
        return 1.0 if worst is None else min(
            (c for s, c in self.caps.items() if s <= worst), default=1.0)

    def combine(self, cosines, results) -> np.ndarray:
        cos = _cosines(cosines, results)
        caps = np.fromiter((self.cap(r) for r in results), dtype=np.float32, count=len(results))
        return np.minimum(cos, caps)

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "caps": {str(s): c for s, c in sorted(self.caps.items())}}


#: the findings whose extent (share of the question's content words lost) the penalty rule grades
CONTENT_KINDS = ("content_missing", "content_deleted")


def content_lost(result: CheckResult) -> float:
    """The share of the question's content words ``result`` reports lost (what :class:`PenaltyRule` grades)."""
    return sum(result.extent(kind) for kind in CONTENT_KINDS)


@register_rule
@dataclass(frozen=True)
class PenaltyRule(HybridRule):
    """``score = clip(cosine - penalties[worst severity] - content_weight * content lost, -1, 1)``.

    Unlike a cap, a penalty keeps the encoder's order among flagged pairs (a threshold-free metric such as
    ROC-AUC sees it), and the content term grades pairs the rule checks pass.
    """

    penalties: Mapping[Any, float] = field(default_factory=lambda: {"critical": 2.0, "major": 1.0})
    content_weight: float = 1.0
    kind: ClassVar[str] = "penalty"

    @classmethod
    def from_config(cls, data: Mapping[str, Any]) -> PenaltyRule:
        penalties = data.get("penalties", cls().penalties)
        if not isinstance(penalties, Mapping):
            raise InputError("scoring.rule.penalties must be an object like {\"critical\": 2.0}")
        return cls(penalties=penalties, content_weight=float(data.get("content_weight", 1.0)))

    def __post_init__(self) -> None:
        object.__setattr__(self, "penalties", _per_severity(self.penalties, "penalty", 0.0, 2.0))
        if not 0.0 <= float(self.content_weight) <= 2.0:
            raise InputError(f"content_weight must lie in [0, 2], got {self.content_weight}")
        object.__setattr__(self, "content_weight", float(self.content_weight))

    def severity_penalty(self, severity: Severity | None) -> float:
        """What a worst finding of ``severity`` takes off (the highest penalty at or below it; 0 for none)."""
        return 0.0 if severity is None else max(
            (p for s, p in self.penalties.items() if s <= severity), default=0.0)

    def penalty(self, result: CheckResult) -> float:
        """What ``result`` takes off the cosine."""
        return self.severity_penalty(result.worst) + self.content_weight * content_lost(result)

    def combine(self, cosines, results) -> np.ndarray:
        cos = _cosines(cosines, results)
        penalties = np.fromiter((self.penalty(r) for r in results), dtype=np.float32, count=len(results))
        return np.clip(cos - penalties, -1.0, 1.0).astype(np.float32)

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "penalties": {str(s): p for s, p in sorted(self.penalties.items())},
                "content_weight": self.content_weight}


#: The rule paraqd ships (see docs/explain.md for the development measurements behind it).
DEFAULT_RULE: HybridRule = PenaltyRule()


#: :attr:`Explanation.method` of a verdict by the learned cosine alone (the scorer is not hybrid)
PURE = "pure"
#: :attr:`Explanation.method` of a verdict by the hybrid score
HYBRID = "hybrid"


@dataclass(frozen=True)
class Explanation:
    """Why a paraphrase was judged as it was: the scores, the verdict and the reasons.

    The verdict is always ``score >= threshold``. ``method`` says which score that is: ``"hybrid"`` (the
    learned cosine lowered by the check's findings, so a critical or major finding makes the pair invalid
    under the default rule) or ``"pure"`` (the learned cosine alone: the findings are reported but do not
    change the verdict, and :attr:`reasons` says so when the verdict is valid despite them).
    """

    score: float
    cosine: float
    verdict: str
    threshold: float
    check: CheckResult
    method: str = HYBRID

    def __post_init__(self) -> None:
        if self.verdict not in ("valid", "invalid"):
            raise InputError(f"verdict must be 'valid' or 'invalid', not {self.verdict!r}")
        if self.method not in (HYBRID, PURE):
            raise InputError(f"method must be {HYBRID!r} or {PURE!r}, not {self.method!r}")
        if (self.verdict == "valid") != (self.score >= self.threshold):
            raise InputError(f"verdict {self.verdict!r} contradicts score {self.score:.3f} and threshold "
                             f"{self.threshold:g}")

    @property
    def valid(self) -> bool:
        return self.verdict == "valid"

    @property
    def ignored_findings(self) -> bool:
        """True when the verdict is valid by the pure cosine although the check found something invalid."""
        return self.method == PURE and self.valid and not self.check.passed

    @property
    def reasons(self) -> list[str]:
        """The check's findings, most severe first; a low learned score is a reason of its own. A valid
        verdict of the pure cosine that the findings contradict ends with a note saying so."""
        reasons = self.check.reasons
        if self.cosine < self.threshold:
            reasons = [*reasons, f"low learned similarity ({self.cosine:.2f} < {self.threshold:g})"]
        if self.ignored_findings:
            reasons = [*reasons, "valid by the pure learned cosine alone, which ignores these findings "
                                 "(the default hybrid score would reject it)"]
        if self.checks_failed:
            reasons = [*reasons, f"not checked for {', '.join(self.checks_failed)}: the check failed on this pair "
                                 "(a bug in paraqd, logged)"]
        return reasons

    @property
    def labelled_reasons(self) -> list[str]:
        """:attr:`reasons`, each after its severity, so a reader tells a blocking reason from a note:
        ``"critical: the number 5 is missing"``. A low learned similarity alone makes the pair invalid
        (``"critical: low learned similarity ..."``); the pure cosine's closing remark is a ``"note: ..."``."""
        out = [f"{f.severity}: {f.message}" for f in self.check.findings]
        extra = self.reasons[len(self.check.findings):]
        for reason in extra:
            out.append(f"{'note' if reason.startswith('valid by the pure') else str(Severity.CRITICAL)}: {reason}")
        return out

    def findings_records(self) -> list[dict[str, Any]]:
        """The findings as plain records for a table's ``findings`` column (JSON lines, Parquet): kind,
        severity, message and the character spans in both texts (``{"start", "end", "text"}``)."""
        return [{"kind": f.kind, "severity": str(f.severity), "message": f.message,
                 "question_spans": [{"start": m.start, "end": m.end, "text": m.text} for m in f.question_spans],
                 "paraphrase_spans": [{"start": m.start, "end": m.end, "text": m.text} for m in f.paraphrase_spans]}
                for f in self.check.findings]

    @property
    def checks_failed(self) -> tuple[str, ...]:
        """The checks that raised on this pair (a bug, logged): the verdict does not cover what they check."""
        return self.check.checks_failed

    def to_dict(self) -> dict[str, Any]:
        return {"score": self.score, "cosine": self.cosine, "verdict": self.verdict, "method": self.method,
                "threshold": self.threshold, "reasons": self.reasons, "check_verdict": self.check.verdict,
                "findings": [f.to_dict() for f in self.check.findings],
                **({"checks_failed": list(self.checks_failed)} if self.checks_failed else {})}


def format_reasons(explanation: Explanation) -> str:
    """One cell of text for a table: the reasons, each after its severity, joined by "; " (empty when there
    are none): ``"critical: the number 4 is missing; minor: ..."`` (:attr:`Explanation.labelled_reasons`)."""
    labelled = getattr(explanation, "labelled_reasons", None)
    return "; ".join(explanation.reasons if labelled is None else labelled)


def findings_arrow_type():
    """The Arrow type of a ``findings`` column (a list of :meth:`Explanation.findings_records`), fixed so
    that every chunk of a Parquet output has the same schema, empty lists included."""
    import pyarrow as pa

    span = pa.list_(pa.struct([("start", pa.int64()), ("end", pa.int64()), ("text", pa.string())]))
    return pa.list_(pa.struct([("kind", pa.string()), ("severity", pa.string()), ("message", pa.string()),
                               ("question_spans", span), ("paraphrase_spans", span)]))


class HybridScorer:
    """Combines learned cosines with :class:`~paraqd.checks.CriticalInfoChecker` results by a :class:`HybridRule`.

    It does not encode text: the caller (``ParaphraseScorer``) passes the cosines it computed, so the pure
    learned score stays available and the check's analysis is done once per distinct text.
    """

    def __init__(self, checker: CriticalInfoChecker | None = None, rule: HybridRule | None = None) -> None:
        self.checker = checker or CriticalInfoChecker()
        self.rule = rule or DEFAULT_RULE

    def check_pairs(self, questions: Sequence[str], paraphrases: Sequence[str]) -> list[CheckResult]:
        return self.checker.check_pairs(questions, paraphrases)

    def combine(self, cosines: Sequence[float] | np.ndarray, results: Sequence[CheckResult]) -> np.ndarray:
        return self.rule.combine(cosines, results)

    def score_pairs(self, cosines: Sequence[float] | np.ndarray, questions: Sequence[str],
                    paraphrases: Sequence[str]) -> tuple[np.ndarray, list[CheckResult]]:
        """Hybrid scores and the check results behind them."""
        results = self.check_pairs(questions, paraphrases)
        return self.combine(cosines, results), results

    def explain_pairs(self, cosines: Sequence[float] | np.ndarray, questions: Sequence[str],
                      paraphrases: Sequence[str], threshold: float = DEFAULT_THRESHOLD,
                      apply_rule: bool = True) -> list[Explanation]:
        """One :class:`Explanation` per pair; with ``apply_rule=False`` the score and verdict stay the pure
        cosine's (the reasons are still reported, and ``method`` is ``"pure"``)."""
        return self.explain_results(cosines, self.check_pairs(questions, paraphrases), threshold, apply_rule)

    def explain_results(self, cosines: Sequence[float] | np.ndarray, results: Sequence[CheckResult],
                        threshold: float = DEFAULT_THRESHOLD, apply_rule: bool = True) -> list[Explanation]:
        """:meth:`explain_pairs` for pairs already checked (``results``, one per cosine)."""
        scores = self.combine(cosines, results)
        if not apply_rule:
            scores = np.asarray(cosines, dtype=np.float32).reshape(-1)
        method = HYBRID if apply_rule else PURE
        return [
            Explanation(float(s), float(c), "valid" if s >= threshold else "invalid", float(threshold), r, method)
            for s, c, r in zip(scores, np.asarray(cosines, dtype=np.float32).reshape(-1), results)
        ]

    def explain(self, cosine: float, question: str, paraphrase: str,
                threshold: float = DEFAULT_THRESHOLD) -> Explanation:
        return self.explain_pairs([cosine], [question], [paraphrase], threshold)[0]

    def __repr__(self) -> str:
        return f"{type(self).__name__}(rule={self.rule!r})"
