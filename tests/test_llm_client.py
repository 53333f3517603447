"""paraqd.llm without a scorer: the client against a fake server on 127.0.0.1 (retries, budget, errors), the cache,
the cleaning of completions, the judge's verdicts. Nothing here touches the network."""

from __future__ import annotations

import socket

import numpy as np
import pytest
from fake_llm import FakeLLM
from hypothesis import given
from hypothesis import strategies as st

from paraqd.llm.cache import CompletionCache, completion_key
from paraqd.llm.client import BadCompletion, EndpointError, RewordClient, display_url, retry_after_seconds
from paraqd.llm.judge import Judge, parse_verdict
from paraqd.llm.rewording import clean_completion

Q = "Tom has 3 apples and buys 2 more. How many apples does he have now?"
CANNED = {Q: ["Tom owns 3 apples and then buys 2 more. How many apples does he have now?",
              "Tom has 5 apples and buys 2 more. How many apples does he have now?"]}
SECRET = "sk-test-0123456789-secret"


def client(server: FakeLLM, **kwargs) -> RewordClient:
    kwargs.setdefault("backoff_s", 0.01)
    kwargs.setdefault("read_timeout", 5.0)
    return RewordClient(server.url, kwargs.pop("model", "fake-model"), **kwargs)


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def test_one_completion_per_request_with_its_seed_and_temperature():
    with FakeLLM(CANNED) as server, client(server, api_key=SECRET) as llm:
        assert llm.complete(f"Reword: {Q}", seed=1, temperature=0.3) == CANNED[Q][1]
        body = server.requests[0]["body"]
        assert (body["seed"], body["temperature"], body["n"], body["model"]) == (1, 0.3, 1, "fake-model")
        assert server.requests[0]["headers"]["Authorization"] == f"Bearer {SECRET}"
        assert SECRET not in repr(llm)


@pytest.mark.parametrize("faults", [["429"], ["500"], ["500", "429", "500"], ["timeout"]])
def test_transient_failures_are_retried_until_an_answer_comes(faults):
    with FakeLLM(CANNED, slow_s=1.0) as server, client(server, read_timeout=0.3) as llm:
        server.fail(*faults)
        assert llm.complete(Q, seed=0) == CANNED[Q][0]
        assert server.completions() == len(faults) + 1
        assert llm.requests_sent == len(faults) + 1


def test_failures_past_the_retries_end_in_one_endpoint_error():
    with FakeLLM(CANNED) as server, client(server, retries=2) as llm:
        server.fail("500", "500", "500", "500")
        with pytest.raises(EndpointError, match=r"answered 500 .* after 3 attempts"):
            llm.complete(Q, seed=0)


@pytest.mark.parametrize("fault, why", [("empty", "empty completion"), ("malformed", "malformed JSON"),
                                        ("no-choices", "no message")])
def test_a_bad_completion_is_its_own_error_not_a_crash(fault, why):
    with FakeLLM(CANNED) as server, client(server) as llm:
        server.fail(fault)
        with pytest.raises(BadCompletion, match=why):
            llm.complete(Q, seed=0)
        assert llm.complete(Q, seed=0) == CANNED[Q][0]  # and the next one is fine


def test_a_refused_key_is_one_line_without_the_key():
    with FakeLLM(CANNED, key="sk-the-right-one") as server, client(server, api_key=SECRET) as llm:
        with pytest.raises(EndpointError) as err:
            llm.complete(Q, seed=0)
    message = str(err.value)
    assert "refused the API key (401" in message and "\n" not in message
    assert SECRET not in message and err.value.exit_code == 1


def test_an_unknown_model_and_a_wrong_path_are_named():
    with FakeLLM(CANNED) as server:
        with client(server, model="no-such-model") as llm, pytest.raises(EndpointError, match="does not serve the "
                                                                                              "model 'no-such-model'"):
            llm.complete(Q, seed=0)
        wrong = RewordClient(server.url.removesuffix("/v1"), "fake-model")
        with pytest.raises(EndpointError, match="ends in /v1"):
            wrong.complete(Q, seed=0)


def test_an_unreachable_endpoint_fails_fast_with_one_line():
    llm = RewordClient(f"http://user:pw@127.0.0.1:{free_port()}/v1", "m", backoff_s=0.01)
    with pytest.raises(EndpointError) as err:
        llm.complete(Q, seed=0)
    assert "cannot reach http://127.0.0.1:" in str(err.value) and "pw" not in str(err.value)
    assert llm.requests_sent == 2  # one retry only until the endpoint has answered once


def test_map_keeps_concurrency_bounded_and_stops_at_the_budget():
    with FakeLLM(CANNED) as server, client(server, max_requests=5, concurrency=2) as llm:
        server.fail("429")  # a retry counts against the budget
        results = list(llm.map(lambda seed: llm.complete(Q, seed=seed), range(10)))
        assert server.completions() == 5 and llm.budget_spent
        assert len(results) == 4 and all(isinstance(r, str) for _, r in results)


