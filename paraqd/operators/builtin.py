"""Imports every operator module of this package so that their ``@register_operator`` decorators run."""

import importlib
import pkgutil

_INFRASTRUCTURE = {"base", "registry", "availability", "builtin"}

from . import __path__ as _package_path  # noqa: E402

for _info in pkgutil.iter_modules(_package_path):
    if _info.name not in _INFRASTRUCTURE and not _info.name.startswith("_"):
        importlib.import_module(f"{__package__}.{_info.name}")
