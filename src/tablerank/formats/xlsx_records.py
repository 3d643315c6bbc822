"""Excel workbooks (`.xlsx`): the first sheet holds one row per seat (or per player of an event)
under the same header as a CSV file (docs/records.md, "CSV" and "Spreadsheets").

Read with openpyxl in read-only mode, values as last computed (a formula's cached result).
openpyxl parses the workbook's XML through defusedxml (a dependency), which refuses entity
expansion. A date cell gives the date, and its time when it has one. Rows are named `row N`.
"""

from __future__ import annotations

import datetime as dt
import io
import warnings
import zipfile
from collections.abc import Iterator
from typing import Any

from tablerank.errors import InputError
from tablerank.formats.column_map import ColumnMap
from tablerank.formats.located import Item
from tablerank.formats.table_records import Row, records_from_table

__all__ = ["cell_text", "is_workbook", "records_from_xlsx"]


def is_workbook(archive: zipfile.ZipFile) -> bool:
    """Whether a zip archive is an Office Open XML workbook."""
    return "xl/workbook.xml" in archive.namelist()


def records_from_xlsx(data: bytes, source: str, mapping: ColumnMap | None = None) -> list[Item]:
    """The records of a workbook's first sheet (its columns the records' own, or the sheet's
    own through `mapping`)."""
    with warnings.catch_warnings():  # openpyxl warns of styles it skips: nothing a user does
        warnings.simplefilter("ignore", UserWarning)
        return _records(data, source, mapping)


def _records(data: bytes, source: str, mapping: ColumnMap | None) -> list[Item]:
    from openpyxl import load_workbook

    try:
        book = load_workbook(io.BytesIO(data), read_only=True, data_only=True)
    except Exception as exc:  # openpyxl raises many kinds for a damaged workbook
        raise InputError(source, "", f"cannot read the workbook: {exc}") from None
    try:
        if not book.worksheets:
            raise InputError(source, "", "the workbook holds no sheet")
        rows = [
            [cell_text(v) for v in cells]
            for cells in book.worksheets[0].iter_rows(values_only=True)
        ]
    except InputError:
        raise
    except Exception as exc:  # a damaged sheet: openpyxl raises many kinds as it reads
        raise InputError(source, "", f"cannot read the workbook's first sheet: {exc}") from None
    finally:
        book.close()
    if not rows:
        return []
    numbered: Iterator[Row] = enumerate(rows[1:], start=2)
    return records_from_table(rows[0], numbered, source, "row", mapping)


def cell_text(value: Any) -> str:
    """A cell's value as the CSV reader would see it: whole numbers without `.0`, a date as
    `2026-03-14`, a date and time as `2026-03-14T19:30`, true/false, and "" for an empty cell."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    if isinstance(value, dt.datetime):
        if value.time() == dt.time(0):
            return value.date().isoformat()
        return value.isoformat(timespec="minutes" if value.second == 0 else "seconds")
    if isinstance(value, dt.date | dt.time):
        return value.isoformat()
    return str(value)
