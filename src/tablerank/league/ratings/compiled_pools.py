"""Replaying order-dependent pools (a system's ratings per group or title) through the compiled
replays, over columns read in bulk.

`pool_updates.replay_lists` hands its lists here first: the history after the earliest of their
checkpoints is read once as integer columns (`played_columns`), each list's state becomes
arrays, and each list runs through `engine.systems.compiled_replay` in stretches that end where a
checkpoint falls due; the checkpoints are written once every list has run, then the rows that
differ from the stored ones (`pool_rows.write_pool`). Lists the compiled replays do not cover
(another system class, a rating that is not a whole number, players that do not pack, numba
missing or unable to cache, a rating difference beyond its tables) are left to the caller:
`replay` says so before writing anything. numpy loads with this module, numba on the first
replay.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import pairwise, repeat
from typing import TYPE_CHECKING

import numpy as np
import numpy.typing as npt

from tablerank.engine.records import Game
from tablerank.engine.systems.base import ReplaySystem
from tablerank.engine.systems.compiled.columns import Columns, Ints
from tablerank.engine.systems.compiled.replay import (
    CompiledReplay,
    CompiledState,
    available,
    compiled_replay,
    whole,
)
from tablerank.engine.systems.tables import TableReplay
from tablerank.league.models import League
from tablerank.league.ratings import checkpoints
from tablerank.league.store.batch_columns import BatchColumns
from tablerank.league.store.checkpoint_blobs import encode_json
from tablerank.league.store.checkpoint_columns import ColumnsWriter
from tablerank.league.store.played import Placed, Point
from tablerank.league.store.played_columns import PlayedColumns, played_columns
from tablerank.league.store.pool_rows import Stored, write_pool
from tablerank.league.store.state_rows import Row, StateRows, list_rows

if TYPE_CHECKING:
    from tablerank.league.ratings.checkpoints import Replaying

__all__ = ["Appended", "PoolArrays", "append", "appended", "listed_games", "ranks", "replay"]


Due = tuple[Point, int, bytes]
"""A checkpoint that fell due: its place, the list's games then, and the state encoded."""


def replay(league: League, lists: Sequence[Replaying], start: Point | None) -> bool:
    """Bring each list's state up to the end of the history (saving checkpoints on the way)
    through the compiled replays; False, with nothing changed, where they cannot."""
    replays = [compiled_replay(r.system) for r in lists]
    if not all(replays) or not available():
        return False
    played = played_columns(league.pk, after=start)
    if played is None:
        return False
    size = len(played.ids)
    states = [
        CompiledState.of(
            r.state.ratings, r.state.games, played.ids, size, r.system.initial_rating()
        )
        for r in lists
    ]
    if not all(whole(state) for state in states):
        return False
    names = played.names()
    rank = ranks(names)
    try:
        done = [
            _replay_list(played, r, fast, state, names, rank)
            for r, fast, state in zip(lists, replays, states, strict=True)
            if fast is not None
        ]
    except ArithmeticError:  # a rating difference beyond the loops' tables: nothing written
        return False
    for r, state, (at, count, due) in zip(lists, states, done, strict=True):
        for point, games, blob in due:
            r.state.at, r.state.count = point, games
            checkpoints.save_checkpoint(league, r.name, r.key, r.state, blob)
        r.state.at, r.state.count = at, count
        r.state.ratings, r.state.games = {}, {}  # the rows are written from the arrays
        write_pool(league, r.name, r.key, PoolArrays(state, played.ids, names))
    return True


