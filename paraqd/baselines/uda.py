"""UDA baseline (Xie et al., 2020): back-translation and TF-IDF word replacement as positives.

UDA's word replacement keeps informative words (high TF-IDF) and replaces uninformative ones (low TF-IDF)
by uninformative words of the corpus -- the opposite of the test operator fc, which replaces the
*high*-TF-IDF words to destroy information. Back-translation samples the round trip (temperature 0.9), as
UDA did, through any pair of translation checkpoints.

Each question gets one of the two augmentations, chosen at random; when no translation model can be
loaded, every question gets TF-IDF replacement and :meth:`UDA.describe` says so.
"""

from __future__ import annotations

import logging
import math
import random
import re
from collections import Counter
from collections.abc import Sequence

import numpy as np

from ..errors import InputError, ModelUnavailableError
from ..models import Seq2SeqGenerator, model_hint
from .base import GeneratedPositives

logger = logging.getLogger(__name__)

WORD_RE = re.compile(r"[A-Za-z]+(?:'[A-Za-z]+)?")


class TfidfWordReplacement:
    """Replace low-TF-IDF words of a text by low-TF-IDF words of the corpus (UDA's word replacement).

    Word *i* of a text is replaced with probability proportional to ``max_j s_j - s_i`` (``s`` its TF-IDF in
    the text), scaled so that on average ``p`` of the words are replaced. Replacement words are drawn from
    the corpus vocabulary with weights ``max idf - idf(w)`` (frequent, uninformative words first). Only
    alphabetic words are candidates: numbers, symbols and punctuation stay where they are.
    """

    def __init__(self, p: float = 0.2):
        if not 0.0 < p <= 1.0:
            raise InputError(f"replacement probability must be in (0, 1], got {p}")
        self.p = float(p)
        self.idf: dict[str, float] = {}
        self._vocab: list[str] = []
        self._cumulative: np.ndarray | None = None

    def fit(self, corpus: Sequence[str]) -> "TfidfWordReplacement":
        """Document frequencies of the lower-cased words of ``corpus``."""
        docs = [{w.lower() for w in WORD_RE.findall(text)} for text in corpus]
        if not any(docs):
            raise InputError("TF-IDF replacement needs a corpus with words")
        df = Counter(w for d in docs for w in d)
        n = len(docs)
        self.idf = {w: math.log((1 + n) / (1 + c)) + 1.0 for w, c in sorted(df.items())}
        self._vocab = list(self.idf)
        top = max(self.idf.values())
        weights = np.array([top - self.idf[w] for w in self._vocab]) + 1e-3
        self._cumulative = np.cumsum(weights / weights.sum())
        return self

    def replacement_probabilities(self, words: Sequence[str]) -> np.ndarray:
        """Probability of replacing each word of a text (higher for lower TF-IDF)."""
        if not words:
            return np.zeros(0)
        lower = [w.lower() for w in words]
        counts = Counter(lower)
        unseen = max(self.idf.values(), default=1.0)
        scores = np.array([counts[w] / len(lower) * self.idf.get(w, unseen) for w in lower])
        gaps = scores.max() - scores
        if gaps.sum() == 0:
            return np.full(len(words), self.p)
        return np.minimum(1.0, gaps / gaps.sum() * self.p * len(words))

    def _draw_word(self, rng: random.Random) -> str:
        index = int(np.searchsorted(self._cumulative, rng.random(), side="right"))
        return self._vocab[min(index, len(self._vocab) - 1)]

    def replace(self, text: str, rng: random.Random) -> str:
        """``text`` with some low-TF-IDF words replaced (same spacing, punctuation and numbers)."""
        if self._cumulative is None:
            raise RuntimeError("call fit(corpus) before replace()")
        matches = list(WORD_RE.finditer(text))
        probs = self.replacement_probabilities([m.group() for m in matches])
        pieces, last = [], 0
        for match, prob in zip(matches, probs):
            if rng.random() < prob:
                new = self._draw_word(rng)
                if match.group()[0].isupper():
                    new = new[0].upper() + new[1:]
                pieces += [text[last:match.start()], new]
                last = match.end()
        pieces.append(text[last:])
        return "".join(pieces)


