"""One question key and one leakage filter, used by every guard that keeps evaluation text out of training.

Two texts are the same question when their :func:`question_key` is equal: Unicode NFKC, case-folded, every run
of whitespace collapsed to one space, ends stripped. The training recipes (``paraqd train --recipe
recommended`` / ``verifier``), ``paraqd bench``'s question pool and ``paraqd pairs``' ``--exclude`` all compare
through a :class:`LeakageFilter`, so they agree on what counts as a leaked question.

>>> question_key("  Tom has 3\\u00a0APPLES.\\n")
'tom has 3 apples.'
>>> guard = LeakageFilter(["Tom has 3 apples."])
>>> "TOM  has 3 apples." in guard, guard.drop(["tom has 3 apples.", "Ann has 2 pears."])
(True, (['Ann has 2 pears.'], 1))
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Iterator, Sequence

_SPACE_RE = re.compile(r"\s+")


def question_key(text: str) -> str:
    """The key that says two texts are the same question: NFKC, case-folded, whitespace collapsed."""
    return _SPACE_RE.sub(" ", unicodedata.normalize("NFKC", str(text)).casefold()).strip()


class LeakageFilter:
    """The keys (:func:`question_key`) of texts that must never be trained on, and the test against them.

    Empty or non-text values are ignored when the filter is built.
    """

    def __init__(self, texts: Iterable[object] = ()):
        self.keys: set[str] = set()
        self.add(texts)

    def add(self, texts: Iterable[object]) -> LeakageFilter:
        """Ban more texts; return self."""
        self.keys.update(question_key(t) for t in texts if isinstance(t, str) and t.strip())
        return self

    def __contains__(self, text: object) -> bool:
        return isinstance(text, str) and question_key(text) in self.keys

    def __iter__(self) -> Iterator[str]:
        """The keys (not the texts as written)."""
        return iter(self.keys)

    def __len__(self) -> int:
        return len(self.keys)

    def __bool__(self) -> bool:
        return bool(self.keys)

    def drop(self, texts: Sequence[str]) -> tuple[list[str], int]:
        """The texts not banned, in order, and how many were dropped."""
        kept = [t for t in texts if t not in self]
        return kept, len(texts) - len(kept)
