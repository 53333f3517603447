"""Questions in, (anchor, positive, negative) triplets out.

The pipeline analyses each question once, runs every selected operator on it, then samples triplets
from the applicable positive x negative rewrites:

1. operators are created and checked (an operator whose model is missing here is skipped with one
   warning, or stops the run with ``skip_unavailable=False``); corpus-level operators (TF-IDF) are fitted
   on all questions;
2. rule-based operators run in ``workers`` processes, each parsing its share of the questions once; so do the
   model-backed operators with small models (``in_workers``, e.g. f5's sentence encoder), one batch per chunk,
   each worker loading its own copy of the model;
3. the other model-backed operators (generators) run in the main process, in batches, each model loaded once;
4. for every question, ``per_question`` (positive, negative) combinations are drawn.

Every random choice is drawn from a generator seeded by ``(seed, question position, operator)``, so the
output depends only on the input and the seed, never on the number of workers or the batch size.
"""

from __future__ import annotations

import itertools
import logging
import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field

import pandas as pd

from .defaults import DEFAULT_SEED, TRAIN_COLUMNS, TRIPLET_COLUMNS
from .engines import Engine, get_engine
from .engines.base import derive_rng, rewrite_questions  # noqa: F401  (re-exported: imported from here before)

# the worker side lives in paraqd.engines.local (re-exported for existing imports)
from .engines.local import init_pool_worker, init_worker, rewrite_chunk, run_rule_operators  # noqa: F401
from .errors import InputError, ModelUnavailableError
from .operators import Operator, create_operator, get_operator_class, resolve_operator_names
from .scheduling import chunks, cpu_count

logger = logging.getLogger(__name__)

#: Columns beside TRAIN_COLUMNS: provenance (which operator made what, from which question).
PROVENANCE_COLUMNS = [c for c in TRIPLET_COLUMNS if c not in TRAIN_COLUMNS]


@dataclass
class AugmentStats:
    """What happened during a run: per-operator applicability, skipped operators and questions."""

    questions: int = 0
    with_triplets: int = 0
    triplets: int = 0
    applicable: dict[str, int] = field(default_factory=dict)
    skipped_operators: dict[str, str] = field(default_factory=dict)
    no_positive: int = 0
    no_negative: int = 0

    @property
    def coverage(self) -> float:
        return self.with_triplets / self.questions if self.questions else 0.0

    def as_dict(self) -> dict:
        return {
            "questions": self.questions, "questions_with_triplets": self.with_triplets,
            "coverage": round(self.coverage, 4), "triplets": self.triplets,
            "applicable": dict(self.applicable), "skipped_operators": dict(self.skipped_operators),
            "questions_without_positive": self.no_positive, "questions_without_negative": self.no_negative,
        }


def _check_offline_availability(op: Operator) -> None:
    """Offline (:mod:`paraqd.hub`), an operator whose model is neither local nor cached is refused at once, with
    the reason in words, instead of a failed download's message."""
    from .hub import hub_offline

    if not hub_offline():
        return
    availability = op.availability()
    if not availability.ok:
        model, _, why = availability.reason.partition(": ")
        raise ModelUnavailableError(model, reason=why) if why else ModelUnavailableError(type(op).name,
                                                                                        reason=model)


def build_operators(names: Sequence[str], options: Mapping[str, Mapping] | None = None,
                    skip_unavailable: bool = True, stats: AugmentStats | None = None) -> list[Operator]:
    """Create the named operators, loading their models; unavailable ones are skipped (one warning each)
    or, with ``skip_unavailable=False``, raise :class:`ModelUnavailableError`."""
    options = options or {}
    built: list[Operator] = []
    for name in names:
        cls = get_operator_class(name)
        config = dict(options.get(cls.name, {}) or options.get(cls.paper_id, {}))
        try:
            op = create_operator(cls.name, **config)
            _check_offline_availability(op)
            op.load()
        except ModelUnavailableError as exc:
            if not skip_unavailable:
                raise ModelUnavailableError(
                    exc.model, reason=f"needed by operator {cls.name} ({cls.paper_id})",
                    hint=f"pass a local path with --model {cls.paper_id}=PATH, make it available in the "
                         f"Hugging Face cache, or leave out --strict (skip_unavailable=False) to skip it",
                ) from None
            logger.warning("skipping %s (%s): %s", cls.name, cls.paper_id, exc)
            if stats is not None:
                stats.skipped_operators[cls.name] = str(exc)
            continue
        except TypeError as exc:
            raise InputError(f"operator {cls.name}: bad option ({exc})") from None
        built.append(op)
    return built


