"""Every reader works wherever a records file is read: rate, validate, standings, lists and
league import (issue 13, item 3)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.cli.conftest import EXAMPLES, Invoke

IMPORTS = EXAMPLES / "imports"
SAMPLES = {
    "bgstats-export.json": ["Ann", "Ben", "Cleo", "Dario"],
    "bgg-plays.xml": ["Ann", "Ben", "Cleo", "Dario"],
    "club-night-semicolon.csv": ["Ann", "Ben", "Cleo"],
    "club-night.xlsx": ["Ann", "Ben", "Cleo"],
}
SKIPPED = {"bgstats-export.json": 1, "bgg-plays.xml": 2}
"""Plays not rated (a cooperative game, an incomplete play, a play without players)."""
NOTED = {"bgstats-export.json": 1}
"""Plays rated with a note (an anonymous player left out), which `validate` lists."""


def warnings(stderr: str) -> list[str]:
    return [line for line in stderr.splitlines() if line.startswith("tablerank: warning: ")]


@pytest.mark.parametrize("name", SAMPLES)
def test_rate_reads_every_sample_and_warns_of_each_row_not_rated(invoke: Invoke, name: str) -> None:
    result = invoke("rate", IMPORTS / name, "-s", "pages.point", "--title", "catan", "-f", "json")
    assert result.exit_code == 0, result.output
    players = sorted(row["player"] for row in json.loads(result.stdout)["standings"])
    assert players == SAMPLES[name]
    said = warnings(result.stderr)
    assert len(said) == SKIPPED.get(name, 0) + NOTED.get(name, 0)
    assert sum("not rated" in w for w in said) == SKIPPED.get(name, 0)
    assert sum("rated among the" in w for w in said) == NOTED.get(name, 0)


@pytest.mark.parametrize("name", SAMPLES)
def test_validate_lists_every_game_and_the_rows_not_rated(invoke: Invoke, name: str) -> None:
    result = invoke("validate", IMPORTS / name, "-f", "json")
    assert result.exit_code == 0, result.output
    found = json.loads(result.stdout)["games"]
    assert all(not g["errors"] for g in found)
    assert sum(bool(g["warnings"]) for g in found) == SKIPPED.get(name, 0) + NOTED.get(name, 0)


@pytest.mark.parametrize("name", SAMPLES)
def test_standings_and_lists_read_every_sample(invoke: Invoke, name: str) -> None:
    standings = invoke("standings", IMPORTS / name, "-f", "json")
    assert standings.exit_code == 0, standings.output
    assert len(json.loads(standings.stdout)["standings"]) >= 3
    monthly = invoke(
        "lists", "monthly", IMPORTS / name, "--month", "2026-04", "--group", "base", "-f", "json"
    )
    assert monthly.exit_code == 0, monthly.output
    listed = json.loads(monthly.stdout)
    assert {row["player"] for row in listed["not_listed"]} >= {"Ann", "Ben"}


def test_a_semicolon_csv_is_not_read_as_one_unknown_column(invoke: Invoke, tmp_path: Path) -> None:
    path = tmp_path / "night.csv"
    path.write_text("id;date;player;vp;winer\nn1;2026-05-02;Ann;10;true\n", encoding="utf-8")
    result = invoke("rate", path, "-s", "pages.point")
    assert result.exit_code == 2
    assert result.stderr.startswith(f"tablerank: error: {path}, line 1: winer: unknown column")


@pytest.fixture
def club(invoke: Invoke) -> str:
    created = invoke("league", "create", "club", "--name", "Club", "--admin", "ref")
    assert created.exit_code == 0, created.output
    return "club"


@pytest.mark.django_db
@pytest.mark.parametrize("name", ["bgstats-export.json", "bgg-plays.xml", "club-night.xlsx"])
def test_league_import_reads_every_sample_and_again_finds_it_present(
    invoke: Invoke, club: str, name: str
) -> None:
    first = invoke("league", "import", club, IMPORTS / name, "--as", "ref", "-f", "json")
    assert first.exit_code == 0, first.output
    summary = json.loads(first.stdout)
    assert summary["imported"] >= 2
    assert summary["rejected"] == 0
    assert len(warnings(first.stderr)) == SKIPPED.get(name, 0) + NOTED.get(name, 0)
    assert len(summary["notes"]) == NOTED.get(name, 0)
    again = invoke("league", "import", club, IMPORTS / name, "--as", "ref", "-f", "json")
    assert json.loads(again.stdout)["already_present"] == summary["imported"]


@pytest.mark.django_db
def test_league_import_reads_a_club_s_own_sheet_through_a_column_mapping(
    invoke: Invoke, club: str
) -> None:
    sheet = IMPORTS / "club-sheet-tr.csv"
    columns = 'id="Oyun No",date=Tarih,player="Asıl oyuncu",vp=Puan,winner=Kazanan'
    unmapped = invoke("league", "import", club, sheet, "--as", "ref")
    assert unmapped.exit_code == 2
    assert "unknown column" in unmapped.stderr
    done = invoke(
        "league", "import", club, sheet, "--as", "ref", "--columns", columns, "-f", "json"
    )
    assert done.exit_code == 0, done.output
    assert json.loads(done.stdout)["imported"] == 3
    standings = invoke("league", "standings", club, "-s", "pages.point", "-f", "json")
    assert {r["player"] for r in json.loads(standings.stdout)["standings"]} == {
        "Deniz", "Ece", "Mert",
    }  # fmt: skip
