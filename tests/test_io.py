"""paraqd.io: table formats (CSV, JSON lines, JSON arrays, Parquet), byte-order marks, errors, stdin/stdout."""

from __future__ import annotations

import io
import json
import sys

import pandas as pd
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from paraqd.errors import InputError
from paraqd.io import TableWriter, iter_table_chunks, read_table, write_table, write_text

ROWS = [{"question": "Alex walked 4 km.", "paraphrase": "Alex walked four km."},
        {"question": "Q2, with a comma", "paraphrase": "P2 \"quoted\""}]


def test_json_array_is_read_as_an_array(tmp_path):
    path = tmp_path / "pairs.json"
    path.write_text(json.dumps(ROWS, indent=2))
    df = read_table(path)
    assert df.to_dict("records") == ROWS
    chunks = list(iter_table_chunks(path, chunk_size=1))
    assert [len(c) for c in chunks] == [1, 1]


@pytest.mark.parametrize("ext,text", [
    ("json", json.dumps(ROWS)),
    ("jsonl", "".join(json.dumps(r) + "\n" for r in ROWS)),
    ("csv", "question,paraphrase\n" + "".join(f'"{r["question"]}","{r["paraphrase"]}"\n'.replace('\\"', '"')
                                             for r in ROWS[:1])),
])
def test_utf8_byte_order_mark_is_read(tmp_path, ext, text):
    path = tmp_path / f"bom.{ext}"
    path.write_bytes(b"\xef\xbb\xbf" + text.encode("utf-8"))
    df = read_table(path)
    assert list(df.columns) == ["question", "paraphrase"]
    assert df.iloc[0].question == ROWS[0]["question"]


def test_json_errors_name_the_file_and_the_line(tmp_path):
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"question": "a"}\n\n{"question": "b",}\n')
    with pytest.raises(InputError, match=r"bad\.jsonl: line 3, column 18: not valid JSON"):
        read_table(bad)
    array_as_lines = tmp_path / "array.jsonl"
    array_as_lines.write_text('[{"question": "a"},\n {"question": "b"}]\n')
    with pytest.raises(InputError, match=r"array\.jsonl: line 1, column 20: .*name the file \.json"):
        read_table(array_as_lines)
    broken = tmp_path / "broken.json"
    broken.write_text('[\n{"question": "a"},\n{"question": }\n]')
    with pytest.raises(InputError, match=r"broken\.json: line 3, column 14: not valid JSON"):
        read_table(broken)
    scalar_rows = tmp_path / "scalars.jsonl"
    scalar_rows.write_text('{"question": "a"}\n"just text"\n')
    with pytest.raises(InputError, match=r"scalars\.jsonl: line 2: expected a JSON object, got str"):
        read_table(scalar_rows)
    obj = tmp_path / "object.json"
    obj.write_text('{"question": "a"}')
    with pytest.raises(InputError, match=r"object\.json: expected a JSON array.*\.jsonl"):
        read_table(obj)


@pytest.mark.parametrize("fmt", ["csv", "jsonl", "json", "parquet"])
def test_round_trip_and_chunked_writer(tmp_path, fmt):
    df = pd.DataFrame(ROWS * 3)
    path = tmp_path / f"out.{fmt}"
    with TableWriter(path) as writer:
        writer.write(df.iloc[:2])
        writer.write(df.iloc[2:2])  # an empty chunk changes nothing
        writer.write(df.iloc[2:])
    assert read_table(path).to_dict("records") == df.to_dict("records")


@settings(max_examples=40, deadline=None)
@given(st.lists(st.text(min_size=1).filter(lambda t: t.strip() and "\x00" not in t), min_size=1, max_size=6))
def test_json_array_round_trips_any_text(tmp_path_factory, texts):
    path = tmp_path_factory.mktemp("rt") / "t.json"
    df = pd.DataFrame({"question": texts, "n": range(len(texts))})
    write_table(df, path)
    back = read_table(path)
    assert back["question"].tolist() == texts and back["n"].tolist() == list(range(len(texts)))


def _stdin(monkeypatch, data: bytes) -> None:
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(data), encoding="utf-8"))


@pytest.mark.parametrize("fmt,data", [
    (None, b'{"question": "q", "paraphrase": "p"}\n'),          # detected: JSON lines
    (None, b'[{"question": "q", "paraphrase": "p"}]'),           # detected: JSON array
    (None, b"question,paraphrase\nq,p\n"),                       # detected: CSV
    ("csv", b"question,paraphrase\nq,p\n"),
])
def test_dash_reads_standard_input_once(monkeypatch, fmt, data):
    _stdin(monkeypatch, data)
    first = next(iter_table_chunks("-", chunk_size=1, fmt=fmt))
    again = read_table("-", fmt=fmt)  # a command may peek at the first rows, then read it all
    assert first.to_dict("records") == again.to_dict("records") == [{"question": "q", "paraphrase": "p"}]


def test_empty_standard_input_is_an_error(monkeypatch):
    _stdin(monkeypatch, b"  \n")
    with pytest.raises(InputError, match="<stdin>: no input"):
        read_table("-")


def test_dash_writes_standard_output_and_no_file(tmp_path, monkeypatch, capsysbinary):
    monkeypatch.chdir(tmp_path)
    write_table(pd.DataFrame(ROWS), "-", fmt="jsonl")
    write_text('{"a": 1}\n', "-")
    out = capsysbinary.readouterr().out.decode()
    assert [json.loads(line) for line in out.splitlines()] == [*ROWS, {"a": 1}]
    write_table(pd.DataFrame(ROWS[:1]), "-")  # a stream is JSON lines unless a format is named
    assert json.loads(capsysbinary.readouterr().out) == ROWS[0]
    write_table(pd.DataFrame(ROWS[:1]), "-", fmt="csv")
    assert capsysbinary.readouterr().out.decode().startswith("question,paraphrase\n")
    assert not (tmp_path / "-").exists()


def test_stream_format_and_output_directory():
    from paraqd.io import output_directory, stream_format

    assert stream_format("-", like="in.csv") == "csv" and stream_format("-", like="in.parquet") == "jsonl"
    assert stream_format("-", like="-") == "jsonl" and stream_format("-", "json", like="in.csv") == "json"
    assert stream_format("out.csv", like="in.jsonl") is None
    with pytest.raises(InputError, match="cannot hold a directory"):
        output_directory("-", "--plots")


def test_a_killed_writers_temporary_file_is_removed_by_the_next_write(tmp_path):
    """SIGKILL leaves the hidden temporary file of an atomic write; the next write of the same output removes
    it when its writer is gone, and leaves a live writer's alone."""
    import subprocess
    import sys

    from paraqd.io import atomic_path

    gone = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True,
                          text=True, check=True)
    dead_pid = int(gone.stdout)
    out = tmp_path / "scores [1].csv"  # a name with glob characters
    orphan = tmp_path / f".{out.name}.{dead_pid}.abc123.tmp"
    orphan.write_text("half")
    alive = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"])
    try:
        live = tmp_path / f".{out.name}.{alive.pid}.def456.tmp"
        live.write_text("in progress")
        other = tmp_path / ".other.csv.1.xyz.tmp"
        other.write_text("another output's")
        with atomic_path(out) as tmp:
            tmp.write_text("done")
        assert out.read_text() == "done"
        assert not orphan.exists() and live.exists() and other.exists()
    finally:
        alive.kill()
        alive.wait()
