"""One word alignment of a question with its paraphrase, and what the checks read from it.

:class:`TokenAlignment` aligns the two parses' words (lower-cased, whitespace tokens left out) once, with
:class:`difflib.SequenceMatcher` over interned word ids; every edit the checks look at is read from its
opcodes: substitutions in place (:meth:`~TokenAlignment.aligned_substitutions`), words left out in place
(:meth:`~TokenAlignment.deletions_in_place`), the share of the paraphrase copied from the question
(:attr:`~TokenAlignment.copied_share`, matched once more with punctuation left out) and where a question word
went (:meth:`~TokenAlignment.position`). Build it through :class:`~paraqd.analysis.pair.QuestionPair`, which keeps one per pair.
"""

from __future__ import annotations

import difflib
import re
from collections import defaultdict
from functools import cached_property

from .document import QuestionDoc
from .terms import counted_values

#: how many words must match on each side of a substitution for it to be "in place"
ANCHOR = 2
_WORD = re.compile(r"[^\W_]+")


def is_deletion(question: QuestionDoc, paraphrase: QuestionDoc) -> bool:
    """Whether the paraphrase's words are the question's, in order, some left out (case and punctuation
    ignored): a pure deletion, which rewords nothing."""
    remaining = iter(_WORD.findall(question.text.lower()))
    return all(word in remaining for word in _WORD.findall(paraphrase.text.lower()))


