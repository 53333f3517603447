"""Silver pairs: sampled pairs labelled by a cross-encoder (Augmented SBERT, Thakur et al., 2021)."""

from __future__ import annotations

import logging
from collections.abc import Sequence

import numpy as np
import pandas as pd

from ..errors import InputError
from ..training.cross_encoder import PairCrossEncoder
from .data import LabelledPair, normalize_text, pair_key
from .sampling import PairSampler

logger = logging.getLogger(__name__)

SILVER_COLUMNS = ["text_a", "text_b", "label", "score", "sampler"]


def make_silver(texts: Sequence[str], cross_encoder: PairCrossEncoder, sampler: PairSampler,
                gold: Sequence[LabelledPair] | None = None, threshold: float = 0.5, seed: int = 0,
                batch_size: int = 32, progress: bool | None = None) -> pd.DataFrame:
    """Sample pairs of ``texts`` with ``sampler``, label them with ``cross_encoder``.

    Pairs already in ``gold`` are skipped (they have a better label). Returns a DataFrame with columns
    text_a, text_b, label (``score >= threshold``), score (the cross-encoder's probability) and sampler,
    accepted by ``paraqd train`` next to the gold pairs.
    """
    if not 0 < threshold < 1:
        raise InputError(f"threshold must be in (0, 1), got {threshold}")
    if len(texts) < 2:
        raise InputError("the pool needs at least two distinct texts to make pairs")
    rng = np.random.default_rng(seed)
    candidates = sampler.candidates(texts, rng)
    if gold:
        known = {pair_key(normalize_text(p.text_a), normalize_text(p.text_b)) for p in gold}
        keys = [pair_key(normalize_text(texts[i]), normalize_text(texts[j])) for i, j in candidates.tolist()]
        candidates = candidates[[k not in known for k in keys]] if len(candidates) else candidates
    if len(candidates) == 0:
        logger.warning("the %s sampler proposed no new pair", sampler.name)
        return pd.DataFrame(columns=SILVER_COLUMNS)
    pairs = [(texts[i], texts[j]) for i, j in candidates.tolist()]
    scores = cross_encoder.predict(pairs, batch_size=batch_size, progress=progress)
    keep = sampler.select(scores, rng, threshold)
    df = pd.DataFrame({
        "text_a": [pairs[k][0] for k in keep],
        "text_b": [pairs[k][1] for k in keep],
        "label": (scores[keep] >= threshold).astype("int64"),
        "score": np.round(scores[keep].astype(float), 6),
        "sampler": sampler.name,
    })
    return df
