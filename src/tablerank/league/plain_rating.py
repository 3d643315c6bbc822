"""Rating a plain import's games (`engine.plain.PlainOrder`) from their tables, without a `Game`
per game: what `ratings.refresh_changed` does with their `Game`s, list by list.

Every game is new and confirmed, so each list takes the games of the tables it rates whose
list they count in, in play order: a sum list adds each table's amounts, worked out once per
table (`seat_amounts.table_sums`), and an order-dependent list appends them through the
compiled replays over the order's columns (`plain_columns.order_columns`, `array_lists`), or
replays from the first of them where it has later games (`checkpoints.replay_lists`, which
reads them back). It takes the games only where every kept system is a sum by table or has a
compiled replay, numpy and the compiled loops are worth loading, and every list appends over
columns; else it writes nothing and answers False, and the caller rates `Game`s.
tests/league/test_plain_import.py holds the rows, watermarks and checkpoints to the usual way's.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import overload

import numpy as np
import numpy.typing as npt
from django.db import transaction

from tablerank.engine.loading import worth_numpy
from tablerank.engine.plain import PlainOrder
from tablerank.engine.records import Game
from tablerank.engine.systems.array_replay import array_replay, available
from tablerank.engine.systems.base import ReplaySystem
from tablerank.engine.systems.plain_columns import order_columns
from tablerank.engine.systems.seat_amounts import table_sums
from tablerank.formats.collector import without_cycle_collection
from tablerank.league import array_lists, checkpoints, revisions
from tablerank.league.models import League
from tablerank.league.played import Point
from tablerank.league.ratings import (
    appended_from,
    kept_systems,
    lock_league,
    mark_sums,
    save_refresh,
)
from tablerank.league.state_rows import StateReads
from tablerank.league.sum_lists import add_sums

__all__ = ["FROM", "refresh_plain"]

FROM = checkpoints.COMPILED_APPEND
"""Games from which an import is rated from its tables: worth loading numpy and numba."""

_Ints = npt.NDArray[np.int64]


def refresh_plain(league: League, games: PlainOrder, sequences: Sequence[int]) -> bool:
    """`ratings.refresh_changed` of the games of `games`, all new and confirmed, game `g`
    recorded as number `sequences[g]` (numbers that grow in the files' order). Call it inside
    the import's transaction. It takes the league's lock and bumps its revision; False where
    it does not take the games (the module's doc), with nothing else written:
    `refresh_changed(..., locked=True)` of their `Game`s rates them then."""
    with transaction.atomic(savepoint=False), without_cycle_collection():
        lock_league(league)
        revisions.bump(league)
        kept = kept_systems(league)
        return _takes(kept, len(games.ids)) and _refresh(league, games, sequences, kept)


def _refresh(
    league: League,
    games: PlainOrder,
    sequences: Sequence[int],
    kept: dict[str, ReplaySystem[Game]],
) -> bool:
    play = np.argsort(np.array(games.days, np.int64), kind="stable")
    tables = np.array(games.tables, np.int64)[play]
    rows, marks = StateReads(league, games.names).loaded()
    replays: list[checkpoints.Changed] = []
    appended: list[tuple[str, str, array_lists.Appended, Point]] = []
    for name, system in kept.items():
        for key, chosen in _lists(system, games, play, tables).items():
            points = _Points(games, sequences, chosen)
            if system.order_independent:
                add_sums(rows, name, key, table_sums(system, games, chosen))
                mark_sums(marks, name, key, points[-1])
                continue
            count = appended_from(marks, name, key, points[0])
            if count is None:
                replays.append((name, system, key, points[0]))
                continue
            tables_of = order_columns(games, chosen)
            found = array_lists.appended(rows, name, system, key, points, count, tables_of)
            if found is None:
                return False
            appended.append((name, key, found, points[-1]))
    for name, key, found, last in appended:
        marks.put(name, key, (last, found.save(rows, name, key)))
    days = {games.dates[day] for day in set(games.days)}
    save_refresh(league, (rows, marks), days, replays)
    return True


def _takes(kept: dict[str, ReplaySystem[Game]], count: int) -> bool:
    """Whether every kept list can take `count` games here (the module's doc)."""
    if count < FROM or not worth_numpy(count):
        return False
    for system in kept.values():
        if system.order_independent:
            if not system.by_table:
                return False
        elif array_replay(system) is None or not available():
            return False
    return True


def _lists(
    system: ReplaySystem[Game], games: PlainOrder, play: _Ints, tables: _Ints
) -> dict[str, _Ints]:
    """The games `system` rates, by the list they count in, each list's in play order (`play`:
    the games' indexes in play order; `tables`: their tables). A table's games are alike: its
    first game's refusal and list are theirs."""
    keys = [
        None if system.refusal(template) else system.list_key(template)
        for template in games.templates
    ]
    chosen: dict[str, _Ints] = {}
    for key in dict.fromkeys(keys):
        if key is not None:
            mine = np.array([k == key for k in keys], np.bool_)[tables]
            if mine.any():
                chosen[key] = play[mine]
    return chosen


class _Points(Sequence[Point]):
    """The places in play order of the games `chosen` (indexes), each its date, then its
    recording number, worked out when asked for."""

    def __init__(self, games: PlainOrder, sequences: Sequence[int], chosen: _Ints) -> None:
        self._games, self._sequences, self._chosen = games, sequences, chosen

    def __len__(self) -> int:
        return len(self._chosen)

    @overload
    def __getitem__(self, index: int) -> Point: ...
    @overload
    def __getitem__(self, index: slice) -> Sequence[Point]: ...
    def __getitem__(self, index: int | slice) -> Point | Sequence[Point]:
        if isinstance(index, slice):
            return [self[i] for i in range(len(self))[index]]
        game = int(self._chosen[index])
        return self._games.dates[self._games.days[game]], self._sequences[game]
