"""The league's confirmed games in play order, streamed straight from its rows.

The replays, checkpoints and explanations read long stretches of history; building a model
object per seat, or checking again what was checked when it was stored, would cost more than
the rating. So this reads plain rows with one query (games joined to their seats, players and
VP sources, in play order), on a chunked cursor (server-side on PostgreSQL), and builds the
engine's `Game` values directly: trusted, already-checked data only. The query's parameters
never grow with the league. Each stream reads its queries in one snapshot
(`snapshot.snapshot`, held while it is read; nothing when the caller's transaction is one).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Collection, Iterator
from itertools import groupby
from operator import itemgetter
from typing import Any

from django.db import connection

from tablerank.engine.records import (
    Account,
    Game,
    GameClass,
    Seat,
    SeatStatus,
    stored_game,
    stored_seat,
)
from tablerank.engine.systems.tables import Table
from tablerank.league.models import GameRecord, Player, RecordStatus, SourceVP
from tablerank.league.models import Seat as SeatRow
from tablerank.league.store.snapshot import snapshot

__all__ = ["Placed", "Played", "PlayedTable", "Point", "played_games", "played_tables"]

Point = tuple[dt.date, int]
"""A record's place in play order: its date, then its recording number."""

Played = tuple[Point, int, Game]
"""A confirmed game: its place in play order, its primary key, and the game."""

Placed = tuple[Point, Game]
"""A game at its place in play order."""

PlayedTable = tuple[Point, Table]
"""A confirmed game as the fast replays read it (`engine.systems.memoised_replay`)."""

_FETCH = 2000


def table_name(model: Any) -> str:
    return str(connection.ops.quote_name(model._meta.db_table))


def seats_where(
    league_id: int, after: Point | None, before: Point | None, players: Collection[str] | None
) -> tuple[str, list[Any]]:
    seats = table_name(SeatRow)
    where = ["g.league_id = %s", "g.status = %s"]
    params: list[Any] = [RecordStatus.CONFIRMED.value]
    day = connection.ops.adapt_datefield_value
    if after is not None:
        # The first term lets the play index seek to the date.
        where.append("g.date >= %s AND (g.date > %s OR g.sequence > %s)")
        params += [day(after[0]), day(after[0]), after[1]]
    if before is not None:
        where.append("g.date <= %s AND (g.date < %s OR g.sequence < %s)")
        params += [day(before[0]), day(before[0]), before[1]]
    if players is not None:
        # The players' keys first, so the games are found through the seats' player index
        # whatever the database's statistics say (a join on the names let PostgreSQL, with no
        # statistics yet, scan every seat once per game).
        found = _player_ids(league_id, players) or [0]
        marks = ", ".join(["%s"] * len(found))
        where.append(f"g.id IN (SELECT s2.game_id FROM {seats} s2 WHERE s2.player_id IN ({marks}))")
        params += found
    return " AND ".join(where), params


def _player_ids(league_id: int, players: Collection[str]) -> list[int]:
    """The keys of the league's players of these names (case-insensitive)."""
    names = sorted({name.casefold() for name in players})
    if not names:
        return []
    q = connection.ops.quote_name
    marks = ", ".join(["%s"] * len(names))
    sql = f"SELECT id FROM {table_name(Player)} WHERE league_id = %s AND {q('key')} IN ({marks})"
    with connection.cursor() as cursor:
        cursor.execute(sql, [league_id, *names])
        return sorted(pk for (pk,) in cursor.fetchall())


def _queries(
    league_id: int, after: Point | None, before: Point | None, players: Collection[str] | None
) -> tuple[str, str, list[Any]]:
    """The seats query (one row per seat, game fields repeated, in play order: the order the
    play index gives, so the database sorts nothing) and the VP sources query, same order."""
    q = connection.ops.quote_name
    games, seats, names, sources = (table_name(m) for m in (GameRecord, SeatRow, Player, SourceVP))
    where, params = seats_where(league_id, after, before, players)
    # CAST: the date as text, which the database driver does not convert row by row.
    seat_sql = (
        f"SELECT g.id, g.sequence, g.external_id, CAST(g.date AS TEXT), g.title, g.variant, "
        f"g.target, g.{q('group')}, g.city, g.game_class, g.event, g.{q('round')}, s.id, "
        f"p.name, s.vp, s.winner, s.place, s.team, s.status, s.account, s.position "
        f"FROM {games} g JOIN {seats} s ON s.game_id = g.id JOIN {names} p ON p.id = s.player_id "
        f"WHERE {where} ORDER BY g.date, g.sequence"
    )
    source_sql = (
        f"SELECT g.id, v.seat_id, v.source, v.vp FROM {games} g JOIN {seats} s "
        f"ON s.game_id = g.id JOIN {sources} v ON v.seat_id = s.id WHERE {where} "
        f"ORDER BY g.date, g.sequence, v.id"
    )
    return seat_sql, source_sql, params


def _has_sources(league_id: int) -> bool:
    return SourceVP.objects.filter(seat__game__league_id=league_id).exists()


def stream_rows(sql: str, params: list[Any]) -> Iterator[Any]:
    with connection.chunked_cursor() as cursor:
        cursor.execute(sql, params)
        while rows := cursor.fetchmany(_FETCH):
            yield from rows


