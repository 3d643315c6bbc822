"""The league's confirmed games in play order as integer columns, for the compiled replays
(`engine.systems.compiled_replay`).

One row per game in play order (date, sequence, the number of its title, group and class, and
its seats packed when it was stored, `seat_columns`); where a game's seats are not packed,
a second query in the same order gives one integer per seat, packed by the database the same
way. Player names are read once per league; the queries' parameters never grow with the
league.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from itertools import chain
from typing import Any, Literal

import numpy as np
from django.db import connection

from tablerank.engine.records import Account, GameClass, SeatStatus
from tablerank.engine.systems import area
from tablerank.engine.systems.compiled.columns import CLASSES, Columns, Ints
from tablerank.formats.collector import without_cycle_collection
from tablerank.league.models import GameRecord, Player
from tablerank.league.models import Seat as SeatRow
from tablerank.league.store.played import Point, seats_where, stream_rows, table_name
from tablerank.league.store.seat_columns import PLACE_BITS, PLAYER_BITS

__all__ = ["PlayedColumns", "played_columns"]

_Kind = tuple[str, str, str]
"""A game's title, group and class."""

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
        return self._search(at, "right")

    def at(self, at: Point) -> int:
        """The first game at `at` or after it."""
        return self._search(at, "left")

    def _search(self, at: Point, side: Literal["left", "right"]) -> int:
        day = at[0].year * 10_000 + at[0].month * 100 + at[0].day
        days, sequences = self.days[:, 0], self.days[:, 1]
        low, high = np.searchsorted(days, day, "left"), np.searchsorted(days, day, "right")
        return int(low + np.searchsorted(sequences[low:high], at[1], side))

    def names(self) -> list[str]:
        return sorted(self.ids, key=self.ids.__getitem__)


def _players(league_id: int) -> tuple[Ints, dict[str, int]] | None:
    """The league's players' primary keys in order, and their names numbered in that order;
    None when a key does not fit the packed seat."""
    sql = f"SELECT id, name FROM {table_name(Player)} WHERE league_id = %s ORDER BY id"
    with connection.cursor() as cursor:  # plain rows: every player of the league
        cursor.execute(sql, [league_id])
        rows = cursor.fetchall()
    keys, names = zip(*rows, strict=True) if rows else ((), ())
    if keys and keys[-1] >= PLAYER_BITS:
        return None
    return np.array(keys, dtype=np.int64), dict(zip(names, range(len(names)), strict=True))


def _seats(league_id: int, where: str, params: list[object]) -> Ints:
    """One packed integer per seat: player key, then place (0 when none), then flags."""
    games, seats = table_name(GameRecord), table_name(SeatRow)
    flags = (
        "CASE WHEN s.status = %s THEN 1 ELSE 0 END + CASE WHEN s.account = %s THEN 2 ELSE 0 END"
        " + CASE WHEN s.winner THEN 4 ELSE 0 END + CASE WHEN s.place IS NULL THEN 0 ELSE 8 END"
        f" + CASE WHEN s.position = 0 THEN {_FIRST} ELSE 0 END"
    )
    sql = (
        f"SELECT s.player_id + {PLAYER_BITS} * (COALESCE(s.place, 0) + {PLACE_BITS} * "
        f"({flags})) FROM {games} g JOIN {seats} s ON s.game_id = g.id WHERE {where} "
        "ORDER BY g.date, g.sequence, g.id, s.position"
    )
    values = [SeatStatus.FINISHED.value, Account.PREMIUM.value, league_id, *params]
    return np.fromiter(chain.from_iterable(stream_rows(sql, values)), dtype=np.int64)


def played_columns(
    league_id: int, *, after: Point | None = None, before: Point | None = None
) -> PlayedColumns | None:
    """The league's confirmed games strictly after `after` (and strictly before `before`) as
    columns, or None where they do not pack (a player key of 32 bits or more). The cycle
    collector is paused meanwhile: it would walk the rows read again and again (2 of 7 s
    reading a million games)."""
    with without_cycle_collection():
        return _played_columns(league_id, after, before)


