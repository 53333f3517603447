"""The layout of a text: numbers that label the text's own lines, not quantities of the problem.

A worksheet or a list-style rewording numbers its parts: "Problem 3:", "Question 2.", and the items of an
enumerated list ("1. Each floor has 3 rooms.", "2) ..."). Such a number counts nothing the problem computes
with; read as a quantity it would be "a number added". :func:`line_labels` finds them from the layout alone:

- an enumeration: lines opening with a number followed by "." or ")" and a space, whose values run 1, 2, ...
  k (k >= 2) in order: the list's own numbering ("3. Steven has 11 apples" is the third item);
- an inline enumeration: "(1) ... (2) ... (3) ...", numbers in brackets whose values run 1, 2, ... k (k >= 2)
  in order ("Data: (1) She has 80 roses. (2) Three-fourths of them are red.");
- the row labels of a table: the first cells of a table's rows (lines with "|", after its header line) that
  are exactly 1, 2, ... k (k >= 2) in order ("Day | Temperature / 1 | -36 / 2 | +13"): the rows' own
  numbering, what the question says as "the first day", "the second day" or not at all;
- a script's panels: lines opening with one word and a number, before the line's speaker and a colon or alone
  on the line, numbered 1, 2, ... k (k >= 2) in order ("PANEL 1 - Mia: ...", "PANEL 2 - Leo (smiling): ...",
  "Scene 1" over its lines): the panels' own numbering;
- a heading label: a line opening with one capitalised word, a number and ":" or ".", when that word occurs
  nowhere else in the text ("Problem 5:", "Exercise 2."); a word the text uses again ("Day 1: ... on the
  second day", "Day 1: ... Day 2: ...") names a thing of the problem, and its number stays a quantity.

A table's column header and a list's heading also say what the numbers under them measure ("Capacity
(gallons)", "Hours per day"; "Prices (in dollars): apples 2, pears 3"): :func:`heading_of` finds the words that
head a number's column or list, where a unit the numbers do not write stands.

The analyzer drops these numbers from :attr:`~paraqd.analysis.document.QuestionDoc.numbers`, on both sides of a
pair alike.

>>> line_labels("Problem 3:\\n1. Tom has 4 pens.\\n2. Ann has 2 more.\\nHow many pens do they have?")
[(8, 9), (11, 12), (30, 31)]
>>> line_labels("3. Tom has 4 pens. How many pens?")  # one item numbered 3: no enumeration
[]
"""

from __future__ import annotations

import re

#: a line opening with an item number: "1. ", "2) ", after optional spaces or a bullet
_ITEM = re.compile(r"^[ \t]*(?:[-*\u2022][ \t]*)?(\d{1,2})[.)][ \t]+(?=\S)", re.MULTILINE)
#: a line opening with a heading word and its number: "Problem 3:", "Question 2."
_HEADING = re.compile(r"^[ \t]*([A-Z][a-z]+)[ \t]+(\d{1,3})[ \t]*[:.](?=\s|$)", re.MULTILINE)
#: an inline item number in brackets: "(1) ", "(2) "
_BRACKETED = re.compile(r"(?<![\w)])\((\d{1,2})\)(?=[ \t]+\S)")
#: a speaker's name or role as a script or a chat writes it before its colon ("Mia", "Coach", "Mr. Lee"; up to
#: three capitalised words): shared with :mod:`paraqd.analysis.people`, which reads the speaker
SPEAKER_NAME = r"[A-Z][A-Za-z.'-]*(?: [A-Z][A-Za-z.'-]*){0,2}"
#: a stage direction in brackets before or after a speaker's name ("(smiling)", "(Friday)")
STAGE_DIRECTION = r"\([^()\n]{0,60}\)"
#: a speaker's label: an optional stage direction, the name, an optional stage direction, a colon; the name is
#: group ``name`` ("(Friday) Mia (smiling):")
SPEAKER_LABEL = rf"(?:{STAGE_DIRECTION}[ \t]*)?(?P<name>{SPEAKER_NAME})(?:[ \t]*{STAGE_DIRECTION})?[ \t]*:"
#: a script's panel or scene label before the line's speaker ("PANEL 2 - Mia:", "Scene 3: Coach (smiling):"),
#: or alone on its line ("Panel 2", "SCENE 3:")
_PANEL = re.compile(rf"^[ \t]*([A-Za-z]+)\.?[ \t]*(\d{{1,3}})[ \t]*(?:[-\u2013\u2014:.][ \t]*{SPEAKER_LABEL}|[:.]?[ \t]*$)",
                    re.MULTILINE)
#: a table row's first cell that is a bare number: "1 | -36 degrees", "| 2 | +13"
_ROW_NUMBER = re.compile(r"^[ \t]*\|?[ \t]*(\d{1,2})[ \t]*\|", re.MULTILINE)
#: a table's separator line: "---|---", "|:--|--:|"
_SEPARATOR = re.compile(r"^[ \t|:-]+$")


