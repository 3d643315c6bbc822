"""P.A.G.E.S. Elo system (seed 000, system 4): zero-sum, not classic Elo.

"The number of points that you gain or lose will be equal to 3x your VPs minus the sum of VPs on
the table (4x your VPs in case of 4-player games)": N x VP - table VP. 10/9/9 -> +2/-1/-1;
10/6/5 -> +9/-3/-6.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from tablerank.engine.systems.pages.table_vp import VpSystem

if TYPE_CHECKING:
    from tablerank.engine.systems.seat_amounts import Floats

__all__ = ["Elo"]


@dataclass(frozen=True)
class Elo(VpSystem):
    name: ClassVar[str] = "pages.elo"
    title: ClassVar[str] = "P.A.G.E.S. Elo: N x VP - table VP (zero-sum)"
    source: ClassVar[str] = "seed 000, P.A.G.E.S. system 4"

    def amounts(self, vps: tuple[float, ...], total: float) -> Sequence[float]:
        n = len(vps)
        return [n * vp - total for vp in vps]

    def column_amounts(self, vp: Floats, table_vp: Floats, seats: Floats) -> Floats:
        """N x VP - table VP, per seat."""
        return seats * vp - table_vp

    def why(self, vp: float, seats: int, total: float) -> str:
        return f"{seats} x {vp:g} VP - {total:g} table VP = {seats * vp - total:+g}"
