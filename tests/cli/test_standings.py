"""`tablerank standings`: the documented JSON, the readable table and the exit codes."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tablerank.tournament.standings import derived_seed
from tests.cli.conftest import Invoke

ROW_KEYS = {
    "player", "rank", "games", "abandoned", "wins", "vp", "vp_percent", "seconds", "thirds",
    "lot", "separated_by",
}  # fmt: skip


@pytest.fixture
def tournament(tmp_path: Path) -> Path:
    """A two-round event, a club game outside it, and a Kremlin game in it."""
    games = [
        {"id": "r1-t1", "date": "2026-04-04", "event": "Spring Open", "seats": [
            {"player": "Ann", "vp": 11, "winner": True}, {"player": "Ben", "vp": 8},
            {"player": "Cy", "vp": 6}, {"player": "Di", "vp": 5}]},
        {"id": "r1-t2", "date": "2026-04-04", "event": "Spring Open", "seats": [
            {"player": "Eve", "vp": 10, "winner": True}, {"player": "[red]Fay[/red]", "vp": 9},
            {"player": "Gus", "vp": 5}]},
        {"id": "r2-t1", "date": "2026-04-04", "event": "Spring Open", "seats": [
            {"player": "Ben", "vp": 10, "winner": True}, {"player": "Eve", "vp": 9},
            {"player": "Ann", "vp": 7}, {"player": "Gus", "vp": 2}]},
        {"id": "r2-t2", "date": "2026-04-04", "event": "Spring Open", "seats": [
            {"player": "Cy", "vp": 10, "winner": True}, {"player": "Di", "vp": 8},
            {"player": "[red]Fay[/red]", "vp": 4}]},
        {"id": "club", "date": "2026-04-01", "seats": [
            {"player": "Ann", "vp": 10, "winner": True}, {"player": "Ben", "vp": 3}]},
        {"id": "k1", "date": "2026-04-04", "event": "Spring Open", "game": "Kremlin", "seats": [
            {"player": "Ann", "winner": True}, {"player": "Ben"}]},
    ]  # fmt: skip
    path = tmp_path / "spring.jsonl"
    path.write_text("".join(json.dumps(g) + "\n" for g in games), encoding="utf-8")
    return path


def standings(invoke: Invoke, *args: str | Path) -> dict[str, Any]:
    result = invoke("standings", *args, "--format", "json")
    assert result.exit_code == 0, result.output
    data: dict[str, Any] = json.loads(result.stdout)
    return data


def test_the_json_has_the_documented_shape(invoke: Invoke, tournament: Path) -> None:
    data = standings(invoke, tournament, "--event", "Spring Open")
    assert set(data) == {
        "standings", "seed", "seed_derived", "scoring", "criteria", "event", "games", "left_out",
    }  # fmt: skip
    assert data["scoring"] == "wins"
    assert data["criteria"] == ["wins", "capped VP", "VP%", "2nd places", "3rd places", "lots"]
    assert data["event"] == "Spring Open"
    assert data["games"] == 4
    assert data["left_out"] == [{"record": "k1", "reason": "not a Catan game (Kremlin)"}]
    assert all(set(row) == ROW_KEYS for row in data["standings"])


def test_the_json_rows_follow_seed_002(invoke: Invoke, tournament: Path) -> None:
    rows = standings(invoke, tournament, "--event", "spring open", "--seed", "1")["standings"]
    # Wins: Ann, Ben, Cy, Eve 1 each; capped VP: Ann 10 + 7 = 17 (11 capped at 10), Eve 10 + 9
    # = 19, Ben 8 + 10 = 18, Cy 6 + 10 = 16.
    assert [(r["player"], r["rank"], r["wins"], r["vp"]) for r in rows[:4]] == [
        ("Eve", 1, 1, 19),
        ("Ben", 2, 1, 18),
        ("Ann", 3, 1, 17),
        ("Cy", 4, 1, 16),
    ]
    assert [r["separated_by"] for r in rows[:5]] == [None, "capped VP", "capped VP", "capped VP",
                                                     "wins"]  # fmt: skip
    # Eve: 10 of the 3-player r1-t2 (10 + 9 + 5 = 24, dummy 8 -> 32) = 31.25 %, and 9 of r2-t1
    # (10 + 9 + 7 + 2 = 28) = 32.142857... %.
    eve = rows[0]
    assert eve["vp_percent"] == pytest.approx(31.25 + 900 / 28, abs=1e-9)
    assert (eve["seconds"], eve["thirds"]) == (1, 0)
    assert "points" not in eve


def test_points_presets_add_points_to_each_row(invoke: Invoke, tournament: Path) -> None:
    data = standings(
        invoke, tournament, "--event", "Spring Open", "--scoring", "5-3-2-1+5-3-1", "--seed", "3"
    )
    assert data["scoring"] == "5-3-2-1+5-3-1"
    assert data["criteria"] == ["points", "capped VP", "VP%", "lots"]
    points = {r["player"]: r["points"] for r in data["standings"]}
    # Ann 5 + 2, Ben 3 + 5, Cy 2 + 5, Di 1 + 3, Eve 5 + 3, Fay 3 + 1, Gus 1 + 1.
    assert points == {"Ann": 7, "Ben": 8, "Cy": 7, "Di": 4, "Eve": 8, "[red]Fay[/red]": 4,
                      "Gus": 2}  # fmt: skip
    assert all(set(r) == {*ROW_KEYS, "points"} for r in data["standings"])


def test_the_seed_is_returned_and_the_same_seed_prints_the_same(
    invoke: Invoke, tournament: Path
) -> None:
    first = invoke("standings", tournament, "--seed", "42", "--format", "json")
    again = invoke("standings", tournament, "--seed", "42", "--format", "json")
    assert first.stdout == again.stdout
    data = json.loads(first.stdout)
    assert (data["seed"], data["seed_derived"]) == (42, False)


def test_without_a_seed_it_is_derived_from_the_game_ids(invoke: Invoke, tournament: Path) -> None:
    data = standings(invoke, tournament, "--event", "Spring Open")
    assert data["seed"] == derived_seed(["r1-t1", "r1-t2", "r2-t1", "r2-t2"])
    assert data["seed_derived"] is True


def test_the_table_prints_the_seed_the_tiebreaks_and_names_as_text(
    invoke: Invoke, tournament: Path
) -> None:
    result = invoke("standings", tournament, "--event", "Spring Open", "--seed", "9")
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "Seed: 9 (given); --seed 9 draws the same lots" in out
    assert "Separated by" in out
    assert "capped VP" in out
    assert "[red]Fay[/red]" in out  # printed as written, not as Rich markup
    assert "Order: wins > capped VP > VP% > 2nd places > 3rd places > lots" in out
    assert "Left out: k1: not a Catan game (Kremlin)" in out


def test_the_table_shows_points_for_presets(invoke: Invoke, tournament: Path) -> None:
    result = invoke("standings", tournament, "--scoring", "wbc-ck-2017", "--event", "Spring Open")
    assert result.exit_code == 0, result.output
    assert "Points" in result.stdout
    assert "(from the game ids)" in result.stdout


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("--event", "Fall"), "no game belongs to event 'Fall'; the records have: Spring Open"),
        (("--scoring", "elo"), "unknown scoring 'elo'; expected one of: wins, 5-3-2-1"),
        (("--scoring", "5-3-2-1"), "game r1-t2: scoring '5-3-2-1' gives points only at 4-player"),
    ],
)
def test_bad_options_exit_2_with_one_line(
    invoke: Invoke, tournament: Path, args: tuple[str, ...], message: str
) -> None:
    result = invoke("standings", tournament, *args)
    assert result.exit_code == 2
    assert result.stderr.startswith(f"tablerank: error: {message}")
    assert result.stderr.count("\n") == 1
    assert result.stdout == ""


def test_no_catan_games_exits_2(invoke: Invoke, tmp_path: Path) -> None:
    path = tmp_path / "kremlin.jsonl"
    path.write_text(
        json.dumps({"id": "k1", "date": "2026-04-04", "game": "Kremlin",
                    "seats": [{"player": "Ann", "winner": True}, {"player": "Ben"}]}) + "\n",
        encoding="utf-8",
    )  # fmt: skip
    result = invoke("standings", path)
    assert result.exit_code == 2
    assert result.stderr == "tablerank: error: no Catan games to rank\n"


def test_an_unreadable_file_exits_2(invoke: Invoke, tmp_path: Path) -> None:
    result = invoke("standings", tmp_path / "missing.jsonl")
    assert result.exit_code == 2
    assert "no such file" in result.stderr


def test_a_game_without_vp_exits_2_naming_it(invoke: Invoke, tmp_path: Path) -> None:
    path = tmp_path / "places.jsonl"
    path.write_text(
        json.dumps({"id": "p1", "date": "2026-04-04", "seats": [
            {"player": "Ann", "place": 1}, {"player": "Ben", "place": 2}]}) + "\n",
        encoding="utf-8",
    )  # fmt: skip
    result = invoke("standings", path)
    assert result.exit_code == 2
    assert "game p1: Ann has no VP" in result.stderr


def test_several_files_are_read_together(invoke: Invoke, tournament: Path, tmp_path: Path) -> None:
    extra = tmp_path / "late.jsonl"
    extra.write_text(
        json.dumps({"id": "r3-t1", "date": "2026-04-05", "event": "Spring Open",
                    "seats": [{"player": "Gus", "vp": 10, "winner": True},
                              {"player": "Di", "vp": 9}, {"player": "Ann", "vp": 3}]}) + "\n",
        encoding="utf-8",
    )  # fmt: skip
    data = standings(invoke, tournament, extra, "--event", "Spring Open")
    assert data["games"] == 5
    assert {r["player"]: r["wins"] for r in data["standings"]}["Gus"] == 1


def test_a_negative_seed_is_a_usage_error(invoke: Invoke, tournament: Path) -> None:
    # random.Random(-5) would draw like random.Random(5): only 0 and up are accepted.
    result = invoke("standings", tournament, "--seed", "-5")
    assert result.exit_code == 2
