"""paraqd ships its type hints (PEP 561) and its central classes say what their constructors take."""

from __future__ import annotations

import inspect
from pathlib import Path

import pytest

import paraqd
from paraqd.analysis import Analyzer
from paraqd.bench import Bench
from paraqd.checks import ContentCheck, CriticalInfoChecker, EntityCheck, WordSimilarity
from paraqd.checks.relations import RelationCheck
from paraqd.evaluation import Evaluator
from paraqd.hybrid import HybridScorer
from paraqd.operators.base import UsesUnitVocabulary
from paraqd.scoring import ParaphraseScorer
from paraqd.training.trainer import ParaqdTrainer


def test_the_package_is_marked_typed():
    assert (Path(paraqd.__file__).parent / "py.typed").is_file()


@pytest.mark.parametrize("cls", [ParaphraseScorer, CriticalInfoChecker, HybridScorer, Analyzer, UsesUnitVocabulary,
                                 Evaluator, ParaqdTrainer, Bench, ContentCheck, EntityCheck, RelationCheck,
                                 WordSimilarity])
def test_central_constructors_are_annotated(cls):
    signature = inspect.signature(cls.__init__)
    missing = [name for name, p in signature.parameters.items()
               if name != "self" and p.annotation is inspect.Parameter.empty]
    assert not missing, f"{cls.__name__}.__init__ has unannotated parameters: {missing}"
    assert signature.return_annotation in (None, "None"), f"{cls.__name__}.__init__ should say -> None"
