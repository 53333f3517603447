"""The fault suite (issue 19): a user's mistake, a bad file, Ctrl-C or a kill never leaves a traceback, a
half-written output or a stray process.

* every output option of every subcommand through "is a directory" / "is a file", "parent is a file",
  "unwritable" and "same as an input": one line, exit 2, nothing created, before any work;
* every numeric option typed by one definition per kind of value (paraqd.cli.options);
* hypothesis-generated files for every reader: random bytes, encodings, BOM, CRLF, blank lines, NULs and
  numbers in text columns, empty and huge cells: a table or one InputError naming the file, the line (JSON
  lines) / record (JSON) / row (CSV) and the column;
* failed or stopped `train` leaves nothing that blocks the same command.

The signal tests (SIGINT, SIGTERM, SIGKILL + resume) are in tests/test_interrupts.py.
"""

from __future__ import annotations

import argparse
import csv
import io
import json
import os
import tempfile
from pathlib import Path

import pandas as pd
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from paraqd.cli import build_parser, main, options
from paraqd.errors import InputError
from paraqd.io import iter_table_chunks, read_table, text_column

IS_ROOT = hasattr(os, "geteuid") and os.geteuid() == 0


# -- output paths ----------------------------------------------------------------------------------------

class Files:
    def __init__(self, root: Path):
        self.root = root
        self.q = str(root / "q.jsonl")
        Path(self.q).write_text("".join(json.dumps({"id": f"q{i}", "question": q}) + "\n" for i, q in enumerate(
            ["Tom has 3 apples. How many apples?", "A car goes 60 km in 2 hours. What is its speed?"])))
        self.pairs = str(root / "pairs.csv")
        pd.DataFrame({"question": ["Tom has 3 apples.", "A car goes 60 km."],
                      "paraphrase": ["Tom has three apples.", "A car goes 50 km."],
                      "label": [1, 0]}).to_csv(self.pairs, index=False)
        self.labelled = str(root / "labelled.csv")
        pd.DataFrame({"text_a": ["a b", "b c"], "text_b": ["b c", "c d"], "label": [1, 1]}).to_csv(
            self.labelled, index=False)
        self.triplets = str(root / "t.jsonl")
        Path(self.triplets).write_text(json.dumps({"anchor": "a", "positive": "b", "negative": "c"}) + "\n")
        self.model = root / "model"  # an input directory (the checks run before it is loaded)
        self.model.mkdir()
        self.afile = root / "afile"
        self.afile.write_text("x")
        (root / "outs").mkdir()  # outputs go here (a missing parent directory is refused without --mkdir)

    def out(self, name: str) -> str:
        return str(self.root / "outs" / name)


