"""No silent emptiness (issue 13): a filter or a starting sheet's name that matches nothing is a
warning on stderr naming the closest known values; an empty file is an error."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.cli.conftest import Invoke


def standings(stdout: str) -> list[str]:
    return [row["player"] for row in json.loads(stdout)["standings"]]


@pytest.mark.parametrize(
    ("options", "warning"),
    [
        (["--city", "Bon"], "no city 'Bon'; known: Bonn, Köln"),
        (["--group", "chess"], "no group 'chess'; known: base, duel, Kremlin"),
        (["--title", "Kreml"], "no title 'Kreml'; known: Kremlin, catan"),
        (
            ["--city", "Köln", "--group", "duel"],
            "no game has group 'duel' and city 'Köln' together",
        ),
    ],
)
def test_rate_warns_of_a_filter_matching_nothing(
    invoke: Invoke, night: Path, options: list[str], warning: str
) -> None:
    result = invoke("rate", night, "-s", "pages.point", *options, "-f", "json")
    assert result.exit_code == 1, result.output  # nothing to show is said, not printed empty
    lines = result.stderr.splitlines()
    assert lines[0] == f"tablerank: warning: {warning}"
    assert lines[1].startswith("tablerank: nothing to rate: no game of ")
    assert result.stdout == ""


def test_a_month_without_games_says_so_and_exits_1(invoke: Invoke, night: Path) -> None:
    month = ["--month", "2025-02", "--city", "Bonn", "--group", "base"]
    result = invoke("lists", "monthly", night, *month)
    assert result.exit_code == 1, result.output
    said = "no game of city 'Bonn', group 'base' in 2025-02: the list is empty"
    assert result.stderr == f"tablerank: {said}\n"
    assert result.stdout == ""


def test_names_alike_but_for_case_or_accents_are_warned(invoke: Invoke, tmp_path: Path) -> None:
    path = tmp_path / "night.jsonl"
    games = [
        {"id": "a", "date": "2026-01-01", "seats": [{"player": "ann", "vp": 10, "winner": True},
                                                    {"player": "Ben", "vp": 5}]},
        {"id": "b", "date": "2026-01-02", "seats": [{"player": "Ann", "vp": 10, "winner": True},
                                                    {"player": "Bén", "vp": 5}]},
    ]  # fmt: skip
    path.write_text("\n".join(json.dumps(g) for g in games), encoding="utf-8")
    result = invoke("rate", path, "-s", "pages.point", "-f", "json")
    assert result.exit_code == 0
    assert result.stderr.splitlines() == [
        "tablerank: warning: 'Ann' and 'ann' differ only in case or accents: rated as different "
        "players; write them alike if they are one",
        "tablerank: warning: 'Ben' and 'Bén' differ only in case or accents: rated as different "
        "players; write them alike if they are one",
    ]
    assert sorted(standings(result.stdout)) == ["Ann", "Ben", "Bén", "ann"]


def test_a_filter_that_matches_prints_no_warning(invoke: Invoke, night: Path) -> None:
    result = invoke("rate", night, "-s", "pages.point", "--city", "bonn", "-f", "json")
    assert result.exit_code == 0
    assert result.stderr == ""
    assert standings(result.stdout) == ["Ann", "Cleo", "Ben"]


def test_a_starting_sheets_unknown_player_is_a_warning(
    invoke: Invoke, night: Path, tmp_path: Path
) -> None:
    sheet = tmp_path / "start.json"
    sheet.write_text(json.dumps({"Anne": 1100, "Ben": 990}), encoding="utf-8")
    result = invoke("rate", night, "-s", "cow.elo", "--group", "base", "--start", sheet)
    assert result.exit_code == 0, result.output
    assert result.stderr == (
        "tablerank: warning: starting ratings: no player 'Anne' in the records; "
        "known: Ann, Ben, Dee, Cleo\n"
    )


@pytest.mark.parametrize(
    "command",
    [
        ["backtest", "--city", "Bon"],
        ["seats-report", "--city", "Bon"],
        ["lists", "monthly", "--month", "2026-03", "--city", "Bon"],
        ["lists", "annual", "--year", "2026", "--city", "Bon"],
    ],
)
def test_every_filtering_command_warns(invoke: Invoke, night: Path, command: list[str]) -> None:
    head, *rest = command
    args = [head, night, *rest] if head != "lists" else [head, rest[0], night, *rest[1:]]
    result = invoke(*args)
    assert "tablerank: warning: no city 'Bon'; known: Bonn, Köln\n" in result.stderr


@pytest.mark.parametrize(
    ("name", "text", "message"),
    [
        ("empty.jsonl", "", "is empty; expected at least one game or event"),
        ("blank.jsonl", "\n  \n", "is empty; expected at least one game or event"),
        ("header.csv", "id,date,player,vp\n", "holds no record (a header alone, or [])"),
        ("empty.json", "[]", "holds no record (a header alone, or []); expected at least one"),
    ],
)
@pytest.mark.parametrize("command", [["rate", "-s", "pages.point"], ["validate"]])
def test_an_empty_file_is_an_error(
    invoke: Invoke, tmp_path: Path, name: str, text: str, message: str, command: list[str]
) -> None:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    result = invoke(command[0], path, *command[1:])
    assert result.exit_code == 2
    assert result.stderr.startswith(f"tablerank: error: {path}: {message}")
    assert result.stdout == ""


@pytest.fixture
def league_of_the_night(invoke: Invoke, night: Path) -> str:
    created = invoke("league", "create", "night", "--name", "Night", "--admin", "ref")
    assert created.exit_code == 0, created.output
    assert invoke("league", "import", "night", night, "--as", "ref").exit_code == 0
    return "night"


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("command", "warning"),
    [
        (["standings", "-s", "pages.point", "--city", "Bon"], "no city 'Bon'; known: Bonn, Köln"),
        (["standings", "-s", "pages.point", "--group", "dual"],
         "no group 'dual'; known: duel, base, Kremlin"),
        (["backtest", "--title", "kreml"], "no title 'kreml'; known: Kremlin, catan"),
        (["seats-report", "--city", "Köln", "--group", "duel"],
         "no game has group 'duel' and city 'Köln' together"),
        (["lists", "monthly", "--month", "2026-03", "--city", "Bon", "--group", "base"],
         "no city 'Bon'; known: Bonn, Köln"),
    ],
)  # fmt: skip
def test_league_reads_warn_of_a_filter_matching_nothing(
    invoke: Invoke, league_of_the_night: str, command: list[str], warning: str
) -> None:
    head = 2 if command[0] == "lists" else 1
    result = invoke("league", *command[:head], league_of_the_night, *command[head:])
    assert f"tablerank: warning: {warning}\n" in result.stderr
    matching = invoke("league", "standings", league_of_the_night, "-s", "pages.point",
                      "--city", "bonn")  # fmt: skip
    assert matching.exit_code == 0
    assert "warning" not in matching.stderr
