"""SSMBA baseline (Ng et al., 2020): corrupt a question by masking tokens, let a masked LM refill them.

The corruption is BERT's (15 % of the word pieces selected; 80 % of those masked, 10 % random, 10 % kept)
and the refill is sampled from the model's distribution (:class:`paraqd.models.MaskedLMFiller`). The model
id is configurable; the default is ``bert-base-uncased``, as in SSMBA.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from ..models import MaskedLMFiller, model_hint
from .base import GeneratedPositives

DEFAULT_MODEL = "bert-base-uncased"


class SSMBA:
    """The SSMBA baseline: one reconstruction per question (``None`` when it equals the question).

    Raises :class:`paraqd.errors.ModelUnavailableError` from :meth:`prepare` when the masked LM cannot be
    loaded: SSMBA has no model-free fallback, so a report must list it as skipped.
    """

    name = "SSMBA"

    def __init__(self, model: str = DEFAULT_MODEL, mask_prob: float = 0.15, top_k: int | None = None,
                 device: str | None = None, batch_size: int = 16):
        self.model = model
        self.mask_prob = float(mask_prob)
        self.top_k = top_k
        self.filler = MaskedLMFiller(model, device=device, batch_size=batch_size,
                                     hint=model_hint("--ssmba-model NAME_OR_PATH"))

    def prepare(self, corpus: Sequence[str]) -> None:
        self.filler.load()

    def describe(self) -> str:
        return f"SSMBA: {self.mask_prob:.0%} of the word pieces corrupted, refilled by sampling from {self.model}"

    def generate(self, questions: Sequence[str], seed: int) -> GeneratedPositives:
        questions = list(questions)
        rngs = [random.Random(f"{seed}:ssmba:{i}") for i in range(len(questions))]
        outs = self.filler.reconstruct(questions, rngs, mask_prob=self.mask_prob, sample=True, top_k=self.top_k)
        # A lower-casing model gives back the question lower-cased when nothing changed: not a new text.
        kept = [o if o.strip() and o.strip().lower() != q.strip().lower() else None
                for o, q in zip(outs, questions)]
        return GeneratedPositives(questions, kept, self.name, [self.describe()])
