"""The processes a command started: find every descendant of a process and end them (a stopped command leaves
none behind)."""

from __future__ import annotations

import os
import signal
import time


def _child_pids(pid: int) -> list[int]:
    """Every descendant of ``pid`` (from /proc on Linux; elsewhere this process's multiprocessing children)."""
    parents: dict[int, list[int]] = {}
    try:
        entries = os.listdir("/proc")
    except OSError:
        import multiprocessing

        return [c.pid for c in multiprocessing.active_children()] if pid == os.getpid() else []
    for entry in entries:
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat", encoding="utf-8", errors="replace") as fh:
                ppid = int(fh.read().rsplit(")", 1)[1].split()[1])
        except (OSError, IndexError, ValueError):
            continue
        parents.setdefault(ppid, []).append(int(entry))
    out, todo = [], [pid]
    while todo:
        for child in parents.get(todo.pop(), []):
            out.append(child)
            todo.append(child)
    return out


def terminate_children(pid: int | None = None, grace_s: float = 0.5, rounds: int = 3) -> None:
    """SIGTERM every descendant of ``pid`` (this process), then SIGKILL those alive after ``grace_s``; list them
    again (a process pool may have started a replacement meanwhile) up to ``rounds`` times."""
    pid = os.getpid() if pid is None else pid
    ended: set[int] = set()
    for _ in range(rounds):
        children = [c for c in _child_pids(pid) if c not in ended or _alive(c)]
        if not children:
            return
        _end(children, grace_s)
        ended.update(children)


def _end(children: list[int], grace_s: float) -> None:
    for child in children:
        try:
            os.kill(child, signal.SIGTERM)
        except OSError:
            pass
    deadline = time.monotonic() + grace_s
    alive = children
    while alive and time.monotonic() < deadline:
        time.sleep(0.02)
        alive = [c for c in alive if _alive(c)]
    for child in alive:
        try:
            os.kill(child, signal.SIGKILL)
        except OSError:
            pass
    for child in children:
        _alive(child)


def _alive(pid: int) -> bool:
    """Whether ``pid`` still runs; a finished child of ours is reaped (not left a zombie)."""
    try:
        done, _ = os.waitpid(pid, os.WNOHANG)
        if done:
            return False
    except ChildProcessError:
        pass
    except OSError:
        return False
    try:
        os.kill(pid, 0)
    except OSError:
        return False
    try:
        with open(f"/proc/{pid}/stat", encoding="utf-8", errors="replace") as fh:
            return fh.read().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return True
