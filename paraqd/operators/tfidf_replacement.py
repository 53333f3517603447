"""fc: the words with the highest TF-IDF in a question are replaced by random words of the corpus vocabulary.

UDA replaces *low*-TF-IDF words to keep the meaning; the paper replaces the *high*-TF-IDF ones, which are
the words that make a question solvable, to produce negatives. The operator is fitted on the corpus first
(:meth:`fit`, done by the augment pipeline for every operator with ``needs_fit``); then, in each question,
the top ``fraction`` (default 25 %, at least one) of its distinct content words (alphabetic, not stop words)
by TF-IDF are replaced, every occurrence of a chosen word by the same random vocabulary word (never itself).
Rewriting before :meth:`fit` raises :class:`~paraqd.errors.InputError`: TF-IDF of one question alone would
only measure term frequency.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence

from ..analysis import QuestionDoc
from ..errors import InputError
from .base import Operator
from .registry import register_operator


@register_operator
class TfidfReplacement(Operator):
    name = "tfidf-replacement"
    paper_id = "fc"
    polarity = "negative"
    stage = "test"
    description = "replace the top 25% words by TF-IDF with random corpus words (removes key information)"
    needs_fit = True

    def __init__(self, fraction: float = 0.25, min_df: int = 1):
        if not 0 < fraction <= 1:
            raise InputError(f"fraction must be in (0, 1], got {fraction}")
        self.fraction = fraction
        self.min_df = min_df
        self.idf: dict[str, float] | None = None
        self.vocabulary: list[str] = []

    def fit(self, texts: Sequence[str]) -> TfidfReplacement:
        """Learn IDF weights and the replacement vocabulary from raw question texts (sklearn's TfidfVectorizer)."""
        from sklearn.feature_extraction.text import ENGLISH_STOP_WORDS, TfidfVectorizer

        texts = [t for t in texts if isinstance(t, str) and t.strip()]
        if not texts:
            raise InputError("tfidf-replacement (fc) needs at least one non-empty question to fit on")
        vec = TfidfVectorizer(lowercase=True, token_pattern=r"(?u)\b[^\W\d_]{2,}\b", min_df=self.min_df)
        try:
            vec.fit(texts)
        except ValueError as exc:  # empty vocabulary
            raise InputError(f"tfidf-replacement (fc): cannot fit on this corpus ({exc})") from exc
        names = vec.get_feature_names_out()
        self.idf = dict(zip(names, vec.idf_.tolist()))
        from spacy.lang.en.stop_words import STOP_WORDS

        self.vocabulary = sorted(w for w in names if w not in ENGLISH_STOP_WORDS and w not in STOP_WORDS)
        return self

    def transform(self, doc: QuestionDoc, rng: random.Random) -> str | None:
        if self.idf is None:
            raise InputError("tfidf-replacement (fc) must be fitted on a corpus first: call fit(docs), "
                             "or run it through `paraqd augment`, which fits it on the input questions")
        counts: dict[str, int] = {}
        tokens = [t for t in doc.doc if t.is_alpha and not t.is_stop and len(t.text) > 1]
        for t in tokens:
            counts[t.lower_] = counts.get(t.lower_, 0) + 1
        if not counts:
            return None
        default_idf = max(self.idf.values(), default=1.0)
        scores = {w: c * self.idf.get(w, default_idf) for w, c in counts.items()}
        order = sorted(scores, key=lambda w: -scores[w])  # stable: ties keep text order
        chosen = order[:max(1, math.ceil(self.fraction * len(order)))]
        new_words = {}
        for w in chosen:
            pool_size = len(self.vocabulary)
            if pool_size == 0 or (pool_size == 1 and self.vocabulary[0] == w):
                continue
            new = w
            while new == w:
                new = self.vocabulary[rng.randrange(pool_size)]
            new_words[w] = new
        edits = []
        for t in tokens:
            new = new_words.get(t.lower_)
            if new is not None:
                if t.text[:1].isupper():
                    new = new[:1].upper() + new[1:]
                edits.append((t.idx, t.idx + len(t.text), new))
        return doc.replace_spans(edits) if edits else None
