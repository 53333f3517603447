"""Transitive closure of labelled pairs: the issue's example, properties, contradictions, the CLI."""

from __future__ import annotations

import itertools

import pandas as pd
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from paraqd.cli import main
from paraqd.errors import InputError
from paraqd.pairs.closure import transitive_closure
from paraqd.pairs.data import LabelledPair as P
from paraqd.pairs.data import read_labelled_pairs


def as_set(df: pd.DataFrame) -> set[tuple[frozenset, int, int]]:
    return {(frozenset((a, b)), y, d) for a, b, y, d in df[["text_a", "text_b", "label", "distance"]].itertuples(index=False)}


def test_issue_example_exactly():
    result = transitive_closure([P("A", "B", 1), P("B", "C", 1), P("C", "D", 0)])
    new = as_set(result.pairs[result.pairs["distance"] > 0])
    assert new == {(frozenset("AC"), 1, 1), (frozenset("AD"), 0, 2), (frozenset("BD"), 0, 1)}
    assert as_set(result.pairs[result.pairs["distance"] == 0]) == {
        (frozenset("AB"), 1, 0), (frozenset("BC"), 1, 0), (frozenset("CD"), 0, 0)}
    assert result.contradictions == []
    assert result.counts() == {(1, 0): 2, (1, 1): 1, (0, 0): 1, (0, 1): 1, (0, 2): 1}


def test_chain_distances_follow_the_paper_and_max_distance_cuts():
    chain = [P("A", "B", 1), P("B", "C", 1), P("C", "D", 1)]
    got = as_set(transitive_closure(chain).pairs)
    assert (frozenset("AC"), 1, 1) in got and (frozenset("BD"), 1, 1) in got and (frozenset("AD"), 1, 2) in got
    cut = transitive_closure(chain, max_distance=1).pairs
    assert cut["distance"].max() == 1 and len(cut) == 5
    assert len(transitive_closure(chain, max_distance=0).pairs) == 3


def test_no_negatives_option():
    result = transitive_closure([P("A", "B", 1), P("B", "C", 0)], negatives=False)
    assert set(result.pairs["label"]) == {0, 1} and len(result.pairs) == 2  # inputs only


def test_contradictions_are_reported_and_policy_applies():
    pairs = [P("A", "B", 1), P("B", "C", 1), P("A", "C", 0)]
    dropped = transitive_closure(pairs)
    assert {frozenset((c.text_a, c.text_b)) for c in dropped.contradictions} == {
        frozenset("AC"), frozenset("AB"), frozenset("BC")}
    assert len(dropped.pairs) == 3  # only the inputs survive, as given
    kept = transitive_closure(pairs, on_contradiction="keep")
    assert len(kept.pairs) == 6
    with pytest.raises(InputError, match="contradictory"):
        transitive_closure(pairs, on_contradiction="error")


def test_exclusion_guard_drops_generated_pairs_only():
    result = transitive_closure([P("A", "B", 1), P("B", "C", 1), P("C", "D", 0)], exclude={"D"})
    assert result.excluded == 2
    assert all("D" not in (a, b) for a, b in result.pairs.loc[result.pairs["distance"] > 0, ["text_a", "text_b"]]
               .itertuples(index=False))
    assert ("C", "D") in set(result.pairs[["text_a", "text_b"]].itertuples(index=False, name=None))


