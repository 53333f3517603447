"""Imports every operator module of this package so that their ``@register_operator`` decorators run."""

import importlib
import pkgutil
from pathlib import Path

_INFRASTRUCTURE = {"base", "registry", "availability", "builtin"}

for _info in pkgutil.iter_modules([str(Path(__file__).parent)]):
    if _info.name not in _INFRASTRUCTURE and not _info.name.startswith("_"):
        importlib.import_module(f"{__package__}.{_info.name}")
