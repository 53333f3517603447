"""Properties of the rewording (p1-p4) and subtle-negative (n1-n4) train operators on real word problems.

Positives keep every numeric value (p1, p2, p3) or every value as a value (p4: 75% and 3/4 both read 0.75 of a
whole); negatives change exactly what they claim: n1 one value, n2 one added sentence, n3 the final question,
n4 a statement with a number. Every operator is deterministic under its seed.
"""

from __future__ import annotations

import os
import random
import re
from collections import Counter
from fractions import Fraction

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from paraqd.analysis.document import tidy_spacing
from paraqd.operators import create_operator, get_operator_class
from paraqd.operators.equal_values import PERCENT_WORDS
from paraqd.operators.number_perturbation import nearby_value
from paraqd.operators.request_form import past_tense, third_person

SETTINGS = settings(max_examples=40, deadline=None, derandomize=True,
                    suppress_health_check=[HealthCheck.too_slow])
NEW = ["p1", "p2", "p3", "p4", "n1", "n2", "n3", "n4"]


def draw(data, question_pool, parse):
    doc = parse(data.draw(st.sampled_from(question_pool), label="question"))
    return doc, data.draw(st.integers(0, 2**16), label="seed")


def rewritten(data, question_pool, parse, key):
    """A question drawn from the pool and what operator ``key`` writes of it under a drawn seed (``None`` where it
    does not apply)."""
    doc, seed = draw(data, question_pool, parse)
    return doc, create_operator(key).rewrite(doc, random.Random(seed))


def values(doc):
    return Counter(round(n.value, 6) for n in doc.numbers if n.kind != "ordinal")


def words(text):
    return Counter(re.findall(r"[a-z0-9]+", text.lower()))


@pytest.mark.parametrize("key", NEW)
def test_registered_as_train_operators_with_the_right_polarity(key):
    cls = get_operator_class(key)
    assert cls.stage == "train"
    assert cls.polarity == ("positive" if key.startswith("p") else "negative")


@pytest.mark.parametrize("key", NEW)
@SETTINGS
@given(data=st.data())
def test_deterministic_and_never_a_copy(key, data, question_pool, parse):
    doc, seed = draw(data, question_pool, parse)
    op = create_operator(key)
    out = op.rewrite(doc, random.Random(seed))
    assert out == op.rewrite(doc, random.Random(seed))
    assert out is None or (out and out != tidy_spacing(doc.text))


@pytest.mark.parametrize("key", ["p1", "p2", "p3"])
@SETTINGS
@given(data=st.data())
def test_rewordings_keep_every_number(key, data, question_pool, parse):
    doc, out = rewritten(data, question_pool, parse, key)
    if out is not None:
        assert values(parse(out)) == values(doc)


@SETTINGS
@given(data=st.data())
def test_p1_renames_one_person_everywhere(data, question_pool, parse):
    doc, out = rewritten(data, question_pool, parse, "p1")
    if out is None:
        return
    gone = words(doc.text) - words(out)
    added = words(out) - words(doc.text)
    assert len(gone) == 1 and len(added) == 1
    (old, n_old), (new, n_new) = next(iter(gone.items())), next(iter(added.items()))
    assert n_old == n_new and old not in words(out) and new not in words(doc.text)


@SETTINGS
@given(data=st.data())
def test_p2_only_reorders(data, question_pool, parse):
    doc, out = rewritten(data, question_pool, parse, "p2")
    if out is not None:
        assert words(out) == words(doc.text)


@SETTINGS
@given(data=st.data())
def test_p3_turns_the_question_into_a_request(data, question_pool, parse):
    doc, out = rewritten(data, question_pool, parse, "p3")
    if out is None:
        return
    assert out.endswith(".") and "?" not in out[len(doc.text[:doc.sentences[-1].start].rstrip()):]
    assert re.search(r"(Find|Determine|Calculate|Work out) \S", out)


