"""`paraqd reword` and `paraqd.reword` end to end against a fake OpenAI-compatible server on 127.0.0.1, scored by the
real default scorer (shared across the tests): valid rewordings kept, broken ones rejected with reasons, retries,
the request budget, resuming from the cache, the key never written anywhere."""

from __future__ import annotations

import json
import logging
import socket

import pytest
from fake_llm import FakeLLM
from test_cli_score import fake_model  # noqa: F401  (fixture: the hash encoder)

import paraqd
from paraqd.cli import main
from paraqd.io import read_table
from paraqd.llm.cache import CompletionCache
from paraqd.llm.client import RewordClient
from paraqd.scoring import ParaphraseScorer

Q1 = "Tom has 3 apples and buys 2 more. How many apples does he have now?"
Q2 = "A train travels 60 km in 2 hours. What is its speed in km per hour?"
VALID_A = "Tom owns 3 apples and then buys 2 more. How many apples does he have now?"
VALID_B = "Tom has three apples and buys two more. How many apples does Tom have now?"
CANNED = {
    # with --seed 0, rewording i gets seed i: valid, broken, duplicate, the question itself, valid
    Q1: [f"Paraphrase: {VALID_A}", "Tom has 5 apples and buys 2 more. How many apples does he have now?",
         f'"{VALID_A}"', Q1, f"Here is the reworded problem:\n\n{VALID_B}"],
    # only broken ones (then duplicates of them): Q2 is left without a valid rewording
    Q2: ["A train travels 60 km in 3 hours. What is its speed in km per hour?",
         "A train travels 60 miles in 2 hours. What is its speed in km per hour?"],
}
SECRET = "sk-paraqd-test-key-do-not-write-3141592653"


@pytest.fixture
def scorer(monkeypatch, hybrid_scorer):
    """`ParaphraseScorer.load` gives the session's default scorer (loaded once), with the threshold asked for."""
    original = hybrid_scorer.threshold

    def load(cls, path=None, *, threshold=None, **kwargs):
        hybrid_scorer.threshold = 0.5 if threshold is None else threshold
        return hybrid_scorer

    monkeypatch.setattr(ParaphraseScorer, "load", classmethod(load))
    yield hybrid_scorer
    hybrid_scorer.threshold = original


@pytest.fixture
def bank(tmp_path):
    path = tmp_path / "bank.csv"
    path.write_text(f'id,question\n1,"{Q1}"\n2,"{Q2}"\n3,"{Q1}"\n', encoding="utf-8")
    return path


def reword_args(server, bank, tmp_path, *extra):
    return ["reword", str(bank), "-o", str(tmp_path / "kept.csv"), "--rejected", str(tmp_path / "rejected.jsonl"),
            "--base-url", server.url, "--llm-model", "fake-model", "--seed", "0", "--cache",
            str(tmp_path / "cache.sqlite"), *extra]


def test_reword_keeps_valid_rewordings_and_rejects_broken_ones_with_reasons(scorer, bank, tmp_path, monkeypatch,
                                                                           capsys, caplog):
    monkeypatch.setenv("OPENAI_API_KEY", SECRET)
    caplog.set_level(logging.DEBUG)
    with FakeLLM(CANNED, key=SECRET) as server:
        assert main(reword_args(server, bank, tmp_path, "-vv")) == 0
        assert server.completions() == 10  # 2 distinct questions x 5, one request each
        assert {r["body"]["seed"] for r in server.requests} == {0, 1, 2, 3, 4}
        assert all(r["body"]["temperature"] == 0.8 for r in server.requests)
    kept = read_table(tmp_path / "kept.csv")
    assert list(kept.columns) == ["question", "paraphrase", "score", "rank"]
    assert sorted(kept["paraphrase"]) == sorted([VALID_A, VALID_B]) and set(kept["question"]) == {Q1}
    assert kept["rank"].astype(int).tolist() == [1, 2] and kept["score"].astype(float).is_monotonic_decreasing
    rejected = read_table(tmp_path / "rejected.jsonl")
    assert list(rejected.columns) == ["question", "paraphrase", "score", "reasons"]
    reasons = dict(zip(rejected["paraphrase"], rejected["reasons"]))
    assert reasons == {CANNED[Q1][1]: "critical: the number 3 became 5",  # each reason after its severity
                       CANNED[Q2][0]: "critical: the number 2 became 3", CANNED[Q2][1]: "critical: km became miles"}
    err = capsys.readouterr().err
    assert "2 questions, 10 rewordings wanted: 0 from the cache, 10 new" in err
    assert "5 candidates scored (4 duplicates and 1 copy of the question dropped): 2 kept, 3 rejected" in err
    assert f"1 question with no valid rewording (look at these):\n    - {Q2}" in err
    for path in tmp_path.iterdir():  # outputs and the cache
        assert SECRET.encode() not in path.read_bytes(), path
    assert SECRET not in err and SECRET not in caplog.text and "HTTP Request: POST" in caplog.text  # -vv logs requests