# an endpoint that is never reached: output paths are checked before any request
LLM = ["--base-url", "http://127.0.0.1:9/v1", "--llm-model", "m", "--no-cache"]
# (command, option as named in messages, kind, argv(files, output), the input "same as an input" reuses)
OUTPUTS = [
    ("augment", "--output", "file", lambda f, o: ["augment", f.q, "-o", o], "q"),
    ("augment", "--stats", "file", lambda f, o: ["augment", f.q, "-o", f.out("t.jsonl"), "--stats", o], "q"),
    ("score", "--output", "file", lambda f, o: ["score", f.pairs, "-o", o], "pairs"),
    ("filter", "--output", "file", lambda f, o: ["filter", f.pairs, "-o", o], "pairs"),
    ("filter", "--rejected", "file", lambda f, o: ["filter", f.pairs, "-o", f.out("k.csv"), "--rejected", o],
     "pairs"),
    ("reword", "--output", "file", lambda f, o: ["reword", f.q, "-o", o, *LLM], "q"),
    ("reword", "--rejected", "file", lambda f, o: ["reword", f.q, "-o", f.out("k.csv"), "--rejected", o, *LLM], "q"),
    ("calibrate", "--output", "file", lambda f, o: ["calibrate", f.pairs, "-o", o], "pairs"),
    ("evaluate", "--json", "file", lambda f, o: ["evaluate", "pretrained", f.pairs, "--json", o], "pairs"),
    ("evaluate", "--markdown", "file", lambda f, o: ["evaluate", "pretrained", f.pairs, "--markdown", o], "pairs"),
    ("evaluate", "--plots", "dir", lambda f, o: ["evaluate", str(f.model), f.pairs, "--plots", o], "model"),
    ("train", "--output", "dir", lambda f, o: ["train", f.triplets, "-o", o, "--encoder", str(f.model)], "model"),
    ("demo", "--output", "dir", lambda f, o: ["demo", "--output", o, "--model", str(f.model)], "model"),
    ("bench", "--output", "dir", lambda f, o: ["bench", "--pool", f.q, "--eval", f.pairs, "-o", o, "--encoder",
                                               str(f.model)], "model"),
    ("pairs closure", "--output", "file", lambda f, o: ["pairs", "closure", f.labelled, "-o", o], "labelled"),
    ("pairs closure", "--contradictions", "file",
     lambda f, o: ["pairs", "closure", f.labelled, "-o", f.out("c.csv"), "--contradictions", o], "labelled"),
    ("pairs cross-train", "--output", "dir",
     lambda f, o: ["pairs", "cross-train", f.labelled, "-o", o, "--base", str(f.model)], "model"),
    ("pairs silver", "--output", "file",
     lambda f, o: ["pairs", "silver", f.q, "-o", o, "--cross-encoder", str(f.model)], "q"),
    ("pairs active", "--output", "file", lambda f, o: ["pairs", "active", f.q, "-o", o, "--labels", f.labelled],
     "q"),
    ("pairs active", "--report", "file",
     lambda f, o: ["pairs", "active", f.q, "-o", f.out("a.csv"), "--labels", f.labelled, "--report", o], "q"),
]
CASES = ["wrong kind", "parent is a file", "unwritable", "same as an input"]


def _unwritable_dir(root: Path) -> Path:
    """A directory nobody here can create files in: chmod for a normal user; for root, which chmod does not
    stop, /proc (no regular file can be created there, by anyone)."""
    if IS_ROOT:
        return Path("/proc")
    ro = root / "read-only"
    ro.mkdir()
    ro.chmod(0o500)
    return ro


def _snapshot(root: Path) -> dict[str, bytes | None]:
    return {str(p.relative_to(root)): (p.read_bytes() if p.is_file() else None) for p in sorted(root.rglob("*"))}


@pytest.mark.parametrize("case", CASES)
@pytest.mark.parametrize("command,option,kind,argv,same", OUTPUTS,
                         ids=[f"{c}:{o}" for c, o, *_ in OUTPUTS])
def test_unusable_output_is_one_line_before_any_work(tmp_path, capsys, command, option, kind, argv, same, case):
    files = Files(tmp_path)
    ext = ".md" if option == "--markdown" else (".json" if option in ("--stats", "--json", "--report")
                                                 else ".csv")
    if case == "wrong kind":
        if kind == "file":
            out = tmp_path / f"existing-dir{ext}"
            out.mkdir()
            expected = "is a directory"
        else:
            out, expected = files.afile, "is a file"
    elif case == "parent is a file":
        out, expected = files.afile / f"out{ext}", "is not a directory"
    elif case == "unwritable":
        out, expected = _unwritable_dir(tmp_path) / "paraqd-fault-test" / f"out{ext}", "cannot write in"
    else:
        out = getattr(files, same)
        expected = "is a file" if kind == "dir" and Path(out).is_file() else "is also an input"
    before = _snapshot(tmp_path)
    try:
        code = main(argv(files, str(out)))
    finally:
        if not IS_ROOT and (tmp_path / "read-only").exists():
            (tmp_path / "read-only").chmod(0o700)
    err = capsys.readouterr().err
    lines = err.strip().splitlines()
    assert code == 2, err
    assert len(lines) == 1 and lines[0].startswith(f"paraqd {command}: error: {option} "), err
    assert expected in lines[0] and "Traceback" not in err
    assert _snapshot(tmp_path) == before  # nothing created, nothing changed


