"""Active learning over all pairs of a set of texts (Mussmann et al., "On the Importance of Adaptive Data
Collection for Extremely Imbalanced Pairwise Tasks", 2020).

The model is the paper's cosine model ``p(y=1 | a, b) = sigmoid(w * cos(e(a), e(b)) + b)`` with ``w >= 0``.
Because ``p`` grows with the cosine, the pairs most likely to be positive are nearest neighbours in the
embedding space, so candidates come from a nearest-neighbour search instead of scoring every pair.

Difference from the paper: the paper fine-tunes BERT at each round. Here the sentence encoder is frozen
(texts are embedded once) and ``e`` is the encoder followed by a trainable linear map (``adapter="linear"``,
initialised to the identity and trained with the same logistic loss); ``w`` and ``b`` are then refit by
logistic regression on the labelled pairs, as in the paper's appendix. With ``adapter="none"`` only ``w``
and ``b`` are fit; that model ranks pairs exactly like the frozen encoder, so all strategies reach the
same all-pairs AP and only the positives they collect differ.

Strategies: ``random`` (uniform pairs), ``static`` (the most similar pairs under the frozen encoder,
non-adaptive), ``adaptive-retrieval`` (unlabelled pairs with the highest ``p``) and ``uncertainty`` (``p``
closest to 1/2). The adaptive ones start from a seed set of the highest-cosine pairs and grow the batch by
``growth`` each round (the paper: ``n_i = n_1 * 1.5 ** (i - 1)``).
"""

from __future__ import annotations

import logging
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Literal, Protocol, TextIO

import numpy as np
import pandas as pd

from ..errors import InputError
from ..registries import Registry
from .allpairs import AllPairsScore, clusters_from_pairs
from .data import LabelledPair, normalize_text
from .neighbours import neighbour_pairs, normalize_rows

logger = logging.getLogger(__name__)

Adapter = Literal["linear", "none"]


