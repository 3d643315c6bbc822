"""JSON Lines games of plain tables built as `Game`s a table at a time: the fast start of
`read_records`.

Most games of a history share their table with many others (`engine.table_groups`): the same fields
but id, date and players, and seat by seat the same place, VP, win, status and account. A
plain game (`plain_games.PlainGame`, its names, types and ranges checked by msgspec in C) is
checked as a table once, by building its first game with the engine's fast path; each other
game of the table checks only its id, its date and its players' names, each distinct one once,
and takes its seats from a memo of (seat, player). `table_games` stops at the first line that
is not a plain game of a plainly valid table and says where: the rest of the file goes through
`typed_games`, which builds every game the engine's fast path builds. tests/formats/
test_table_games.py and test_fast_reading.py hold the reading to the careful one.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, cast

import msgspec

from tablerank.engine.fast_records import ID, When, checked_date
from tablerank.engine.fields import MAX_SEATS
from tablerank.engine.values import Game, Seat, build_seat, placed_game
from tablerank.formats.plain_games import (
    PLAIN_DECODE,
    SEAT_SHAPE,
    PlainGame,
    PlainNames,
    plain_template,
)

__all__ = ["table_games"]

_Seats = tuple[Seat, ...]


@dataclass(frozen=True, slots=True)
class _Table:
    """A plain table, checked: `placed_game`'s head, places, VP and ties, and for each seat
    the seats built for its players so far (shared by the tables whose seat it is)."""

    head: tuple[Any, ...]
    places: tuple[int, ...]
    vps: tuple[float | None, ...]
    tied: bool
    seats: tuple[dict[str, Seat], ...]
    shapes: tuple[Seat, ...]
    """The first game's seats, whose place, VP, win, status and account each seat shares."""


@dataclass(slots=True)
class _Reading:
    """What a reading checked once for many games."""

    tables: dict[tuple[Any, ...], _Table | None] = field(default_factory=dict)
    seats: dict[tuple[Any, ...], dict[str, Seat]] = field(default_factory=dict)
    """The seats built so far, by their place, VP, win, status and account, then player."""
    whens: dict[str, When | None] = field(default_factory=dict)
    names: PlainNames = field(default_factory=PlainNames)


def table_games(lines: Sequence[bytes]) -> tuple[list[Game], int]:
    """The games of the first lines (blank lines skipped) that are plain games of plainly valid
    tables, each the `Game` `new_game` builds from its line, and how many lines they took: the
    line after them is the first that is not (or there is none)."""
    reading = _Reading()
    tables, whens, names = reading.tables, reading.whens, reading.names
    id_ok, seat_of = ID.fullmatch, dict.get
    out: list[Game] = []
    add = out.append
    for at, line in enumerate(lines):
        try:
            game = PLAIN_DECODE(line)
        except (msgspec.DecodeError, ValueError, RecursionError):
            if line.strip():
                return out, at
            continue
        seats = game.seats
        players = tuple([seat.player for seat in seats])
        key = (game.game, game.variant, game.target, game.group, game.city, game.game_class,
               game.event, game.round, *map(SEAT_SHAPE, seats))  # fmt: skip
        try:
            table = tables[key]
        except KeyError:
            table = tables[key] = _table(game, reading)
        try:
            when = whens[game.date]
        except KeyError:
            when = whens[game.date] = checked_date(game.date)
        if table is None or when is None or not id_ok(game.id):
            return out, at
        known: tuple[Seat | None, ...] = tuple(map(seat_of, table.seats, players))
        built = _seated(table, players, reading) if None in known else cast(_Seats, known)
        if built is None or len(set(players)) < len(players) or names.fold_to_one(players):
            return out, at
        add(placed_game(game.id, when[0], built, table.head, when[1], players, table.places,
                        table.vps, table.tied))  # fmt: skip
    return out, len(lines)


def _table(game: PlainGame, reading: _Reading) -> _Table | None:
    """The game's table, checked by building the game (`plain_template`); None when the game
    is not plainly valid. Every seat of a plain game holds a place (none left mid-game)."""
    built = plain_template(game) if 0 < len(game.seats) <= MAX_SEATS else None
    if built is None:
        return None
    mine = tuple(
        reading.seats.setdefault((s.place, s.vp, s.winner, s.status, s.account), {})
        for s in built.seats
    )
    head = (built.game, built.variant, built.target, built.group, built.city, built.game_class,
            built.event, built.round)  # fmt: skip
    return _Table(head, built.placed_places, built.placed_vps, built.tied, mine, built.seats)


def _seated(table: _Table, players: tuple[str, ...], reading: _Reading) -> _Seats | None:
    """The table's seats held by these players, those met for the first time at their seat
    built and remembered; None when a name is not plain."""
    out = []
    for mine, player, shape in zip(table.seats, players, table.shapes, strict=True):
        seat = mine.get(player)
        if seat is None:
            if player not in reading.names.folded and not reading.names.add(player):
                return None
            seat = mine[player] = build_seat(player, shape.place, shape.vp, shape.winner, None,
                                             shape.status, shape.account, {})  # fmt: skip
        out.append(seat)
    return tuple(out)
