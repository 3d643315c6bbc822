"""Awards by finishing position, with ties shared.

Seed notes, "Ties share": the tied players share the sum of the awards of the positions they
occupy, equally (Glory's 50/15/15/0; the Catan Online World "1.5 points each").
"""

from __future__ import annotations

from abc import abstractmethod
from collections import Counter
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, ClassVar

from tablerank.engine.ranking import ordinal
from tablerank.engine.records import Game
from tablerank.engine.systems.base import Explanation, ReplaySystem, Term

if TYPE_CHECKING:
    from tablerank.engine.systems.seat_amounts import PlacedSeats, SeatAmounts

__all__ = ["PositionSystem", "describe_position", "shared_awards"]


def shared_awards(places: Sequence[int], table: Sequence[float]) -> list[float]:
    """Each seat's award for its competition place (1, 2, 2, 4) from a per-position table."""
    if len(set(places)) == len(places):
        return [table[p - 1] for p in places]
    tied = Counter(places)
    return [sum(table[p - 1 : p - 1 + tied[p]]) / tied[p] for p in places]


def describe_position(place: int, tied: int, table: Sequence[float], award: float) -> str:
    """'2nd of 4: 20' or '2nd-3rd shared by 2 of 4: (20 + 10) / 2 = 15'."""
    n = len(table)
    if tied == 1:
        return f"{ordinal(place)} of {n}: {_num(award)}"
    parts = " + ".join(_num(x) for x in table[place - 1 : place - 1 + tied])
    return (
        f"{ordinal(place)}-{ordinal(place + tied - 1)} shared by {tied} of {n}: "
        f"({parts}) / {tied} = {_num(award)}"
    )


def _num(x: float) -> str:
    return f"{x:g}" if float(x).is_integer() else f"{x:.4g}"


class PositionSystem(ReplaySystem[Game]):
    """A running total where each game adds a per-position award for the table's size."""

    catan_only: ClassVar[bool] = True
    order_independent: ClassVar[bool] = True
    by_table: ClassVar[bool] = True

    @abstractmethod
    def table(self, game: Game, size: int) -> Sequence[float]:
        """The award for each position at a table of `size` seats (the same for every game
        of that size: `seat_amounts` asks once per size)."""

    def changes(self, game: Game, ratings: Mapping[str, float]) -> dict[str, float]:
        places = game.placed_places
        table = self.table(game, len(places))
        if game.tied:
            return dict(zip(game.placed_players, shared_awards(places, table), strict=True))
        return dict(zip(game.placed_players, [table[p - 1] for p in places], strict=True))

    def seat_amounts(self, seats: PlacedSeats) -> SeatAmounts:
        """`changes` over columns: each seat's award from a lookup by (table size, place,
        seats sharing it), filled by the same arithmetic as `shared_awards`."""
        from tablerank.engine.systems.seat_amounts import position_amounts

        return position_amounts(seats, self.table)

    def explain_record(self, game: Game, ratings: Mapping[str, float]) -> Explanation:
        seats = game.placed
        table = self.table(game, len(seats))
        places = [s.place or 0 for s in seats]
        awards = shared_awards(places, table)
        tied = Counter(places)
        terms = tuple(
            Term(s.player, a, describe_position(p, tied[p], table, a))
            for s, p, a in zip(seats, places, awards, strict=True)
        )
        return Explanation(
            record=game.id,
            system=self.name,
            before=self.before([s.player for s in seats], ratings),
            changes={t.player: t.amount for t in terms},
            terms=terms,
            notes=(f"{len(seats)}-player table: {'/'.join(_num(x) for x in table)}",),
        )
