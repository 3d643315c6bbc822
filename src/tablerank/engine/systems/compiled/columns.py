"""Games as the compiled loop reads them (`Columns`: integer columns, `columns_of`), and each
game's table shape found for all the games at once (`table_shapes`: what a pairwise system's
`pairs` reads of a table, `memoised_replay.Shape`)."""

from __future__ import annotations

import weakref
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

import numpy as np
import numpy.typing as npt

from tablerank.engine.records import GameClass
from tablerank.engine.systems.compiled import codes
from tablerank.engine.systems.memoised_replay import Shape
from tablerank.engine.systems.tables import Table, TableSeat, game_participant

__all__ = ["CLASSES", "Columns", "Ints", "KeptFor", "columns_of", "table_shapes"]

Ints = npt.NDArray[np.int64]
T = TypeVar("T")
CLASSES = list(GameClass)
"""Game classes by number, as the columns hold them."""


@dataclass
class Columns:
    """Games in play order as integer columns: seats `seat_start[g]:seat_start[g + 1]` of game
    `g`, each seat's player (a name's number), place (0 when none) and flags
    (`codes.FINISHED` ...); each game's class (its index in `CLASSES`) and the number of its
    title's participant (`game_participant`)."""

    seat_start: Ints
    player: Ints
    place: Ints
    flags: Ints
    game_class: Ints
    participant: Ints

    @property
    def widest(self) -> int:
        """The most seats at one table."""
        return int(np.max(np.diff(self.seat_start), initial=0))


def columns_of(tables: Iterable[Table], ids: dict[str, int]) -> Columns:
    """The columns of these tables, numbering names in `ids` (new names are added to it)."""

    number = ids.setdefault
    seats: list[TableSeat] = []
    starts, players, classes, participants = [0], [], [], []
    class_number = {game_class: n for n, game_class in enumerate(CLASSES)}
    participant_of: dict[str, str] = {}
    for title, _, game_class, table_seats in tables:
        players += [number(seat[0], len(ids)) for seat in table_seats]
        seats += table_seats
        starts.append(len(players))
        classes.append(class_number[game_class])
        participant = participant_of.get(title)
        if participant is None:
            participant = participant_of[title] = game_participant(title)
        participants.append(number(participant, len(ids)))
    places = [seat[1] or 0 for seat in seats]
    flags = codes.table_flags(seats)
    columns = (starts, players, places, flags, classes, participants)
    return Columns(*(np.array(column, dtype=np.int64) for column in columns))


_SEAT_BITS = codes.FINISHED | codes.PREMIUM | codes.WINNER | codes.PLACED


def table_shapes(columns: Columns) -> tuple[Ints, list[Shape]]:
    """Each game's table shape (`memoised_replay.Shape`) by number, and the shapes: found for
    all the games at once (and kept for the columns last asked about)."""
    kept = _kept_shapes.get(columns)
    if kept is None:
        kept = _kept_shapes.keep(columns, _shapes(columns))
    return kept


class KeptFor(Generic[T]):
    """A value kept for one object while it lives, without keeping it alive."""

    def __init__(self) -> None:
        self._of: tuple[weakref.ref[Any], T] | None = None

    def get(self, of: object) -> T | None:
        return self._of[1] if self._of is not None and self._of[0]() is of else None

    def keep(self, of: object, value: T) -> T:
        self._of = weakref.ref(of), value
        return value


_kept_shapes: KeptFor[tuple[Ints, list[Shape]]] = KeptFor()


def _shapes(c: Columns) -> tuple[Ints, list[Shape]]:
    sizes = np.diff(c.seat_start)
    games, seats = len(sizes), len(c.player)
    named = c.player == np.repeat(c.participant[:games], sizes)
    code = (c.place * (_SEAT_BITS + 1) + (c.flags & _SEAT_BITS)) * 2 + named
    dense = np.unique(code, return_inverse=True)[1].reshape(-1).astype(np.int64) + 1
    widest, distinct = int(sizes.max(initial=0)), int(dense.max(initial=0)) + 1
    if len(CLASSES) * (widest + 1) * distinct**widest < 2**62:
        key = c.game_class[:games] * (widest + 1) + sizes
        for k in range(widest):
            at = np.minimum(c.seat_start[:-1] + k, seats - 1)
            key = key * distinct + np.where(sizes > k, dense[at], 0)
        _, first, inverse = np.unique(key, return_index=True, return_inverse=True)
    else:
        padded = np.zeros((games, widest + 2), np.int64)
        padded[:, 0], padded[:, 1] = c.game_class[:games], sizes
        within = np.arange(seats) - np.repeat(c.seat_start[:-1], sizes)
        padded[np.repeat(np.arange(games), sizes), within + 2] = dense
        _, first, inverse = np.unique(padded, axis=0, return_index=True, return_inverse=True)
    return inverse.reshape(-1).astype(np.int64), [_shape(c, int(g)) for g in first]


def _shape(c: Columns, game: int) -> Shape:
    """The table shape of the game `game` of the columns."""
    begin, end = int(c.seat_start[game]), int(c.seat_start[game + 1])
    seats = []
    for seat in range(begin, end):
        flags = int(c.flags[seat])
        seats.append((
            int(c.place[seat]) if flags & codes.PLACED else None, bool(flags & codes.WINNER),
            bool(flags & codes.FINISHED), bool(flags & codes.PREMIUM),
            bool(c.player[seat] == c.participant[game]),
        ))  # fmt: skip
    return CLASSES[int(c.game_class[game])], tuple(seats)