def test_reword_resumes_from_its_cache_and_stops_at_the_request_budget(scorer, bank, tmp_path, capsys):
    with FakeLLM(CANNED) as server:
        assert main(reword_args(server, bank, tmp_path, "--max-requests", "3")) == 0
        assert server.completions() == 3
        err = capsys.readouterr().err
        assert "stopped early: the request budget (3 requests) is spent; 7 rewordings not asked" in err
        assert len(read_table(tmp_path / "kept.csv")) + len(read_table(tmp_path / "rejected.jsonl")) <= 3
        assert main(reword_args(server, bank, tmp_path)) == 0
        assert server.completions() == 10  # only the 7 missing were asked
        assert "3 from the cache, 7 new" in capsys.readouterr().err
        assert main(reword_args(server, bank, tmp_path)) == 0
        assert server.completions() == 10  # everything from the cache
        assert main(reword_args(server, bank, tmp_path, "--temperature", "0.5", "-n", "1")) == 0
        assert server.completions() == 12  # another temperature is another completion
        assert main(reword_args(server, bank, tmp_path, "--no-cache", "-n", "1")) == 0
        assert server.completions() == 14
    assert sorted(read_table(tmp_path / "kept.csv")["paraphrase"]) == [VALID_A]


def test_reword_retries_429_and_500_and_skips_bad_completions(scorer, bank, tmp_path, capsys):
    with FakeLLM(CANNED) as server:
        server.fail("429", "500", "empty", "malformed")
        assert main(reword_args(server, bank, tmp_path, "--no-cache", "-n", "2")) == 0
        assert server.completions() == 6  # 4 rewordings + 2 retries; the bad two are not asked again
    assert "2 new (6 requests), 2 malformed or empty (" in (err := capsys.readouterr().err)
    assert "empty completion: 1" in err and "malformed JSON in the response: 1" in err


def test_reword_on_an_unreachable_endpoint_is_one_line_and_status_1(bank, tmp_path, capsys):
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    code = main(["reword", str(bank), "-o", str(tmp_path / "kept.csv"), "--base-url", f"http://127.0.0.1:{port}/v1",
                 "--llm-model", "m", "--no-cache"])
    err = capsys.readouterr().err.strip()
    assert code == 1 and "\n" not in err
    assert err.startswith(f"paraqd reword: error: cannot reach http://127.0.0.1:{port}/v1")
    assert not (tmp_path / "kept.csv").exists()


def test_reword_with_a_wrong_model_name_stops_before_scoring(bank, tmp_path, capsys):
    with FakeLLM(CANNED) as server:
        code = main(["reword", str(bank), "-o", str(tmp_path / "kept.csv"), "--base-url", server.url,
                     "--llm-model", "gpt-nonexistent", "--no-cache"])
    assert code == 1
    assert "does not serve the model 'gpt-nonexistent'" in capsys.readouterr().err


def test_reword_refuses_a_prompt_without_placeholder(bank, tmp_path, capsys):
    prompt = tmp_path / "prompt.txt"
    prompt.write_text("Reword this problem.", encoding="utf-8")
    assert main(["reword", str(bank), "-o", str(tmp_path / "k.csv"), "--base-url", "http://127.0.0.1:9/v1",
                 "--llm-model", "m", "--prompt", str(prompt)]) == 2
    assert "no {question} placeholder" in capsys.readouterr().err


def test_reword_with_a_judge_records_who_decided(scorer, bank, tmp_path):
    broken = CANNED[Q2][1]
    with FakeLLM(CANNED, verdicts={broken: '{"valid": true, "lost_or_changed": ""}',
                                   VALID_A: '{"valid": false, "lost_or_changed": "the tone"}'}) as server:
        assert main(reword_args(server, bank, tmp_path, "-n", "2", "--judge-model", "fake-model", "--judge-band",
                                "2", "--judge-max-calls", "10")) == 0
    kept, rejected = read_table(tmp_path / "kept.csv"), read_table(tmp_path / "rejected.jsonl")
    assert set(kept["decided_by"]) | set(rejected["decided_by"]) == {"judge"}
    assert broken in set(kept["paraphrase"]) and VALID_A in set(rejected["paraphrase"])
    assert "judge: the tone" in set(rejected["reasons"])


