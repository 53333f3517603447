"""One definition per kind of option value, shared by every subcommand (argparse ``type=`` functions).

A value is refused where it is parsed, with the same words whichever command reads it:

========================  ==============================================================================
``count``                 a whole number >= 1 (--limit, --workers, --batch-size, --top-k, --rounds, ...)
``count_or_zero``         a whole number >= 0 (--max-distance)
``count_or_all``          a whole number >= 1 or ``all`` (--per-question)
``seed``                  a whole number in [0, 2**32 - 1] (what numpy, torch and random all accept)
``score_threshold``       a finite number in [-1, 1]: scores are cosines or hybrid scores (score, filter,
                          evaluate, serve)
``probability``           a finite number in [0, 1] (a cross-encoder's sigmoid: pairs silver --threshold)
``fraction``              a finite number in [0, 1] (--validation-split, --warmup-ratio, --dev-fraction, ...)
``positive_number``       a finite number > 0 (--lr, --epochs, --margin, --growth)
``non_negative_number``   a finite number >= 0 (--weight-decay)
``port``                  a whole number in [0, 65535]
``device``                a torch device this machine has (cpu, cuda, cuda:1, mps)
========================  ==============================================================================

Each raises :class:`argparse.ArgumentTypeError`, which the parser turns into one line
(``paraqd CMD: error: argument --limit: ...``) and exit status 2.
"""

from __future__ import annotations

import argparse
import math

SEED_MAX = 2**32 - 1


def _int(text: str, what: str) -> int:
    try:
        return int(str(text).strip())
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected {what}, got {text!r}") from None


def _float(text: str, what: str) -> float:
    try:
        value = float(str(text).strip())
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected {what}, got {text!r}") from None
    if not math.isfinite(value):
        raise argparse.ArgumentTypeError(f"expected {what}, got {text!r} (not a finite number)")
    return value


def _whole_in(text: str, low: int, high: int | None, what: str, refusal: str) -> int:
    """A whole number in [low, high] (``high`` None: no upper bound); ``refusal`` starts the error."""
    value = _int(text, what)
    if value < low or (high is not None and value > high):
        raise argparse.ArgumentTypeError(f"{refusal}, got {value}")
    return value


def count(text: str) -> int:
    """A whole number >= 1 (the rule of the Python API, :func:`paraqd.validation.check_positive_int`)."""
    from ..validation import ArgumentValueError, check_positive_int

    value = _int(text, "a whole number >= 1")
    try:
        return check_positive_int(value, "value")
    except ArgumentValueError:
        raise argparse.ArgumentTypeError(f"must be at least 1, got {value}") from None


def count_or_zero(text: str) -> int:
    """A whole number >= 0."""
    return _whole_in(text, 0, None, "a whole number >= 0", "must be 0 or more")


def count_or_all(text: str) -> int | str:
    """A whole number >= 1, or ``all``."""
    if str(text).strip().lower() == "all":
        return "all"
    value = _int(text, "a whole number >= 1 or 'all'")
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1 or 'all', got {value}")
    return value


def seed(text: str) -> int:
    """A random seed: a whole number in [0, 2**32 - 1]."""
    return _whole_in(text, 0, SEED_MAX, f"a whole number in [0, {SEED_MAX}]", f"must be in [0, {SEED_MAX}]")


def _bounded(text: str, low: float, high: float) -> float:
    value = _float(text, f"a number in [{low:g}, {high:g}]")
    if not low <= value <= high:
        raise argparse.ArgumentTypeError(f"must be in [{low:g}, {high:g}], got {value:g}")
    return value


def score_threshold(text: str) -> float:
    """A score threshold: scores (cosines, hybrid scores) lie in [-1, 1] (the rule of the Python API,
    :func:`paraqd.validation.check_threshold`)."""
    from ..validation import ArgumentValueError, check_threshold

    value = _float(text, "a number in [-1, 1]")
    try:
        return check_threshold(value)
    except ArgumentValueError:
        raise argparse.ArgumentTypeError(f"must be in [-1, 1], got {value:g}") from None


def probability(text: str) -> float:
    """A probability in [0, 1]."""
    return _bounded(text, 0.0, 1.0)


def fraction(text: str) -> float:
    """A fraction of a whole, in [0, 1]."""
    return _bounded(text, 0.0, 1.0)


def part_fraction(text: str) -> float:
    """A fraction of a whole that leaves some of it, in [0, 1) (e.g. the warm-up share of training)."""
    value = _float(text, "a number in [0, 1)")
    if not 0 <= value < 1:
        raise argparse.ArgumentTypeError(f"must be in [0, 1), got {value:g}")
    return value


def positive_number(text: str) -> float:
    """A finite number > 0."""
    value = _float(text, "a number > 0")
    if value <= 0:
        raise argparse.ArgumentTypeError(f"must be greater than 0, got {value:g}")
    return value


def non_negative_number(text: str) -> float:
    """A finite number >= 0."""
    value = _float(text, "a number >= 0")
    if value < 0:
        raise argparse.ArgumentTypeError(f"must be 0 or more, got {value:g}")
    return value


def port(text: str) -> int:
    """A TCP port, 0 (any free port) to 65535."""
    return _whole_in(text, 0, 65535, "a port number in [0, 65535]", "must be in [0, 65535]")


def device(text: str) -> str:
    """A torch device that exists here: ``cpu``, ``cuda`` / ``cuda:N`` with CUDA, ``mps`` on Apple silicon."""
    import torch

    try:
        dev = torch.device(str(text).strip())
    except (RuntimeError, ValueError):
        raise argparse.ArgumentTypeError(f"unknown device {text!r}; use cpu, cuda, cuda:N or mps") from None
    if dev.type == "cuda":
        if not torch.cuda.is_available():
            raise argparse.ArgumentTypeError(f"{text!r}: no CUDA device is available here; use cpu")
        if dev.index is not None and dev.index >= torch.cuda.device_count():
            raise argparse.ArgumentTypeError(f"{text!r}: this machine has {torch.cuda.device_count()} CUDA "
                                             "device(s)")
    elif dev.type == "mps" and not (hasattr(torch.backends, "mps") and torch.backends.mps.is_available()):
        raise argparse.ArgumentTypeError(f"{text!r}: no MPS device is available here; use cpu")
    elif dev.type not in ("cpu", "cuda", "mps"):
        raise argparse.ArgumentTypeError(f"device {text!r} is not supported; use cpu, cuda, cuda:N or mps")
    return str(text).strip()



def registered(names, what: str):
    """The ``type=`` of an option naming a registry entry: ``names()`` is called only when a value is checked,
    so ``--help`` does not import the registry's module (and its heavy libraries); a refused value's error
    lists the names.

    >>> sampler = registered(lambda: ["bm25", "kde"], "sampler")
    >>> sampler("kde")
    'kde'
    >>> sampler("knn")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: unknown sampler 'knn'; choose one of bm25, kde
    """

    def check(text: str) -> str:
        known = list(names())
        if text not in known:
            raise argparse.ArgumentTypeError(f"unknown {what} {text!r}; choose one of {', '.join(known)}")
        return text

    check.__name__ = what
    return check
