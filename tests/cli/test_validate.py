from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tests.cli.bad_records import BAD_RECORDS, bad_seat, write_bad
from tests.cli.conftest import Invoke

CLEAN = {"id": "clean", "date": "2026-03-14", "seats": [
    {"player": "Ann", "winner": True, "sources": {"settlements": 2, "cities": 6, "vp_cards": 2}},
    {"player": "Ben", "sources": {"settlements": 3, "cities": 4, "longest_road": 2}},
    {"player": "Cleo", "vp": 5}]}  # fmt: skip
TYPO = {"id": "typo", "date": "2026-03-15", "seats": [
    {"player": "Ann", "vp": 10, "winner": True},
    {"player": "Ben", "sources": {"settlements": 2, "cities": 12}},
    {"player": "Cleo", "vp": 5}]}  # fmt: skip
ODD = {"id": "odd", "date": "2026-03-16", "seats": [
    {"player": "Ann", "vp": 10, "winner": True}, {"player": "Ben", "vp": 10},
    {"player": "Cleo", "vp": 5}]}  # fmt: skip
KREMLIN = {"id": "k1", "date": "2026-03-17", "game": "Kremlin", "seats": [
    {"player": "Ann", "winner": True}, {"player": "Ben"}]}  # fmt: skip

BEN_CITIES = "Ben: cities 12 VP is over the maximum of 8 (4 cities x 2 VP)"
BEN_AT_TARGET = (
    "Ben: 10 VP without winning, at or above the base target of 10 VP; possible only on "
    "another player's turn"
)
BEN_TYPO_AT_TARGET = BEN_AT_TARGET.replace("10 VP without", "14 VP without")


def write(path: Path, *games: dict[str, Any]) -> Path:
    path.write_text("".join(json.dumps(g) + "\n" for g in games), encoding="utf-8")
    return path


def test_clean_games_exit_0_and_list_every_catan_game(invoke: Invoke, tmp_path: Path) -> None:
    path = write(tmp_path / "ok.jsonl", CLEAN, ODD, KREMLIN)
    result = invoke("validate", path, "--format", "json")
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout) == {
        "games": [
            {"id": "clean", "errors": [], "warnings": []},
            {"id": "odd", "errors": [], "warnings": [BEN_AT_TARGET]},
        ]
    }


def test_an_error_in_any_game_exits_1(invoke: Invoke, tmp_path: Path) -> None:
    first = write(tmp_path / "a.jsonl", CLEAN)
    second = write(tmp_path / "b.jsonl", TYPO, ODD)
    result = invoke("validate", first, second, "--format", "json")
    assert result.exit_code == 1
    assert json.loads(result.stdout)["games"] == [
        {"id": "clean", "errors": [], "warnings": []},
        {"id": "typo", "errors": [BEN_CITIES], "warnings": [BEN_TYPO_AT_TARGET]},
        {"id": "odd", "errors": [], "warnings": [BEN_AT_TARGET]},
    ]


def test_the_table_names_each_game_and_every_message(invoke: Invoke, tmp_path: Path) -> None:
    path = write(tmp_path / "night.jsonl", CLEAN, TYPO, ODD, KREMLIN)
    result = invoke("validate", path)
    assert result.exit_code == 1
    lines = result.stdout.splitlines()
    assert lines == [
        "error   typo",
        f"  error: {BEN_CITIES}",
        f"  warning: {BEN_TYPO_AT_TARGET}",
        "warning odd",
        f"  warning: {BEN_AT_TARGET}",
        "3 games: 1 with errors, 1 with warnings only; 1 game of another title without variant "
        "checks",
    ]


def test_verbose_lists_every_game(invoke: Invoke, tmp_path: Path) -> None:
    path = write(tmp_path / "night.jsonl", CLEAN, ODD)
    quiet = invoke("validate", path).stdout.splitlines()
    assert quiet == ["warning odd", f"  warning: {BEN_AT_TARGET}",
                     "2 games: 0 with errors, 1 with warnings only"]  # fmt: skip
    verbose = invoke("validate", path, "--verbose")
    assert verbose.exit_code == 0
    assert verbose.stdout.splitlines()[0] == "ok      clean"


