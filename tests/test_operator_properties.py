"""Properties of the rule-based train operators on real word problems (hypothesis samples the shared pools).

Positives (f2, f3, f4) keep every numeric value and every sentence; f6 removes exactly the last sentence;
f8 removes one or two numbers and keeps the others; f10 changes only unit mentions, each into a different
unit of the same category, and keeps all numbers.
"""

from __future__ import annotations

import random
import re
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from paraqd.analysis import UnitVocabulary
from paraqd.analysis.document import tidy_spacing
from paraqd.operators import create_operator
from paraqd.operators.num2words_op import in_formula

# derandomize: the same examples on every run, so CI never fails on a draw nobody has seen
SETTINGS = settings(max_examples=50, deadline=None, derandomize=True,
                    suppress_health_check=[HealthCheck.too_slow])


def draw(data, question_pool, parse):
    doc = parse(data.draw(st.sampled_from(question_pool), label="question"))
    seed = data.draw(st.integers(0, 2**16), label="seed")
    return doc, random.Random(seed)


def values(doc, ordinals=True):
    return Counter(round(n.value, 6) for n in doc.numbers if ordinals or n.kind != "ordinal")


@pytest.mark.parametrize("key", ["f2", "f3", "f4"])
@SETTINGS
@given(data=st.data())
def test_positives_keep_numbers_and_sentences(key, data, question_pool, parse):
    doc, rng = draw(data, question_pool, parse)
    out = create_operator(key).rewrite(doc, rng)
    if out is None:
        return
    new = parse(out)
    assert values(new) == values(doc)
    assert sentence_count(out) == sentence_count(doc.text)


_SENTENCE_END = re.compile(r"(?<!\bRs)(?<!\bMr)(?<!\bDr)(?<!\bMs)(?<!\bsq)(?<!\bcu)(?<!\bMrs)(?<!\bin)"
                           r"[.?!]+[\"')\]]*\s+(?=\S)", re.IGNORECASE)


def sentence_count(text):
    """Sentences by punctuation, not by the parser: spaCy may segment "ten dollars." and "$10." differently."""
    return len(_SENTENCE_END.findall(text.strip())) + 1


@SETTINGS
@given(data=st.data())
def test_f3_writes_every_number_in_words(data, question_pool, parse):
    doc, rng = draw(data, question_pool, parse)
    out = create_operator("f3").rewrite(doc, rng)
    kept = Counter(n.value for n in doc.numbers if n.written == "digits" and in_formula(doc.text, n))
    if out is None:
        assert all(n.written == "words" for n in doc.numbers if n.value not in kept)
        return
    assert Counter(n.value for n in parse(out).numbers if n.written == "digits") == kept


@SETTINGS
@given(data=st.data())
def test_f6_removes_the_last_sentence(data, question_pool, parse):
    doc, rng = draw(data, question_pool, parse)
    out = create_operator("f6").rewrite(doc, rng)
    sents = doc.sentences
    if len(sents) > 1:
        assert out == tidy_spacing(doc.text[:sents[-2].end])
    elif out is not None:
        assert tidy_spacing(doc.text).startswith(out) and len(out) < len(tidy_spacing(doc.text))


@SETTINGS
@given(data=st.data())
def test_f8_removes_one_or_two_numbers(data, question_pool, parse):
    doc, rng = draw(data, question_pool, parse)
    out = create_operator("f8").rewrite(doc, rng)
    before = values(doc, ordinals=False)
    if out is None:
        assert not before
        return
    after = values(parse(out), ordinals=False)
    removed = before - after
    assert 1 <= sum(removed.values()) <= 2
    assert not after - before


@SETTINGS
@given(data=st.data())
def test_f10_changes_only_units_within_their_category(data, question_pool, parse):
    doc, rng = draw(data, question_pool, parse)
    out = create_operator("f10").rewrite(doc, rng)
    if out is None:
        return
    vocab = UnitVocabulary.default()
    pieces, pos = [], 0
    for u in doc.units:
        pieces.append(doc.text[pos:u.start])
        pos = u.end
    pieces.append(doc.text[pos:])
    pieces[0], pieces[-1] = pieces[0].lstrip(), pieces[-1].rstrip()
    match = re.fullmatch("(.+?)".join(_spacing_tolerant(p) for p in pieces), out, flags=re.DOTALL)
    assert match, "text outside the unit mentions changed"
    changed = 0
    for u, new in zip(doc.units, match.groups()):
        if new == u.text:
            continue
        changed += 1
        unit = vocab.get(new)
        assert unit is not None and unit.category == u.category and unit.name != u.unit.name
    assert changed >= 1
    assert values(parse(out)) == values(doc)


def _spacing_tolerant(piece):
    """A regex for ``piece`` that tolerates ``tidy_spacing`` (runs of spaces collapsed, none before
    punctuation or at either end of the text). Spaces an operator adds next to a unit end up in the groups."""
    chunks = [c for c in re.split(r"(\s+)", piece) if c]
    out = []
    for i, chunk in enumerate(chunks):
        if not chunk.isspace():
            out.append(re.escape(chunk))
            continue
        nxt = chunks[i + 1][:1] if i + 1 < len(chunks) else ""
        out.append(r"\s*" if nxt in (",", ".", "?", "!", ";", ":") else r"\s+")
    return "".join(out)