def test_two_options_naming_one_file_are_refused(tmp_path, capsys):
    files = Files(tmp_path)
    out = files.out("same.csv")
    assert main(["filter", files.pairs, "-o", out, "--rejected", out]) == 2
    assert main(["evaluate", "pretrained", files.pairs, "--json", out, "--markdown", out]) == 2
    assert main(["augment", files.q, "-o", out, "--stats", out]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 3 and all("name the same file" in line for line in err)


def test_train_overwrite_never_deletes_an_input_inside_the_model_dir(tmp_path, capsys):
    model = tmp_path / "model"
    model.mkdir()
    data = model / "t.jsonl"
    data.write_text(json.dumps({"anchor": "a", "positive": "b", "negative": "c"}) + "\n")
    assert main(["train", str(data), "-o", str(model), "--overwrite"]) == 2
    assert "holds the input" in capsys.readouterr().err and data.is_file()


def test_a_file_name_ending_in_a_slash_is_refused(tmp_path, capsys):
    files = Files(tmp_path)
    assert main(["score", files.pairs, "-o", str(tmp_path / "new") + "/"]) == 2
    assert "names a directory" in capsys.readouterr().err and not (tmp_path / "new").exists()


# -- option values ---------------------------------------------------------------------------------------

BAD = {
    options.count: ["0", "-1", "1.5", "x", ""],
    options.count_or_zero: ["-1", "x", "0.5"],
    options.count_or_all: ["0", "-2", "some"],
    options.seed: ["-1", str(2**32), "1e3", "x"],
    options.score_threshold: ["2", "-1.5", "nan", "inf", "x"],
    options.probability: ["1.5", "-0.1", "nan"],
    options.fraction: ["1.5", "-0.1", "nan", "x"],
    options.part_fraction: ["1", "1.5", "-0.1", "nan", "x"],
    options.positive_number: ["0", "-1", "nan", "inf", "x"],
    options.non_negative_number: ["-1", "nan", "x"],
    options.port: ["-1", "65536", "http"],
}
GOOD = {
    options.count: [("1", 1), ("7", 7)],
    options.count_or_zero: [("0", 0), ("3", 3)],
    options.count_or_all: [("all", "all"), ("2", 2)],
    options.seed: [("0", 0), (str(2**32 - 1), 2**32 - 1)],
    options.score_threshold: [("-1", -1.0), ("0.5", 0.5), ("1", 1.0)],
    options.probability: [("0", 0.0), ("1", 1.0)],
    options.fraction: [("0", 0.0), ("0.25", 0.25), ("1", 1.0)],
    options.part_fraction: [("0", 0.0), ("0.999", 0.999)],
    options.positive_number: [("1e-5", 1e-5), ("3", 3.0)],
    options.non_negative_number: [("0", 0.0), ("0.01", 0.01)],
    options.port: [("0", 0), ("65535", 65535)],
}


def _all_actions():
    """(command path, action) of every option of every subcommand."""
    def walk(parser, path):
        for action in parser._actions:
            if isinstance(action, argparse._SubParsersAction):
                for name, sub in action.choices.items():
                    yield from walk(sub, [*path, name])
            elif action.option_strings:
                yield " ".join(path), action
    yield from walk(build_parser(), [])


def test_every_numeric_option_uses_the_shared_definitions():
    raw = [f"{cmd} {a.option_strings[-1]}" for cmd, a in _all_actions() if a.type in (int, float)]
    assert raw == [], "type=int / type=float accept 0, negatives and nan: use paraqd.cli.options"
    typed = [(cmd, a) for cmd, a in _all_actions() if a.type in BAD]
    assert len(typed) >= 60
    # one definition per option name across subcommands (pairs silver's --threshold is a probability;
    # augment's --per-question also takes 'all', train --recipe recommended's a count)
    kinds: dict[str, set] = {}
    for _cmd, a in typed:
        kinds.setdefault(a.option_strings[-1], set()).add(a.type)
    mixed = {k: v for k, v in kinds.items() if len(v) > 1}
    assert set(mixed) <= {"--threshold", "--per-question"}, mixed


@pytest.mark.parametrize("kind", list(BAD), ids=lambda f: f.__name__)
def test_option_kinds_refuse_and_accept_the_same_values_everywhere(kind):
    for text in BAD[kind]:
        with pytest.raises(argparse.ArgumentTypeError):
            kind(text)
    for text, value in GOOD[kind]:
        assert kind(text) == value


@pytest.mark.parametrize("argv,option", [
    (["augment", "q.jsonl", "-o", "t.jsonl", "--limit", "0"], "--limit"),
    (["augment", "q.jsonl", "-o", "t.jsonl", "--limit", "-1"], "--limit"),
    (["augment", "q.jsonl", "-o", "t.jsonl", "--workers", "0"], "--workers"),
    (["augment", "q.jsonl", "-o", "t.jsonl", "--per-question", "0"], "--per-question"),
    (["score", "p.csv", "-o", "s.csv", "--threshold", "2"], "--threshold"),
    (["score", "p.csv", "-o", "s.csv", "--threshold", "nan"], "--threshold"),
    (["filter", "p.csv", "-o", "s.csv", "--threshold", "nan"], "--threshold"),
    (["evaluate", "pretrained", "p.csv", "--threshold", "2"], "--threshold"),
    (["serve", "--threshold", "2"], "--threshold"),
    (["reword", "q.csv", "-o", "k.csv", "--base-url", "u", "--llm-model", "m", "-n", "0"], "-n"),
    (["reword", "q.csv", "-o", "k.csv", "--base-url", "u", "--llm-model", "m", "--temperature", "-1"],
     "--temperature"),
    (["reword", "q.csv", "-o", "k.csv", "--base-url", "u", "--llm-model", "m", "--concurrency", "0"],
     "--concurrency"),
    (["reword", "q.csv", "-o", "k.csv", "--base-url", "u", "--llm-model", "m", "--max-requests", "-1"],
     "--max-requests"),
    (["score", "p.csv", "-o", "s.csv", "--judge-band", "nan"], "--judge-band"),
    (["calibrate", "l.csv", "--target-caught", "1.5"], "--target-caught"),
    (["serve", "--port", "70000"], "--port"),
    (["pairs", "silver", "q.jsonl", "-o", "s.csv", "--top-k", "0"], "--top-k"),
    (["pairs", "silver", "q.jsonl", "-o", "s.csv", "--threshold", "1.5"], "--threshold"),
    (["pairs", "closure", "l.csv", "-o", "c.csv", "--max-distance", "-1"], "--max-distance"),
    (["train", "t.jsonl", "-o", "m", "--lr", "nan"], "--lr"),
    (["train", "t.jsonl", "-o", "m", "--validation-split", "1.5"], "--validation-split"),
    (["train", "t.jsonl", "-o", "m", "--seed", "-3"], "--seed"),
    (["bench", "--pool", "q", "--eval", "e", "-o", "o", "--epochs", "0"], "--epochs"),
])
def test_bad_option_values_stop_at_parsing_in_one_line(tmp_path, capsys, monkeypatch, argv, option):
    monkeypatch.chdir(tmp_path)
    assert main(argv) == 2
    err = capsys.readouterr().err.strip().splitlines()
    command = " ".join(argv[:2]) if argv[0] == "pairs" else argv[0]
    assert len(err) == 1 and err[0].startswith(f"paraqd {command}: error: argument {option}"), err
    assert list(tmp_path.iterdir()) == []


# -- readers ---------------------------------------------------------------------------------------------

def _readers():
    from paraqd.pairs.data import read_labelled_pairs, read_texts
    from paraqd.training.data import load_training_files

    return {
        "read_table": read_table,
        "chunks": lambda p: list(iter_table_chunks(p, chunk_size=2)),
        "pairs": read_labelled_pairs,
        "texts": read_texts,
        "training": lambda p: load_training_files([p]),
    }


def _check_outcome(path: Path, fn) -> object:
    """``fn(path)`` returns, or raises one InputError naming the file; nothing else escapes."""
    try:
        return fn(str(path))
    except InputError as exc:
        msg = str(exc)
        assert msg.startswith(str(path)) and "\n" not in msg, msg
        return exc


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.one_of(st.binary(max_size=200),
                      st.builds(lambda head, body: head + body,
                                st.sampled_from([b"", b"\xef\xbb\xbf", b"\xff\xfe", b"PAR1", b"[", b"{",
                                                 b"question,paraphrase,label\r\n", b'{"question": ']),
                                st.binary(max_size=120))),
       ext=st.sampled_from([".csv", ".jsonl", ".json", ".parquet"]))
