"""The columns of a batch's games (an import's chunk), built once and shared by every list the
batch changes: the placed seats every sum list totals (`sum_lists`) and the tables every
compiled replay appends (`array_lists`). numpy is imported on first need only."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from tablerank.engine.records import Game

if TYPE_CHECKING:
    from tablerank.engine.systems.array_replay import Columns as TableColumns
    from tablerank.engine.systems.seat_amounts import PlacedSeats

__all__ = ["BatchColumns"]


class BatchColumns:
    """Columns by the games they hold (the same game objects, in the same order)."""

    def __init__(self) -> None:
        self._seats: dict[tuple[int, ...], PlacedSeats] = {}
        self._tables: dict[tuple[int, ...], tuple[TableColumns, dict[str, int]]] = {}

    def seats(self, games: Sequence[Game]) -> PlacedSeats:
        """The placed seats of `games` (`seat_amounts.placed_seats`)."""
        from tablerank.engine.systems.seat_amounts import placed_seats

        which = tuple(map(id, games))
        found = self._seats.get(which)
        if found is None:
            found = self._seats[which] = placed_seats(games)
        return found

    def tables(self, games: Sequence[Game]) -> tuple[TableColumns, dict[str, int]]:
        """The tables of `games` as the compiled replays read them (`array_replay.columns_of`),
        and the numbers it gave the names: a copy, the caller's to extend."""
        from tablerank.engine.systems.array_replay import columns_of
        from tablerank.engine.systems.fast_replay import table_of

        which = tuple(map(id, games))
        found = self._tables.get(which)
        if found is None:
            ids: dict[str, int] = {}
            found = self._tables[which] = (columns_of(map(table_of, games), ids), ids)
        return found[0], dict(found[1])
