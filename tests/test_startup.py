"""Start-up (issue 27): `paraqd --help` and every subcommand's --help import no heavy library.

Not a timing test (those live in benchmarks/startup.py): it asserts which modules are loaded.
"""

from __future__ import annotations

import json
import subprocess
import sys

#: Libraries that take seconds to import; a command loads them only when it runs.
HEAVY = ("torch", "sentence_transformers", "transformers", "sklearn", "scipy", "pandas", "networkx", "spacy",
         "fastapi", "uvicorn", "dask", "distributed", "pyarrow")

PROBE = r"""
import contextlib, io, json, sys
from paraqd.cli import build_parser, main

heavy = json.loads(sys.argv[1])
def loaded():
    return sorted(m for m in heavy if m in sys.modules)

commands = [[]]
parser = build_parser()
sub = next(a for a in parser._actions if a.__class__.__name__ == "_SubParsersAction")
for name, p in sub.choices.items():
    commands.append([name])
    for a in p._actions:
        if a.__class__.__name__ == "_SubParsersAction":
            commands += [[name, child] for child in a.choices]
report = {"before": loaded(), "commands": [], "after": {}}
for argv in commands:
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        code = main([*argv, "--help"])
    report["commands"].append(" ".join(argv))
    assert code == 0 and "usage:" in out.getvalue(), (argv, code)
    if loaded():
        report["after"][" ".join(argv) or "(paraqd)"] = loaded()
        break
print(json.dumps(report))
"""


def test_help_of_every_command_imports_no_heavy_library():
    done = subprocess.run([sys.executable, "-c", PROBE, json.dumps(HEAVY)], capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout.strip().splitlines()[-1])
    assert report["before"] == [], f"importing paraqd.cli loads {report['before']}"
    assert report["after"] == {}, f"--help loads heavy libraries: {report['after']}"
    assert {"", "score", "filter", "evaluate", "train", "augment", "serve", "pairs silver"} <= set(
        report["commands"])
