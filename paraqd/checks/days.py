"""Kept for imports: days of the week and relative days are read by :mod:`paraqd.analysis.days` (the relation
check reports them)."""

from ..analysis.days import WEEKDAYS, added_days, changed_days, day_of

__all__ = ["WEEKDAYS", "added_days", "changed_days", "day_of"]
