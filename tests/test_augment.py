"""The augmentation pipeline: determinism, workers, sampling, coverage, CLI."""

from __future__ import annotations

import json
import random

import pandas as pd
import pytest

from paraqd.augmentation import TRAIN_COLUMNS, TRIPLET_COLUMNS, AugmentStats, augment, derive_rng, sample_triplets
from paraqd.cli import main
from paraqd.errors import InputError, ModelUnavailableError
from paraqd.operators import Operator, register_operator
from paraqd.operators.registry import operators as registry
from paraqd.operators.registry import unregister_operator

QUESTIONS = [
    "Alex travelled 100 km from New York at a constant speed of 20 kmph. How many hours did it take him?",
    "A full box has 15 pieces of chalk. My box only has 5 pieces. How many pieces of chalk are missing?",
    "Paco had 26 salty cookies and 17 sweet cookies. He ate 14 sweet cookies. How many are left?",
    "What is the sum of two numbers?",
    "Janet has 3 apples. She buys 4 more. How many apples does she have?",
]


class _DropWord(Operator):
    """Test negative: deletes one random word (uses the rng, so determinism is observable)."""

    name, paper_id, polarity, stage = "test-drop-word", "t1", "negative", "test"

    def requirements(self):
        return []

    def transform(self, doc, rng):
        words = doc.text.split()
        if len(words) < 2:
            return None
        del words[rng.randrange(len(words))]
        return " ".join(words)


class _Shout(Operator):
    name, paper_id, polarity, stage = "test-shout", "t2", "positive", "test"

    def requirements(self):
        return []

    def transform(self, doc, rng):
        return doc.text.upper() if rng.random() < 0.8 else None


class _Missing(Operator):
    name, paper_id, polarity, stage = "test-missing-model", "t3", "negative", "test"
    batched = True
    model_params = ("model",)

    def __init__(self, model: str = "nobody/no-such-model"):
        self.model = model

    def load(self):
        raise ModelUnavailableError(self.model, reason="not here")


OPS = "same-sentence,test-shout,test-drop-word"


@pytest.fixture(autouse=True, scope="module")
def _test_operators():
    """Register the test operators for this module only (they must not leak into other tests)."""
    classes = (_DropWord, _Shout, _Missing)
    for cls in classes:
        register_operator(cls)
    yield
    for cls in classes:
        unregister_operator(cls.name)


def test_output_columns_and_polarity():
    df = augment(QUESTIONS, operators=OPS, seed=1)
    assert list(df.columns) == TRIPLET_COLUMNS
    assert set(df.positive_op) <= {"same-sentence", "test-shout"}
    assert set(df.negative_op) == {"test-drop-word"}
    assert (df.anchor != df.negative).all()
    # one triplet per question by default (every question here has a positive and a negative)
    assert sorted(df.question_id) == list(range(len(QUESTIONS)))


def test_same_seed_same_output_and_different_seed_differs():
    a = augment(QUESTIONS, operators=OPS, seed=3407)
    b = augment(QUESTIONS, operators=OPS, seed=3407)
    c = augment(QUESTIONS, operators=OPS, seed=1)
    pd.testing.assert_frame_equal(a, b)
    assert not a.equals(c)


def test_workers_do_not_change_output():
    many = QUESTIONS * 20
    one = augment(many, operators=OPS, seed=5, workers=1)
    two = augment(many, operators=OPS, seed=5, workers=2)
    pd.testing.assert_frame_equal(one, two)


def test_phrase_deletion_runs_in_the_workers_and_does_not_depend_on_chunking(monkeypatch):
    """f5 (a batched operator with a small model) runs inside the rule workers, one batch per chunk, each
    worker with its own encoder; what it picks for a question depends on that question only."""
    from paraqd import augmentation
    from paraqd.analysis import default_analyzer
    from paraqd.operators import create_operator

    many = QUESTIONS * 8
    f5 = create_operator("f5")
    assert f5.batched and f5.in_workers
    main_stage = []
    original = augmentation.run_model_operators
    monkeypatch.setattr(augmentation, "run_model_operators",
                        lambda texts, ops, *a, **k: main_stage.extend(ops) or original(texts, ops, *a, **k))
    kwargs = dict(operators="same-sentence,phrase-deletion", per_question="all", seed=5)
    one = augment(many, workers=1, **kwargs)
    two = augment(many, workers=2, **kwargs)
    pd.testing.assert_frame_equal(one, two)
    assert main_stage == []  # no model stage (and no second parse) in the main process
    chunked = augmentation.run_rule_operators(many, [f5], seed=5, workers=1, chunk_size=3)
    alone = [f5.rewrite(doc, random.Random(0)) for doc in default_analyzer().pipe(many)]
    assert [r["phrase-deletion"] for r in chunked] == alone
    assert list(one.negative) == [a for a in alone if a is not None]


