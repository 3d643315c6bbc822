"""Writes club-night.xlsx, the sample workbook of docs/records.md ("Spreadsheets"): the rows of
club-night-semicolon.csv as a spreadsheet holds them (dates and times as date cells, numbers as
numbers, winners as TRUE). Run from the repository root:

    python examples/imports/make_club_night_xlsx.py
"""

from __future__ import annotations

import csv
import datetime as dt
from pathlib import Path

from openpyxl import Workbook

HERE = Path(__file__).parent


def cell(column: str, text: str) -> object:
    if not text:
        return None
    if column == "date":
        return dt.datetime.fromisoformat(text)
    if column == "winner":
        return text == "true"
    return int(text) if text.isdigit() else text


def main() -> None:
    with (HERE / "club-night-semicolon.csv").open(encoding="utf-8", newline="") as handle:
        rows = list(csv.reader(handle, delimiter=";"))
    book = Workbook()
    sheet = book.active
    assert sheet is not None
    sheet.title = "Club night"
    sheet.append(rows[0])
    for row in rows[1:]:
        sheet.append([cell(c, v) for c, v in zip(rows[0], row, strict=True)])
    for row in sheet.iter_rows(min_row=2, min_col=2, max_col=2):
        row[0].number_format = "yyyy-mm-dd hh:mm"
    book.save(HERE / "club-night.xlsx")


if __name__ == "__main__":
    main()
