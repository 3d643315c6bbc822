"""JSON Lines files of plain games read by table (`PlainGames`), with one `Game` built per
table, not per game.

A plain game is a game in the export's form whose every field is plainly valid: each seat gives
at most its player (no blanks around the name), place, VP as a whole number, winner, status
(finished or substitute) and account. msgspec checks the names, types and ranges while decoding
(in C). A game's table (`engine.plain`) is checked once, by building its first game with the
engine's fast path (`fast_game_of_seats`, every rule of `new_game`); each other game of the
table checks only its id, its date and its players' names, each distinct one once.

Anything else (an event, a team, VP sources, a seat that left, a VP with a fraction, any error)
answers None, and the files are read the usual way (`read_records`), which says what is wrong.
tests/formats/test_plain_games.py holds the answer to that reading's.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from operator import attrgetter
from pathlib import Path
from typing import Annotated, Any, Literal

import msgspec
from msgspec import Meta

from tablerank.engine.fast_records import (
    ID,
    checked_date,
    checked_name,
    checked_seat,
    fast_game_of_seats,
)
from tablerank.engine.fields import MAX_SEATS, MAX_VP
from tablerank.engine.plain import PlainGames
from tablerank.engine.values import Game
from tablerank.formats.typed_games import json_lines

__all__ = ["PlainGame", "PlainSeat", "read_plain"]


class PlainSeat(msgspec.Struct, forbid_unknown_fields=True, gc=False):
    """A plain seat as JSON gives it, its types and ranges checked while decoding."""

    player: str
    place: Annotated[int, Meta(ge=1, le=MAX_SEATS)] | None = None
    vp: Annotated[int, Meta(ge=0, le=MAX_VP)] | None = None
    winner: bool | None = None
    status: Literal["finished", "substitute"] | None = None
    account: Literal["premium", "free"] | None = None


class PlainGame(
    msgspec.Struct, forbid_unknown_fields=True, rename={"game_class": "class"}, gc=False
):
    """A plain game as JSON gives it (`docs/records.md`)."""

    id: str
    date: str
    seats: list[PlainSeat]
    game: str | None = None
    variant: str | None = None
    target: int | None = None
    group: str | None = None
    city: str | None = None
    game_class: str | None = None
    event: str | None = None
    round: int | None = None
    description: Any = None


_DECODE = msgspec.json.Decoder(PlainGame).decode
_SEAT = attrgetter("place", "vp", "winner", "status", "account")


@dataclass(slots=True)
class _Reading:
    """What a reading has found so far, and what it checked once for many games."""

    templates: list[Game] = field(default_factory=list)
    seats: dict[str, list[int]] = field(default_factory=dict)
    games: int = 0
    ids: set[str] = field(default_factory=set)
    table_of: dict[tuple[Any, ...], tuple[int, ...]] = field(default_factory=dict)
    """Each table's seat numbers, by its fields and its seats but their players."""
    numbered: int = 0
    """How many seats the tables have."""
    dates: dict[str, bool] = field(default_factory=dict)
    folded: dict[str, str] = field(default_factory=dict)
    """Each player's name folded, to tell the names that fold to one apart."""
    folded_names: set[str] = field(default_factory=set)
    fold_together: bool = False
    """Whether two of the names fold to one: then no game may seat both."""


def read_plain(paths: Sequence[Path | str]) -> PlainGames | None:
    """The games of JSON Lines files of plain games, or None when any line is not a plain game,
    an id is used twice or a file holds no game."""
    reading = _Reading()
    for path in paths:
        if Path(path).suffix.lower() == ".csv":
            return None
        try:
            lines = json_lines(Path(path).read_bytes())
        except OSError:
            return None
        before = reading.games
        if lines is None or not _read(lines, reading) or reading.games == before:
            return None
    if len(reading.ids) < reading.games:
        return None
    return PlainGames(reading.templates, reading.seats, reading.games)


def _read(lines: list[bytes], reading: _Reading) -> bool:
    """Add the games of the lines (blank lines skipped); False when one is not plain."""
    decode, table_of, dates = _DECODE, reading.table_of.get, reading.dates
    seats_of, id_ok, add_id = reading.seats.get, ID.fullmatch, reading.ids.add
    games = 0
    for line in lines:
        try:
            game = decode(line)
        except (msgspec.DecodeError, ValueError):
            if line.strip():
                return False
            continue
        seats = game.seats
        players = [seat.player for seat in seats]
        if not 0 < len(players) <= MAX_SEATS or len(set(players)) < len(players):
            return False
        if not id_ok(game.id) or not (dates.get(game.date) or _date_ok(game.date, dates)):
            return False
        key = (game.game, game.variant, game.target, game.group, game.city, game.game_class,
               game.event, game.round, *map(_SEAT, seats))  # fmt: skip
        numbers = table_of(key)
        if numbers is None and (numbers := _new_table(game, key, reading)) is None:
            return False
        for player, number in zip(players, numbers, strict=True):
            mine = seats_of(player)
            if mine is not None:
                mine.append(number)
            elif not _new_player(player, number, reading):
                return False
        if reading.fold_together and len({reading.folded[p] for p in players}) < len(players):
            return False
        add_id(game.id)
        games += 1
    reading.games += games
    return True


def _new_player(player: str, number: int, reading: _Reading) -> bool:
    """Remember a player met for the first time, at the seat `number`; False when the name is
    not plain (as given, with no blanks around it)."""
    if checked_name(player) != player:
        return False
    folded = player.casefold()
    reading.fold_together = reading.fold_together or folded in reading.folded_names
    reading.folded_names.add(folded)
    reading.folded[player] = folded
    reading.seats[player] = [number]
    return True


def _date_ok(date: str, dates: dict[str, bool]) -> bool:
    ok = dates[date] = checked_date(date) is not None
    return ok


def _new_table(game: PlainGame, key: tuple[Any, ...], reading: _Reading) -> tuple[int, ...] | None:
    """The seat numbers of the game's table, met for the first time and checked by building
    the game; None when the game is not plainly valid."""
    raw = [checked_seat(s.player, s.place, s.vp, s.winner, None, s.status, s.account, None)
           for s in game.seats]  # fmt: skip
    built = None if None in raw else fast_game_of_seats(game.id, game.date, raw, None, *key[:8])  # type: ignore[arg-type]
    if built is None:
        return None
    first = reading.numbered
    reading.numbered += len(built.seats)
    reading.templates.append(built)
    numbers = reading.table_of[key] = tuple(range(first, reading.numbered))
    return numbers
