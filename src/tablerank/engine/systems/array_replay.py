"""cow.elo and A.R.E.A. replayed over columns of integers by compiled loops (`kernels`).

A league replays long stretches of history through the two order-dependent systems. Here a
stretch is a few integer arrays (`Columns`: players by number, places, seat flags) and the state
three arrays (`ArrayState`: rating, games and whether each name is rated), so the loop runs in
machine code. Every number a pair moves comes from the engine: the loops look each one up in a
table filled by calling the engine's own `pair_change` (cow.elo) or `transfer` (A.R.E.A.) with
the ratings (0, difference), as `fast_replay` does, on first need.

That holds exactly while every rating difference is a whole number: so a replay is offered only
for the exact classes `Elo` and `Area` with a whole starting rating, over states whose ratings
are whole (`array_replay`, `whole`); changes are whole numbers, so ratings stay whole. A
property test holds the result to the engine, bit for bit. numpy and numba are imported by
this module only, which the command line's start-up never imports.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any, cast

import numpy as np
import numpy.typing as npt

from tablerank.engine.records import GameClass
from tablerank.engine.systems import area as area_module
from tablerank.engine.systems import codes
from tablerank.engine.systems.area import Area, TeamDivisor
from tablerank.engine.systems.base import ReplaySystem
from tablerank.engine.systems.cow.elo import Elo
from tablerank.engine.systems.fast_replay import Table, TableSeat
from tablerank.engine.systems.kernel_loading import light_cache_loads, unused_modules_hidden
from tablerank.engine.values import Game

__all__ = [
    "ArrayReplay",
    "ArrayState",
    "Columns",
    "array_replay",
    "available",
    "columns_of",
    "load",
    "whole",
]

Ints = npt.NDArray[np.int64]
CLASSES = list(GameClass)
"""Game classes by number, as the kernels know them."""
_LARGEST = 2.0**52
"""Ratings up to this size add whole numbers exactly."""
WIDEST = 2**17
"""The widest rating difference the tables hold (a few megabytes per table)."""


@dataclass
class Columns:
    """Games in play order as integer columns: seats `seat_start[g]:seat_start[g + 1]` of game
    `g`, each seat's player (a name's number), place (0 when none) and flags
    (`codes.FINISHED` ...); each game's class (its index in `CLASSES`) and the number of its
    title's SOL participant (`area.game_participant`)."""

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
            participant = participant_of[title] = area_module.game_participant(title)
        participants.append(number(participant, len(ids)))
    places = [seat[1] or 0 for seat in seats]
    flags = codes.table_flags(seats)
    columns = (starts, players, places, flags, classes, participants)
    return Columns(*(np.array(column, dtype=np.int64) for column in columns))


@dataclass
class ArrayState:
    """A list's state by name number: rating, games, and whether the name is rated."""

    ratings: npt.NDArray[np.float64]
    counts: Ints
    known: npt.NDArray[np.uint8]

    @classmethod
    def of(
        cls, ratings: Mapping[str, float], games: Mapping[str, int], ids: dict[str, int],
        size: int, initial: float,
    ) -> ArrayState:  # fmt: skip
        """The arrays of a state held as dicts, for `size` names numbered by `ids` (names
        missing from `ids` are added to it; `size` grows to hold them)."""
        found = list(map(ids.get, ratings))  # a loop in C: a checkpoint holds every name
        numbers: list[int] = (
            [ids.setdefault(name, len(ids)) for name in ratings]
            if None in found
            else cast(list[int], found)
        )
        size = max(size, len(ids))
        rated = np.full(size, float(initial), np.float64)
        state = cls(rated, np.zeros(size, np.int64), np.zeros(size, np.uint8))
        state.ratings[numbers] = list(ratings.values())
        state.counts[numbers] = list(map(games.__getitem__, ratings))
        state.known[numbers] = 1
        return state

    def as_dicts(self, names: list[str]) -> tuple[dict[str, float], dict[str, int]]:
        """(ratings, games) of every rated name; `names[i]` is name number i."""
        rated = np.flatnonzero(self.known).tolist()
        called = [names[i] for i in rated]
        ratings = dict(zip(called, self.ratings[rated].tolist(), strict=True))
        return ratings, dict(zip(called, self.counts[rated].tolist(), strict=True))


def whole(state: ArrayState) -> bool:
    """Whether every rating is a whole number small enough to add whole numbers exactly."""
    values = state.ratings
    return bool(np.all(np.floor(values) == values) and np.all(np.abs(values) < _LARGEST))