class BackTranslator:
    """English -> pivot -> English by sampling (UDA's back-translation), with two seq2seq checkpoints."""

    def __init__(self, forward_model: str = "facebook/wmt19-en-de", backward_model: str = "facebook/wmt19-de-en",
                 temperature: float = 0.9, device: str | None = None, batch_size: int = 16,
                 max_new_tokens: int = 128):
        hint = model_hint("--uda-models PATH_EN_DE,PATH_DE_EN")
        self.forward = Seq2SeqGenerator(forward_model, device=device, batch_size=batch_size,
                                        max_new_tokens=max_new_tokens, hint=hint)
        self.backward = Seq2SeqGenerator(backward_model, device=device, batch_size=batch_size,
                                         max_new_tokens=max_new_tokens, hint=hint)
        self.temperature = float(temperature)

    def load(self) -> None:
        self.forward.load()
        self.backward.load()

    def translate(self, texts: Sequence[str], seed: int) -> list[str]:
        import torch

        torch.manual_seed(seed)
        sampling = {"do_sample": True, "temperature": self.temperature, "top_k": 0}
        pivot = [c[0] if c else "" for c in self.forward.generate(list(texts), **sampling)]
        back = [c[0] if c else "" for c in self.backward.generate(pivot, **sampling)]
        return [b.strip() for b in back]


class UDA:
    """The UDA baseline: one positive per question, by back-translation or TF-IDF word replacement.

    Args:
        translation_models: ``(forward, backward)`` checkpoints, or ``None`` for TF-IDF replacement only.
        tfidf_p: average fraction of the words replaced.
        backtranslation_share: fraction of the questions back-translated (the rest: TF-IDF replacement).
    """

    name = "UDA"

    def __init__(self, translation_models: tuple[str, str] | None = ("facebook/wmt19-en-de",
                                                                     "facebook/wmt19-de-en"),
                 tfidf_p: float = 0.2, backtranslation_share: float = 0.5, device: str | None = None,
                 batch_size: int = 16):
        if not 0.0 <= backtranslation_share <= 1.0:
            raise InputError("backtranslation_share must be in [0, 1]")
        self.tfidf = TfidfWordReplacement(tfidf_p)
        self.translation_models = tuple(translation_models) if translation_models else None
        self.backtranslation_share = float(backtranslation_share)
        self.translator: BackTranslator | None = None
        self.unavailable: str | None = None if translation_models else "no translation model given"
        self.device = device
        self.batch_size = batch_size

    def prepare(self, corpus: Sequence[str]) -> None:
        """Fit the TF-IDF statistics on ``corpus`` and load the translation models when there are any."""
        self.tfidf.fit(corpus)
        if self.translation_models and self.translator is None and self.backtranslation_share > 0:
            translator = BackTranslator(*self.translation_models, device=self.device,
                                        batch_size=self.batch_size)
            try:
                translator.load()
            except ModelUnavailableError as exc:
                self.unavailable = f"{exc.model} is not available here"
                logger.warning("UDA runs with TF-IDF replacement only: %s", exc)
            else:
                self.translator = translator

    def describe(self) -> str:
        if self.translator is None:
            return f"UDA, TF-IDF replacement only: no translation model ({self.unavailable})"
        return (f"UDA: back-translation ({' / '.join(self.translation_models)}, sampling) on "
                f"{self.backtranslation_share:.0%} of the questions, TF-IDF replacement on the rest")

    def generate(self, questions: Sequence[str], seed: int) -> GeneratedPositives:
        """One positive per question; a question left unchanged gets ``None``."""
        if self.tfidf._cumulative is None:
            self.prepare(questions)
        questions = list(questions)
        rngs = [random.Random(f"{seed}:uda:{i}") for i in range(len(questions))]
        use_bt = [self.translator is not None and r.random() < self.backtranslation_share for r in rngs]
        out: list[str | None] = [None] * len(questions)
        bt_idx = [i for i, flag in enumerate(use_bt) if flag]
        if bt_idx:
            for i, text in zip(bt_idx, self.translator.translate([questions[i] for i in bt_idx], seed)):
                out[i] = text
        for i, q in enumerate(questions):
            if not use_bt[i]:
                out[i] = self.tfidf.replace(q, rngs[i])
        out = [o if o and o.strip() and o.strip() != q.strip() else None for o, q in zip(out, questions)]
        return GeneratedPositives(questions, out, self.name, [self.describe()])
