"""Split a hand-labelled rewording file into its tuned part and its blind part, by question.

A pair goes to the blind part iff ``int(hashlib.sha1(question.strip().encode()).hexdigest(), 16) % 3 == 0``
(the rule is fixed, shared by every rewording file of issue 24, and chosen before any verdict was seen: it
depends on the question text alone, so all the pairs of one question land on the same side).

    python data/dev/make_split.py SOURCE.csv data/dev/rewordings_styles_gsm8k.csv \\
        data/dev/blind/rewordings_styles_gsm8k_blind.csv
    python data/dev/make_split.py --check data/dev/rewordings_styles_gsm8k.csv \\
        data/dev/blind/rewordings_styles_gsm8k_blind.csv

The first form writes both parts (rows keep the source order); ``--check`` re-splits the union of the two
committed parts and fails when a row is on the wrong side. Outputs are written atomically.
"""

from __future__ import annotations

import argparse
import csv
import hashlib
import os
import sys
import tempfile
from pathlib import Path

#: the columns every styles file has, in order (``why`` is empty on valid pairs)
COLUMNS = ["question", "augmented", "final_label", "kind", "family", "source", "why"]
#: the style families (the leave-one-style-out unit of benchmarks/rewordings.py), by label
VALID_FAMILIES = ("llm_story", "for_child", "formal", "shorter", "british", "reordered", "number_words",
                  "irrelevant_context", "dialogue", "bullet_facts", "question_first", "second_person",
                  "unit_converted", "renamed", "news_report", "engaging_hook", "plain_english", "one_sentence",
                  "reordered_retold", "worksheet", "tense_changed", "paraphrase_plain", "theme_swap",
                  "informal_notes", "with_hint", "character_voice", "table_facts", "rhyme",
                  # session 22 (the new-forms files): the styles of the session-21 new-styles blind part
                  "text_message", "diary_entry", "work_memo", "game_quest", "social_post", "passive_voice",
                  "esl_simple", "given_find", "comic_script", "radio_ad", "letter", "teacher_talk", "long_retelling")
INVALID_FAMILIES = ("vague_quantity", "fact_removed", "question_removed", "unrelated_object_asked",
                    "unrealistic_condition", "asked_quantity_changed", "inverse_question", "direction_flip",
                    "comparison_changed", "time_changed", "unit_changed", "number_changed", "relevant_fact_added",
                    "entity_partly_renamed", "quantities_swapped", "context_enters", "each_dropped",
                    "reference_changed", "condition_changed", "order_changed")


def is_blind(question: str) -> bool:
    """The blind rule: by the question text alone (stripped), a third of the questions."""
    return int(hashlib.sha1(question.strip().encode()).hexdigest(), 16) % 3 == 0


def read_rows(path: str | os.PathLike) -> list[dict[str, str]]:
    with open(path, encoding="utf-8", newline="") as fh:
        reader = csv.DictReader(fh)
        if reader.fieldnames != COLUMNS:
            raise ValueError(f"{path}: columns {reader.fieldnames}, expected {COLUMNS}")
        return list(reader)


def check_row(row: dict[str, str]) -> None:
    """Raise ValueError when a row breaks the file's format."""
    label, family = row["final_label"], row["family"]
    if label not in {"0", "1"}:
        raise ValueError(f"label {label!r} not in {{0, 1}}: {row['augmented'][:60]!r}")
    families = VALID_FAMILIES if label == "1" else INVALID_FAMILIES
    if family not in families:
        raise ValueError(f"family {family!r} is not a {'valid' if label == '1' else 'invalid'} family")
    if not row["kind"] or row["question"].strip() == row["augmented"].strip():
        raise ValueError(f"empty kind or paraphrase equal to its question: {row['augmented'][:60]!r}")


def write_rows(rows: list[dict[str, str]], path: str | os.PathLike) -> None:
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="") as fh:
            writer = csv.DictWriter(fh, fieldnames=COLUMNS, lineterminator="\n")
            writer.writeheader()
            writer.writerows(rows)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def split(rows: list[dict[str, str]]) -> tuple[list[dict[str, str]], list[dict[str, str]]]:
    """``(tuned, blind)``, each in the order of ``rows``."""
    for row in rows:
        check_row(row)
    return [r for r in rows if not is_blind(r["question"])], [r for r in rows if is_blind(r["question"])]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--check", action="store_true", help="only check the two parts named next")
    parser.add_argument("paths", nargs="+", type=Path, help="SOURCE TUNED BLIND, or TUNED BLIND with --check")
    args = parser.parse_args(argv)
    try:
        if args.check:
            if len(args.paths) != 2:
                parser.error("--check takes TUNED BLIND")
            tuned, blind = (read_rows(p) for p in args.paths)
            wrong = [r for r in tuned if is_blind(r["question"])] + [r for r in blind if not is_blind(r["question"])]
            split(tuned + blind)
            if wrong:
                print(f"error: {len(wrong)} rows on the wrong side of the blind rule", file=sys.stderr)
                return 1
            print(f"ok: {len(tuned)} tuned, {len(blind)} blind rows")
            return 0
        if len(args.paths) != 3:
            parser.error("expected SOURCE TUNED BLIND")
        source, tuned_path, blind_path = args.paths
        tuned, blind = split(read_rows(source))
    except (OSError, ValueError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    write_rows(tuned, tuned_path)
    write_rows(blind, blind_path)
    print(f"{len(tuned)} tuned rows ({len({r['question'] for r in tuned})} questions) -> {tuned_path}; "
          f"{len(blind)} blind rows ({len({r['question'] for r in blind})} questions) -> {blind_path}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