class CosinePairModel:
    """``p = sigmoid(w * cos(e(a), e(b)) + b)`` on frozen base embeddings, ``e`` an optional linear map."""

    def __init__(self, adapter: Adapter = "linear", steps: int = 150, lr: float = 2e-3,
                 l2_to_identity: float = 1e-2, seed: int = 0):
        if adapter not in ("linear", "none"):
            raise InputError(f"unknown adapter {adapter!r}; use linear or none")
        self.adapter, self.steps, self.lr, self.l2, self.seed = adapter, steps, lr, l2_to_identity, seed
        self.matrix: np.ndarray | None = None
        self.w, self.b = 10.0, -8.0

    def transform(self, base: np.ndarray) -> np.ndarray:
        """Unit-length embeddings ``e(x)`` in which cosine decides the ranking."""
        x = np.asarray(base, dtype=np.float32)
        return normalize_rows(x if self.matrix is None else x @ self.matrix)

    def cosine(self, base: np.ndarray, pairs: np.ndarray, embedded: np.ndarray | None = None) -> np.ndarray:
        e = self.transform(base) if embedded is None else embedded
        return np.einsum("ij,ij->i", e[pairs[:, 0]], e[pairs[:, 1]])

    def predict_proba(self, base: np.ndarray, pairs: np.ndarray, embedded: np.ndarray | None = None) -> np.ndarray:
        """Probability that each pair ``(i, j)`` of rows of ``base`` is a duplicate."""
        from scipy.special import expit

        return expit(self.w * self.cosine(base, pairs, embedded) + self.b)

    def fit(self, base: np.ndarray, pairs: np.ndarray, labels: np.ndarray) -> CosinePairModel:
        """Train the adapter (if any) on the labelled pairs, then refit ``w, b`` by logistic regression."""
        labels = np.asarray(labels, dtype=np.float32)
        if self.adapter == "linear" and 0 < labels.sum() < len(labels):
            self.matrix = self._train_adapter(np.asarray(base, np.float32), pairs, labels)
        self._fit_logistic(self.cosine(base, pairs), labels)
        return self

    def _train_adapter(self, base: np.ndarray, pairs: np.ndarray, labels: np.ndarray) -> np.ndarray:
        """The linear map ``e`` (a ``Dense`` module, no bias, starting at the identity) and a provisional
        ``w, b``, trained together for ``steps`` full-batch Adam steps on the logistic loss (positives weighted
        up to the negatives' count) plus a pull towards the identity, by the trainer of the recommended
        recipe's head (:func:`paraqd.training.head.fit_on_cached_embeddings`: cached embeddings, no encoder)."""
        import torch
        from sentence_transformers import SentenceTransformer
        from sentence_transformers.base.modules.dense import Dense
        from sentence_transformers.base.modules.normalize import Normalize

        from ..training.head import fit_on_cached_embeddings

        gen = torch.Generator().manual_seed(self.seed)
        used, inverse = np.unique(pairs, return_inverse=True)  # only texts in labelled pairs matter
        table = torch.from_numpy(np.ascontiguousarray(base[used]))
        local = inverse.reshape(pairs.shape).astype(np.int64)
        d = base.shape[1]
        eye = torch.eye(d)
        # the map starts at the identity, a pull towards it keeps small labelled sets from overfitting
        matrix = eye + 1e-4 * torch.randn(d, d, generator=gen)
        dense = Dense(d, d, bias=False, activation_function=None, init_weight=matrix.T.contiguous())
        model = SentenceTransformer(modules=[dense, Normalize()], device="cpu")
        y = torch.from_numpy(labels)
        pos_weight = torch.tensor(max(1.0, float((1 - labels).sum() / max(labels.sum(), 1.0))))
        l2 = self.l2

        class PairLoss(torch.nn.Module):  # sigmoid(softplus(raw_w) * cos + bias) against the labels
            def __init__(self, model, w: float, b: float):
                super().__init__()
                self.model = model
                self.raw_w = torch.nn.Parameter(torch.tensor(float(np.log(np.expm1(w)))))
                self.bias = torch.nn.Parameter(torch.tensor(float(b)))
                self.bce = torch.nn.BCEWithLogitsLoss(pos_weight=pos_weight)

            def forward(self, features, labels):
                self.raw_w.grad = self.bias.grad = None  # the trainer zeroes the model's gradients only
                a, b = (self.model(f)["sentence_embedding"] for f in features)
                loss = self.bce(torch.nn.functional.softplus(self.raw_w) * (a * b).sum(1) + self.bias, labels)
                if l2:
                    loss = loss + l2 * ((dense.linear.weight - eye) ** 2).sum()
                return loss

        loss = PairLoss(model, self.w, self.b)
        optimizer = torch.optim.Adam([{"params": [dense.linear.weight], "lr": self.lr},
                                      {"params": [loss.raw_w, loss.bias], "lr": 0.05}])
        fit_on_cached_embeddings(model, table, {"a": local[:, 0], "b": local[:, 1]}, loss, epochs=self.steps,
                                 batch_size=len(pairs), learning_rate=self.lr, seed=self.seed, generator=gen,
                                 optimizer=optimizer, labels=y)
        return dense.linear.weight.detach().T.numpy().astype(np.float32)

    def _fit_logistic(self, cos: np.ndarray, labels: np.ndarray) -> None:
        if labels.min() == labels.max():  # one class only: keep the prior, nothing to separate
            return
        from sklearn.linear_model import LogisticRegression

        lr = LogisticRegression(C=1e4, max_iter=1000).fit(cos.reshape(-1, 1), labels.astype(int))
        self.w = max(float(lr.coef_[0, 0]), 1e-6)  # the paper constrains w >= 0
        self.b = float(lr.intercept_[0])


# ---------------------------------------------------------------------------------------------- oracles


class Oracle(Protocol):
    """Answers label queries: 1 (duplicate), 0 (not), ``None`` (skipped); raising StopIteration ends."""

    def label(self, text_a: str, text_b: str) -> int | None: ...


class ImputedOracle:
    """Simulated annotator: two texts are duplicates iff the known duplicates connect them.

    This is the paper's imputation for QQP: the transitive closure of the labelled duplicates is taken as
    the truth and every other pair is a negative.
    """

    def __init__(self, pairs: Sequence[LabelledPair]):
        texts = sorted({normalize_text(t) for p in pairs for t in (p.text_a, p.text_b)})
        index = {t: i for i, t in enumerate(texts)}
        positives = [(index[normalize_text(p.text_a)], index[normalize_text(p.text_b)])
                     for p in pairs if p.label == 1]
        if not positives:
            raise InputError("the labels file has no duplicate pair; nothing to simulate")
        clusters = clusters_from_pairs(texts, positives)
        self._cluster = dict(zip(texts, clusters.tolist()))

    def knows(self, text: str) -> bool:
        return normalize_text(text) in self._cluster

    def label(self, text_a: str, text_b: str) -> int | None:
        a, b = self._cluster.get(normalize_text(text_a)), self._cluster.get(normalize_text(text_b))
        return int(a is not None and a == b)