def test_per_question_all_gives_every_combination():
    stats = AugmentStats()
    df = augment(QUESTIONS[:1], operators=OPS, per_question="all", seed=0, stats=stats)
    n_pos = sum(v for k, v in stats.applicable.items() if k in ("same-sentence", "test-shout"))
    assert len(df) == n_pos * 1
    df3 = augment(QUESTIONS, operators=OPS, per_question=3, seed=0)
    assert df3.groupby("question_id").size().max() <= 2  # only 2 positives x 1 negative exist


def test_sample_triplets_without_replacement():
    rewrites = {"p1": "a", "p2": "b", "n1": "x", "n2": "y", "n3": None}
    pol = {"p1": "positive", "p2": "positive", "n1": "negative", "n2": "negative", "n3": "negative"}
    got = sample_triplets(rewrites, pol, 3, random.Random(0))
    assert len(got) == 3 and len(set(got)) == 3
    assert all(n in ("x", "y") for _, n, _, _ in got)
    assert len(sample_triplets(rewrites, pol, None, random.Random(0))) == 4


def test_derive_rng_is_stable_and_distinct():
    assert derive_rng(1, 2, "f3").random() == derive_rng(1, 2, "f3").random()
    assert derive_rng(1, 2, "f3").random() != derive_rng(1, 3, "f3").random()


def test_missing_model_is_skipped_or_stops(caplog):
    with pytest.raises(ModelUnavailableError, match="nobody/no-such-model"):
        augment(QUESTIONS, operators="same-sentence,test-missing-model", skip_unavailable=False)
    stats = AugmentStats()
    with pytest.raises(InputError, match="positive and one negative"):
        augment(QUESTIONS, operators="same-sentence,test-missing-model", stats=stats)
    assert "test-missing-model" in stats.skipped_operators
    warnings = [r for r in caplog.records if r.levelname == "WARNING" and "test-missing-model" in r.getMessage()]
    assert len(warnings) == 1


def test_bad_input_is_a_clear_error():
    with pytest.raises(InputError):
        augment([1, 2], operators=OPS)
    with pytest.raises(InputError, match="per-question"):
        augment(QUESTIONS, operators=OPS, per_question=0)
    with pytest.raises(InputError, match="unknown operator"):
        augment(QUESTIONS, operators="no-such-op")


def test_third_party_operator_is_in_the_registry():
    assert "test-shout" in registry.get_all()


# -- CLI ---------------------------------------------------------------------------------------------
@pytest.fixture
def questions_file(tmp_path):
    path = tmp_path / "q.jsonl"
    path.write_text("".join(json.dumps({"id": f"q{i}", "question": q}) + "\n" for i, q in enumerate(QUESTIONS)))
    return path


@pytest.mark.parametrize("ext", ["jsonl", "csv", "parquet"])
def test_cli_augment_formats_and_byte_identical(questions_file, tmp_path, ext):
    out1, out2 = tmp_path / f"a.{ext}", tmp_path / f"b.{ext}"
    base = [str(questions_file), "--operators", OPS, "--seed", "9"]
    assert main(["-q", "augment", *base, "-o", str(out1), "--workers", "1"]) == 0
    assert main(["-q", "augment", *base, "-o", str(out2), "--workers", "2"]) == 0
    assert out1.read_bytes() == out2.read_bytes()
    from paraqd.io import read_table

    df = read_table(out1)
    assert list(df.columns) == TRAIN_COLUMNS  # train-ready by default