def run_model_operators(texts: Sequence[str], operators: list[Operator], seed: int,
                        spacy_model: str | None = None, batch_size: int = 32,
                        progress: Callable[[int], None] | None = None) -> list[dict[str, str | None]]:
    """Run model-backed operators in batches in this process (each model is loaded once)."""
    from .analysis import default_analyzer

    results: list[dict[str, str | None]] = [{} for _ in texts]
    if not operators:
        return results
    analyzer = default_analyzer(spacy_model)
    for batch in chunks(list(enumerate(texts)), batch_size):
        docs = list(analyzer.pipe([t for _, t in batch]))
        for op in operators:
            rngs = [derive_rng(seed, pos, op.name) for pos, _ in batch]
            for (pos, _), out in zip(batch, op.rewrite_batch(docs, rngs)):
                results[pos][op.name] = out
        if progress:
            progress(len(batch))
    return results


def sample_triplets(rewrites: Mapping[str, str | None], polarity: Mapping[str, str],
                    per_question: int | None, rng: random.Random) -> list[tuple[str, str, str, str]]:
    """Draw ``per_question`` (positive, negative) combinations; ``None`` means all of them.

    Returns ``(positive, negative, positive_op, negative_op)`` tuples in a deterministic order.
    """
    positives = [(op, out) for op, out in rewrites.items() if out is not None and polarity[op] == "positive"]
    negatives = [(op, out) for op, out in rewrites.items() if out is not None and polarity[op] == "negative"]
    combos = list(itertools.product(positives, negatives))
    if per_question is not None and len(combos) > per_question:
        chosen = sorted(rng.sample(range(len(combos)), per_question))
        combos = [combos[i] for i in chosen]
    return [(p, n, pop, nop) for (pop, p), (nop, n) in combos]


def parse_per_question(value: str | int | None) -> int | None:
    """``"all"`` -> None (every combination); a positive integer otherwise."""
    if value is None or (isinstance(value, str) and value.lower() == "all"):
        return None
    try:
        n = int(value)
    except (TypeError, ValueError):
        raise InputError(f"--per-question must be a positive integer or 'all', not {value!r}") from None
    if n < 1:
        raise InputError(f"--per-question must be at least 1, not {n}")
    return n


