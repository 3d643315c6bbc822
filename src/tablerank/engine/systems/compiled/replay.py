"""The pairwise systems (`pairwise`) replayed over columns of integers by a compiled loop
(`loops`).

A league replays long stretches of history through the order-dependent systems. Here a
stretch is a few integer arrays (`Columns`: players by number, places, seat flags) and the state
three arrays (`CompiledState`: rating, games and whether each name is rated), so the loop runs in
machine code. Nothing of a system's rules is in the loop: each game's table shape (`Shape`,
what `pairs` reads, found for all the games at once) is asked of the system's memoised replay
(`memoised_replay`) once, its pairs handed to the loop as arrays, and every number a pair moves
is looked up in a table filled by the system's own `pair_amount`, on first need.

That holds exactly while every rating difference and every amount is a whole number: so a
replay is offered only for systems with a memoised replay and a whole starting rating, over
states whose ratings are whole (`compiled_replay`, `whole`); amounts that are not whole end the
replay (ArithmeticError). A property test holds the result to the engine, bit for bit. numpy
and numba are imported by this module only, which the command line's start-up never imports.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping
from dataclasses import dataclass
from typing import Any, cast

import numpy as np
import numpy.typing as npt

from tablerank.engine.systems.compiled import codes
from tablerank.engine.systems.compiled.columns import Columns, Ints, KeptFor, table_shapes
from tablerank.engine.systems.compiled.loading import light_cache_loads, unused_modules_hidden
from tablerank.engine.systems.memoised_replay import MemoisedReplay, ShapePairs
from tablerank.engine.systems.tables import Replayed

__all__ = [
    "WIDEST",
    "CompiledReplay",
    "CompiledState",
    "available",
    "compiled_replay",
    "load",
    "whole",
]

_LARGEST = 2.0**52
"""Ratings up to this size add whole numbers exactly."""
WIDEST = 2**17
"""The widest rating difference the tables hold (a few megabytes per table)."""


@dataclass
class CompiledState:
    """A list's state by name number: rating, games, and whether the name is rated."""

    ratings: npt.NDArray[np.float64]
    counts: Ints
    known: npt.NDArray[np.uint8]

    @classmethod
    def of(
        cls, ratings: Mapping[str, float], games: Mapping[str, int], ids: dict[str, int],
        size: int, initial: float,
    ) -> CompiledState:  # fmt: skip
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


def whole(state: CompiledState) -> bool:
    """Whether every rating is a whole number small enough to add whole numbers exactly."""
    values = state.ratings
    return bool(np.all(np.floor(values) == values) and np.all(np.abs(values) < _LARGEST))


