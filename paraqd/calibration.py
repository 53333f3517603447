"""Calibrate the threshold to a teacher's own labels: catch the wanted share of invalid paraphrases.

From 50-500 labelled (question, paraphrase, label) pairs, :func:`calibrate_scores` picks the threshold at which
``target_caught`` of the invalid pairs score below it, and says what to expect at that threshold: the share of
valid paraphrases kept and of invalid ones caught, each with a bootstrap interval. Too few labels, one class
only, or scores that do not separate the labels (the interval of the ROC AUC reaches 0.5) raise
:class:`~paraqd.errors.InputError` instead of a number that looks precise::

    cal = calibrate_scores(scores, labels, target_caught=0.95)
    cal.threshold, cal.kept, cal.caught          # 0.43, Interval(0.81, 0.74, 0.87), Interval(0.95, 0.9, 0.99)
    write_calibration(cal, "calibration.json")   # then: paraqd score ... --calibration calibration.json

>>> import numpy as np
>>> rng = np.random.default_rng(0)
>>> labels = [1] * 60 + [0] * 40
>>> scores = np.r_[rng.normal(0.8, 0.1, 60), rng.normal(0.3, 0.1, 40)]
>>> cal = calibrate_scores(scores, labels, target_caught=0.9, n_boot=200)
>>> 0.3 < cal.threshold < 0.8, cal.caught.estimate >= 0.9, cal.kept.low <= cal.kept.estimate <= cal.kept.high
(True, True, True)
"""

from __future__ import annotations

import json
import math
import os
from collections.abc import Sequence
from dataclasses import asdict, dataclass, field
from typing import Any, NamedTuple

from .defaults import DEFAULT_SEED
from .errors import InputError

#: Fewer labelled pairs than this, or fewer of either class than :data:`MIN_PER_CLASS`, is refused.
MIN_PAIRS = 50
MIN_PER_CLASS = 10
#: What a calibration file says it is (``"format"``), and its version.
FORMAT, VERSION = "paraqd-calibration", 1


class Interval(NamedTuple):
    """An estimate and its bootstrap interval (``low``, ``high``)."""

    estimate: float
    low: float
    high: float

    def __str__(self) -> str:
        return f"{self.estimate:.3f} [{self.low:.3f}, {self.high:.3f}]"


@dataclass
class Calibration:
    """A threshold chosen on labelled pairs, and what to expect from it."""

    threshold: float
    target_caught: float
    pairs: int
    valid: int
    invalid: int
    kept: Interval                # share of the valid pairs scoring >= threshold
    caught: Interval              # share of the invalid pairs scoring < threshold
    threshold_interval: Interval  # the threshold chosen again on bootstrap resamples
    auc: Interval                 # how well the scores separate the labels (0.5: not at all)
    confidence: float = 0.95
    bootstrap: int = 1000
    seed: int = DEFAULT_SEED
    scorer: dict[str, Any] = field(default_factory=dict)  # model, method: what the scores came from
    source: str = ""

    def to_dict(self) -> dict[str, Any]:
        data = asdict(self)
        for name in ("kept", "caught", "threshold_interval", "auc"):
            data[name] = getattr(self, name)._asdict()
        return {"format": FORMAT, "version": VERSION, **data}

    @classmethod
    def from_dict(cls, data: dict[str, Any], source: str = "calibration") -> Calibration:
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise InputError(f"{source}: not a paraqd calibration file (made by `paraqd calibrate`)")
        try:
            values = {k: v for k, v in data.items() if k not in ("format", "version")}
            for name in ("kept", "caught", "threshold_interval", "auc"):
                values[name] = Interval(**values[name])
            cal = cls(**values)
        except (TypeError, KeyError) as exc:
            raise InputError(f"{source}: incomplete calibration file ({exc})") from None
        if not (isinstance(cal.threshold, (int, float)) and -1 <= cal.threshold <= 1):
            raise InputError(f"{source}: the threshold must be a number in [-1, 1], got {cal.threshold!r}")
        return cal

    def lines(self) -> list[str]:
        """The result for people."""
        pct = round(100 * self.confidence)
        return [f"threshold {self.threshold:.4f}: catches at least {self.target_caught:.0%} of the {self.invalid} "
                f"invalid pairs labelled ({self.valid} valid); chosen again on resamples: {pct}% interval "
                f"{self.threshold_interval.low:.4f} to {self.threshold_interval.high:.4f}",
                f"expected at this threshold ({pct}% bootstrap intervals, {self.pairs} pairs):",
                f"  valid paraphrases kept:    {self.kept}",
                f"  invalid paraphrases caught: {self.caught}",
                f"  separation (ROC AUC):       {self.auc}"]


def _threshold_for(invalid_scores, all_scores, target: float) -> float:
    """The threshold below which ``target`` of ``invalid_scores`` lie: halfway between the last invalid score
    it must catch and the next higher score of any pair."""
    import numpy as np

    ordered = np.sort(invalid_scores)
    k = max(1, math.ceil(target * len(ordered) - 1e-9))
    last = ordered[k - 1]
    above = all_scores[all_scores > last]
    if not len(above):
        return float(np.nextafter(last, np.inf))
    upper = float(above.min())
    middle = (float(last) + upper) / 2
    middle = middle if last < middle else upper  # neighbouring floats: the higher one
    short = round(middle, 6)
    return short if last < short <= upper else middle