class PoolArrays:
    """A list's state as the compiled replays leave it (`CompiledState`, name number `i` is
    `names[i]`), as `pool_rows.write_pool` writes it: compared with the stored rows by name
    number, without a dict per name. A name numbered after the arrays were sized (by a later
    list's checkpoint) is not rated."""

    def __init__(self, state: CompiledState, ids: dict[str, int], names: list[str]) -> None:
        self._state, self._ids, self._names = state, ids, names

    def differing(self, stored: Stored) -> tuple[dict[str, Row], list[str]]:
        """`pool_rows.PoolState.differing`."""
        state, names = self._state, self._names
        players, ratings, games = _columns(stored)
        numbers = np.fromiter(map(self._ids.get, players, repeat(-1)), np.int64, len(players))
        rated = state.known.astype(bool)
        kept = np.zeros(len(players), dtype=bool)  # stored and still rated
        inside = np.flatnonzero((numbers >= 0) & (numbers < len(rated)))
        kept[inside] = rated[numbers[inside]]
        both = numbers[kept]
        differ = both[(state.ratings[both] != ratings[kept]) | (state.counts[both] != games[kept])]
        unstored = rated.copy()
        unstored[both] = False
        write = np.concatenate([differ, np.flatnonzero(unstored)])
        now, played = state.ratings[write].tolist(), state.counts[write].tolist()
        changed = {names[n]: (now[i], played[i], "") for i, n in enumerate(write.tolist())}
        return changed, [players[i] for i in np.flatnonzero(~kept).tolist()]


def _columns(stored: Stored) -> tuple[list[str], npt.NDArray[np.float64], npt.NDArray[np.int64]]:
    """The stored rows as columns: names, ratings and games."""
    players, ratings, games = zip(*stored, strict=True) if stored else ((), (), ())
    return (
        list(players),
        np.array(ratings, dtype=np.float64),
        np.array(games, dtype=np.int64),
    )


def ranks(names: list[str]) -> np.ndarray:
    """Each name number's place among the names sorted (as Python compares strings)."""
    order = sorted(range(len(names)), key=names.__getitem__)
    rank = np.empty(len(names), dtype=np.int64)
    rank[order] = np.arange(len(names), dtype=np.int64)
    return rank


def _replay_list(
    played: PlayedColumns, r: Replaying, fast: CompiledReplay, state: CompiledState,
    names: list[str], rank: np.ndarray,
) -> tuple[Point | None, int, list[Due]]:  # fmt: skip
    """One list: its games after its own checkpoint, in stretches up to each checkpoint due.
    Returns the place of its last game, its count of games, and the checkpoints due."""
    assert r.fast is not None
    at, count, due = r.state.at, r.state.count, []
    games = listed_games(played, r.fast, r.key, 0 if at is None else played.after(at))
    done, writer = 0, ColumnsWriter(names)
    while done < len(games):
        stretch = games[done : done + checkpoints.EVERY - count % checkpoints.EVERY]
        fast.run(played.columns, stretch, state, rank)
        done += len(stretch)
        at, count = played.point(int(stretch[-1])), count + len(stretch)
        if _falls_due(count, state):
            due.append((at, count, _blob(state, names, writer)))
    return at, count, due


def listed_games(played: PlayedColumns, fast: TableReplay, key: str, begin: int) -> Ints:
    """The numbers of the games of the list `key` from game number `begin` on."""
    keys = [fast.list_key(title, group) == key for title, group in played.lists]
    listed = np.array(keys, dtype=bool)[played.in_lists] if keys else np.zeros(0, dtype=bool)
    return np.flatnonzero(listed[begin:]).astype(np.int64) + begin


def _falls_due(count: int, state: CompiledState) -> bool:
    """`checkpoints.falls_due` of the names the arrays rate."""
    every = checkpoints.EVERY
    return count % every == 0 and checkpoints.falls_due(count, int(np.count_nonzero(state.known)))


def _blob(state: CompiledState, names: list[str], writer: ColumnsWriter) -> bytes:
    """The state as a checkpoint's columns, without a dict per name (`writer`: the replay's
    names, each compressed once)."""
    blob = writer.encode(state.ratings, state.counts, state.known)
    if blob is None:
        return encode_json(*state.as_dicts(names))
    return blob


