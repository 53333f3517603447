"""A second opinion for the uncertain few: an LLM judges the pairs whose score lies near the threshold.

The checks decide every pair; only those scored within ``band`` of the threshold (where the score is least sure)
go to the judge, at most ``max_calls`` of them, and the judge's verdict replaces the checks' there. Each verdict
records which stage decided it (``checks`` or ``judge``). A judge answer that cannot be read leaves the checks'
verdict.

>>> parse_verdict('{"valid": false, "lost_or_changed": "the 3 became 4"}')
Verdict(valid=False, reason='the 3 became 4')
>>> parse_verdict("Invalid: the question asked changed.")
Verdict(valid=False, reason='the question asked changed.')
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from typing import TYPE_CHECKING, NamedTuple

from ..defaults import DEFAULT_SEED
from ..errors import InputError
from .client import BadCompletion

if TYPE_CHECKING:  # pragma: no cover
    import numpy as np

    from .cache import CompletionCache
    from .client import RewordClient

#: The judge's prompt (``{question}`` and ``{paraphrase}`` are replaced); it asks for a JSON verdict.
JUDGE_PROMPT = (
    "You check rewordings of math word problems. A rewording is valid when it keeps every number, unit, name, "
    "condition and relation of the original and asks the same question, so that its answer is the same; "
    "wording may change freely.\n\n"
    "Original: {question}\n"
    "Rewording: {paraphrase}\n\n"
    'Reply with JSON only: {"valid": true or false, "lost_or_changed": "what the rewording lost or changed, '
    'empty if nothing"}')
#: Default half-width of the band around the threshold whose pairs go to the judge.
DEFAULT_BAND = 0.1
#: Default cap on judge calls per run.
DEFAULT_MAX_CALLS = 200

_OBJECT = re.compile(r"\{.*\}", re.S)
_WORD = re.compile(r"^\W*(valid|invalid|yes|no)\b\W*(.*)$", re.S | re.I)


class Verdict(NamedTuple):
    valid: bool
    reason: str


def _as_bool(value) -> bool | None:
    if isinstance(value, bool):
        return value
    if isinstance(value, str) and value.strip().lower() in ("true", "valid", "yes", "false", "invalid", "no"):
        return value.strip().lower() in ("true", "valid", "yes")
    return None


def parse_verdict(text: str) -> Verdict:
    """The judge's verdict in a completion (a JSON object, else a leading valid / invalid / yes / no);
    :class:`BadCompletion` when there is none."""
    text = re.sub(r"<think>.*?</think>", "", text, flags=re.S | re.I).strip()
    match = _OBJECT.search(text)
    if match:
        try:
            data = json.loads(match.group(0))
        except ValueError:
            data = None
        if isinstance(data, dict) and _as_bool(data.get("valid")) is not None:
            reason = data.get("lost_or_changed") or data.get("reason") or ""
            return Verdict(bool(_as_bool(data["valid"])), " ".join(str(reason).split()))
    word = _WORD.match(text)
    if word:
        return Verdict(word.group(1).lower() in ("valid", "yes"), " ".join(word.group(2).split()))
    raise BadCompletion("no verdict in the judge's answer")


class Judge:
    """An LLM judge of the pairs scored within ``band`` of the threshold.

    Args:
        client: the endpoint and model (a :class:`paraqd.llm.RewordClient`).
        band: pairs whose score lies in [threshold - band, threshold + band] are judged.
        max_calls: judge calls at most, over every :meth:`decide` call (the pairs nearest the threshold first).
        prompt: the template, with ``{question}`` and ``{paraphrase}``.
        cache: a :class:`paraqd.llm.CompletionCache` for the judge's answers.
        seed: the seed of every judge call (temperature 0).
    """

    def __init__(self, client: RewordClient, *, band: float = DEFAULT_BAND, max_calls: int | None = DEFAULT_MAX_CALLS,
                 prompt: str = JUDGE_PROMPT, cache: CompletionCache | None = None, seed: int = DEFAULT_SEED) -> None:
        if band < 0:
            raise InputError(f"the judge band must be 0 or more, got {band}")
        for placeholder in ("{question}", "{paraphrase}"):
            if placeholder not in prompt:
                raise InputError(f"the judge prompt has no {placeholder} placeholder")
        self.client, self.band, self.max_calls = client, float(band), max_calls
        self.prompt, self.cache, self.seed = prompt, cache, int(seed)
        #: so far: pairs in the band, pairs sent to the judge, verdicts read and how many differ from the
        #: checks', answers that could not be read
        self.stats = {"in_band": 0, "asked": 0, "decided": 0, "changed": 0, "unreadable": 0}

    def _ask(self, pair: tuple[str, str]) -> str:
        from .cache import completion_key

        text = self.prompt.replace("{question}", pair[0]).replace("{paraphrase}", pair[1])
        key = completion_key(self.client.base_url, self.client.model, self.prompt, "\n".join(pair), self.seed, 0.0)
        hit = self.cache.get(key) if self.cache is not None else None
        if hit is not None:
            return hit
        return self.client.complete(text, seed=self.seed, temperature=0.0)

    def _store(self, pair: tuple[str, str], answer: str) -> None:
        if self.cache is not None:
            from .cache import completion_key

            key = completion_key(self.client.base_url, self.client.model, self.prompt, "\n".join(pair), self.seed,
                                 0.0)
            self.cache.put(key, answer)

    def decide(self, questions: Sequence[str], paraphrases: Sequence[str], scores: np.ndarray,
               threshold: float) -> tuple[np.ndarray, list[str], list[str]]:
        """``(valid, decided_by, notes)`` per pair: the checks' verdict (score >= threshold), replaced by the
        judge's for the pairs in the band (nearest the threshold first, up to ``max_calls``); ``notes`` holds the
        judge's "what was lost or changed" where it decided."""
        import numpy as np

        scores = np.asarray(scores, dtype=float)
        valid = scores >= threshold
        decided, notes = ["checks"] * len(scores), [""] * len(scores)
        distance = np.abs(scores - threshold)
        band = np.flatnonzero(distance <= self.band + 1e-9)
        band = band[np.argsort(distance[band], kind="stable")]
        chosen = band if self.max_calls is None else band[: max(0, self.max_calls - self.stats["asked"])]
        self.stats["in_band"] += len(band)
        self.stats["asked"] += len(chosen)
        pairs = {int(i): (questions[i], paraphrases[i]) for i in chosen}
        for i, outcome in self.client.map(lambda i: self._ask(pairs[i]), list(pairs)):
            verdict = None
            if not isinstance(outcome, BadCompletion):
                try:
                    verdict = parse_verdict(outcome)
                    self._store(pairs[i], outcome)
                except BadCompletion:
                    pass
            if verdict is None:
                self.stats["unreadable"] += 1
                continue
            self.stats["decided"] += 1
            self.stats["changed"] += int(verdict.valid != valid[i])
            valid[i], decided[i], notes[i] = verdict.valid, "judge", verdict.reason
        return valid, decided, notes
