"""`paraqd bench`: pool hygiene, and every method end to end on tiny models and a tiny budget."""

from __future__ import annotations

import json
from pathlib import Path

import pandas as pd
import pytest

from paraqd.bench import Bench, BenchConfig, QuestionPool, run_bench
from paraqd.cli import main
from paraqd.errors import InputError
from paraqd.evaluation import LabelledPairs
from paraqd.leakage import question_key

try:  # tests/ on sys.path, or tests as a package
    from tiny_models import single_torch_thread, tiny_bert_mlm, tiny_fsmt_pair, tiny_models_dir  # noqa: F401
except ImportError:  # pragma: no cover
    from tests.tiny_models import single_torch_thread, tiny_bert_mlm, tiny_fsmt_pair, tiny_models_dir  # noqa: F401

POOL = [
    "A train covers 300 km in 5 hours. What is the speed of the train in km per hour?",
    "Tom walks 3 miles every day. How many miles does he walk in a week?",
    "Sarah bought 3 apples for $2 each and 4 oranges for $1 each. How much money did she spend?",
    "The price of a shirt was reduced by 25% to Rs. 600. What was the original price of the shirt?",
    "A tank fills in 6 minutes and empties in 9 minutes. How long will it take to fill the tank?",
    "What is the area of a rectangle 12 metres long and 8 metres wide?",
    "John is twice as old as Mary. In 5 years the sum of their ages will be 40. How old is Mary?",
    "A car travels 60 km in 2 hours. How far does it travel in 5 hours at the same speed?",
    "Anna reads 20 pages a day. How many days does she need for a book of 300 pages?",
    "A bag of cat food weighs 7 pounds and 4 ounces. How much does the bag weigh in ounces?",
]
EVAL_QUESTION = "A cart of 20 apples is distributed among 10 students. How much apple does each student get?"


@pytest.fixture
def files(tmp_path) -> tuple[Path, Path]:
    pool = tmp_path / "pool.jsonl"
    # the evaluation question hides in the pool with other spacing and case
    rows = [{"id": i, "question": q} for i, q in enumerate(POOL)]
    rows.append({"id": 99, "question": "  " + EVAL_QUESTION.upper().replace(" ", "  ")})
    pd.DataFrame(rows).to_json(pool, orient="records", lines=True)
    evaluation = tmp_path / "eval.csv"
    pd.DataFrame([
        (EVAL_QUESTION, "20 apples in a cart are shared among 10 students. How much apple does each get?", 1),
        (EVAL_QUESTION, "A cart of apples is distributed among students. How much apple does each get?", 0),
        (POOL[0] + " (test)", "A train covers 300 km in 5 hours. Its speed?", 1),
        (POOL[0] + " (test)", "A train covers km in hours. What is the speed?", 0),
        (POOL[1] + " (test)", "Tom walks a lot every day. How many miles in a week?", 0),
        (POOL[1] + " (test)", "Every day Tom walks 3 miles. How far does he walk in 7 days?", 1),
    ], columns=["question", "augmented", "final_label"]).to_csv(evaluation, index=False)
    return pool, evaluation


def test_pool_drops_evaluation_questions_and_says_how_many(files):
    pool_file, eval_file = files
    pool = QuestionPool.build([pool_file], [LabelledPairs.read(eval_file)], limit=None, validation=2, seed=1)
    assert pool.stats == {"read": 11, "unique": 11, "dropped_eval_overlap": 1, "train": 8, "validation": 2}
    banned = question_key(EVAL_QUESTION)
    assert all(question_key(q) != banned for q in pool.train + pool.validation)
    assert not set(pool.train) & set(pool.validation)
    again = QuestionPool.build([pool_file], [LabelledPairs.read(eval_file)], limit=5, validation=2, seed=1)
    assert again.validation == pool.validation and len(again.train) == 5 and set(again.train) <= set(pool.train)


def test_config_errors(files, tmp_path):
    pool_file, eval_file = files
    with pytest.raises(InputError, match="unknown method"):
        BenchConfig([pool_file], [eval_file], str(tmp_path), methods=("bert",)).validate()
    with pytest.raises(InputError, match="no such file"):
        BenchConfig([tmp_path / "none.jsonl"], [eval_file], str(tmp_path)).validate()
    with pytest.raises(InputError, match="encoders"):
        run_bench(BenchConfig([pool_file], [eval_file], str(tmp_path)), ablations=["encoder"])


def tiny_config(files, out: Path, fsmt, bert, **kw) -> BenchConfig:
    pool_file, eval_file = files
    settings = dict(encoder=bert, questions=8, validation_questions=2, epochs=1, max_steps=2, batch_size=4,
                    max_seq_length=32, paraqd_operators="f2,f3,f6,f8", uda_models=fsmt, ssmba_model=bert, seed=7)
    settings.update(kw)
    return BenchConfig([str(pool_file)], [str(eval_file)], str(out), **settings)


