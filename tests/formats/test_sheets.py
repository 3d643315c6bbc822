"""Rows out as a spreadsheet (`formats.sheets`): CSV and .xlsx hold the JSON's values, nested
ones JSON-encoded, and no text becomes a formula."""

from __future__ import annotations

import csv
import io
import json
import zipfile
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from openpyxl import load_workbook

from tablerank.formats.sheets import (
    Rows,
    Sheet,
    csv_text,
    defused,
    excel_csv_text,
    workbook_bytes,
)
from tests.formats.read_back import as_rows, csv_back, xlsx_back

SPEC = Rows("standings", ("player", "rank", "rating"))
ROWS: list[dict[str, Any]] = [
    {"player": "Ann", "rank": 1, "rating": 1008.5, "games": 3, "provisional": False},
    {"player": "Ben", "rank": 2, "rating": -0.1, "games": 2, "months": [3, 150]},
    {"player": 'Köln, "Kai"', "rank": 2, "rating": 1498.228009486, "games": 1, "by": {"a": None}},
]
RISKY = ["=1+2", "+1", "-1", "@SUM(A1)", "\tx", "\rx", "'quoted", '=HYPERLINK("http://x")']


def test_the_columns_named_come_first_then_every_other_key_as_first_seen() -> None:
    sheet = SPEC.sheet({"standings": ROWS})
    assert sheet.columns == ["player", "rank", "rating", "games", "provisional", "months", "by"]
    assert SPEC.sheet({"standings": []}).columns == ["player", "rank", "rating"]


def test_csv_has_a_header_then_each_row_in_order_with_json_values() -> None:
    text = csv_text(SPEC.sheet({"standings": ROWS}))
    assert text.splitlines() == [
        "player,rank,rating,games,provisional,months,by",
        "Ann,1,1008.5,3,false,,",
        'Ben,2,-0.1,2,,"[3,150]",',
        '"Köln, ""Kai""",2,1498.228009486,1,,,"{""a"":null}"',
    ]


def test_csv_keeps_every_digit_json_writes() -> None:
    """(A workbook keeps 16 significant digits, as openpyxl writes them; the JSON's ratings
    have at most 9 decimals, so a standings table survives either way.)"""
    sheet = Sheet(["x"], [{"x": 0.1 + 0.2}, {"x": 1e-7}, {"x": 10**20}])
    assert csv_text(sheet).splitlines()[1:] == ["0.30000000000000004", "1e-07", str(10**20)]


def test_an_empty_sheet_is_its_header() -> None:
    assert csv_text(SPEC.sheet({"standings": []})) == "player,rank,rating\r\n"


@pytest.mark.parametrize("text", RISKY)
def test_text_a_spreadsheet_would_run_gets_a_quote_in_front(text: str) -> None:
    assert defused(text) == "'" + text
    written = csv_text(Sheet(["player", "rating"], [{"player": text, "rating": -1}]))
    assert list(csv.reader(io.StringIO(written)))[1] == ["'" + text, "-1"]
    assert csv_back(written)[1] == [{"player": text, "rating": -1}]


@pytest.mark.parametrize("text", ["Ann", "a=b", "Zoë-Marie", "1+1", " =x"])
def test_other_text_is_written_as_it_is(text: str) -> None:
    assert defused(text) == text


def _not_json(text: str) -> bool:
    try:
        json.loads(text)
    except json.JSONDecodeError:
        return True
    return False


PLAIN_TEXT = st.text(min_size=1).filter(_not_json)  # "1" or "true" would read back as JSON
VALUES = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(),
    st.floats(allow_nan=False, allow_infinity=False),
    PLAIN_TEXT,
    st.lists(st.integers() | st.text(), max_size=3),
)


@settings(max_examples=150)
@given(rows=st.lists(st.fixed_dictionaries({"player": PLAIN_TEXT, "value": VALUES}), max_size=5))
def test_csv_reads_back_to_the_same_rows(rows: list[dict[str, Any]]) -> None:
    sheet = Rows("rows", ("player", "value")).sheet({"rows": rows})
    header, back = csv_back(csv_text(sheet))
    assert header == ["player", "value"]
    assert back == as_rows(rows, header)


def test_a_workbook_reads_back_to_the_same_rows_with_numbers_as_numbers() -> None:
    data = workbook_bytes(SPEC.sheet({"standings": ROWS}), "standings")
    header, back = xlsx_back(data)
    assert back == as_rows(ROWS, header)
    sheet = load_workbook(io.BytesIO(data)).active
    assert sheet is not None
    assert sheet.title == "standings"
    assert sheet.freeze_panes == "A2"
    assert all(cell.font.b for cell in sheet[1])
    assert not any(cell.font.b for cell in sheet[2])
    assert [cell.data_type for cell in sheet[2][:4]] == ["s", "n", "n", "n"]


def test_a_workbook_never_holds_a_formula() -> None:
    risky = [text for text in RISKY if "\r" not in text]  # XML reads a CR back as a line feed
    rows = [{"player": text, "rank": i} for i, text in enumerate(risky, start=1)]
    data = workbook_bytes(Rows("list", ("player", "rank")).sheet({"list": rows}), "list")
    header, back = xlsx_back(data)
    assert back == as_rows(rows, header)  # the text exactly, no quote added
    with zipfile.ZipFile(io.BytesIO(data)) as book:
        xml = book.read("xl/worksheets/sheet1.xml").decode()
    assert "<f>" not in xml
    assert "<f " not in xml
    sheet = load_workbook(io.BytesIO(data)).active
    assert sheet is not None
    cells = [line[0] for line in sheet.iter_rows(min_row=2)]
    assert [cell.data_type for cell in cells] == ["s"] * len(risky)
    assert [cell.quotePrefix for cell in cells] == [not t.startswith("'") for t in risky]


def test_a_control_character_a_workbook_cannot_hold_is_replaced_not_a_crash() -> None:
    sheet = Sheet(["player"], [{"player": "A\x01nn"}])
    assert xlsx_back(workbook_bytes(sheet, "x"))[1] == [{"player": "A\ufffdnn"}]


def test_csv_for_excel_in_german_has_a_bom_semicolons_and_decimal_commas() -> None:
    text = excel_csv_text(SPEC.sheet({"standings": ROWS}))
    assert text.startswith("\ufeff")
    assert text[1:].splitlines() == [
        "player;rank;rating;games;provisional;months;by",
        "Ann;1;1008,5;3;false;;",
        "Ben;2;-0,1;2;;[3,150];",
        '"Köln, ""Kai""";2;1498,228009486;1;;;"{""a"":null}"',
    ]
