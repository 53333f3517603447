"""Start-up of the `paraqd` command (issue 27): import time of --help and the cold time of scoring one pair.

    python benchmarks/startup.py [--runs 3]

Each figure is measured in a fresh interpreter (cold: nothing imported), offline (HF_HUB_OFFLINE=1, so no
network wait is counted). Printed:

* ``help_import_s``: the total of ``python -X importtime -m paraqd --help`` (the import of paraqd and the
  modules --help needs; the slowest subcommand's --help is ``subcommand_help_import_s``), and the wall time
  of ``paraqd --help`` (``help_wall_s``);
* ``heavy_modules_in_help``: which of torch, sentence_transformers, sklearn, scipy, pandas, networkx
  --help loaded (expected: none);
* ``one_pair_wall_s``: ``paraqd score one.csv -o out.csv`` on one short pair with the embedded model, from
  process start to exit (the median of ``--runs``).

The last line is the JSON of all figures. Targets: --help under 1 s, one pair under 4 s on an idle machine.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HEAVY = ("torch", "sentence_transformers", "sklearn", "scipy", "pandas", "networkx")
REPO = Path(__file__).resolve().parents[1]


def _env() -> dict[str, str]:
    env = dict(os.environ, HF_HUB_OFFLINE="1")
    env["PYTHONPATH"] = os.pathsep.join(p for p in (str(REPO), env.get("PYTHONPATH", "")) if p)
    return env


def importtime(argv: list[str]) -> tuple[float, list[str]]:
    """(total import seconds, heavy top-level modules imported) of ``python -X importtime -m paraqd ARGV``."""
    done = subprocess.run([sys.executable, "-X", "importtime", "-m", "paraqd", *argv], capture_output=True,
                          text=True, env=_env(), check=True)
    total, heavy = 0, set()
    for line in done.stderr.splitlines():
        if not line.startswith("import time:") or "cumulative" in line:
            continue
        _, cumulative, raw = line[len("import time:"):].split("|")
        name = raw.strip()
        if len(raw) - len(raw.lstrip(" ")) == 1:  # a top-level import (nested ones are in its cumulative)
            total += int(cumulative)
        if name.split(".")[0] in HEAVY:
            heavy.add(name.split(".")[0])
    return total / 1e6, sorted(heavy)


def wall(argv: list[str]) -> float:
    began = time.perf_counter()
    subprocess.run([sys.executable, "-m", "paraqd", *argv], capture_output=True, env=_env(), check=True)
    return time.perf_counter() - began


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3, help="runs of each wall-clock figure (median)")
    args = parser.parse_args()
    help_import, heavy = importtime(["--help"])
    print(f"paraqd --help: imports {help_import:.3f} s; heavy modules: {', '.join(heavy) or 'none'}")
    commands = ["augment", "bench", "demo", "evaluate", "filter", "operators", "pairs", "score", "serve", "train"]
    per_command = {}
    for name in commands:
        seconds, more = importtime([name, "--help"])
        per_command[name] = round(seconds, 3)
        heavy = sorted(set(heavy) | set(more))
    slowest = max(per_command, key=per_command.get)
    print(f"slowest subcommand --help: {slowest} ({per_command[slowest]:.3f} s of imports)")
    help_wall = statistics.median(wall(["--help"]) for _ in range(args.runs))
    print(f"paraqd --help: {help_wall:.3f} s wall")
    with tempfile.TemporaryDirectory() as tmp:
        pairs = Path(tmp) / "one.csv"
        pairs.write_text('question,paraphrase\n"Tom has 3 apples.","Tom has three apples."\n', encoding="utf-8")
        one_pair = statistics.median(wall(["score", str(pairs), "-o", str(Path(tmp) / "out.csv")])
                                     for _ in range(args.runs))
    print(f"paraqd score, one pair, cold: {one_pair:.2f} s wall")
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else None
    print(json.dumps({"help_import_s": round(help_import, 3), "help_wall_s": round(help_wall, 3),
                      "subcommand_help_import_s": per_command, "heavy_modules_in_help": heavy,
                      "one_pair_wall_s": round(one_pair, 2), "runs": args.runs, "load_average_1m": load,
                      "cpus": os.cpu_count()}))


if __name__ == "__main__":
    main()
