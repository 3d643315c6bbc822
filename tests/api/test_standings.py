"""Standings, lists and players' histories: the CLI's JSON, equal to the engine's own replay."""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest

from tablerank.engine import lists
from tablerank.engine.records import Game, game_from_dict
from tablerank.engine.systems import SYSTEMS, get_system
from tablerank.engine.systems.base import ReplaySystem
from tablerank.engine.systems.skill import Skill
from tablerank.formats.reading import read_records
from tablerank.formats.report import lists_json, rating_table_json
from tablerank.league.models import League
from tablerank.league.services import confirmed_history, record_game
from tests.api.conftest import Call, Club, game

pytestmark = pytest.mark.django_db

SEASON = Path(__file__).parents[2] / "examples" / "club-season.jsonl"
SPECIAL = {"bo-sub", "kö-tie", "kremlin-1", "b17-1", "b17-2"}
"""A substitute seat, a tie, and games of other titles (area keeps a list per title)."""


@pytest.fixture
def season(club: Club) -> list[Game]:
    """Every third game of the sample season and its special games, recorded as confirmed;
    returns the league's confirmed history (the engine's records, in play order)."""
    games = [r for r in read_records([SEASON]) if isinstance(r, Game)]
    chosen = [g for i, g in enumerate(games) if i % 3 == 0 or g.id in SPECIAL]
    for record in chosen:
        record_game(club.league, record, club.admin)
    return confirmed_history(club.league)


@pytest.fixture
def two_groups(club: Club) -> None:
    """Two confirmed March games in different game groups: cow.elo keeps a list for each."""
    tables = {"g1": ("base", 10), "g2": ("seafarers", 12)}
    for game_id, (variant, won) in tables.items():
        seats = (("Ann", won), ("Ben", 7), ("Cleo", 5))
        record_game(club.league, game_from_dict(game(game_id, *seats, variant=variant)), club.admin)


def standings_of(system: str, games: Sequence[Game]) -> list[dict[str, Any]]:
    rows: list[dict[str, Any]] = rating_table_json(get_system(system).rate(games))["standings"]
    return rows


def list_keys(system: str, games: Sequence[Game]) -> list[str]:
    engine = get_system(system)
    if not isinstance(engine, ReplaySystem | Skill) or not engine.list_name:
        return [""]
    return sorted({engine.list_key(g) for g in games if engine.refusal(g) is None})


def in_list(system: str, key: str, games: Sequence[Game]) -> list[Game]:
    engine = get_system(system)
    if not key or not isinstance(engine, ReplaySystem | Skill):
        return list(games)
    return [g for g in games if engine.refusal(g) is None and engine.list_key(g) == key]


def test_every_kept_standing_equals_the_engines_replay(
    club: Club, call: Call, season: list[Game]
) -> None:
    checked = 0
    for system in SYSTEMS:
        for key in list_keys(system, season):
            query = {"list": key} if key else {}
            answer = call("GET", f"/api/leagues/bonn/standings/{system}", query=query)
            assert answer.status == 200, (system, key, answer.body)
            assert answer.body["system"] == system
            expected = standings_of(system, in_list(system, key, season))
            assert answer.body["standings"] == expected, (system, key)
            checked += bool(expected)
    assert checked >= len(SYSTEMS) - 1  # turnabout rates events, and the league has none


def test_filters_select_the_games_rated(club: Club, call: Call, season: list[Game]) -> None:
    def api(system: str, **query: str) -> Any:
        answer = call("GET", f"/api/leagues/bonn/standings/{system}", query=query)
        assert answer.status == 200, answer.body
        return answer.body["standings"]

    bonn = [g for g in season if g.city == "Bonn"]
    assert api("cow.points", city="Bonn") == standings_of("cow.points", bonn)
    spring = [g for g in season if "2026-03-01" <= g.date.isoformat() <= "2026-04-30"]
    assert api("pages.glory", since="2026-03-01", until="2026-04-30") == standings_of(
        "pages.glory", spring
    )
    seafarers = [g for g in season if g.group == "seafarers"]
    assert api("cow.elo", group="seafarers") == standings_of("cow.elo", seafarers)


