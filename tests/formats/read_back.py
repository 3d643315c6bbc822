"""Reading a written sheet back as a spreadsheet user's script would, for the round trips: the
csv module and openpyxl, then each cell decoded as docs/cli.md says it is written."""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any


def _decoded(cell: str) -> Any:
    """A CSV cell: one leading ' stripped from defused text, empty as null, JSON where it
    parses (numbers, true/false, lists, objects), else the text."""
    if cell.startswith("'"):
        return cell[1:]
    if cell == "":
        return None
    try:
        return json.loads(cell)
    except json.JSONDecodeError:
        return cell


def csv_back(text: str) -> tuple[list[str], list[dict[str, Any]]]:
    """The header and the rows of CSV text, each cell decoded."""
    lines = list(csv.reader(io.StringIO(text)))
    header, body = lines[0], lines[1:]
    return header, [{k: _decoded(v) for k, v in zip(header, line, strict=True)} for line in body]


def _cell(value: Any) -> Any:
    """A workbook cell: text holding a JSON list or object decoded, the rest as it is."""
    if isinstance(value, str) and value[:1] in "[{" and value:
        return json.loads(value)
    return value


def xlsx_back(data: bytes | Path) -> tuple[list[str], list[dict[str, Any]]]:
    """The header and the rows of a workbook's only sheet."""
    from openpyxl import load_workbook

    book = load_workbook(io.BytesIO(data) if isinstance(data, bytes) else data)
    assert len(book.worksheets) == 1
    lines = [list(line) for line in book.worksheets[0].iter_rows(values_only=True)]
    header = [str(name) for name in lines[0]]
    body = lines[1:]
    return header, [{k: _cell(v) for k, v in zip(header, line, strict=True)} for line in body]


def as_rows(rows: Sequence[Mapping[str, Any]], header: Sequence[str]) -> list[dict[str, Any]]:
    """JSON rows as a sheet holds them: every column, a missing key as null."""
    return [{name: row.get(name) for name in header} for row in rows]
