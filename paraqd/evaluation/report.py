"""Result tables in the paper's layouts, written as Markdown, CSV and JSON.

Every table has the paper's metric columns (Macro P/R/F1, Weighted P/R/F1, mu+, mu-, mu_s; F1 in the paper's
convention: harmonic mean of the averaged P and R) plus ROC-AUC, and differs only in its key columns:

=========  ==============================  ==========================================
layout     key columns                     paper
=========  ==============================  ==========================================
table1     Dataset, Method                 Table 1: all methods on all datasets
table4     Dataset, Without                Table 4: leave one operator out
table5     Dataset, Loss                   Table 5: triplet loss vs MNRL
table6     Dataset, Seed, Method           Table 6: fixed seed vs seed optimisation
table8     Dataset, Encoder, Method        Table 8: encoders
=========  ==============================  ==========================================

    table = ResultTable.layout("table1", title="Table 1")
    table.add(("AQUA_test", "Pretrained"), evaluate_scores(labels, scores))
    table.write("docs/bench/table1")      # table1.md, table1.csv, table1.json
"""

from __future__ import annotations

import math
import os
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pandas as pd

from ..errors import InputError
from ..io import json_safe, write_json, write_table, write_text  # noqa: F401 (write_json: re-exported)
from .metrics import METRIC_KEYS

LAYOUTS: dict[str, tuple[str, ...]] = {
    "table1": ("Dataset", "Method"),
    "table4": ("Dataset", "Without"),
    "table5": ("Dataset", "Loss"),
    "table6": ("Dataset", "Seed", "Method"),
    "table8": ("Dataset", "Encoder", "Method"),
}

#: (metric key, Markdown header) of the displayed columns, in the paper's order, then paraqd's extra.
DISPLAY_COLUMNS: tuple[tuple[str, str], ...] = (
    ("macro_p", "Macro P"), ("macro_r", "Macro R"), ("macro_f1_paper", "Macro F1"),
    ("weighted_p", "Weighted P"), ("weighted_r", "Weighted R"), ("weighted_f1_paper", "Weighted F1"),
    ("mu_pos", "μ+"), ("mu_neg", "μ−"), ("separation", "μs"), ("roc_auc", "ROC-AUC"),
)

CONVENTION_NOTE = ("F1 is the paper's: the harmonic mean of the averaged precision and recall; all figures at "
                   "the untuned threshold {threshold} (score ≥ threshold = valid).")


def _fmt(value: Any, digits: int) -> str:
    if value is None or (isinstance(value, float) and math.isnan(value)):
        return "–"
    if isinstance(value, float):
        return f"{value:.{digits}f}"
    return str(value)


@dataclass
class ResultTable:
    """Rows of metrics keyed by ``keys`` (e.g. dataset and method); ``None`` metrics mark a skipped row."""

    keys: tuple[str, ...]
    title: str = ""
    rows: list[tuple[tuple, dict[str, Any] | None]] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)

    @classmethod
    def layout(cls, name: str, title: str = "") -> "ResultTable":
        """An empty table in one of the :data:`LAYOUTS`."""
        if name not in LAYOUTS:
            raise InputError(f"unknown table layout {name!r}; choose one of {', '.join(LAYOUTS)}")
        return cls(LAYOUTS[name], title)

    def add(self, key: Sequence[Any] | Mapping[str, Any], metrics: Mapping[str, Any] | None,
            note: str | None = None) -> None:
        """Add a row; ``metrics=None`` records a skipped entry (give the reason in ``note``)."""
        values = tuple(key[k] for k in self.keys) if isinstance(key, Mapping) else tuple(key)
        if len(values) != len(self.keys):
            raise InputError(f"row key {values!r} does not match the columns {self.keys!r}")
        self.rows.append((values, None if metrics is None else dict(metrics)))
        if note and note not in self.notes:
            self.notes.append(note)

    def records(self) -> list[dict[str, Any]]:
        """One flat dict per row: the key columns, then every metric (``skipped`` for empty rows)."""
        out = []
        for values, metrics in self.rows:
            rec: dict[str, Any] = dict(zip(self.keys, values))
            if metrics is None:
                rec["skipped"] = True
            else:
                rec.update({k: json_safe(v) for k, v in metrics.items()})
            out.append(rec)
        return out

    def to_frame(self) -> pd.DataFrame:
        """Machine-readable frame: key columns, then the :data:`~paraqd.evaluation.metrics.METRIC_KEYS`."""
        cols = [*self.keys, *(k for k in METRIC_KEYS if k != "threshold"), "threshold"]
        frame = pd.DataFrame(self.records())
        extra = [c for c in frame.columns if c not in cols]
        return frame.reindex(columns=cols + extra)

    def to_markdown(self, digits: int = 3) -> str:
        """A GitHub Markdown table; a key repeated from the row above is left blank, as in the paper."""
        header = [*self.keys, *(h for _, h in DISPLAY_COLUMNS)]
        lines = []
        if self.title:
            lines += [f"**{self.title}**", ""]
        lines.append("| " + " | ".join(header) + " |")
        lines.append("|" + "|".join(["---"] * len(self.keys) + ["---:"] * len(DISPLAY_COLUMNS)) + "|")
        previous: tuple = ()
        for values, metrics in self.rows:
            shown = []
            for i, v in enumerate(values):
                same_prefix = previous[:i + 1] == values[:i + 1] and i < len(values) - 1
                shown.append("" if same_prefix else str(v))
            previous = values
            cells = (["skipped"] + [""] * (len(DISPLAY_COLUMNS) - 1) if metrics is None
                     else [_fmt(metrics.get(k), digits) for k, _ in DISPLAY_COLUMNS])
            lines.append("| " + " | ".join(shown + cells) + " |")
        thresholds = sorted({m["threshold"] for _, m in self.rows if m and "threshold" in m})
        notes = [CONVENTION_NOTE.format(threshold=", ".join(f"{t:g}" for t in thresholds) or "0.5"),
                 *self.notes]
        lines.append("")
        lines += [f"- {n}" for n in notes]
        return "\n".join(lines) + "\n"

    def to_json(self) -> dict[str, Any]:
        return {"title": self.title, "keys": list(self.keys), "rows": self.records(), "notes": list(self.notes)}

    def write(self, stem: str | os.PathLike, formats: Sequence[str] = ("md", "csv", "json")) -> dict[str, Path]:
        """Write ``<stem>.md``, ``<stem>.csv`` and ``<stem>.json`` atomically; returns the paths by format."""
        stem = Path(stem)
        paths: dict[str, Path] = {}
        for fmt in formats:
            path = stem.with_name(f"{stem.name}.{fmt}")
            if fmt == "csv":
                write_table(self.to_frame(), path)
            elif fmt == "md":
                write_text(self.to_markdown(), path)
            elif fmt == "json":
                write_json(self.to_json(), path)
            else:
                raise InputError(f"unknown table format {fmt!r}; use md, csv or json")
            paths[fmt] = path
        return paths


def evaluation_table(rows: Sequence[Mapping[str, Any]], digits: int = 3) -> str:
    """Markdown table of ``paraqd evaluate`` rows (one per file), every metric as a column."""
    cols = ["file", *METRIC_KEYS]
    lines = ["| " + " | ".join(cols) + " |", "|" + "|".join(["---"] + ["---:"] * (len(cols) - 1)) + "|"]
    for row in rows:
        lines.append("| " + " | ".join(_fmt(row.get(c), digits) for c in cols) + " |")
    return "\n".join(lines) + "\n"
