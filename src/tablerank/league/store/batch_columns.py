"""The columns of a batch's games (an import's chunk), built once and shared by every list the
batch changes: the placed seats every sum list totals (`sum_pools`) and the tables every
compiled replay appends (`compiled_pools`). numpy is imported on first need only.

One `BatchColumns` serves one batch. Its columns are found by which games a list takes (the
same game objects, in the same order), its games and signs by the very list of changes handed
in; each entry holds what it was found by: no other object can take the place of one of them
while the entry lives, whoever else lets go of them."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from operator import itemgetter
from typing import TYPE_CHECKING, TypeVar

from tablerank.engine.records import Game

if TYPE_CHECKING:
    from tablerank.engine.systems.compiled.columns import Columns as TableColumns
    from tablerank.engine.systems.seat_amounts import PlacedSeats

__all__ = ["BatchColumns"]

_T = TypeVar("_T")
_GAME = itemgetter(1)

_Entries = dict[tuple[int, ...], tuple[tuple[Game, ...], _T]]
"""Columns by their games' identities, each with the games themselves."""


class BatchColumns:
    """Columns of one batch's games, by the games they hold (the same objects, in order)."""

    def __init__(self) -> None:
        self._seats: _Entries[PlacedSeats] = {}
        self._tables: _Entries[tuple[TableColumns, dict[str, int]]] = {}
        self._signed: dict[int, tuple[object, tuple[list[Game], list[int]]]] = {}

    def signed(self, changed: Sequence[tuple[object, Game, bool]]) -> tuple[list[Game], list[int]]:
        """The games of `changed` (place, game, confirmed now) and their signs (1 confirmed, -1
        not), by the list `changed` itself: lists that take the same changed games are handed
        the same list, and the entry holds it."""
        found = self._signed.get(id(changed))
        if found is None:
            games, signs = list(map(_GAME, changed)), [1 if c[2] else -1 for c in changed]
            found = self._signed[id(changed)] = (changed, (games, signs))
        return found[1]

    def seats(self, games: Sequence[Game]) -> PlacedSeats:
        """The placed seats of `games` (`seat_amounts.placed_seats`)."""
        from tablerank.engine.systems.seat_amounts import placed_seats

        return _entry(self._seats, games, placed_seats)

    def tables(self, games: Sequence[Game]) -> tuple[TableColumns, dict[str, int]]:
        """The tables of `games` as the compiled replays read them (`compiled_replay.columns_of`,
        built at once by `game_columns`), and the numbers given to the names: a copy, the
        caller's to extend."""
        columns, ids = _entry(self._tables, games, _tables)
        return columns, dict(ids)


def _entry(
    entries: _Entries[_T], games: Sequence[Game], build: Callable[[Sequence[Game]], _T]
) -> _T:
    """The entry of these games, built (and holding them) on first need."""
    which = tuple(map(id, games))
    found = entries.get(which)
    if found is None:
        found = entries[which] = (tuple(games), build(games))
    return found[1]


def _tables(games: Sequence[Game]) -> tuple[TableColumns, dict[str, int]]:
    from tablerank.engine.systems.compiled.game_columns import game_columns

    return game_columns(games)
