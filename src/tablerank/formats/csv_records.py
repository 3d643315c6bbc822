"""CSV files of one row per seat or per player (docs/records.md, "CSV"), separated by `,` or `;`.

The separator is told from the header line (`csv.Sniffer`, limited to those two), so a sheet
saved by a German spreadsheet (`;`, as Excel writes CSV where the decimal mark is a comma) is
read as it was meant; a header of a single column is read with `,`.
"""

from __future__ import annotations

import csv

from tablerank.errors import InputError
from tablerank.formats.column_map import ColumnMap
from tablerank.formats.located import Item
from tablerank.formats.table_records import records_from_table

__all__ = ["records_from_csv", "separator"]

_SEPARATORS = ",;"


def separator(header: str) -> str:
    """The separator of a CSV file whose first line is `header`: `,` or `;`."""
    if not any(mark in header for mark in _SEPARATORS):
        return ","
    try:
        return csv.Sniffer().sniff(header, delimiters=_SEPARATORS).delimiter
    except csv.Error:
        return ","


def records_from_csv(text: str, source: str, mapping: ColumnMap | None = None) -> list[Item]:
    """The records of a CSV file's contents (its columns the records' own, or the file's own
    through `mapping`); rows are named by their line in the file."""
    lines = text.splitlines()
    if not lines:
        return []
    reader = csv.reader(lines, delimiter=separator(lines[0]))
    try:
        header = next(reader)
        rows = [(reader.line_num, cells) for cells in reader]
    except csv.Error as exc:  # a cell of more than the csv module's 131,072 characters
        raise InputError(source, f"line {reader.line_num}", f"malformed CSV: {exc}") from None
    return records_from_table(header, rows, source, "line", mapping)
