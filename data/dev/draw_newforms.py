"""Draw the questions of session 22's new-forms files (data/dev/rewordings_styles_newforms_mixed.csv and its blind
part): 64 GSM8K *train* and 14 SVAMP questions of 150-600 characters that no data file here, in ../shared/data/dev/
or ../shared/data/eval/, and no GSM8K test question uses, shuffled with fixed seeds (2201, 2202, 2203).

    python data/dev/draw_newforms.py > questions.jsonl    # one {"n", "source", "question"} per line

Two writers each took half (data/dev/briefs/newforms_writers.md); 2 questions were skipped as inconsistent.
Run on the commit before the files were added (afterwards their own questions are "used" and others are drawn).
"""

from __future__ import annotations

import csv
import json
import random
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
SHARED = REPO.parent / "shared" / "data"


def _norm(text: str) -> str:
    return " ".join(text.split())


def used_questions() -> set[str]:
    """Every question text of the data files (normalised), GSM8K test included."""
    csv.field_size_limit(sys.maxsize)
    used: set[str] = set()
    paths = [*(REPO / "data").glob("**/*.csv"), *(SHARED / "dev").glob("*.csv"), *(SHARED / "eval").glob("*.csv")]
    for path in paths:
        with open(path, newline="", encoding="utf-8") as fh:
            for row in csv.DictReader(fh):
                for key in ("question", "original", "Question"):
                    if row.get(key):
                        used.add(_norm(row[key]))
    with open(SHARED / "questions" / "gsm8k_test.jsonl", encoding="utf-8") as fh:
        used |= {_norm(json.loads(line)["question"]) for line in fh if line.strip()}
    return used


def pool(name: str, used: set[str]) -> list[dict[str, str]]:
    with open(SHARED / "questions" / name, encoding="utf-8") as fh:
        records = [json.loads(line) for line in fh if line.strip()]
    return [r for r in records if _norm(r["question"]) not in used and 150 <= len(r["question"]) <= 600]


def main() -> None:
    used = used_questions()
    gsm8k, svamp = pool("gsm8k_train.jsonl", used), pool("svamp.jsonl", used)
    random.Random(2201).shuffle(gsm8k)
    random.Random(2202).shuffle(svamp)
    chosen = [("gsm8k_train.jsonl", r) for r in gsm8k[:64]] + [("svamp.jsonl", r) for r in svamp[:14]]
    random.Random(2203).shuffle(chosen)
    for n, (name, record) in enumerate(chosen):
        print(json.dumps({"n": n, "source": f"{name}:{record['id']}", "question": record["question"]}))


if __name__ == "__main__":
    main()
