"""Progress bars: one rule for every command that can take more than a few seconds.

A bar (tqdm) goes to standard error, only when standard error is a terminal and the command was not given
``-q``; piped or redirected output, CI logs and tests never see one. Commands use :func:`progress_bar`::

    from paraqd.progress import progress_bar

    with progress_bar(desc="scoring", unit=" pairs", total=len(rows)) as bar:
        for chunk in chunks:
            ...
            bar.update(len(chunk))

    for row in progress_bar(rows, desc="rewording", unit=" questions"):   # or around an iterable
        ...

:func:`show_progress` is the same rule as a boolean, for a library's own switch (sentence-transformers'
``show_progress_bar``, the Hugging Face trainer's ``disable_tqdm``).
"""

from __future__ import annotations

import sys

_QUIET = [False]


def set_quiet(quiet: bool) -> None:
    """``-q``: no progress bar in this process (the command line sets it from its options)."""
    _QUIET[0] = bool(quiet)


def show_progress() -> bool:
    """Whether a progress bar would be shown now: standard error is a terminal and ``-q`` was not given."""
    if _QUIET[0]:
        return False
    try:
        return sys.stderr.isatty()
    except (AttributeError, ValueError):  # replaced or closed standard error
        return False


def progress_bar(iterable=None, *, desc: str = "", unit: str = " items", total: int | None = None,
                 leave: bool = False, **options):
    """A tqdm bar on standard error, disabled unless :func:`show_progress`; usable as a context manager
    and around an iterable. ``options`` go to tqdm (``position``, ``postfix``...)."""
    from tqdm.auto import tqdm

    return tqdm(iterable, desc=desc, unit=unit, total=total, leave=leave, file=sys.stderr,
                disable=not show_progress(), dynamic_ncols=True, **options)


#: Pairs per call of :func:`in_chunks`: large enough that the scorer's batching and parse stay efficient.
CHUNK_PAIRS = 2048


def in_chunks(work, questions, paraphrases, *, desc: str, unit: str = " pairs", size: int = CHUNK_PAIRS):
    """``work(questions, paraphrases)`` chunk by chunk, with a progress bar; the chunks' results joined (a
    numpy array when ``work`` returns arrays, else a list). One chunk, and no bar, for small inputs."""
    questions, paraphrases = list(questions), list(paraphrases)
    if len(questions) <= size:
        return work(questions, paraphrases)
    parts = []
    with progress_bar(total=len(questions), desc=desc, unit=unit) as bar:
        for start in range(0, len(questions), size):
            parts.append(work(questions[start:start + size], paraphrases[start:start + size]))
            bar.update(len(parts[-1]))
    if all(hasattr(part, "shape") for part in parts):
        import numpy as np

        return np.concatenate(parts)
    return [item for part in parts for item in part]
