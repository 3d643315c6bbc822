"""What the VP-based P.A.G.E.S. systems (Point, Elo, Share) share: the table's VP."""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Mapping
from typing import ClassVar

from tablerank.engine.records import Game
from tablerank.engine.systems.base import Explanation, ReplaySystem, Term
from tablerank.errors import RatingError

__all__ = ["VpSystem", "table_vp"]


def table_vp(system: str, game: Game) -> list[tuple[str, float]]:
    """(player, VP) for every seat present at the end; every one must have VP."""
    out = []
    for i, seat in enumerate(game.seats):
        if seat.place is None:
            continue
        if seat.vp is None:
            raise RatingError(
                system, game.id, f"seats[{i}] ({seat.player}) has no vp; this system scores VP"
            )
        out.append((seat.player, seat.vp))
    return out


class VpSystem(ReplaySystem[Game]):
    """A running total where each game adds an amount computed from the table's VP."""

    catan_only: ClassVar[bool] = True

    @abstractmethod
    def amounts(self, vps: list[tuple[str, float]]) -> list[tuple[float, str]]:
        """Each seat's amount and the arithmetic behind it, in seat order."""

    def changes(self, game: Game, ratings: Mapping[str, float]) -> dict[str, float]:
        vps = table_vp(self.name, game)
        return {p: a for (p, _), (a, _) in zip(vps, self.amounts(vps), strict=True)}

    def explain_record(self, game: Game, ratings: Mapping[str, float]) -> Explanation:
        vps = table_vp(self.name, game)
        terms = tuple(
            Term(p, a, why) for (p, _), (a, why) in zip(vps, self.amounts(vps), strict=True)
        )
        return Explanation(
            record=game.id,
            system=self.name,
            before=self.before([p for p, _ in vps], ratings),
            changes={t.player: t.amount for t in terms},
            terms=terms,
            notes=(f"table VP: {'/'.join(f'{v:g}' for _, v in vps)}",),
        )