def test_python_api_returns_the_same_records(hybrid_scorer, tmp_path):
    with FakeLLM(CANNED) as server:
        client = paraqd.RewordClient(server.url, "fake-model", backoff_s=0.01)
        assert isinstance(client, RewordClient)
        cache = CompletionCache(tmp_path / "c.sqlite")
        result = paraqd.reword([Q1, Q2, Q1], client=client, n=2, scorer=hybrid_scorer, seed=0, cache=cache)
        assert server.completions() == 4
        assert result.accepted[["question", "paraphrase", "rank"]].values.tolist() == [[Q1, VALID_A, 1]]
        assert result.rejected["paraphrase"].tolist() == [CANNED[Q1][1], *CANNED[Q2]]
        assert result.summary.without_valid == [Q2] and result.summary.kept == 1
        again = paraqd.reword([Q1, Q2], client=client, n=2, scorer=hybrid_scorer, seed=0, cache=cache)
        assert server.completions() == 4 and again.summary.from_cache == 4


def test_score_with_a_judge_overrides_only_the_band(fake_model, tmp_path):  # noqa: F811
    pairs = tmp_path / "pairs.csv"
    pairs.write_text(f'question,paraphrase\n"{Q1}","{VALID_A}"\n"{Q1}","{CANNED[Q1][1]}"\n', encoding="utf-8")
    scores = fake_model.score_pairs([Q1, Q1], [VALID_A, CANNED[Q1][1]])
    band = float(abs(scores[0] - 0.5)) + 1e-3  # the first pair in the band, maybe the second too
    with FakeLLM(CANNED, verdicts={VALID_A: '{"valid": false, "lost_or_changed": "nothing really"}'}) as server:
        assert main(["score", str(pairs), "-o", str(tmp_path / "scored.csv"), "--explain", "--base-url",
                     server.url, "--judge-model", "fake-model", "--judge-band", str(band)]) == 0
    scored = read_table(tmp_path / "scored.csv")
    assert scored["decided_by"][0] == "judge" and scored["valid"][0] == "False"
    assert scored["reasons"][0] == "judge: nothing really"
    in_band = abs(scores[1] - 0.5) <= band
    assert scored["decided_by"][1] == ("judge" if in_band else "checks")


def test_an_interrupted_run_keeps_what_arrived_and_the_rerun_asks_only_the_rest(hybrid_scorer, tmp_path):
    import httpx

    asked = []

    def handler(request):
        body = json.loads(request.content)
        asked.append(body["seed"])
        if len(asked) == 3:
            raise KeyboardInterrupt  # Ctrl-C while the third request is in flight
        question = Q1 if Q1 in body["messages"][0]["content"] else Q2
        content = CANNED[question][body["seed"] % len(CANNED[question])]
        return httpx.Response(200, json={"choices": [{"message": {"role": "assistant", "content": content}}]})

    cache = CompletionCache(tmp_path / "c.sqlite")
    flaky = RewordClient("http://llm.invalid/v1", "m", transport=httpx.MockTransport(handler), concurrency=1)
    with pytest.raises(KeyboardInterrupt):
        paraqd.reword([Q1, Q2], client=flaky, n=2, scorer=hybrid_scorer, seed=0, cache=cache)
    assert len(cache) == 2
    fine = RewordClient("http://llm.invalid/v1", "m", transport=httpx.MockTransport(handler), concurrency=1)
    result = paraqd.reword([Q1, Q2], client=fine, n=2, scorer=hybrid_scorer, seed=0, cache=cache)
    assert len(asked) == 5 and result.summary.from_cache == 2 and result.summary.asked == 2
    assert result.accepted["paraphrase"].tolist() == [VALID_A]


def test_reword_on_bad_row_is_an_error_or_skipped_and_reported(scorer, tmp_path, capsys):
    """issue 27: an empty question stops reword with file, row and column; --on-bad-row skip reports it."""
    bank = tmp_path / "bank.csv"
    bank.write_text(f'id,question\n1,"{Q1}"\n2,"  "\n', encoding="utf-8")
    with FakeLLM(CANNED) as server:
        assert main(reword_args(server, bank, tmp_path)) == 2
        assert "bank.csv: row 2, column 'question' is empty (only whitespace)" in capsys.readouterr().err
        assert server.completions() == 0  # refused before any request
        assert main(reword_args(server, bank, tmp_path, "--on-bad-row", "skip")) == 0
    assert "1 bad row skipped (row 2) -> " in capsys.readouterr().err
    report = read_table(tmp_path / "kept.skipped.csv")
    assert report[["place", "problem"]].values.tolist() == [["row 2", "is empty (only whitespace)"]]