def test_random_bytes_give_a_table_or_one_line_naming_the_file(data, ext):
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / f"input{ext}"
        path.write_bytes(data)
        for fn in _readers().values():
            _check_outcome(path, fn)


CELL = st.one_of(
    st.text(max_size=30),  # any characters: NUL, CR, LF, U+2028, quotes, commas
    st.text(alphabet=" \t\r\n", max_size=3),  # blank
    st.integers(-10**6, 10**6), st.floats(allow_nan=True, allow_infinity=True), st.none(),
    st.just("x" * 100_000),  # a huge cell
)


def _first_bad(values, numbers_are_text: bool):
    from paraqd.validation import MAX_TEXT_CHARS

    for i, v in enumerate(values):
        if isinstance(v, str) and v.strip() and len(v) <= MAX_TEXT_CHARS:  # the huge cell is refused
            continue
        if numbers_are_text and isinstance(v, (int, float)) and not isinstance(v, bool) and v == v:
            continue
        return i
    return None


def _write(fmt: str, rows: list[dict], path: Path, *, bom: bool, crlf: bool, blank_every: int) -> list[int]:
    """Write ``rows``; return the line (JSON lines) or record/row number of each."""
    nl = "\r\n" if crlf else "\n"
    if fmt == "jsonl":
        out, numbers, line = [], [], 0
        for i, row in enumerate(rows):
            if blank_every and i % blank_every == 0:
                out.append(nl)
                line += 1
            out.append(json.dumps(row) + nl)
            line += 1
            numbers.append(line)
        text = "".join(out)
    elif fmt == "json":
        text, numbers = json.dumps(rows, indent=1).replace("\n", nl), list(range(1, len(rows) + 1))
    else:
        buf = io.StringIO()
        writer = csv.DictWriter(buf, fieldnames=["question", "paraphrase"], lineterminator=nl, quoting=csv.QUOTE_ALL)
        writer.writeheader()
        writer.writerows([{k: ("" if v is None else v) for k, v in r.items()} for r in rows])
        text, numbers = buf.getvalue(), list(range(1, len(rows) + 1))
    path.write_bytes((b"\xef\xbb\xbf" if bom else b"") + text.encode("utf-8", "surrogatepass"))
    return numbers


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(rows=st.lists(st.fixed_dictionaries({"question": CELL, "paraphrase": CELL}), min_size=1, max_size=6),
       fmt=st.sampled_from(["csv", "jsonl", "json"]), bom=st.booleans(), crlf=st.booleans(),
       blank_every=st.sampled_from([0, 2]))
