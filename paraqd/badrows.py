"""Rows that cannot be scored (an empty, whitespace-only or non-text cell): an error, or skipped and reported.

``--on-bad-row error`` (the default of ``score``, ``filter``, ``evaluate``) stops at the first such row with
one line naming the file, the row and the column; ``--on-bad-row skip`` drops those rows, writes them to a
report (the row as read, plus ``place``, ``column`` and ``problem``) and counts them in the summary::

    bad = BadRows("skip", source="pairs.csv")
    good = bad.keep(chunk, ["question", "paraphrase"], row_offset=0)   # the usable rows of a chunk
    bad.count, bad.report                                              # what was skipped, and where
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .errors import InputError

if TYPE_CHECKING:  # pragma: no cover
    import pandas as pd

POLICIES = ("error", "skip")
#: Columns a skipped row gets in the report.
REPORT_COLUMNS = ("place", "column", "problem")


def cell_problem(value: object) -> str | None:
    """Why a table cell cannot be scored as text (``None`` when it can), in the readers' words
    (:func:`paraqd.io.cell_problem`).

    >>> cell_problem("Tom has 3 apples."), cell_problem(float("nan")), cell_problem("  "), cell_problem(4)
    (None, 'is empty (expected text)', 'is empty (only whitespace)', 'is a number (4) where text was expected')
    """
    from .io import cell_problem as problem

    return problem(value)


def skipped_report_path(output: str) -> str | None:
    """Where the skipped rows of ``output`` go by default: beside it, ``scored.csv`` -> ``scored.skipped.csv``
    (``None`` for ``-``, standard output: they are counted and their places logged)."""
    from pathlib import Path

    if output in (None, "-"):
        return None
    path = Path(output)
    suffix = path.suffix if path.suffix.lower() in (".csv", ".jsonl", ".json", ".parquet") else ".csv"
    return str(path.with_name(f"{path.stem if path.suffix else path.name}.skipped{suffix}"))


class BadRows:
    """What to do with rows whose text cells cannot be scored, and the rows skipped so far."""

    def __init__(self, policy: str = "error", source: str = "input") -> None:
        if policy not in POLICIES:
            raise InputError(f"unknown --on-bad-row {policy!r}; choose one of {', '.join(POLICIES)}")
        self.policy = policy
        self.source = source
        self.skipped: list[pd.DataFrame] = []
        self.count = 0

    def keep(self, df: pd.DataFrame, columns, row_offset: int = 0) -> pd.DataFrame:
        """The rows of ``df`` whose ``columns`` all hold text. A bad row raises :class:`InputError` naming
        the file, the row and the column (policy ``error``), or is set aside for the report (``skip``)."""
        from .io import row_place

        bad: dict[int, tuple[str, str, str]] = {}
        values = [(column, df[column].tolist()) for column in columns]
        for position in range(len(df)):
            for column, cells in values:
                problem = cell_problem(cells[position])
                if problem is None:
                    continue
                place = row_place(df, position, row_offset)
                if self.policy == "error":
                    raise InputError(f"{self.source}: {place}, column {column!r} {problem}; --on-bad-row skip "
                                     "skips such rows")
                bad[position] = (place, str(column), problem)
                break
        if not bad:
            return df
        positions = sorted(bad)
        rows = df.iloc[positions].copy()
        for i, name in enumerate(REPORT_COLUMNS):
            rows[name] = [bad[p][i] for p in positions]
        self.skipped.append(rows)
        self.count += len(positions)
        keep = [p for p in range(len(df)) if p not in bad]
        kept = df.iloc[keep]
        kept.attrs = dict(df.attrs)  # the row places (JSON lines) stay with the kept rows
        return kept

    @property
    def report(self) -> pd.DataFrame | None:
        """The skipped rows, as read, with ``place``, ``column`` and ``problem`` (``None`` when none)."""
        if not self.skipped:
            return None
        import pandas as pd

        return pd.concat(self.skipped, ignore_index=True)

    def summary(self) -> str:
        """``"; 2 bad rows skipped (row 3, line 7) -> FILE"``-style words for a command's last line."""
        if not self.count:
            return ""
        report = self.report
        places = ", ".join(report["place"].head(3).tolist()) + (", ..." if self.count > 3 else "")
        return f"{self.count} bad row{'s' if self.count != 1 else ''} skipped ({places})"

    def write_report(self, path: str | None) -> str:
        """Write the skipped rows to ``path`` (atomically); the words saying where they went."""
        if not self.count:
            return ""
        if path is None:
            return self.summary()
        from .io import write_table

        write_table(self.report, path)
        return f"{self.summary()} -> {path}"