class TokenAlignment:
    """The words of ``question`` aligned with the words of ``paraphrase``, computed once.

    ``q_at`` / ``p_at`` are the parse indices of the words aligned (whitespace tokens are no words);
    ``opcodes`` are :meth:`difflib.SequenceMatcher.get_opcodes` over them (``(tag, i1, i2, j1, j2)`` in
    *word* positions: ``q_at[i1]`` is the parse index of the question's word ``i1``). Everything else is read
    from them, except the share copied (:attr:`copied_share`, matched without punctuation) and, for texts
    with whitespace tokens only, the token-level readings (:attr:`token_opcodes`).
    """

    def __init__(self, question: QuestionDoc, paraphrase: QuestionDoc) -> None:
        self.question, self.paraphrase = question, paraphrase
        self.q_at = [t.i for t in question.doc if not t.is_space]
        self.p_at = [t.i for t in paraphrase.doc if not t.is_space]
        self._ids: dict[str, int] = {}  # word -> id, shared by every alignment of the pair
        ids = self._ids
        q_ids = [ids.setdefault(question.doc[i].lower_, len(ids)) for i in self.q_at]
        p_ids = [ids.setdefault(paraphrase.doc[i].lower_, len(ids)) for i in self.p_at]
        self.opcodes = difflib.SequenceMatcher(None, q_ids, p_ids, autojunk=False).get_opcodes()
        self._substitutions: dict[tuple[int, bool], list[tuple[int, int, int, int]]] = {}

    @cached_property
    def copied_share(self) -> float:
        """The share of the paraphrase's words (punctuation left out, case ignored) that copy the question's,
        in order (the matching blocks of the two word sequences without punctuation): 1.0 for a copy or a
        pure deletion, about 0.3 for a free rewording."""
        q_doc, p_doc = self.question.doc, self.paraphrase.doc
        q_words = [self._ids[q_doc[i].lower_] for i in self.q_at if not q_doc[i].is_punct]
        p_words = [self._ids[p_doc[i].lower_] for i in self.p_at if not p_doc[i].is_punct]
        if not p_words:
            return 1.0
        blocks = difflib.SequenceMatcher(None, q_words, p_words, autojunk=False).get_matching_blocks()
        return sum(block.size for block in blocks) / len(p_words)

    @cached_property
    def token_opcodes(self) -> list[tuple[str, int, int, int, int]]:
        """The alignment over *every* token, whitespace included, in parse indices: :attr:`opcodes` itself
        when neither text has a whitespace token (then word and token positions are the same), else one
        more alignment (a text with double spaces or line breaks)."""
        if len(self.q_at) == len(self.question.doc) and len(self.p_at) == len(self.paraphrase.doc):
            return self.opcodes
        ids = self._ids
        q_ids = [ids.setdefault(t.lower_, len(ids)) for t in self.question.doc]
        p_ids = [ids.setdefault(t.lower_, len(ids)) for t in self.paraphrase.doc]
        return difflib.SequenceMatcher(None, q_ids, p_ids, autojunk=False).get_opcodes()

    def position(self, i: int) -> int:
        """The paraphrase token aligned with the question's token ``i`` (or the one after the nearest aligned
        token before it; 0 when there is none)."""
        at = 0
        for op, i1, i2, j1, j2 in self.token_opcodes:
            if op != "equal":
                continue
            if i1 <= i < i2:
                return j1 + i - i1
            if i2 <= i:
                at = j2
        return at

    def substitutions(self) -> dict[str, list[str]]:
        """Words substituted in place (up to three for up to three), as question lemma -> [paraphrase
        lemmas], and the nouns counted by the same number in both texts ("20 apples" -> "20 hats")."""
        question, paraphrase = self.question, self.paraphrase
        subs: dict[str, list[str]] = defaultdict(list)
        for op, i1, i2, j1, j2 in self.token_opcodes:
            if op == "replace" and i2 - i1 <= 3 and j2 - j1 <= 3:
                for qi in range(i1, i2):
                    q_tok = question.doc[qi]
                    for pj in range(j1, j2):
                        subs[(q_tok.lemma_ or q_tok.text).lower()].append(paraphrase.doc[pj].lemma_.lower())
        p_counted = counted_values(paraphrase)
        for value, q_noun in counted_values(question).items():
            p_noun = p_counted.get(value)
            if p_noun is not None and p_noun != q_noun:
                subs[q_noun].append(p_noun)
        return subs

    def aligned_substitutions(self, size: int = 3, deletions: bool = False) -> list[tuple[int, int, int, int]]:
        """Token ranges ``(i1, i2, j1, j2)`` where the paraphrase wrote up to ``size`` tokens in place of up to
        ``size`` tokens of the question, with at least :data:`ANCHOR` tokens kept on each side, or one that
        is no stop word, or the text's edge: "twice as many green straws as *orange* straws" -> "... as *red*
        straws"; "of *the remaining* emails" -> "of *all the* emails" (an edit joined across a lone stop
        word). In a free rewording the token alignment also pairs words across a lone "the" or "of"; those
        are no substitution in place. With ``deletions``, words left out in place count too (``j1 == j2``:
        "sold for $50 *each*." -> "sold for $50."). Computed once per pair and arguments."""
        key = (size, deletions)
        if key not in self._substitutions:
            self._substitutions[key] = [self._range(first, last) for first, last in self._edits()
                                        if self._in_place(first, last, size, deletions)]
        return list(self._substitutions[key])

    def _weak(self, o) -> bool:
        """A lone "the" matched inside an edit: "of the remaining" -> "of all the"."""
        doc = self.question.doc
        return o[0] == "equal" and o[2] - o[1] < ANCHOR and all(
            doc[self.q_at[i]].is_stop or doc[self.q_at[i]].is_punct for i in range(o[1], o[2]))

    def _anchored(self, o) -> bool:
        if o is None:
            return True
        words = [self.question.doc[self.q_at[i]] for i in range(o[1], o[2])]
        return (len(words) >= ANCHOR or o[1] == 0 or o[2] == len(self.q_at)
                or any(not (t.is_stop or t.is_punct) for t in words))

    def _edits(self) -> list[tuple[int, int]]:
        """Runs of changed words as (first, last) opcode indices, joined across weak matches."""
        ops = self.opcodes
        regions, k = [], 0
        while k < len(ops):
            if ops[k][0] == "equal":
                k += 1
                continue
            first = last = k
            while last + 2 < len(ops) and self._weak(ops[last + 1]) and ops[last + 2][0] != "equal":
                last += 2
            regions.append((first, last))
            k = last + 1
        return regions

    def _in_place(self, first: int, last: int, size: int, deletions: bool) -> bool:
        ops = self.opcodes
        i1, i2, j1, j2 = ops[first][1], ops[last][2], ops[first][3], ops[last][4]
        if not (0 < i2 - i1 <= size and (0 < j2 - j1 <= size or (deletions and j1 == j2))):
            return False
        before = ops[first - 1] if first else None
        after = ops[last + 1] if last + 1 < len(ops) else None
        return self._anchored(before) and self._anchored(after)

    def _range(self, first: int, last: int) -> tuple[int, int, int, int]:
        ops, q_at, p_at = self.opcodes, self.q_at, self.p_at
        i1, i2, j1, j2 = ops[first][1], ops[last][2], ops[first][3], ops[last][4]
        p_start = p_at[j1] if j1 < len(p_at) else len(self.paraphrase.doc)
        p_end = p_at[j2 - 1] + 1 if j2 > j1 else p_start
        return q_at[i1], q_at[i2 - 1] + 1, p_start, p_end

    def deletions_in_place(self, size: int = 2) -> list[tuple[int, int]]:
        """Token ranges ``(i1, i2)`` of up to ``size`` question tokens the paraphrase left out right after a
        stretch it kept (:data:`ANCHOR` tokens, or one that is no stop word, or the text's start) and before
        a kept token: "How much *more* does the big frog weigh" -> "How much does ..." (whatever the
        paraphrase changed after that)."""
        ops, q_at, doc = self.opcodes, self.q_at, self.question.doc
        found = []
        for k, (op, i1, i2, _j1, _j2) in enumerate(ops):
            if op != "delete" or i2 - i1 > size or not 0 < k < len(ops) - 1:
                continue
            before, after = ops[k - 1], ops[k + 1]
            if before[0] != "equal" or after[0] != "equal":
                continue
            kept = [doc[q_at[i]] for i in range(before[1], before[2])]
            if len(kept) >= ANCHOR or before[1] == 0 or any(not (t.is_stop or t.is_punct) for t in kept):
                found.append((q_at[i1], q_at[i2 - 1] + 1))
        return found
