"""The league's confirmed games in play order, streamed straight from its rows.

The replays, checkpoints and explanations read long stretches of history; building a model
object per seat, or checking again what was checked when it was stored, would cost more than
the rating. So this reads plain rows with one query (games joined to their seats, players and
VP sources, in play order), on a chunked cursor (server-side on PostgreSQL), and builds the
engine's `Game` values directly: trusted, already-checked data only. The query's parameters
never grow with the league.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Collection, Iterator
from typing import Any

from django.db import connection

from tablerank.engine.records import Account, Game, GameClass, Seat, SeatStatus
from tablerank.league.models import GameRecord, Player, RecordStatus, SourceVP
from tablerank.league.models import Seat as SeatRow

__all__ = ["Played", "Point", "played_games"]

Point = tuple[dt.date, int]
"""A record's place in play order: its date, then its recording number."""

Played = tuple[Point, int, Game]
"""A confirmed game: its place in play order, its primary key, and the game."""

_FETCH = 2000
_STATUS = {s.value: s for s in SeatStatus}
_ACCOUNT = {a.value: a for a in Account}
_CLASS = {c.value: c for c in GameClass}


def _table(model: Any) -> str:
    return str(connection.ops.quote_name(model._meta.db_table))


def _query(
    after: Point | None, before: Point | None, players: Collection[str] | None
) -> tuple[str, list[Any]]:
    q = connection.ops.quote_name
    games, seats, names, sources = (_table(m) for m in (GameRecord, SeatRow, Player, SourceVP))
    where = ["g.league_id = %s", "g.status = %s"]
    params: list[Any] = [RecordStatus.CONFIRMED.value]
    day = connection.ops.adapt_datefield_value
    if after is not None:
        where.append("(g.date > %s OR (g.date = %s AND g.sequence > %s))")
        params += [day(after[0]), day(after[0]), after[1]]
    if before is not None:
        where.append("(g.date < %s OR (g.date = %s AND g.sequence < %s))")
        params += [day(before[0]), day(before[0]), before[1]]
    if players is not None:
        marks = ", ".join(["%s"] * len(players))
        where.append(
            f"g.id IN (SELECT s2.game_id FROM {seats} s2 JOIN {names} p2 "
            f"ON p2.id = s2.player_id WHERE p2.league_id = g.league_id AND p2.{q('key')} "
            f"IN ({marks}))"
        )
        params += sorted(name.casefold() for name in players)
    sql = (
        f"SELECT g.id, g.sequence, g.external_id, g.date, g.title, g.variant, g.target, "
        f"g.{q('group')}, g.city, g.game_class, g.event, g.{q('round')}, s.id, p.name, s.vp, "
        f"s.winner, s.place, s.team, s.status, s.account, v.source, v.vp "
        f"FROM {games} g JOIN {seats} s ON s.game_id = g.id JOIN {names} p ON p.id = s.player_id "
        f"LEFT JOIN {sources} v ON v.seat_id = s.id WHERE {' AND '.join(where)} "
        f"ORDER BY g.date, g.sequence, s.position, v.id"
    )
    return sql, params


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
    sql, params = _query(after, before, players)
    dates: dict[Any, dt.date] = {}
    current: list[Any] | None = None
    seats: list[Seat] = []
    last_seat = None
    sources: dict[str, int] = {}
    with connection.chunked_cursor() as cursor:
        cursor.execute(sql, [league_id, *params])
        while rows := cursor.fetchmany(_FETCH):
            for row in rows:
                if current is None or row[0] != current[0]:
                    if current is not None:
                        yield _game(current, seats, dates)
                    current, seats, last_seat = list(row[:12]), [], None
                if row[12] != last_seat:
                    last_seat = row[12]
                    sources = {}
                    seats.append(_seat(row, sources))
                if row[20] is not None:
                    sources[row[20]] = row[21]
    if current is not None:
        yield _game(current, seats, dates)


def _seat(row: Any, sources: dict[str, int]) -> Seat:
    return Seat(
        player=row[13],
        place=row[16],
        vp=row[14],
        winner=bool(row[15]),
        team=row[17] or None,
        status=_STATUS[row[18]],
        account=_ACCOUNT[row[19]],
        sources=sources,
    )


def _game(row: list[Any], seats: list[Seat], dates: dict[Any, dt.date]) -> Played:
    pk, sequence, external_id, raw_date = row[0], row[1], row[2], row[3]
    day = dates.get(raw_date)
    if day is None:
        day = raw_date if isinstance(raw_date, dt.date) else dt.date.fromisoformat(raw_date)
        dates[raw_date] = day
    game = Game(
        id=external_id,
        date=day,
        seats=tuple(seats),
        game=row[4],
        variant=row[5] or None,
        target=row[6],
        group=row[7],
        city=row[8] or None,
        game_class=_CLASS[row[9]],
        event=row[10] or None,
        round=row[11],
    )
    return (day, sequence), pk, game
