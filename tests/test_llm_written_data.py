"""The LLM-written rewordings are well formed and each file shares no question with any other data file: the
training pairs (data/train/rewordings_llm_train.csv, session 15) with no development, blind, gate or evaluation
file, so a model trained on them can be measured on those; the gate pairs (data/dev/gate/rewordings_llm_gate.csv,
session 16) with no other development, training or evaluation file, so they stay text no rule was written on;
the fresh blind pairs (data/dev/blind/rewordings_llm_fresh_blind.csv, session 17) and the new-styles blind pairs
(data/dev/blind/rewordings_llm_newstyles_blind.csv, session 21) likewise, scored once per release.
None shares a question with GSM8K test.

The checks against ../shared skip when it is absent; the rest runs on the repository alone.
"""

from __future__ import annotations

import csv
import json
import sys
from collections import Counter

import pytest
from shared_data import REPO_ROOT, normalise, shared

#: each file and the fewest rows it has
FILES = {"data/train/rewordings_llm_train.csv": 1700, "data/dev/gate/rewordings_llm_gate.csv": 1300,
         "data/dev/blind/rewordings_llm_fresh_blind.csv": 500,
         "data/dev/blind/rewordings_llm_newstyles_blind.csv": 490}
COLUMNS = ["question", "augmented", "final_label", "kind", "family", "source", "why"]


@pytest.fixture(scope="module", params=sorted(FILES))
def data_file(request) -> str:
    return request.param


@pytest.fixture(scope="module")
def rows(data_file) -> list[dict[str, str]]:
    with open(REPO_ROOT / data_file, encoding="utf-8", newline="") as fh:
        reader = csv.DictReader(fh)
        assert reader.fieldnames == COLUMNS
        return list(reader)


def test_rows_are_well_formed_and_balanced_per_question(rows, data_file):
    assert len(rows) >= FILES[data_file]
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
        with open(shared(f"questions/{name}"), encoding="utf-8") as fh:
            pools[name] = {record["id"]: record["question"] for record in map(json.loads, fh)}
    for row in rows:
        pool, _, qid = row["source"].partition(":")
        assert pools[pool][qid] == row["question"], row["source"]


def test_no_question_of_any_other_data_file_nor_of_gsm8k_test(rows, data_file):
    csv.field_size_limit(sys.maxsize)
    ours = {normalise(row["question"]) for row in rows}
    held: set[str] = set()
    files = [*(REPO_ROOT / "data" / "dev").glob("**/*.csv"), *(REPO_ROOT / "data" / "train").glob("*.csv"),
             *shared("dev").glob("*.csv"), *shared("eval").glob("*.csv")]
    for path in files:
        if path == REPO_ROOT / data_file:
            continue
        with open(path, encoding="utf-8", newline="") as fh:
            held |= {normalise(r["question"]) for r in csv.DictReader(fh) if r.get("question")}
    with open(shared("questions/gsm8k_test.jsonl"), encoding="utf-8") as fh:
        held |= {normalise(json.loads(line)["question"]) for line in fh if line.strip()}
    assert len(held) > 3000
    assert not ours & held
    assert not any(q in h or h in q for q in ours for h in held if len(h) > 40)
