from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tests.cli.bad_records import BAD_RECORDS, bad_seat, write_bad
from tests.cli.conftest import EXAMPLES, Invoke


def rate_json(invoke: Invoke, *args: str | Path) -> dict[str, Any]:
    result = invoke("rate", *args, "--format", "json")
    assert result.exit_code == 0, result.output
    data: dict[str, Any] = json.loads(result.stdout)
    return data


def rows(data: dict[str, object]) -> list[tuple[str, int, float, int]]:
    standings = data["standings"]
    assert isinstance(standings, list)
    return [(s["player"], s["rank"], s["rating"], s["games"]) for s in standings]


def test_rate_prints_the_documented_json(invoke: Invoke, night: Path) -> None:
    data = rate_json(invoke, night, "--system", "cow.points")
    assert set(data) == {"system", "standings", "not_rated"}
    assert data["system"] == "cow.points"
    # g1: Ann 4, Ben 2, Cleo 1; g2 (Ann and Dee tie for 2nd): Ben 4, Ann 1.5, Dee 1.5;
    # g3 (two players): Cleo 3, Ann 1.
    assert rows(data) == [
        ("Ann", 1, 6.5, 3),
        ("Ben", 2, 6, 2),
        ("Cleo", 3, 4, 2),
        ("Dee", 4, 1.5, 1),
    ]


def test_games_of_other_titles_are_reported_not_skipped(invoke: Invoke, night: Path) -> None:
    data = rate_json(invoke, night, "--system", "pages.point")
    assert data["not_rated"] == [
        {"record": "k1", "player": None, "reason": "pages.point rates Catan games, not Kremlin"}
    ]


def test_equal_ratings_share_a_rank_and_skip_the_next(invoke: Invoke, night: Path) -> None:
    data = rate_json(invoke, night, "-s", "pages.accomplishment")
    assert rows(data) == [("Ann", 1, 1, 3), ("Ben", 1, 1, 2), ("Cleo", 1, 1, 2), ("Dee", 4, 0, 1)]


def test_city_and_group_filters_choose_the_games(invoke: Invoke, night: Path) -> None:
    bonn = rate_json(invoke, night, "-s", "pages.point", "--city", "bonn")
    assert {r[0]: r[2] for r in rows(bonn)} == {"Ann": 21, "Cleo": 18, "Ben": 6}
    base = rate_json(invoke, night, "-s", "pages.point", "--group", "base")
    assert {r[0]: r[2] for r in rows(base)} == {"Ann": 19, "Ben": 16, "Cleo": 5, "Dee": 9}


def test_elo_keeps_one_list_per_group_and_rates_each(invoke: Invoke, night: Path) -> None:
    every = rate_json(invoke, night, "-s", "cow.elo")
    assert every["lists"] == ["base", "duel"]
    data = rate_json(invoke, night, "-s", "cow.elo", "--group", "base")
    assert [r for r in every["standings"] if r.pop("list") == "base"] == data["standings"]
    assert data["not_rated"] == [
        {"record": "g2", "player": "Dee", "reason": "free account: gets no ELO value (seed 001)"},
    ]


def test_area_rates_one_title_chosen_with_title(invoke: Invoke, night: Path) -> None:
    assert rate_json(invoke, night, "-s", "area")["lists"] == ["catan", "Kremlin"]
    data = rate_json(invoke, night, "-s", "area", "--title", "kremlin")
    # Four players at 5000: each loser pays round(100 / 3) = 33 to the winner.
    assert rows(data) == [
        ("Ann", 1, 5099, 1),
        ("Ben", 2, 4967, 1),
        ("Cleo", 2, 4967, 1),
        ("Dee", 2, 4967, 1),
    ]


def test_start_ratings_carry_over_a_clubs_sheet(
    invoke: Invoke, night: Path, tmp_path: Path
) -> None:
    sheet = tmp_path / "sheet.json"
    sheet.write_text('{"Ann": 5100, "Ben": 5200, "Cleo": 4800, "Dee": 4600, "Zed": 5000}')
    data = rate_json(invoke, night, "-s", "area", "--title", "Kremlin", "--start", sheet)
    # The KREMLIN example of seed 003.
    assert rows(data) == [
        ("Ann", 1, 5188, 1),
        ("Ben", 2, 5165, 1),
        ("Zed", 3, 5000, 0),
        ("Cleo", 4, 4772, 1),
        ("Dee", 5, 4575, 1),
    ]


def test_parameters_are_passed_to_the_system(invoke: Invoke, night: Path) -> None:
    data = rate_json(invoke, night, "-s", "area", "--title", "Kremlin", "-p", "start=1500")
    assert rows(data)[0] == ("Ann", 1, 1599, 1)


