"""The seats of some games in play order (`engine.table_groups.TablesInOrder`) as numpy
columns: which seat of which table each is, and who holds it. A table's seats are worked out
once, by the callers, and gathered through `template_seat` (the compiled loop's columns, the
sums' amounts).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from tablerank.engine.table_groups import TablesInOrder

__all__ = ["ChosenSeats", "chosen_seats"]

Ints = npt.NDArray[np.int64]


@dataclass(frozen=True)
class ChosenSeats:
    """The seats of the chosen games, game after game, in seat order."""

    seat_start: Ints
    """Game `g`'s seats are `seat_start[g]:seat_start[g + 1]`."""
    template_seat: Ints
    """Per seat: its number among all the tables' seats, numbered table after table."""
    player: Ints
    """Per seat: its player's number (`TablesInOrder.names`)."""


def chosen_seats(games: TablesInOrder, chosen: Ints | None = None) -> ChosenSeats:
    """The seats of the games `chosen` (their indexes, in the order wanted; every game in the
    files' order where None)."""
    tables = np.array(games.tables, np.int64)
    sizes = np.array([len(t.seats) for t in games.templates], np.int64)
    picked = tables if chosen is None else tables[chosen]
    per_game = sizes[picked]
    seat_start = np.zeros(len(picked) + 1, np.int64)
    np.cumsum(per_game, out=seat_start[1:])
    within = np.arange(seat_start[-1]) - np.repeat(seat_start[:-1], per_game)
    template_seat = np.repeat((np.cumsum(sizes) - sizes)[picked], per_game) + within
    player = np.array(games.players, np.int64)
    if chosen is not None:
        every_start = np.zeros(len(tables) + 1, np.int64)
        np.cumsum(sizes[tables], out=every_start[1:])
        player = player[np.repeat(every_start[:-1][chosen], per_game) + within]
    return ChosenSeats(seat_start, template_seat, player)
