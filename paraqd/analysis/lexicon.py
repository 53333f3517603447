"""Lexical relations between two words (synonym, more general, more specific, antonym) from WordNet 3.0.

A check that meets two different nouns for one thing needs to know how they are related: "store" for "shop"
is the same thing (a synonym), "fruit" for "apples" a more general word (still the same things), "biographies"
for "books" a more specific one (only some of them), "sugar" for "flour" another thing of the same kind (a
different ingredient). Word vectors say two words are *close* (flour/sugar are close); WordNet says how.

WordNet is optional (the ``paraqd[wordnet]`` extra installs nltk; the database itself is Debian's
``wordnet-base``, files under ``/usr/share/wordnet``, or any WordNet 3.0 ``dict`` directory named by
``$PARAQD_WORDNET``). :func:`default_lexicon` returns ``None`` when either is absent, and every caller then
falls back to what it did without it (the encoder's word similarity, see :mod:`paraqd.checks.synonyms`).

Debian's package lacks the ``lexnames`` file nltk's reader opens first (the 45 lexicographer file names of
WordNet 3.0, fixed by the format, ``lexnames(5WN)``); :func:`wordnet_dir` writes it beside links to the data
files (copies: nltk refuses symbolic and hard links) in a private cache directory.

    >>> lex = default_lexicon()                                  # doctest: +SKIP
    >>> lex.relation("shop", "store"), lex.relation("apple", "fruit"), lex.relation("flour", "sugar")  # doctest: +SKIP
    ('synonym', 'more_general', 'unrelated')
"""

from __future__ import annotations

import functools
import logging
import os
import shutil
import tempfile
from pathlib import Path

#: where Debian's ``wordnet-base`` puts the WordNet 3.0 database
DEBIAN_WORDNET = "/usr/share/wordnet"
#: the environment variable naming another WordNet 3.0 ``dict`` directory
WORDNET_ENV = "PARAQD_WORDNET"

#: WordNet 3.0's lexicographer files, in file-number order (``lexnames(5WN)``)
LEXNAMES = (
    "adj.all", "adj.pert", "adv.all", "noun.Tops", "noun.act", "noun.animal", "noun.artifact",
    "noun.attribute", "noun.body", "noun.cognition", "noun.communication", "noun.event", "noun.feeling",
    "noun.food", "noun.group", "noun.location", "noun.motive", "noun.object", "noun.person",
    "noun.phenomenon", "noun.plant", "noun.possession", "noun.process", "noun.quantity", "noun.relation",
    "noun.shape", "noun.state", "noun.substance", "noun.time", "verb.body", "verb.change", "verb.cognition",
    "verb.communication", "verb.competition", "verb.consumption", "verb.contact", "verb.creation",
    "verb.emotion", "verb.motion", "verb.perception", "verb.possession", "verb.social", "verb.stative",
    "verb.weather", "adj.ppl",
)
_SYNTACTIC = {"noun": 1, "verb": 2, "adj": 3, "adv": 4}
_DATA_FILES = tuple(f"{kind}.{pos}" for kind in ("data", "index") for pos in ("noun", "verb", "adj", "adv")) + (
    "noun.exc", "verb.exc", "adj.exc", "adv.exc")

#: the relations :meth:`Lexicon.relation` answers
SAME, SYNONYM, MORE_GENERAL, MORE_SPECIFIC, ANTONYM, SIBLING, UNRELATED = (
    "same", "synonym", "more_general", "more_specific", "antonym", "sibling", "unrelated")
#: two words are :data:`SIBLING` kinds of one thing (flour and sugar, pencils and markers) when a sense of each
#: is at most this many hypernym steps below a common, not too general, class
SIBLING_STEPS = 2
#: how many hypernym steps up a more general word may be ("apple" -> "edible fruit" -> "fruit" is 2); the top
#: of the hierarchy ("entity", "object", "whole") is reached by everything and says nothing
MAX_HYPERNYM_STEPS = 6
_TOO_GENERAL = frozenset({"entity", "physical_entity", "abstraction", "object", "whole", "thing", "matter",
                          "artifact", "causal_agent", "psychological_feature", "attribute", "relation",
                          "measure", "group", "unit"})


