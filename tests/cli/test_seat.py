"""`tablerank seat`: a schedule or a Swiss round, the documented JSON, and every refusal."""

from __future__ import annotations

import json
from collections import Counter
from itertools import combinations
from pathlib import Path
from typing import Any

import pytest

from tests.cli.conftest import Invoke

NAMES = ["Ann", "Ben", "Cleo", "Dan", "Eve", "Fay", "Gus", "Hal", "Ida", "Jo", "Kai", "Lu", "Mo"]


@pytest.fixture
def players(tmp_path: Path) -> Path:
    path = tmp_path / "players.txt"
    path.write_text("# check-in\n" + "\n".join(NAMES) + "\n\n", encoding="utf-8")
    return path


def seat(invoke: Invoke, *args: str | Path) -> dict[str, Any]:
    result = invoke("seat", *args, "--format", "json")
    assert result.exit_code == 0, result.output
    data: dict[str, Any] = json.loads(result.stdout)
    return data


def refused(invoke: Invoke, *args: str | Path) -> str:
    result = invoke("seat", *args)
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output
    return result.stderr


def test_a_schedule_of_13_players_over_3_rounds(invoke: Invoke, players: Path) -> None:
    data = seat(invoke, players, "--rounds", "3", "--seed", "4")
    assert [r["round"] for r in data["rounds"]] == [1, 2, 3]
    met: Counter[tuple[str, str]] = Counter()
    for one in data["rounds"]:
        assert set(one) == {"round", "tables", "byes"}
        assert sorted(len(t["seats"]) for t in one["tables"]) == [3, 3, 3, 4]
        assert [t["table"] for t in one["tables"]] == [1, 2, 3, 4]
        assert sorted(p for t in one["tables"] for p in t["seats"]) == sorted(NAMES)
        for table in one["tables"]:
            met.update(combinations(sorted(table["seats"]), 2))
    assert max(met.values()) == 1
    assert seat(invoke, players, "--rounds", "3", "--seed", "4") == data


def test_the_table_names_every_seat_in_turn_order(invoke: Invoke, players: Path) -> None:
    result = invoke("seat", players, "--rounds", "1")
    assert result.exit_code == 0, result.output
    assert "Round 1" in result.stdout
    assert "Table 4: 1. " in result.stdout


def test_table_sizes_and_byes(invoke: Invoke, players: Path) -> None:
    data = seat(invoke, players, "--rounds", "2", "--table-sizes", "4")
    assert [len(r["byes"]) for r in data["rounds"]] == [1, 1]
    assert data["rounds"][0]["byes"] != data["rounds"][1]["byes"]


def test_seeding_by_rating(invoke: Invoke, tmp_path: Path) -> None:
    path = tmp_path / "rated.txt"
    path.write_text("".join(f"{n}, {2000 - 10 * i}\n" for i, n in enumerate(NAMES[:8])))
    first = seat(invoke, path, "--rounds", "1", "--by-rating")["rounds"][0]
    assert [bool({"Ann", "Ben"} & set(t["seats"])) for t in first["tables"]] == [True, True]
    assert "Ann" in first["tables"][0]["seats"]


def game(id: str, round: int, *seats: tuple[str, int]) -> dict[str, Any]:
    rows: list[dict[str, Any]] = [{"player": p, "vp": vp} for p, vp in seats]
    rows[0]["winner"] = True
    return {"id": id, "date": "2026-05-02", "event": "Open", "round": round, "seats": rows}


@pytest.fixture
def round_one(tmp_path: Path) -> Path:
    games = [
        game("r1t1", 1, ("Ann", 10), ("Ben", 8), ("Cleo", 6), ("Dan", 5)),
        game("r1t2", 1, ("Eve", 10), ("Fay", 7), ("Gus", 4)),
        game("r1t3", 1, ("Hal", 10), ("Ida", 9), ("Jo", 3)),
        game("r1t4", 1, ("Kai", 10), ("Lu", 5), ("Mo", 2)),
    ]
    path = tmp_path / "open.jsonl"
    path.write_text("".join(json.dumps(g) + "\n" for g in games), encoding="utf-8")
    return path