def test_cells_are_read_or_refused_naming_line_and_column(rows, fmt, bom, crlf, blank_every):
    if any(isinstance(v, str) and any(0xD800 <= ord(c) <= 0xDFFF for c in v) for r in rows for v in r.values()):
        return  # lone surrogates cannot be written as UTF-8
    if fmt != "csv":
        rows = [{k: (None if isinstance(v, float) and v != v else v) for k, v in r.items()} for r in rows]
    if fmt == "csv" and any(isinstance(v, float) and v != v for r in rows for v in r.values()):
        rows = [{k: ("nan" if isinstance(v, float) and v != v else v) for k, v in r.items()} for r in rows]
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / f"in.{fmt}"
        numbers = _write(fmt, rows, path, bom=bom, crlf=crlf, blank_every=blank_every if fmt == "jsonl" else 0)
        df = read_table(path)
        assert len(df) == len(rows) and set(df.columns) == {"question", "paraphrase"}
        values = [r["question"] for r in rows]
        bad = _first_bad(values, numbers_are_text=fmt == "csv")
        if bad is None:
            got = text_column(df, "question", str(path))
            assert got == ([str(v) for v in values] if fmt == "csv" else values)
        else:
            with pytest.raises(InputError) as exc:
                text_column(df, "question", str(path))
            unit = {"jsonl": "line", "json": "record", "csv": "row"}[fmt]
            assert str(exc.value).startswith(f"{path}: {unit} {numbers[bad]}, column 'question' is "), exc.value


