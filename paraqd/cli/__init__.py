"""The ``paraqd`` command line.

Each subcommand lives in its own module in this package and registers itself with :func:`command`:

    @command("augment", help="questions in, (anchor, positive, negative) triplets out")
    def add_arguments(parser): ...   # returns the function that runs the command

Modules are discovered automatically, so adding a command never means editing a central list.

Over 400 lines: the parser, the one error path (exit statuses, one-line errors) and the signal handling
that every subcommand shares.
"""

from __future__ import annotations

import argparse
import importlib
import logging
import os
import pkgutil
import signal
import sys
import threading
import time
from collections.abc import Callable

from ..errors import ParaqdError
from .children import terminate_children

# name -> (help, description, add_arguments); add_arguments(parser) returns run(args) -> int | None
_COMMANDS: dict[str, tuple[str, str, Callable[[argparse.ArgumentParser], Callable]]] = {}


EPILOG = """examples:
  paraqd operators                                  list the rewrite operators and their availability
  paraqd augment questions.jsonl -o triplets.jsonl  make (anchor, positive, negative) triplets
  paraqd train triplets.jsonl -o model/             fine-tune the scorer with triplet loss
  paraqd score pairs.csv -o scored.csv --explain    score (question, paraphrase) pairs, with reasons
  paraqd filter cands.csv -o kept.csv --rejected r.csv    valid candidates ranked per question
  paraqd reword bank.csv -o kept.csv --base-url http://127.0.0.1:8080/v1 --llm-model M
                                                    an LLM's rewordings, the valid ones kept and ranked
  paraqd calibrate labelled.csv -o calibration.json the threshold that suits your own labels
  paraqd evaluate pretrained labelled.csv --json m.json   metrics on labelled pairs (paper Table 1)
  paraqd bench --pool q.jsonl --eval test.csv -o out/     all methods on the same budget
  paraqd pairs closure labelled.csv -o more.csv           more pairs from labelled ones
  paraqd demo                                       the main job on bundled samples, offline
  paraqd serve                                      JSON endpoints and a web page on http://127.0.0.1:8000/

Run `paraqd COMMAND --help` for the options of one command."""


def command(name: str, help: str, description: str | None = None):
    """Decorator registering ``add_arguments`` as the parser builder of subcommand ``name``."""

    def decorator(fn):
        _COMMANDS[name] = (help, description or help, fn)
        return fn

    return decorator


def _discover() -> None:
    for info in pkgutil.iter_modules(__path__):
        if not info.name.startswith("_"):
            importlib.import_module(f"{__name__}.{info.name}")


class Parser(argparse.ArgumentParser):
    """An argument parser whose errors are one line (``paraqd CMD: error: ...``, exit 2), like every other
    user mistake; subcommand parsers inherit it."""

    def error(self, message: str):
        self.exit(2, f"{self.prog}: error: {message} (see {self.prog} --help)\n")


def verbosity_options() -> argparse.ArgumentParser:
    """-v / -q as a parent parser, so they are accepted after a (sub)command too: `paraqd score -q ...`.

    Their defaults are suppressed there, so an option given before the command is not reset by the subparser.
    """
    parent = argparse.ArgumentParser(add_help=False)
    group = parent.add_argument_group("output")
    group.add_argument("-v", "--verbose", action="count", default=argparse.SUPPRESS,
                       help="more log output (-vv: debug)")
    group.add_argument("-q", "--quiet", action="store_true", default=argparse.SUPPRESS,
                       help="only warnings and errors")
    group.add_argument("--mkdir", action="store_true", default=argparse.SUPPRESS,
                       help="create missing parent directories of the outputs (default: refuse them)")
    return parent


