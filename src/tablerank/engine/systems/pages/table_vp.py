"""What the VP-based P.A.G.E.S. systems (Point, Elo, Share) share: the table's VP."""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, ClassVar

from tablerank.engine.records import Game
from tablerank.engine.systems.base import Explanation, ReplaySystem, Term
from tablerank.errors import RatingError

if TYPE_CHECKING:
    from tablerank.engine.systems.seat_amounts import Floats, PlacedSeats, SeatAmounts

__all__ = ["VpSystem", "table_vp"]


def table_vp(system: str, game: Game) -> tuple[tuple[str, ...], tuple[float, ...]]:
    """Players and VP of every seat present at the end; every one must have VP."""
    vps = game.placed_vps
    if None in vps:
        i, seat = next((i, s) for i, s in enumerate(game.seats) if s.vp is None and s.place)
        raise RatingError(
            system, game.id, f"seats[{i}] ({seat.player}) has no vp; this system scores VP"
        )
    return game.placed_players, vps  # type: ignore[return-value]


class VpSystem(ReplaySystem[Game]):
    """A running total where each game adds an amount computed from the table's VP."""

    catan_only: ClassVar[bool] = True
    order_independent: ClassVar[bool] = True
    by_table: ClassVar[bool] = True

    @abstractmethod
    def amounts(self, vps: tuple[float, ...], total: float) -> Sequence[float]:
        """Each seat's amount from the table's VP (in seat order) and their total."""

    @abstractmethod
    def why(self, vp: float, seats: int, total: float) -> str:
        """The arithmetic behind one seat's amount, in words."""

    def column_amounts(self, vp: Floats, table_vp: Floats, seats: Floats) -> Floats | None:
        """`amounts` for many seats at once (numpy columns: each seat's VP, its table's VP
        and its table's placed seats), by the same float operations in the same order; None
        where the system has no column form."""
        return None

    def seat_amounts(self, seats: PlacedSeats) -> SeatAmounts | None:
        from tablerank.engine.systems.seat_amounts import vp_amounts

        return vp_amounts(seats, self.column_amounts)

    def changes(self, game: Game, ratings: Mapping[str, float]) -> dict[str, float]:
        players, vps = table_vp(self.name, game)
        return dict(zip(players, self.amounts(vps, sum(vps)), strict=True))

    def explain_record(self, game: Game, ratings: Mapping[str, float]) -> Explanation:
        players, vps = table_vp(self.name, game)
        n, total = len(vps), sum(vps)
        terms = tuple(
            Term(p, a, self.why(v, n, total))
            for p, v, a in zip(players, vps, self.amounts(vps, total), strict=True)
        )
        return Explanation(
            record=game.id,
            system=self.name,
            before=self.before(players, ratings),
            changes={t.player: t.amount for t in terms},
            terms=terms,
            notes=(f"table VP: {'/'.join(f'{v:g}' for v in vps)}",),
        )