def append(
    rows: StateRows,
    name: str,
    system: ReplaySystem[Game],
    key: str,
    games: Sequence[Placed],
    count: int,
    batch: BatchColumns,
) -> int | None:
    """`pool_updates.append` through the compiled replays (an import's batch): the same rows and
    the same checkpoints, or None, with nothing changed, where they cannot replay the list."""
    if compiled_replay(system) is None or not available():
        return None
    columns, ids = batch.tables([game for _, game in games])
    found = appended(rows, name, system, key, [at for at, _ in games], count, (columns, ids))
    return None if found is None else found.save(rows, name, key)


@dataclass(frozen=True)
class Appended:
    """A list's games appended over columns (`appended`), not yet kept."""

    count: int
    """The list's games after them."""
    changed: dict[str, tuple[float, int, str]]
    """The rows of the names that played."""
    due: list[tuple[checkpoints.Replay, bytes]]
    """The checkpoints that fell due, encoded."""

    def save(self, rows: StateRows, name: str, key: str) -> int:
        """Put the rows in `rows` (the caller saves them), write the checkpoints; the count."""
        rows.put_many(name, key, self.changed)
        for whole_state, blob in self.due:
            checkpoints.save_checkpoint(rows.league, name, key, whole_state, blob)
        return self.count


def appended(
    rows: StateRows,
    name: str,
    system: ReplaySystem[Game],
    key: str,
    points: Sequence[Point],
    count: int,
    tables: tuple[Columns, dict[str, int]],
) -> Appended | None:
    """Games that all come after the list's watermark (which counts `count` games), at
    `points`, as `tables` holds them (`compiled_replay.Columns`, game `i` the one at `points[i]`,
    and the names' numbers, which the caller lets go): what `append` changes, with nothing
    changed yet; None where the compiled replays cannot replay the list."""
    fast = compiled_replay(system)
    if fast is None or not available():
        return None
    columns, ids = tables
    new_count = count + len(points)
    due = new_count // checkpoints.EVERY > count // checkpoints.EVERY
    before = _stored(rows, name, key, list(ids), whole_list=due)
    state = CompiledState.of(
        {n: row[0] for n, row in before.items()},
        {n: row[1] for n, row in before.items()},
        ids, len(ids), system.initial_rating(),
    )  # fmt: skip
    if not whole(state):
        return None
    names = list(ids)
    counts = state.counts.copy()
    rank, writer = ranks(names), ColumnsWriter(names)
    saved: list[tuple[checkpoints.Replay, bytes]] = []
    try:
        for begin, end in _stretches(count, len(points)):
            fast.run(columns, np.arange(begin, end, dtype=np.int64), state, rank)
            if _falls_due(count + end, state):
                at = checkpoints.Replay(at=points[end - 1], count=count + end)
                saved.append((at, _blob(state, names, writer)))
    except ArithmeticError:
        return None
    moved = np.flatnonzero(state.counts != counts).tolist()
    ratings, played = state.ratings[moved].tolist(), state.counts[moved].tolist()
    changed = zip(ratings, played, repeat(""), strict=False)
    return Appended(new_count, dict(zip([names[n] for n in moved], changed, strict=True)), saved)


def _stored(
    rows: StateRows, name: str, key: str, names: list[str], *, whole_list: bool
) -> dict[str, tuple[float, int, str]]:
    """The list's rows of these names (of every name in the list when `whole_list`), as
    `rows` holds them."""
    out = dict(list_rows(rows.league, name, key)) if whole_list else {}
    for player in names:
        row = rows.get((name, key, player))
        if row is not None:
            out[player] = row
    return out


def _stretches(count: int, games: int) -> list[tuple[int, int]]:
    """`games` games after `count` as stretches (begin, end) of their indexes, each ending at the
    last game or where the count reaches a multiple of `checkpoints.EVERY` (a checkpoint is
    due there)."""
    every = checkpoints.EVERY
    bounds = [0, *range(every - count % every, games, every), games]
    return [(begin, end) for begin, end in pairwise(bounds) if end > begin]
