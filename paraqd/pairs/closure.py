"""Transitive closure of labelled pairs (Jurišić et al., "Beyond Duplicates", 2023; Chen et al., 2020).

Duplicates form an equivalence relation, so ``A~B`` and ``B~C`` give ``A~C``; a non-duplicate edge
spreads over the two duplicate groups it joins, so ``A~B`` and ``B!~C`` give ``A!~C``.

Distance counts inference steps: a pair is at distance ``links - 1`` where ``links`` is the length of the
shortest chain of input pairs that proves it (input pairs: 0; ``A~B~C``: 1; ``A~B~C~D``: 2; ``A~B!~C``: 1).
This matches the paper's worked example; the paper found distances above 2 and generated negatives to
add more noise than signal on QQP, hence ``max_distance`` and ``negatives``.

A pair proved both a duplicate and a non-duplicate is a *contradiction*: it is reported in
:attr:`ClosureResult.contradictions`, and the ``on_contradiction`` policy says what happens to it.
"""

from __future__ import annotations

import logging
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Literal

import networkx as nx
import pandas as pd

from ..errors import InputError
from ..leakage import LeakageFilter
from .data import LabelledPair, normalize_text, pair_key

logger = logging.getLogger(__name__)

ContradictionPolicy = Literal["drop", "keep", "error"]


@dataclass(frozen=True)
class Contradiction:
    """A pair that the closure proves both positive and negative (distances of the two proofs)."""

    text_a: str
    text_b: str
    positive_distance: int
    negative_distance: int


@dataclass
class ClosureResult:
    """Input pairs (distance 0) followed by the generated ones, plus what was reported on the way."""

    pairs: pd.DataFrame
    contradictions: list[Contradiction] = field(default_factory=list)
    excluded: int = 0  # generated pairs dropped because they touch an evaluation text

    def counts(self) -> dict[tuple[int, int], int]:
        """Number of output pairs per ``(label, distance)``."""
        c = Counter(zip(self.pairs["label"].tolist(), self.pairs["distance"].tolist()))
        return dict(sorted(c.items(), key=lambda kv: (-kv[0][0], kv[0][1])))

    def summary(self) -> str:
        """Counts per distance in one line per label, for logs."""
        lines = []
        for label, name in ((1, "positives"), (0, "negatives")):
            parts = [f"d{d}={n}" for (y, d), n in self.counts().items() if y == label]
            lines.append(f"{name}: " + (", ".join(parts) if parts else "none"))
        lines.append(f"contradictions: {len(self.contradictions)}; dropped (evaluation texts): {self.excluded}")
        return "\n".join(lines)


class _Graph:
    """Texts as nodes, with the duplicate edges (a networkx graph) and the non-duplicate edges of the input."""

    def __init__(self, pairs: Iterable[LabelledPair]):
        self.text: dict[str, str] = {}  # normalized -> first spelling
        self.order: dict[str, int] = {}
        self.positive = nx.Graph()
        self.negative_edges: list[tuple[str, str]] = []
        self.input: dict[tuple[str, str], set[int]] = {}
        self.input_rows: list[tuple[str, str, int]] = []
        self.self_pairs = 0
        for p in pairs:
            a, b = self._node(p.text_a), self._node(p.text_b)
            if a == b:
                self.self_pairs += 1
                continue
            key = pair_key(a, b)
            labels = self.input.setdefault(key, set())
            if p.label in labels:
                continue
            labels.add(p.label)
            self.input_rows.append((a, b, p.label))
            if p.label == 1:
                self.positive.add_edge(a, b)
            else:
                self.negative_edges.append((a, b))

    def _node(self, text: str) -> str:
        key = normalize_text(text)
        if not key:
            raise InputError("a pair has an empty text")
        if key not in self.text:
            self.text[key] = text
            self.order[key] = len(self.order)
        return key

    def hops(self, source: str, limit: int | None) -> dict[str, int]:
        """Breadth-first hop counts over duplicate edges from ``source`` (itself at 0), up to ``limit``."""
        if source not in self.positive:
            return {source: 0}
        return nx.single_source_shortest_path_length(self.positive, source, cutoff=limit)


