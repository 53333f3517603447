"""Labelled (question, candidate) pairs for the cross-encoder verifier, made by operators from unlabelled questions.

Each question gives one *rewording* and a few *subtle negatives*:

* each rewording (``positives_per_question`` of them, when they differ) chains one to three positive operators (a rename, a reordering, the question as a request,
  numbers in words or as equal values, units spelled out), analysing the text again after each step, so that
  a positive differs from its question in several places at once (the way a real rewording does);
* each negative applies one negative operator (a number nudged, a condition dropped, a step added, another
  quantity asked, a number made vague, the last sentence or a unit changed) either to the question itself or to
  its rewording, so that "worded differently" never predicts "invalid" and only the information change does.

Every pair carries the operators that made it. Everything is deterministic under ``seed`` (one generator per
question and purpose, :func:`paraqd.augment.derive_rng`), and nothing here needs a model: spaCy only.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import pandas as pd

from ..analysis import Analyzer
from ..augmentation import derive_rng
from ..defaults import DEFAULT_SEED
from ..operators import Operator, create_operator

#: positive (information-keeping) operators chained into rewordings
POSITIVE_OPERATORS = ("consistent-rename", "sentence-reorder", "request-form", "equal-values", "f3", "f4")
#: negative (information-changing) operators, one per negative pair
NEGATIVE_OPERATORS = ("number-perturbation", "condition-removal", "distractor-step", "question-change", "f8",
                      "f6", "f10")
PAIR_COLUMNS = ["question", "candidate", "label", "operators"]


@dataclass(frozen=True)
class PairSpec:
    """How many pairs to make per question, and from which operators."""

    positives: tuple[str, ...] = POSITIVE_OPERATORS
    negatives: tuple[str, ...] = NEGATIVE_OPERATORS
    max_chain: int = 3
    positives_per_question: int = 2
    negatives_per_question: int = 3
    seed: int = DEFAULT_SEED

    def to_dict(self) -> dict:
        return {"positives": list(self.positives), "negatives": list(self.negatives), "max_chain": self.max_chain,
                "positives_per_question": self.positives_per_question,
                "negatives_per_question": self.negatives_per_question, "seed": self.seed}


def _apply(op: Operator, analyzer: Analyzer, text: str, cache: dict, rng) -> str | None:
    doc = cache.get(text)
    if doc is None:
        doc = cache[text] = analyzer.analyze(text)
    return op.rewrite(doc, rng)


def build_pairs(questions: Sequence[str], spec: PairSpec | None = None, *, analyzer: Analyzer | None = None,
                progress: Callable[[int], None] | None = None) -> pd.DataFrame:
    """Pairs (``question``, ``candidate``, ``label`` 1/0, ``operators``) for every question that allows them.

    A question gets up to ``spec.positives_per_question`` distinct rewordings when positive operators apply
    (``label`` 1), and up to
    ``spec.negatives_per_question`` negatives from distinct negative operators (``label`` 0).
    """
    spec = spec or PairSpec()
    analyzer = analyzer or Analyzer()
    positives = [create_operator(name) for name in spec.positives]
    negatives = [create_operator(name) for name in spec.negatives]
    rows: list[tuple[str, str, int, str]] = []
    for position, question in enumerate(questions):
        cache: dict = {}
        rewordings: list[tuple[str, list[str]]] = []
        for k in range(spec.positives_per_question):
            rng = derive_rng(spec.seed, position, f"chain{k}")
            order = rng.sample(positives, len(positives))
            length = rng.randint(1, spec.max_chain)
            text, used = question, []
            for op in order:
                if len(used) == length:
                    break
                out = _apply(op, analyzer, text, cache, derive_rng(spec.seed, position, f"pos{k}:{op.name}"))
                if out is not None:
                    text, used = out, [*used, op.name]
            if used and all(text != t for t, _ in rewordings):
                rewordings.append((text, used))
                rows.append((question, text, 1, "+".join(used)))
        text, used = rewordings[0] if rewordings else (question, [])
        rng = derive_rng(spec.seed, position, "negatives")
        made = 0
        for op in rng.sample(negatives, len(negatives)):
            if made == spec.negatives_per_question:
                break
            base, prefix = (text, used) if used and rng.random() < 0.5 else (question, [])
            out = _apply(op, analyzer, base, cache, derive_rng(spec.seed, position, f"neg:{op.name}"))
            if out is None or out == question:
                continue
            rows.append((question, out, 0, "+".join([*prefix, op.name])))
            made += 1
        if progress:
            progress(1)
    return pd.DataFrame(rows, columns=PAIR_COLUMNS)
