"""f10: units are replaced by a different unit of the same category (hours -> minutes, km -> m).

A non-empty subset of the unit mentions is drawn (its size uniform in 1..k), and each chosen mention becomes
a random other unit of its category, in the same form: a full name stays a full name with the same
grammatical number ("hours" -> "minutes"), an abbreviation stays an abbreviation ("km" -> "cm",
"kmph" -> "mph", "hrs" -> "mins"), a currency symbol stays a symbol ("$" -> "€"). Capitalisation of the
first letter is kept. Mentions with no such alternative are left alone.
"""

from __future__ import annotations

import random

from ..analysis import QuestionDoc, Unit, UnitMention
from ..analysis.units import is_symbol, number_before
from .base import Operator, UsesUnitVocabulary
from .registry import register_operator


@register_operator
class UnitReplacement(UsesUnitVocabulary, Operator):
    name = "unit-replacement"
    paper_id = "f10"
    polarity = "negative"
    stage = "train"
    description = "replace units by another of the same category (Currency, Length, Time, Weight, Speed, ...)"


    def transform(self, doc: QuestionDoc, rng: random.Random) -> str | None:
        mentions = doc.units
        if not mentions:
            return None
        k = rng.randint(1, len(mentions))
        chosen = sorted(rng.sample(range(len(mentions)), k))
        edits = []
        ends = {n.end: n for n in doc.numbers}
        for i in chosen:
            m = mentions[i]
            number = number_before(doc.text, m.start, ends)
            new = self.replacement(m, rng, after_number=number is not None and number.kind != "ordinal")
            if new is None:
                continue
            if new[-1:].isalpha() and doc.text[m.end:m.end + 1].isdigit():
                new += " "  # "Rs.6400" -> "JPY 6400"
            if new[:1].isalpha() and m.start > 0 and doc.text[m.start - 1].isalnum():
                new = " " + new
            edits.append((m.start, m.end, new))
        return doc.replace_spans(edits) if edits else None

    def replacement(self, mention: UnitMention, rng: random.Random, after_number: bool = True) -> str | None:
        """A different unit of the mention's category, written in the mention's form.

        Away from a number, forms that read as a unit only after one ("second", "m") are not used:
        "the first week" must not become "the first second".
        """
        vocab = self._vocab()
        options = []
        for unit in vocab.in_category(mention.category):
            if unit.name == mention.unit.name:
                continue
            form = self._form_like(unit, mention)
            if form is not None and (after_number or not vocab.needs_context(form)):
                options.append(form)
        if not options:
            return None
        new = rng.choice(options)
        if mention.text[:1].isupper() and not mention.abbreviated:
            new = new[:1].upper() + new[1:]
        return new


    def _form_like(self, unit: Unit, mention: UnitMention) -> str | None:
        """``unit`` written like ``mention``: full or abbreviated, plural or not, symbol or letters, or as
        an adverb ("daily" -> "weekly"; none when the unit has no adverb)."""
        if mention.adverb:
            return unit.adverbs[0] if unit.adverbs else None
        if not mention.abbreviated:
            return unit.full(mention.plural)
        plural_abbr = mention.text in mention.unit.plural_abbreviations
        candidates = unit.abbreviations_like(plural=plural_abbr, symbol=is_symbol(mention.text))
        # skip forms that would not read as a unit ("in" for inches before a word)
        return next((a for a in candidates if not self._vocab().is_strict(a)), None)
