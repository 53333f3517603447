"""The loss registry (catalogue): every triplet loss paraqd trains with, by name, for both training paths.

A loss is a function of L2-normalised ``(anchor, positive, negative)`` embedding batches and a margin, returning
a scalar tensor. Registering one makes it a choice of ``paraqd train --loss NAME`` for the recommended recipe
(the head trained on cached embeddings) and for the paper recipe (the encoder fine-tuned with
sentence-transformers, through a small wrapper module)::

    from paraqd.training.losses import register_loss

    @register_loss("hinge-cosine")
    def hinge_cosine(anchor, positive, negative, margin):
        import torch.nn.functional as F
        return F.relu(margin - (anchor * positive).sum(-1) + (anchor * negative).sum(-1)).mean()

A third-party package exposes its losses through the ``paraqd_losses`` entry-point group. The built-ins that
sentence-transformers implements (``triplet-euclidean``, ``triplet-cosine``, ``mnrl``) use its modules when the
encoder is fine-tuned, so paper-recipe training is what sentence-transformers gives.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ..errors import InputError
from ..registries import Registry

#: ``paraqd train --loss triplet --distance D`` is the registered loss ``triplet-D``.
DISTANCES = ("euclidean", "cosine")
#: How labelled pairs are trained: turned into triplets per anchor, or with a pair loss of their own.
PAIR_MODES = ("triplets", "cosent", "contrastive")


@dataclass(frozen=True)
class TripletLoss:
    """A registered loss: ``function(anchor, positive, negative, margin)`` on normalised embeddings.

    ``sentence_transformers(model, margin)``, when given, builds the equivalent sentence-transformers module
    for fine-tuning an encoder; otherwise :meth:`for_model` wraps ``function``.
    """

    name: str
    function: Callable[..., Any]
    sentence_transformers: Callable[[Any, float], Any] | None = None

    def __call__(self, anchor, positive, negative, margin: float):
        return self.function(anchor, positive, negative, margin)

    def for_model(self, model, margin: float):
        """A loss module for :class:`~sentence_transformers.SentenceTransformerTrainer` on ``model``."""
        if self.sentence_transformers is not None:
            return self.sentence_transformers(model, margin)
        return _wrap(model, self, margin)


def _entry(name: str, function: Callable[..., Any],
           sentence_transformers: Callable[[Any, float], Any] | None = None) -> TripletLoss:
    return TripletLoss(name, function, sentence_transformers)


#: The registry of losses (:mod:`paraqd.registries`): :class:`TripletLoss` entries by name.
registry = Registry("losses", what="loss", entry=_entry)
#: Decorator registering ``function(anchor, positive, negative, margin)`` as a loss: ``@register_loss`` (the
#: function's name, underscores as hyphens) or ``@register_loss("name", sentence_transformers=MODULE)``.
register_loss = registry.decorator()
#: Remove a loss from the registry (mainly for tests and interactive sessions).
unregister_loss = registry.unregister


def loss_names() -> list[str]:
    """Registered losses (built-in and from entry points), sorted."""
    return sorted(registry.get_all())


def get_loss(name: str) -> TripletLoss:
    """The registered loss ``name`` (:class:`InputError` naming the choices when there is none)."""
    return registry.get(name)


def resolve_loss_name(loss: str, distance: str = "euclidean") -> str:
    """The registry name of the paper trainer's ``loss``/``distance`` settings (``triplet`` + distance)."""
    if loss == "triplet":
        if distance not in DISTANCES:
            raise InputError(f"unknown distance {distance!r}; choose one of {', '.join(DISTANCES)}")
        return f"triplet-{distance}"
    return loss


def triplet_loss(model, name: str = "triplet", distance: str = "euclidean", margin: float = 5.0):
    """The loss module for (anchor, positive, negative) columns when fine-tuning ``model``.

    ``triplet`` is ``max(0, margin + dist(a, p) - dist(a, n))``; the authors' released script used Euclidean
    distance with margin 5 (sentence-transformers' defaults), the paper writes ``dist = 1 - cos``.
    ``mnrl`` is MultipleNegativesRankingLoss (the paper's ablation): in-batch negatives plus the hard negative.
    Any other registered name is trained through :meth:`TripletLoss.for_model`.
    """
    if name == "triplet" and margin <= 0:
        raise InputError(f"the triplet margin must be positive, got {margin}")
    return get_loss(resolve_loss_name(name, distance)).for_model(model, margin)