def test_cli_provenance_columns(questions_file, tmp_path):
    out = tmp_path / "t.jsonl"
    assert main(["-q", "augment", str(questions_file), "--operators", OPS, "-o", str(out), "--provenance"]) == 0
    from paraqd.io import read_table

    df = read_table(out)
    assert list(df.columns) == TRIPLET_COLUMNS
    assert set(df.question_id.astype(str)) <= {f"q{i}" for i in range(len(QUESTIONS))}


def test_cli_skips_unavailable_operators_with_one_warning_each(questions_file, tmp_path, caplog):
    """The default operator set runs offline: a missing model is warned about once, not stopped on."""
    import logging

    out = tmp_path / "t.jsonl"
    with caplog.at_level(logging.INFO):
        assert main(["augment", str(questions_file), "-o", str(out), "--operators",
                     OPS + ",test-missing-model"]) == 0
    mentions = [r for r in caplog.records if "nobody/no-such-model" in r.getMessage()]
    assert len(mentions) == 1 and mentions[0].levelname == "WARNING"
    assert out.exists()
    caplog.clear()
    # the deprecated flag still runs, with a deprecation warning
    assert main(["augment", str(questions_file), "-o", str(out), "--operators", OPS + ",test-missing-model",
                 "--skip-unavailable"]) == 0
    assert any("deprecated" in r.getMessage() for r in caplog.records)


def test_augment_output_trains_with_sentence_transformer_trainer(questions_file, tmp_path):
    """`paraqd augment` output goes straight into SentenceTransformerTrainer (no extra columns as inputs)."""
    from datasets import Dataset
    from sentence_transformers import (
        SentenceTransformer,
        SentenceTransformerTrainer,
        SentenceTransformerTrainingArguments,
    )
    from sentence_transformers.sentence_transformer.losses import TripletLoss

    from paraqd.io import read_table
    from paraqd.resources import default_encoder_path

    out = tmp_path / "t.jsonl"
    assert main(["-q", "augment", str(questions_file), "--operators", OPS, "-o", str(out)]) == 0
    model = SentenceTransformer(default_encoder_path(), device="cpu")
    args = SentenceTransformerTrainingArguments(output_dir=str(tmp_path / "run"), max_steps=1,
                                                per_device_train_batch_size=2, report_to=[], save_strategy="no",
                                                use_cpu=True)
    trainer = SentenceTransformerTrainer(model=model, args=args, train_dataset=Dataset.from_pandas(read_table(out)),
                                         loss=TripletLoss(model))
    assert trainer.train().global_step == 1


def test_cli_augment_errors_are_one_line(questions_file, tmp_path, capsys):
    out = tmp_path / "t.jsonl"
    assert main(["augment", str(tmp_path / "nope.jsonl"), "-o", str(out)]) == 2
    err = capsys.readouterr().err.strip()
    assert err.count("\n") == 0 and "no such file" in err
    assert main(["augment", str(questions_file), "-o", str(out), "--question-column", "body"]) == 2
    assert "no column 'body'" in capsys.readouterr().err
    assert main(["augment", str(questions_file), "-o", str(tmp_path / "t.txt")]) == 2
    assert main(["augment", str(questions_file), "-o", str(out), "--operators", OPS + ",test-missing-model",
                 "--strict"]) == 2
    err = capsys.readouterr().err
    assert "nobody/no-such-model" in err and "--strict" in err
    assert not out.exists()


def test_cli_stats_file(questions_file, tmp_path):
    stats = tmp_path / "stats.json"
    assert main(["-q", "augment", str(questions_file), "-o", str(tmp_path / "t.csv"), "--operators", OPS,
                 "--stats", str(stats)]) == 0
    data = json.loads(stats.read_text())
    assert data["questions"] == len(QUESTIONS) and data["coverage"] == 1.0


def test_test_operators_with_a_fitted_operator_run_end_to_end():
    """fc (TF-IDF replacement) is fitted on the raw corpus by the pipeline before rewriting."""
    df = augment(QUESTIONS, operators="fa,fc,fd", per_question="all", seed=2)
    assert set(df["negative_op"]) <= {"tfidf-replacement", "random-deletion"}
    assert "tfidf-replacement" in set(df["negative_op"])
    assert (df["negative"] != df["anchor"]).all()
