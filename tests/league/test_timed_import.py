"""Importing records with a time of day: the league numbers a day's games in time order and
keeps the date alone, so a second import of the same file finds them already present."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User

from tablerank.engine.records import Game, game_from_dict
from tablerank.league.models import League
from tablerank.league.services import confirmed_history
from tablerank.league.services.importing import import_records

pytestmark = pytest.mark.django_db


def table(id: str, date: str, winner: str, loser: str) -> Game:
    seats = [{"player": winner, "vp": 10, "winner": True}, {"player": loser, "vp": 6}]
    return game_from_dict({"id": id, "date": date, "seats": seats})


def test_a_days_games_are_stored_in_time_order_with_the_date_alone(
    league: League, official: User
) -> None:
    games = [
        table("late", "2026-03-14T21:00+01:00", "Ann", "Ben"),
        table("early", "2026-03-14 10:00", "Ben", "Cleo"),
        table("plain", "2026-03-14", "Cleo", "Ann"),
    ]
    summary = import_records(league, games, official)
    assert sorted(summary.imported) == ["early", "late", "plain"]
    history = confirmed_history(league)
    assert [g.id for g in history] == ["plain", "early", "late"]
    assert {g.time for g in history} == {None}
    assert {g.date.isoformat() for g in history} == {"2026-03-14"}
    again = import_records(league, games, official)
    assert sorted(again.already_present) == ["early", "late", "plain"]
    assert again.rejected == []
