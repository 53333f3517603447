"""benchmarks/train_learned_half.py: the extra training pairs and the hybrid mix (no model is loaded here)."""

from __future__ import annotations

import importlib.util
import random
import re
from pathlib import Path

import numpy as np
import pandas as pd
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

SCRIPT = Path(__file__).resolve().parents[1] / "benchmarks" / "train_learned_half.py"

QUESTIONS = [
    "Tom has 3 apples and buys 5 more. How many apples does he have altogether?",
    "Ann has twice as many cats as Bob. Bob has 4 cats. How many cats does Ann have?",
    "A train travels 60 miles per hour for 3 hours. How far does it go?",
]


@pytest.fixture(scope="module")
def half():
    spec = importlib.util.spec_from_file_location("train_learned_half", SCRIPT)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def numbers(text: str) -> list[str]:
    return re.findall(r"\d+(?:\.\d+)?", text)


@settings(max_examples=60, deadline=None)
@given(index=st.integers(0, len(QUESTIONS) - 1), seed=st.integers(0, 10_000))
def test_added_context_keeps_every_sentence_and_number(half, index, seed):
    question = QUESTIONS[index]
    out = half.add_context(question, random.Random(seed))
    assert out != question and len(out) > len(question)
    assert numbers(out) == numbers(question)  # the context adds no number and moves none
    for sentence in re.split(r"(?<=[.!?])\s+", question)[1:]:
        assert sentence in out
    assert out.rstrip().endswith(question.rstrip().split(". ")[-1])  # the question sentence stays last


@settings(max_examples=60, deadline=None)
@given(index=st.integers(0, len(QUESTIONS) - 1), seed=st.integers(0, 10_000))
def test_swap_negative_changes_the_text(half, index, seed):
    out = half.swap_negative(QUESTIONS[index], random.Random(seed))
    assert out is not None
    text, edit = out
    assert text != QUESTIONS[index] and edit


def test_specific_swaps(half):
    rng = random.Random(0)
    seen = {half.swap_negative(QUESTIONS[1], rng)[0] for _ in range(40)}
    assert "Ann has two more cats than Bob. Bob has 4 cats. How many cats does Ann have?" in seen
    assert "Ann has twice as many cats as Bob. Bob has some cats. How many cats does Ann have?" in seen
    assert half.swap_negative("What is x?", rng) is None  # nothing to change: no pair


def test_extra_pairs_one_context_positive_per_question(half):
    pairs = pd.DataFrame({"question": [QUESTIONS[0], QUESTIONS[0], QUESTIONS[2]],
                          "candidate": ["Tom has three apples and buys five more. How many apples altogether?",
                                        "Tom has 4 apples and buys 5 more. How many apples does he have altogether?",
                                        "A train travels sixty miles per hour for 3 hours. How far does it go?"],
                          "label": [1, 0, 1], "operators": ["f3", "n1", "f3"]})
    extra = half.extra_pairs(pairs, seed=1)
    positives = extra[extra.label == 1]
    assert sorted(positives.question) == sorted({QUESTIONS[0], QUESTIONS[2]})
    assert set(positives.operators) <= {"context", "rewording+context"}
    assert (extra.candidate != extra.question).all()
    assert set(extra.label) <= {0, 1}


def test_hybrid_mix_is_the_penalty_rule(half):
    from paraqd.hybrid import DEFAULT_RULE

    assert DEFAULT_RULE.severity_penalty(None) == 0.0  # the cache's penalty column is what the rule takes off
    np.testing.assert_allclose(half.hybrid([0.9, 0.4, 0.95], [0.0, 0.0, 2.0]), [0.9, 0.4, -1.0])
    assert half.kept_caught([1, 1, 0, 0], [0.9, 0.1, 0.2, 0.8], 0.5) == (0.5, 0.5)
