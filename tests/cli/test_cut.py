"""`tablerank cut` and `tablerank finish`: semifinals, final and the Turnabout record through
the command line, and their refusals (exit 2, one line)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tablerank.tournament.seating import schedule
from tests.cli.conftest import Invoke

NAMES = [f"Player {i:02d}" for i in range(16)]


def game(id: str, round: int, winner: str, players: list[str]) -> dict[str, Any]:
    seats = [
        {"player": p, "vp": 10 if p == winner else 5 + i, "winner": p == winner}
        for i, p in enumerate(players)
    ]
    return {"id": id, "date": "2026-05-02", "event": "Qualifier", "round": round, "seats": seats}


def write(path: Path, games: list[dict[str, Any]]) -> Path:
    path.write_text("".join(json.dumps(g) + "\n" for g in games), encoding="utf-8")
    return path


@pytest.fixture
def prelims(tmp_path: Path) -> Path:
    games = [
        game(f"r{one.number}t{t.number}", one.number, sorted(t.seats)[0], sorted(t.seats))
        for one in schedule(NAMES, 3, seed=1)
        for t in one.tables
    ]
    return write(tmp_path / "prelims.jsonl", games)


def run(invoke: Invoke, *args: str | Path) -> dict[str, Any]:
    result = invoke(*args, "--format", "json")
    assert result.exit_code == 0, result.output
    data: dict[str, Any] = json.loads(result.stdout)
    return data


def test_an_event_from_the_cut_to_its_turnabout_record(
    invoke: Invoke, prelims: Path, tmp_path: Path
) -> None:
    semis = run(invoke, "cut", prelims, "--event", "qualifier", "--round", "4")["rounds"][0]
    assert semis["round"] == 4
    assert [len(t["seats"]) for t in semis["tables"]] == [4, 4, 4, 4]
    winners = [t["seats"][1] for t in semis["tables"]]
    semifinals = write(
        tmp_path / "semis.jsonl",
        [game(f"semi{t['table']}", 4, t["seats"][1], t["seats"]) for t in semis["tables"]],
    )
    final = run(
        invoke, "cut", prelims, semifinals, "--event", "qualifier", "--round", "4", "--final"
    )
    seated = final["rounds"][0]["tables"][0]["seats"]
    assert sorted(seated) == sorted(winners)
    final_file = write(tmp_path / "final.jsonl", [game("final", 5, seated[-1], seated)])
    event = run(invoke, "finish", prelims, semifinals, final_file, "--event", "qualifier",
                "--cut-round", "4")  # fmt: skip
    assert event["id"] == "qualifier"
    assert event["standings"][0]["player"] == seated[-1]
    assert [s["place"] for s in event["standings"]] == list(range(1, 17))
    record = tmp_path / "event.jsonl"
    record.write_text(json.dumps(event) + "\n", encoding="utf-8")
    rated = run(invoke, "rate", record, "--system", "turnabout")
    assert rated["standings"][0]["player"] == seated[-1]


def test_the_finished_event_as_a_table(invoke: Invoke, prelims: Path) -> None:
    result = invoke("finish", prelims, "--event", "Qualifier")
    assert result.exit_code == 0, result.output
    assert "qualifier (3 rounds)" in result.stdout


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("cut", "--event", "Cup", "--round", "4"), "no game belongs to event 'Cup'"),
        (("cut", "--event", "Qualifier", "--round", "3"), "round 3 has results already"),
        (("cut", "--event", "Qualifier", "--round", "4", "--top", "20"), "fewer than the cut's 20"),
        (("cut", "--event", "Qualifier", "--round", "4", "--final"), "no semifinal games"),
        (("cut", "--event", "Qualifier", "--round", "1"), "round 3 comes after the final"),
        (("finish", "--event", "Cup"), "no game belongs to event 'Cup'"),
    ],
)
def test_refusals(invoke: Invoke, prelims: Path, args: tuple[str, ...], message: str) -> None:
    result = invoke(args[0], prelims, *args[1:])
    assert result.exit_code == 2, result.output
    assert message in result.stderr
    assert "Traceback" not in result.output


def test_a_cut_of_four_straight_to_the_final_won_by_the_fourth_seed(
    invoke: Invoke, tmp_path: Path
) -> None:
    """`tablerank finish` of 13 players whose final (the cut of 4, one table) the 4th seed
    won: first in the order and in the Turnabout record, not the best Swiss record."""
    names = NAMES[:13]
    games = [game(f"r{r.number}t{t.number}", r.number, sorted(t.seats)[0], sorted(t.seats))
             for r in schedule(names, 3, seed=1) for t in r.tables]  # fmt: skip
    prelims = write(tmp_path / "prelims.jsonl", games)
    cut = run(invoke, "cut", prelims, "--event", "Qualifier", "--round", "4", "--top", "4")
    seeds = cut["rounds"][0]["tables"][0]["seats"]
    final = write(tmp_path / "final.jsonl", [game("final", 4, seeds[3], seeds)])
    event = run(invoke, "finish", prelims, final, "--event", "Qualifier", "--cut-round", "4")
    assert [s["player"] for s in event["standings"][:4]] == seeds[::-1]  # by VP: 10, 7, 6, 5
    table = invoke("finish", prelims, final, "--event", "Qualifier", "--cut-round", "4")
    assert table.exit_code == 0, table.output
    assert table.stdout.index(seeds[3]) < table.stdout.index(seeds[0])