@pytest.mark.parametrize("content,message", [
    (b'{"question": "a"}\n{"question": "b"\n', "line 2, column 17: not valid JSON"),
    (b'\xef\xbb\xbf{"question": "a"}\n', None),
    (b'{"question": "a"}\n{"question": "caf\xe9"}\n', "line 2, column 18: not UTF-8 text (byte 0xe9)"),
    ('{"question": "a"}\n'.encode("utf-16"), "the file is UTF-16 text; save it as UTF-8"),
    (b'[{"question": "a"}]\n', "(a JSON array? name the file .json)"),
    (b'"just a string"\n', "line 1: expected a JSON object, got str"),
    (b'{"question": ' + b"[" * 100_000 + b"\n", "line 1"),
])
def test_jsonl_errors_name_line_and_column(tmp_path, content, message):
    path = tmp_path / "q.jsonl"
    path.write_bytes(content)
    if message is None:
        assert read_table(path)["question"].tolist() == ["a"]
        return
    with pytest.raises(InputError) as exc:
        read_table(path)
    assert str(exc.value).startswith(f"{path}: ") and message in str(exc.value)


def test_csv_and_json_array_errors_name_the_place(tmp_path):
    csv_path = tmp_path / "p.csv"
    csv_path.write_bytes(b"question,paraphrase\nabc,def\n\xe9t\xe9,x\n")
    with pytest.raises(InputError, match=r"p.csv: line 3, column 1: not UTF-8 text \(byte 0xe9\)"):
        read_table(csv_path)
    arr = tmp_path / "a.json"
    arr.write_bytes(b'\xef\xbb\xbf[{"question": "a"},\n {"question": 3}]')
    df = read_table(arr)  # a BOM and a JSON array are read
    with pytest.raises(InputError, match=r"a.json: record 2, column 'question' is a number \(3\) where text was expected"):
        text_column(df, "question", str(arr))
    broken = tmp_path / "b.json"
    broken.write_text('[{"question": "a"},\n {"question": }]')
    with pytest.raises(InputError, match=r"b.json: line 2, column 15: not valid JSON"):
        read_table(broken)


# -- a failed or stopped train leaves nothing that blocks the same command ---------------------------------

def test_failed_train_leaves_no_directory(tmp_path, capsys):
    files = Files(tmp_path)
    out = tmp_path / "new" / "model"
    for encoder in (str(tmp_path / "missing-encoder"), str(files.afile), str(files.model)):
        assert main(["train", files.triplets, "-o", str(out), "--encoder", encoder, "--max-steps", "1"]) == 2
        assert not (tmp_path / "new").exists()
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 3 and all(line.startswith("paraqd train: error: ") for line in err), err


def test_train_accepts_what_a_run_killed_before_its_first_checkpoint_left(tmp_path):
    from paraqd.cli import train as train_cli

    out = tmp_path / "model"
    (out / "checkpoints" / "checkpoint-2").mkdir(parents=True)  # killed while writing its first checkpoint
    (out / "checkpoints" / "paraqd-run.json").write_text("{}")
    args = build_parser().parse_args(["train", str(tmp_path / "t.jsonl"), "-o", str(out)])
    train_cli.check_model_dir(args)
    assert not out.exists()  # nothing to resume from: cleared, so the same command runs


