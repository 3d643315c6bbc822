"""The result shapes the CLI prints and the API serves, from the engine's and Catan's results."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from pathlib import Path

from tablerank.engine.lists import annual_list, monthly_list
from tablerank.engine.systems import get_system
from tablerank.engine.systems.base import Explanation
from tablerank.formats.reading import read_records
from tablerank.formats.report import (
    explanation_json,
    history_step_json,
    lists_json,
    tournament_json,
)
from tablerank.tournament.standings import tournament_standings

EXAMPLES = Path(__file__).parents[2] / "examples"


def test_a_monthly_list_names_its_period_and_rows() -> None:
    records = read_records([EXAMPLES / "club-season.jsonl"])
    month = min(r.date for r in records).strftime("%Y-%m")
    out = lists_json(monthly_list(records, month=month, city="Bonn", group="base", min_games=1))
    assert out["kind"] == "monthly"
    assert out["period"] == month
    assert out["city"] == "Bonn"
    assert out["list"], "the first month of the season has listed players"
    assert set(out["list"][0]) == {"player", "place", "score", "games", "gold"}
    assert [row["place"] for row in out["list"]] == sorted(row["place"] for row in out["list"])


def test_an_annual_list_has_months_and_says_why_players_are_not_listed() -> None:
    records = read_records([EXAMPLES / "club-season.jsonl"])
    month = min(r.date for r in records).strftime("%Y-%m")
    out = lists_json(monthly_list(records, month=month, city="Bonn", group="base", min_games=99))
    assert out["list"] == []
    assert out["not_listed"]
    assert all(set(item) == {"player", "reason"} for item in out["not_listed"])
    listed = lists_json(annual_list(records, year=2026, city="Bonn", group="base", min_games=1))
    assert listed["kind"] == "annual"
    assert set(listed["list"][0]) == {"player", "place", "score", "months"}


def test_tournament_standings_show_points_only_for_points_presets() -> None:
    records = read_records([EXAMPLES / "club-season.jsonl"])
    wins = tournament_json(tournament_standings(records, seed=7))
    assert wins["seed"] == 7
    assert wins["seed_derived"] is False
    assert wins["scoring"] == "wins"
    assert all("points" not in row for row in wins["standings"])
    points = tournament_json(tournament_standings(records, scoring="5-3-2-1+5-3-1", seed=7))
    assert all("points" in row for row in points["standings"])
    assert points["games"] == wins["games"] > 0


@dataclass(frozen=True)
class Step:
    game: str
    date: dt.date
    list_key: str
    before: float
    after: float
    games: int
    summary: str
    explanation: Explanation

    @property
    def change(self) -> float:
        return self.after - self.before


def test_a_history_step_has_its_summary_only_when_asked() -> None:
    records = read_records([EXAMPLES / "club-season.jsonl"])
    explanation = get_system("cow.elo").explain(records, records[0].id)
    step = Step(records[0].id, records[0].date, "base", 1000, 1008.0, 1, "+8", explanation)
    plain = history_step_json(step)
    assert "summary" not in plain
    assert plain["change"] == 8
    assert isinstance(plain["after"], int)
    assert plain["explanation"] == explanation_json(explanation)
    told = history_step_json(step, summary=True)
    assert list(told) == [*list(plain)[:-1], "summary", "explanation"]
    assert told["summary"] == "+8"