def pair_loss(model, mode: str):
    """The loss for labelled (sentence1, sentence2, label|score) pairs.

    ``cosent`` (CoSENTLoss) ranks pairs by their target (the score column, else the 0/1 label) and suits
    graded silver scores; ``contrastive`` (OnlineContrastiveLoss) pulls label-1 pairs together and pushes hard
    label-0 pairs apart by a cosine-distance margin.
    """
    from sentence_transformers.sentence_transformer import losses

    if mode == "cosent":
        return losses.CoSENTLoss(model)
    if mode == "contrastive":
        return losses.OnlineContrastiveLoss(model)
    raise InputError(f"no pair loss for {mode!r}; choose cosent or contrastive")


def _wrap(model, loss: TripletLoss, margin: float):
    import torch

    class RegisteredTripletLoss(torch.nn.Module):
        """A registered loss on the normalised sentence embeddings of (anchor, positive, negative) columns."""

        def __init__(self):
            super().__init__()
            self.model = model

        def forward(self, sentence_features, labels=None):
            a, p, n = (torch.nn.functional.normalize(self.model(f)["sentence_embedding"], dim=-1)
                       for f in sentence_features)
            return loss(a, p, n, margin)

        def get_config_dict(self) -> dict[str, Any]:
            return {"loss": loss.name, "margin": margin}

    return RegisteredTripletLoss()


def _st_triplet(metric: str):
    def build(model, margin: float):
        from sentence_transformers.sentence_transformer import losses

        distance = getattr(losses.TripletDistanceMetric, metric)
        return losses.TripletLoss(model, distance_metric=distance, triplet_margin=margin)

    return build


def _st_mnrl(model, margin: float):
    from sentence_transformers.sentence_transformer import losses

    return losses.MultipleNegativesRankingLoss(model)


# -- built-ins ----------------------------------------------------------------------------------------------


@register_loss(sentence_transformers=_st_triplet("EUCLIDEAN"))
def triplet_euclidean(anchor, positive, negative, margin):
    """The paper's script: Euclidean distance of normalised embeddings, ``max(0, m + d(a, p) - d(a, n))``."""
    import torch.nn.functional as F

    return F.relu(margin + (anchor - positive).norm(dim=-1) - (anchor - negative).norm(dim=-1)).mean()


@register_loss(sentence_transformers=_st_triplet("COSINE"))
def triplet_cosine(anchor, positive, negative, margin):
    """``max(0, m + cos(a, n) - cos(a, p))`` (the paper's ``dist = 1 - cos``)."""
    import torch.nn.functional as F

    return F.relu(margin + (anchor * negative).sum(-1) - (anchor * positive).sum(-1)).mean()


@register_loss(sentence_transformers=_st_mnrl)
def mnrl(anchor, positive, negative, margin):
    """MultipleNegativesRankingLoss: in-batch negatives plus the hard negative, scale 20 (``margin`` unused)."""
    import torch
    import torch.nn.functional as F

    scores = 20.0 * anchor @ torch.cat([positive, negative]).T
    return F.cross_entropy(scores, torch.arange(len(anchor)))


@register_loss
def threshold(anchor, positive, negative, margin):
    """``max(0, 0.5 + m - cos(a, p)) + max(0, cos(a, n) - 0.5 + m)``: aims at the decision threshold 0.5."""
    import torch.nn.functional as F

    from ..defaults import DEFAULT_THRESHOLD

    cp, cn = (anchor * positive).sum(-1), (anchor * negative).sum(-1)
    return (F.relu(DEFAULT_THRESHOLD + margin - cp) + F.relu(cn - DEFAULT_THRESHOLD + margin)).mean()
