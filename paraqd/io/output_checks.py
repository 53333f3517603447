"""The checks of an output path made before any work: a file or directory that can be written, not an input,
a parent directory that exists (unless ``--mkdir``), two options not naming one output; each a one-line error."""

from __future__ import annotations

import os
import tempfile
from collections.abc import Sequence
from pathlib import Path

from ..errors import InputError
from .paths import is_stdio, special_file


def output_directory(path: str | os.PathLike, option: str = "--output") -> Path:
    """``path`` as an output directory; ``-`` (standard output) is refused rather than made a directory named -."""
    if is_stdio(path):
        raise InputError(f"{option}: - (standard output) cannot hold a directory; give a directory path")
    return Path(path)


def _same_path(a: str | os.PathLike, b: str | os.PathLike) -> bool:
    """Whether two paths name the same file (the same inode when both exist, else the same resolved path)."""
    try:
        if os.path.exists(a) and os.path.exists(b):
            return os.path.samefile(a, b)
        return Path(a).resolve() == Path(b).resolve()
    except OSError:
        return False


def _inside(path: str | os.PathLike, directory: str | os.PathLike) -> bool:
    try:
        return Path(directory).resolve() in Path(path).resolve().parents
    except OSError:
        return False


def _writable_ancestor(option: str, path: Path, start: Path) -> None:
    """The nearest existing ancestor of ``start`` must be a directory this process can create files in
    (tried for real: a permission check says nothing for root or on a read-only file system)."""
    probe = start
    while not os.path.lexists(probe) and probe != probe.parent:
        probe = probe.parent
    if not probe.is_dir():
        raise InputError(f"{option} {path}: {probe} is not a directory")
    try:
        fd, tmp = tempfile.mkstemp(prefix=".paraqd-write-check.", dir=probe)
    except OSError as exc:
        raise InputError(f"{option} {path}: cannot write in {probe} ({exc.strerror or exc})") from None
    os.close(fd)
    os.unlink(tmp)


#: Whether the outputs checked by :func:`check_output_file` / :func:`check_output_dir` may have missing parent
#: directories (created when written): the command line's ``--mkdir``. Off by default: a typo in a path
#: should not make a tree of directories.
_MAKE_PARENTS = [False]


def allow_missing_parents(allowed: bool) -> None:
    """Let the output checks accept a missing parent directory (``--mkdir``), or refuse it (the default)."""
    _MAKE_PARENTS[0] = bool(allowed)


def _check_parent(option: str, text: str, parent: Path, make_parents: bool = False) -> None:
    """A missing parent directory of an output is an error with a hint, unless ``--mkdir`` (or the caller,
    for a default path the user did not type) allows it."""
    if make_parents or _MAKE_PARENTS[0] or str(parent) in ("", ".") or os.path.lexists(parent):
        return
    raise InputError(f"{option} {text}: the directory {parent} does not exist; create it first (mkdir -p "
                     f"{parent}) or add --mkdir")


def check_output_file(path: str | os.PathLike | None, option: str = "--output",
                      inputs: Sequence[str | os.PathLike | None] = ()) -> None:
    """Fail early, in one line, when ``path`` cannot take a file: an existing directory, a name ending in
    ``/``, a missing parent directory (unless ``--mkdir``: :func:`allow_missing_parents`), a parent that is a
    file or cannot be written, or a file that is also one of ``inputs``.

    ``None`` and ``-`` (standard output) pass. With ``--mkdir`` a missing parent directory is created when the
    output is written, after the work succeeded.
    """
    if path is None or is_stdio(path):
        return
    text = str(path)
    if not text.strip():
        raise InputError(f"{option}: the path is empty; give a file name")
    p = Path(path)
    if special_file(p):
        return  # /dev/null, a named pipe: written in place
    if p.is_dir():
        raise InputError(f"{option} {text}: is a directory; give a file name")
    if text.endswith(("/", os.sep)):
        raise InputError(f"{option} {text}: names a directory; give a file name")
    for source in inputs:
        if source is not None and not is_stdio(source) and _same_path(p, source):
            raise InputError(f"{option} {text}: is also an input; write the output to another file")
    _writable_ancestor(option, p, p.parent)
    _check_parent(option, text, p.parent)


def check_output_dir(path: str | os.PathLike | None, option: str = "--output",
                     inputs: Sequence[str | os.PathLike | None] = (), replaced: bool = False,
                     make_parents: bool = False) -> None:
    """Fail early, in one line, when ``path`` cannot be an output directory: ``-``, an existing file, a missing
    parent directory (unless ``--mkdir``), an ancestor that is a file or cannot be written, or an input that is
    the directory (or, when ``replaced``, lies inside the directory the command replaces). ``make_parents``
    accepts a missing parent (an option's default path, e.g. ``runs/demo``, made in a fresh clone)."""
    if path is None:
        return
    if not str(path).strip():
        raise InputError(f"{option}: the path is empty; give a directory")
    output_directory(path, option)
    p = Path(path)
    if os.path.lexists(p) and not p.is_dir():
        raise InputError(f"{option} {path}: is a file; give a directory")
    for source in inputs:
        if source is None or is_stdio(source):
            continue
        if _same_path(p, source):
            raise InputError(f"{option} {path}: is also an input; write the output to another directory")
        if replaced and p.is_dir() and _inside(source, p):
            raise InputError(f"{option} {path}: holds the input {source}, which replacing the directory "
                             "would delete; move the input or write elsewhere")
    _writable_ancestor(option, p, p)
    if not os.path.lexists(p):
        _check_parent(option, str(path), p.parent, make_parents)


def check_distinct_outputs(outputs: Sequence[tuple[str, str | os.PathLike | None]],
                           share_stdout: bool = False) -> None:
    """Two options naming one output file (or both ``-``, unless ``share_stdout``: one is printed after the
    other) would overwrite each other: refuse them."""
    given = [(opt, path) for opt, path in outputs if path is not None]
    for i, (opt_a, a) in enumerate(given):
        for opt_b, b in given[i + 1:]:
            if is_stdio(a) and is_stdio(b) and not share_stdout:
                raise InputError(f"{opt_a} and {opt_b} cannot both be - (standard output)")
            if not is_stdio(a) and not is_stdio(b) and _same_path(a, b):
                raise InputError(f"{opt_a} and {opt_b} name the same file {a}; give each its own")
