"""Skill's columns kept across revisions (`ratings.skill_columns`): after any write, the columns
brought up to date from the months a write marked (`list_months.changed_since`) are those read
afresh, and a game recorded this month reads this month's rows only.

These tests run outside a transaction (`transactional_db`): inside one nothing is kept."""

from __future__ import annotations

import dataclasses
import datetime as dt
from collections.abc import Callable
from typing import Any

import numpy as np
import pytest
from django.contrib.auth.models import User

from tablerank.engine.records import Game, new_game
from tablerank.engine.skill_observations import SeatColumns
from tablerank.league import services
from tablerank.league.models import GameRecord, League, Player
from tablerank.league.ratings import skill_columns

pytestmark = pytest.mark.usefixtures("transactional_db", "empty_read_cache")


@pytest.fixture
def played(league: League, official: User, season: list[Game]) -> League:
    services.record_games(league, season[:30], official)
    return league


def _game(game_id: str, day: str, players: tuple[str, ...] = ("Greta", "Zora", "Cleo")) -> Game:
    seats = [
        {"player": name, "vp": 10 - 3 * at, "winner": at == 0} for at, name in enumerate(players)
    ]
    return new_game(id=game_id, date=day, city="Bonn", seats=seats)


def _fresh(league: League) -> League:
    return League.objects.get(pk=league.pk)


def _last_day(league: League) -> dt.date:
    last = GameRecord.objects.filter(league=league).order_by("-date").values_list("date")[0][0]
    assert isinstance(last, dt.date)
    return last


def _same(kept: SeatColumns, read: SeatColumns) -> None:
    for field in dataclasses.fields(SeatColumns):
        mine, theirs = getattr(kept, field.name), getattr(read, field.name)
        if isinstance(mine, np.ndarray):
            np.testing.assert_array_equal(mine, theirs, err_msg=field.name)
        else:
            assert list(mine) == list(theirs) if field.name == "game_ids" else mine == theirs


def _record_late(league: League, by: User) -> None:
    day, number = _last_day(league), GameRecord.objects.filter(league=league).count()
    services.record_game(league, _game(f"late-{number}", day.isoformat()), by)


def _record_past(league: League, by: User) -> None:
    services.record_game(league, _game("past-1", "2025-11-03"), by)


def _void_early(league: League, by: User) -> None:
    first = GameRecord.objects.filter(league=league).order_by("date", "sequence")[0]
    services.void_game(first, by, "entered twice")


def _correct_early(league: League, by: User) -> None:
    first = GameRecord.objects.filter(league=league, status="confirmed").order_by("date")[0]
    again = _game(first.external_id, "2026-02-14", ("Zora", "Hugo", "Cleo"))
    services.correct_game(first, again, by, "typo")


def _rename(league: League, by: User) -> None:
    cleo = Player.objects.get(league=league, name="Cleo")
    services.rename_player(cleo, "Cleopatra", by=services.CONSOLE, why="her full name")


def _merge(league: League, by: User) -> None:
    """Ivy, who never sat at Greta's tables, turns out to be Greta."""
    services.record_game(league, _game("ivy-1", "2025-12-01", ("Ivy", "Jan", "Kim")), by)
    ivy = Player.objects.get(league=league, name="Ivy")
    greta = Player.objects.get(league=league, name="Greta")
    services.merge_players(ivy, greta, by=services.CONSOLE, why="one person")


def _submit(league: League, by: User) -> None:
    services.submit_game(league, _game("pending-1", "2026-03-01"), by=by)


Write = Callable[[League, User], None]


@pytest.mark.parametrize(
    "writes",
    [
        [_record_late],
        [_record_past],
        [_void_early],
        [_correct_early],
        [_rename],
        [_submit],
        [_record_late, _merge, _record_late],
        [_record_late, _void_early, _correct_early, _record_past, _rename],
    ],
    ids=["late", "past", "void", "correct", "rename", "pending", "merge", "several"],
)
def test_columns_kept_and_brought_up_to_date_are_those_read_afresh(
    played: League, official: User, writes: list[Write]
) -> None:
    skill_columns._columns(played, "catan")
    for write in writes:
        write(_fresh(played), official)
        kept = skill_columns._columns(_fresh(played), "catan")
        _same(kept, skill_columns._read(_fresh(played), "catan"))


def test_a_game_recorded_this_month_reads_this_months_rows_only(
    played: League, official: User, monkeypatch: pytest.MonkeyPatch
) -> None:
    skill_columns._columns(played, "catan")
    read: list[Any] = []
    reading = skill_columns._read

    def counted(league: League, title: str, **asked: Any) -> SeatColumns:
        read.append(asked)
        return reading(league, title, **asked)

    monkeypatch.setattr(skill_columns, "_read", counted)
    _record_late(_fresh(played), official)
    skill_columns._columns(_fresh(played), "catan")
    assert read == [{"since": _last_day(played).replace(day=1)}]
    _submit(_fresh(played), official)  # a pending game changes no confirmed month
    skill_columns._columns(_fresh(played), "catan")
    assert len(read) == 1
    _rename(_fresh(played), official)  # a rebuild: every month
    skill_columns._columns(_fresh(played), "catan")
    assert read[1:] == [{}]
