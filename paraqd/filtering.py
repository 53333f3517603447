"""Keep the valid paraphrases of each question, best first; set the others aside with the reasons.

The batch form of "which of these candidate paraphrases can I use?": (question, candidate) rows in, the
valid candidates out, ranked per question, and the rejected ones with why::

    from paraqd import ParaphraseScorer
    from paraqd.filtering import filter_candidates

    result = filter_candidates(ParaphraseScorer.load(), df, "question", "candidate")
    result.accepted   # the valid rows, grouped by question (in input order), best score first, with `rank`
    result.rejected   # the other rows, with `score` and `reasons`
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import pandas as pd

from .io import text_column


@dataclass
class FilterResult:
    """The rows of a filtered table: ``accepted`` (ranked per question) and ``rejected`` (with reasons)."""

    accepted: pd.DataFrame
    rejected: pd.DataFrame


def filter_candidates(scorer, df: pd.DataFrame, question_column: str, candidate_column: str, *,
                      threshold: float | None = None, reasons: bool = True,
                      source: str = "input", judge=None) -> FilterResult:
    """Score every (question, candidate) row of ``df`` and split it into accepted and rejected rows.

    Args:
        scorer: a :class:`paraqd.ParaphraseScorer` (its hybrid rule, if any, applies).
        df: the rows; every column is kept.
        question_column, candidate_column: the two text columns.
        threshold: minimum score of a valid candidate (default: the scorer's).
        reasons: explain the rejected rows (a ``reasons`` column: what the candidate lost or changed).
        source: the name of the input in error messages.
        judge: a :class:`paraqd.llm.Judge` deciding the rows scored near the threshold; adds a ``decided_by``
            column (``checks`` or ``judge``), and the judge's reason to a rejected row's ``reasons``.

    Returns:
        :class:`FilterResult`. ``accepted`` gains ``score`` and ``rank`` (1 = best of its question); its rows
        are grouped by question in the order the questions first appear, best score first (ties keep input
        order). ``rejected`` keeps input order and gains ``score`` (and ``reasons``).
    """
    questions = text_column(df, question_column, source)
    candidates = text_column(df, candidate_column, source)
    limit = scorer.threshold if threshold is None else float(threshold)
    out = df.reset_index(drop=True).copy()
    if reasons:
        from .hybrid import format_reasons
        from .progress import in_chunks

        explanations = in_chunks(scorer.explain_pairs, questions, candidates, desc="filtering")
        scores = np.array([e.score for e in explanations], dtype=np.float32)
        why = [format_reasons(e) for e in explanations]
    else:
        from .progress import in_chunks

        scores = np.asarray(in_chunks(lambda q, c: scorer.score_pairs(q, c, show_progress_bar=False), questions,
                                      candidates, desc="filtering"), dtype=np.float32)
        why = None
    out["score"] = scores.astype(float).round(6)
    valid = scores >= limit
    if judge is not None:
        valid, decided, notes = judge.decide(questions, candidates, scores, limit)
        out["decided_by"] = decided
        if why is not None:
            why = [f"judge: {note or 'invalid'}" if by == "judge" else w for w, by, note in zip(why, decided, notes)]

    first_seen = {q: i for i, q in reversed(list(enumerate(questions)))}
    accepted = out[valid].copy()
    accepted["_group"] = [first_seen[questions[i]] for i in np.flatnonzero(valid)]
    accepted["_order"] = -scores[valid]
    accepted = accepted.sort_values(["_group", "_order"], kind="stable")
    accepted["rank"] = accepted.groupby("_group", sort=False).cumcount() + 1
    accepted = accepted.drop(columns=["_group", "_order"]).reset_index(drop=True)

    rejected = out[~valid].copy()
    if why is not None:
        rejected["reasons"] = [why[i] for i in np.flatnonzero(~valid)]
    return FilterResult(accepted, rejected.reset_index(drop=True))
