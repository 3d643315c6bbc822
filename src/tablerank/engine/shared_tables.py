"""The games of one reading built a table at a time: `SharedTables.game` gives what
`checked_game` gives for a decoded `GameJson`, the same game or the same error.

Most games of a history share their table with many others: the same fields but id, date and
players, and seat by seat the same place, VP, win, team, status and account. Every rule but
the id's, the date's and the players' depends on the table alone (`game_rules`), so a table is
checked once, by `checked_game` of its first game; each other game of it checks its id, date
and players (`parse_id`, `parse_when`, `parse_name`, `check_players_once`, in the order
`checked_game` checks them) and takes its seats from a memo by seat and player. A decoded
record's values have JSON's types (msgspec checked them), so equal keys mean equal tables
(not so for raw values: ``1 == 1.0 == True``). A seat with VP sources is built on its own.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from operator import attrgetter
from typing import Any

from tablerank.engine.fields import parse_id, parse_name, parse_when
from tablerank.engine.game_rules import Head, check_players_once, checked_game
from tablerank.engine.record_schema import GameJson
from tablerank.engine.values import Game, Seat, build_seat, placed_game

__all__ = ["SharedTables"]

_SHAPE = attrgetter("place", "vp", "winner", "team", "status", "account", "sources")
_BUILT_SHAPE = attrgetter("place", "vp", "winner", "team", "status", "account")
_PLAYER = attrgetter("player")


@dataclass(frozen=True, slots=True)
class _Table:
    """A checked table: `placed_game`'s head, places, VP and ties, and for each seat the seats
    built so far by player as given (shared by the tables whose seat it is)."""

    head: tuple[Any, ...]
    places: tuple[int, ...]
    vps: tuple[float | None, ...]
    tied: bool
    seats: tuple[dict[str, Seat], ...]
    shapes: tuple[Seat, ...]
    """The first game's seats, whose place, VP, win, team, status and account each shares."""


@dataclass(slots=True)
class SharedTables:
    """What one reading checked once for many games."""

    tables: dict[tuple[Any, ...], _Table | None] = field(default_factory=dict)
    """Each table met, by its fields and its seats but their players; None for a table whose
    games are built one by one (a seat left mid-game)."""
    seats: dict[tuple[Any, ...], dict[str, Seat]] = field(default_factory=dict)
    games_to_keep: int | None = None
    """After how many games to forget every table and seat and start again (None: never)."""
    games: int = 0

    def game(self, form: GameJson) -> Game:
        """`checked_game` of the decoded record."""
        if self.games_to_keep is not None:
            self.games += 1
            if self.games > self.games_to_keep:
                self.games = 0
                self.tables.clear()
                self.seats.clear()
        head: Head = (form.game, form.variant, form.target, form.group, form.city,
                      form.game_class, form.event, form.round)  # fmt: skip
        try:
            key = (*head, *map(_SHAPE, form.seats))
            table = self.tables[key]
        except KeyError:
            built = checked_game(form.id, form.date, form.seats, head)
            self.tables[key] = self._table(built)
            return built
        except TypeError:  # VP sources: a dict
            return checked_game(form.id, form.date, form.seats, head)
        if table is None:
            return checked_game(form.id, form.date, form.seats, head)
        return self._seated(form, table)

    def _seated(self, form: GameJson, table: _Table) -> Game:
        game_id = parse_id(form.id, "id")
        when, time = parse_when(form.date, "date")
        given = [seat.player for seat in form.seats]
        found = tuple(map(dict.get, table.seats, given))
        if None in found:
            found = tuple(
                [
                    seat or _remembered(table, i, player)
                    for i, (seat, player) in enumerate(zip(found, given, strict=True))
                ]
            )
        seats: tuple[Seat, ...] = found  # type: ignore[assignment]
        players = tuple(map(_PLAYER, seats))
        check_players_once(players)
        return placed_game(game_id, when, seats, table.head, time, players, table.places,
                           table.vps, table.tied)  # fmt: skip

    def _table(self, game: Game) -> _Table | None:
        if len(game.placed) < len(game.seats):
            return None
        mine = tuple(self.seats.setdefault(_BUILT_SHAPE(seat), {}) for seat in game.seats)
        for seat, built in zip(game.seats, mine, strict=True):
            built.setdefault(seat.player, seat)
        head = (game.game, game.variant, game.target, game.group, game.city, game.game_class,
                game.event, game.round)  # fmt: skip
        return _Table(head, game.placed_places, game.placed_vps, game.tied, mine, game.seats)


def _remembered(table: _Table, index: int, player: str) -> Seat:
    """Seat `index` of the table held by a player met there for the first time."""
    shape = table.shapes[index]
    seat = table.seats[index][player] = build_seat(
        parse_name(player, f"seats[{index}].player"), shape.place, shape.vp, shape.winner,
        shape.team, shape.status, shape.account, {},
    )  # fmt: skip
    return seat