def test_map_yields_bad_completions_and_raises_endpoint_errors():
    with FakeLLM(CANNED) as server, client(server) as llm:
        server.fail("empty")
        outcomes = [r for _, r in llm.map(lambda seed: llm.complete(Q, seed=seed), range(3))]
        assert sum(isinstance(r, BadCompletion) for r in outcomes) == 1
    with FakeLLM(CANNED) as server, client(server, model="other") as llm:
        with pytest.raises(EndpointError):
            list(llm.map(lambda seed: llm.complete(Q, seed=seed), range(3)))


def test_retry_after_reads_seconds_and_dates():
    assert retry_after_seconds("2") == 2.0
    assert retry_after_seconds(None) is None and retry_after_seconds("soon") is None
    assert 0 <= retry_after_seconds("Wed, 21 Oct 2015 07:28:00 GMT") <= 1  # in the past: now
    assert retry_after_seconds("100000") == 300.0  # capped


def test_display_url_drops_credentials():
    assert display_url("https://me:secret@api.example.com:8443/v1") == "https://api.example.com:8443/v1"


def test_cache_keys_depend_on_every_field_and_survive_reopening(tmp_path):
    fields = ("http://h/v1", "m", "p {question}", Q, 1, 0.8)
    key = completion_key(*fields)
    for i, other in enumerate(["http://x/v1", "m2", "p2 {question}", "other", 2, 0.7]):
        changed = list(fields)
        changed[i] = other
        assert completion_key(*changed) != key
    assert completion_key("http://u:pw@h/v1/", *fields[1:]) == key  # credentials and a trailing / do not count
    cache = CompletionCache(tmp_path / "c" / "completions.sqlite")
    cache.put(key, "text")
    cache.close()
    again = CompletionCache(tmp_path / "c" / "completions.sqlite")
    assert again.get(key) == "text" and len(again) == 1


@pytest.mark.parametrize("raw, clean", [
    ('  "Tom owns 3 pens."  ', "Tom owns 3 pens."),
    ("Paraphrase: Tom owns 3 pens.", "Tom owns 3 pens."),
    ("Here is the reworded problem:\n\nTom owns 3 pens.", "Tom owns 3 pens."),
    ("Sure! Here's a rewording of the problem: “Tom owns 3 pens.”", "Tom owns 3 pens."),
    ("**Reworded problem:** Tom owns 3 pens.", "Tom owns 3 pens."),
    ("<think>numbers stay</think>\nTom owns 3 pens.\n\nNote: I kept the number.", "Tom owns 3 pens."),
    ('Tom says "hi" to 3 friends.', 'Tom says "hi" to 3 friends.'),
    ("   ", ""),
])
def test_clean_completion(raw, clean):
    assert clean_completion(raw) == clean


WRAPPERS = ['"{}"', "Paraphrase: {}", "Here is the reworded problem:\n\n{}", "  “{}”  ", "**Rewording:** {}",
            "Reworded question: '{}'", "{}"]


@given(st.text(alphabet="abcdefgh 0123456789.,?$%", min_size=1, max_size=60), st.sampled_from(WRAPPERS))
def test_clean_completion_recovers_any_wrapped_problem(body, wrapper):
    text = f"Tom {body}".strip()
    assert clean_completion(wrapper.format(text)) == text


def test_parse_verdict_reads_json_and_words():
    assert parse_verdict('Sure: {"valid": "invalid", "reason": "the 3 became 5"}') == (False, "the 3 became 5")
    assert parse_verdict("<think>hmm</think>```json\n{\"valid\": true}\n```").valid is True
    assert parse_verdict("Yes, it keeps everything.").valid is True
    with pytest.raises(BadCompletion):
        parse_verdict("It depends.")


def test_judge_decides_only_the_band_within_its_budget(tmp_path):
    questions = [Q] * 5
    rewordings = [f"rewording {i}" for i in range(5)]
    scores = np.array([0.9, 0.54, 0.42, 0.52, -1.0])
    verdicts = {"rewording 1": '{"valid": false, "lost_or_changed": "the 3 became 5"}',
                "rewording 2": "not a verdict"}
    cache = CompletionCache(tmp_path / "c.sqlite")
    with FakeLLM(CANNED, verdicts=verdicts) as server:
        judge = Judge(client(server), band=0.1, max_calls=2, cache=cache)
        valid, decided, notes = judge.decide(questions, rewordings, scores, 0.5)
        # the band holds 1, 2, 3; the two nearest the threshold (3: 0.02, 1: 0.04; not 2: 0.08) are asked
        assert decided == ["checks", "judge", "checks", "judge", "checks"]
        assert valid.tolist() == [True, False, False, True, False]
        assert notes[1] == "the 3 became 5"
        assert judge.stats == {"in_band": 3, "asked": 2, "decided": 2, "changed": 1, "unreadable": 0}
        assert server.completions() == 2
        again = Judge(client(server), band=0.1, max_calls=2, cache=cache)
        assert again.decide(questions, rewordings, scores, 0.5)[1] == decided
        assert server.completions() == 2  # from the cache


def test_reword_is_the_function_wherever_it_is_imported_from():
    import paraqd
    import paraqd.cli.reword  # noqa: F401
    import paraqd.llm
    import paraqd.llm.rewording
    from paraqd.llm import reword

    assert callable(reword) and paraqd.reword is reword and paraqd.llm.reword is reword
