"""fb: corrupted-sentence reconstruction (positive test operator).

The question is corrupted the way ROTOM's inverse data augmentation does it -- tokens deleted, replaced and
locally shuffled -- but leniently: numbers, units and the last three words (which usually carry what is
asked) are never touched, because a model cannot recover them (paper, appendix A.3). A sequence-to-sequence
model trained to undo the corruption then rewrites it, which yields a paraphrase.

:func:`corrupt` is usable on its own, e.g. to build (corrupted, original) pairs that fine-tune t5-base into
the reconstruction model the paper used (:func:`reconstruction_pairs`).
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Iterator, Sequence

from ..analysis import QuestionDoc
from ..analysis.document import tidy_spacing
from .registry import register_operator
from .seq2seq_paraphrase import Seq2SeqOperator


def protected_tokens(doc: QuestionDoc, keep_last: int = 3) -> set[int]:
    """Indices of the spaCy tokens corruption must leave alone: numbers, units and the last words.

    A token is protected when it overlaps a number or unit mention, or belongs to the tail that starts at
    the ``keep_last``-th last word (punctuation after it, such as the final "?", is protected as well).
    """
    tokens = list(doc.doc)
    spans = [(m.start, m.end) for m in (*doc.numbers, *doc.units)]
    keep = {t.i for t in tokens
            if any(t.idx < end and start < t.idx + len(t.text) for start, end in spans)}
    words = [t.i for t in tokens if not (t.is_punct or t.is_space)]
    if keep_last > 0 and words:
        keep.update(range(words[-min(keep_last, len(words))], len(tokens)))
    return keep


def corrupt(doc: QuestionDoc, rng: random.Random, *, delete_prob: float = 0.1, replace_prob: float = 0.1,
            shuffle_window: int = 3, keep_last: int = 3, vocabulary: Sequence[str] | None = None) -> str | None:
    """Corrupt ``doc`` by deleting, replacing and shuffling its unprotected tokens.

    Each unprotected word is deleted with probability ``delete_prob`` or replaced with probability
    ``replace_prob`` (by a word drawn from ``vocabulary``, default: the question's own words), and one run of
    at most ``shuffle_window`` adjacent unprotected tokens is shuffled. At least one edit is made. Protected
    tokens (see :func:`protected_tokens`) keep their text, their order and their neighbours among protected
    tokens. Returns ``None`` when nothing can be corrupted.
    """
    tokens = [t for t in doc.doc if not t.is_space]
    keep = protected_tokens(doc, keep_last)
    free = [k for k, t in enumerate(tokens) if t.i not in keep and not t.is_punct]
    if not free:
        return None
    vocab = list(vocabulary) if vocabulary else [tokens[k].text for k in free if tokens[k].is_alpha]
    pieces: list[list[str]] = [[t.text, t.whitespace_] for t in tokens]
    deleted: set[int] = set()
    edits = 0
    for k in free:
        u = rng.random()
        if u < delete_prob:
            deleted.add(k)
            edits += 1
        elif u < delete_prob + replace_prob and vocab:
            new = rng.choice(vocab)
            edits += new != pieces[k][0]
            pieces[k] = [new, pieces[k][1] or " "]  # a new word never glues to its neighbour
    # one local shuffle among adjacent unprotected (kept) tokens
    runs = _runs([k for k in free if k not in deleted])
    runs = [r for r in runs if len(r) > 1]
    if runs and shuffle_window > 1:
        run = rng.choice(runs)
        size = min(len(run), shuffle_window)
        start = rng.randrange(len(run) - size + 1)
        window = run[start:start + size]
        words = [pieces[k][0] for k in window]
        rng.shuffle(words)
        edits += words != [pieces[k][0] for k in window]
        for k, w in zip(window, words):
            pieces[k][0] = w
    text = _join(pieces, deleted)
    if not edits or text == tidy_spacing(doc.text):  # edits that cancel out: delete one more token
        remaining = [k for k in free if k not in deleted]
        if remaining:
            deleted.add(rng.choice(remaining))
            text = _join(pieces, deleted)
    return text or None


def _join(pieces: list[list[str]], deleted: set[int]) -> str:
    return tidy_spacing("".join(text + ws for k, (text, ws) in enumerate(pieces) if k not in deleted))


def _runs(indices: list[int]) -> list[list[int]]:
    """Split sorted indices into runs of consecutive integers."""
    runs: list[list[int]] = []
    for i in indices:
        if runs and runs[-1][-1] == i - 1:
            runs[-1].append(i)
        else:
            runs.append([i])
    return runs


def reconstruction_pairs(docs: Iterable[QuestionDoc], rng: random.Random, copies: int = 1,
                         **corrupt_kwargs) -> Iterator[tuple[str, str]]:
    """``(corrupted, original)`` training pairs for a reconstruction model, ``copies`` per question."""
    for doc in docs:
        for _ in range(copies):
            bad = corrupt(doc, rng, **corrupt_kwargs)
            if bad is not None:
                yield bad, doc.text


@register_operator
class Reconstruction(Seq2SeqOperator):
    """fb: corrupt the question (numbers, units and last words intact), let a seq2seq model rebuild it.

    ``model`` should be a model fine-tuned to reconstruct questions from :func:`corrupt` output (the paper
    fine-tuned t5-base; train one on :func:`reconstruction_pairs`) with the ``prefix`` it was trained with.
    The default, ``google/flan-t5-base`` with an instruction prompt, works without fine-tuning but is weaker.
    """

    name = "reconstruction"
    paper_id = "fb"
    polarity = "positive"
    stage = "test"
    description = "corrupt (shuffle/delete/replace, numbers and units kept), then a seq2seq model rebuilds it"
    default_model = "google/flan-t5-base"
    default_prefix = "Fix the word order and the missing words of this question: "

    def __init__(self, model: str | None = None, prefix: str | None = None, delete_prob: float = 0.1,
                 replace_prob: float = 0.1, shuffle_window: int = 3, keep_last: int = 3, **kwargs):
        super().__init__(model=model, prefix=prefix, **kwargs)
        self.corruption = {"delete_prob": delete_prob, "replace_prob": replace_prob,
                           "shuffle_window": shuffle_window, "keep_last": keep_last}

    def model_inputs(self, docs: Sequence[QuestionDoc], rngs: Sequence[random.Random]) -> list[str | None]:
        return [corrupt(doc, rng, **self.corruption) for doc, rng in zip(docs, rngs)]
