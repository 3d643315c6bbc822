"""CSV with ',' or ';' and .xlsx workbooks: the samples and malformed variants."""

from __future__ import annotations

import datetime as dt
import warnings
import zipfile
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest
from openpyxl import Workbook

from tablerank.errors import InputError
from tablerank.formats.csv_records import separator
from tablerank.formats.reading import Rejected, read_each, read_records
from tablerank.formats.xlsx_records import cell_text

IMPORTS = Path(__file__).parents[2] / "examples" / "imports"
HEADER = ["id", "date", "player", "vp", "winner"]


def test_the_semicolon_sample_reads_like_the_workbook() -> None:
    from_csv = read_records([IMPORTS / "club-night-semicolon.csv"])
    from_xlsx = read_records([IMPORTS / "club-night.xlsx"])
    assert from_csv == from_xlsx
    assert [(r.id, r.date, r.time) for r in from_csv] == [
        ("kn-01", dt.date(2026, 4, 11), dt.time(19, 30)),
        ("kn-02", dt.date(2026, 4, 11), dt.time(21, 45)),
    ]


@pytest.mark.parametrize(
    ("header", "expected"),
    [("id,date,player", ","), ("id;date;player", ";"), ("id", ","), ('"id;x",date,player', ","),
     ("id;date;player;;", ";")],
)  # fmt: skip
def test_the_separator_is_told_from_the_header(header: str, expected: str) -> None:
    assert separator(header) == expected


def test_a_semicolon_file_with_a_comma_in_a_name(tmp_path: Path) -> None:
    path = tmp_path / "night.csv"
    path.write_text(
        "id;date;player;vp;winner\nn1;2026-05-02;Ann, the elder;10;true\nn1;;Ben;7;\n",
        encoding="utf-8",
    )
    (game,) = read_records([path])
    assert game.seats[0].player == "Ann, the elder"  # type: ignore[union-attr]


def workbook(tmp_path: Path, *rows: Sequence[object], name: str = "night.xlsx") -> Path:
    book = Workbook()
    sheet = book.active
    assert sheet is not None
    for row in rows:
        sheet.append(list(row))
    path = tmp_path / name
    book.save(path)
    return path


def test_typed_cells_read_as_their_text(tmp_path: Path) -> None:
    path = workbook(
        tmp_path,
        HEADER,
        ["w1", dt.datetime(2026, 5, 2), "Ann", 10.0, True],
        ["w1", None, "Ben", 7, False],
        ["w2", dt.date(2026, 5, 3), "Ann", 4.5, None],
        ["w2", None, "Ben", 6, True],
    )
    first, second = read_records([path])
    assert (first.date, first.time) == (dt.date(2026, 5, 2), None)
    assert [s.vp for s in second.seats] == [4.5, 6]  # type: ignore[union-attr]


@pytest.mark.parametrize(
    ("value", "text"),
    [(None, ""), (True, "true"), (3.0, "3"), (2.5, "2.5"), (dt.datetime(2026, 5, 2, 19, 30),
     "2026-05-02T19:30"), (dt.datetime(2026, 5, 2, 19, 30, 5), "2026-05-02T19:30:05"),
     (dt.date(2026, 5, 2), "2026-05-02"), ("  Ann ", "  Ann ")],
)  # fmt: skip
def test_cell_text(value: object, text: str) -> None:
    assert cell_text(value) == text


def test_a_seat_that_breaks_a_rule_names_its_row_and_field(tmp_path: Path) -> None:
    path = workbook(tmp_path, HEADER, ["w1", "2026-05-02", "Ann", 10, True],
                    ["w1", None, "Ben", -3, None])  # fmt: skip
    (rejected,) = read_each([path])
    assert isinstance(rejected, Rejected)
    assert str(rejected.error) == (
        f"{path}, row 3 (id w1): seats[1].vp: VP cannot be negative, got -3"
    )


@pytest.mark.parametrize(
    ("rows", "message"),
    [
        ([["id", "date", "player", "colour"]], "row 1: colour: unknown column; expected: "),
        ([HEADER, [None, "2026-05-02", "Ann", 10, True]], "row 2: id: is required"),
        ([HEADER, ["w1", "2026-05-02", "Ann", 10, True], ["w1", "2026-05-03", "Ben", 2, None]],
         "row 3: date: '2026-05-03' disagrees with '2026-05-02' on row 2 for the same id 'w1'"),
        ([HEADER, ["w1", "2026-05-02", "Ann", 10, True, "extra"]],
         "row 2: this row has a value in column 6, which has no header"),
        ([HEADER], "holds no record"),
    ],
)  # fmt: skip
def test_an_unreadable_sheet_is_one_error(
    tmp_path: Path, rows: list[Sequence[object]], message: str
) -> None:
    path = workbook(tmp_path, *rows)
    with pytest.raises(InputError) as caught:
        read_each([path])
    assert message in str(caught.value)
    assert str(caught.value).startswith(str(path))


