"""P.A.G.E.S. Accomplishment system (seed 000, system 2).

"Only the victorious player earns 01 point, while other players receive nothing." A shared first
place splits the point (seed notes).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from typing import ClassVar

from tablerank.engine.records import Game
from tablerank.engine.systems.positions import PositionSystem

__all__ = ["Accomplishment"]


@dataclass(frozen=True)
class Accomplishment(PositionSystem):
    name: ClassVar[str] = "pages.accomplishment"
    title: ClassVar[str] = "P.A.G.E.S. Accomplishment: 1 point per win"
    source: ClassVar[str] = "seed 000, P.A.G.E.S. system 2"

    def table(self, game: Game, size: int) -> Sequence[float]:
        return _winner_takes_the_point(size)


@cache
def _winner_takes_the_point(size: int) -> tuple[int, ...]:
    return (1,) + (0,) * (size - 1)
