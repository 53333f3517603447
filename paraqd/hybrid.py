"""Hybrid scoring: the learned cosine, capped by what the critical-information check found.

The rule is one line: ``score = min(cosine, cap[worst severity of the findings])``. A pair the check finds
nothing wrong with keeps its learned cosine; a pair with a critical finding (a number missing or changed, a
unit changed, the question gone) is capped at -1, whatever the encoder thought; a major finding caps it
at ``caps["major"]``; minor findings (an entity renamed consistently, a repeated number written once) leave
the cosine alone. The caps were chosen from the check's precision per severity on development data (the
reference augmentations; see ``benchmarks/check_dev.py`` and docs/explain.md), never on the evaluation sets.

    from paraqd.hybrid import HybridScorer

    hybrid = HybridScorer()                            # default checker and rule
    scores, results = hybrid.score_pairs(cosines, questions, paraphrases)
    hybrid.explain(0.97, question, paraphrase).reasons  # ['the number 4 is missing']
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from .checks import CheckResult, CriticalInfoChecker, Severity
from .errors import InputError

DEFAULT_THRESHOLD = 0.5


def _caps(caps: Mapping[Any, float]) -> dict[Severity, float]:
    out = {}
    for key, value in caps.items():
        try:
            severity = Severity.parse(key)
        except ValueError as exc:
            raise InputError(str(exc)) from None
        if not -1.0 <= float(value) <= 1.0:
            raise InputError(f"cap for {severity} must lie in [-1, 1], got {value}")
        out[severity] = float(value)
    return out


@dataclass(frozen=True)
class HybridRule:
    """``score = min(cosine, caps[worst severity])``; severities without a cap leave the cosine unchanged."""

    caps: Mapping[Any, float] = field(default_factory=lambda: {"critical": -1.0, "major": 0.0})

    def __post_init__(self) -> None:
        object.__setattr__(self, "caps", _caps(self.caps))

    def cap(self, result: CheckResult) -> float:
        """The highest score ``result`` allows (1.0 when nothing caps it)."""
        worst = result.worst
        return 1.0 if worst is None else min(
            (c for s, c in self.caps.items() if s <= worst), default=1.0)

    def combine(self, cosines: Sequence[float] | np.ndarray, results: Sequence[CheckResult]) -> np.ndarray:
        """Hybrid scores (float32) of learned ``cosines`` and their check ``results``."""
        cos = np.asarray(cosines, dtype=np.float32).reshape(-1)
        if len(cos) != len(results):
            raise InputError(f"got {len(cos)} cosines but {len(results)} check results")
        caps = np.fromiter((self.cap(r) for r in results), dtype=np.float32, count=len(results))
        return np.minimum(cos, caps)

    def to_dict(self) -> dict[str, Any]:
        return {"caps": {str(s): c for s, c in sorted(self.caps.items())}}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any] | None) -> HybridRule:
        """The rule stored in a model's ``paraqd.json`` (``scoring.rule``); the default when absent."""
        if not data:
            return cls()
        if not isinstance(data, Mapping) or not isinstance(data.get("caps", {}), Mapping):
            raise InputError("scoring.rule must be an object like {\"caps\": {\"critical\": -1.0}}")
        return cls(caps=data.get("caps", {}))


#: The rule paraqd ships (see docs/explain.md for the development measurements behind the caps).
DEFAULT_RULE = HybridRule()


@dataclass(frozen=True)
class Explanation:
    """Why a paraphrase was judged as it was: the scores, the verdict and the reasons."""

    score: float
    cosine: float
    verdict: str
    threshold: float
    check: CheckResult

    @property
    def valid(self) -> bool:
        return self.verdict == "valid"

    @property
    def reasons(self) -> list[str]:
        """The check's findings, most severe first; a low learned score is a reason of its own."""
        reasons = self.check.reasons
        if self.cosine < self.threshold:
            reasons = [*reasons, f"low learned similarity ({self.cosine:.2f} < {self.threshold:g})"]
        return reasons

    def to_dict(self) -> dict[str, Any]:
        return {"score": self.score, "cosine": self.cosine, "verdict": self.verdict,
                "threshold": self.threshold, "reasons": self.reasons, "check_verdict": self.check.verdict,
                "findings": [f.to_dict() for f in self.check.findings]}


def format_reasons(explanation: Explanation) -> str:
    """One cell of text for a table: the reasons joined by "; " (empty when there are none)."""
    return "; ".join(explanation.reasons)


class HybridScorer:
    """Combines learned cosines with :class:`~paraqd.checks.CriticalInfoChecker` results by a :class:`HybridRule`.

    It does not encode text: the caller (``ParaphraseScorer``) passes the cosines it computed, so the pure
    learned score stays available and the check's analysis is done once per distinct text.
    """

    def __init__(self, checker: CriticalInfoChecker | None = None, rule: HybridRule | None = None):
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
        """One :class:`Explanation` per pair; with ``apply_rule=False`` the score stays the pure cosine
        (the reasons are still reported)."""
        scores, results = self.score_pairs(cosines, questions, paraphrases)
        if not apply_rule:
            scores = np.asarray(cosines, dtype=np.float32).reshape(-1)
        return [
            Explanation(float(s), float(c), "valid" if s >= threshold else "invalid", float(threshold), r)
            for s, c, r in zip(scores, np.asarray(cosines, dtype=np.float32).reshape(-1), results)
        ]

    def explain(self, cosine: float, question: str, paraphrase: str,
                threshold: float = DEFAULT_THRESHOLD) -> Explanation:
        return self.explain_pairs([cosine], [question], [paraphrase], threshold)[0]

    def __repr__(self) -> str:
        return f"{type(self).__name__}(rule={self.rule!r})"
