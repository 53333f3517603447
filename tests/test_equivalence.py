"""No explanation states a difference between equal values or equal units.

Every labelled development file (``data/dev/*_labelled.csv``, and ``../shared/data/dev/mathcheck_dev.csv``
when ``../shared`` is present) is run through the checker. For every number and unit finding, the two sides
it names are read again by an *independent* equivalence -- ``fractions.Fraction`` for values (the word forms
from ``num2words``), a fresh :mod:`pint` registry for units -- and must not be equal: "3/4 became 75%", "the
question asks in years, the paraphrase in decade" or "the unit days is missing" next to "daily" fail here.
"""

from __future__ import annotations

import csv
import re
from fractions import Fraction
from functools import lru_cache

import pytest
from conftest import REPO_ROOT, SHARED_DIR
from num2words import num2words

from paraqd.checks import CriticalInfoChecker

DEV_FILES = sorted((REPO_ROOT / "data" / "dev").glob("*_labelled.csv"))
MATHCHECK = SHARED_DIR / "data" / "dev" / "mathcheck_dev.csv"

# ------------------------------------------------------------------------------ independent value reader
_MULTIPLIERS = {"twice": 2, "double": 2, "doubled": 2, "thrice": 3, "triple": 3, "tripled": 3,
                "quadruple": 4, "fourfold": 4, "threefold": 3, "twofold": 2}
_DIGITS = re.compile(r"^(?:(?P<w>\d+) (?P<n>\d+)/(?P<d>\d+)|(?P<fn>\d+)\s*/\s*(?P<fd>\d+)|(?P<dec>\d[\d,]*(?:\.\d+)?|\.\d+))"
                     r"(?P<ord>st|nd|rd|th)?$")


_MONEY = re.compile(r"us\$|[$₹€£]|\brs\b\.?|\brupees?\b|\bdollars?\b|\bcents?\b|\bpaise\b|\beuros?\b")


def span_value(text: str, start: int, end: int) -> tuple[Fraction, str] | None:
    """:func:`read_value` of ``text[start:end]`` with the money word after it ("47 dollars")."""
    after = re.match(r"(?:\s+(?:extra\s+|more\s+|additional\s+)?|-)(dollars?|cents?|rupees?|rs\b\.?|paise|euros?)",
                     text[end:end + 24], re.IGNORECASE)
    return read_value(text[start:end] + (" " + after.group(1) if after else ""))


@lru_cache(maxsize=1)
def _word_values() -> dict[str, tuple[Fraction, str]]:
    """Word forms -> (value, kind) from num2words: cardinals, ordinals and fractions up to 1000."""
    table: dict[str, tuple[Fraction, str]] = {}
    for n in range(1001):
        for form in {num2words(n), num2words(n).replace(" and ", " ")}:
            table[form] = (Fraction(n), "")
        table[num2words(n, to="ordinal")] = (Fraction(n), "ordinal")
    for den in range(2, 13):
        names = {2: ["half", "halves"], 4: ["quarter", "quarters", "fourth", "fourths"]}.get(
            den, [num2words(den, to="ordinal"), num2words(den, to="ordinal") + "s"])
        for num in range(1, den):
            for name in names:
                for head in ([num2words(num)] + (["a", "an"] if num == 1 else [])):
                    table[f"{head} {name}"] = table[f"{head}-{name}"] = (Fraction(num, den), "")
    table["half"] = (Fraction(1, 2), "")
    for word, value in _MULTIPLIERS.items():
        table[word] = (Fraction(value), "")
    return table


def read_value(text: str) -> tuple[Fraction, str] | None:
    """``(value, kind)`` of a number as written: kind "" for plain numbers, "money" or "ordinal";
    a percentage is its value over 100. None when the text is not read."""
    t = " ".join(text.lower().replace("-", " - ").split()).replace(" - ", "-").strip()
    kind = ""
    if _MONEY.search(t):
        kind = "money"
        t = _MONEY.sub("", t).strip()
    scale = Fraction(1)
    if t.endswith("%") or t.endswith("percent") or t.endswith("per cent"):
        scale = Fraction(1, 100)
        t = re.sub(r"\s*(%|per ?cent)$", "", t)
    if t.endswith(" dozen"):
        scale *= 12
        t = t[: -len(" dozen")]
    m = _DIGITS.match(t)
    if m:
        if m.group("w"):
            value = int(m.group("w")) + Fraction(int(m.group("n")), int(m.group("d")))
        elif m.group("fn"):
            value = Fraction(int(m.group("fn")), int(m.group("fd")))
        else:
            value = Fraction(m.group("dec").replace(",", ""))
        return value * scale, "ordinal" if m.group("ord") else kind
    words = _word_values().get(t) or _word_values().get(t.replace("-", " "))
    if words is None:
        return None
    return words[0] * scale, words[1] or kind