def _in_order(matches: list[re.Match]) -> list[tuple[int, int]]:
    """The spans of the numbers of ``matches`` when their values run 1, 2, ... k (k >= 2), else none."""
    if len(matches) >= 2 and [int(m.group(1)) for m in matches] == list(range(1, len(matches) + 1)):
        return [m.span(1) for m in matches]
    return []


def _row_labels(text: str) -> list[tuple[int, int]]:
    """The first cells of each table of ``text`` that number its rows 1, 2, ... k (every row after the header)."""
    spans: list[tuple[int, int]] = []
    rows: list[re.Match | None] = []
    offset = 0
    for line in [*text.split("\n"), ""]:
        if "|" in line:
            if not _SEPARATOR.match(line):
                rows.append(_ROW_NUMBER.match(text, offset))
        elif rows:
            body = rows[1:]  # after the header
            if body and all(m is not None for m in body):
                spans += _in_order(body)
            rows = []
        offset += len(line) + 1
    return spans


def line_labels(text: str) -> list[tuple[int, int]]:
    """``(start, end)`` character spans of the numbers that label lines of ``text`` (see the module docstring),
    in order of position."""
    spans: list[tuple[int, int]] = []
    spans += _in_order(list(_ITEM.finditer(text)))
    spans += _in_order(list(_BRACKETED.finditer(text)))
    spans += _row_labels(text)
    spans += _panel_labels(text)
    for m in _HEADING.finditer(text):
        word = m.group(1).lower()
        uses = re.findall(r"\b" + re.escape(word) + r"s?\b", text, re.IGNORECASE)
        if len(uses) == 1:
            spans.append(m.span(2))
    return sorted(spans)


def _panel_labels(text: str) -> list[tuple[int, int]]:
    """The numbers of a script's panels or scenes: one word and a number opening lines, before the line's
    speaker or alone on the line, numbered 1, 2, ... k (k >= 2) in order with the same word ("PANEL 1 - Mia: ...
    PANEL 2 - Leo: ..."); every line of the word's that opens so counts, so one numbered list it is."""
    by_word: dict[str, list[re.Match]] = {}
    for m in _PANEL.finditer(text):
        by_word.setdefault(m.group(1).lower(), []).append(m)
    spans: list[tuple[int, int]] = []
    for matches in by_word.values():
        if len(matches) >= 2 and [int(m.group(2)) for m in matches] == list(range(1, len(matches) + 1)):
            spans += [m.span(2) for m in matches]
    return spans


#: a list's heading before its colon that names what the list measures in brackets: "Prices (in dollars):"
_LIST_HEADING = re.compile(r"[^\n:]*\([^()\n]+\)[ \t]*:")


def heading_of(text: str, pos: int) -> tuple[int, int] | None:
    """``(start, end)`` of the words that head the number at ``pos``: its column's header cell when it stands
    in a table's body (lines with "|", the first of them the header: "Tank | Capacity (gallons)" over "1 |
    7000"), or its line's heading up to a colon when that heading names something in brackets ("Prices (in
    dollars): apples 2, pears 3"); ``None`` when nothing heads it.

    >>> text = "Tank | Capacity (gallons)\\n1 | 7000"
    >>> start, end = heading_of(text, text.index("7000"))
    >>> text[start:end]
    ' Capacity (gallons)'
    >>> heading_of("Sam ran 5 miles: 3 in the morning.", 17) is None
    True
    """
    line_start = text.rfind("\n", 0, pos) + 1
    line_end = text.find("\n", pos)
    line_end = len(text) if line_end < 0 else line_end
    if "|" in text[line_start:line_end]:
        return _header_cell(text, line_start, line_end, pos)
    heading = _LIST_HEADING.match(text, line_start)
    if heading is not None and heading.end() <= pos:
        return line_start, heading.end() - 1
    return None


def _header_cell(text: str, line_start: int, line_end: int, pos: int) -> tuple[int, int] | None:
    """The header cell above ``pos`` in its table: the same cell of the block's first line (not a separator)."""
    starts = [line_start]
    while starts[0] > 0:
        prev = text.rfind("\n", 0, starts[0] - 1) + 1
        if "|" not in text[prev:starts[0] - 1]:
            break
        starts.insert(0, prev)
    header = starts[0]
    if header == line_start:
        return None  # the number is in the header itself
    column = text.count("|", line_start, pos) - text[line_start:line_end].lstrip().startswith("|")
    header_end = text.find("\n", header)
    cells = text[header:header_end].split("|")
    lead = text[header:header_end].lstrip().startswith("|")
    index = column + lead
    if not 0 <= index < len(cells):
        return None
    start = header + sum(len(c) + 1 for c in cells[:index])
    return start, start + len(cells[index])
