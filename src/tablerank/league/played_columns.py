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

_Kind = tuple[str, str, str]
"""A game's title, group and class."""

_PLAYER_BITS = 2**32
_PLACE_BITS = 2**16
_FIRST = 16
"""A seat flag beside `kernels`' own: the game's first seat (position 0)."""


@dataclass
class PlayedColumns:
    """Games in play order: `columns` for the kernels, and per game its place in play order
    (`days`: date as YYYYMMDD, sequence) and the number of its title and group in `lists`
    (`in_lists`). `ids` numbers the names (`names` lists them by number)."""

    columns: Columns
    days: Ints
    lists: list[tuple[str, str]]
    in_lists: Ints
    ids: dict[str, int]

    def point(self, game: int) -> Point:
        day, sequence = (int(value) for value in self.days[game])
        return dt.date(day // 10_000, day // 100 % 100, day % 100), sequence

    def after(self, at: Point) -> int:
        """The first game strictly after `at`."""
        day = at[0].year * 10_000 + at[0].month * 100 + at[0].day
        days, sequences = self.days[:, 0], self.days[:, 1]
        low, high = np.searchsorted(days, day, "left"), np.searchsorted(days, day, "right")
        return int(low + np.searchsorted(sequences[low:high], at[1], "right"))

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
    lists, kinds, days = _games(league_id, where, params)
    packed = _seats(league_id, where, params)
    flags = packed // (_PLAYER_BITS * _PLACE_BITS)
    seat_start = np.append(np.flatnonzero(flags & _FIRST), len(packed)).astype(np.int64)
    if len(seat_start) != len(kinds) + 1:
        raise AssertionError("every game has seats, the first at position 0")
    named = [ids.setdefault(area.game_participant(title), len(ids)) for title, _, _ in lists]
    columns = Columns(
        seat_start=seat_start,
        player=np.searchsorted(keys, packed % _PLAYER_BITS).astype(np.int64),
        place=(packed // _PLAYER_BITS) % _PLACE_BITS,
        flags=flags & (_FIRST - 1),
        game_class=np.array([_CLASS[c] for _, _, c in lists] or [0], np.int64)[kinds],
        participant=np.array(named or [0], dtype=np.int64)[kinds],
    )
    return PlayedColumns(columns, days, [(t, g) for t, g, _ in lists], kinds, ids)


_FEW = 32
"""Up to this many titles, groups and classes the database numbers each game's own."""


def _games(league_id: int, where: str, params: list[object]) -> tuple[list[_Kind], Ints, Ints]:
    """The distinct (title, group, class) of the games, the number of each game's in that list,
    and each game's (date as YYYYMMDD, sequence)."""
    games, group = _table(GameRecord), _quote("group")
    values = [league_id, *params]
    distinct = f"SELECT DISTINCT g.title, g.{group}, g.game_class FROM {games} g WHERE {where}"
    kinds: list[_Kind] = [tuple(kind) for kind in _stream(distinct, values)]
    day = "CAST(REPLACE(CAST(g.date AS TEXT), '-', '') AS BIGINT)"
    tail = f"FROM {games} g WHERE {where} ORDER BY g.date, g.sequence, g.id"
    if len(kinds) > _FEW:
        found = _numbered_here(
            f"SELECT {day}, g.sequence, g.title, g.{group}, g.game_class {tail}", values, kinds
        )
    else:
        case = " ".join(
            f"WHEN g.title = %s AND g.{group} = %s AND g.game_class = %s THEN {i}"
            for i in range(len(kinds))
        )
        number = f"CASE {case} END" if kinds else "0"
        given = [value for kind in kinds for value in kind]
        rows = _stream(f"SELECT {day}, g.sequence, {number} {tail}", [*given, *values])
        found = np.fromiter(chain.from_iterable(rows), dtype=np.int64).reshape(-1, 3)
    return kinds, found[:, 2].copy(), found[:, :2].copy()


def _numbered_here(sql: str, values: list[object], kinds: list[_Kind]) -> Ints:
    """(day, sequence, number of the kind) per game, reading each game's title, group and
    class (many kinds: too many to number in the query)."""
    numbers = {kind: i for i, kind in enumerate(kinds)}
    rows = [(day, sequence, numbers[tuple(kind)]) for day, sequence, *kind in _stream(sql, values)]
    return np.array(rows, dtype=np.int64).reshape(-1, 3)


def _quote(name: str) -> str:
    from django.db import connection

    return str(connection.ops.quote_name(name))


_CLASS = {game_class.value: CLASSES.index(game_class) for game_class in GameClass}