def build_parser() -> argparse.ArgumentParser:
    _discover()
    from .. import __version__

    parser = Parser(
        prog="paraqd",
        description="Score paraphrases of algebraic word problems: generate training triplets with "
                    "information-preserving and information-destroying operators, train a sentence "
                    "encoder, score and explain paraphrases.",
        epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--version", action="version", version=f"paraqd {__version__}")
    parser.add_argument("-v", "--verbose", action="count", default=0, help="more log output (-vv: debug)")
    parser.add_argument("-q", "--quiet", action="store_true", help="only warnings and errors")
    parser.add_argument("--mkdir", action="store_true",
                        help="create missing parent directories of the outputs (default: refuse them)")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name in sorted(_COMMANDS):
        help_, description, add_arguments = _COMMANDS[name]
        p = sub.add_parser(name, help=help_, description=description, parents=[verbosity_options()],
                           formatter_class=argparse.RawDescriptionHelpFormatter)
        p.set_defaults(_run=add_arguments(p))
    return parser


def _configure_logging(verbose: int, quiet: bool) -> None:
    level = logging.WARNING if quiet else (logging.DEBUG if verbose > 1 else logging.INFO)
    logging.basicConfig(level=level, format="%(message)s" if verbose == 0 else "%(levelname)s %(name)s: %(message)s")
    logging.getLogger("paraqd.hub").setLevel(logging.DEBUG if verbose else level)  # -v: what the probe saw
    for noisy in ("sentence_transformers", "transformers", "urllib3", "filelock", "httpx", "httpcore",
                  "huggingface_hub", "distributed"):
        logging.getLogger(noisy).setLevel(logging.WARNING if verbose < 2 else logging.INFO)


#: Commands whose every model is named by one option (its attribute): offline at once when that model is
#: local. Other commands (operators' default models, recipes) probe the hub (:func:`paraqd.hub.prepare_offline`).
MODEL_OPTION = {"score": "model", "filter": "model", "evaluate": "model", "serve": "model", "reword": "model",
                "calibrate": "model"}


def _prepare_hub(name: str, args: argparse.Namespace) -> None:
    """Go offline before the command loads a model when the hub is not needed or does not answer."""
    from ..hub import prepare_offline

    option = MODEL_OPTION.get(name)
    prepare_offline([getattr(args, option, None)] if option and hasattr(args, option) else None)


# Exit statuses: 0 done, 1 an internal error (a bug), 2 a user mistake or an unusable environment,
# 128 + N stopped by signal N (130 Ctrl-C / SIGINT, 143 SIGTERM, 129 SIGHUP).
EXIT_INTERNAL = 1
_STOP_SIGNALS = ("SIGINT", "SIGTERM", "SIGHUP")
#: Seconds after a stop signal before a command still busy cleaning up is ended regardless.
STOP_GRACE_S = 1.5


class Interrupted(KeyboardInterrupt):
    """A stop signal (SIGINT, SIGTERM, SIGHUP) received while a command runs."""

    def __init__(self, signum: int):
        super().__init__(signal.Signals(signum).name)
        self.signum = signum


class _Stopper:
    """Turns stop signals into :class:`Interrupted` in the command's process, ends forked children quietly,
    and, in a process of its own (the ``paraqd`` program), ends everything within :data:`STOP_GRACE_S`."""

    def __init__(self, hard_exit: bool, name: str = ""):
        self.name = name
        self.pid = os.getpid()
        self.hard_exit = hard_exit
        self.signum: int | None = None
        self.previous: dict[int, object] = {}
        self.previous_unraisable = None

    def install(self) -> None:
        if threading.current_thread() is not threading.main_thread():
            return
        # a stop signal that lands where Python cannot raise (an at-fork hook, a finaliser) is "ignored" with a
        # traceback on stderr; the stop is recorded all the same (the watchdog or raise_if_stopped ends the run)
        self.previous_unraisable, sys.unraisablehook = sys.unraisablehook, self._unraisable
        for name in _STOP_SIGNALS:
            signum = getattr(signal, name, None)
            if signum is None:
                continue
            try:
                self.previous[signum] = signal.signal(signum, self._handle)
            except (ValueError, OSError):  # pragma: no cover - not the main thread / unsupported here
                pass

    def _unraisable(self, unraisable) -> None:
        if isinstance(unraisable.exc_value, Interrupted):
            return
        (self.previous_unraisable or sys.__unraisablehook__)(unraisable)

    def restore(self) -> None:
        if self.previous_unraisable is not None:
            sys.unraisablehook, self.previous_unraisable = self.previous_unraisable, None
        for signum, handler in self.previous.items():
            try:
                signal.signal(signum, handler)
            except (ValueError, OSError, TypeError):  # pragma: no cover
                pass
        self.previous.clear()

    def _handle(self, signum, frame) -> None:
        if os.getpid() != self.pid:  # a forked worker (process pool, spaCy n_process): leave quietly
            os._exit(128 + signum)
        if self.signum is not None:  # already stopping: the clean-up is under way, the watchdog bounds it
            return
        self.signum = signum
        import warnings

        warnings.simplefilter("ignore")  # libraries cleaning up (spaCy's W127 on its stopped workers) say nothing
        for logger_name in list(logging.root.manager.loggerDict):  # a Dask cluster closing reports each task
            if logger_name.split(".")[0] in ("distributed", "tornado", "asyncio"):
                logging.getLogger(logger_name).setLevel(logging.CRITICAL)
        if self.hard_exit:
            threading.Thread(target=self._watchdog, name="paraqd-stop", daemon=True).start()
        raise Interrupted(signum)

    def _watchdog(self) -> None:
        time.sleep(STOP_GRACE_S)
        # Still running: a library is stuck in its clean-up. End the children, remove unfinished outputs, go.
        from ..io import remove_pending_outputs

        terminate_children(self.pid)
        remove_pending_outputs()
        signum = self.signum or signal.SIGTERM
        try:
            sys.stderr.write(_stop_line(self.name, signum) + "\n")
            sys.stderr.flush()
        except (OSError, ValueError):
            pass
        os._exit(128 + signum)


_CURRENT: list[_Stopper] = []


def _leave_if_stopping_after_fork() -> None:
    """A process forked after a stop signal leaves at once. A process pool replaces the workers the stop just
    ended (its handler thread runs on while the command cleans up); the replacement would wait for work nobody
    sends, outlive the command and hold its stdout / stderr open."""
    if _CURRENT and _CURRENT[-1].signum is not None:
        os._exit(128 + _CURRENT[-1].signum)


if hasattr(os, "register_at_fork"):
    os.register_at_fork(after_in_child=_leave_if_stopping_after_fork)


def raise_if_stopped() -> None:
    """Raise :class:`Interrupted` when the running command received a stop signal that a library caught and
    swallowed (uvicorn ends its server on SIGINT / SIGTERM and returns normally)."""
    if _CURRENT and _CURRENT[-1].signum is not None:
        raise Interrupted(_CURRENT[-1].signum)


def _stop_line(name: str, signum: int) -> str:
    prefix = f"paraqd {name}" if name else "paraqd"
    return f"{prefix}: {'interrupted' if signum == signal.SIGINT else 'stopped'} ({signal.Signals(signum).name})"


def _stop_children_started_here(before: set[int]) -> None:
    """End the multiprocessing children a command started and left running (in-process callers)."""
    import multiprocessing

    for child in multiprocessing.active_children():
        if child.pid not in before:
            child.terminate()
            child.join(1)
            if child.is_alive():
                child.kill()


def _internal_error(command: str, exc: BaseException, verbose: int) -> int:
    """One line for an error nobody anticipated (a bug): what it is and how to see the traceback."""
    if verbose:
        import traceback

        traceback.print_exception(exc)
    first = str(exc).strip().splitlines()[0] if str(exc).strip() else ""
    what = f"{type(exc).__name__}: {first}" if first else type(exc).__name__
    hint = "" if verbose else "; run it again with -v to see the traceback"
    print(f"paraqd {command}: internal error ({what}): this is a bug in paraqd, please report it{hint}",
          file=sys.stderr)
    return EXIT_INTERNAL


def _os_error(command: str, exc: OSError) -> int:
    """An operating-system refusal (no space left, permission denied, ...): the user's environment."""
    where = exc.filename if exc.filename is not None else ""
    reason = exc.strerror or str(exc) or type(exc).__name__
    print(f"paraqd {command}: error: {where}{': ' if where else ''}{reason}", file=sys.stderr)
    return 2


def main(argv: list[str] | None = None) -> int:
    """Run ``paraqd`` with ``argv`` (default: the process's arguments); returns the exit status.

    Called without ``argv`` (the ``paraqd`` program, ``python -m paraqd``), a stop signal also ends any
    child process and the program itself within :data:`STOP_GRACE_S` seconds, whatever a library does.
    """
    os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")
    # Stop signals are handled from the start: building the parser imports modules for seconds.
    stopper = _Stopper(hard_exit=argv is None, name="")
    stopper.install()
    _CURRENT.append(stopper)
    try:
        return _main(argv, stopper)
    except BaseException as exc:  # before the command began (imports, parsing): nothing to clean up
        # (a signal inside a C extension's import surfaces as another exception: the signal decides)
        if not isinstance(exc, KeyboardInterrupt) and stopper.signum is None:
            raise
        signum = exc.signum if isinstance(exc, Interrupted) else (stopper.signum or signal.SIGINT)
        print(_stop_line(stopper.name, signum), file=sys.stderr)
        if argv is None:
            _leave(128 + signum)
        return 128 + signum
    finally:
        stopper.restore()
        _CURRENT.remove(stopper)


def _main(argv: list[str] | None, stopper: _Stopper) -> int:
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as exc:  # --help, --version, or a refused option (one line printed): its status
        return exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 2)
    if not getattr(args, "_run", None):
        parser.print_help()
        return 2
    _configure_logging(args.verbose, args.quiet)
    from ..io import allow_missing_parents
    from ..progress import set_quiet

    allow_missing_parents(args.mkdir)
    set_quiet(args.quiet)
    import multiprocessing

    children_before = {c.pid for c in multiprocessing.active_children()}
    name = args.command
    if getattr(args, "pairs_command", None):
        name = f"{name} {args.pairs_command}"
    stopper.name = name
    try:
        try:
            _prepare_hub(name, args)
            code = args._run(args)
        except BaseException as exc:
            if stopper.signum is not None and not isinstance(exc, KeyboardInterrupt):
                # a library turned the interrupt into an error of its own (a pool whose workers were stopped)
                raise Interrupted(stopper.signum) from None
            raise
    except ParaqdError as exc:
        print(f"paraqd {name}: error: {exc}", file=sys.stderr)
        return exc.exit_code
    except KeyboardInterrupt as exc:
        signum = exc.signum if isinstance(exc, Interrupted) else signal.SIGINT
        if argv is None:
            terminate_children()
        _stop_children_started_here(children_before)
        print(_stop_line(name, signum), file=sys.stderr)
        if argv is None:  # the program: done cleaning up, so leave now (the interpreter's own shutdown
            _leave(128 + signum)  # can wait seconds on library threads)
        return 128 + signum
    except BrokenPipeError:
        _silence_stdout()
        return 0
    except OSError as exc:
        return _os_error(name, exc)
    except MemoryError:
        print(f"paraqd {name}: error: out of memory; try smaller inputs or a smaller --batch-size",
              file=sys.stderr)
        return EXIT_INTERNAL
    except Exception as exc:
        return _internal_error(name, exc, args.verbose)
    return int(code or 0)


def _leave(code: int) -> None:
    """End the process at once with ``code``, its outputs flushed and unfinished temporary files removed."""
    from ..io import remove_pending_outputs

    remove_pending_outputs()
    logging.shutdown()
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except (OSError, ValueError):
            pass
    os._exit(code)


def _silence_stdout() -> None:
    """After the reader of standard output went away (``| head``), send the rest to /dev/null, so the
    interpreter's final flush does not print an error."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError, AttributeError):
        pass


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
