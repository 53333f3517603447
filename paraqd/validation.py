"""The rules every text that paraqd scores must follow, shared by the Python API, the service and the CLI.

One definition per rule, so that ``ParaphraseScorer.score("", "x")``, a ``POST /score`` with an empty
question and an empty cell of ``paraqd score`` are refused with the same words:

>>> check_text("Tom has 3 apples.", "question")
'Tom has 3 apples.'
>>> check_text("   ", "paraphrase")
Traceback (most recent call last):
...
paraqd.validation.TextError: paraphrase is empty (only whitespace)

:class:`TextError` is both an :class:`~paraqd.errors.InputError` (the CLI prints it on one line, exit 2) and a
:class:`ValueError` (what a Python caller expects of a bad argument). Its ``field`` names the argument, or
the item of a list (``candidates[2]``), so the service can answer 422 naming the field.

The other arguments of the API follow the same pattern (:class:`ArgumentValueError` is a ``ValueError``,
:class:`ArgumentTypeError` a ``TypeError``, both an ``InputError`` naming the argument): sequences of texts
(:func:`text_sequence`: lists, tuples, numpy and pandas string arrays; never a dict, a set or one string),
thresholds (:func:`check_threshold`: finite, in [-1, 1]) and counts (:func:`check_positive_int`). The
command line's option parsers (:mod:`paraqd.cli.options`) use the same functions.
"""

from __future__ import annotations

import math
import numbers
import re
from collections.abc import Iterable, Mapping, Sequence, Set

from .errors import InputError

#: The longest text paraqd scores or analyses, in characters (Unicode code points), the same in the Python
#: API, the command line and the service: a longer one is refused with an error naming it, never truncated.
#: Word problems run to a few hundred characters (the longest GSM8K question has under 1,000); the limit
#: bounds the work per text (a pair at the limit is explained in about a second) and keeps user text far
#: below spaCy's ``max_length`` (1,000,000).
MAX_TEXT_CHARS = 5_000

_SURROGATE = re.compile("[\ud800-\udfff]")


class ArgumentValueError(InputError, ValueError):
    """An argument has a value paraqd cannot use; ``field`` names it (an :class:`InputError`, so the CLI
    prints it on one line and the service answers 422, and a :class:`ValueError` for Python callers)."""

    def __init__(self, field: str, problem: str):
        self.field = field
        self.problem = problem
        super().__init__(f"{field} {problem}")


class ArgumentTypeError(InputError, TypeError):
    """An argument has a type paraqd cannot use; ``field`` names it (a :class:`TypeError` for Python callers)."""

    def __init__(self, field: str, problem: str):
        self.field = field
        self.problem = problem
        super().__init__(f"{field} {problem}")


class TextError(ArgumentValueError):
    """A text argument is not a string, is empty / only whitespace, too long or not valid Unicode; ``field``
    names it."""


class TextTypeError(TextError, TypeError):
    """A text argument is not a string (also a :class:`TypeError`)."""


def text_problem(value: object, max_chars: int | None = MAX_TEXT_CHARS) -> str | None:
    """Why ``value`` cannot be scored as a text (``None`` when it can): not a string, empty, only whitespace,
    longer than ``max_chars`` characters, or holding a lone surrogate (not encodable Unicode: what a JSON
    ``"\\ud800"`` escape gives).

    >>> text_problem("x"), text_problem(""), text_problem(" \\t"), text_problem(3)
    (None, 'is empty', 'is empty (only whitespace)', 'is not text (int)')
    >>> text_problem("x" * 5001)
    'is 5001 characters long; the limit is 5000 (paraqd.validation.MAX_TEXT_CHARS)'
    >>> text_problem("a" + chr(0xD800))
    'holds a lone surrogate (U+D800 at character 2), which is not valid Unicode text'
    """
    if not isinstance(value, str):
        return f"is not text ({type(value).__name__})"
    if not value:
        return "is empty"
    if max_chars is not None and len(value) > max_chars:
        return f"is {len(value)} characters long; the limit is {max_chars} (paraqd.validation.MAX_TEXT_CHARS)"
    if not value.strip():
        return "is empty (only whitespace)"
    bad = _SURROGATE.search(value)
    if bad is not None:
        return (f"holds a lone surrogate (U+{ord(bad.group()):04X} at character {bad.start() + 1}), which is "
                "not valid Unicode text")
    return None


