"""Text analysis done once per question and shared by every operator and check.

:class:`Analyzer` runs one spaCy parse per question and extracts, from that parse, the numbers (in every form
word problems use), the units (from the bundled vocabulary) and the named entities. The result is a
:class:`QuestionDoc`; operators read it and never parse again. :class:`QuestionPair` holds a question and its
paraphrase with one alignment of them: what every check reads.
"""

from .analyzer import Analyzer, analyze, default_analyzer
from .document import EntityMention, Mention, NumberMention, QuestionDoc, UnitMention
from .pair import QuestionPair
from .units import Unit, UnitVocabulary

__all__ = [
    "Analyzer", "analyze", "default_analyzer", "QuestionDoc", "QuestionPair", "Mention", "NumberMention", "UnitMention",
    "EntityMention", "Unit", "UnitVocabulary",
]