def augment(questions: Sequence[str], *, operators: str | Sequence[str] | None = "train",
            per_question: int | str | None = 1, seed: int = DEFAULT_SEED, workers: int | None = 1,
            skip_unavailable: bool = True, operator_options: Mapping[str, Mapping] | None = None,
            question_ids: Sequence | None = None, spacy_model: str | None = None,
            progress: bool = False, stats: AugmentStats | None = None,
            built_operators: Sequence[Operator] | None = None, engine: str | Engine = "local",
            engine_options: Mapping | None = None) -> pd.DataFrame:
    """Make (anchor, positive, negative) triplets from questions.

    Args:
        questions: the question texts.
        operators: names, paper ids or groups (``"train"``, ``"test"``, ``"positive"``, ``"f3,f8"``...).
        per_question: (positive, negative) pairs per question; ``"all"`` for every combination.
        seed: same input and seed give the same output, whatever ``workers``.
        workers: processes for the rule-based operators (``None``: all cores).
        skip_unavailable: skip operators whose model is missing here, with one warning each (the default;
            when the Hugging Face hub does not answer, paraqd works offline: :func:`paraqd.hub.prepare_offline`);
            ``False`` raises :class:`ModelUnavailableError` instead.
        operator_options: per-operator constructor options, e.g. ``{"f9": {"model": "path/to/pegasus"}}``.
        question_ids: ids copied to the ``question_id`` column (default: the position).
        built_operators: already created operators (overrides ``operators``).
        engine: a registered engine's name (:mod:`paraqd.engines`): ``"local"`` (processes on this machine) or
            ``"dask"`` (a Dask cluster, :mod:`paraqd.engines.dask`), or an :class:`~paraqd.engines.Engine`
            instance; the output is identical for the same seed.
        engine_options: options of the named engine (Dask: ``address``, ``partitions``, ``workers``); the
            local engine takes ``workers`` from the argument above.

    Returns:
        A DataFrame with columns anchor, positive, negative, positive_op, negative_op, question_id. The
        first three (:data:`TRAIN_COLUMNS`) are what ``SentenceTransformerTrainer`` takes as inputs:
        ``Dataset.from_pandas(df[TRAIN_COLUMNS])``; the others are provenance.
    """
    questions = list(questions)
    for i, q in enumerate(questions):
        if not isinstance(q, str):
            raise InputError(f"question {i + 1} is not text ({type(q).__name__})")
    ids = list(question_ids) if question_ids is not None else list(range(len(questions)))
    if len(ids) != len(questions):
        raise InputError("question_ids must have one id per question")
    n_per_question = parse_per_question(per_question)
    stats = stats if stats is not None else AugmentStats()
    stats.questions = len(questions)
    if built_operators is None:
        names = resolve_operator_names(operators)
        if not names:
            raise InputError(f"no operator matches {operators!r}")
        from .hub import prepare_offline

        prepare_offline()  # an unreachable hub: operators without a local model are skipped at once, no retries
        built_operators = build_operators(names, operator_options, skip_unavailable, stats)
    ops = list(built_operators)
    if not ops:
        raise InputError("no operator is available; see `paraqd operators`")
    polarity = {op.name: op.polarity for op in ops}
    if "positive" not in polarity.values() or "negative" not in polarity.values():
        raise InputError("triplets need at least one positive and one negative operator; selected: "
                         + ", ".join(f"{op.name} ({op.polarity})" for op in ops))
    for op in ops:
        if op.needs_fit:
            op.fit(questions)

    rule_ops = [op for op in ops if not op.batched or op.in_workers]
    model_ops = [op for op in ops if op.batched and not op.in_workers]
    workers = cpu_count() if workers is None else max(1, int(workers))

    if isinstance(engine, str):
        options = dict(engine_options or {})
        if engine == "local":
            options.setdefault("workers", workers)
        runner = get_engine(engine, **options)
    elif isinstance(engine, Engine):
        runner = engine
    else:
        raise InputError(f"engine must be a name or an Engine, not {type(engine).__name__}")

    bar = None
    if progress:
        from tqdm.auto import tqdm

        bar = tqdm(total=len(questions) * (bool(rule_ops) + bool(model_ops)), unit="q", desc="augment",
                   disable=None)
    tick = bar.update if bar is not None else None
    try:
        rule_out = runner.rewrite(questions, rule_ops, seed, spacy_model=spacy_model, progress=tick)
        model_out = run_model_operators(questions, model_ops, seed, spacy_model, progress=tick)
    finally:
        if bar is not None:
            bar.close()
    rewrites = [{**r, **m} for r, m in zip(rule_out, model_out)]
    return assemble_triplets(questions, ids, rewrites, ops, n_per_question, seed, stats)


def assemble_triplets(questions: Sequence[str], ids: Sequence, rewrites: Sequence[Mapping[str, str | None]],
                      ops: Sequence[Operator], per_question: int | None, seed: int,
                      stats: AugmentStats) -> pd.DataFrame:
    """Turn per-question rewrites into the triplet table (shared by every execution engine)."""
    order = [op.name for op in ops]
    polarity = {op.name: op.polarity for op in ops}
    for name in order:
        stats.applicable.setdefault(name, 0)
    rows = []
    for pos, (question, qid) in enumerate(zip(questions, ids)):
        merged = rewrites[pos]
        outs = {name: merged.get(name) for name in order}
        for name, out in outs.items():
            if out is not None:
                stats.applicable[name] = stats.applicable.get(name, 0) + 1
        triplets = sample_triplets(outs, polarity, per_question, derive_rng(seed, pos, "sample"))
        if not any(out is not None and polarity[n] == "positive" for n, out in outs.items()):
            stats.no_positive += 1
        if not any(out is not None and polarity[n] == "negative" for n, out in outs.items()):
            stats.no_negative += 1
        if triplets:
            stats.with_triplets += 1
        for p, n, pop, nop in triplets:
            rows.append((question, p, n, pop, nop, qid))
    stats.triplets = len(rows)
    return pd.DataFrame(rows, columns=TRIPLET_COLUMNS)
