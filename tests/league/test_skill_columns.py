"""The league's skill arrays read straight from its rows (`ratings.skill_columns`) are the engine's
own reading of the confirmed games (`Skill.observations`), array for array; standings and odds
fitted on them are the engine's over the same games."""

from __future__ import annotations

import dataclasses
import datetime as dt
from typing import Any

import numpy as np
import pytest
from django.contrib.auth.models import User

from tablerank.engine.records import Game, game_from_dict
from tablerank.engine.skill_observations import Observations
from tablerank.engine.systems.skill import Skill
from tablerank.league import queries
from tablerank.league.errors import LeagueError
from tablerank.league.models import GameRecord, League
from tablerank.league.ratings.skill_columns import skill_observations, skill_title
from tablerank.league.services import confirmed_history, record_game, void_game

pytestmark = pytest.mark.django_db

SKILL = Skill()


def tables() -> list[Game]:
    """Catan tables with an abandoned seat, a substitute, a tie, VP above the target, another
    target, one where a seat has no VP; and Kremlin games, one played alone."""
    rows: list[dict[str, Any]] = [
        {"seats": [{"player": "Ann", "vp": 12, "winner": True}, {"player": "Ben", "vp": 7},
                   {"player": "Cleo", "vp": 4, "status": "abandoned"},
                   {"player": "Dan", "vp": 6, "status": "substitute"}]},
        {"seats": [{"player": "ben", "vp": 10, "place": 1, "winner": True},
                   {"player": "Cleo", "vp": 8, "place": 2},
                   {"player": "Eve", "vp": 8, "place": 2}]},
        {"variant": "seafarers", "target": 14,
         "seats": [{"player": "Eve", "vp": 14, "winner": True}, {"player": "Ann", "vp": 11},
                   {"player": "Dan", "vp": 9}]},
        {"seats": [{"player": "Dan", "place": 1, "winner": True}, {"player": "Ann", "place": 2},
                   {"player": "Finn", "vp": 3, "place": 3}]},
        {"game": "Kremlin", "class": "sol",
         "seats": [{"player": "Finn", "place": 1, "winner": True}]},
        {"game": "Kremlin",
         "seats": [{"player": "Ann", "place": 2}, {"player": "Gus", "place": 1}]},
        {"seats": [{"player": "Gus", "vp": 10, "winner": True}, {"player": "Cleo", "vp": 9}]},
    ]  # fmt: skip
    return [
        game_from_dict({"id": f"g{k}", "date": f"2026-03-{1 + k:02d}", **row})
        for k, row in enumerate(rows)
    ]


@pytest.fixture
def recorded(league: League, official: User) -> list[Game]:
    for game in tables():
        record_game(league, game, official)
    return [g for g in confirmed_history(league) if isinstance(g, Game)]


def same(read: Observations, expected: Observations) -> None:
    for name in ("players", "game_ids", "positions"):
        assert getattr(read, name) == getattr(expected, name), name
    for name in ("game_day", "game_start", "seat_player", "seat_position", "seat_score", "seat_vp"):
        np.testing.assert_array_equal(getattr(read, name), getattr(expected, name), err_msg=name)


def test_the_rows_read_as_the_engine_reads_the_games(league: League, recorded: list[Game]) -> None:
    for title in ("catan", "Kremlin"):
        mine = [g for g in recorded if g.game == title]
        same(skill_observations(league, title, SKILL), SKILL.observations(mine))
    nothing = skill_observations(league, "Axis & Allies", SKILL)
    assert (nothing.players, nothing.game_ids) == ((), ())
    assert nothing.game_start.tolist() == [0]


def test_a_voided_game_is_not_read(league: League, official: User, recorded: list[Game]) -> None:
    void_game(GameRecord.objects.get(league=league, external_id="g1"), official, "entered twice")
    left = [g for g in recorded if g.game == "catan" and g.id != "g1"]
    same(skill_observations(league, "catan", SKILL), SKILL.observations(left))


def test_standings_and_odds_are_the_engines(league: League, recorded: list[Game]) -> None:
    catan = [g for g in recorded if g.game == "catan"]
    stored = queries.standings(league, "skill", queries.StandingsFilters(list_key="catan"))
    assert stored.standings == SKILL.rate(catan).standings  # not_rated: as every kept list's
    odds = queries.predict(league, ("ANN", "Finn", "Newbie"), "skill", "catan")
    assert odds == SKILL.predict(catan, ["Ann", "Finn", "Newbie"])


def test_the_list_is_named_where_the_league_has_two_titles(
    league: League, recorded: list[Game]
) -> None:
    with pytest.raises(LeagueError, match="has 2: Kremlin, catan; choose one"):
        skill_title(league, None)
    assert skill_title(league, "Kremlin") == "Kremlin"


def test_a_league_of_one_title_needs_no_list_name(league: League, official: User) -> None:
    assert skill_title(league, None) == ""
    first = dataclasses.replace(tables()[1], date=dt.date(2026, 4, 1))
    record_game(league, first, official)
    assert skill_title(league, None) == "catan"
