"""Tables in and out (CSV, JSON lines, JSON arrays, Parquet), column detection and atomic outputs.

One module per concept, each importing only those before it here (no cycle):

- :mod:`~paraqd.io.paths`: what a path names (``-``, a device or pipe written in place) and its table format;
- :mod:`~paraqd.io.readers`: reading tables whole or in chunks, one-line errors naming file, line and column;
- :mod:`~paraqd.io.columns`: which column holds the questions, paraphrases or labels, and their cells;
- :mod:`~paraqd.io.atomic`: outputs that appear whole or not at all (temporary files, staging directories);
- :mod:`~paraqd.io.output_checks`: the checks of an output path made before any work (``--mkdir``);
- :mod:`~paraqd.io.writers`: text, JSON (the one JSON writer of paraqd) and tables, streamed or whole.

Every name is imported from here: ``from paraqd.io import read_table, write_json``.
"""

from __future__ import annotations

from ..defaults import ID_COLUMNS, LABEL_COLUMNS, PARAPHRASE_COLUMNS, QUESTION_COLUMNS
from .atomic import atomic_path, give_umask, remove_pending_outputs, staging_dir
from .columns import cell_problem, find_column, label_column, text_column
from .output_checks import (
    allow_missing_parents,
    check_distinct_outputs,
    check_output_dir,
    check_output_file,
    output_directory,
)
from .paths import FORMATS, STDIO, is_stdio, source_name, special_file, stream_format, stream_formats, table_format
from .readers import PLACE_ATTR, iter_table_chunks, read_table, row_place
from .writers import TableWriter, json_safe, write_json, write_table, write_text

__all__ = [
    "FORMATS", "ID_COLUMNS", "LABEL_COLUMNS", "PARAPHRASE_COLUMNS", "PLACE_ATTR", "QUESTION_COLUMNS", "STDIO",
    "TableWriter", "allow_missing_parents", "atomic_path", "cell_problem", "check_distinct_outputs",
    "check_output_dir", "check_output_file", "find_column", "give_umask", "is_stdio", "iter_table_chunks",
    "json_safe", "label_column", "output_directory", "read_table", "remove_pending_outputs", "row_place",
    "source_name", "special_file", "staging_dir", "stream_format", "stream_formats", "table_format",
    "text_column", "write_json", "write_table", "write_text",
]