class ArrayReplay:
    """One system's replay over columns, with the tables the engine filled so far."""

    def __init__(self, system: Elo | Area) -> None:
        self._system = system
        self._offset = 1024
        self._memo = np.full((3, 2 * self._offset + 1), codes.MISSING, np.int64)
        self._miss = np.zeros(3, np.int64)

    def run(self, columns: Columns, games: Ints, state: ArrayState, rank: Ints) -> None:
        """Apply `games` (indexes into `columns`, in play order) to `state`. `rank[i]`: name
        number i's place in the sorted names (cow.elo works each pair out from the view of the
        name that sorts first)."""
        at, widest = 0, columns.widest
        while at < len(games):
            self._miss[0] = 0
            at = self._run(columns, games, at, state, rank, widest)
            if self._miss[0] == codes.NOT_WHOLE:  # not reached from whole ratings
                raise ArithmeticError("a rating difference is not a whole number")
            if self._miss[0] == codes.NEEDED:
                self._fill(int(self._miss[1]), int(self._miss[2]))

    def _run(self, c: Columns, games: Ints, at: int, s: ArrayState, rank: Ints, widest: int) -> int:
        kernels = _kernels()
        if isinstance(self._system, Elo):
            return int(
                kernels.elo_run(
                    c.seat_start, c.player, c.place, c.flags, rank, games, at, s.ratings,
                    s.counts, s.known, self._memo, self._offset, self._miss, widest,
                )
            )  # fmt: skip
        return int(
            kernels.area_run(
                c.seat_start, c.player, c.place, c.flags, c.game_class, c.participant,
                _TEAM_MODES[self._system.team_divisor], games, at, s.ratings, s.counts,
                s.known, self._memo, self._offset, self._miss, widest,
            )
        )  # fmt: skip

    def _fill(self, table: int, difference: int) -> None:
        """Work out one entry with the engine, growing the tables to hold it; ArithmeticError
        where the difference is wider than the tables may grow (`WIDEST`)."""
        if abs(difference) > WIDEST:
            raise ArithmeticError(f"a rating difference of {difference} is beyond the tables")
        rows = self._memo.shape[0]
        if table >= rows or abs(difference) > self._offset:
            offset = max(2 * self._offset, abs(difference))
            grown = np.full((max(rows, table + 1), 2 * offset + 1), codes.MISSING, np.int64)
            grown[:rows, offset - self._offset : offset + self._offset + 1] = self._memo
            self._memo, self._offset = grown, offset
        self._memo[table, difference + self._offset] = self._entry(table, float(difference))

    def _entry(self, table: int, difference: float) -> int:
        system = self._system
        if isinstance(system, Elo):
            own, other = _PLACES[table]
            return system.pair_change(("a", own, 0), ("b", other, difference))
        divisor, draw = divmod(table, 2)
        return system.transfer(("a", "b", bool(draw)), {"a": 0, "b": difference}, divisor)


_PLACES = ((1, 2), (2, 1), (1, 1))
"""Places giving each cow.elo table's result (won, lost, drew), from the first name's view."""
_TEAM_MODES = {TeamDivisor.LARGER: 0, TeamDivisor.SMALLER: 1, TeamDivisor.ALL: 2}

_replays: dict[Any, ArrayReplay] = {}


def load() -> None:
    """Compile the loops, or load them from numba's cache (what a process's first replay
    pays once; the benchmark measures it), without what the loops do not use
    (`kernel_loading`)."""
    with unused_modules_hidden():
        kernels = _kernels()
        none, no_ratings, one = np.zeros(0, np.int64), np.zeros(0), np.zeros(1, np.int64)
        memo, marks = np.zeros((1, 1), np.int64), np.zeros(0, np.uint8)
        with light_cache_loads([kernels.elo_run, kernels.area_run]):
            kernels.elo_run(one, none, none, none, none, none, 0, no_ratings, none, marks, memo,
                            0, one, 0)  # fmt: skip
            kernels.area_run(one, none, none, none, none, none, 0, none, 0, no_ratings, none,
                             marks, memo, 0, one, 0)  # fmt: skip


_available: list[bool] = []


def available() -> bool:
    """Whether the compiled loops load here: numba is installed for this Python and has a place
    to cache them (beside the module, in the user's cache, or in `NUMBA_CACHE_DIR`). The first
    call loads them."""
    if not _available:
        try:
            load()
        except (ImportError, RuntimeError):
            _available.append(False)
        else:
            _available.append(True)
    return _available[0]


def _kernels() -> Any:
    """The compiled loops, imported on first use (numba loads with them)."""
    from tablerank.engine.systems import kernels

    return kernels


def array_replay(system: ReplaySystem[Game]) -> ArrayReplay | None:
    """The array replay of `system` (kept for the process: its tables fill once), or None
    where it has none: another class, or a starting rating that is not a whole number."""
    if type(system) not in (Elo, Area):
        return None
    assert isinstance(system, Elo | Area)
    if not float(system.start).is_integer() or abs(system.start) >= _LARGEST:
        return None
    found = _replays.get(system)
    if found is None:
        found = _replays[system] = ArrayReplay(system)
    return found
