"""P.A.G.E.S. Share system (seed 000, system 5).

"Your rank will be increased by the percentage of your VPs": each game adds VP / table VP.
7 of 10/7/4 -> 0.33; 7 of 11/9/7 -> 0.26.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from tablerank.engine.systems.pages.table_vp import VpSystem

if TYPE_CHECKING:
    from tablerank.engine.systems.seat_amounts import Floats

__all__ = ["Share"]


@dataclass(frozen=True)
class Share(VpSystem):
    name: ClassVar[str] = "pages.share"
    title: ClassVar[str] = "P.A.G.E.S. Share: VP / table VP"
    source: ClassVar[str] = "seed 000, P.A.G.E.S. system 5"

    def amounts(self, vps: tuple[float, ...], total: float) -> Sequence[float]:
        if not total:
            return [0.0] * len(vps)  # a table where nobody scored has no shares to hand out
        return [vp / total for vp in vps]

    def column_amounts(self, vp: Floats, table_vp: Floats, seats: Floats) -> Floats:
        """VP / table VP per seat, and 0 at a table where nobody scored."""
        import numpy as np

        return np.divide(vp, table_vp, out=np.zeros_like(vp), where=table_vp != 0)

    def why(self, vp: float, seats: int, total: float) -> str:
        if not total:
            return "table VP is 0: no share"
        return f"{vp:g} VP / {total:g} table VP = {vp / total:.3f}"
