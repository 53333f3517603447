"""Pair samplers for silver data (Thakur et al., 2021, "Augmented SBERT").

A sampler proposes pairs ``(i, j)`` (``i < j``) of a pool of texts for the cross-encoder to label;
:meth:`PairSampler.select` may then keep a subset given the cross-encoder's scores (the KDE sampler does).

* ``random``: uniform pairs; mostly negatives.
* ``kde``: label ``oversample * n_pairs`` random pairs, keep the subset whose label distribution matches the
  gold data: for binary gold, every positive and negatives in the gold negative/positive ratio; for graded
  gold, each pair is kept with probability ``min(1, F_gold(s) / F_silver(s))`` (Gaussian KDEs of the scores).
* ``bm25``: each text with its ``top_k`` best BM25 matches (rank-bm25).
* ``semantic``: each text with its ``top_k`` nearest neighbours under the sentence encoder (faiss).
* ``bm25+semantic``: the union of both.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

import numpy as np

from ..errors import InputError, ModelUnavailableError
from ..registries import Registry, call_with_accepted
from .data import LabelledPair
from .neighbours import neighbour_pairs, normalize_rows

_TOKEN = re.compile(r"\w+")


def encode_texts(texts: Sequence[str], encoder: str | None = None, batch_size: int = 64,
                 progress: bool | None = None) -> np.ndarray:
    """Unit-length sentence embeddings (default encoder: the embedded all-MiniLM-L6-v2)."""
    from ..encoders import load_encoder

    model = load_encoder(encoder, device="cpu")
    emb = model.encode(list(texts), batch_size=batch_size, convert_to_numpy=True,
                       show_progress_bar=progress if progress is not None else None)
    return normalize_rows(emb)


def _unique_pairs(pairs: np.ndarray) -> np.ndarray:
    if len(pairs) == 0:
        return np.zeros((0, 2), np.int64)
    pairs = np.stack([pairs.min(axis=1), pairs.max(axis=1)], axis=1).astype(np.int64)
    pairs = pairs[pairs[:, 0] != pairs[:, 1]]
    return np.unique(pairs, axis=0)


#: The registry of pair samplers (:mod:`paraqd.registries`): classes or functions returning a
#: :class:`PairSampler`, by the name ``paraqd pairs silver --sampler`` takes.
samplers = Registry("samplers", what="sampler")


#: Decorator adding a sampler: a :class:`PairSampler` subclass, or a function returning one
#: (``@register_sampler("name")``). :func:`create_sampler` calls it with those of ``top_k``, ``n_pairs``,
#: ``encoder``, ``oversample`` and ``gold`` that its signature names.
register_sampler = samplers.decorator()


class PairSampler:
    """Base class: :meth:`candidates` proposes pairs, :meth:`select` filters them by score."""

    name = "base"

    def candidates(self, texts: Sequence[str], rng: np.random.Generator) -> np.ndarray:
        raise NotImplementedError

    def select(self, scores: np.ndarray, rng: np.random.Generator, threshold: float = 0.5) -> np.ndarray:
        """Indices of the candidates to keep once labelled (default: all)."""
        return np.arange(len(scores))


def random_pairs(n_texts: int, n_pairs: int, rng: np.random.Generator) -> np.ndarray:
    """``n_pairs`` distinct uniform pairs (fewer if the pool has fewer), sorted."""
    total = n_texts * (n_texts - 1) // 2
    n_pairs = min(n_pairs, total)
    if n_pairs <= 0:
        return np.zeros((0, 2), np.int64)
    if n_pairs > total // 3:  # dense: choose among all pair codes
        iu = np.triu_indices(n_texts, 1)
        pick = np.sort(rng.choice(total, size=n_pairs, replace=False))
        return np.stack([iu[0][pick], iu[1][pick]], axis=1).astype(np.int64)
    found = np.zeros((0, 2), np.int64)
    while len(found) < n_pairs:
        draw = rng.integers(0, n_texts, size=(2 * (n_pairs - len(found)) + 8, 2))
        found = np.unique(np.r_[found, _unique_pairs(draw)], axis=0)
    keep = np.sort(rng.choice(len(found), size=n_pairs, replace=False))
    return found[keep]


class RandomSampler(PairSampler):
    name = "random"

    def __init__(self, n_pairs: int = 1000):
        self.n_pairs = n_pairs

    def candidates(self, texts, rng):
        return random_pairs(len(texts), self.n_pairs, rng)


class KDESampler(PairSampler):
    """Random pairs, then a subset whose score distribution follows the gold data."""

    name = "kde"

    def __init__(self, n_pairs: int = 1000, oversample: int = 4, gold: Sequence[LabelledPair] | None = None,
                 gold_scores: Sequence[float] | None = None):
        if gold is None and gold_scores is None:
            raise InputError("the kde sampler needs the gold pairs (their label distribution)")
        self.n_pairs, self.oversample = n_pairs, max(1, oversample)
        self.gold_scores = np.asarray(gold_scores if gold_scores is not None else [p.label for p in gold], float)

    def candidates(self, texts, rng):
        return random_pairs(len(texts), self.n_pairs * self.oversample, rng)

    def select(self, scores, rng, threshold=0.5):
        scores = np.asarray(scores, dtype=float)
        if len(np.unique(self.gold_scores)) <= 2:  # classification: keep positives, match the ratio
            gold_pos = float((self.gold_scores >= threshold).mean())
            pos = np.nonzero(scores >= threshold)[0]
            neg = np.nonzero(scores < threshold)[0]
            if gold_pos >= 1.0:
                n_neg = 0
            elif len(pos) == 0:
                n_neg = min(len(neg), self.n_pairs)
            else:
                n_neg = min(len(neg), round(len(pos) * (1 - gold_pos) / max(gold_pos, 1e-9)))
            keep_neg = rng.choice(neg, size=n_neg, replace=False) if n_neg else np.zeros(0, np.int64)
            return np.sort(np.r_[pos, keep_neg]).astype(np.int64)
        from scipy.stats import gaussian_kde

        f_gold = gaussian_kde(self.gold_scores)(scores)
        f_silver = gaussian_kde(scores)(scores) if np.ptp(scores) > 0 else np.ones_like(scores)
        keep_p = np.minimum(1.0, f_gold / np.maximum(f_silver, 1e-12))
        return np.nonzero(rng.random(len(scores)) < keep_p)[0]


class BM25Sampler(PairSampler):
    """Each text paired with its ``top_k`` highest BM25 matches in the pool."""

    name = "bm25"

    def __init__(self, top_k: int = 3):
        self.top_k = top_k

    def candidates(self, texts, rng):
        try:
            from rank_bm25 import BM25Okapi
        except ImportError:
            raise ModelUnavailableError("rank-bm25", hint="install it with `pip install rank-bm25` "
                                                          "(or paraqd[pairs])") from None
        tokens = [_TOKEN.findall(t.lower()) for t in texts]
        if not any(tokens):  # BM25 divides by the mean length: no word anywhere, nothing to match
            raise InputError("no text of the pool has a word to match with BM25; use --sampler semantic or random")
        bm25 = BM25Okapi(tokens)
        out = []
        for i, query in enumerate(tokens):
            if not query:  # a text without words matches nothing lexically
                continue
            scores = np.asarray(bm25.get_scores(query))
            scores[i] = -np.inf
            k = min(self.top_k, len(texts) - 1)
            best = np.argsort(-scores, kind="stable")[:k]
            out.extend((i, int(j)) for j in best)
        return _unique_pairs(np.array(out, dtype=np.int64).reshape(-1, 2))


class SemanticSampler(PairSampler):
    """Each text paired with its ``top_k`` nearest neighbours under a sentence encoder."""

    name = "semantic"

    def __init__(self, top_k: int = 3, encoder: str | None = None, embeddings: np.ndarray | None = None):
        self.top_k, self.encoder, self.embeddings = top_k, encoder, embeddings

    def candidates(self, texts, rng):
        emb = self.embeddings if self.embeddings is not None else encode_texts(texts, self.encoder)
        return neighbour_pairs(normalize_rows(emb), self.top_k)


class CombinedSampler(PairSampler):
    """The union of several samplers' candidates."""

    def __init__(self, samplers: Sequence[PairSampler]):
        self.samplers = list(samplers)
        self.name = "+".join(s.name for s in self.samplers)

    def candidates(self, texts, rng):
        return _unique_pairs(np.concatenate([s.candidates(texts, rng) for s in self.samplers]))


register_sampler("random")(RandomSampler)
register_sampler("kde")(KDESampler)
register_sampler("bm25")(BM25Sampler)
register_sampler("semantic")(SemanticSampler)


@register_sampler("bm25+semantic")
def bm25_and_semantic(top_k: int = 3, encoder: str | None = None) -> PairSampler:
    """The union of the BM25 and the semantic sampler's pairs."""
    return CombinedSampler([BM25Sampler(top_k), SemanticSampler(top_k, encoder)])


#: The built-in samplers' names (``samplers.names()`` also lists those registered since).
SAMPLERS = tuple(samplers.names())


def has_words(texts: Sequence[str]) -> bool:
    """Whether any text has a word token (what BM25 matches on)."""
    return any(_TOKEN.search(t) for t in texts)


def create_sampler(name: str, top_k: int = 3, n_pairs: int = 1000, encoder: str | None = None,
                   oversample: int = 4, gold: Sequence[LabelledPair] | None = None) -> PairSampler:
    """A registered sampler by name, given those of the options its constructor (or function) takes."""
    return call_with_accepted(samplers.get(name), top_k=top_k, n_pairs=n_pairs, encoder=encoder,
                              oversample=oversample, gold=gold)
