"""Imports every built-in operator module so that their ``@register_operator`` decorators run."""

# Each module registers its operators on import. Keep this list in paper order.
from . import (  # noqa: F401
    identity,          # f2
)
