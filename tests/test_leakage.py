"""One question key and one leakage filter: every guard (training recipes, bench pool, pairs --exclude) agrees."""

from __future__ import annotations

import pandas as pd
from hypothesis import given
from hypothesis import strategies as st

from paraqd.bench import QuestionPool
from paraqd.evaluation import LabelledPairs
from paraqd.leakage import LeakageFilter, question_key
from paraqd.pairs.data import read_exclusions
from paraqd.training.data import banned_questions

QUESTION = "Tom has 3 apples. How many apples?"
# full-width digit (NFKC), other case, other spacing: the same question for every guard
VARIANTS = ["TOM has \uff13 apples.  How many apples?", "  tom has 3 apples.\nHow many APPLES? "]


@given(st.text(max_size=40))
def test_key_ignores_case_and_spacing(text):
    key = question_key(text)
    assert question_key(f"  {text.upper()}  ") == question_key(text.upper())
    assert key == key.strip() and "  " not in key


def test_key_is_nfkc_casefold_whitespace():
    assert question_key("  Stra\u00dfe \uff11\u00a0KM\n") == "strasse 1 km"
    assert {question_key(v) for v in VARIANTS} == {question_key(QUESTION)}


def test_filter_drops_in_order_and_counts():
    guard = LeakageFilter([QUESTION, None, "  ", 3])
    assert len(guard) == 1 and all(v in guard for v in VARIANTS) and 3 not in guard
    assert guard.drop(["Ann has 2 pens.", *VARIANTS, "Bob"]) == (["Ann has 2 pens.", "Bob"], 2)


def test_every_guard_uses_the_same_key(tmp_path):
    evaluation = tmp_path / "eval.csv"
    pd.DataFrame({"question": [QUESTION], "paraphrase": ["Tom owns 3 apples. How many?"], "label": [1]}).to_csv(
        evaluation, index=False)
    pool = tmp_path / "pool.jsonl"
    others = [f"Question number {i} about pears?" for i in range(4)]
    pd.DataFrame({"question": [*VARIANTS, *others]}).to_json(pool, orient="records", lines=True)
    recipes = banned_questions([evaluation])
    pairs = read_exclusions([evaluation])
    assert all(v in recipes and v in pairs for v in VARIANTS)
    built = QuestionPool.build([str(pool)], [LabelledPairs.read(evaluation)], limit=None, validation=0, seed=1)
    assert built.stats["dropped_eval_overlap"] == 2 and sorted(built.train) == sorted(others)



def test_the_recipes_exclude_every_dev_file_of_the_checkout():
    from pathlib import Path

    from paraqd.training.data.building import source_dev_files

    dev = Path(__file__).resolve().parents[1] / "data" / "dev"
    found = set(source_dev_files())
    assert {p.resolve() for p in found} == {p.resolve() for p in dev.glob("**/*.csv")}
    names = {p.name for p in found}
    assert {"rewordings_check.csv", "rewordings_styles_gsm8k_blind.csv", "aqua_dev_labelled.csv",
            "rewordings_llm_gate.csv"} <= names
