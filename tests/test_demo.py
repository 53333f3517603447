"""`paraqd demo`, the README's main job, runs offline end to end."""

import pandas as pd
import pytest

from paraqd.cli import main


@pytest.mark.slow
def test_demo_writes_triplets_and_explained_scores(tmp_path, capsys):
    assert main(["-q", "demo", "--output", str(tmp_path)]) == 0
    triplets = pd.read_json(tmp_path / "triplets.jsonl", lines=True)
    assert len(triplets) == 20 and (triplets.anchor != triplets.negative).all()
    scored = pd.read_csv(tmp_path / "scored.csv", keep_default_na=False)
    assert {"cosine", "score", "valid", "reasons"} <= set(scored.columns)
    assert (scored.score <= scored.cosine + 1e-6).all()
    # every hand-labelled invalid candidate of the sample is caught by the hybrid score
    assert not scored[scored.expected == 0].valid.astype(bool).any()
    out = capsys.readouterr().out
    assert "[1/2] augment" in out and "[2/2] score" in out
