"""The kept pools (a system's ratings per group or title) of games imported by table
(`engine.table_groups.TablesInOrder`), rated from their tables
(`rating_by_table` decides when): a sum list adds each table's amounts, worked out once per table
(`seat_amounts.table_sums`); an order-dependent list appends the games in play order through
the compiled replays over the order's columns (`compiled.order_columns`, `compiled_pools`),
or replays from the first of them where it holds later games (`pool_updates.replay_lists`,
which reads them back). numpy and numba load with this module.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import overload

import numpy as np
import numpy.typing as npt

from tablerank.engine.records import Game
from tablerank.engine.systems.base import ReplaySystem
from tablerank.engine.systems.compiled.order_columns import order_columns
from tablerank.engine.systems.compiled.replay import available, compiled_replay
from tablerank.engine.systems.seat_amounts import table_sums
from tablerank.engine.table_groups import TablesInOrder
from tablerank.league.models import League
from tablerank.league.ratings import checkpoints, compiled_pools
from tablerank.league.ratings.state import appended_from, mark_sums, save_refresh
from tablerank.league.ratings.sum_pools import add_sums
from tablerank.league.store.played import Point
from tablerank.league.store.state_rows import StateReads

__all__ = ["rate_tables"]

_Ints = npt.NDArray[np.int64]


def rate_tables(
    league: League,
    games: TablesInOrder,
    sequences: Sequence[int],
    kept: dict[str, ReplaySystem[Game]],
) -> bool:
    """Refresh the `kept` lists for the games of `games`, all new and confirmed (`rating_by_table`
    holds the league's lock); False, with nothing written, where a system or a list cannot
    take them so."""
    if not all(_takes(system) for system in kept.values()):
        return False
    play = np.argsort(np.array(games.days, np.int64), kind="stable")
    tables = np.array(games.tables, np.int64)[play]
    rows, marks = StateReads(league, games.names).loaded()
    replays: list[checkpoints.Changed] = []
    appended: list[tuple[str, str, compiled_pools.Appended, Point]] = []
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
            found = compiled_pools.appended(rows, name, system, key, points, count, tables_of)
            if found is None:
                return False
            appended.append((name, key, found, points[-1]))
    for name, key, found, last in appended:
        marks.put(name, key, (last, found.save(rows, name, key)))
    days = {games.dates[day] for day in set(games.days)}
    save_refresh(league, (rows, marks), days, replays)
    return True


def _takes(system: ReplaySystem[Game]) -> bool:
    """Whether a system's lists can be rated from tables: a sum by table, or compiled."""
    if system.order_independent:
        return system.by_table
    return compiled_replay(system) is not None and available()


def _lists(
    system: ReplaySystem[Game], games: TablesInOrder, play: _Ints, tables: _Ints
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

    def __init__(self, games: TablesInOrder, sequences: Sequence[int], chosen: _Ints) -> None:
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
