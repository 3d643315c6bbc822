from __future__ import annotations

import json
from pathlib import Path

from tests.cli.conftest import EXAMPLES, Invoke

SEASON = EXAMPLES / "club-season.jsonl"


def lists_json(invoke: Invoke, *args: str | Path) -> dict[str, object]:
    result = invoke("lists", *args, "--format", "json")
    assert result.exit_code == 0, result.output
    data: dict[str, object] = json.loads(result.stdout)
    return data


def test_monthly_prints_the_documented_json(invoke: Invoke) -> None:
    data = lists_json(invoke, "monthly", SEASON, "--month", "2026-02", "--city", "Bonn",
                      "--group", "base")  # fmt: skip
    rows = data["list"]
    assert isinstance(rows, list)
    assert set(rows[0]) == {"player", "place", "score", "games", "gold"}
    assert [r["gold"] for r in rows[:5]] == [2, 1, 1, 1, 1]
    assert all(r["games"] >= 7 for r in rows)
    places = [r["place"] for r in rows]
    assert places == sorted(places)
    assert data["kind"] == "monthly"


def test_without_a_city_it_is_the_open_list_without_gold(invoke: Invoke) -> None:
    data = lists_json(invoke, "monthly", SEASON, "--month", "2026-02", "--group", "base")
    rows = data["list"]
    assert isinstance(rows, list)
    assert data["kind"] == "open"
    assert {r["gold"] for r in rows} == {0}


def test_annual_prints_places_and_scores(invoke: Invoke) -> None:
    data = lists_json(invoke, "annual", SEASON, "--year", "2026", "--city", "Bonn",
                      "--group", "base")  # fmt: skip
    rows = data["list"]
    assert isinstance(rows, list)
    assert {"player", "place", "score"} <= set(rows[0])
    for row in rows:
        best = sorted(row["months"])[:4]
        assert row["score"] == sum(best) + 150 * (4 - len(best))


def test_the_table_lists_players_and_says_who_is_not_listed(invoke: Invoke) -> None:
    result = invoke("lists", "monthly", SEASON, "--month", "2026-02", "--city", "Bonn",
                    "--group", "base")  # fmt: skip
    assert result.exit_code == 0
    assert "Gold" in result.stdout
    assert "not listed:" in result.stdout


def test_several_groups_need_one_chosen(invoke: Invoke) -> None:
    result = invoke("lists", "monthly", SEASON, "--month", "2026-02", "--city", "Bonn")
    assert result.exit_code == 2
    assert "choose one with --group" in result.stderr


def test_a_bad_month_exits_2(invoke: Invoke) -> None:
    result = invoke("lists", "monthly", SEASON, "--month", "2026-13", "--group", "base")
    assert result.exit_code == 2
    assert result.stderr == "tablerank: error: expected a month like 2026-03, got '2026-13'\n"