@pytest.mark.parametrize(
    ("system", "given", "said"),
    [
        ("cow.elo", "k=abc", "cow.elo parameter k: expected a number, got 'abc'"),
        ("area", "start=1.5x", "area parameter start: expected a number, got '1.5x'"),
        ("pages.glory", "tables.3=a,b,c",
         "pages.glory parameter tables.3: expected numbers separated by commas, got 'a,b,c'"),
    ],
)  # fmt: skip
def test_a_parameter_in_bad_form_is_said_in_plain_words(
    invoke: Invoke, night: Path, system: str, given: str, said: str
) -> None:
    result = invoke("rate", night, "-s", system, "-p", given)
    assert result.exit_code == 2
    assert said in result.stderr
    assert "could not convert" not in result.stderr
    assert "invalid literal" not in result.stderr


def test_combined_rating_is_the_average_rank_lower_first(invoke: Invoke, night: Path) -> None:
    data = rate_json(invoke, night, "-s", "pages.combined")
    ratings = [r[2] for r in rows(data)]
    assert ratings == sorted(ratings)
    assert rows(data)[0][0] == "Ann"


def test_the_table_shows_every_player_and_what_was_not_rated(invoke: Invoke, night: Path) -> None:
    result = invoke("rate", night, "-s", "cow.elo", "--group", "base")
    assert result.exit_code == 0
    for name in ("Ann", "Ben", "Cleo", "Rank", "Rating", "Games"):
        assert name in result.stdout
    assert "Not rated: 1 x free account" in result.stdout


def test_player_names_are_printed_literally_not_as_markup(invoke: Invoke, tmp_path: Path) -> None:
    path = tmp_path / "g.jsonl"
    eve = {"player": "[red]Eve[/red]", "vp": 10, "winner": True}
    game = {"id": "x", "date": "2026-01-01", "seats": [eve, {"player": "Bob", "vp": 3}]}
    path.write_text(json.dumps(game))
    result = invoke("rate", path, "-s", "pages.point")
    assert "[red]Eve[/red]" in result.stdout


def test_turnabout_rates_the_example_events(invoke: Invoke) -> None:
    data = rate_json(invoke, EXAMPLES / "events.jsonl", "-s", "turnabout")
    assert rows(data)[0][0] == "Ines"


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("-s", "nope"), "unknown system 'nope'; expected one of: pages.point"),
        (("-s", "cow.elo", "-p", "kk=3"), "cow.elo has no parameter 'kk'"),
        (("-s", "cow.elo", "-p", "k"), "expected --param NAME=VALUE, got 'k'"),
        (("-s", "cow.elo", "-p", "k=high"), "cow.elo parameter k:"),
        (("-s", "area", "-p", "team_divisor=biggest"), "expected one of larger, smaller, all"),
        (("-s", "pages.glory", "-p", "tables.5=1,2"), "a 5-player table needs 5 values"),
        (("-s", "pages.combined", "-p", "systems=pages.combined"), "cannot include itself"),
    ],
)
def test_bad_system_choices_exit_2_with_one_line(
    invoke: Invoke, night: Path, args: tuple[str, ...], message: str
) -> None:
    result = invoke("rate", night, *args)
    assert result.exit_code == 2
    assert message in result.stderr
    assert result.stderr.count("\n") == 1


def test_a_missing_start_file_exits_2(invoke: Invoke, night: Path, tmp_path: Path) -> None:
    result = invoke("rate", night, "-s", "area", "--start", tmp_path / "none.json")
    assert result.exit_code == 2
    assert "none.json: no such file" in result.stderr


def test_a_missing_system_option_is_a_usage_error(invoke: Invoke, night: Path) -> None:
    assert invoke("rate", night).exit_code == 2


def test_a_seat_abandoned_in_a_solitaire_game_is_reported(invoke: Invoke, tmp_path: Path) -> None:
    game = {"id": "b1", "date": "2026-01-01", "game": "B-17", "class": "sol", "seats": [
        {"player": "Hugo", "winner": True}, {"player": "Ivo", "status": "abandoned"}]}  # fmt: skip
    path = tmp_path / "b17.jsonl"
    path.write_text(json.dumps(game))
    data = rate_json(invoke, path, "-s", "area")
    assert data["not_rated"] == [
        {"record": "b1", "player": "Ivo", "reason": "abandoned the game: not rated"}
    ]
    assert [r[0] for r in rows(data)] == ["Hugo", "B-17 (game)"]