def _auc(valid_scores, invalid_scores) -> float:
    """P(a valid pair scores above an invalid one), ties counting half (the Mann-Whitney ROC AUC)."""
    import numpy as np
    from scipy.stats import rankdata

    ranks = rankdata(np.r_[valid_scores, invalid_scores])
    n_valid, n_invalid = len(valid_scores), len(invalid_scores)
    return float((ranks[:n_valid].sum() - n_valid * (n_valid + 1) / 2) / (n_valid * n_invalid))


def check_labels(labels: Sequence[int], source: str = "labels") -> None:
    """Refuse label sets too small or one-sided to calibrate on (one clear message)."""
    n, n_valid = len(labels), int(sum(labels))
    n_invalid = n - n_valid
    if n_valid == 0 or n_invalid == 0:
        which = "valid" if n_invalid == 0 else "invalid"
        raise InputError(f"{source}: all {n} labels say {which}: calibration needs both valid and invalid "
                         "paraphrases (label some of each)")
    if n < MIN_PAIRS or min(n_valid, n_invalid) < MIN_PER_CLASS:
        raise InputError(f"{source}: too few labels to calibrate ({n} pairs: {n_valid} valid, {n_invalid} "
                         f"invalid); label at least {MIN_PAIRS} pairs with at least {MIN_PER_CLASS} of each kind")


def calibrate_scores(scores: Sequence[float], labels: Sequence[int], *, target_caught: float = 0.95,
                     n_boot: int = 1000, confidence: float = 0.95, seed: int = DEFAULT_SEED,
                     source: str = "labels") -> Calibration:
    """The threshold catching ``target_caught`` of the invalid pairs (label 0), with bootstrap intervals.

    Raises :class:`InputError` for too few labels, one class only, or scores that do not separate the labels.
    """
    import numpy as np

    if not 0 < target_caught < 1:
        raise InputError(f"the target share of invalid paraphrases caught must lie in (0, 1), got {target_caught}")
    scores = np.asarray(scores, dtype=float)
    labels_arr = np.asarray(labels, dtype=int)
    if scores.shape != labels_arr.shape:
        raise InputError(f"{len(scores)} scores for {len(labels_arr)} labels")
    check_labels(labels_arr.tolist(), source)
    valid, invalid = scores[labels_arr == 1], scores[labels_arr == 0]
    threshold = _threshold_for(invalid, scores, target_caught)

    rng = np.random.default_rng(seed)
    boot = {"kept": [], "caught": [], "threshold": [], "auc": []}
    for _ in range(n_boot):
        v = valid[rng.integers(0, len(valid), len(valid))]
        i = invalid[rng.integers(0, len(invalid), len(invalid))]
        boot["kept"].append(np.mean(v >= threshold))
        boot["caught"].append(np.mean(i < threshold))
        boot["threshold"].append(_threshold_for(i, np.r_[v, i], target_caught))
        boot["auc"].append(_auc(v, i))
    tail = 100 * (1 - confidence) / 2

    def interval(estimate: float, draws: list[float]) -> Interval:
        low, high = np.percentile(draws, [tail, 100 - tail])
        return Interval(round(float(estimate), 4), round(float(low), 4), round(float(high), 4))

    auc = interval(_auc(valid, invalid), boot["auc"])
    if auc.low <= 0.5:
        raise InputError(f"{source}: the scores do not separate the labels (ROC AUC {auc.estimate:.2f}, "
                         f"{round(100 * confidence)}% interval {auc.low:.2f} to {auc.high:.2f}, 0.5 is chance): any "
                         "threshold would be arbitrary; check the labels (1 = valid) or label more pairs")
    return Calibration(
        threshold=threshold, target_caught=float(target_caught), pairs=len(scores), valid=len(valid),
        invalid=len(invalid), kept=interval(np.mean(valid >= threshold), boot["kept"]),
        caught=interval(np.mean(invalid < threshold), boot["caught"]),
        threshold_interval=interval(threshold, boot["threshold"]), auc=auc, confidence=confidence,
        bootstrap=n_boot, seed=seed, source=source)


def write_calibration(calibration: Calibration, path: str | os.PathLike) -> None:
    from .io import write_json

    write_json(calibration.to_dict(), path)


def load_calibration(path: str | os.PathLike) -> Calibration:
    """A calibration file written by ``paraqd calibrate`` (:class:`InputError` when unreadable)."""
    try:
        with open(path, encoding="utf-8") as fh:
            data = json.load(fh)
    except OSError as exc:
        raise InputError(f"--calibration {path}: {exc.strerror or exc}") from None
    except ValueError as exc:
        raise InputError(f"--calibration {path}: not JSON ({exc})") from None
    return Calibration.from_dict(data, str(path))


def calibrated_threshold(threshold: float | None, calibration: str | os.PathLike | None, *,
                         scorer: tuple[str | None, bool | None] | None = None) -> float | None:
    """The threshold a command uses: ``threshold`` (--threshold), else the calibration file's, else None (the
    model's own); both given is an error. ``scorer`` (--model, --hybrid / --pure) logs a warning when the
    calibration was made with another model or score."""
    if calibration is None:
        return threshold
    if threshold is not None:
        raise InputError("--threshold and --calibration both set the threshold: give one of them")
    cal = load_calibration(calibration)
    if scorer is not None and cal.scorer:
        model, method = scorer[0] or "default", "pure" if scorer[1] is False else "hybrid"
        made = (cal.scorer.get("model"), cal.scorer.get("method"))
        if made != (model, method) and not (made[0] == model and scorer[1] is None):
            import logging

            logging.getLogger("paraqd.calibration").warning(
                "%s was calibrated on the %s score of model %s, this run uses the %s score of model %s: its "
                "threshold may not suit it (calibrate again with the same options)", calibration, made[1], made[0],
                method, model)
    return cal.threshold