def test_a_damaged_workbook_is_one_error(tmp_path: Path) -> None:
    good = workbook(tmp_path, HEADER, ["w1", "2026-05-02", "Ann", 10, True])
    damaged = tmp_path / "damaged.xlsx"
    damaged.write_bytes(good.read_bytes()[:300])
    with pytest.raises(InputError) as caught:
        read_each([damaged])
    assert str(caught.value).startswith(f"{damaged}: cannot read the ")


def _rezipped(path: Path, edit: Any) -> Path:
    """A copy of the workbook with each member edited (None leaves it out)."""
    out = path.with_name(f"edited-{path.name}")
    with zipfile.ZipFile(path) as source, zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as z:
        for member in source.infolist():
            content = edit(member.filename, source.read(member))
            if content is not None:
                z.writestr(member.filename, content)
    return out


@pytest.mark.parametrize(
    ("edit", "message"),
    [
        (lambda name, data: None if name.startswith("xl/worksheets/") else data,
         "the workbook holds no sheet"),
        (lambda name, data: data.replace(b"<v>10</v>", b"<v>ten</v>", 1)
         if name.startswith("xl/worksheets/") else data,
         "cannot read the workbook's first sheet: "),
        (lambda name, data: data[: len(data) // 2] if name.startswith("xl/worksheets/") else data,
         "cannot read the workbook's first sheet: "),
    ],
    ids=["no sheet", "a number that is none", "a sheet cut short"],
)  # fmt: skip
def test_a_workbook_whose_sheet_openpyxl_cannot_read_is_one_error(
    tmp_path: Path, edit: Any, message: str
) -> None:
    """openpyxl reads a sheet's cells as they are asked for: what it raises then (not only
    when the workbook opens) is the file's error, not a traceback."""
    good = workbook(tmp_path, HEADER, ["w1", "2026-05-02", "Ann", 10, True],
                    ["w1", "2026-05-02", "Ben", 6, None])  # fmt: skip
    damaged = _rezipped(good, edit)
    with pytest.raises(InputError) as caught:
        read_each([damaged])
    assert str(caught.value).startswith(f"{damaged}: {message}")


def test_workbooks_are_parsed_through_defusedxml() -> None:
    import openpyxl

    assert openpyxl.DEFUSEDXML is True  # a dependency, so no workbook can expand entities


def test_a_csv_saved_in_a_legacy_encoding_says_so(tmp_path: Path) -> None:
    path = tmp_path / "night.csv"
    path.write_bytes("id;date;player\nk1;2026-04-11;Jürgen\n".encode("cp1252"))
    with pytest.raises(InputError) as caught:
        read_each([path])
    assert str(caught.value) == (f"{path}: not UTF-8 text (at byte 30); save it as UTF-8")


def test_openpyxls_warnings_about_a_workbooks_styles_are_not_shown(tmp_path: Path) -> None:
    """openpyxl warns (UserWarning, on stderr) of styles it cannot read: nothing the user can
    act on, and the cells are read all the same."""
    good = workbook(tmp_path, HEADER, ["w1", "2026-05-02", "Ann", 10, True],
                    ["w1", "2026-05-02", "Ben", 6, None])  # fmt: skip
    odd = _rezipped(good, lambda name, data: b"<x/>" if name == "xl/styles.xml" else data)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        records = read_records([odd])
    assert [record.id for record in records] == ["w1"]


def test_a_sheet_whose_header_row_is_empty_says_so(tmp_path: Path) -> None:
    path = workbook(tmp_path, [None] * 5, ["w1", "2026-05-02", "Ann", 10, True])
    with pytest.raises(InputError) as caught:
        read_each([path])
    assert str(caught.value).startswith(f"{path}, row 1: the header row is empty; expected: id,")
    csv = tmp_path / "night.csv"
    csv.write_text(",,,\nw1,2026-05-02,Ann,10\n", encoding="utf-8")
    with pytest.raises(InputError) as caught:
        read_each([csv])
    assert str(caught.value).startswith(f"{csv}, line 1: the header row is empty")