def test_names_are_printed_as_text_not_markup(invoke: Invoke, tmp_path: Path) -> None:
    game = json.loads(json.dumps(TYPO).replace('"Ben"', '"[red]Ben[/red]"'))
    result = invoke("validate", write(tmp_path / "m.jsonl", game))
    assert result.exit_code == 1
    assert "[red]Ben[/red]: cities 12 VP is over the maximum of 8" in result.stdout


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (None, "no such file"),
        ('{"id": "x", "date": "2026-03-14", "seats": [', "line 1: malformed JSON"),
        ('{"date": "2026-03-14", "seats": [{"player": "A", "vp": 9, "sources": {"cities": 6}}]}',
         "line 1: id: is required"),
        ('{"id": "x", "date": "2026-03-14", "seats": [{"player": "A"}]}\n'
         '{"id": "x", "date": "2026-03-15", "seats": [{"player": "B"}]}',
         "line 2: id: id 'x' is already used"),
    ],
)  # fmt: skip
def test_unreadable_input_exits_2(
    invoke: Invoke, tmp_path: Path, content: str | None, message: str
) -> None:
    path = tmp_path / "bad.jsonl"
    if content is not None:
        path.write_text(content + "\n", encoding="utf-8")
    result = invoke("validate", path)
    assert result.exit_code == 2
    assert message in result.stderr
    assert result.stdout == ""


def test_validate_is_listed_in_help(invoke: Invoke) -> None:
    result = invoke("--help")
    assert "validate" in result.stdout
    assert "variants" in result.stdout


# -- bad input: one line naming file, line and field, exit status 2 (docs/records.md limits) ---


@pytest.mark.parametrize(("record", "message"), BAD_RECORDS)
def test_a_record_breaking_a_rule_is_its_error_as_rate_says_it(
    invoke: Invoke, tmp_path: Path, record: dict[str, Any], message: str
) -> None:
    path = write_bad(tmp_path, record)
    result = invoke("validate", path, "--format", "json")
    if " id: " in message:  # a record without a valid id cannot be named: the file is unreadable
        assert result.exit_code == 2
        assert result.stderr == f"tablerank: error: {path}, {message}\n"
        assert result.stdout == ""
        return
    assert result.exit_code == 1, result.output
    assert json.loads(result.stdout) == {
        "games": [{"id": record["id"], "errors": [f"{path}, {message}"], "warnings": []}]
    }


SOURCES_DISAGREE = {"id": "sum", "date": "2026-03-14", "seats": [
    {"player": "Ann", "vp": 9, "winner": True, "sources": {"cities": 6}},
    {"player": "Ben", "vp": 5}]}  # fmt: skip
TWO_WINNERS = {"id": "two", "date": "2026-03-14", "seats": [
    {"player": "Ann", "vp": 10, "winner": True}, {"player": "Ben", "vp": 10, "winner": True},
    {"player": "Cleo", "vp": 5}]}  # fmt: skip
NO_WINNER = {"id": "none", "date": "2026-03-14", "seats": [
    {"player": "Ann", "vp": 9}, {"player": "Ben", "vp": 8},
    {"player": "Cleo", "vp": 5}]}  # fmt: skip
UNPLACED = {
    "id": "unplaced",
    "date": "2026-03-14",
    "seats": [
        {"player": "Ann", "vp": 10, "winner": True},
        {"player": "Ben"},
        {"player": "Cleo", "vp": 5},
    ],
}
JUNIOR = {"id": "junior", "date": "2026-03-14", "variant": "catan-junior", "seats": [
    {"player": "Ann", "vp": 10, "winner": True}, {"player": "Ben", "vp": 5}]}  # fmt: skip


