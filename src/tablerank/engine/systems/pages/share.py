"""P.A.G.E.S. Share system (seed 000, system 5).

"Your rank will be increased by the percentage of your VPs": each game adds VP / table VP.
7 of 10/7/4 -> 0.33; 7 of 11/9/7 -> 0.26.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from tablerank.engine.systems.pages.table_vp import VpSystem

__all__ = ["Share"]


@dataclass(frozen=True)
class Share(VpSystem):
    name: ClassVar[str] = "pages.share"
    title: ClassVar[str] = "P.A.G.E.S. Share: VP / table VP"
    source: ClassVar[str] = "seed 000, P.A.G.E.S. system 5"

    def amounts(self, vps: list[tuple[str, float]]) -> list[tuple[float, str]]:
        total = sum(v for _, v in vps)
        if total == 0:
            # Nobody scored: nobody has a share to add.
            return [(0.0, "table VP is 0: no share") for _ in vps]
        return [(vp / total, f"{vp:g} VP / {total:g} table VP = {vp / total:.3f}") for _, vp in vps]