def test_whitespace_variants_are_one_text_and_repeats_are_kept_once():
    result = transitive_closure([P("A  x", "B", 1), P(" A x", "C", 1), P("B", "A x", 1)])
    assert len(result.pairs) == 3  # A~B, A~C (B~A repeated) + B~C
    assert as_set(result.pairs[result.pairs["distance"] > 0]) == {(frozenset(("B", "C")), 1, 1)}


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 7), st.integers(0, 7), st.integers(0, 1)), max_size=14))
def test_positives_equal_connected_components(edges):
    pairs = [P(f"t{a}", f"t{b}", y) for a, b, y in edges]
    result = transitive_closure(pairs, negatives=False, on_contradiction="keep")
    # reference: components of the duplicate graph by repeated relaxation
    comp = {f"t{i}": i for i in range(8)}
    changed = True
    while changed:
        changed = False
        for a, b, y in edges:
            if y and comp[f"t{a}"] != comp[f"t{b}"]:
                lo = min(comp[f"t{a}"], comp[f"t{b}"])
                for k, v in comp.items():
                    if v in (comp[f"t{a}"], comp[f"t{b}"]):
                        comp[k] = lo
                changed = True
    seen = {t for a, b, _ in edges for t in (f"t{a}", f"t{b}") if a != b}
    expected = {frozenset((x, y)) for x, y in itertools.combinations(sorted(seen), 2) if comp[x] == comp[y]}
    got = {frozenset((a, b)) for a, b, y in result.pairs[["text_a", "text_b", "label"]].itertuples(index=False) if y}
    assert got == expected
    assert not result.pairs.duplicated(["text_a", "text_b", "label"]).any()


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 6), st.integers(0, 6), st.integers(0, 1)), max_size=12))
def test_generated_negatives_are_sound(edges):
    pairs = [P(f"t{a}", f"t{b}", y) for a, b, y in edges]
    result = transitive_closure(pairs, on_contradiction="keep")
    positives = {frozenset((a, b)) for a, b, y in result.pairs[["text_a", "text_b", "label"]].itertuples(index=False)
                 if y}
    def dup(x, y):
        return x == y or frozenset((x, y)) in positives
    inputs_neg = [(f"t{a}", f"t{b}") for a, b, y in edges if not y and a != b]
    for a, b, y, d in result.pairs.itertuples(index=False):
        if y == 0 and d > 0:  # each generated negative is backed by an input negative between the groups
            assert any((dup(a, x) and dup(b, z)) or (dup(a, z) and dup(b, x)) for x, z in inputs_neg)


def test_read_pairs_detects_qqp_columns(tmp_path):
    path = tmp_path / "qqp.csv"
    pd.DataFrame({"id": [1], "question1": ["a?"], "question2": ["b?"], "is_duplicate": [1]}).to_csv(path, index=False)
    assert read_labelled_pairs(path) == [P("a?", "b?", 1)]


def test_cli_closure_writes_distance_and_reports(tmp_path, caplog):
    src = tmp_path / "pairs.jsonl"
    pd.DataFrame({"q1": ["A", "B", "C"], "q2": ["B", "C", "D"], "dup": [1, 1, 0]}).to_json(src, orient="records",
                                                                                          lines=True)
    ev = tmp_path / "eval.csv"
    pd.DataFrame({"question": ["unrelated"], "augmented": ["x"], "final_label": [1]}).to_csv(ev, index=False)
    out = tmp_path / "out.csv"
    code = main(["pairs", "closure", str(src), "-o", str(out), "--text-a", "q1", "--text-b", "q2",
                 "--label", "dup", "--exclude", str(ev)])
    assert code == 0
    df = pd.read_csv(out)
    assert list(df.columns) == ["text_a", "text_b", "label", "distance"]
    assert len(df) == 6 and sorted(df["distance"].tolist()) == [0, 0, 0, 1, 1, 2]


def test_cli_closure_contradictions_file_and_errors(tmp_path, capsys):
    src = tmp_path / "pairs.csv"
    pd.DataFrame({"text_a": ["A", "B", "A"], "text_b": ["B", "C", "C"], "label": [1, 1, 0]}).to_csv(src, index=False)
    report = tmp_path / "contra.csv"
    assert main(["pairs", "closure", str(src), "-o", str(tmp_path / "o.csv"), "--contradictions", str(report)]) == 0
    assert len(pd.read_csv(report)) == 3
    assert main(["pairs", "closure", str(src), "-o", str(tmp_path / "o.csv"), "--on-contradiction", "error"]) != 0
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "contradictory" in err[0]
    assert main(["pairs", "closure", str(tmp_path / "missing.csv"), "-o", str(tmp_path / "o.csv")]) != 0
