"""A club's own spreadsheet read through a column mapping (issue 41, item 4): a Turkish club's
sheet (`Oyun No;Tarih;Sıra;Asıl oyuncu;Puan;Kazanan;Notlar`, the winner column holding the
winner's name, `Sıra` the turn order, dates day first with dots) through every command."""

from __future__ import annotations

import datetime as dt
import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from tablerank.cli.main import app
from tablerank.engine.records import Game
from tablerank.errors import InputError
from tablerank.formats.column_map import ColumnMap, day_first_date
from tablerank.formats.reading import read_records
from tablerank.formats.table_records import MAPPABLE

SHEET = Path(__file__).parents[2] / "examples" / "imports" / "club-sheet-tr.csv"
COLUMNS = 'id="Oyun No",date=Tarih,player="Asıl oyuncu",vp=Puan,winner=Kazanan'


def test_the_sheet_reads_through_the_mapping() -> None:
    games = read_records([SHEET], mapping=ColumnMap.parse(COLUMNS, MAPPABLE))
    assert [g.id for g in games] == ["1", "2", "3"]
    first = games[0]
    assert isinstance(first, Game)
    assert first.date == dt.date(2022, 2, 22)
    assert [(s.player, s.vp, s.winner, s.place) for s in first.seats] == [
        ("Deniz", 10, True, 1), ("Ece", 7, False, 3), ("Mert", 8, False, 2),
    ]  # fmt: skip
    third = games[2]
    assert isinstance(third, Game)
    assert third.variant == "base"
    assert [s.player for s in third.seats if s.winner] == ["Mert"]


def test_without_a_mapping_the_sheet_s_own_headers_are_unknown_columns() -> None:
    with pytest.raises(InputError, match="unknown column; expected: "):
        read_records([SHEET])


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("player", "expected COLUMN=HEADER, got 'player'"),
        ("gamer=Oyuncu", "unknown column 'gamer'; expected: id, date"),
        ("vp=Puan,vp=Skor", "column 'vp' is mapped twice"),
        ("", "expected COLUMN=HEADER pairs"),
    ],
)
def test_a_mapping_that_cannot_be_read_says_why(text: str, message: str) -> None:
    with pytest.raises(InputError, match=message):
        ColumnMap.parse(text, MAPPABLE)


def test_a_mapped_header_the_sheet_lacks_is_named_with_the_sheet_s_headers() -> None:
    mapping = ColumnMap.parse('id="Oyun No",player=Oyuncu,date=Tarih', MAPPABLE)
    with pytest.raises(InputError) as caught:
        read_records([SHEET], mapping=mapping)
    assert str(caught.value) == (
        f"{SHEET}, line 1: no column 'Oyuncu' (mapped to player); the sheet has: Oyun No, Tarih, "
        "Sıra, Asıl oyuncu, Puan, Kazanan, Notlar"
    )


@pytest.mark.parametrize(
    ("text", "date"),
    [("22.02.2022", "2022-02-22"), ("1.3.2022", "2022-03-01"), ("2022-02-22", "2022-02-22"),
     ("22/02/2022", "22/02/2022")],
)  # fmt: skip
def test_a_date_written_day_first_with_dots_is_read(text: str, date: str) -> None:
    assert day_first_date(text) == date


def test_rate_and_validate_take_the_mapping_and_a_bad_one_exits_2() -> None:
    runner = CliRunner()
    rated = runner.invoke(app, ["rate", str(SHEET), "-s", "pages.point", "--columns", COLUMNS,
                                "-f", "json"])  # fmt: skip
    assert rated.exit_code == 0, rated.output
    standings = json.loads(rated.stdout)["standings"]
    assert {r["player"]: r["games"] for r in standings} == {"Deniz": 3, "Ece": 3, "Mert": 3}
    bad = runner.invoke(app, ["rate", str(SHEET), "-s", "pages.point", "--columns", "gamer=X"])
    assert bad.exit_code == 2
    assert bad.stderr.startswith("tablerank: error: --columns: unknown column 'gamer'")


def test_validate_takes_the_mapping_too() -> None:
    result = CliRunner().invoke(app, ["validate", str(SHEET), "--columns", COLUMNS, "-f", "json"])
    assert result.exit_code == 0, result.output
    assert [g["id"] for g in json.loads(result.stdout)["games"]] == ["1", "2", "3"]
