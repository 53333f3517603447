"""Pictures for reports (PNG, matplotlib): score distributions, confusion matrices, t-SNE of triplets.

Each function takes one panel per method (an ordered mapping ``{method: data}``) and writes one PNG.
matplotlib is an optional dependency (``pip install "paraqd[plots]"``); figures are drawn with the
object-oriented API (no pyplot state), so plotting works in threads and without a display.
"""

from __future__ import annotations

import math
import os
from collections.abc import Mapping
from pathlib import Path

import numpy as np

from ..errors import ParaqdError
from ..io import atomic_path
from .metrics import DEFAULT_THRESHOLD, ConfusionMatrix

VALID_COLOUR, INVALID_COLOUR = "#1b9e77", "#d95f02"
DPI = 90


def _figure(n_panels: int, panel_size: tuple[float, float], max_cols: int = 3):
    try:
        from matplotlib.figure import Figure
    except ImportError:  # pragma: no cover - matplotlib is a dev dependency
        raise ParaqdError('plots need matplotlib: pip install "paraqd[plots]"') from None
    cols = min(max_cols, max(1, n_panels))
    rows = math.ceil(n_panels / cols)
    fig = Figure(figsize=(panel_size[0] * cols, panel_size[1] * rows), layout="constrained")
    axes = fig.subplots(rows, cols, squeeze=False).ravel()
    for ax in axes[n_panels:]:
        ax.set_axis_off()
    return fig, axes


def _save(fig, path: str | os.PathLike) -> Path:
    path = Path(path)
    with atomic_path(path) as tmp:
        fig.savefig(tmp, format="png", dpi=DPI)
    return path


def plot_score_distributions(panels: Mapping[str, tuple[np.ndarray, np.ndarray]], path: str | os.PathLike,
                             title: str = "", threshold: float = DEFAULT_THRESHOLD, bins: int = 40) -> Path:
    """Histograms of the scores of valid and invalid pairs, one panel per method.

    ``panels`` maps a method name to ``(labels, scores)``. The dashed line is the threshold; mu_s is shown
    in each panel's title.
    """
    fig, axes = _figure(len(panels), (3.4, 2.6))
    edges = np.linspace(-1.0, 1.0, bins + 1)
    for ax, (name, (labels, scores)) in zip(axes, panels.items()):
        labels, scores = np.asarray(labels), np.asarray(scores, dtype=float)
        valid, invalid = scores[labels == 1], scores[labels == 0]
        ax.hist(invalid, bins=edges, color=INVALID_COLOUR, alpha=0.6, label=f"invalid ({len(invalid)})")
        ax.hist(valid, bins=edges, color=VALID_COLOUR, alpha=0.6, label=f"valid ({len(valid)})")
        ax.axvline(threshold, color="black", linestyle="--", linewidth=1)
        sep = (valid.mean() if len(valid) else math.nan) - (invalid.mean() if len(invalid) else math.nan)
        ax.set_title(f"{name}  (μs = {sep:.3f})", fontsize=9)
        ax.set_xlim(-1.02, 1.02)
        ax.set_xlabel("score", fontsize=8)
        ax.tick_params(labelsize=7)
        ax.legend(fontsize=7, loc="upper left", frameon=False)
    if title:
        fig.suptitle(title, fontsize=10)
    return _save(fig, path)


def plot_confusion_matrices(panels: Mapping[str, ConfusionMatrix], path: str | os.PathLike,
                            title: str = "") -> Path:
    """2x2 confusion matrices (rows: true, columns: predicted; 0 = invalid, 1 = valid), one per method."""
    fig, axes = _figure(len(panels), (2.4, 2.3))
    for ax, (name, cm) in zip(axes, panels.items()):
        matrix = cm.matrix
        ax.imshow(matrix, cmap="Blues", vmin=0, vmax=max(1, int(matrix.max())))
        for (i, j), count in np.ndenumerate(matrix):
            ax.text(j, i, str(count), ha="center", va="center", fontsize=10,
                    color="white" if count > matrix.max() / 2 else "black")
        ax.set_xticks([0, 1], ["invalid", "valid"], fontsize=7)
        ax.set_yticks([0, 1], ["invalid", "valid"], fontsize=7, rotation=90, va="center")
        ax.set_xlabel("predicted", fontsize=8)
        ax.set_ylabel("true", fontsize=8)
        ax.set_title(name, fontsize=9)
    if title:
        fig.suptitle(title, fontsize=10)
    return _save(fig, path)


def tsne_2d(vectors: np.ndarray, seed: int = 0) -> np.ndarray:
    """A 2-D t-SNE projection (cosine metric); perplexity adapted to small inputs."""
    from sklearn.manifold import TSNE

    n = len(vectors)
    if n < 3:
        return np.zeros((n, 2)) if n else np.zeros((0, 2))
    perplexity = float(min(30.0, max(2.0, (n - 1) / 3)))
    return TSNE(n_components=2, perplexity=perplexity, metric="cosine", init="pca",
                random_state=seed).fit_transform(np.asarray(vectors, dtype=np.float32))


def plot_triplet_embeddings(panels: Mapping[str, tuple[np.ndarray, np.ndarray, np.ndarray]],
                            path: str | os.PathLike, title: str = "", highlight: int = 7,
                            seed: int = 0) -> Path:
    """The paper's Figure 2: t-SNE of anchor, positive and negative embeddings, per method.

    ``panels`` maps a method to three arrays of embeddings (anchors, positives, negatives; row *i* of each
    is triplet *i*). Each method gets one t-SNE projection shown in two panels: ``highlight`` random
    triplets (to read the distances) and all triplets. Colour is the triplet, the marker its component
    (o anchor, + positive, x negative).
    """
    fig, axes = _figure(2 * len(panels), (3.0, 2.8), max_cols=4)
    rng = np.random.default_rng(seed)
    markers = (("o", "anchor"), ("+", "positive"), ("x", "negative"))
    for k, (name, (anc, pos, neg)) in enumerate(panels.items()):
        n = len(anc)
        if not (len(pos) == len(neg) == n):
            raise ParaqdError(f"{name}: anchors, positives and negatives must have one row per triplet")
        # One projection per method; the left panel zooms on a few triplets of it.
        points = tsne_2d(np.concatenate([anc, pos, neg]), seed) if n else np.zeros((0, 2))
        parts = [points[i * n:(i + 1) * n] for i in range(3)]
        chosen = np.sort(rng.choice(n, size=min(highlight, n), replace=False)) if n else np.zeros(0, int)
        for ax, subset, label in ((axes[2 * k], chosen, f"{len(chosen)} triplets"),
                                  (axes[2 * k + 1], np.arange(n), f"all {n} triplets")):
            m = len(subset)
            for part, (marker, legend) in zip(parts, markers):
                ax.scatter(part[subset, 0], part[subset, 1], c=np.arange(m), marker=marker, label=legend,
                           cmap="tab10" if m <= 10 else "viridis", s=28 if m <= 10 else 10, linewidths=1)
            ax.set_title(f"{name}: {label}", fontsize=8)
            ax.set_xticks([])
            ax.set_yticks([])
        axes[2 * k].legend(fontsize=6, loc="best", frameon=False)
    if title:
        fig.suptitle(title, fontsize=10)
    return _save(fig, path)