def check_text(value: object, field: str) -> str:
    """``value`` (a plain ``str``) when it is a non-empty text of at most :data:`MAX_TEXT_CHARS` characters;
    otherwise :class:`TextError` naming ``field`` (:class:`TextTypeError` when it is not a string)."""
    problem = text_problem(value)
    if problem is not None:
        raise (TextError if isinstance(value, str) else TextTypeError)(field, problem)
    return str(value)  # a numpy.str_ is a str, but tokenizers refuse it


def text_sequence(values: object, field: str) -> list:
    """``values`` as a list: any ordered sequence (a list, a tuple, a numpy array or pandas Series of strings,
    an iterator). One string, a mapping (a ``dict``) or a set is refused with :class:`ArgumentTypeError`
    naming ``field``, an array of more than one dimension with :class:`ArgumentValueError`. Items are not
    checked here (:func:`check_texts` does); numpy strings become ``str``.

    >>> import numpy as np
    >>> text_sequence(np.array(["a", "b"]), "questions")
    ['a', 'b']
    >>> text_sequence({"a": "b"}, "questions")
    Traceback (most recent call last):
    ...
    paraqd.validation.ArgumentTypeError: questions must be a sequence of strings (a list, tuple, numpy array \
or pandas Series), not a dict
    """
    if isinstance(values, (str, bytes)):
        kind = "string" if isinstance(values, str) else "bytes object"
        raise ArgumentTypeError(field, f"must be a list of strings, not one {kind}")
    if isinstance(values, (Mapping, Set)) or not isinstance(values, Iterable):
        raise ArgumentTypeError(field, "must be a sequence of strings (a list, tuple, numpy array or pandas "
                                       f"Series), not a {type(values).__name__}")
    ndim = getattr(values, "ndim", 1)
    if ndim != 1:
        raise ArgumentValueError(field, f"must be one-dimensional, got an array of {ndim} dimensions")
    tolist = getattr(values, "tolist", None)  # numpy arrays, pandas Series: plain Python items
    out = list(tolist() if callable(tolist) and not isinstance(values, (list, tuple)) else values)
    return [str(v) if isinstance(v, str) and type(v) is not str else v for v in out]


def same_length(first: Sequence, second: Sequence, first_name: str, second_name: str) -> None:
    """Refuse two sequences of different lengths (:class:`ArgumentValueError` naming both)."""
    if len(first) != len(second):
        raise ArgumentValueError(first_name, f"and {second_name} must have the same length; got "
                                             f"{len(first)} {first_name} but {len(second)} {second_name}")


def check_threshold(value: object, field: str = "threshold") -> float:
    """A score threshold: a finite real number in [-1, 1] (scores are cosines), as a ``float``.

    >>> check_threshold(0.5)
    0.5
    >>> check_threshold(float("nan"))
    Traceback (most recent call last):
    ...
    paraqd.validation.ArgumentValueError: threshold must be a finite number in [-1, 1], got nan
    """
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        raise ArgumentTypeError(field, f"must be a number in [-1, 1], not {type(value).__name__}")
    number = float(value)
    if not math.isfinite(number) or not -1.0 <= number <= 1.0:
        raise ArgumentValueError(field, f"must be a finite number in [-1, 1], got {number!r}")
    return number


def check_positive_int(value: object, field: str) -> int:
    """A whole number >= 1 (a count, a batch size, ``max_seq_length``), as an ``int``.

    >>> check_positive_int(0, "max_seq_length")
    Traceback (most recent call last):
    ...
    paraqd.validation.ArgumentValueError: max_seq_length must be at least 1, got 0
    """
    if isinstance(value, bool) or not isinstance(value, numbers.Integral):
        raise ArgumentTypeError(field, f"must be a whole number >= 1, not {type(value).__name__}")
    if int(value) < 1:
        raise ArgumentValueError(field, f"must be at least 1, got {int(value)}")
    return int(value)


def check_texts(values: Sequence[str], field: str) -> list[str]:
    """``values`` as a list of ``str`` when each is a non-empty text (:func:`text_sequence` says what a list
    may be); otherwise :class:`TextError` naming ``field[i]`` (the first bad item). A single string where a
    list is expected is refused too.

    >>> check_texts(["a", "b"], "candidates")
    ['a', 'b']
    >>> check_texts(["a", ""], "candidates")
    Traceback (most recent call last):
    ...
    paraqd.validation.TextError: candidates[1] is empty
    """
    return [check_text(value, f"{field}[{i}]") for i, value in enumerate(text_sequence(values, field))]
