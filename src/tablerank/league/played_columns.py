"""The league's confirmed games in play order as integer columns, for the compiled replays
(`engine.systems.array_replay`).

Two queries in the same order, as `played.played_tables`: one row per game (place in play
order, title, group, class) and one integer per seat, packed by the database (player's
number, place and flags), read into a numpy array without a Python object per seat. Player
names are read once per league; the query's parameters never grow with the league.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from itertools import chain

import numpy as np

from tablerank.engine.records import Account, GameClass, SeatStatus
from tablerank.engine.systems import area
from tablerank.engine.systems.array_replay import CLASSES, Columns, Ints
from tablerank.league.models import GameRecord, Player
from tablerank.league.models import Seat as SeatRow
from tablerank.league.played import Point, _stream, _table, _where

__all__ = ["PlayedColumns", "played_columns"]

_PLAYER_BITS = 2**32
_PLACE_BITS = 2**16
_FIRST = 16
"""A seat flag beside `kernels`' own: the game's first seat (position 0)."""


@dataclass
class PlayedColumns:
    """Games in play order: `columns` for the kernels, and per game its place in play order
    (`points`, and as `order` the same as sortable text) and the number of its title and
    group in `lists` (`in_lists`). `ids` numbers the names (`names` lists them by number)."""

    columns: Columns
    points: list[Point]
    order: list[tuple[str, int]]
    lists: list[tuple[str, str]]
    in_lists: Ints
    ids: dict[str, int]

    def names(self) -> list[str]:
        return sorted(self.ids, key=self.ids.__getitem__)


def _players(league_id: int) -> tuple[Ints, dict[str, int]] | None:
    """The league's players' primary keys in order, and their names numbered in that order;
    None when a key does not fit the packed seat."""
    rows = Player.objects.filter(league_id=league_id).order_by("pk").values_list("pk", "name")
    keys: list[int] = []
    ids: dict[str, int] = {}
    for pk, name in rows.iterator(chunk_size=20_000):
        keys.append(pk)
        ids[name] = len(ids)
    if keys and keys[-1] >= _PLAYER_BITS:
        return None
    return np.array(keys, dtype=np.int64), ids


def _seats(league_id: int, where: str, params: list[object]) -> Ints:
    """One packed integer per seat: player key, then place (0 when none), then flags."""
    games, seats = _table(GameRecord), _table(SeatRow)
    flags = (
        "CASE WHEN s.status = %s THEN 1 ELSE 0 END + CASE WHEN s.account = %s THEN 2 ELSE 0 END"
        " + CASE WHEN s.winner THEN 4 ELSE 0 END + CASE WHEN s.place IS NULL THEN 0 ELSE 8 END"
        f" + CASE WHEN s.position = 0 THEN {_FIRST} ELSE 0 END"
    )
    sql = (
        f"SELECT s.player_id + {_PLAYER_BITS} * (COALESCE(s.place, 0) + {_PLACE_BITS} * "
        f"({flags})) FROM {games} g JOIN {seats} s ON s.game_id = g.id WHERE {where} "
        "ORDER BY g.date, g.sequence, g.id, s.position"
    )
    values = [SeatStatus.FINISHED.value, Account.PREMIUM.value, league_id, *params]
    return np.fromiter(chain.from_iterable(_stream(sql, values)), dtype=np.int64)


def played_columns(league_id: int, *, after: Point | None = None) -> PlayedColumns | None:
    """The league's confirmed games strictly after `after` as columns, or None where they do
    not pack (a player key of 32 bits or more)."""
    players = _players(league_id)
    if players is None:
        return None
    keys, ids = players
    where, params = _where(league_id, after, None, None)
    game_sql = (
        f"SELECT CAST(g.date AS TEXT), g.sequence, g.title, g.{_quote('group')}, g.game_class "
        f"FROM {_table(GameRecord)} g WHERE {where} ORDER BY g.date, g.sequence, g.id"
    )
    points, order, kinds = [], [], []
    lists: dict[tuple[str, str], int] = {}
    days: dict[str, dt.date] = {}
    for raw_date, sequence, title, group, game_class in _stream(game_sql, [league_id, *params]):
        day = days.get(raw_date) or days.setdefault(raw_date, dt.date.fromisoformat(raw_date))
        points.append((day, sequence))
        order.append((raw_date, sequence))
        kinds.append(lists.setdefault((title, group), len(lists)) * 8 + _CLASS[game_class])
    packed = _seats(league_id, where, params)
    flags = packed // (_PLAYER_BITS * _PLACE_BITS)
    seat_start = np.append(np.flatnonzero(flags & _FIRST), len(packed)).astype(np.int64)
    if len(seat_start) != len(points) + 1:
        raise AssertionError("every game has seats, the first at position 0")
    named = [ids.setdefault(area.game_participant(title), len(ids)) for title, _ in lists]
    kind = np.array(kinds, dtype=np.int64)
    columns = Columns(
        seat_start=seat_start,
        player=np.searchsorted(keys, packed % _PLAYER_BITS).astype(np.int64),
        place=(packed // _PLAYER_BITS) % _PLACE_BITS,
        flags=flags & (_FIRST - 1),
        game_class=kind % 8,
        participant=np.array(named, dtype=np.int64)[kind // 8] if named else kind,
    )
    return PlayedColumns(columns, points, order, list(lists), kind // 8, ids)


def _quote(name: str) -> str:
    from django.db import connection

    return str(connection.ops.quote_name(name))


_CLASS = {game_class.value: CLASSES.index(game_class) for game_class in GameClass}