def values_in(text: str) -> list[tuple[Fraction, str]]:
    """Every value an independent reader finds in ``text``: digit numbers and word n-grams (longest first)."""
    found = []
    for m in re.finditer(r"[$₹€£]?\d[\d,]*(?:\.\d+)?(?:\s*/\s*\d+)?%?|\.\d+%?", text):
        value = read_value(m.group().rstrip(","))
        if value is not None:
            found.append(value)
    tokens = re.findall(r"[A-Za-z]+(?:-[A-Za-z]+)*", text)
    i = 0
    while i < len(tokens):
        for size in range(5, 0, -1):
            value = read_value(" ".join(tokens[i:i + size]))
            if value is not None and i + size <= len(tokens):
                found.append(value)
                i += size
                break
        else:
            i += 1
    return found


# ------------------------------------------------------------------------------- independent unit reader
_ADVERBS = {"daily": "day", "hourly": "hour", "weekly": "week", "monthly": "month", "yearly": "year",
            "annually": "year", "annual": "year"}


@lru_cache(maxsize=1)
def _registry():
    import pint

    registry = pint.UnitRegistry()
    registry.define("dollar = [money] = $")
    registry.define("cent = 0.01 dollar")
    registry.define("rupee = [rupee_money] = Rs")
    registry.define("decade_of_years = 10 * year")  # pint's own "decade" is a logarithmic ratio
    return registry


def read_unit(text: str):
    """The pint unit a unit mention names (full words, plurals, symbols, adverbs), or None."""
    registry = _registry()
    t = text.strip().lower().rstrip(".")
    t = _ADVERBS.get(t, t)
    t = {"kmph": "km/hour", "mph": "mile/hour", "rs": "rupee", "₹": "rupee", "decade": "decade_of_years",
         "decades": "decade_of_years"}.get(t, t)
    t = t.replace(" per ", "/").replace("square ", "sq_").replace("cubic ", "cu_")
    for attempt in (t, t[:-1] if t.endswith("s") else t, t[:-2] if t.endswith("es") else t,
                    t.replace("ies", "y"), t.replace("feet", "foot").replace("sq_", "square_")):
        if attempt.startswith("sq_"):
            attempt = attempt[3:] + "**2"
        elif attempt.startswith("cu_"):
            attempt = attempt[3:] + "**3"
        try:
            return registry.parse_units(attempt.replace(" ", "_"))
        except Exception:  # noqa: BLE001 - pint raises several error types for unknown names
            continue
    return None


_UNIT_WORD = re.compile(r"[A-Za-z$]+")
#: what comes before a word used as a unit: a number, an article, per/each/every, "in", "many", "of"
_UNIT_CONTEXT = re.compile(r"(?:\d|\b(?:a|an|one|per|each|every|in|many|much|of|the|[a-z]+-?(?:one|two|three|four|"
                           r"five|six|seven|eight|nine|ten|teen|ty)))[\s-]+$", re.IGNORECASE)


_COMPOUND = re.compile(r"[A-Za-z]+\s+(?:per|an|a)\s+[A-Za-z]+|[A-Za-z]+/[A-Za-z]+")


def units_in(text: str) -> set:
    """The pint units of the unit words of ``text`` (words of four letters or more, adverbs, "$");
    a compound ("miles per hour", "km/h") is one unit of its own."""
    found = set()
    for m in _COMPOUND.finditer(text):
        unit = read_unit(re.sub(r"\s+(?:an|a)\s+", " per ", m.group()))
        if unit is not None and not unit.dimensionless:
            found.add(unit)
    text = _COMPOUND.sub(lambda m: " " if read_unit(re.sub(r"\s+(?:an|a)\s+", " per ", m.group())) else m.group(), text)
    for m in _UNIT_WORD.finditer(text):
        word = m.group()
        if len(word) < 4 and word != "$" or word.lower() in ("second", "seconds", "foot", "pound", "pounds"):
            continue
        if word.lower() not in _ADVERBS and word != "$" and not _UNIT_CONTEXT.search(text, 0, m.start()):
            continue  # "an undisclosed yard line": the word, not the unit
        unit = read_unit(word)
        if unit is not None and not unit.dimensionless:
            found.add(unit)
    return found


def _quantity_around(text: str, start: int, unit):
    """The quantity a unit mention measures: the number just before it, or 1 (after an article)."""
    before = text[max(0, start - 24):start]
    m = re.search(r"([\d.,/]+|[A-Za-z-]+)[\s-]*$", before)
    value = read_value(m.group(1)) if m else None
    magnitude = value[0] if value is not None else Fraction(1)
    return _registry().Quantity(float(magnitude), unit)


