"""A JSON result's rows as a spreadsheet: CSV text and .xlsx workbooks, for the command line's
`--format csv` / `--output FILE.xlsx` and the web's downloads alike.

A row is one of the result's objects (a standing, a list entry, a system's backtest score), a
column one of their keys. A cell holds what the JSON holds, never rounded further:

* numbers as JSON writes them (in a workbook: numbers), true and false, null as an empty cell;
* a list or an object JSON-encoded in its cell, compact (`[3,5,150,150]`), so nothing nested
  is lost;
* text as it is, except that in CSV a text starting with `=`, `+`, `-`, `@`, a tab or a carriage
  return, which a spreadsheet would run as a formula (CSV injection), or with `'` itself, is
  written with a `'` in front: strip one leading `'` from a text cell to read the value back. A
  workbook's text cells are text, never formulas, so they hold the text exactly (those that
  would start a formula are also marked quote-prefixed, so that editing them keeps them text).

openpyxl is imported only when a workbook is written.
"""

from __future__ import annotations

import csv
import dataclasses
import io
import json
import re
from collections.abc import Mapping
from typing import Any

__all__ = ["Rows", "Sheet", "csv_text", "defused", "excel_csv_text", "workbook_bytes"]

Row = Mapping[str, Any]

_FORMULA_START = ("=", "+", "-", "@", "\t", "\r")
_QUOTE = "'"
_ILLEGAL_IN_XLSX = re.compile(r"[\000-\010\013\014\016-\037]")


@dataclasses.dataclass(frozen=True)
class Sheet:
    """Rows under their columns: the columns a command names first, then any other key its
    rows have, in the order first seen. A key a row lacks is an empty cell."""

    columns: list[str]
    rows: list[Row]


@dataclasses.dataclass(frozen=True)
class Rows:
    """Which list of a JSON result is its rows (`key`), and the columns every row has, which
    head the sheet even when there is no row."""

    key: str
    columns: tuple[str, ...]

    def sheet(self, data: Mapping[str, Any]) -> Sheet:
        rows: list[Row] = list(data[self.key])
        columns = dict.fromkeys(self.columns)
        for row in rows:
            columns.update(dict.fromkeys(row))
        return Sheet(list(columns), rows)


def defused(text: str) -> str:
    """`text` with a `'` in front when a spreadsheet would run it as a formula (or it starts
    with `'`, so that stripping one `'` always gives the text back)."""
    return _QUOTE + text if text.startswith((*_FORMULA_START, _QUOTE)) else text


def _encoded(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def _csv_cell(value: Any, decimal: str = ".") -> str:
    if value is None:
        return ""
    if isinstance(value, str):
        return defused(value)
    if isinstance(value, float) and decimal != ".":
        return _encoded(value).replace(".", decimal)
    return _encoded(value)


def csv_text(sheet: Sheet, *, delimiter: str = ",", decimal: str = ".") -> str:
    """The sheet as CSV: a header row, then one line per row."""
    out = io.StringIO()
    writer = csv.writer(out, delimiter=delimiter)  # lines end in CRLF (RFC 4180)
    writer.writerow([_csv_cell(name) for name in sheet.columns])
    writer.writerows(
        [_csv_cell(row.get(name), decimal) for name in sheet.columns] for row in sheet.rows
    )
    return out.getvalue()


def excel_csv_text(sheet: Sheet) -> str:
    """The sheet as CSV that Excel opens as it is in German (and most of Europe): a byte-order
    mark (so the names keep their umlauts), `;` between cells and decimal commas."""
    return "\ufeff" + csv_text(sheet, delimiter=";", decimal=",")


def _xlsx_value(value: Any) -> Any:
    """A cell's value for openpyxl: numbers, booleans and text as they are (text without the
    control characters a workbook cannot hold, which become U+FFFD), lists and objects
    JSON-encoded."""
    if isinstance(value, list | dict):
        value = _encoded(value)
    if isinstance(value, str):
        return _ILLEGAL_IN_XLSX.sub("\ufffd", value)
    return value


def workbook_bytes(sheet: Sheet, title: str) -> bytes:
    """The sheet as an .xlsx workbook of one worksheet named `title`: the header row bold and
    frozen, numbers as numbers, text always as text."""
    from openpyxl import Workbook
    from openpyxl.styles import Font

    book = Workbook()
    worksheet = book.active
    assert worksheet is not None  # a new workbook has one sheet
    worksheet.title = title[:31]
    lines: list[list[Any]] = [list(sheet.columns)]
    lines += ([row.get(name) for name in sheet.columns] for row in sheet.rows)
    for number, values in enumerate(lines, start=1):
        for column, value in enumerate(values, start=1):
            cell = worksheet.cell(row=number, column=column, value=_xlsx_value(value))
            if isinstance(cell.value, str):
                cell.data_type = "s"  # openpyxl would take a text starting with = for a formula
                cell.quotePrefix = cell.value.startswith(_FORMULA_START)
            if number == 1:
                cell.font = Font(bold=True)
    worksheet.freeze_panes = "A2"
    out = io.BytesIO()
    book.save(out)
    return out.getvalue()
