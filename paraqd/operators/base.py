"""The operator interface: one rewrite of a question, information-preserving or information-destroying."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import ClassVar, Literal

from ..analysis import QuestionDoc, UnitVocabulary
from ..analysis.document import tidy_spacing
from .availability import Availability, Requirement, check_requirements

Polarity = Literal["positive", "negative"]
Stage = Literal["train", "test"]


class Operator:
    """Base class of every operator.

    Subclasses set the class attributes and implement :meth:`transform` (and, when a model is involved,
    :meth:`transform_batch` to generate in batches). Callers use :meth:`rewrite` / :meth:`rewrite_batch`,
    which guarantee the contract: the result is a string different from the question, or ``None`` when the
    operator does not apply to it (never a silent copy, never an empty string). Only operators with
    ``allows_identity = True`` (f2, "same sentence") may return the question itself.

    Operators are configured in ``__init__`` (model names, probabilities, ...), loaded lazily, and hold no
    per-question state: randomness comes from the ``rng`` passed in, so the caller controls determinism.
    """

    name: ClassVar[str]
    paper_id: ClassVar[str]
    polarity: ClassVar[Polarity]
    stage: ClassVar[Stage]
    description: ClassVar[str] = ""
    allows_identity: ClassVar[bool] = False
    #: True for operators that run a neural model and should be fed many questions at once.
    batched: ClassVar[bool] = False
    #: For a batched operator: its model is small enough for every worker process to load its own copy, so it
    #: runs in the rule-based workers (one :meth:`rewrite_batch` per chunk, on the worker's parse: no second
    #: parse, no model stage in the main process). Its output must not depend on how questions are chunked.
    in_workers: ClassVar[bool] = False
    #: Names of ``__init__`` arguments that take a model name or path (for ``--model OP=...``).
    model_params: ClassVar[tuple[str, ...]] = ()
    #: True when :meth:`fit` must see the whole corpus before rewriting (e.g. TF-IDF statistics).
    needs_fit: ClassVar[bool] = False
    #: False for operators beyond the paper's (p1-p4, n1-n4): the ``train``/``test`` groups, and so every default
    #: operator list, leave them out; select them by name, id or the ``extra`` group.
    in_stage_group: ClassVar[bool] = True
    #: False for an operator that reads only the analysed question it is given (numbers, units, sentences) and
    #: loads nothing of its own: it has no requirements, so it is available wherever the question was parsed.
    needs_spacy: ClassVar[bool] = True

    def requirements(self) -> list[Requirement]:
        return [Requirement("spacy", "en_core_web_sm")] if self.needs_spacy else []

    def availability(self) -> Availability:
        """Whether everything this operator needs can be loaded here (checked without loading weights)."""
        return check_requirements(self.requirements())

    def load(self) -> None:
        """Load models (once). Raises :class:`paraqd.errors.ModelUnavailableError` when one is missing."""

    def fit(self, texts: Sequence[str]) -> "Operator":
        """Learn corpus statistics from the raw question texts (only operators with ``needs_fit``).

        Takes texts, not analysed documents, so that the pipeline can fit once in the main process
        before handing questions to worker processes.
        """
        return self

    # -- to implement -------------------------------------------------------------------------------
    def transform(self, doc: QuestionDoc, rng: random.Random) -> str | None:
        raise NotImplementedError

    def transform_batch(self, docs: Sequence[QuestionDoc], rngs: Sequence[random.Random]) -> list[str | None]:
        return [self.transform(d, r) for d, r in zip(docs, rngs)]

    # -- public API ---------------------------------------------------------------------------------
    def _finish(self, doc: QuestionDoc, out: str | None) -> str | None:
        if out is None:
            return None
        out = tidy_spacing(out)
        if not out:
            return None
        if not self.allows_identity and out == tidy_spacing(doc.text):
            return None
        return out

    def rewrite(self, doc: QuestionDoc, rng: random.Random | int | None = None) -> str | None:
        """Rewrite one analysed question; ``None`` when not applicable."""
        if not isinstance(rng, random.Random):
            rng = random.Random(rng)
        return self._finish(doc, self.transform(doc, rng))

    def rewrite_batch(self, docs: Sequence[QuestionDoc], rngs: Sequence[random.Random]) -> list[str | None]:
        outs = self.transform_batch(docs, rngs)
        return [self._finish(d, o) for d, o in zip(docs, outs)]

    def __call__(self, question: str | QuestionDoc, seed: int | None = None) -> str | None:
        """Convenience: rewrite a question given as text (analysed with the default analyzer)."""
        if isinstance(question, str):
            from ..analysis import analyze

            question = analyze(question)
        return self.rewrite(question, random.Random(seed))

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.name} ({self.paper_id}, {self.polarity}, {self.stage})>"


class UsesUnitVocabulary:
    """Mixin for operators that consult the unit vocabulary: pass one, or get the bundled default lazily. They
    read the analysed question and the bundled vocabulary only (no requirements)."""

    needs_spacy: ClassVar[bool] = False

    def __init__(self, units: UnitVocabulary | None = None) -> None:
        self.units = units

    def _vocab(self):
        if self.units is None:
            from ..analysis import UnitVocabulary

            self.units = UnitVocabulary.default()
        return self.units