def transitive_closure(pairs: Iterable[LabelledPair], max_distance: int | None = None,
                       negatives: bool = True, exclude: Iterable[str] | None = None,
                       on_contradiction: ContradictionPolicy = "drop") -> ClosureResult:
    """Add the pairs implied by transitivity to ``pairs``.

    Args:
        pairs: labelled input pairs (label 1 = duplicate); repeated pairs are kept once.
        max_distance: largest distance generated (``None``: no limit; 0: nothing generated).
        negatives: also generate non-duplicates (``A~B, B!~C => A!~C``).
        exclude: texts no generated pair may touch, e.g. every question of an evaluation set (a
            :class:`~paraqd.leakage.LeakageFilter`, or texts compared by :func:`~paraqd.leakage.question_key`).
        on_contradiction: ``"drop"`` leaves generated pairs that contradict out of the output (input pairs
            are always written as given), ``"keep"`` writes both labels, ``"error"`` raises
            :class:`~paraqd.errors.InputError`. Contradictions are reported in every case.
    """
    if max_distance is not None and max_distance < 0:
        raise InputError(f"max distance must be >= 0, got {max_distance}")
    if on_contradiction not in ("drop", "keep", "error"):
        raise InputError(f"unknown contradiction policy {on_contradiction!r}; use drop, keep or error")
    graph = _Graph(pairs)
    exclude = exclude if isinstance(exclude, LeakageFilter) else LeakageFilter(exclude or ())

    # positives: key -> distance (input positives at 0)
    pos: dict[tuple[str, str], int] = {}
    neg: dict[tuple[str, str], int] = {}
    for a, b, y in graph.input_rows:
        (pos if y == 1 else neg)[pair_key(a, b)] = 0
    _close_positives(graph, pos, None if max_distance is None else max_distance + 1)
    if negatives:
        _close_negatives(graph, neg, max_distance)

    contradictions = [Contradiction(graph.text[k[0]], graph.text[k[1]], pos[k], neg[k])
                      for k in sorted(pos.keys() & neg.keys(), key=lambda k: (graph.order[k[0]], graph.order[k[1]]))]
    if contradictions and on_contradiction == "error":
        c = contradictions[0]
        raise InputError(f"{len(contradictions)} contradictory pair(s), e.g. {c.text_a!r} / {c.text_b!r} is a "
                         f"duplicate at distance {c.positive_distance} and a non-duplicate at distance "
                         f"{c.negative_distance}")
    contradictory = {pair_key(normalize_text(c.text_a), normalize_text(c.text_b)) for c in contradictions}
    skip = contradictory if on_contradiction == "drop" else set()
    generated, excluded = _generated(graph, pos, neg, skip, exclude)
    rows = [(graph.text[a], graph.text[b], y, 0) for a, b, y in graph.input_rows]
    rows.extend((a, b, -neg_label, d) for neg_label, d, _, _, a, b in generated)
    df = pd.DataFrame(rows, columns=["text_a", "text_b", "label", "distance"])
    df = df.astype({"label": "int64", "distance": "int64"})
    if graph.self_pairs:
        logger.warning("ignored %d pair(s) of a text with itself", graph.self_pairs)
    return ClosureResult(df, contradictions, excluded)


def _close_positives(graph: _Graph, pos: dict[tuple[str, str], int], hop_limit: int | None) -> None:
    """Add to ``pos`` every pair joined by a path of duplicate edges (distance: hops - 1), up to ``hop_limit``."""
    for a in graph.positive.nodes:
        for b, h in graph.hops(a, hop_limit).items():
            if h >= 2 and a < b:
                key = (a, b)
                pos[key] = min(pos.get(key, h - 1), h - 1)


def _close_negatives(graph: _Graph, neg: dict[tuple[str, str], int], max_distance: int | None) -> None:
    """Add to ``neg`` every pair ``A~B, B!~C, C~D => A!~D`` at distance hops(A, B) + hops(C, D)."""
    for b, c in graph.negative_edges:
        hb, hc = graph.hops(b, max_distance), graph.hops(c, max_distance)
        for x, dx in hb.items():
            for y, dy in hc.items():
                d = dx + dy
                if x == y or (max_distance is not None and d > max_distance):
                    continue
                key = pair_key(x, y)
                if key not in neg or d < neg[key]:
                    neg[key] = d


def _generated(graph: _Graph, pos, neg, skip: set, exclude) -> tuple[list[tuple], int]:
    """The generated pairs (distance > 0) not in ``skip`` and touching no excluded text, sorted positives
    first, then by distance and input order; and how many were excluded."""
    generated = []
    excluded = 0
    for label, found in ((1, pos), (0, neg)):
        for key, d in found.items():
            if d == 0 or key in skip:
                continue
            if key[0] in exclude or key[1] in exclude:
                excluded += 1
                continue
            a, b = sorted(key, key=graph.order.__getitem__)
            generated.append((-label, d, graph.order[a], graph.order[b], graph.text[a], graph.text[b]))
    generated.sort()
    return generated, excluded
