"""`paraqd operators`: the operator registry and what is available here."""

from __future__ import annotations

import json

from . import command

DESCRIPTION = """List the registered rewrite operators: name, paper id, polarity (positive keeps the
question's information, negative destroys some), stage (train operators f1..f10, test operators
fa..fe), what each needs, and whether it can run on this machine.

examples:
  paraqd operators
  paraqd operators --json | jq '.[] | select(.available)'"""


@command("operators", help="list the rewrite operators and their availability", description=DESCRIPTION)
def add_arguments(parser):
    parser.add_argument("--json", action="store_true", help="print a JSON list instead of a table")
    parser.add_argument("--select", default="all", help="only these names, paper ids or groups")
    return run


def describe_operators(select: str = "all") -> list[dict]:
    from ..operators import get_operator_class, resolve_operator_names

    rows = []
    for name in resolve_operator_names(select):
        cls = get_operator_class(name)
        op = cls()
        availability = op.availability()
        rows.append({
            "name": cls.name, "paper_id": cls.paper_id, "polarity": cls.polarity, "stage": cls.stage,
            "kind": "model-based" if cls.batched else "rule-based",
            "requires": [r.describe() for r in op.requirements()],
            "model_params": list(cls.model_params),
            "available": availability.ok, "reason": availability.reason,
            "description": cls.description,
        })
    return rows


def run(args) -> int:
    rows = describe_operators(args.select)
    if args.json:
        print(json.dumps(rows, indent=2))
        return 0
    header = f"{'id':<4} {'name':<28} {'polarity':<9} {'stage':<6} {'available':<10} needs"
    print(header)
    print("-" * len(header))
    for r in rows:
        needs = ", ".join(r["requires"]) or "-"
        status = "yes" if r["available"] else "no"
        print(f"{r['paper_id']:<4} {r['name']:<28} {r['polarity']:<9} {r['stage']:<6} {status:<10} {needs}")
        if not r["available"]:
            print(f"{'':<4} {'':<28} -> {r['reason']}")
    return 0
