"""Exact inner-product nearest neighbours (faiss when installed, a blocked NumPy search otherwise)."""

from __future__ import annotations

import numpy as np


def _faiss():
    try:
        import faiss
    except ImportError:
        return None
    return faiss


def normalize_rows(x: np.ndarray) -> np.ndarray:
    """Rows scaled to unit length (zero rows stay zero), as float32."""
    x = np.asarray(x, dtype=np.float32)
    norms = np.linalg.norm(x, axis=1, keepdims=True)
    return x / np.maximum(norms, 1e-12)


def nearest_neighbours(embeddings: np.ndarray, k: int, block: int = 2048) -> tuple[np.ndarray, np.ndarray]:
    """The ``k`` most similar other rows of every row by inner product (cosine for unit rows).

    Returns ``(scores, indices)``, each of shape ``(n, min(k, n - 1))``, best first; a row is never its
    own neighbour. Uses ``faiss.IndexFlatIP`` (exact) when faiss is installed.
    """
    x = np.ascontiguousarray(embeddings, dtype=np.float32)
    n = len(x)
    k = max(0, min(k, n - 1))
    if k == 0:
        return np.zeros((n, 0), np.float32), np.zeros((n, 0), np.int64)
    faiss = _faiss()
    if faiss is not None:
        index = faiss.IndexFlatIP(x.shape[1])
        index.add(x)
        scores, idx = index.search(x, k + 1)
    else:
        scores = np.empty((n, k + 1), np.float32)
        idx = np.empty((n, k + 1), np.int64)
        for start in range(0, n, block):
            sims = x[start:start + block] @ x.T
            part = np.argpartition(-sims, k, axis=1)[:, :k + 1]
            part_scores = np.take_along_axis(sims, part, axis=1)
            order = np.argsort(-part_scores, axis=1, kind="stable")
            idx[start:start + block] = np.take_along_axis(part, order, axis=1)
            scores[start:start + block] = np.take_along_axis(part_scores, order, axis=1)
    # drop the row itself (ties may put it anywhere in the first places)
    out_s = np.empty((n, k), np.float32)
    out_i = np.empty((n, k), np.int64)
    for row in range(n):
        keep = idx[row] != row
        cand_i, cand_s = idx[row][keep][:k], scores[row][keep][:k]
        out_i[row], out_s[row] = cand_i, cand_s
    return out_s, out_i


def neighbour_pairs(embeddings: np.ndarray, k: int) -> np.ndarray:
    """Unordered pairs ``(i, j)``, ``i < j``, where one is among the ``k`` nearest of the other (sorted)."""
    _, idx = nearest_neighbours(embeddings, k)
    n = len(idx)
    if idx.size == 0:
        return np.zeros((0, 2), np.int64)
    rows = np.repeat(np.arange(n), idx.shape[1])
    cols = idx.ravel()
    pairs = np.stack([np.minimum(rows, cols), np.maximum(rows, cols)], axis=1)
    return np.unique(pairs, axis=0)
