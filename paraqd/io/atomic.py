"""Outputs that appear whole or not at all: a temporary file (or staging directory) beside the target,
renamed onto it when complete, removed on an error or a stop signal; the user's umask on what is written."""

from __future__ import annotations

import contextlib
import os
import tempfile
from collections.abc import Iterator
from pathlib import Path

from ..errors import InputError
from .paths import special_file

#: Temporary files and staging directories not yet renamed into place: removed if the process is stopped.
_PENDING: set[Path] = set()


def remove_pending_outputs() -> None:
    """Remove every unfinished temporary output of this process (called when a stop signal ends it)."""
    import shutil

    for path in list(_PENDING):
        with contextlib.suppress(OSError):
            if path.is_dir() and not path.is_symlink():
                shutil.rmtree(path, ignore_errors=True)
            elif os.path.lexists(path):
                path.unlink()
        _PENDING.discard(path)

def _remove_orphaned_temporaries(path: Path) -> None:
    """Remove the temporary files that writers of ``path`` killed with SIGKILL left (nothing can clean up
    after a SIGKILL): the writing process's id is in each name, and only those of processes gone are removed."""
    import glob

    for stale in (path.parent or Path(".")).glob(f".{glob.escape(path.name)}.*.tmp"):
        pid = stale.name[len(path.name) + 2:].split(".", 1)[0]
        if not pid.isdigit() or int(pid) == os.getpid():
            continue
        try:
            os.kill(int(pid), 0)
        except ProcessLookupError:  # its writer is gone
            stale.unlink(missing_ok=True)
        except OSError:  # alive (another user's, or ours): leave it
            pass


@contextlib.contextmanager
def atomic_path(path: str | os.PathLike) -> Iterator[Path]:
    """Yield a temporary path next to ``path``; on success it replaces ``path`` in one rename.

    On any error, or an interrupt, the temporary file is removed, so a reader never sees a half-written
    output. A missing parent directory is created here, when the output is written. A device or named pipe
    (``-o /dev/null``) is written in place.
    """
    path = Path(path)
    if special_file(path):
        yield path
        return
    if path.is_dir():
        raise InputError(f"{path}: is a directory; give a file name")
    if path.parent and not path.parent.exists():
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise InputError(f"{path}: cannot create its directory ({exc.strerror or exc})") from None
    _remove_orphaned_temporaries(path)
    try:
        fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.{os.getpid()}.", suffix=".tmp", dir=path.parent or ".")
    except OSError as exc:
        raise InputError(f"{path}: cannot write in {path.parent} ({exc.strerror or exc})") from None
    os.close(fd)
    tmp_path = Path(tmp)
    _PENDING.add(tmp_path)
    try:
        yield tmp_path
        os.chmod(tmp_path, 0o666 & ~_umask())  # mkstemp creates 0600; give the file the usual permissions
        try:
            os.replace(tmp_path, path)
        except IsADirectoryError:
            raise InputError(f"{path}: is a directory; give a file name") from None
    finally:
        try:
            if tmp_path.exists():
                tmp_path.unlink()
        finally:
            _PENDING.discard(tmp_path)

def _umask() -> int:
    umask = os.umask(0)
    os.umask(umask)
    return umask


def staging_dir(target: str | os.PathLike, suffix: str = ".tmp") -> Path:
    """A new empty directory beside ``target``, to be renamed onto it when complete.

    ``tempfile.mkdtemp`` creates it 0700; it gets the user's umask like any other output (0755 usually),
    so a saved model directory is as readable as the files in it.
    """
    target = Path(target)
    parent = target.resolve().parent
    parent.mkdir(parents=True, exist_ok=True)
    path = Path(tempfile.mkdtemp(prefix=f".{target.name}.", suffix=suffix, dir=parent))
    _PENDING.add(path)  # removed if the process is stopped before it is renamed into place
    os.chmod(path, 0o777 & ~_umask())
    return path


def give_umask(directory: str | os.PathLike) -> None:
    """Give every file and directory under ``directory`` the user's usual permissions (0644 / 0755 under
    umask 022), like any other output: libraries write some model files through ``mkstemp`` (0600:
    ``model.safetensors``) and their directories 0700. Executable bits are kept."""
    umask = _umask()
    for root, dirs, files in os.walk(directory):
        for name in dirs:
            os.chmod(os.path.join(root, name), 0o777 & ~umask)
        for name in files:
            path = os.path.join(root, name)
            if os.path.islink(path):
                continue
            mode = os.stat(path).st_mode
            os.chmod(path, (0o777 if mode & 0o111 else 0o666) & ~umask)
    os.chmod(directory, 0o777 & ~umask)
