"""Loss factory: the paper's triplet loss, MultipleNegativesRankingLoss, and pair losses for labelled pairs."""

from __future__ import annotations

from ..errors import InputError

TRIPLET_LOSSES = ("triplet", "mnrl")
DISTANCES = ("euclidean", "cosine")
#: How labelled pairs are trained: turned into triplets per anchor, or with a pair loss of their own.
PAIR_MODES = ("triplets", "cosent", "contrastive")


def triplet_loss(model, name: str = "triplet", distance: str = "euclidean", margin: float = 5.0):
    """The loss for (anchor, positive, negative) columns.

    ``triplet`` is ``max(0, margin + dist(a, p) - dist(a, n))``; the authors' released script used Euclidean
    distance with margin 5 (sentence-transformers' defaults), the paper writes ``dist = 1 - cos``.
    ``mnrl`` is MultipleNegativesRankingLoss (the paper's ablation): in-batch negatives plus the hard negative.
    """
    from sentence_transformers.sentence_transformer import losses

    if name == "triplet":
        if distance not in DISTANCES:
            raise InputError(f"unknown distance {distance!r}; choose one of {', '.join(DISTANCES)}")
        if margin <= 0:
            raise InputError(f"the triplet margin must be positive, got {margin}")
        metric = {"euclidean": losses.TripletDistanceMetric.EUCLIDEAN,
                  "cosine": losses.TripletDistanceMetric.COSINE}[distance]
        return losses.TripletLoss(model, distance_metric=metric, triplet_margin=margin)
    if name == "mnrl":
        return losses.MultipleNegativesRankingLoss(model)
    raise InputError(f"unknown loss {name!r}; choose one of {', '.join(TRIPLET_LOSSES)}")


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
