"""A newcomer adds a check, a hybrid rule, a pair sampler and an active-learning strategy, each with one
decorated class or function, and chooses it by name where paraqd chooses that kind."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

import numpy as np
import pytest

from paraqd.checks import Check, CheckResult, CriticalInfoChecker, Finding, Severity, checks, register_check
from paraqd.cli import main
from paraqd.errors import InputError
from paraqd.hybrid import HybridRule, HybridScorer, hybrid_rules, register_rule
from paraqd.pairs.active import (
    ActiveLearningConfig,
    ImputedOracle,
    register_strategy,
    run_active_learning,
    strategies,
)
from paraqd.pairs.data import LabelledPair
from paraqd.pairs.sampling import PairSampler, create_sampler, register_sampler, samplers
from paraqd.registries import Registry, call_with_accepted


@pytest.fixture
def cleanup():
    added: list[tuple[Registry, str]] = []
    yield added
    for registry, name in added:
        registry.unregister(name)


def test_a_check_added_with_one_decorated_class_runs_by_name_and_by_default(cleanup):
    @register_check("shouting")
    class ShoutingCheck(Check):
        name = "shouting"

        def compare(self, question, paraphrase):
            if paraphrase.text.isupper() and not question.text.isupper():
                return [Finding("shouting", "the paraphrase shouts", Severity.MAJOR)]
            return []

    cleanup.append((checks, "shouting"))
    assert "shouting" in checks.names() and checks.names()[:6] == [
        "numbers", "units", "entities", "question", "relations", "content"]
    alone = CriticalInfoChecker(checks=["shouting"])
    assert [type(c) for c in alone.checks] == [ShoutingCheck]
    assert alone.check("Tom has 3 apples.", "TOM HAS 3 APPLES.").reasons == ["the paraphrase shouts"]
    assert alone.check("Tom has 3 apples.", "Tom owns 3 apples.").passed
    # the default checker runs every registered check, paraqd's own first
    default = CriticalInfoChecker()
    from paraqd.checks.checker import DEFAULT_CHECKS

    assert type(default.checks[-1]) is ShoutingCheck and len(default.checks) == len(DEFAULT_CHECKS) + 1
    with pytest.raises(InputError, match="unknown check 'whispering'"):
        CriticalInfoChecker(checks=["whispering"])


def test_a_check_added_bare_names_itself_and_runs_by_default(cleanup):
    @register_check
    class MurmurCheck(Check):
        name = "murmur"

        def compare(self, question, paraphrase=None):
            return [Finding("murmur", "a murmur", Severity.MINOR)]

    cleanup.append((checks, "murmur"))
    assert checks.get("murmur") is MurmurCheck
    assert type(CriticalInfoChecker().checks[-1]) is MurmurCheck


def test_a_hybrid_rule_added_with_one_decorated_class_is_chosen_by_its_stored_kind(cleanup):
    @register_rule
    @dataclass(frozen=True)
    class HalveRule(HybridRule):
        """Halve the cosine of a flagged pair."""

        factor: float = 0.5
        kind: ClassVar[str] = "halve"

        def combine(self, cosines, results):
            cos = np.asarray(cosines, dtype=np.float32)
            return np.where([r.passed for r in results], cos, cos * self.factor).astype(np.float32)

        def to_dict(self):
            return {"kind": self.kind, "factor": self.factor}

    cleanup.append((hybrid_rules, "halve"))
    rule = HybridRule.from_dict({"kind": "halve", "factor": 0.25})  # as a model's paraqd.json stores it
    assert rule == HalveRule(0.25) and HybridRule.from_dict(rule.to_dict()) == rule
    flagged = CheckResult.of([Finding("number_missing", "the number 3 is missing", Severity.CRITICAL)])
    scores = HybridScorer(rule=rule).combine([0.8, 0.8], [CheckResult.of([]), flagged])
    assert scores.tolist() == pytest.approx([0.8, 0.2])
    with pytest.raises(InputError, match="scoring.rule of kind 'halve'"):
        HybridRule.from_dict({"kind": "halve", "divisor": 2})
    with pytest.raises(TypeError):
        register_rule(dict)


def test_a_registered_rule_is_chosen_by_name_on_the_command_line(cleanup, tmp_path, capsys):
    @register_rule
    @dataclass(frozen=True)
    class FloorRule(HybridRule):
        """A flagged pair scores -1."""

        kind: ClassVar[str] = "floor"

        def combine(self, cosines, results):
            cos = np.asarray(cosines, dtype=np.float32)
            return np.where([r.passed for r in results], cos, -1.0).astype(np.float32)

        def to_dict(self):
            return {"kind": self.kind}

    cleanup.append((hybrid_rules, "floor"))
    pairs = tmp_path / "pairs.csv"
    pairs.write_text("question,paraphrase\nTom has 3 apples.,Tom has 4 apples.\nTom has 3 apples.,Tom owns 3 apples.\n")
    out = tmp_path / "scored.csv"
    assert main(["score", str(pairs), "-o", str(out), "--rule", "floor", "-q"]) == 0
    scores = [float(line.split(",")[2]) for line in out.read_text().splitlines()[1:]]
    assert scores[0] == -1.0 and 0.5 < scores[1] < 1.0
    assert main(["score", str(pairs), "-o", str(out), "--rule", "nope", "-q"]) == 2
    assert "unknown scoring rule kind 'nope'; choose one of cap, penalty, floor" in capsys.readouterr().err
    assert main(["score", str(pairs), "-o", str(out), "--rule", "floor", "--pure", "-q"]) == 2


def test_engine_and_backend_choices_come_from_their_registries(capsys):
    from paraqd.backends import backend_names
    from paraqd.engines import scoring_engines

    for option, names in (("--engine", scoring_engines()), ("--backend", backend_names())):
        try:
            main(["score", "--help"])
        except SystemExit:
            pass
        offered = capsys.readouterr().out.split(option)[1].split("{")[1].split("}")[0].split(",")
        assert offered == names
    assert {"local", "dask"} <= set(scoring_engines()) and backend_names()[:4] == ["torch", "onnx", "onnx-int8",
                                                                                    "openvino"]


def test_a_sampler_added_with_one_decorated_function_is_created_by_name_and_offered_by_the_cli(cleanup, capsys):
    class FirstPairs(PairSampler):
        name = "first"

        def __init__(self, n_pairs):
            self.n_pairs = n_pairs

        def candidates(self, texts, rng):
            return np.array([(0, j) for j in range(1, min(self.n_pairs, len(texts) - 1) + 1)], dtype=np.int64)

    @register_sampler("first")
    def first(n_pairs: int = 1000) -> PairSampler:
        return FirstPairs(n_pairs)

    cleanup.append((samplers, "first"))
    sampler = create_sampler("first", top_k=9, n_pairs=2)  # top_k: not taken, not passed
    assert sampler.candidates(["a", "b", "c", "d"], np.random.default_rng(0)).tolist() == [[0, 1], [0, 2]]
    try:
        code = main(["pairs", "silver", "--help"])
    except SystemExit as exc:
        code = exc.code
    assert code in (0, None)
    assert "first" in capsys.readouterr().out.split("--sampler")[1].split("}")[0]


def test_an_active_learning_strategy_added_with_one_decorated_function_runs_by_name(cleanup):
    asked_rounds = []

    @register_strategy("lowest-index")
    def lowest_index(model, state, n, neighbours, rng):
        asked_rounds.append(n)
        size = len(state.base)
        pairs = [(i, j) for i in range(size) for j in range(i + 1, size) if (i, j) not in state.asked]
        return np.array(pairs[:n], dtype=np.int64).reshape(-1, 2)

    cleanup.append((strategies, "lowest-index"))
    texts = [f"text {i}" for i in range(8)]
    emb = np.random.default_rng(0).normal(size=(8, 4)).astype(np.float32)
    oracle = ImputedOracle([LabelledPair(texts[0], texts[1], 1)])
    config = ActiveLearningConfig("lowest-index", rounds=2, seed_size=3, growth=1.0, neighbours=3)
    result = run_active_learning(texts, emb, oracle, config, progress=False)
    assert asked_rounds == [3]  # round 1 is the shared seed set (static); round 2 is the new strategy
    assert result.pairs[result.pairs["round"] == 2][["text_a", "text_b"]].values.tolist()[0][0] == "text 0"
    with pytest.raises(InputError, match="unknown strategy 'greedy'"):
        run_active_learning(texts, emb, oracle, ActiveLearningConfig("greedy"))


def test_call_with_accepted_passes_only_named_options():
    assert call_with_accepted(lambda a, b=2: a + b, a=1, c=5) == 3
    assert call_with_accepted(lambda **kw: sorted(kw), a=1, c=5) == ["a", "c"]


def test_every_kind_is_registered_with_the_one_decorator_shape():
    from paraqd.backends import register_backend
    from paraqd.bench.methods import register_method
    from paraqd.checks import register_check
    from paraqd.engines import register_engine
    from paraqd.operators import register_operator
    from paraqd.training.losses import register_loss

    decorators = [register_backend, register_check, register_method, register_engine, register_operator, register_loss,
                  register_rule, register_sampler, register_strategy]
    assert {d.__qualname__ for d in decorators} == {"Registry.decorator.<locals>.register"}
    reg = Registry("test_shapes", entry_points=False)
    register = reg.decorator()

    @register
    class Named:
        name = "by-attribute"

    @register("given")
    def some_function():
        return 1

    @register
    def bare_function():
        return 2

    assert reg.names() == ["by-attribute", "given", "bare-function"] and reg.get("given") is some_function
    with pytest.raises(TypeError, match="must define 'name'"):
        register(type("Nameless", (), {}))
    with pytest.raises(TypeError, match="takes no details"):
        register("x", label="y")(some_function)
