"""A batch stores the same rows as `record_game` one game after another: records, packed
seats, seats, VP sources and players, whatever path `store_games` takes to write them."""

from __future__ import annotations

import dataclasses
import sqlite3
import struct
from typing import Any

import pytest
from django.contrib.auth.models import User

from tablerank.engine.records import Game, game_from_dict
from tablerank.engine.values import Account, SeatStatus
from tablerank.league.models import GameRecord, League, Player, RecordStatus, Seat, SourceVP
from tablerank.league.services import record_game, record_games
from tablerank.league.store import bulk
from tests.league.test_models import GAMES

pytestmark = pytest.mark.django_db


def _reference_pack(seats: list[tuple[int, int | None, bool, str, str]]) -> bytes:
    """`seat_columns.pack` as first written: one plain expression per seat."""
    values = []
    for player, place, winner, status, account in seats:
        flags = (
            (SeatStatus(status) is SeatStatus.FINISHED) * 1
            + (Account(account) is Account.PREMIUM) * 2
            + winner * 4
            + (place is not None) * 8
        )
        values.append(player + 2**32 * ((place or 0) + 2**16 * flags))
    return struct.pack(f"<{len(values)}q", *values)


def _stored(league: League) -> dict[str, Any]:
    """Every row the league's games wrote, its own pks replaced by names and game ids."""
    names = dict(Player.objects.filter(league=league).values_list("pk", "name"))
    games = GameRecord.objects.filter(league=league)
    ids = dict(games.values_list("pk", "external_id"))
    seats = Seat.objects.filter(game__league=league).order_by("pk")
    seat_rows = list(
        seats.values_list(
            "pk", "game", "position", "player", "vp", "winner", "place", "team", "status", "account"
        )
    )
    by_game: dict[int, list[tuple[int, int | None, bool, str, str]]] = {}
    for _, game, _, player, _, winner, place, _, status, account in seat_rows:
        by_game.setdefault(game, []).append((player, place, winner, status, account))
    records = []
    for row in games.order_by("sequence").values():
        blob = bytes(row["seat_columns"])
        assert blob == _reference_pack(by_game[row["id"]])
        packed = [
            (names[value % 2**32], value // 2**32)
            for value in struct.unpack(f"<{len(blob) // 8}q", blob)
        ]
        fields = {k: v for k, v in row.items() if k not in {"id", "league_id", "created_at"}}
        records.append({**fields, "seat_columns": packed})
    seat_of = {pk: (ids[game], position) for pk, game, position, *_ in seat_rows}
    sources = SourceVP.objects.filter(seat__game__league=league).order_by("pk")
    source_rows = sources.values_list("seat", "source", "vp")
    return {
        "records": records,
        "seats": [(ids[g], p, names[pl], *rest) for _, g, p, pl, *rest in seat_rows],
        "sources": [(seat_of[s], src, vp) for s, src, vp in source_rows],
        "players": sorted(Player.objects.filter(league=league).values_list("name", "key")),
    }


def _games(season: list[Game]) -> list[Game]:
    """The season, the special games and the season again under other ids, its names in other
    cases (the first spelling stays the player's)."""
    respelled = [
        dataclasses.replace(
            game,
            id=f"again-{game.id}",
            seats=tuple(
                dataclasses.replace(seat, player=seat.player.upper() if n % 2 else seat.player)
                for n, seat in enumerate(game.seats)
            ),
        )
        for game in season[:30]
    ]
    return [*season, *(game_from_dict(GAMES[name]) for name in GAMES), *respelled]


@pytest.mark.parametrize("status", [RecordStatus.CONFIRMED, RecordStatus.SUBMITTED])
@pytest.mark.parametrize(
    ("few_values", "sqlite"), [(bulk.FEW_VALUES, (3, 40, 1)), (0, (3, 35, 0)), (0, (3, 34, 1))]
)
def test_a_batch_stores_the_rows_record_game_stores_one_by_one(
    monkeypatch: pytest.MonkeyPatch,
    official: User,
    season: list[Game],
    status: RecordStatus,
    few_values: int,
    sqlite: tuple[int, int, int],
) -> None:
    monkeypatch.setattr(bulk, "FEW_VALUES", few_values)  # 0: every insert as a bulk insert
    # Before 3.35 SQLite has no RETURNING: the pks are selected back.
    monkeypatch.setattr(sqlite3, "sqlite_version_info", sqlite)
    games = _games(season)
    one_by_one = League.objects.create(name="One by one", slug="one-by-one")
    for game in games:
        record_game(one_by_one, game, official, status=status)
    batch = League.objects.create(name="Batch", slug="batch")
    assert record_games(batch, games[:7], official, status=status) == 7
    assert record_games(batch, games[7:], official, status=status) == len(games) - 7
    stored = _stored(batch)
    assert stored == _stored(one_by_one)
    assert stored["sources"]
    assert len(stored["records"]) == len(games)
