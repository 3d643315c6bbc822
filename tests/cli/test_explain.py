from __future__ import annotations

import json
from pathlib import Path

from tests.cli.conftest import Invoke


def explain_json(invoke: Invoke, *args: str | Path) -> dict[str, object]:
    result = invoke("explain", *args, "--format", "json")
    assert result.exit_code == 0, result.output
    data: dict[str, object] = json.loads(result.stdout)
    return data


def test_explain_shows_each_pair_term_of_the_elo_list(invoke: Invoke, night: Path) -> None:
    data = explain_json(invoke, night, "--game", "g2", "--system", "cow.elo")
    assert set(data) >= {"game", "system", "changes", "before", "after", "breakdown"}
    assert data["game"] == "g2"
    # g1 left Ann 1008, Ben 1000; in g2 Ben beats Ann and Dee (free) is not rated.
    assert data["before"] == {"Ben": 1000, "Ann": 1008}
    assert data["changes"] == {"Ben": 4, "Ann": -4}
    assert data["after"] == {"Ben": 1004, "Ann": 1004}
    breakdown = data["breakdown"]
    assert isinstance(breakdown, dict)
    assert breakdown["Ben"] == [
        {
            "amount": 4,
            "why": "vs Ann (won, 1000 vs 1008): round(8 x (1 - 0.488)) = +4",
            "opponent": "Ann",
        }
    ]
    assert data["not_rated"] == [
        {"record": "g2", "player": "Dee", "reason": "free account: gets no ELO value (seed 001)"}
    ]


def test_explain_replays_only_the_games_own_list(invoke: Invoke, night: Path) -> None:
    data = explain_json(invoke, night, "-g", "g3", "-s", "cow.elo")
    # g3 is the only game of the duel group: both start at 1000 whatever happened in base games.
    assert data["before"] == {"Cleo": 1000, "Ann": 1000}
    assert data["changes"] == {"Cleo": 4, "Ann": -4}


def test_explain_itemises_position_points(invoke: Invoke, night: Path) -> None:
    data = explain_json(invoke, night, "-g", "g2", "-s", "pages.glory")
    assert data["changes"] == {"Ben": 40, "Ann": 10, "Dee": 10}
    breakdown = data["breakdown"]
    assert isinstance(breakdown, dict)
    assert breakdown["Ann"][0]["why"] == "2nd-3rd shared by 2 of 3: (20 + 0) / 2 = 10"


def test_explain_prints_a_readable_table(invoke: Invoke, night: Path) -> None:
    result = invoke("explain", night, "-g", "k1", "-s", "area")
    assert result.exit_code == 0
    assert "area: game k1" in result.stdout
    assert "Ann (5000) beat Ben (5000)" in result.stdout


def test_explaining_an_unknown_game_exits_2(invoke: Invoke, night: Path) -> None:
    result = invoke("explain", night, "-g", "zzz", "-s", "cow.elo")
    assert result.exit_code == 2
    assert result.stderr == "tablerank: error: no game or event has the id 'zzz'\n"


def test_explaining_a_game_the_system_does_not_rate_says_so(invoke: Invoke, night: Path) -> None:
    result = invoke("explain", night, "-g", "k1", "-s", "pages.glory")
    assert result.exit_code == 2
    assert "'k1' is a Kremlin game, which pages.glory does not rate" in result.stderr


def test_explain_takes_the_same_filters_as_rate(invoke: Invoke, night: Path) -> None:
    # g3, the only duel, comes after two base games.
    args = ("-g", "g3", "-s", "pages.combined", "-p", "systems=pages.glory,cow.elo")
    refused = invoke("explain", night, *args)
    assert refused.exit_code == 2
    assert "choose one with --group" in refused.stderr
    data = explain_json(invoke, night, *args, "--group", "duel")
    assert data["changes"] == {"Cleo": 0, "Ann": 1}


def test_explaining_a_combined_game_reports_who_was_not_rated(invoke: Invoke, night: Path) -> None:
    data = explain_json(invoke, night, "-g", "g2", "-s", "pages.combined", "-p",
                        "systems=pages.glory,cow.elo", "--group", "base")  # fmt: skip
    assert data["not_rated"] == [
        {"record": "g2", "player": "Dee", "reason": "free account: gets no ELO value (seed 001)"}
    ]


def test_explain_refuses_invalid_catan_games_unless_allowed(invoke: Invoke, tmp_path: Path) -> None:
    game = {"id": "x1", "date": "2026-01-01", "seats": [
        {"player": "Ann", "winner": True, "sources": {"cities": 12}},
        {"player": "Bob", "vp": 3}, {"player": "Cy", "vp": 4}]}  # fmt: skip
    path = tmp_path / "g.jsonl"
    path.write_text(json.dumps(game))
    refused = invoke("explain", path, "-g", "x1", "-s", "pages.glory")
    assert refused.exit_code == 2
    assert "cities 12 VP is over the maximum of 8" in refused.stderr
    assert explain_json(invoke, path, "-g", "x1", "-s", "pages.glory", "--allow-invalid")
