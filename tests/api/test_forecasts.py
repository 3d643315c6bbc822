"""`/predict` and `/backtest` (issue 12): the CLI's JSON over the league's confirmed games,
private leagues hidden from outsiders, every refusal a 4xx naming its field."""

from __future__ import annotations

from typing import Any

import pytest

from tablerank.engine.backtest import backtest_systems, baseline
from tablerank.engine.prediction import predict_table
from tablerank.engine.records import Game
from tablerank.engine.systems import get_system
from tablerank.formats.report import backtest_json, prediction_json
from tablerank.formats.seating import seat_report_json
from tablerank.league.models import League
from tablerank.tournament.seat_report import selected_report
from tests.api.conftest import Call, Club
from tests.api.test_standings import season

pytestmark = pytest.mark.django_db
__all__ = ["season"]


def catan(games: list[Game]) -> list[Game]:
    return [g for g in games if g.game == "catan"]


def test_predict_is_the_engines_over_the_confirmed_games(
    club: Club, call: Call, season: list[Game]
) -> None:
    query = {"table": "ines, KAI,Zed", "list": "catan"}
    answer = call("GET", "/api/leagues/bonn/predict", query=query)
    assert answer.status == 200, answer.body
    odds = predict_table(get_system("skill"), catan(season), ["Ines", "Kai", "Zed"])
    assert answer.body == prediction_json("skill", odds)
    assert answer.body["newcomers"] == ["Zed"]
    assert sum(s["win_probability"] for s in answer.body["table"]) == pytest.approx(1, abs=1e-5)
    elo = call("GET", "/api/leagues/bonn/predict",
               query={"table": "Ines,Kai", "system": "cow.elo", "list": "base"})  # fmt: skip
    assert elo.status == 200, elo.body
    assert elo.body["table"][0]["expected_vp"] is None


@pytest.mark.parametrize(
    ("query", "field", "message"),
    [
        ({"table": "Ines,Kai"}, "list", "skill keeps a separate list per game title"),
        ({"table": "Ines", "list": "catan"}, "", "a table needs at least two players"),
        ({"table": "Ines,Kai,ines", "list": "catan"}, "", "Ines is seated twice at the table"),
        ({"table": "Ines,,Kai", "list": "catan"}, "", "seat 2 has no name"),
        ({"table": ",".join(f"P{i}" for i in range(101))}, "table", "at most"),
        ({"table": "Ines,Kai", "system": "turnabout"}, "system", "cannot predict"),
        ({"table": "Ines,Kai", "system": "golf"}, "system", ""),
        ({}, "table", ""),
    ],
)
def test_predict_refusals(
    club: Club, call: Call, season: list[Game], query: dict[str, str], field: str, message: str
) -> None:
    answer = call("GET", "/api/leagues/bonn/predict", query=query)
    assert answer.status == 422, answer.body
    assert answer.body["error"]["field"].endswith(field)
    assert message in answer.body["error"]["message"]


def test_backtest_is_the_engines_over_the_confirmed_games(
    club: Club, call: Call, season: list[Game]
) -> None:
    query: Any = [("system", "skill"), ("system", "cow.elo"), ("title", "catan")]
    answer = call("GET", "/api/leagues/bonn/backtest", query=query)
    assert answer.status == 200, answer.body
    games = catan(season)
    assert answer.body == backtest_json(
        baseline(games), backtest_systems(games, ["skill", "cow.elo"])
    )
    every = call("GET", "/api/leagues/bonn/backtest")
    assert every.status == 200, every.body
    assert {row["system"] for row in every.body["systems"]} >= {"skill", "cow.elo", "area"}


def test_backtest_refusals(club: Club, call: Call, season: list[Game]) -> None:
    events = call("GET", "/api/leagues/bonn/backtest", query={"system": "turnabout"})
    assert events.status == 422
    assert "turnabout does not rate games one by one" in events.body["error"]["message"]
    nothing = call("GET", "/api/leagues/bonn/backtest", query={"city": "Atlantis"})
    assert nothing.status == 422
    assert "no system could predict two games" in nothing.body["error"]["message"]
    club.league.systems = ["cow.points"]
    club.league.save()
    not_kept = call("GET", "/api/leagues/bonn/backtest", query={"system": "cow.elo"})
    assert not_kept.status == 422
    assert not_kept.body["error"]["field"] == "system"


def test_a_private_leagues_forecasts_are_for_members(
    club: Club, private: League, call: Call
) -> None:
    predict = "/api/leagues/koeln/predict"
    query = {"table": "Ann,Ben"}
    assert call("GET", predict, club.user("Ann"), query=query).status == 200
    assert call("GET", predict, club.outsider, query=query).status == 404
    assert call("GET", predict, None, query=query).status == 404
    assert call("GET", "/api/leagues/koeln/backtest", club.outsider).status == 404
    assert call("GET", "/api/leagues/koeln/backtest", None).status == 404


def test_seats_report_is_the_files_over_the_confirmed_games(
    club: Club, call: Call, season: list[Game]
) -> None:
    answer = call("GET", "/api/leagues/bonn/seats-report", query={"title": "catan"})
    assert answer.status == 200, answer.body
    assert answer.body == seat_report_json(selected_report(season, title="catan"))
    four = next(t for t in answer.body["tables"] if t["players"] == 4)
    assert 0 <= four["p_value"] <= 1
    nothing = call("GET", "/api/leagues/bonn/seats-report", query={"city": "Atlantis"})
    assert nothing.status == 422
    assert "no game to report on" in nothing.body["error"]["message"]


def test_a_private_leagues_seats_report_is_for_members(
    club: Club, private: League, call: Call
) -> None:
    url = "/api/leagues/koeln/seats-report"
    assert call("GET", url, club.outsider).status == 404
    assert call("GET", url, None).status == 404
    assert call("GET", url, club.user("Ann")).status == 422  # a member: no games yet
