"""A large SQLite import stores its seats without the index of seats by player and builds it
again, as it was, before it commits (`player_seat_index`); a smaller one, a failed one and any
import on PostgreSQL keep it throughout."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.db import connection

from tablerank.league.models import League, Seat
from tablerank.league.services import importing
from tablerank.league.store import player_seat_index
from tests.league.test_import_batches import _games

pytestmark = pytest.mark.django_db


def _player_indexes() -> list[tuple[str, str | None]]:
    """The seats' indexes on the player column alone: name and, on SQLite, definition."""
    with connection.cursor() as cursor:
        found = connection.introspection.get_constraints(cursor, Seat._meta.db_table)
        names = [
            name
            for name, about in found.items()
            if about["index"] and not about["unique"] and about["columns"] == ["player_id"]
        ]
        if connection.vendor != "sqlite":
            return [(name, None) for name in names]
        cursor.execute("SELECT name, sql FROM sqlite_master WHERE type = 'index'")
        definitions = dict(cursor.fetchall())
    return [(name, definitions[name]) for name in names]


@pytest.fixture
def league(official: User, monkeypatch: pytest.MonkeyPatch) -> League:
    """Batches of 10 games; the index set aside from 40 new seats."""
    monkeypatch.setattr(importing, "BATCH", 10)
    monkeypatch.setattr(player_seat_index, "ASIDE_FROM", 40)
    made = League.objects.create(name="Seats", slug="seats")
    made.admins.add(official)
    return made


def test_a_first_large_import_stores_its_seats_without_the_index(
    league: League, official: User
) -> None:
    before = _player_indexes()
    assert len(before) == 1
    seen: list[list[tuple[str, str | None]]] = []
    summary = importing.import_records(
        league, _games(30), official, progress=lambda _: seen.append(_player_indexes())
    )
    assert len(summary.imported) == 30
    aside = connection.vendor == "sqlite"
    assert seen == [[] if aside else before] * 3
    assert _player_indexes() == before
    with connection.cursor() as cursor:
        if aside:
            cursor.execute("PRAGMA integrity_check")
            assert cursor.fetchall() == [("ok",)]
        player = Seat.objects.filter(game__league=league).values_list("player", flat=True)[0]
    assert Seat.objects.filter(player=player).count() >= 1


def test_an_import_smaller_than_the_seats_held_keeps_the_index(
    league: League, official: User
) -> None:
    games = _games(60)
    importing.import_records(league, games[:40], official)  # 160 seats
    before = _player_indexes()
    seen: list[list[tuple[str, str | None]]] = []
    importing.import_records(  # 80 new seats: fewer than the table holds
        league, games[40:], official, progress=lambda _: seen.append(_player_indexes())
    )
    assert seen == [before, before]
    assert _player_indexes() == before


def test_a_failed_import_leaves_the_index_where_it_was(league: League, official: User) -> None:
    before = _player_indexes()

    def fail(_: int) -> None:
        raise RuntimeError("the disk is full")

    with pytest.raises(RuntimeError, match="disk is full"):
        importing.import_records(league, _games(30), official, progress=fail)
    assert _player_indexes() == before
    assert not Seat.objects.filter(game__league=league).exists()


def test_the_same_file_imported_again_keeps_the_index(league: League, official: User) -> None:
    games = _games(30)
    importing.import_records(league, games, official)
    before = _player_indexes()
    seen: list[list[tuple[str, str | None]]] = []
    summary = importing.import_records(
        league, games, official, progress=lambda _: seen.append(_player_indexes())
    )
    assert len(summary.already_present) == 30
    assert seen == [before] * 3


def test_an_import_of_fewer_seats_than_the_threshold_keeps_the_index(
    league: League, official: User, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(player_seat_index, "ASIDE_FROM", 121)  # 30 games bring 120 seats
    before = _player_indexes()
    seen: list[list[tuple[str, str | None]]] = []
    importing.import_records(
        league, _games(30), official, progress=lambda _: seen.append(_player_indexes())
    )
    assert seen == [before] * 3
