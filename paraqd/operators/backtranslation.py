"""f1: back-translation, sentence by sentence, keeping the most different round trip (positive).

Each sentence goes English -> German -> English (WMT'19 FSMT models by default). The return trip uses diverse
beam search (beam groups penalised for repeating each other's tokens) to get varied candidates, and the
candidate farthest from the source sentence in Levenshtein distance is kept (paper, appendix A.1): the
encoder learns to score diverse but faithful rewrites high.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from rapidfuzz.distance import Levenshtein

from ..analysis import QuestionDoc
from ..models import Seq2SeqGenerator, model_hint
from .base import Operator, Requirement
from .registry import register_operator


def farthest_candidate(source: str, candidates: Sequence[str]) -> str | None:
    """The non-empty candidate with the largest Levenshtein distance to ``source`` (first one on ties)."""
    best, best_dist = None, -1
    for cand in candidates:
        cand = cand.strip()
        if not cand:
            continue
        dist = Levenshtein.distance(source, cand)
        if dist > best_dist:
            best, best_dist = cand, dist
    return best


@register_operator
class BackTranslation(Operator):
    """f1: translate every sentence to German and back with diverse beam search; keep the farthest candidate.

    ``num_beams`` beams in ``num_beam_groups`` groups with ``diversity_penalty`` decode the way back, and all
    ``num_beams`` candidates compete on Levenshtein distance. ``forward_beams`` is the beam width of the way
    out. All sentences of all questions of a batch are translated together. A sentence whose round trip
    comes back empty is kept as it was.
    """

    name = "back-translation"
    paper_id = "f1"
    polarity = "positive"
    stage = "train"
    description = "each sentence en->de->en (WMT19 FSMT, diverse beam search), most different candidate kept"
    batched = True
    model_params = ("forward_model", "backward_model")

    def __init__(self, forward_model: str = "facebook/wmt19-en-de", backward_model: str = "facebook/wmt19-de-en",
                 num_beams: int = 6, num_beam_groups: int = 3, diversity_penalty: float = 0.8,
                 forward_beams: int = 4, device: str | None = None, batch_size: int = 16,
                 max_new_tokens: int = 128):
        if num_beam_groups < 1 or num_beams % num_beam_groups:
            raise ValueError("num_beams must be a positive multiple of num_beam_groups")
        self.forward_model = forward_model
        self.backward_model = backward_model
        self.num_beams = int(num_beams)
        self.num_beam_groups = int(num_beam_groups)
        self.diversity_penalty = float(diversity_penalty)
        self.forward_beams = int(forward_beams)
        hint = model_hint(f"--model {self.paper_id}=PATH_EN_DE,PATH_DE_EN")
        self.forward = Seq2SeqGenerator(forward_model, device=device, batch_size=batch_size,
                                        max_new_tokens=max_new_tokens, hint=hint)
        self.backward = Seq2SeqGenerator(backward_model, device=device, batch_size=batch_size,
                                         max_new_tokens=max_new_tokens, hint=hint)

    def requirements(self) -> list[Requirement]:
        from .availability import is_fsmt

        # the FSMT (WMT19) tokenizer needs sacremoses, an optional dependency (extra `translate`)
        moses = [Requirement("python", "sacremoses", "translate")] \
            if is_fsmt(self.forward_model) or is_fsmt(self.backward_model) else []
        return [Requirement("spacy", "en_core_web_sm"), *moses,
                Requirement("transformers", self.forward_model, "forward translation"),
                Requirement("transformers", self.backward_model, "backward translation")]

    def load(self) -> None:
        self.forward.load()
        self.backward.load()

    def transform(self, doc: QuestionDoc, rng: random.Random) -> str | None:
        return self.transform_batch([doc], [rng])[0]

    def transform_batch(self, docs: Sequence[QuestionDoc], rngs: Sequence[random.Random]) -> list[str | None]:
        sentences = [[s.text for s in doc.sentences] for doc in docs]
        flat = [s for sents in sentences for s in sents]
        if not flat:
            return [None] * len(docs)
        german = [c[0] if c else "" for c in self.forward.generate(flat, num_beams=self.forward_beams)]
        todo = [i for i, g in enumerate(german) if g]
        back = self.backward.generate([german[i] for i in todo], num_return_sequences=self.num_beams,
                                      num_beams=self.num_beams, num_beam_groups=self.num_beam_groups,
                                      diversity_penalty=self.diversity_penalty)
        rewritten = list(flat)
        for i, cands in zip(todo, back):
            rewritten[i] = farthest_candidate(flat[i], cands) or flat[i]
        outs: list[str | None] = []
        pos = 0
        for sents in sentences:
            outs.append(" ".join(rewritten[pos:pos + len(sents)]) if sents else None)
            pos += len(sents)
        return outs