def test_lists_equal_the_clis(club: Club, call: Call, season: list[Game]) -> None:
    query = {"month": "2026-03", "city": "Bonn", "group": "base"}
    monthly = call("GET", "/api/leagues/bonn/lists/monthly", query=query)
    assert monthly.status == 200
    score = club.league.monthly_score
    expected = lists.monthly_list(season, month="2026-03", city="Bonn", group="base", score=score)
    assert monthly.body == lists_json(expected)
    assert monthly.body["list"] or monthly.body["not_listed"]
    annual = call("GET", "/api/leagues/bonn/lists/annual", query={"year": 2026, "group": "base"})
    assert annual.status == 200
    assert annual.body == lists_json(
        lists.annual_list(season, year=2026, group="base", score=score)
    )
    elo = call("GET", "/api/leagues/bonn/lists/elo", query={"group": "Seafarers"})
    assert elo.status == 200
    assert elo.body["standings"] == standings_of(
        "cow.elo", [g for g in season if g.group == "seafarers"]
    )


def test_a_players_history_leads_to_their_standing(
    club: Club, call: Call, season: list[Game]
) -> None:
    answer = call(
        "GET", "/api/leagues/bonn/players/ann/history", query={"system": "cow.elo", "list": "base"}
    )
    assert answer.status == 200
    entries = answer.body["history"]
    ann_games = [
        g.id for g in in_list("cow.elo", "base", season) if any(s.player == "Ann" for s in g.seats)
    ]
    assert [entry["game"] for entry in entries] == ann_games
    for earlier, later in itertools.pairwise(entries):
        assert later["before"] == earlier["after"]
    for entry in entries:
        assert entry["change"] == pytest.approx(entry["after"] - entry["before"])
        assert entry["explanation"]["game"] == entry["game"]
        assert entry["explanation"]["changes"]["Ann"] == pytest.approx(entry["change"])
    final = {
        row["player"]: row["rating"]
        for row in standings_of("cow.elo", in_list("cow.elo", "base", season))
    }
    assert entries[-1]["after"] == pytest.approx(final["Ann"])


def test_a_players_latest_games_are_the_tail_of_their_history(club: Club, call: Call) -> None:
    path = "/api/leagues/bonn/players/ann/history"
    whole = call("GET", path, query={"system": "cow.elo", "list": "base"})
    latest = call("GET", path, query={"system": "cow.elo", "list": "base", "last": 3})
    assert latest.status == 200
    assert latest.body["history"] == whole.body["history"][-3:]


@pytest.mark.parametrize(
    ("path", "query", "status", "field"),
    [
        ("standings/chess", {}, 422, "system"),
        ("standings/cow.elo", {}, 422, "list"),
        ("standings/cow.elo", {"since": "spring"}, 422, "since"),
        ("lists/monthly", {"month": "2026-13"}, 422, "month"),
        ("lists/monthly", {}, 422, "month"),
        ("lists/monthly", {"month": "2026-03"}, 422, "group"),
        ("lists/annual", {"year": "last"}, 422, "year"),
        ("lists/annual", {"year": 0}, 422, "year"),
        ("lists/elo", {"group": "chess"}, 422, "group"),
        ("players/Zed/history", {"system": "cow.elo"}, 404, "name"),
        ("players/Ann/history", {}, 422, "system"),
        ("players/Ann/history", {"system": "chess"}, 422, "system"),
        ("players/Ann/history", {"system": "pages.combined"}, 422, "system"),
        ("players/Ann/history", {"system": "cow.elo", "last": 0}, 422, "last"),
        ("players/Ann/history", {"system": "cow.elo", "last": "ten"}, 422, "last"),
    ],
)
def test_a_bad_question_is_refused_naming_the_field(
    two_groups: None,
    call: Call,
    path: str,
    query: dict[str, Any],
    status: int,
    field: str,
) -> None:
    answer = call("GET", f"/api/leagues/bonn/{path}", query=query)
    assert answer.status == status, answer.body
    assert answer.body["error"]["field"] == field


def test_a_system_the_league_does_not_keep_is_refused(club: Club, call: Call) -> None:
    club.league.systems = ["cow.points"]
    club.league.save()
    answer = call("GET", "/api/leagues/bonn/standings/cow.elo")
    assert answer.status == 422
    assert answer.body["error"]["field"] == "system"


def test_a_private_leagues_standings_are_for_members(
    club: Club, private: League, call: Call
) -> None:
    assert call("GET", "/api/leagues/koeln/standings/cow.points", club.user("Ann")).status == 200
    assert call("GET", "/api/leagues/koeln/standings/cow.points", club.outsider).status == 404
    history = "/api/leagues/koeln/players/Ann/history"
    assert call("GET", history, None, query={"system": "cow.points"}).status == 404