@pytest.mark.slow
def test_every_method_runs_on_tiny_models(files, tmp_path, tiny_fsmt_pair, tiny_bert_mlm):
    out = tmp_path / "bench"
    table = Bench(tiny_config(files, out, tiny_fsmt_pair, tiny_bert_mlm), show_progress_bar=False).table1()
    methods = [key[1] for key, _ in table.rows]
    assert methods == ["Pretrained", "UDA", "UDA (pl)", "SSMBA", "SSMBA (pl)", "ParaQD", "Default scorer (hybrid)"]
    assert all(metrics is not None and metrics["n"] == 6 for _, metrics in table.rows)
    rows = {key[1]: metrics for key, metrics in table.rows}
    # the paper's methods keep the pure cosine; the default scorer is the same untrained encoder, hybrid
    assert rows["Default scorer (hybrid)"]["mu_neg"] < rows["Pretrained"]["mu_neg"]  # numbers dropped: penalised
    for name in ("table1.md", "table1.csv", "table1.json", "bench.json", "scores_eval.png", "confusion_eval.png",
                 "tsne_eval.png"):
        assert (out / name).is_file(), name
    log = json.loads((out / "bench.json").read_text())
    assert log["pool"]["dropped_eval_overlap"] == 1 and log["config"]["seed"] == 7
    assert log["runs"]["uda-pl"]["pseudo_labels"]["positive"] + log["runs"]["uda-pl"]["pseudo_labels"]["negative"] \
        == log["runs"]["uda-pl"]["generated"]
    assert log["runs"]["paraqd"]["steps"] == 2 and "versions" in log and log["wall_seconds"] > 0
    assert log["runs"]["default"]["scorer"] == "hybrid score (penalty rule)"
    md = (out / "table1.md").read_text()
    assert "1 pool questions dropped" in md and "| eval | Pretrained |" in md and "|  | Default scorer (hybrid) |" in md
    assert "the paper's methods are scored with the pure learned cosine" in md
    assert not (out / "work" / "models").exists()           # models removed unless --keep-models


@pytest.mark.slow
def test_missing_models_are_stated_or_skipped(files, tmp_path, monkeypatch):
    monkeypatch.setenv("HF_HUB_OFFLINE", "1")
    out = tmp_path / "bench"
    code = main(["bench", "--pool", str(files[0]), "--eval", str(files[1]), "-o", str(out),
                 "--methods", "uda,ssmba-pl", "--questions", "6", "--epochs", "1", "--max-steps", "1",
                 "--batch-size", "4", "--max-seq-length", "32", "--uda-models", "none", "--no-plots",
                 "--validation-questions", "0"])
    assert code == 0
    md = (out / "table1.md").read_text()
    assert "UDA, TF-IDF replacement only: no translation model" in md
    assert "| eval | UDA |" in md and "|  | SSMBA (pl) | skipped" in md
    assert "SSMBA (pl) skipped: bert-base-uncased is not available here" in md


@pytest.mark.slow
def test_ablations_on_tiny_models(files, tmp_path, tiny_fsmt_pair, tiny_bert_mlm):
    out = tmp_path / "abl"
    config = tiny_config(files, out, tiny_fsmt_pair, tiny_bert_mlm, methods=("paraqd",), plots=False,
                         paraqd_operators="f2,f3,f8", max_steps=1)
    tables = run_bench(config, ablations=["operators", "loss", "seed"])
    table4 = {k[1]: m for k, m in tables["table4"].rows}
    assert list(table4) == ["f2 (same-sentence)", "f3 (num2words)", "f8 (number-deletion)"]
    assert table4["f2 (same-sentence)"] is not None and table4["f8 (number-deletion)"] is None
    assert any("no negative operator would be left" in n for n in tables["table4"].notes)
    assert [k[1] for k, _ in tables["table5"].rows] == ["Triplet", "MultipleNegativesRankingLoss"]
    seeds = [k[1:] for k, m in tables["table6"].rows]
    assert ("7", "ParaQD") in seeds and ("Seed search", "ParaQD") in seeds
    log = json.loads((out / "bench.json").read_text())
    search = log["runs"]["paraqd-seed-search"]["seed_search"]
    assert sorted(map(int, search["validation_separation"])) == [0, 1, 2, 3, 4]
    assert search["best"] in range(5) and search["steps"] == 1
    for name in ("table4", "table5", "table6"):
        assert (out / f"{name}.md").is_file()


@pytest.mark.slow
def test_a_registered_method_runs_by_name(files, tmp_path):
    from paraqd.bench import method_labels, register_method, unregister_method

    seen = []

    @register_method("shout", label="Shouted encoder", paper=False)
    def shout(runner, run, *, seed, encoder, exclude):
        seen.append(len(runner.pool.train))
        run.notes.append("shout: the encoder untrained, default scorer")
        return None  # untrained: the encoder is evaluated as it is

    try:
        assert list(method_labels())[-1] == "shout"
        code = main(["bench", "--pool", str(files[0]), "--eval", str(files[1]), "-o", str(tmp_path / "b"),
                     "--methods", "shout", "--questions", "4", "--validation-questions", "0", "--no-plots"])
        assert code == 0 and seen == [4]
        md = (tmp_path / "b" / "table1.md").read_text()
        assert "| eval | Shouted encoder |" in md and "shout: the encoder untrained" in md
    finally:
        unregister_method("shout")
    with pytest.raises(InputError, match="unknown method"):
        BenchConfig([files[0]], [files[1]], str(tmp_path), methods=("shout",)).validate()