class TerminalOracle:
    """A person answering ``y``/``n`` at the terminal (``s`` skips a pair, ``q`` stops labelling)."""

    def __init__(self, stdin: TextIO | None = None, stdout: TextIO | None = None):
        self.stdin, self.stdout = stdin or sys.stdin, stdout or sys.stderr
        self.asked = 0

    def label(self, text_a: str, text_b: str) -> int | None:
        self.asked += 1
        out = self.stdout
        print(f"\n[{self.asked}] A: {text_a}\n    B: {text_b}", file=out)
        while True:
            print("Same question? [y]es / [n]o / [s]kip / [q]uit: ", end="", file=out, flush=True)
            line = self.stdin.readline()
            if not line:
                raise StopIteration
            answer = line.strip().lower()[:1]
            if answer in ("y", "n"):
                return int(answer == "y")
            if answer == "s":
                return None
            if answer == "q":
                raise StopIteration


# -------------------------------------------------------------------------------------------- strategies


@dataclass
class PoolState:
    """The pool being labelled: base embeddings and what has been asked so far."""

    base: np.ndarray
    asked: set[tuple[int, int]] = field(default_factory=set)
    _pretrained: np.ndarray | None = None

    @property
    def n_pairs(self) -> int:
        n = len(self.base)
        return n * (n - 1) // 2

    def pretrained(self) -> np.ndarray:
        if self._pretrained is None:
            self._pretrained = normalize_rows(self.base)
        return self._pretrained

    def unasked(self, pairs: np.ndarray) -> np.ndarray:
        keep = [k for k, (i, j) in enumerate(pairs.tolist()) if (i, j) not in self.asked]
        return pairs[keep]


def _candidates(embedded: np.ndarray, state: PoolState, n: int, neighbours: int) -> np.ndarray:
    """Unasked nearest-neighbour pairs, widening the search until there are at least ``n`` (or all)."""
    k = max(1, neighbours)
    while True:
        cand = state.unasked(neighbour_pairs(embedded, k))
        if len(cand) >= n or k >= len(embedded) - 1:
            return cand
        k = min(2 * k, len(embedded) - 1)


#: The registry of active-learning strategies (:mod:`paraqd.registries`), by the name
#: ``paraqd pairs active --strategy`` takes: functions ``(model, state, n, neighbours, rng)`` returning the
#: next ``n`` pairs ``(i, j)`` (``i < j``, never asked before) to label.
strategies = Registry("al_strategies", what="strategy")


#: Decorator adding an active-learning strategy function (``@register_strategy("name")``; see
#: :data:`strategies`). Every strategy but ``random`` starts from the same seed set (round 1 runs ``static``).
register_strategy = strategies.decorator()


def _best(cand: np.ndarray, score: np.ndarray, n: int) -> np.ndarray:
    """The ``n`` candidates of highest score, ties by index: deterministic."""
    order = np.lexsort((cand[:, 1], cand[:, 0], -score))
    return cand[order[:n]]


@register_strategy("uncertainty")
def uncertainty(model: CosinePairModel, state: PoolState, n: int, neighbours: int,
                rng: np.random.Generator) -> np.ndarray:
    """Nearest-neighbour pairs the model is least sure of (probability nearest 1/2)."""
    embedded = model.transform(state.base)
    cand = _candidates(embedded, state, n, neighbours)
    return _best(cand, -np.abs(model.predict_proba(state.base, cand, embedded) - 0.5), n)


@register_strategy("adaptive-retrieval")
def adaptive_retrieval(model: CosinePairModel, state: PoolState, n: int, neighbours: int,
                       rng: np.random.Generator) -> np.ndarray:
    """Nearest-neighbour pairs the model finds most likely duplicates."""
    embedded = model.transform(state.base)
    cand = _candidates(embedded, state, n, neighbours)
    return _best(cand, model.predict_proba(state.base, cand, embedded), n)


@register_strategy("static")
def static(model: CosinePairModel, state: PoolState, n: int, neighbours: int,
           rng: np.random.Generator) -> np.ndarray:
    """Nearest-neighbour pairs of highest cosine under the frozen encoder (the model is not consulted)."""
    embedded = state.pretrained()
    cand = _candidates(embedded, state, n, neighbours)
    return _best(cand, np.einsum("ij,ij->i", embedded[cand[:, 0]], embedded[cand[:, 1]]), n)


@register_strategy("random")
def random_strategy(model: CosinePairModel, state: PoolState, n: int, neighbours: int,
                    rng: np.random.Generator) -> np.ndarray:
    """Uniform pairs not asked before."""
    n = min(n, state.n_pairs - len(state.asked))
    picked: dict[tuple[int, int], None] = {}
    size = len(state.base)
    while len(picked) < n:
        i, j = rng.integers(0, size, 2)
        key = (int(min(i, j)), int(max(i, j)))
        if i != j and key not in state.asked:
            picked[key] = None
    return np.array(list(picked), dtype=np.int64).reshape(-1, 2)


#: The built-in strategies' names (``strategies.names()`` also lists those registered since).
STRATEGIES = tuple(strategies.names())