# -- more of what users do -------------------------------------------------------------------------------

def test_unknown_or_absent_device_is_refused_at_parsing(tmp_path, capsys):
    files = Files(tmp_path)
    assert main(["score", files.pairs, "-o", files.out("s.csv"), "--device", "nonexistentdevice"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "argument --device: unknown device 'nonexistentdevice'" in err[0]
    import torch

    if not torch.cuda.is_available():
        assert main(["train", files.triplets, "-o", files.out("m"), "--device", "cuda"]) == 2
        assert "no CUDA device is available here" in capsys.readouterr().err


def test_dev_null_output_is_written_in_place_and_an_empty_path_is_named(tmp_path, capsys):
    files = Files(tmp_path)
    assert main(["-q", "augment", files.q, "-o", os.devnull, "--operators", "f3,f8"]) == 0
    assert Path(os.devnull).is_char_device()  # not replaced by a regular file
    assert main(["augment", files.q, "-o", "", "--operators", "f3"]) == 2
    assert "--output: the path is empty" in capsys.readouterr().err
    assert main(["score", str(tmp_path), "-o", files.out("s.csv")]) == 2
    assert "is a directory, expected a .csv" in capsys.readouterr().err


def test_serve_stopped_by_a_signal_exits_with_its_status(monkeypatch, capsys):
    """uvicorn shuts down on SIGTERM, re-raises it and swallows the KeyboardInterrupt: 143 all the same."""
    import signal

    import uvicorn

    import paraqd.scoring
    import paraqd.serve

    class Scorer:
        path, threshold, hybrid = "fake", 0.5, None

    def fake_run(app, **kwargs):
        try:
            signal.raise_signal(signal.SIGTERM)
        except KeyboardInterrupt:
            pass

    monkeypatch.setattr(paraqd.scoring.ParaphraseScorer, "load", classmethod(lambda cls, *a, **k: Scorer()))
    monkeypatch.setattr(paraqd.serve, "create_app", lambda *a, **k: None)
    monkeypatch.setattr(uvicorn, "run", fake_run)
    before = signal.getsignal(signal.SIGTERM)
    assert main(["serve", "--port", "0"]) == 143
    assert capsys.readouterr().err.strip().splitlines()[-1] == "paraqd serve: stopped (SIGTERM)"
    assert signal.getsignal(signal.SIGTERM) is before  # the caller's handler is back


def test_an_unexpected_error_is_one_line_naming_the_bug_and_v_shows_the_traceback(tmp_path, capsys, monkeypatch):
    files = Files(tmp_path)
    monkeypatch.setattr("paraqd.cli.score.check_input", lambda *a, **k: 1 / 0)
    assert main(["score", files.pairs, "-o", files.out("s.csv")]) == 1
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and err[0].startswith("paraqd score: internal error (ZeroDivisionError: division by zero)")
    assert "run it again with -v" in err[0]
    assert main(["-v", "score", files.pairs, "-o", files.out("s.csv")]) == 1
    assert "Traceback" in capsys.readouterr().err


def test_silver_pool_without_words_fails_before_training(tmp_path, capsys):
    pool = tmp_path / "pool.jsonl"
    pool.write_text("".join(json.dumps({"question": q}) + "\n" for q in ["?!", "...", "--"]))
    files = Files(tmp_path)
    argv = ["pairs", "silver", str(pool), "-o", files.out("s.csv"), "--gold", files.pairs, "--text-a", "question",
            "--text-b", "paraphrase", "--sampler", "bm25"]
    assert main(argv) == 2
    assert "no text has a word to match with BM25" in capsys.readouterr().err
    import numpy as np

    from paraqd.pairs.sampling import BM25Sampler

    # a text without words is no query (BM25 used to divide by zero) but stays a candidate of the others
    pairs = BM25Sampler(2).candidates(["?!", "Tom has 3 apples", "Tom has 4 pears"], np.random.default_rng(0))
    assert pairs.tolist() == [[0, 1], [0, 2], [1, 2]]
