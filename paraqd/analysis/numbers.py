"""Numbers in every form word problems use, with their values.

TO BE IMPLEMENTED (helper H1): see extract_numbers.
"""

from __future__ import annotations

from .document import NumberMention


def extract_numbers(text: str, doc) -> tuple[NumberMention, ...]:
    """All number mentions of ``text`` in order of position, non-overlapping."""
    raise NotImplementedError