def select_batch(strategy: str, model: CosinePairModel, state: PoolState, n: int, neighbours: int,
                 rng: np.random.Generator) -> np.ndarray:
    """The next ``n`` pairs ``(i, j)`` (``i < j``) to label under the registered ``strategy``."""
    return strategies.get(strategy)(model, state, n, neighbours, rng)


# -------------------------------------------------------------------------------------------- the loop


@dataclass
class ActiveLearningConfig:
    """Settings of one active-learning run (the paper: seed 2048, growth 1.5, 10 rounds on QQP)."""

    strategy: str = "uncertainty"
    rounds: int = 5
    seed_size: int = 64
    growth: float = 1.5
    neighbours: int = 50
    adapter: Adapter = "linear"
    seed: int = 0

    def batch_sizes(self) -> list[int]:
        if self.rounds < 1 or self.seed_size < 1 or self.growth < 1:
            raise InputError("rounds and seed size must be >= 1 and growth >= 1")
        return [round(self.seed_size * self.growth ** i) for i in range(self.rounds)]


@dataclass
class RoundReport:
    round: int
    queried: int
    labelled: int
    positives: int
    new_positives: int
    evaluation: AllPairsScore | None = None

    def as_dict(self) -> dict:
        out = {"round": self.round, "queried": self.queried, "labelled": self.labelled,
               "positives": self.positives, "new_positives": self.new_positives}
        if self.evaluation is not None:
            out.update(self.evaluation.as_dict())
        return out


@dataclass
class ActiveLearningResult:
    pairs: pd.DataFrame  # text_a, text_b, label, round
    rounds: list[RoundReport]
    model: CosinePairModel
    stopped_early: bool = False


def run_active_learning(texts: Sequence[str], base: np.ndarray, oracle: Oracle, config: ActiveLearningConfig,
                        evaluate: Callable[[CosinePairModel], AllPairsScore] | None = None,
                        progress: bool | None = None) -> ActiveLearningResult:
    """Label pairs of ``texts`` in rounds and refit the cosine model after each round.

    Args:
        texts: the pool; every pair of them may be queried.
        base: frozen encoder embeddings of ``texts`` (one row per text).
        oracle: answers the queries (:class:`ImputedOracle` to simulate, :class:`TerminalOracle` for a person).
        evaluate: called with the model after each round (e.g. all-pairs AP on a test set).
        progress: show a progress bar (``None``: when standard error is a terminal).
    """
    from tqdm.auto import tqdm

    strategies.get(config.strategy)  # an unknown name fails here, before any work
    if len(texts) < 2 or len(texts) != len(base):
        raise InputError("active learning needs at least two texts, one embedding each")
    rng = np.random.default_rng(config.seed)
    state = PoolState(np.asarray(base, dtype=np.float32))
    model = CosinePairModel(config.adapter, seed=config.seed)
    rows: list[tuple[int, int, int, int]] = []
    reports: list[RoundReport] = []
    stopped = False
    sizes = config.batch_sizes()
    bar = tqdm(total=sum(sizes), desc=f"active ({config.strategy})", unit="pair",
               disable=None if progress is None else not progress)
    for r, size in enumerate(sizes, start=1):
        # the first batch of the adaptive strategies is the seed set: highest cosine under the encoder
        strategy = "static" if r == 1 and config.strategy != "random" else config.strategy
        batch = select_batch(strategy, model, state, size, config.neighbours, rng)
        before = sum(y for *_, y, _ in rows)
        for i, j in batch.tolist():
            state.asked.add((i, j))
            try:
                y = oracle.label(texts[i], texts[j])
            except StopIteration:
                stopped = True
                break
            bar.update(1)
            if y is not None:
                rows.append((i, j, int(y), r))
        if not rows:
            break
        pairs = np.array([(i, j) for i, j, _, _ in rows], dtype=np.int64)
        labels = np.array([y for _, _, y, _ in rows], dtype=np.float32)
        model = CosinePairModel(config.adapter, seed=config.seed + r).fit(state.base, pairs, labels)
        positives = int(labels.sum())
        report = RoundReport(r, len(state.asked), len(rows), positives, positives - before,
                             evaluate(model) if evaluate else None)
        reports.append(report)
        msg = f"round {r}: {report.labelled} labelled, {report.positives} positive (+{report.new_positives})"
        if report.evaluation is not None:
            msg += f", all-pairs AP {report.evaluation.average_precision:.4f}, " \
                   f"P@R{round(report.evaluation.recall_level * 100)} {report.evaluation.precision_at_recall:.4f}"
        logger.info(msg)
        if stopped:
            break
    bar.close()
    df = pd.DataFrame([(texts[i], texts[j], y, r) for i, j, y, r in rows],
                      columns=["text_a", "text_b", "label", "round"])
    return ActiveLearningResult(df, reports, model, stopped)
