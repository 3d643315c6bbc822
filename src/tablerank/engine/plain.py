"""Plain games: a history read in one go, every rule checked, kept by table, not as `Game`s.

Most games of a history share their table with many others: the same fields but id, date and
players, and seat by seat the same place, VP, win, status and account. A reader that checks
each table once (`formats.plain_games`) keeps one checked `Game` per table, the first of its
games, and for each player the seats they held, as the number of the seat in its table.
Systems whose amounts depend on the table alone total such a history without building the
other games (`engine.systems.by_table`).
"""

from __future__ import annotations

from dataclasses import dataclass

from tablerank.engine.values import Game

__all__ = ["PlainGames"]


@dataclass(frozen=True, slots=True)
class PlainGames:
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
