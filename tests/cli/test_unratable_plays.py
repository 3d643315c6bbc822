"""Issue 41: a play that cannot be rated is reported, never fatal, in every command that reads
records; `--strict` refuses the files at the first one instead; many plays that share a reason
are said once."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tablerank.errors import InputError
from tablerank.formats.unrated import GROUPED_FROM, said_once
from tests.cli.conftest import EXAMPLES, Invoke

SEASON = EXAMPLES / "club-season.jsonl"
BROKEN = {"id": "broken", "date": "2026-02-07", "city": "Bonn", "seats": [
    {"player": "Greta", "vp": 10, "winner": True}, {"player": "Emre", "vp": 10, "winner": True},
    {"player": "Cleo", "vp": 5}]}  # fmt: skip
"""Two winners of a Catan game: a record that breaks a rule."""
SHORT = {"id": "short", "date": "2026-02-08", "city": "Bonn", "seats": [
    {"player": "Greta", "vp": 8, "winner": True}, {"player": "Emre", "vp": 5},
    {"player": "Cleo", "vp": 5}]}  # fmt: skip
"""A win with 8 VP in a base game: a Catan game that fails validation."""

COMMANDS = {
    "rate": ["rate", "FILE", "-s", "cow.elo", "--group", "base"],
    "explain": ["explain", "FILE", "-s", "cow.elo", "-g", "bo-001"],
    "predict": ["predict", "FILE", "-s", "skill", "--title", "catan", "--table", "Greta,Emre,Cleo"],
    "backtest": ["backtest", "FILE", "-s", "cow.elo"],
    "monthly list": [
        "lists",
        "monthly",
        "FILE",
        "--month",
        "2026-02",
        "--city",
        "Bonn",
        "--group",
        "base",
    ],
    "annual list": [
        "lists",
        "annual",
        "FILE",
        "--year",
        "2026",
        "--city",
        "Bonn",
        "--group",
        "base",
    ],
}


def _with(command: list[str], path: Path) -> list[str | Path]:
    return [path if word == "FILE" else word for word in command]


@pytest.fixture
def season(tmp_path: Path) -> Path:
    path = tmp_path / "season.jsonl"
    extra = "".join(json.dumps(record) + "\n" for record in (BROKEN, SHORT))
    path.write_text(SEASON.read_text(encoding="utf-8") + extra, encoding="utf-8")
    return path


@pytest.mark.parametrize("command", COMMANDS.values(), ids=list(COMMANDS))
def test_each_command_rates_the_rest_and_names_each_play_left_out(
    invoke: Invoke, season: Path, command: list[str]
) -> None:
    result = invoke(*_with(command, season))
    assert result.exit_code == 0, result.output
    warnings = [line for line in result.stderr.splitlines() if "not rated" in line]
    assert warnings[0].startswith(
        f"tablerank: warning: not rated: {season}, line 242 (id broken): seats[1].winner:"
    )
    assert warnings[1].startswith("tablerank: warning: not rated: game short: ")
    assert warnings[1].endswith("(rate anyway with --allow-invalid)")
    assert result.stdout


@pytest.mark.parametrize("command", COMMANDS.values(), ids=list(COMMANDS))
def test_strict_refuses_the_files_at_the_first_play_left_out(
    invoke: Invoke, season: Path, command: list[str]
) -> None:
    result = invoke(*_with(command, season), "--strict")
    assert result.exit_code == 2
    assert result.stderr.startswith(f"tablerank: error: {season}, line 242 (id broken): ")
    assert result.stdout == ""


@pytest.mark.parametrize("command", COMMANDS.values(), ids=list(COMMANDS))
def test_allow_invalid_rates_the_game_that_fails_validation(
    invoke: Invoke, season: Path, command: list[str]
) -> None:
    result = invoke(*_with(command, season), "--allow-invalid")
    assert result.exit_code == 0, result.output
    assert "game short" not in result.stderr
    assert "(id broken)" in result.stderr


def test_many_plays_left_out_for_one_reason_are_said_once(invoke: Invoke, tmp_path: Path) -> None:
    path = tmp_path / "season.jsonl"
    broken = [BROKEN | {"id": f"broken-{n}"} for n in range(12)]
    lines = SEASON.read_text(encoding="utf-8") + "".join(json.dumps(b) + "\n" for b in broken)
    path.write_text(lines, encoding="utf-8")
    result = invoke("rate", path, "-s", "cow.elo", "--group", "base")
    assert result.exit_code == 0
    assert result.stderr.splitlines() == [
        f"tablerank: warning: not rated: {path}: 12 plays (line 242 (id broken-0), line 243 "
        "(id broken-1), line 244 (id broken-2), ...): seats[1].winner: a Catan game has one "
        "winner, but Greta, Emre are all marked winner (a draw is recorded as equal places)"
    ]


def _error(n: int, message: str = "no result", source: str = "a.json") -> InputError:
    return InputError(source, f"play {n}", message, field="players")


def test_said_once_groups_a_reason_only_from_its_threshold_and_per_file() -> None:
    few = [_error(n) for n in range(GROUPED_FROM - 1)]
    assert said_once(few) == [str(error) for error in few]
    many = [_error(n) for n in range(GROUPED_FROM)]
    other = [_error(9, "one team"), _error(1, source="b.json")]
    assert said_once([*many, *other], "not rated: ") == [
        f"not rated: a.json: {GROUPED_FROM} plays (play 0, play 1, play 2, ...): players: "
        "no result",
        "not rated: a.json, play 9: players: one team",
        "not rated: b.json, play 1: players: no result",
    ]
