"""Catan Online World points per game (seed 001, with the seed notes' table).

"The points received for each game is based upon the ranking position and the number of the
players ... In case of a tie, the points are distributed among the respective ranking positions."
With N players, 1st gets N+1 and place k >= 2 gets N-k+1 (4 players: 5/3/2/1).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from typing import ClassVar

from tablerank.engine.records import Game
from tablerank.engine.systems.positions import PositionSystem, shared_awards

__all__ = ["Points", "points_table", "seat_points"]


@cache
def points_table(size: int) -> tuple[int, ...]:
    """Points per position at a table of `size`: (N+1, N-1, N-2, ..., 1)."""
    return (size + 1, *range(size - 1, 0, -1))


def seat_points(places: Sequence[int]) -> list[float]:
    """Each placed seat's points for its competition place, ties shared: `Points.changes`
    seat by seat, for a game given by its placed seats' places (the league's lists read them
    straight from its rows)."""
    return shared_awards(places, points_table(len(places)))


@dataclass(frozen=True)
class Points(PositionSystem):
    name: ClassVar[str] = "cow.points"
    title: ClassVar[str] = "Catan Online World points per game"
    source: ClassVar[str] = "seed 001, ranking lists"

    def table(self, game: Game, size: int) -> Sequence[float]:
        return points_table(size)