def test_every_games_errors_are_listed_in_one_pass(invoke: Invoke, tmp_path: Path) -> None:
    path = write(tmp_path / "night.jsonl", SOURCES_DISAGREE, CLEAN, TWO_WINNERS, NO_WINNER,
                 TYPO, UNPLACED, JUNIOR, KREMLIN)  # fmt: skip
    result = invoke("validate", path, "--format", "json")
    assert result.exit_code == 1, result.output
    found = {g["id"]: g["errors"] for g in json.loads(result.stdout)["games"]}
    assert list(found) == ["sum", "clean", "two", "none", "typo", "unplaced", "junior"]
    assert found["sum"] == [
        f"{path}, line 1 (id sum): seats[0].sources: sources add up to 6 VP but vp says 9 (Ann)"
    ]
    assert found["two"] == [
        f"{path}, line 3 (id two): seats[1].winner: a Catan game has one winner, but Ann, Ben are "
        "all marked winner (a draw is recorded as equal places)"
    ]
    assert found["none"] == [
        "no winner: a Catan game has exactly one, the first to reach the base target of 10 VP on "
        "their turn; mark that seat winner"
    ]
    assert found["clean"] == []
    assert found["typo"] == [BEN_CITIES]
    assert found["unplaced"][0].startswith(f"{path}, line 6 (id unplaced): seats[1]")
    assert found["junior"][0].startswith(
        f"{path}, line 7 (id junior): variant: unknown variant 'catan-junior'"
    )


def test_rate_names_each_error_of_the_same_file_and_rates_the_rest(
    invoke: Invoke, tmp_path: Path
) -> None:
    path = write(tmp_path / "night.jsonl", CLEAN, TWO_WINNERS, SOURCES_DISAGREE)
    result = invoke("rate", path, "-s", "pages.point")
    assert result.exit_code == 0
    warnings = result.stderr.splitlines()
    assert len(warnings) == 2
    assert warnings[0].startswith(
        f"tablerank: warning: not rated: {path}, line 2 (id two): seats[1].winner:"
    )
    assert warnings[1].startswith(f"tablerank: warning: not rated: {path}, line 3 (id ")
    assert "Ann" in result.stdout


def test_rate_strict_refuses_the_same_file_at_its_first_error(
    invoke: Invoke, tmp_path: Path
) -> None:
    path = write(tmp_path / "night.jsonl", CLEAN, TWO_WINNERS, SOURCES_DISAGREE)
    result = invoke("rate", path, "-s", "pages.point", "--strict")
    assert result.exit_code == 2
    assert result.stderr.startswith(f"tablerank: error: {path}, line 2 (id two): seats[1].winner:")


def test_a_csv_id_outside_the_alphabet_is_one_line(invoke: Invoke, tmp_path: Path) -> None:
    path = tmp_path / "bad.csv"
    path.write_text(
        "id,date,player,vp,winner\na/b,2026-03-14,Ann,10,true\na/b,2026-03-14,Ben,5,\n",
        encoding="utf-8",
    )
    result = invoke("validate", path)
    assert result.exit_code == 2
    assert result.stderr.startswith(f"tablerank: error: {path}, line 2 (id a/b): id: expected")
    assert result.stderr.count("\n") == 1


def test_a_total_far_over_the_variants_maximum_is_an_error(invoke: Invoke, tmp_path: Path) -> None:
    path = write(tmp_path / "far.jsonl", bad_seat(vp=999), CLEAN)
    result = invoke("validate", path, "--format", "json")
    assert result.exit_code == 1
    assert json.loads(result.stdout)["games"] == [
        {
            "id": "g1",
            "errors": [
                "Ben: 999 VP is far over the base documented maximum of 22 VP (more than 2 "
                "times it); no base game reaches that"
            ],
            "warnings": [
                "Ben: 999 VP without winning, at or above the base target of 10 VP; possible "
                "only on another player's turn"
            ],
        },
        {"id": "clean", "errors": [], "warnings": []},
    ]
