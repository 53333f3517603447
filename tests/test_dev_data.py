"""The hand-written GSM8K rewording development set (data/dev/gsm8k_rewordings_labelled.csv) is well formed.

The checks against the GSM8K test split, the evaluation sets and the MathCheck dev set need ``../shared``
and skip when it is absent; the rest runs on the repository alone.
"""

from __future__ import annotations

import csv
import json
import re
import sys
from collections import Counter
from pathlib import Path

import pytest

REPO_ROOT = Path(__file__).resolve().parents[1]
SHARED_DIR = REPO_ROOT.parent / "shared"
DEV_FILE = REPO_ROOT / "data" / "dev" / "gsm8k_rewordings_labelled.csv"
COLUMNS = ["question", "paraphrase", "operator", "label", "kind", "question_id"]


def _normalise(text: str) -> str:
    return re.sub(r"\s+", " ", text.replace("’", "'")).strip().lower()


@pytest.fixture(scope="module")
def rows() -> list[dict[str, str]]:
    with open(DEV_FILE, encoding="utf-8", newline="") as fh:
        reader = csv.DictReader(fh)
        assert reader.fieldnames == COLUMNS
        return list(reader)


def test_file_parses_with_enough_rows_and_valid_fields(rows):
    assert len(rows) >= 300
    for row in rows:
        assert row["operator"] == "hand"
        assert row["label"] in {"0", "1"}
        assert row["kind"].split(":")[0] == ("valid" if row["label"] == "1" else "invalid"), row
        assert re.fullmatch(r"gsm8k-train-\d+", row["question_id"]), row["question_id"]
        assert row["question"].strip() and row["paraphrase"].strip()
        assert _normalise(row["question"]) != _normalise(row["paraphrase"])


def test_labels_are_balanced_and_come_in_pairs_per_question(rows):
    share_valid = sum(row["label"] == "1" for row in rows) / len(rows)
    assert 0.4 <= share_valid <= 0.6
    labels_per_question = Counter()
    for row in rows:
        labels_per_question[(row["question_id"], row["label"])] += 1
    ids = {row["question_id"] for row in rows}
    assert all(labels_per_question[(qid, "1")] == 1 and labels_per_question[(qid, "0")] == 1 for qid in ids)


def test_no_duplicate_pairs(rows):
    pairs = [(_normalise(row["question"]), _normalise(row["paraphrase"])) for row in rows]
    assert len(set(pairs)) == len(pairs)
    assert len({_normalise(row["paraphrase"]) for row in rows}) == len(rows)


def test_one_question_text_per_id(rows):
    texts = {}
    for row in rows:
        assert texts.setdefault(row["question_id"], row["question"]) == row["question"]


def _shared(path: str) -> Path:
    full = SHARED_DIR / "data" / path
    if not full.exists():
        pytest.skip(f"shared data not found at {full}")
    return full


def test_questions_are_gsm8k_train_questions_with_their_ids(rows):
    train = {}
    with open(_shared("questions/gsm8k_train.jsonl"), encoding="utf-8") as fh:
        for line in fh:
            record = json.loads(line)
            train[record["id"]] = record["question"]
    for row in rows:
        assert train[row["question_id"]] == row["question"]


def test_no_question_from_gsm8k_test(rows):
    with open(_shared("questions/gsm8k_test.jsonl"), encoding="utf-8") as fh:
        test_questions = {_normalise(json.loads(line)["question"]) for line in fh if line.strip()}
    assert len(test_questions) > 1000
    questions = {_normalise(row["question"]) for row in rows}
    assert not questions & test_questions
    assert not any(q in t or t in q for q in questions for t in test_questions)


@pytest.mark.parametrize("path", ["eval/AQUA_test.csv", "eval/SAWP_test.csv", "dev/mathcheck_dev.csv"])
def test_no_question_or_paraphrase_from_evaluation_or_mathcheck_data(rows, path):
    csv.field_size_limit(sys.maxsize)
    with open(_shared(path), encoding="utf-8", newline="") as fh:
        table = list(csv.DictReader(fh))
    assert table
    held_out = {_normalise(t) for r in table for t in (r["question"], r["augmented"]) if t}
    ours = {_normalise(row[column]) for row in rows for column in ("question", "paraphrase")}
    assert not ours & held_out
    # no held-out question contains one of ours or the reverse (a question quoted inside a longer text)
    questions = {_normalise(row["question"]) for row in rows}
    assert not any(q in h or h in q for q in questions for h in held_out if len(h) > 40)
