"""What a check reports: findings with a severity and the spans involved, and the verdict they add up to."""

from __future__ import annotations

import enum
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from ..analysis.document import Mention


class Severity(enum.IntEnum):
    """How much a finding threatens the solution of the question.

    ``CRITICAL``: the problem is no longer the same problem (a number missing or changed, a unit changed,
    the question gone). ``MAJOR``: very likely invalid (a key noun renamed in one place only). ``MINOR``:
    worth a look, usually harmless (an entity renamed consistently, a repeated number written once).
    """

    MINOR = 1
    MAJOR = 2
    CRITICAL = 3

    def __str__(self) -> str:
        return self.name.lower()

    @classmethod
    def parse(cls, value: Severity | str | int) -> Severity:
        if isinstance(value, cls):
            return value
        if isinstance(value, str):
            try:
                return cls[value.strip().upper()]
            except KeyError:
                raise ValueError(f"unknown severity {value!r}; expected minor, major or critical") from None
        return cls(value)


def span(text: str, start: int, end: int) -> Mention:
    """A :class:`Mention` for ``text[start:end]``."""
    return Mention(start, end, text[start:end])


@dataclass(frozen=True)
class Finding:
    """One reason why a paraphrase may not preserve the question.

    ``kind`` names the finding: a :class:`~paraqd.checks.kinds.FindingKind` for paraqd's own checks (a
    string, ``number_missing``, ``unit_changed``, ...: every kind with its severities and message template is
    listed there), any string for a third-party check. ``message`` says it in words for a teacher, and the
    spans point at the characters involved in the question and in the paraphrase.
    """

    kind: str
    message: str
    severity: Severity
    question_spans: tuple[Mention, ...] = ()
    paraphrase_spans: tuple[Mention, ...] = ()
    #: the share of the question this finding touches, in [0, 1] (the content check's fraction of content
    #: words lost, weighted by how much of the paraphrase copies the question; 0 for findings that are not
    #: measured that way). Graded hybrid rules use it.
    extent: float = 0.0

    def to_dict(self) -> dict[str, Any]:
        return {
            "kind": str(self.kind),
            "message": self.message,
            "severity": str(self.severity),
            "question_spans": [[m.start, m.end, m.text] for m in self.question_spans],
            "paraphrase_spans": [[m.start, m.end, m.text] for m in self.paraphrase_spans],
            **({"extent": round(self.extent, 4)} if self.extent else {}),
        }


VERDICTS = ("ok", "warning", "invalid")


@dataclass(frozen=True)
class CheckResult:
    """All findings for one question/paraphrase pair, most severe first.

    The verdict is ``invalid`` when a critical or major finding is present, ``warning`` when only minor
    findings are, ``ok`` otherwise; :attr:`passed` is true unless the verdict is ``invalid``.
    """

    findings: tuple[Finding, ...] = field(default=())
    #: the names of the checks that raised an exception on this pair (a bug in that check, logged by the
    #: checker): their findings are missing, so the verdict covers the other checks only
    checks_failed: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        ordered = tuple(sorted(self.findings, key=lambda f: -int(f.severity)))
        object.__setattr__(self, "findings", ordered)
        object.__setattr__(self, "checks_failed", tuple(self.checks_failed))

    @classmethod
    def of(cls, findings: Iterable[Finding], checks_failed: Iterable[str] = ()) -> CheckResult:
        return cls(tuple(findings), tuple(checks_failed))

    @property
    def worst(self) -> Severity | None:
        """The highest severity among the findings, ``None`` when there are none."""
        return self.findings[0].severity if self.findings else None

    @property
    def verdict(self) -> str:
        worst = self.worst
        if worst is None:
            return "ok"
        return "invalid" if worst >= Severity.MAJOR else "warning"

    @property
    def passed(self) -> bool:
        return self.verdict != "invalid"

    @property
    def reasons(self) -> list[str]:
        """The findings' messages, most severe first."""
        return [f.message for f in self.findings]

    def kinds(self, at_least: Severity = Severity.MINOR) -> set[str]:
        """The kinds of the findings of severity ``at_least`` or higher (every finding by default)."""
        return {f.kind for f in self.findings if f.severity >= at_least}

    def extent(self, kind: str) -> float:
        """The summed :attr:`Finding.extent` of the findings of ``kind`` (0 when there are none)."""
        return float(sum(f.extent for f in self.findings if f.kind == kind))

    def to_dict(self) -> dict[str, Any]:
        return {"verdict": self.verdict, "findings": [f.to_dict() for f in self.findings],
                **({"checks_failed": list(self.checks_failed)} if self.checks_failed else {})}

    def __str__(self) -> str:
        if not self.findings:
            return "ok"
        return "; ".join(f"[{f.severity}] {f.message}" for f in self.findings)