class CompiledReplay:
    """One system's replay over columns, with the tables its pairs and amounts filled so far."""

    def __init__(self, replay: MemoisedReplay) -> None:
        self._replay = replay
        self._kinds: dict[Hashable, int] = {}
        self._kind: list[Hashable] = []
        self._offset = 1024
        self._memo = np.full((1, 2 * self._offset + 1), codes.MISSING, np.int64)
        self._miss = np.zeros(3, np.int64)
        self._shaped: KeptFor[tuple[Ints, ...]] = KeptFor()

    def initial_rating(self) -> float:
        """The system's starting rating (a whole number)."""
        return self._replay.rules.initial_rating()

    def run(self, columns: Columns, games: Ints, state: CompiledState, rank: Ints) -> None:
        """Apply `games` (indexes into `columns`, in play order) to `state`. `rank[i]`: name
        number i's place in the sorted names (a pair may be worked out from the view of the
        name that sorts first, `pairwise.PairwiseSystem.mirrored`)."""
        at, widest = 0, columns.widest
        shaped = self._shape_arrays(columns)
        while at < len(games):
            self._miss[0] = 0
            at = int(
                _loops().pairs_run(
                    columns.seat_start, columns.player, columns.participant, *shaped, rank,
                    games, at, state.ratings, state.counts, state.known, self._memo,
                    self._offset, self._miss, widest,
                )
            )  # fmt: skip
            if self._miss[0] == codes.NOT_WHOLE:  # not reached from whole ratings
                raise ArithmeticError("a rating difference is not a whole number")
            if self._miss[0] == codes.NEEDED:
                self._fill(int(self._miss[1]), int(self._miss[2]))

    def _shape_arrays(self, columns: Columns) -> tuple[Ints, ...]:
        """Each game's shape, and the shapes' slots and pairs as the loop reads them (kept
        for the columns last replayed)."""
        kept = self._shaped.get(columns)
        if kept is not None:
            return kept
        shape, shapes = table_shapes(columns)
        found = [self._replay.shape_pairs(s) for s in shapes]
        slots = [found_pairs.slots for found_pairs in found]
        pairs = [self._pairs(found_pairs) for found_pairs in found]
        arrays = (
            shape, _starts(slots), np.array([s for part in slots for s in part], np.int64),
            _starts(pairs), np.array([p for part in pairs for p in part], np.int64).reshape(-1, 4),
        )  # fmt: skip
        return self._shaped.keep(columns, arrays)

    def _pairs(self, found: ShapePairs) -> list[tuple[int, int, int, int]]:
        """The shape's pairs: slots, kind's number, mirrored kind's number or -1."""
        number = self._number
        return [
            (a, b, number(kind), -1 if mirror is None else number(mirror))
            for (a, b, _, _), (kind, mirror) in zip(found.pairs, found.kinds, strict=True)
        ]

    def _number(self, kind: Hashable) -> int:
        found = self._kinds.get(kind)
        if found is None:
            found = self._kinds[kind] = len(self._kind)
            self._kind.append(kind)
        return found

    def _fill(self, kind: int, difference: int) -> None:
        """Work out one entry with the system's `pair_amount`, growing the tables to hold it;
        ArithmeticError where the difference is wider than the tables may grow (`WIDEST`) or
        the amount is not a whole number."""
        if abs(difference) > WIDEST:
            raise ArithmeticError(f"a rating difference of {difference} is beyond the tables")
        rows = self._memo.shape[0]
        if kind >= rows or abs(difference) > self._offset:
            offset = max(2 * self._offset, abs(difference))
            grown = np.full((max(rows, kind + 1), 2 * offset + 1), codes.MISSING, np.int64)
            grown[:rows, offset - self._offset : offset + self._offset + 1] = self._memo
            self._memo, self._offset = grown, offset
        amount = self._replay.amounts(self._kind[kind])[float(difference)]
        if amount != int(amount) or abs(amount) >= _LARGEST:
            raise ArithmeticError(f"a pair's amount of {amount} is not a whole number")
        self._memo[kind, difference + self._offset] = amount


def _starts(parts: list[Any]) -> Ints:
    """Where each part starts in the parts laid end to end, and after the last, their end."""
    return np.cumsum([0, *map(len, parts)], dtype=np.int64)


_replays: dict[Any, CompiledReplay] = {}


def load() -> None:
    """Compile the loops, or load them from numba's cache (what a process's first replay
    pays once; the benchmark measures it), without what the loops do not use
    (`loading`)."""
    with unused_modules_hidden():
        loops = _loops()
        none, no_ratings, one = np.zeros(0, np.int64), np.zeros(0), np.zeros(1, np.int64)
        memo, marks, pairs = (
            np.zeros((1, 1), np.int64),
            np.zeros(0, np.uint8),
            np.zeros((0, 4), np.int64),
        )
        with light_cache_loads([loops.pairs_run]):
            loops.pairs_run(one, none, none, none, one, none, one, pairs, none, none, 0,
                              no_ratings, none, marks, memo, 0, one, 0)  # fmt: skip


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


def _loops() -> Any:
    """The compiled loops, imported on first use (numba loads with them)."""
    from tablerank.engine.systems.compiled import loops

    return loops


def compiled_replay(system: Replayed) -> CompiledReplay | None:
    """The compiled replay of `system` (kept for the process: its tables fill once), or None
    where it has none: no memoised replay (`ReplaySystem.table_replay`), or a starting rating
    that is not a whole number."""
    replay = system.table_replay()
    if not isinstance(replay, MemoisedReplay):
        return None
    start = replay.rules.initial_rating()
    if not float(start).is_integer() or abs(start) >= _LARGEST:
        return None
    found = _replays.get(replay)
    if found is None:
        found = _replays[replay] = CompiledReplay(replay)
    return found
