"""One spaCy parse per question, shared by everything downstream."""

from __future__ import annotations

import functools
from collections.abc import Iterable, Iterator

from ..resources import load_spacy
from .document import EntityMention, QuestionDoc
from .numbers import extract_numbers
from .units import UnitVocabulary

# Entity labels that carry information in a word problem and that f7 may replace or delete.
ENTITY_LABELS = ("PERSON", "GPE", "LOC", "ORG", "NORP", "FAC", "PRODUCT", "EVENT", "WORK_OF_ART", "LANGUAGE")


class Analyzer:
    """Parses questions with one spaCy pipeline and extracts numbers, units and entities.

    >>> doc = Analyzer().analyze("Alex travelled 100 km at 20 kmph. How many hours did it take?")
    >>> [n.value for n in doc.numbers], [u.unit.name for u in doc.units]
    ([100.0, 20.0], ['kilometre', 'kilometre per hour'])
    """

    def __init__(self, spacy_model: str | None = None, units: UnitVocabulary | None = None):
        self.spacy_model = spacy_model
        self.nlp = load_spacy(spacy_model)
        self.units = units or UnitVocabulary.default()

    def _build(self, text: str, doc) -> QuestionDoc:
        numbers = extract_numbers(text, doc)
        units = self.units.find(text, numbers)
        entities = tuple(
            EntityMention(e.start_char, e.end_char, e.text, label=e.label_)
            for e in doc.ents
            if e.label_ in ENTITY_LABELS
        )
        return QuestionDoc(text=text, doc=doc, numbers=numbers, units=units, entities=entities)

    def analyze(self, text: str) -> QuestionDoc:
        if not isinstance(text, str):
            raise TypeError(f"expected a question as str, got {type(text).__name__}")
        return self._build(text, self.nlp(text))

    def pipe(self, texts: Iterable[str], batch_size: int = 64) -> Iterator[QuestionDoc]:
        """Analyse many questions with ``nlp.pipe`` (faster than one call per question)."""
        texts = list(texts)
        for text, doc in zip(texts, self.nlp.pipe(texts, batch_size=batch_size)):
            yield self._build(text, doc)


@functools.lru_cache(maxsize=4)
def default_analyzer(spacy_model: str | None = None) -> Analyzer:
    """The per-process shared analyzer (the spaCy model is loaded once)."""
    return Analyzer(spacy_model)


def analyze(text: str) -> QuestionDoc:
    """Analyse one question with the default analyzer."""
    return default_analyzer().analyze(text)