def wordnet_dir(source: str | os.PathLike | None = None) -> Path | None:
    """A directory nltk's reader can open: ``source`` (default ``$PARAQD_WORDNET``, else
    :data:`DEBIAN_WORDNET`) itself when it holds ``lexnames``, else a private cache directory of copies of its
    data files plus a written ``lexnames``; ``None`` when ``source`` holds no WordNet database."""
    root = Path(source or os.environ.get(WORDNET_ENV) or DEBIAN_WORDNET)
    if not (root / "data.noun").is_file() or not (root / "index.noun").is_file():
        return None
    if (root / "lexnames").is_file():
        return root
    cache = Path(tempfile.gettempdir()) / f"paraqd-wordnet-{os.getuid() if hasattr(os, 'getuid') else 0}"
    cache.mkdir(parents=True, exist_ok=True)
    for name in _DATA_FILES:
        copy, target = cache / name, root / name
        if target.is_file() and not (copy.is_file() and copy.stat().st_size == target.stat().st_size):
            # nltk refuses symbolic and hard links (nltk.pathsec): a copy, once (28 MB in all)
            tmp = cache / f"{name}.{os.getpid()}.tmp"
            shutil.copyfile(target, tmp)
            tmp.replace(copy)
    lexnames = cache / "lexnames"
    if not lexnames.is_file():
        body = "".join(f"{i:02d}\t{name}\t{_SYNTACTIC[name.split('.')[0]]}\n" for i, name in enumerate(LEXNAMES))
        tmp = cache / f"lexnames.{os.getpid()}.tmp"
        tmp.write_text(body, encoding="utf-8")
        tmp.replace(lexnames)  # atomic: a reader never sees half a file
    return cache


