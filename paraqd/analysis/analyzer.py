"""One spaCy parse per question, shared by everything downstream."""

from __future__ import annotations

import functools
from collections.abc import Iterable, Iterator

from ..resources import load_spacy
from ..validation import MAX_TEXT_CHARS, TextError, text_problem
from .document import EntityMention, QuestionDoc
from .layout import line_labels
from .numbers import extract_numbers
from .units import UnitVocabulary, ordinal_modifiers

# Entity labels that carry information in a word problem and that f7 may replace or delete.
ENTITY_LABELS = ("PERSON", "GPE", "LOC", "ORG", "NORP", "FAC", "PRODUCT", "EVENT", "WORK_OF_ART", "LANGUAGE")


class Analyzer:
    """Parses questions with one spaCy pipeline and extracts numbers, units and entities.

    >>> doc = Analyzer().analyze("Alex travelled 100 km at 20 kmph. How many hours did it take?")
    >>> [n.value for n in doc.numbers], [u.unit.name for u in doc.units]
    ([100.0, 20.0], ['kilometre', 'kilometre per hour', 'hour'])
    """

    def __init__(self, spacy_model: str | None = None, units: UnitVocabulary | None = None) -> None:
        self.spacy_model = spacy_model
        self.nlp = load_spacy(spacy_model)
        self.units = units or UnitVocabulary.default()

    def _build(self, text: str, doc) -> QuestionDoc:
        labels = line_labels(text)  # "Problem 3:", "1. ...": the text's own numbering, no quantity
        numbers = tuple(n for n in extract_numbers(text, doc) if (n.start, n.end) not in labels)
        units = ordinal_modifiers(self.units.find(text, numbers), numbers, doc)
        if units:  # the exponent of "cm^2" belongs to the unit
            numbers = tuple(n for n in numbers if not any(u.start <= n.start and n.end <= u.end for u in units))
        entities = tuple(m for e in doc.ents if e.label_ in ENTITY_LABELS for m in [_entity(e)] if m)
        return QuestionDoc(text=text, doc=doc, numbers=numbers, units=units, entities=entities)

    def analyze(self, text: str) -> QuestionDoc:
        if not isinstance(text, str):
            raise TypeError(f"expected a question as str, got {type(text).__name__}")
        _check_length(text, "text")
        return self._build(text, self.nlp(text))

    def pipe(self, texts: Iterable[str], batch_size: int = 64, n_process: int = 1) -> Iterator[QuestionDoc]:
        """Analyse many questions with ``nlp.pipe`` (faster than one call per question).

        ``n_process`` > 1 parses in that many spaCy worker processes (the numbers, units and entities are
        still extracted here); they end with the iteration, also when it is interrupted.
        """
        texts = list(texts)
        for i, text in enumerate(texts):
            _check_length(text, f"texts[{i}]")
        for text, doc in zip(texts, self.nlp.pipe(texts, batch_size=batch_size, n_process=max(1, n_process))):
            yield self._build(text, doc)


def _check_length(text: str, field: str) -> None:
    """Refuse a text above :data:`paraqd.validation.MAX_TEXT_CHARS` before spaCy sees it: the analysis is
    bounded per text, and spaCy's own ``max_length`` (a million characters) is never reached."""
    if isinstance(text, str) and len(text) > MAX_TEXT_CHARS:
        raise TextError(field, text_problem(text) or "is too long")


def _entity(span) -> EntityMention | None:
    """The entity without numbers or punctuation at its edges ("John 3" in "gives John 3 apples")."""
    start, end = span.start, span.end
    while start < end and (span.doc[start].like_num or span.doc[start].is_punct):
        start += 1
    while end > start and (span.doc[end - 1].like_num or span.doc[end - 1].is_punct):
        end -= 1
    if start == end:
        return None
    trimmed = span.doc[start:end]
    return EntityMention(trimmed.start_char, trimmed.end_char, trimmed.text, label=span.label_)


@functools.lru_cache(maxsize=4)
def default_analyzer(spacy_model: str | None = None) -> Analyzer:
    """The per-process shared analyzer (the spaCy model is loaded once)."""
    return Analyzer(spacy_model)


def analyze(text: str) -> QuestionDoc:
    """Analyse one question with the default analyzer."""
    return default_analyzer().analyze(text)
