"""A league's standings, lists and backtest out as CSV and .xlsx (issue 13, item 4), read back
to the rows `--format json` prints; a file that cannot be written is refused before the league
is read."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tests.cli.conftest import EXAMPLES, Invoke
from tests.cli.test_league_tournament import NAMES, open_event, play, seat  # noqa: F401
from tests.formats.read_back import as_rows, csv_back, xlsx_back

pytestmark = pytest.mark.django_db

READS: list[tuple[tuple[str, ...], str]] = [
    (("standings", "bonn", "-s", "pages.glory"), "standings"),
    (("standings", "bonn", "-s", "skill", "--list", "catan", "--city", "Bonn"), "standings"),
    (("lists", "monthly", "bonn", "--month", "2026-03", "--group", "base"), "list"),
    (("lists", "annual", "bonn", "--year", "2026", "--group", "base"), "list"),
    (("lists", "elo", "bonn", "--group", "base"), "standings"),
    (("backtest", "bonn", "-s", "cow.elo", "--title", "catan"), "systems"),
]


@pytest.fixture
def bonn(invoke: Invoke) -> str:
    created = invoke("league", "create", "bonn", "--name", "Bonn", "--time-zone", "Europe/Berlin")
    assert created.exit_code == 0, created.stderr
    imported = invoke("league", "import", "bonn", EXAMPLES / "club-season.jsonl")
    assert imported.exit_code == 0, imported.stderr
    return "bonn"


@pytest.mark.parametrize(("args", "key"), READS)
def test_a_leagues_rows_read_back_from_csv_and_xlsx_as_json_has_them(
    invoke: Invoke, bonn: str, args: tuple[str, ...], key: str, tmp_path: Path
) -> None:
    shown = invoke("league", *args, "-f", "json")
    assert shown.exit_code == 0, shown.stderr
    expected: list[dict[str, Any]] = json.loads(shown.stdout)[key]
    assert expected
    header, rows = csv_back(invoke("league", *args, "-f", "csv").stdout)
    assert rows == as_rows(expected, header)
    book = tmp_path / "out.xlsx"
    written = invoke("league", *args, "-o", book)
    assert written.exit_code == 0, written.stderr
    assert xlsx_back(book) == (header, rows)


def test_a_leagues_file_that_cannot_be_written_is_one_line(invoke: Invoke, tmp_path: Path) -> None:
    target = tmp_path / "no" / "standings.xlsx"
    result = invoke("league", "standings", "nowhere", "-s", "pages.point", "-o", target)
    assert result.exit_code == 2
    assert result.stderr == (
        f"tablerank: error: {target}: cannot write there (no such folder, or not writable)\n"
    )
    unknown = invoke("league", "standings", "nowhere", "-s", "pages.point", "-f", "csv")
    assert unknown.exit_code == 2
    assert unknown.stderr.count("\n") == 1
    assert "nowhere" in unknown.stderr


@pytest.mark.usefixtures("open_event")
def test_a_tournaments_standings_read_back_from_csv(invoke: Invoke, tmp_path: Path) -> None:
    play(invoke, seat(invoke))
    args = ("league", "tournament", "standings", "club", "spring-open")
    expected = json.loads(invoke(*args, "-f", "json").stdout)["standings"]
    assert len(expected) == len(NAMES)
    header, rows = csv_back(invoke(*args, "-f", "csv").stdout)
    assert rows == as_rows(expected, header)
    assert invoke(*args, "-o", tmp_path / "cup.xlsx").exit_code == 0
    assert xlsx_back(tmp_path / "cup.xlsx") == (header, rows)
