"""P.A.G.E.S. Point system (seed 000, system 1).

"The more VPs you earn in-game, the more points you will gain in the system": each game adds
the player's VP.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from tablerank.engine.records import Game
from tablerank.engine.systems.pages.table_vp import VpSystem, table_vp

if TYPE_CHECKING:
    from tablerank.engine.systems.seat_amounts import Floats

__all__ = ["Point"]


@dataclass(frozen=True)
class Point(VpSystem):
    name: ClassVar[str] = "pages.point"
    title: ClassVar[str] = "P.A.G.E.S. Point: total VP"
    source: ClassVar[str] = "seed 000, P.A.G.E.S. system 1"

    def amounts(self, vps: tuple[float, ...], total: float) -> Sequence[float]:
        return vps

    def column_amounts(self, vp: Floats, table_vp: Floats, seats: Floats) -> Floats:
        """Each game adds the player's VP, per seat."""
        return vp

    def changes(self, game: Game, ratings: Mapping[str, float]) -> dict[str, float]:
        if None in game.placed_vps:
            table_vp(self.name, game)  # says which seat has no VP
        return dict(zip(game.placed_players, game.placed_vps, strict=True))  # type: ignore[arg-type]

    def why(self, vp: float, seats: int, total: float) -> str:
        return f"{vp:g} VP"