class Lexicon:
    """Relations between nouns (and adjectives' antonyms) read from a WordNet 3.0 database with nltk."""

    def __init__(self, directory: str | os.PathLike) -> None:
        import nltk
        from nltk.corpus.reader.wordnet import WordNetCorpusReader

        directory = str(directory)
        for path in (directory, str(Path(directory).resolve()), DEBIAN_WORDNET):
            if path not in nltk.data.path:  # nltk reads only below its data path (nltk.pathsec)
                nltk.data.path.append(path)
        import warnings

        class Reader(WordNetCorpusReader):
            def map_wn(self, version="wordnet"):  # the mapping to another WordNet's synsets (multilingual
                return None                        # data only); it would look for nltk's own copy

        with warnings.catch_warnings():  # "the multilingual functions are not available": not used
            warnings.simplefilter("ignore")
            self._wn = Reader(directory, None)
        self._closure = functools.lru_cache(maxsize=20000)(self._hypernyms)
        self._near = functools.lru_cache(maxsize=20000)(self._near_classes)
        self._cached_relation = functools.lru_cache(maxsize=100000)(self._relation)
        self._cached_property = functools.lru_cache(maxsize=20000)(self._property)
        self._forms_of = functools.lru_cache(maxsize=20000)(self._forms)
        self._cached_counterpart = functools.lru_cache(maxsize=100000)(self._counterpart)

    def knows(self, word: str, pos: str = "n") -> bool:
        """Whether WordNet has ``word`` (any inflection) as a ``pos`` ("n", "v", "a")."""
        return bool(self._synsets(word, pos))

    def _synsets(self, word: str, pos: str | None):
        return tuple(self._wn.synsets(word.strip().lower().replace(" ", "_"), pos))

    def _hypernyms(self, word: str, pos: str) -> frozenset:
        """Every synset up to :data:`MAX_HYPERNYM_STEPS` above some sense of ``word`` (instances included),
        without the top of the hierarchy."""
        found = set()
        frontier = set(self._synsets(word, pos))
        for _ in range(MAX_HYPERNYM_STEPS):
            frontier = {h for s in frontier for h in (*s.hypernyms(), *s.instance_hypernyms())} - found
            found |= frontier
        return frozenset(s for s in found if s.name().split(".")[0] not in _TOO_GENERAL)

    def relation(self, a: str, b: str, pos: str = "n") -> str | None:
        """How ``b`` relates to ``a``: :data:`SAME`, :data:`SYNONYM` (a sense in common),
        :data:`MORE_GENERAL` (``b`` names a class ``a`` belongs to: apple -> fruit), :data:`MORE_SPECIFIC`
        (book -> biography), :data:`ANTONYM`, :data:`SIBLING` (two kinds of one class: flour -> sugar) or
        :data:`UNRELATED`; ``None`` when WordNet lacks either word
        (the caller's fallback decides)."""
        return self._cached_relation(a.strip().lower(), b.strip().lower(), pos)

    def _relation(self, a_key: str, b_key: str, pos: str) -> str | None:
        if a_key == b_key:
            return SAME
        sa, sb = self._synsets(a_key, pos), self._synsets(b_key, pos)
        if not sa or not sb:
            return None
        if set(sa) & set(sb):
            return SYNONYM
        if any(ant.synset() in sb for s in sa for lemma in s.lemmas() for ant in lemma.antonyms()):
            return ANTONYM
        if set(sb) & self._closure(a_key, pos):
            return MORE_GENERAL
        if set(sa) & self._closure(b_key, pos):
            return MORE_SPECIFIC
        if self._near(a_key, pos) & self._near(b_key, pos):
            return SIBLING
        return UNRELATED

    def _near_classes(self, word: str, pos: str) -> frozenset:
        """The classes at most :data:`SIBLING_STEPS` above a sense of ``word``, the top of the hierarchy
        left out."""
        found: set = set()
        frontier = set(self._synsets(word, pos))
        for _ in range(SIBLING_STEPS):
            frontier = {h for s in frontier for h in s.hypernyms()}
            found |= frontier
        return frozenset(s for s in found if s.name().split(".")[0] not in _TOO_GENERAL)

    def is_property(self, word: str) -> bool:
        """Whether a sense of the noun ``word`` is a measurable property of a thing (below WordNet's
        ``property.n.02``: width, area, height, age, speed, weight, distance, volume ...)."""
        return self._cached_property(word.strip().lower())

    def _property(self, word: str) -> bool:
        top = self._wn.synset("property.n.02")
        return any(top in path for s in self._synsets(word, "n") for path in s.hypernym_paths())

    def is_possession(self, word: str) -> bool:
        """Whether a sense of the noun ``word`` is money or its transfer (WordNet's ``noun.possession``: "tax",
        "tip", "discount", "fee"; not "humidity" or "temperature")."""
        return any(s.lexname() == "noun.possession" for s in self._synsets(word, "n"))

    def other_time(self, a: str, b: str) -> bool:
        """Whether the nouns ``a`` and ``b`` name two different times: both most often name a time
        (WordNet's ``noun.time``: a part of the day, a weekday, a month, a season) and neither is a synonym,
        a more general or a more specific word of the other ("afternoon" / "evening", "Monday" / "Tuesday",
        "summer" / "winter"; not "noon" / "midday")."""
        if self.kinds(a) != ("time",) or self.kinds(b) != ("time",):
            return False
        return self.relation(a, b) in (ANTONYM, SIBLING, UNRELATED)

    def _forms(self, word: str) -> frozenset:
        """The synsets of ``word`` in every part of speech, plus those of its derivationally related forms
        ("decide" -> "decision") and of the attributes it measures ("tall" -> "height", "old" -> "age")."""
        own = self._synsets(word, None)
        found = set(own)
        for synset in own:
            found.update(synset.attributes())
            for lemma in synset.lemmas():
                if lemma.name().lower() == word:
                    found.update(related.synset() for related in lemma.derivationally_related_forms())
        return frozenset(found)

    def counterpart(self, a: str, b: str) -> bool | None:
        """Whether ``b`` may say what ``a`` says in a rewording: a sense in common in any part of speech
        ("purchase"/"buy"), a derivationally related form ("debugging"/"debug", "eyed"/"eye"), an adjective and
        the attribute it measures ("tall"/"height"), a more general noun ("apples"/"fruit"), or one word spelt
        the British and the American way ("kilometres"/"kilometers", :mod:`.spelling`). ``None`` when WordNet
        knows neither word (the caller's fallback decides)."""
        return self._cached_counterpart(a.strip().lower(), b.strip().lower())

    def _counterpart(self, a: str, b: str) -> bool | None:
        if a == b:
            return True
        from .spelling import spelling_variants

        if spelling_variants(a, b, known=lambda w: bool(self._synsets(w, None))):
            return True
        sa, sb = self._synsets(a, None), self._synsets(b, None)
        if not sa and not sb:
            return None
        if not sa or not sb:
            return False
        if set(sa) & set(sb) or self._forms_of(a) & set(sb) or set(sa) & self._forms_of(b):
            return True
        return self.relation(a, b, "n") == MORE_GENERAL

    def verb_senses(self, verb: str, senses: int = 3, pos: str = "v") -> list[tuple[frozenset[str], frozenset[str]]]:
        """For each of the first ``senses`` senses of ``verb`` (most frequent first; ``pos="n"`` for a noun's):
        the names of the sense and every synset above it (``"give.v.03"``, ``"transfer.v.05"``) and the words
        WordNet gives as its antonyms (``buy`` -> ``sell``)."""
        found = []
        for synset in self._synsets(verb, pos)[:senses]:
            above, frontier = {synset}, {synset}
            for _ in range(MAX_HYPERNYM_STEPS):
                frontier = {h for s in frontier for h in s.hypernyms()} - above
                above |= frontier
            antonyms = frozenset(a.name() for lemma in synset.lemmas() for a in lemma.antonyms())
            found.append((frozenset(s.name() for s in above), antonyms))
        return found

    def verb_of(self, noun: str) -> str | None:
        """The verb a noun names the act of, by WordNet's derivational links of its first sense ("payment" ->
        "pay", "purchase" -> "purchase"); ``None`` when it has none."""
        for synset in self._synsets(noun, "n")[:1]:
            for lemma in synset.lemmas():
                for form in lemma.derivationally_related_forms():
                    if form.synset().pos() == "v":
                        return form.name()
        return None

    def kinds(self, word: str, senses: int = 1) -> tuple[str, ...]:
        """The lexicographer files of ``word``'s first ``senses`` noun senses (most frequent first), without
        the ``noun.`` prefix: ``("food", "plant")`` for "apple", ``("possession",)`` for "earnings"; empty
        when WordNet lacks it."""
        return tuple(s.lexname().split(".", 1)[-1] for s in self._synsets(word, "n")[:senses])

    def verb_kinds(self, word: str, senses: int = 1) -> tuple[str, ...]:
        """The lexicographer files of ``word``'s first ``senses`` verb senses, without the ``verb.`` prefix:
        ``("motion",)`` for "sail", ``("consumption",)`` for "eat"; empty when WordNet lacks it."""
        return tuple(s.lexname().split(".", 1)[-1] for s in self._synsets(word, "v")[:senses])

    def is_instance(self, word: str) -> bool:
        """Whether ``word``'s most frequent noun sense is one named individual, not a kind ("Celsius" the
        astronomer, "Paris" the city; not "worker")."""
        found = self._synsets(word, "n")[:1]
        return bool(found) and bool(found[0].instance_hypernyms())

    def depth(self, word: str, senses: int = 3) -> int | None:
        """The fewest hypernym steps from the top of the hierarchy to one of ``word``'s first ``senses`` noun
        senses ("item" 4, "apple" 7, "tulip" 10): a small depth is a general word that names anything;
        ``None`` when WordNet lacks it."""
        found = [s.min_depth() for s in self._synsets(word, "n")[:senses]]
        return min(found) if found else None

    def is_general(self, word: str, depth: int) -> bool:
        """Whether ``word`` names anything: one of the classes at the top of the hierarchy ("thing", "object",
        "unit"), or a word whose most frequent sense is at most ``depth`` steps below the top ("item",
        "piece", "person")."""
        key = word.strip().lower().replace(" ", "_")
        if key in _TOO_GENERAL:
            return True
        found = self.depth(key, senses=1)
        return found is not None and found <= depth

    def adjective_words(self, word: str) -> tuple[frozenset[str], frozenset[str]]:
        """``(adjectives, nouns)`` WordNet ties to the adjective ``word``: its synonyms and similar adjectives
        ("blank": "empty", "clean") and the nouns derived from it ("female": "female", "femaleness") or it pertains to
        ("urban": "city"); lower
        case, spaces for underscores; empty when WordNet lacks it as an adjective."""
        adjectives, nouns = set(), set()
        for synset in (*self._synsets(word, "a"), *self._synsets(word, "s")):
            for s in (synset, *synset.similar_tos()):
                adjectives |= {lemma.name() for lemma in s.lemmas()}
            nouns |= {d.name() for lemma in synset.lemmas() for d in lemma.derivationally_related_forms()
                      if d.synset().pos() == "n"}
            nouns |= {p.name() for lemma in synset.lemmas() for p in lemma.pertainyms()}  # "urban": "city"
        return tuple(frozenset(w.lower().replace("_", " ") for w in found) for found in (adjectives, nouns))

    def same_thing(self, a: str, b: str, pos: str = "n") -> bool | None:
        """Whether ``b`` may name what ``a`` names (the same word, a synonym or a more general word);
        ``None`` when WordNet lacks either word."""
        rel = self.relation(a, b, pos)
        return None if rel is None else rel in (SAME, SYNONYM, MORE_GENERAL)


@functools.lru_cache(maxsize=1)
def default_lexicon() -> Lexicon | None:
    """The shared :class:`Lexicon`, or ``None`` when nltk or the WordNet database is not installed (set
    ``PARAQD_WORDNET=off`` to do without it), or when an installed database cannot be read (a warning on the
    ``paraqd.analysis.lexicon`` logger says why)."""
    if os.environ.get(WORDNET_ENV, "").strip().lower() in ("off", "0", "none", "false"):
        return None
    try:
        import nltk  # noqa: F401
    except ImportError:
        return None
    try:
        directory = wordnet_dir()
        return None if directory is None else Lexicon(directory)
    except (OSError, LookupError) as exc:  # installed but unreadable: said once, never silent
        logging.getLogger(__name__).warning("WordNet is installed but could not be read (%s); the checks go on "
                                            "without it (the encoder's word similarity)", exc)
        return None
