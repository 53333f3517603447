"""Ask an LLM for rewordings of each question, clean them, score them, keep the valid ones.

>>> clean_completion('Here is the reworded problem:\\n\\n"Tom owns 3 pens. How many pens does he have?"')
'Tom owns 3 pens. How many pens does he have?'
>>> clean_completion("**Paraphrase:** Sara buys 2 kg of rice.")
'Sara buys 2 kg of rice.'
>>> clean_completion("<think>keep the numbers</think>Sara buys 2 kg of rice.")
'Sara buys 2 kg of rice.'
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ..defaults import DEFAULT_SEED
from ..errors import InputError

if TYPE_CHECKING:  # pragma: no cover
    import pandas as pd

    from .cache import CompletionCache
    from .client import RewordClient
    from .judge import Judge

#: What the LLM is asked, once per rewording (``{question}`` is replaced by the question).
DEFAULT_PROMPT = (
    "Reword the following math word problem so that it reads differently but means exactly the same. Keep every "
    "number, unit, name and condition, and ask the same question. Reply with the reworded problem only.\n\n"
    "Problem: {question}")
#: Default temperature of a rewording: varied, not wild.
DEFAULT_TEMPERATURE = 0.8

_THINK = re.compile(r"<think>.*?(?:</think>|$)", re.S | re.I)
_LABEL = re.compile(
    r"^(?:(?:sure|okay|ok|certainly)\b[,!.]?\s*)?"
    r"(?:here(?:'s|’s| is| are)\b[^:\n]{0,60}"
    r"|(?:the\s+)?(?:paraphrased?|reworded|rephrased|rewritten|rewording|new|revised)"
    r"(?:\s+(?:problem|question|version|text))?"
    r"|answer|output|problem|question)\s*:\s*", re.I)
_NOTE = re.compile(r"\n\s*\n\s*\(?(?:note|explanation|changes)\b.*$", re.S | re.I)
_PAIRS = {'"': '"', "'": "'", "“": "”", "‘": "’", "«": "»", "`": "`", "„": "“"}


def clean_completion(text: str) -> str:
    """The rewording in a completion: without a reasoning block, surrounding whitespace, markdown emphasis and
    quotes, a leading label ("Paraphrase:", "Here is the reworded problem:") or a trailing note."""
    text = _NOTE.sub("", _THINK.sub("", text)).strip()
    for _ in range(3):
        before = text
        text = _LABEL.sub("", text.lstrip("*_# ")).strip().strip("*_").strip()
        while len(text) >= 2 and _PAIRS.get(text[0]) == text[-1]:
            text = text[1:-1].strip()
        if text == before:
            break
    return text


def fill_prompt(template: str, question: str) -> str:
    """``template`` with ``{question}`` replaced (other braces are left alone)."""
    return template.replace("{question}", question)


def check_prompt(template: str, source: str = "--prompt") -> str:
    if "{question}" not in template:
        raise InputError(f"{source}: the prompt template has no {{question}} placeholder")
    return template


def _norm(text: str) -> str:
    return " ".join(text.casefold().split())


@dataclass
class RewordSummary:
    """What happened to the rewordings asked for."""

    questions: int = 0
    requested: int = 0            # completions wanted: questions x n
    from_cache: int = 0
    asked: int = 0                # completions received from the endpoint in this run
    failed: int = 0               # malformed, empty or refused completions
    why_failed: dict[str, int] = field(default_factory=dict)  # reason -> count
    identical: int = 0            # the question itself, reworded as is
    duplicates: int = 0           # the same as an earlier rewording of the question
    candidates: int = 0           # scored
    kept: int = 0
    rejected: int = 0
    judged: int = 0               # candidates the judge decided
    threshold: float = 0.0
    requests_sent: int = 0        # HTTP requests, retries included
    stopped: str | None = None    # why collection stopped early (the request budget)
    missing: int = 0              # rewordings neither cached nor asked for (the budget stopped the run first)
    without_valid: list[str] = field(default_factory=list)  # questions with no valid rewording

    def count_failure(self, reason: str) -> None:
        self.failed += 1
        self.why_failed[reason] = self.why_failed.get(reason, 0) + 1

    def lines(self) -> list[str]:
        """The summary for people, one line per fact; the questions without a valid rewording last."""
        out = [f"{_n(self.questions, 'question')}, {_n(self.requested, 'rewording')} wanted: {self.from_cache} from "
               f"the cache, {self.asked} new ({_n(self.requests_sent, 'request')}), {self.failed} malformed or empty"
               + _reasons(self.why_failed)]
        if self.stopped:
            out.append(f"stopped early: {self.stopped}; {_n(self.missing, 'rewording')} not asked (run again to "
                       "continue from the cache)")
        judged = f"; {self.judged} decided by the judge" if self.judged else ""
        out.append(f"{_n(self.candidates, 'candidate')} scored ({_n(self.duplicates, 'duplicate')} and "
                   f"{_n(self.identical, 'copy', 'copies')} of the question dropped): {self.kept} kept, "
                   f"{self.rejected} rejected (threshold {self.threshold:.2f}{judged})")
        if self.without_valid:
            out.append(f"{_n(len(self.without_valid), 'question')} with no valid rewording (look at these):")
            out.extend(f"  - {_short(q)}" for q in self.without_valid)
        else:
            out.append("every question has at least one valid rewording")
        return out


def _reasons(counts: dict[str, int], top: int = 3) -> str:
    """`` (empty completion: 2, refused (400: ...): 1)``: the commonest reasons first."""
    if not counts:
        return ""
    ranked = sorted(counts.items(), key=lambda kv: -kv[1])
    shown = ", ".join(f"{why}: {n}" for why, n in ranked[:top])
    return f" ({shown}{', ...' if len(ranked) > top else ''})"


def _n(count: int, word: str, plural: str | None = None) -> str:
    return f"{count} {word if count == 1 else plural or word + 's'}"


def _short(text: str, limit: int = 100) -> str:
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 3] + "..."


@dataclass
class RewordResult:
    """``accepted`` (question, paraphrase, score, rank; best first per question), ``rejected`` (question,
    paraphrase, score, reasons) and the :class:`RewordSummary`."""

    accepted: pd.DataFrame
    rejected: pd.DataFrame
    summary: RewordSummary


def _questions(questions: Sequence[str]) -> list[str]:
    if isinstance(questions, str):
        raise InputError("questions must be a list of strings, not one string")
    out: dict[str, None] = {}
    for i, q in enumerate(questions):
        if not isinstance(q, str) or not q.strip():
            raise InputError(f"question {i + 1} is {'empty' if isinstance(q, str) else type(q).__name__}")
        out.setdefault(q, None)
    return list(out)


def collect_rewordings(questions: list[str], client: RewordClient, n: int, *, prompt: str = DEFAULT_PROMPT,
                       temperature: float = DEFAULT_TEMPERATURE, seed: int = DEFAULT_SEED,
                       cache: CompletionCache | None = None, progress: bool | None = None,
                       summary: RewordSummary | None = None) -> dict[tuple[int, int], str]:
    """The raw completions, ``(question index, rewording index) -> content``: from ``cache``, else asked for
    (the rewording of index ``i`` uses seed ``seed + i``). Counts go to ``summary``."""
    from tqdm.auto import tqdm

    from .cache import completion_key
    from .client import BadCompletion, EndpointError

    summary = summary if summary is not None else RewordSummary()
    raw: dict[tuple[int, int], str] = {}
    keys: dict[tuple[int, int], str] = {}
    jobs = []
    for qi, question in enumerate(questions):
        for i in range(n):
            key = completion_key(client.base_url, client.model, prompt, question, seed + i, temperature)
            hit = cache.get(key) if cache is not None else None
            if hit is not None:
                raw[qi, i] = hit
            else:
                keys[qi, i] = key
                jobs.append((qi, i))
    summary.from_cache = len(raw)

    def ask(job):
        qi, i = job
        return client.complete(fill_prompt(prompt, questions[qi]), seed=seed + i, temperature=temperature)

    bar = tqdm(total=len(questions) * n, initial=len(raw), desc="rewording", unit=" completions",
               disable={True: False, False: True}.get(progress), leave=False)
    try:
        for job, outcome in client.map(ask, jobs):
            bar.update(1)
            if isinstance(outcome, BadCompletion):
                summary.count_failure(str(outcome))
                continue
            raw[job] = outcome
            summary.asked += 1
            if cache is not None:
                cache.put(keys[job], outcome)
    except EndpointError as exc:
        if cache is not None and summary.asked:
            raise EndpointError(f"{exc} ({summary.asked} completions of this run are cached: run again to "
                                "continue)") from None
        raise
    finally:
        bar.close()
        summary.requests_sent = client.requests_sent
    summary.missing = len(jobs) - summary.asked - summary.failed
    if client.budget_spent:
        summary.stopped = f"the request budget ({client.max_requests} requests) is spent"
    return raw


def candidate_table(questions: list[str], raw: dict[tuple[int, int], str], n: int,
                    summary: RewordSummary) -> pd.DataFrame:
    """(question, paraphrase) rows, in question then seed order: cleaned, without duplicates and copies of the
    question (counted in ``summary``)."""
    import pandas as pd

    rows = []
    for qi, question in enumerate(questions):
        seen = {_norm(question)}
        for i in range(n):
            if (qi, i) not in raw:
                continue
            text = clean_completion(raw[qi, i])
            if not text:
                summary.count_failure("nothing left after cleaning")
            elif _norm(text) == _norm(question):
                summary.identical += 1
            elif _norm(text) in seen:
                summary.duplicates += 1
            else:
                seen.add(_norm(text))
                rows.append((question, text))
    summary.candidates = len(rows)
    return pd.DataFrame(rows, columns=["question", "paraphrase"])


def score_candidates(candidates: pd.DataFrame, scorer: Any, questions: list[str], summary: RewordSummary, *,
                     threshold: float | None = None, judge: Judge | None = None) -> RewordResult:
    """Split the candidates into kept (ranked) and rejected (with reasons), like ``paraqd filter``."""
    import pandas as pd

    from ..filtering import filter_candidates

    summary.threshold = scorer.threshold if threshold is None else float(threshold)
    extra = ["decided_by"] if judge is not None else []
    if len(candidates):
        result = filter_candidates(scorer, candidates, "question", "paraphrase", threshold=threshold, judge=judge)
        accepted, rejected = result.accepted, result.rejected
    else:
        accepted = pd.DataFrame(columns=["question", "paraphrase", "score", "rank", *extra])
        rejected = pd.DataFrame(columns=["question", "paraphrase", "score", "reasons", *extra])
    summary.kept, summary.rejected = len(accepted), len(rejected)
    if judge is not None and "decided_by" in accepted:
        summary.judged = int((accepted["decided_by"] == "judge").sum() + (rejected["decided_by"] == "judge").sum())
    with_valid = set(accepted["question"])
    summary.without_valid = [q for q in questions if q not in with_valid]
    return RewordResult(accepted.reset_index(drop=True), rejected.reset_index(drop=True), summary)


def reword(questions: Sequence[str], client: RewordClient, n: int = 5, *, scorer: Any = None,
           threshold: float | None = None, prompt: str = DEFAULT_PROMPT, temperature: float = DEFAULT_TEMPERATURE,
           seed: int = DEFAULT_SEED, cache: CompletionCache | None = None, judge: Judge | None = None,
           progress: bool | None = False) -> RewordResult:
    """Ask ``client`` for ``n`` rewordings of each question and keep the valid ones, best first.

    Args:
        questions: the questions (repeated ones are asked about once).
        client: a :class:`paraqd.llm.RewordClient`; one completion per rewording, each with its own seed.
        n: rewordings asked per question.
        scorer: a :class:`paraqd.ParaphraseScorer` (default: ``ParaphraseScorer.load()``).
        threshold: minimum score of a kept rewording (default: the scorer's).
        prompt: the prompt template, with ``{question}``.
        temperature, seed: sampling settings; the rewording of index ``i`` uses seed ``seed + i``.
        cache: a :class:`paraqd.llm.CompletionCache`: completions found there are not asked for again.
        judge: a :class:`paraqd.llm.Judge` deciding the pairs scored near the threshold.
        progress: show a progress bar on standard error (None: when it is a terminal).

    Returns:
        :class:`RewordResult`: the same records ``paraqd reword`` writes, and the summary.
    """
    if n < 1:
        raise InputError(f"n must be at least 1, got {n}")
    questions = _questions(questions)
    check_prompt(prompt, "prompt")
    summary = RewordSummary(questions=len(questions), requested=len(questions) * n)
    raw = collect_rewordings(questions, client, n, prompt=prompt, temperature=temperature, seed=seed, cache=cache,
                             progress=progress, summary=summary)
    candidates = candidate_table(questions, raw, n, summary)
    if scorer is None:
        from ..scoring import ParaphraseScorer

        scorer = ParaphraseScorer.load(threshold=threshold)
    return score_candidates(candidates, scorer, questions, summary, threshold=threshold, judge=judge)
