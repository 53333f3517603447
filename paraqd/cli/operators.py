"""`paraqd operators`: the operator registry and what is available here."""

from __future__ import annotations

import json

from . import command

DESCRIPTION = """List the registered rewrite operators: name, paper id, polarity (positive keeps the
question's information, negative destroys some), stage (train operators f1..f10, test operators
fa..fe; extra: beyond the paper's, in no default list), what each needs, and whether it can run on this
machine (the reasons of those that cannot are listed below the table).

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
            "name": cls.name, "paper_id": cls.paper_id, "polarity": cls.polarity,
            # an operator beyond the paper's is in no stage group (train, test): "extra", chosen by name
            "stage": cls.stage if cls.in_stage_group else "extra", "in_stage_group": cls.in_stage_group,
            "kind": "model-based" if cls.batched else "rule-based",
            "requires": [r.describe() for r in op.requirements()],
            "model_params": list(cls.model_params),
            "available": availability.ok, "reason": availability.reason,
            "description": cls.description,
        })
    return sorted(rows, key=_table_order)


def _table_order(row: dict) -> tuple:
    """The paper's train operators f1..f10, its test operators fa..fe, then the extra ones (n1.., p1..)."""
    import re

    number = re.search(r"\d+", row["paper_id"])
    return (("train", "test", "extra").index(row["stage"]) if row["stage"] in ("train", "test", "extra") else 3,
            row["paper_id"][0], int(number.group()) if number else 0, row["paper_id"])


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
    unavailable = [r for r in rows if not r["available"]]
    if unavailable:  # below the table, so its rows stay one per operator
        print(f"\nnot available here ({len(unavailable)}):")
        for r in unavailable:
            print(f"  {r['paper_id']:<4} {r['name']}: {r['reason']}")
    if any(r["stage"] == "extra" for r in rows):
        print("\nstage extra: beyond the paper's operators, in no default list (train, test); choose them by "
              "name, id or the group extra")
    return 0
