"""Units of measurement from the bundled vocabulary (data/resources/units.json).

TO BE IMPLEMENTED (helper H1).
"""

from __future__ import annotations

from dataclasses import dataclass

from .document import NumberMention, UnitMention


@dataclass(frozen=True)
class Unit:
    """One unit: canonical full name (singular), plural, abbreviations, category."""

    name: str
    plural: str
    abbreviations: tuple[str, ...]
    category: str
    variants: tuple[str, ...] = ()


class UnitVocabulary:
    @classmethod
    def default(cls) -> "UnitVocabulary":
        raise NotImplementedError

    def find(self, text: str, numbers: tuple[NumberMention, ...]) -> tuple[UnitMention, ...]:
        raise NotImplementedError
