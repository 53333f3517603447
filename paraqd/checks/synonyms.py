"""Is a renamed noun a synonym? Word similarity under a sentence encoder, for the entity check.

A paraphrase that writes "store" for "shop" in one sentence and keeps "shop" in another has not renamed
anything: the two words mean the same. A partial rename to an unrelated word ("newspaper" -> "undertake")
breaks the problem. The rule check alone cannot tell them apart; the encoder that scores the sentences can.
:class:`WordSimilarity` embeds single words (each distinct word once, cached) and calls two words synonyms
when their cosine similarity reaches ``threshold``.

The default threshold 0.5 comes from development data (``benchmarks/check_dev.py``, docs/explain.md): with
all-MiniLM-L6-v2, every one-place rename at or above 0.5 on the reference augmentations and on the
hand-labelled AQuA dev pairs was a valid paraphrase (gas/gasoline 0.80, shop/store 0.66, stock/equity 0.53),
and no invalid one reached it (highest 0.43, musicians/workers).

A noun replaced *in its own slot* (the entity check's one-place rename, aligned by the surrounding words) is
judged with the looser :data:`RENAME_SYNONYM_THRESHOLD` 0.38: LLM rewordings on the development rewordings
(mathcheck_dev, GSM8K) write near-synonyms and more general words there (packages/parcels 0.49, speed/rate
0.48, house/property 0.47, interest/rate 0.43, profit/returns 0.42, line/queue 0.40, pads/guards 0.39), while
the invalid one-place swaps stay below (necklaces/chairs 0.33 and lower) except musicians/workers 0.43, a pair
caught by its other swap. A looser threshold for *any* dropped content word would accept noise ("sweet" ->
"friends" in a TF-IDF corruption), so the content check keeps 0.5.

Checks ask about one word pair at a time; encoding one word per call would make the encoder's per-call cost
the price of every pair. :meth:`WordSimilarity.prepare` encodes many words in one batch beforehand, so the
checks then read cached vectors; a word not prepared is still encoded when asked about. Few pairs ask at all
(17 distinct words for 3000 GSM8K rewrites, out of 3790 :func:`candidate_words`), so
:meth:`~paraqd.checks.CriticalInfoChecker.check_pairs` does not encode the candidates up front: it checks every
pair with the judge :meth:`~WordSimilarity.deferring` (a word not cached is noted, not encoded), encodes the
noted words in one batch, and checks again the few pairs that asked about one.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from typing import TYPE_CHECKING

import numpy as np

if TYPE_CHECKING:  # pragma: no cover
    from ..analysis import QuestionDoc

#: cosine similarity at or above which two words count as synonyms (see the module docstring)
DEFAULT_SYNONYM_THRESHOLD = 0.5
#: the threshold for a noun the paraphrase wrote in the place of another (the entity check's one-place renames):
#: the aligned slot is evidence of its own, so a looser similarity suffices (module docstring)
RENAME_SYNONYM_THRESHOLD = 0.38


class WordSimilarity:
    """Cosine similarity of single words under ``encode`` (texts -> L2-normalised rows), cached per word.

    >>> from paraqd.encoders import load_encoder
    >>> encoder = load_encoder()  # doctest: +SKIP
    >>> words = WordSimilarity(lambda ws: encoder.encode(list(ws), normalize_embeddings=True))  # doctest: +SKIP
    >>> words.are_synonyms("shop", "store"), words.are_synonyms("newspaper", "undertake")  # doctest: +SKIP
    (True, False)
    """

    def __init__(self, encode: Callable[[Sequence[str]], np.ndarray],
                 threshold: float = DEFAULT_SYNONYM_THRESHOLD) -> None:
        if not -1.0 <= threshold <= 1.0:
            raise ValueError(f"threshold must lie in [-1, 1], got {threshold}")
        self._encode = encode
        self.threshold = float(threshold)
        self._cache: dict[str, np.ndarray] = {}
        self._pending: dict[str, None] | None = None  # the words noted while deferring
        self._noted: list[str] = []  # the words the last deferring block noted
        #: how many questions were answered without vectors while deferring (see :meth:`deferring`)
        self.deferred = 0

    @contextmanager
    def deferring(self) -> Iterator[None]:
        """Within this block a word not cached yet is not encoded: it is noted for :meth:`prepare_pending`,
        :meth:`similarity` answers NaN and :meth:`are_synonyms` False, and :attr:`deferred` counts the
        answers given so. A caller re-asks (after :meth:`prepare_pending`) whatever got such an answer:
        :meth:`~paraqd.checks.CriticalInfoChecker.check_pairs` checks those pairs again. Not thread-safe."""
        if self._pending is not None:
            raise RuntimeError("WordSimilarity.deferring() is not reentrant")
        self._pending = {}
        try:
            yield
        finally:
            self._pending, pending = None, self._pending
            self._noted = list(pending)

    def prepare_pending(self) -> int:
        """Encode, in one batch, the words noted by the last :meth:`deferring` block; returns how many."""
        noted, self._noted = self._noted, []
        return self._encode_missing(noted)

    def prepare(self, words: Iterable[str]) -> int:
        """Encode the words not cached yet in one batch; returns how many were encoded."""
        return self._encode_missing(dict.fromkeys(w.strip().lower() for w in words))

    def _encode_missing(self, keys: Iterable[str]) -> int:
        missing = [k for k in dict.fromkeys(keys) if k not in self._cache]
        if missing:
            rows = np.asarray(self._encode(missing), dtype=np.float32)
            norms = np.linalg.norm(rows, axis=1, keepdims=True)
            rows = rows / np.where(norms == 0, 1.0, norms)
            self._cache.update(zip(missing, rows))
        return len(missing)

    def _vectors(self, words: Sequence[str]) -> list[np.ndarray]:
        keys = [w.strip().lower() for w in words]
        self._encode_missing(keys)
        return [self._cache[k] for k in keys]

    def clear(self) -> None:
        """Forget the cached word vectors (after the encoder changed)."""
        self._cache.clear()

    def similarity(self, a: str, b: str) -> float:
        """Cosine similarity of the two words (case-insensitive), in [-1, 1] (NaN for a word not cached yet
        while :meth:`deferring`)."""
        if a.strip().lower() == b.strip().lower():
            return 1.0
        if self._pending is not None:
            missing = [k for k in (a.strip().lower(), b.strip().lower()) if k not in self._cache]
            if missing:
                self._pending.update(dict.fromkeys(missing))
                self.deferred += 1
                return math.nan
        va, vb = self._vectors([a, b])
        return float(np.clip(va @ vb, -1.0, 1.0))

    def are_synonyms(self, a: str, b: str, threshold: float | None = None) -> bool:
        """Whether ``a`` and ``b`` reach ``threshold`` (this object's :attr:`threshold` when ``None``)."""
        return self.similarity(a, b) >= (self.threshold if threshold is None else threshold)

    def __repr__(self) -> str:
        return f"{type(self).__name__}(threshold={self.threshold})"


def candidate_words(doc: QuestionDoc) -> set[str]:
    """The words of ``doc`` a check may ask a :class:`WordSimilarity` about: the lower-cased text and lemma
    of each alphabetic token that is not a stop word (a superset of the content words and key terms the
    content and entity checks compare)."""
    words = set()
    for tok in doc.doc:
        if tok.is_alpha and not tok.is_stop:
            words.add(tok.lower_)
            if tok.lemma_:
                words.add(tok.lemma_.lower())
    return words