def _played_columns(
    league_id: int, after: Point | None, before: Point | None
) -> PlayedColumns | None:
    players = _players(league_id)
    if players is None:
        return None
    keys, ids = players
    where, params = seats_where(league_id, after, before, None)
    lists, found, stored = _games(league_id, where, params)
    if all(stored):  # every game's seats packed with it: no row per seat to read
        packed = np.frombuffer(b"".join(stored), "<i8").astype(np.int64)
        sizes = np.fromiter(map(len, stored), np.int64, len(stored)) // 8
        seat_start = np.concatenate([np.zeros(1, np.int64), np.cumsum(sizes)])
    else:
        packed = _seats(league_id, where, params)
        first = np.flatnonzero(packed // (PLAYER_BITS * PLACE_BITS) & _FIRST)
        seat_start = np.append(first, len(packed)).astype(np.int64)
    if len(seat_start) != len(found) + 1:
        raise AssertionError("every game has seats, the first at position 0")
    kinds = found[:, 2].copy()
    named = [ids.setdefault(area.game_participant(title), len(ids)) for title, _, _ in lists]
    columns = Columns(
        seat_start=seat_start,
        player=_numbers(keys, packed % PLAYER_BITS),
        place=(packed // PLAYER_BITS) % PLACE_BITS,
        flags=packed // (PLAYER_BITS * PLACE_BITS) & (_FIRST - 1),
        game_class=np.array([_CLASS[c] for _, _, c in lists] or [0], np.int64)[kinds],
        participant=np.array(named or [0], dtype=np.int64)[kinds],
    )
    return PlayedColumns(columns, found[:, :2].copy(), [(t, g) for t, g, _ in lists], kinds, ids)


def _numbers(keys: Ints, players: Ints) -> Ints:
    """Each seat's player numbered by its key's place in `keys` (sorted): through a table by
    key where the keys are dense enough, else by binary search."""
    if len(keys) and keys[-1] <= 8 * len(keys) + 65_536:
        table = np.zeros(int(keys[-1]) + 1, dtype=np.int64)
        table[keys] = np.arange(len(keys), dtype=np.int64)
        return table[players]
    return np.searchsorted(keys, players).astype(np.int64)


_FEW = 32
"""Up to this many titles, groups and classes the database numbers each game's own."""


def _games(
    league_id: int, where: str, params: list[object]
) -> tuple[list[_Kind], Ints, list[bytes]]:
    """The distinct (title, group, class) of the games; per game its date (as YYYYMMDD),
    sequence and the number of its kind in that list; and per game its packed seats."""
    games, group = table_name(GameRecord), _quote("group")
    values = [league_id, *params]
    distinct = f"SELECT DISTINCT g.title, g.{group}, g.game_class FROM {games} g WHERE {where}"
    kinds: list[_Kind] = [tuple(kind) for kind in stream_rows(distinct, values)]
    day = "CAST(REPLACE(CAST(g.date AS TEXT), '-', '') AS BIGINT)"
    tail = f", g.seat_columns FROM {games} g WHERE {where} ORDER BY g.date, g.sequence, g.id"
    if len(kinds) > _FEW:  # each game's title, group and class, numbered here
        numbers = {kind: i for i, kind in enumerate(kinds)}
        sql = f"SELECT {day}, g.sequence, g.title, g.{group}, g.game_class{tail}"
        rows = [(d, q, numbers[t, k, c], seats) for d, q, t, k, c, seats in _fetched(sql, values)]
    else:
        case = " ".join(
            f"WHEN g.title = %s AND g.{group} = %s AND g.game_class = %s THEN {i}"
            for i in range(len(kinds))
        )
        number = f"CASE {case} END" if kinds else "0"
        given = [value for kind in kinds for value in kind]
        rows = _fetched(f"SELECT {day}, g.sequence, {number}{tail}", [*given, *values])
    if not rows:
        return kinds, np.zeros((0, 3), np.int64), []
    days, sequences, numbered, stored = zip(*rows, strict=True)
    found = np.array([days, sequences, numbered], dtype=np.int64).T
    return kinds, found, list(stored)


def _fetched(sql: str, params: list[Any]) -> list[Any]:
    """Every row of the query, in large chunks of a chunked cursor (no step per row)."""
    rows: list[Any] = []
    with connection.chunked_cursor() as cursor:
        cursor.execute(sql, params)
        while chunk := cursor.fetchmany(_CHUNK):
            rows += chunk
    return rows


_CHUNK = 20_000
"""Rows fetched at a time: the games after a change are all held anyway."""


def _quote(name: str) -> str:
    return str(connection.ops.quote_name(name))


_CLASS = {game_class.value: CLASSES.index(game_class) for game_class in GameClass}
