"""Every finding kind is listed once, in paraqd.checks.kinds, documented with its severities, and serialises
as the same string it always did."""

import json
import re
from pathlib import Path

from paraqd.checks import CriticalInfoChecker, FindingKind, Severity

EXPLAIN = Path(__file__).resolve().parents[1] / "docs" / "explain.md"


def test_every_kind_is_documented_with_its_severities():
    rows = dict(re.findall(r"^\| `([a-z_]+)` \| [a-z]+ \| ([a-z /]+) \|", EXPLAIN.read_text(), re.M))
    assert set(rows) == {str(k) for k in FindingKind}
    for kind in FindingKind:
        assert rows[str(kind)].split(" / ") == [str(s) for s in kind.severities]
        assert kind.severity == kind.severities[0] and kind.template and kind.description


def test_a_kind_is_its_string_in_sets_json_and_text():
    kind = FindingKind.NUMBER_MISSING
    assert kind == "number_missing" and "number_missing" in {kind} and {kind: 1}["number_missing"] == 1
    assert f"{kind}" == str(kind) == "number_missing" and json.dumps([kind]) == '["number_missing"]'
    assert FindingKind("unit_added") is FindingKind.UNIT_ADDED and FindingKind.UNIT_ADDED.severity == Severity.MAJOR


def test_the_checks_report_typed_kinds_within_their_severities(checker: CriticalInfoChecker):
    result = checker.check("John walked 200 kilometres on Monday. How long did he walk in metres?",
                           "Mary walked 300 centimetres. How long did she walk?")
    assert result.findings
    for finding in result.findings:
        assert isinstance(finding.kind, FindingKind) and finding.severity in finding.kind.severities
        assert finding.to_dict()["kind"] == str(finding.kind) and type(finding.to_dict()["kind"]) is str