def test_catan_games_that_fail_validation_are_left_out_with_a_warning(
    invoke: Invoke, tmp_path: Path
) -> None:
    """Issue 41: a Catan game that fails validation is not rated, with a warning, and the
    others are; --allow-invalid rates it; --strict refuses the file, as does a file with no
    other game."""
    game = {"id": "x1", "date": "2026-01-01", "seats": [
        {"player": "Ann", "vp": 9, "winner": True}, {"player": "Bob", "vp": 3},
        {"player": "Cy", "vp": 4}]}  # fmt: skip
    fine = {"id": "x2", "date": "2026-01-02", "seats": [
        {"player": "Ann", "vp": 10, "winner": True}, {"player": "Bob", "vp": 3},
        {"player": "Cy", "vp": 4}]}  # fmt: skip
    path = tmp_path / "g.jsonl"
    path.write_text(json.dumps(game) + "\n" + json.dumps(fine) + "\n")
    left_out = invoke("rate", path, "-s", "pages.point", "-f", "json")
    assert left_out.exit_code == 0
    assert left_out.stderr.startswith("tablerank: warning: not rated: game x1: ")
    assert left_out.stderr.endswith("(rate anyway with --allow-invalid)\n")
    assert rows(json.loads(left_out.stdout))[0] == ("Ann", 1, 10, 1)
    allowed = rate_json(invoke, path, "-s", "pages.point", "--allow-invalid")
    assert rows(allowed)[0] == ("Ann", 1, 19, 2)
    for refused in (
        invoke("rate", path, "-s", "pages.point", "--strict"),
        invoke("rate", write_lines(tmp_path / "one.jsonl", [game]), "-s", "pages.point"),
    ):
        assert refused.exit_code == 2
        assert refused.stderr.startswith("tablerank: error: game x1: ")
        assert "or rate anyway with --allow-invalid" in refused.stderr


@pytest.mark.parametrize(("record", "message"), BAD_RECORDS)
def test_rate_refuses_bad_input_as_validate_does(
    invoke: Invoke, tmp_path: Path, record: dict[str, Any], message: str
) -> None:
    path = write_bad(tmp_path, record)
    result = invoke("rate", path, "-s", "pages.point")
    assert result.exit_code == 2
    assert result.stderr == f"tablerank: error: {path}, {message}\n"
    assert result.stdout == ""


def test_rate_refuses_a_catan_total_far_over_the_maximum(invoke: Invoke, tmp_path: Path) -> None:
    path = write_bad(tmp_path, bad_seat(vp=999))
    result = invoke("rate", path, "-s", "pages.point")
    assert result.exit_code == 2
    assert result.stderr.startswith("tablerank: error: game g1: Ben: 999 VP is far over the base")
    assert "or rate anyway with --allow-invalid" in result.stderr
    assert result.stderr.count("\n") == 1


@pytest.mark.parametrize("system", ["pages.point", "cow.elo"])
def test_a_name_written_composed_or_not_is_one_player(
    invoke: Invoke, tmp_path: Path, system: str
) -> None:
    """Zoë as e with a combining diaeresis (as macOS keeps file names) and as ë."""
    games = [
        {"id": f"g{n}", "date": f"2026-01-0{n + 1}",
         "seats": [{"player": zoe, "vp": 10, "winner": True}, {"player": "Ann", "vp": 7},
                   {"player": "Ben", "vp": 5}]}
        for n, zoe in enumerate(["Zoe\u0308", "Zo\u00eb", "Zoe\u0308"])
    ]  # fmt: skip
    path = tmp_path / "zoe.jsonl"
    path.write_text("".join(json.dumps(game) + "\n" for game in games))
    players = {row[0]: row[3] for row in rows(rate_json(invoke, path, "--system", system))}
    assert players == {"Zo\u00eb": 3, "Ann": 3, "Ben": 3}


def write_lines(path: Path, records: list[dict[str, Any]]) -> Path:
    path.write_text("".join(json.dumps(record) + "\n" for record in records))
    return path


def test_a_file_of_many_titles_is_rated_with_a_table_per_title(
    invoke: Invoke, tmp_path: Path
) -> None:
    """Issue 41: A.R.E.A. keeps a list per title; a club's file of many titles gets each,
    each row saying its list (ranks are the list's); --title still picks one, as before."""
    catan = {"id": "c1", "date": "2026-01-01", "seats": [
        {"player": "Ann", "vp": 10, "winner": True}, {"player": "Bob", "vp": 7}]}  # fmt: skip
    azul = {"id": "a1", "date": "2026-01-02", "game": "Azul", "seats": [
        {"player": "Bob", "place": 1}, {"player": "Cy", "place": 2}]}  # fmt: skip
    path = write_lines(tmp_path / "club.jsonl", [catan, azul])
    data = rate_json(invoke, path, "-s", "area")
    assert data["lists"] == ["catan", "Azul"]
    assert [(r["list"], r["player"], r["rank"]) for r in data["standings"]] == [
        ("catan", "Ann", 1), ("catan", "Bob", 2), ("Azul", "Bob", 1), ("Azul", "Cy", 2),
    ]  # fmt: skip
    csv = invoke("rate", path, "-s", "area", "-f", "csv")
    assert csv.stdout.splitlines()[0] == "player,rank,rating,games,list"
    table = invoke("rate", path, "-s", "area")
    assert "area: catan" in table.stdout
    assert "area: Azul" in table.stdout
    one = rate_json(invoke, path, "-s", "area", "--title", "Azul")
    assert "lists" not in one
    assert [r["player"] for r in one["standings"]] == ["Bob", "Cy"]
