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
"""

from __future__ import annotations

from collections.abc import Sequence

from .errors import InputError


class TextError(InputError, ValueError):
    """A text argument is not a string, or is empty / only whitespace; ``field`` names it."""

    def __init__(self, field: str, problem: str):
        self.field = field
        self.problem = problem
        super().__init__(f"{field} {problem}")


def text_problem(value: object) -> str | None:
    """Why ``value`` cannot be scored as a text (``None`` when it can): not a string, empty, only whitespace.

    >>> text_problem("x"), text_problem(""), text_problem(" \\t"), text_problem(3)
    (None, 'is empty', 'is empty (only whitespace)', 'is not text (int)')
    """
    if not isinstance(value, str):
        return f"is not text ({type(value).__name__})"
    if not value:
        return "is empty"
    if not value.strip():
        return "is empty (only whitespace)"
    return None


def check_text(value: object, field: str) -> str:
    """``value`` when it is a non-empty text; otherwise :class:`TextError` naming ``field``."""
    problem = text_problem(value)
    if problem is not None:
        raise TextError(field, problem)
    return value  # type: ignore[return-value]


def check_texts(values: Sequence[str], field: str) -> list[str]:
    """``values`` as a list when each is a non-empty text; otherwise :class:`TextError` naming
    ``field[i]`` (the first bad item). A single string where a list is expected is refused too.

    >>> check_texts(["a", "b"], "candidates")
    ['a', 'b']
    >>> check_texts(["a", ""], "candidates")
    Traceback (most recent call last):
    ...
    paraqd.validation.TextError: candidates[1] is empty
    """
    if isinstance(values, str):
        raise TextError(field, "must be a list of strings, not one string")
    out = list(values)
    for i, value in enumerate(out):
        check_text(value, f"{field}[{i}]")
    return out
