"""Operators: rewrites of a question that keep (positive) or destroy (negative) its information.

Train operators f1..f10 and test operators fa..fe of the ParaQD paper, each in a module named after the idea.
"""

from .base import Availability, Operator, Requirement
from .registry import (
    GROUPS,
    create_operator,
    get_operator_class,
    operator_classes,
    operators,
    register_operator,
    resolve_operator_names,
    unregister_operator,
)

__all__ = [
    "Operator", "Requirement", "Availability", "register_operator", "operators", "operator_classes",
    "get_operator_class", "create_operator", "unregister_operator", "resolve_operator_names", "GROUPS",
]