# ------------------------------------------------------------------------------------------------ pairs
def _pairs() -> list[tuple[str, str, str]]:
    pairs = []
    files = list(DEV_FILES) + ([MATHCHECK] if MATHCHECK.exists() else [])
    for path in files:
        with open(path, encoding="utf-8") as fh:
            for row in csv.DictReader(fh):
                paraphrase = row.get("paraphrase") or row.get("augmented")
                if row.get("question") and paraphrase:
                    pairs.append((path.stem, row["question"], paraphrase))
    return pairs


@pytest.fixture(scope="module")
def dev_findings(analyzer):
    pairs = _pairs()
    if not pairs:
        pytest.skip("no labelled development file")
    results = CriticalInfoChecker(analyzer).check_pairs([q for _, q, _ in pairs], [p for _, _, p in pairs])
    return [(name, q, p, f) for (name, q, p), r in zip(pairs, results) for f in r.findings
            if f.kind.startswith(("number_", "unit_"))]


def _value_violations(question: str, paraphrase: str, finding) -> str | None:
    if finding.kind in ("number_changed", "number_kind_changed"):
        q, p = finding.question_spans[0], finding.paraphrase_spans[0]
        old, new = span_value(question, q.start, q.end), span_value(paraphrase, p.start, p.end)
        if old is not None and new is not None and old == new:
            return f"{finding.message}: both sides are {old}"
    elif finding.kind in ("number_missing", "number_added"):
        spans, this, other = ((finding.question_spans, question, paraphrase) if finding.kind == "number_missing"
                              else (finding.paraphrase_spans, paraphrase, question))
        value = span_value(this, spans[0].start, spans[0].end)
        if value is not None and value[1] != "ordinal":
            here = sum(v == value for v in values_in(this))
            there = sum(v == value for v in values_in(other))
            if there >= here > 0:
                return f"{finding.message}: {value} occurs {there} times on the other side, {here} here"
    return None


def _unit_violations(question: str, paraphrase: str, finding) -> str | None:
    if finding.kind == "unit_changed":
        q, p = finding.question_spans[0], finding.paraphrase_spans[0]
        old, new = read_unit(q.text), read_unit(p.text)
        if old is None or new is None:
            return None
        if old == new:
            return f"{finding.message}: the same unit {old}"
        a, b = _quantity_around(question, q.start, old), _quantity_around(paraphrase, p.start, new)
        if a.dimensionality == b.dimensionality and abs(a.to(b.units).magnitude - b.magnitude) <= 1e-6 * abs(b.magnitude):
            return f"{finding.message}: {a} equals {b}"
    elif finding.kind in ("unit_missing", "unit_added"):
        spans, other = ((finding.question_spans, paraphrase) if finding.kind == "unit_missing"
                        else (finding.paraphrase_spans, question))
        unit = read_unit(spans[0].text)
        if unit is not None and unit in units_in(other):
            return f"{finding.message}: {unit} is in the other text"
    return None


def test_no_difference_between_equal_values_or_units(dev_findings):
    violations = []
    for name, question, paraphrase, finding in dev_findings:
        problem = (_value_violations(question, paraphrase, finding)
                   or _unit_violations(question, paraphrase, finding))
        if problem:
            violations.append(f"{name}: {problem}\n  Q: {question}\n  P: {paraphrase}")
    assert not violations, f"{len(violations)} findings call equal things different:\n" + "\n".join(violations)


def test_the_equivalence_can_fail():
    """The independent readers see the equalities the test relies on (so the walk above can fail)."""
    assert read_value("3/4") == read_value("three-fourths") == read_value("75%") == read_value("0.75")
    assert read_value("$5") != read_value("5") and read_value("5th") != read_value("5")
    assert read_unit("daily") == read_unit("days") == read_unit("day")
    q = _registry().Quantity
    assert q(10, read_unit("years")).to(read_unit("decade")).magnitude == pytest.approx(1)
    assert _unit_violations("It took 10 years.", "It took a decade.", _fake("unit_changed", (11, 16), (10, 16),
                                                                           "It took 10 years.", "It took a decade."))
    assert _value_violations("3/4 of it", "75% of it", _fake("number_changed", (0, 3), (0, 3), "3/4 of it",
                                                             "75% of it"))


def _fake(kind, q_span, p_span, question, paraphrase):
    from paraqd.analysis.document import Mention
    from paraqd.checks.findings import Finding, Severity

    return Finding(kind, kind, Severity.CRITICAL, (Mention(*q_span, question[slice(*q_span)]),),
                   (Mention(*p_span, paraphrase[slice(*p_span)]),))
