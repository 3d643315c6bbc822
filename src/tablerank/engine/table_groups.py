"""Games grouped by table: a history read in one go, every rule checked, kept by table, not
as `Game`s.

Most games of a history share their table with many others: the same fields but id, date and
players, and seat by seat the same place, VP, win, status and account. A reader that checks
each table once (`formats.table_shapes`) keeps one checked `Game` per table, the first of its
games. For systems whose amounts depend on the table alone it keeps each player's seats, as
the number of the seat in its table (`GamesByTable`, totalled by `engine.systems.by_table`); for
systems where the order matters, each game's table, id, day and players (`TablesInOrder`,
replayed by `engine.systems.play_order`). Neither builds the other games.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
from collections.abc import Mapping
from dataclasses import dataclass

from tablerank.engine.values import Game

__all__ = ["GamesByTable", "TablesInOrder"]


@dataclass(frozen=True, slots=True)
class GamesByTable:
    """Games by table, and each player's seats.

    Seats are numbered table after table, in seat order: the first table's seats are 0 to
    n - 1, the next table's follow. A game is its table's template with its own id, date and
    players: a player holds a seat number once for each game they sat at in that seat.
    """

    templates: list[Game]
    """Each table's first game, built and checked as `new_game` builds it."""
    seats: dict[str, list[int]]
    """Each player's seats, in the order of the games."""
    games: int
    """How many games there are."""


@dataclass(frozen=True, slots=True)
class TablesInOrder:
    """Games in the files' order, each its table's template with its own id, day and players.

    Game `g` is `templates[tables[g]]` with the id `ids[g]`, and its seats, in seat order, held
    by the players numbered `players[s:s + n]` (`names` by number), where n is its table's
    seats and s the seats of the games before it.
    """

    templates: list[Game]
    """Each table's first game, built and checked as `new_game` builds it."""
    tables: list[int]
    ids: list[str]
    days: list[int]
    """Each game's date and time of day, as its place among the files' distinct ones in time
    (`in_day_order`): play order is the games sorted by day, stably."""
    players: list[int]
    names: list[str]
    dates: tuple[dt.date, ...] = ()
    """Each day's date, by its place in time (what `days` gives)."""
    timed: bool = False
    """Whether any game gave a time of day."""

    def renamed(self, spelling: Mapping[str, str]) -> TablesInOrder:
        """The same games with the names of `spelling` spelled its way; names that become one
        are one player (numbered where the first of them was)."""
        if not spelling:
            return self
        number: dict[str, int] = {}
        renumber = [number.setdefault(spelling.get(n, n), len(number)) for n in self.names]
        players = self.players
        if len(number) < len(self.names):
            players = [renumber[player] for player in players]
        return dataclasses.replace(self, players=players, names=list(number))
