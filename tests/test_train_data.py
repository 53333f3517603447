"""The LLM-written training pairs (data/train/rewordings_llm_train.csv) are well formed and share no question with
any development, blind or evaluation file, nor with GSM8K test: a model trained on them can be measured on those.

The checks against ../shared skip when it is absent; the rest runs on the repository alone.
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
SHARED_DATA = REPO_ROOT.parent / "shared" / "data"
TRAIN_FILE = REPO_ROOT / "data" / "train" / "rewordings_llm_train.csv"
COLUMNS = ["question", "augmented", "final_label", "kind", "family", "source", "why"]


def _normalise(text: str) -> str:
    return re.sub(r"\s+", " ", text.replace("’", "'")).strip().lower()


def _shared(path: str) -> Path:
    full = SHARED_DATA / path
    if not full.exists():
        pytest.skip(f"shared data not found at {full}")
    return full


@pytest.fixture(scope="module")
def rows() -> list[dict[str, str]]:
    with open(TRAIN_FILE, encoding="utf-8", newline="") as fh:
        reader = csv.DictReader(fh)
        assert reader.fieldnames == COLUMNS
        return list(reader)


def test_rows_are_well_formed_and_balanced_per_question(rows):
    assert len(rows) >= 1700
    per_question = Counter((row["question"], row["final_label"]) for row in rows)
    assert {label for _, label in per_question} == {"0", "1"}
    assert all(count == 3 for count in per_question.values())
    for row in rows:
        assert row["augmented"].strip() and row["augmented"].strip() != row["question"].strip()
        assert row["kind"].split("/")[0] == row["family"], row["kind"]
        assert row["why"].strip()
    assert len({(row["question"], row["augmented"]) for row in rows}) == len(rows)


def test_valid_rewordings_of_one_question_use_different_styles(rows):
    styles: dict[str, list[str]] = {}
    for row in rows:
        if row["final_label"] == "1":
            styles.setdefault(row["question"], []).append(row["family"])
    assert all(len(set(fams)) == len(fams) == 3 for fams in styles.values())


def test_sources_are_the_pool_questions(rows):
    pools = {}
    for name in ("gsm8k_train.jsonl", "svamp.jsonl"):
        with open(_shared(f"questions/{name}"), encoding="utf-8") as fh:
            pools[name] = {record["id"]: record["question"] for record in map(json.loads, fh)}
    for row in rows:
        pool, _, qid = row["source"].partition(":")
        assert pools[pool][qid] == row["question"], row["source"]


def test_no_question_of_a_dev_blind_or_evaluation_file_nor_of_gsm8k_test(rows):
    csv.field_size_limit(sys.maxsize)
    ours = {_normalise(row["question"]) for row in rows}
    held: set[str] = set()
    files = [*(REPO_ROOT / "data" / "dev").glob("**/*.csv"), *_shared("dev").glob("*.csv"),
             *_shared("eval").glob("*.csv")]
    for path in files:
        with open(path, encoding="utf-8", newline="") as fh:
            held |= {_normalise(r["question"]) for r in csv.DictReader(fh) if r.get("question")}
    with open(_shared("questions/gsm8k_test.jsonl"), encoding="utf-8") as fh:
        held |= {_normalise(json.loads(line)["question"]) for line in fh if line.strip()}
    assert len(held) > 3000
    assert not ours & held
    assert not any(q in h or h in q for q in ours for h in held if len(h) > 40)
