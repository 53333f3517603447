"""Exceptions with messages meant for users.

Anything deriving from :class:`ParaqdError` is a problem with the user's input or environment; the CLI
prints its message on one line and exits non-zero instead of showing a traceback.
"""

from __future__ import annotations


class ParaqdError(Exception):
    """Base class for errors caused by input, configuration or a missing resource."""

    exit_code = 2


class InputError(ParaqdError):
    """A file, column or value supplied by the user is unusable."""


class ModelUnavailableError(ParaqdError):
    """A model an operator or command needs cannot be loaded on this machine."""

    def __init__(self, model: str, hint: str = "", reason: str = ""):
        self.model = model
        msg = f"model {model!r} is not available"
        if reason:
            msg += f" ({reason})"
        if hint:
            msg += f"; {hint}"
        super().__init__(msg)


class ModelNotFoundError(ModelUnavailableError):
    """A model named by a path that does not exist (or, offline, by a name in no cache): "no model at PATH"."""

    def __init__(self, model: str, detail: str = ""):
        self.model = model
        ParaqdError.__init__(self, f"no model at {model}" + (f" ({detail})" if detail else ""))