@SETTINGS
@given(data=st.data())
def test_p4_rewrites_one_value_as_an_equal_one(data, question_pool, parse):
    doc, out = rewritten(data, question_pool, parse, "p4")
    if out is None:
        return
    text = tidy_spacing(doc.text)
    head = len(os.path.commonprefix([text, out]))
    tail = len(os.path.commonprefix([text[head:][::-1], out[head:][::-1]]))
    old, new = text[head:len(text) - tail], out[head:len(out) - tail]
    words_of = {v: k for k, v in PERCENT_WORDS.items()}
    grown = re.search(r"[\w.%/]*" + re.escape(old) + r"[\w.%/ ]*", text[max(0, head - 12):head + len(old) + 12])
    assert new, (old, new)
    if new.strip() in words_of:  # a percentage became words: the old text held that percentage
        assert str(words_of[new.strip()]) in text[max(0, head - 3):head + len(old) + 3]
    elif new.strip().endswith("%"):  # a fraction became a percentage
        pct = int(re.search(r"(\d+)%", out[head - 3:head + len(new) + 1]).group(1))
        assert any(Fraction(f) * 100 == pct for f in re.findall(r"\d+/\d+", text))
    elif "/" in new:
        frac = re.search(r"\d+/\d+", out[max(0, head - 2):head + len(new) + 2]).group(0)
        assert any(abs(float(d) - float(Fraction(frac))) < 1e-9 for d in re.findall(r"\d*\.\d+", text))
    else:
        assert re.search(r"\b(two|three) times\b", out, flags=re.IGNORECASE) and grown is not None


@SETTINGS
@given(data=st.data())
def test_n1_changes_exactly_one_value_a_little(data, question_pool, parse):
    doc, out = rewritten(data, question_pool, parse, "n1")
    if out is None:
        return
    before, after = values(doc), values(parse(out))
    lost, gained = before - after, after - before
    assert sum(lost.values()) == 1 and sum(gained.values()) == 1
    old, new = next(iter(lost)), next(iter(gained))
    assert old != new and abs(new - old) <= max(abs(old) * 0.25, 1) + 1e-9


@SETTINGS
@given(data=st.data())
def test_n2_adds_one_sentence_before_the_question(data, question_pool, parse):
    doc, out = rewritten(data, question_pool, parse, "n2")
    if out is None:
        return
    last = tidy_spacing(doc.sentences[-1].text)
    assert out.endswith(last)
    assert out.startswith(tidy_spacing(doc.text[:doc.sentences[-1].start]))
    assert len(out) > len(doc.text)


@SETTINGS
@given(data=st.data())
def test_n3_keeps_the_story_and_changes_the_question(data, question_pool, parse):
    doc, out = rewritten(data, question_pool, parse, "n3")
    if out is None:
        return
    assert not out.endswith(doc.sentences[-1].text) or len(doc.sentences) == 1
    assert "unknown variable x" in out or words(out) != words(doc.text)


@SETTINGS
@given(data=st.data())
def test_n4_drops_a_stated_number(data, question_pool, parse):
    doc, out = rewritten(data, question_pool, parse, "n4")
    if out is None:
        return
    assert out.endswith(tidy_spacing(doc.sentences[-1].text))
    assert sum((values(doc) - values(parse(out))).values()) >= 1
    assert not values(parse(out)) - values(doc)


def test_inflection_helpers():
    assert [third_person(v) for v in ("have", "watch", "carry", "make", "go")] == \
        ["has", "watches", "carries", "makes", "goes"]
    assert [past_tense(v) for v in ("make", "earn", "carry", "stop", "bake")] == \
        ["made", "earned", "carried", "stopped", "baked"]


def test_nearby_value_keeps_the_form():
    rng = random.Random(0)
    for text in ("16", "2.50", "1,200", "3"):
        new = nearby_value(text, rng, avoid={float(text.replace(",", ""))})
        assert new is not None and new != text
        assert ("." in new) == ("." in text) and len(new.split(".")[-1]) == len(text.split(".")[-1])


def test_examples(analyzer):
    doc = analyzer.analyze("Tom has 12 apples. Mary has 5 pears. How many apples does Tom have?")
    assert create_operator("p3").rewrite(doc, random.Random(1)).endswith("how many apples Tom has.")
    renamed = create_operator("p1").rewrite(doc, random.Random(1))
    assert "Tom" not in renamed and renamed.count("12 apples") == 1
    swapped = create_operator("p2").rewrite(doc, random.Random(1))
    assert swapped == "Mary has 5 pears. Tom has 12 apples. How many apples does Tom have?"
    doc = analyzer.analyze("Ann spends 75% of her 40 dollars. How much is left?")
    assert "three quarters" in create_operator("p4").rewrite(doc, random.Random(0))


def test_extra_operators_stay_out_of_the_default_groups():
    from paraqd.operators import resolve_operator_names

    names = {get_operator_class(k).name for k in NEW}
    assert not names & set(resolve_operator_names("train"))
    assert not names & set(resolve_operator_names(None))
    assert set(resolve_operator_names("extra")) == names
    assert set(resolve_operator_names("extra+negative")) == {get_operator_class(k).name for k in NEW[4:]}