def played_games(
    league_id: int,
    *,
    after: Point | None = None,
    before: Point | None = None,
    players: Collection[str] | None = None,
) -> Iterator[Played]:
    """The league's confirmed games in play order, strictly after `after` and strictly before
    `before` when given, and only those where one of `players` (names, any case) holds a seat
    when given (a request's handful of names, not the league's)."""
    with snapshot():  # the seats and their VP sources read one state
        yield from _played(league_id, after, before, players)


def _played(
    league_id: int, after: Point | None, before: Point | None, players: Collection[str] | None
) -> Iterator[Played]:
    seat_sql, source_sql, params = _queries(league_id, after, before, players)
    sources = _sources(source_sql, [league_id, *params]) if _has_sources(league_id) else None
    dates: dict[str, dt.date] = {}
    current: Any = None
    rows: list[Any] = []
    for row in stream_rows(seat_sql, [league_id, *params]):
        if current is None or row[0] != current[0]:
            if current is not None:
                yield _game(current, rows, dates, sources)
            current, rows = row, []
        rows.append(row)
    if current is not None:
        yield _game(current, rows, dates, sources)


class _Sources:
    """VP sources streamed in the games' order, handed out game by game."""

    def __init__(self, rows: Iterator[Any]) -> None:
        self._rows = rows
        self._next: Any = next(rows, None)

    def of(self, game_pk: int) -> dict[int, dict[str, int]]:
        out: dict[int, dict[str, int]] = {}
        while self._next is not None and self._next[0] == game_pk:
            _, seat, source, vp = self._next
            out.setdefault(seat, {})[source] = vp
            self._next = next(self._rows, None)
        return out


def _sources(sql: str, params: list[Any]) -> _Sources:
    return _Sources(stream_rows(sql, params))


def _seat(row: Any, sources: dict[str, int]) -> Seat:
    return stored_seat(
        player=row[13], place=row[16], vp=row[14], winner=bool(row[15]), team=row[17] or None,
        status=row[18], account=row[19], sources=sources,
    )  # fmt: skip


def _game(row: Any, rows: list[Any], dates: dict[str, dt.date], sources: _Sources | None) -> Played:
    pk, sequence, external_id, raw_date = row[0], row[1], row[2], row[3]
    day = dates.get(raw_date)
    if day is None:
        day = dates[raw_date] = dt.date.fromisoformat(raw_date)
    by_seat = sources.of(pk) if sources is not None else {}
    rows.sort(key=_position)
    game = stored_game(
        id=external_id, date=day,
        seats=[_seat(seat, by_seat.get(seat[12], {})) for seat in rows],
        game=row[4], variant=row[5] or None, target=row[6], group=row[7], city=row[8] or None,
        game_class=row[9], event=row[10] or None, round=row[11],
    )  # fmt: skip
    return (day, sequence), pk, game


def _position(row: Any) -> int:
    return int(row[20])


def games_between(league_id: int, *, after: Point | None, before: Point) -> int:
    """How many confirmed games lie strictly between the two places (counted on the play
    index)."""
    where, params = seats_where(league_id, after, before, None)
    with connection.cursor() as cursor:
        cursor.execute(
            f"SELECT COUNT(*) FROM {table_name(GameRecord)} g WHERE {where}", [league_id, *params]
        )
        return int(cursor.fetchone()[0])


def played_tables(
    league_id: int, *, after: Point | None = None, before: Point | None = None
) -> Iterator[PlayedTable]:
    """`played_games` for the fast replays: the league's confirmed games in play order (after
    and before as there), as compact tables of the columns they need (title, group, class,
    and per seat player, place, winner, status, account). Two streams in the same order, games
    and seats, so no game column is repeated per seat."""
    q = connection.ops.quote_name
    games, seats, names = table_name(GameRecord), table_name(SeatRow), table_name(Player)
    where, params = seats_where(league_id, after, before, None)
    game_sql = (
        f"SELECT g.id, g.sequence, CAST(g.date AS TEXT), g.title, g.{q('group')}, g.game_class "
        f"FROM {games} g WHERE {where} ORDER BY g.date, g.sequence, g.id"
    )
    seat_sql = (
        f"SELECT g.id, p.name, s.place, s.winner, s.status, s.account "
        f"FROM {games} g JOIN {seats} s ON s.game_id = g.id JOIN {names} p ON p.id = s.player_id "
        f"WHERE {where} ORDER BY g.date, g.sequence, g.id, s.position"
    )
    with snapshot():  # the two streams read one state: the same games in the same order
        seats_of = groupby(stream_rows(seat_sql, [league_id, *params]), key=itemgetter(0))
        games_of = stream_rows(game_sql, [league_id, *params])
        yield from _tables(games_of, seats_of)


def _tables(games: Iterator[Any], seats_of: Iterator[tuple[Any, Any]]) -> Iterator[PlayedTable]:
    dates: dict[str, dt.date] = {}
    status, account, classes = _STATUS, _ACCOUNT, _CLASS
    for (_, sequence, raw_date, title, group, game_class), (_, rows) in zip(
        games, seats_of, strict=True
    ):
        day = dates.get(raw_date)
        if day is None:
            day = dates[raw_date] = dt.date.fromisoformat(raw_date)
        table = tuple(
            [
                (player, place, bool(winner), status[seat_status], account[seat_account])
                for _, player, place, winner, seat_status, seat_account in rows
            ]
        )
        yield (day, sequence), (title, group, classes[game_class], table)


_STATUS = {status.value: status for status in SeatStatus}
_ACCOUNT = {account.value: account for account in Account}
_CLASS = {game_class.value: game_class for game_class in GameClass}