def test_a_swiss_round_from_the_results(invoke: Invoke, players: Path, round_one: Path) -> None:
    data = seat(invoke, players, "--results", round_one, "--event", "open", "--round", "2")
    (two,) = data["rounds"]
    assert two["round"] == 2
    tables = [set(t["seats"]) for t in two["tables"]]
    first_round = [{"Ann", "Ben", "Cleo", "Dan"}, {"Eve", "Fay", "Gus"}, {"Hal", "Ida", "Jo"},
                   {"Kai", "Lu", "Mo"}]  # fmt: skip
    assert all(len(t & earlier) <= 1 for t in tables for earlier in first_round)
    # the four winners of round 1 lead the standings and sit at the top table
    assert tables[0] == {"Ann", "Eve", "Hal", "Kai"}
    # round 1's first seats were theirs too: only the top table must give one a second start
    starters = {t["seats"][0] for t in two["tables"][1:]}
    assert not starters & {"Ann", "Eve", "Hal", "Kai"}


def test_round_one_of_an_event_needs_no_results(invoke: Invoke, players: Path) -> None:
    data = seat(invoke, players, "--event", "Open", "--round", "1")
    assert data["rounds"][0]["round"] == 1


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("--rounds", "0"), "rounds: expected 1 to 50, got 0"),
        ((), "give --rounds R for a schedule"),
        (("--rounds", "2", "--table-sizes", "3,x"), "--table-sizes: expected sizes like 3,4"),
        (("--rounds", "2", "--table-sizes", "9"), "expected sizes from 2 to 8, got 9"),
        (("--rounds", "2", "--by-rating"), "line 2: rating: expected a rating after the name"),
        (("--rounds", "2", "--round", "2", "--event", "Open"), "--round goes with --event"),
        (("--event", "Open", "--round", "2"), "--results: round 2 is seated from the earlier"),
    ],
)
def test_bad_requests_are_refused(
    invoke: Invoke, players: Path, args: tuple[str, ...], message: str
) -> None:
    assert message in refused(invoke, players, *args)


def test_bad_players_files_are_refused(invoke: Invoke, tmp_path: Path) -> None:
    twice = tmp_path / "twice.txt"
    twice.write_text("Ann\nBen\nann\n", encoding="utf-8")
    assert "twice.txt, line 3: name: 'ann' is listed twice (first on line 1)" in refused(
        invoke, twice, "--rounds", "1"
    )
    rating = tmp_path / "rating.txt"
    rating.write_text("Ann, 1500\nBen, lots\nCleo\n", encoding="utf-8")
    assert "rating.txt, line 2: rating: expected a number, got 'lots'" in refused(
        invoke, rating, "--rounds", "1"
    )
    empty = tmp_path / "empty.txt"
    empty.write_text("# nobody yet\n", encoding="utf-8")
    assert "empty.txt: no players" in refused(invoke, empty, "--rounds", "1")
    assert "missing.txt: no such file" in refused(invoke, tmp_path / "missing.txt", "--rounds", "1")
    two = tmp_path / "two.txt"
    two.write_text("Ann\nBen\n", encoding="utf-8")
    assert "cannot seat 2 players at tables of 3 or 4" in refused(invoke, two, "--rounds", "1")


def test_swiss_refusals(invoke: Invoke, players: Path, round_one: Path, tmp_path: Path) -> None:
    again = refused(invoke, players, "--results", round_one, "--event", "Open", "--round", "1")
    assert "round 1 has results already (game 'r1t1')" in again
    gap = refused(invoke, players, "--results", round_one, "--event", "Open", "--round", "3")
    assert "round 2 has no results" in gap
    other = refused(invoke, players, "--results", round_one, "--event", "Cup", "--round", "2")
    assert "no game belongs to event 'Cup'" in other
    unrounded = tmp_path / "unrounded.jsonl"
    record = game("x1", 1, ("Ann", 10), ("Ben", 3), ("Cleo", 2))
    del record["round"]
    unrounded.write_text(json.dumps(record) + "\n", encoding="utf-8")
    assert "game 'x1' of event 'Open': no round" in refused(
        invoke, players, "--results", unrounded, "--event", "Open", "--round", "2"
    )
