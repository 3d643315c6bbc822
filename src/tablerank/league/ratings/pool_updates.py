"""Updating an order-dependent pool (cow.elo, A.R.E.A.; a pool: a system's ratings per group or
title): the one place that decides how. `append` applies games after the pool's watermark (the
compiled replays for an import's batch of `COMPILED_APPEND` games or more, else the system's
memoised replay or the engine, game by game); `replay_lists` makes pools a replay again after a
change in the past, from their nearest checkpoints (`checkpoints`), reading the history once:
through the compiled replays where they cover every pool and are worth loading
(`compiled_pools`), else the memoised replays, else the engine. `checkpoints` keeps the state
and its checkpoints; this module moves it forward.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tablerank.engine import loading
from tablerank.engine.records import Game
from tablerank.engine.systems.base import ReplaySystem
from tablerank.engine.systems.tables import table_of, table_replay
from tablerank.errors import RatingError
from tablerank.league.models import League
from tablerank.league.ratings import checkpoints
from tablerank.league.ratings.checkpoints import (
    Changed,
    Replay,
    Replaying,
    earliest,
    falls_due,
    mark,
    restore,
    save_checkpoint,
    watermark,
)
from tablerank.league.store.batch_columns import BatchColumns
from tablerank.league.store.played import Placed, Point, played_games, played_tables
from tablerank.league.store.pool_rows import write_pool
from tablerank.league.store.state_rows import StateRows, list_rows

__all__ = ["COMPILED_APPEND", "append", "replay_from", "replay_lists"]

COMPILED_APPEND = 2_000
"""Games a batch appends to a list from which on it goes through the compiled replays
(`compiled_pools.append`): worth loading numba (under a second) for an import's batch, not for
one recorded game."""


def replay_from(
    league: League, name: str, system: ReplaySystem[Game], key: str, at: Point | None
) -> None:
    """Make the list a replay again after a change at `at` (None: from the beginning)."""
    replay_lists(league, [(name, system, key, at)])


def replay_lists(league: League, lists: Sequence[Changed]) -> None:
    """Make several lists a replay again, each after its change, reading the history once:
    from the earliest of their checkpoints on. Through the compiled replays where they cover
    every list (`compiled_pools`), else the fast replays when every list has one
    (`table_replay`), else the engine."""
    if not lists:
        return
    replaying = [_restore(league, *item) for item in lists]
    start = earliest(r.state for r in replaying)
    fast = all(r.fast is not None for r in replaying)
    compiled = fast and _compiled(league, replaying, start)  # which writes the rows too
    if not compiled:
        (_replay_tables if fast else _replay_games)(league, replaying, start)
        for r in replaying:
            write_pool(league, r.name, r.key, r.state)
    for r in replaying:
        mark(league, r.name, r.key, r.state.at, r.state.count)


def _compiled(league: League, replaying: list[Replaying], start: Point | None) -> bool:
    """Replay the lists through the compiled replays where they are worth it
    (`loading.worth_compiling` of the games the lists have left to replay; loading numba holds
    the league's write lock meanwhile), or where a list has no watermark to tell. False, with
    nothing changed, where they are not or cannot."""
    if not loading.worth_compiling(0):
        marks = [watermark(league, r.name, r.key) for r in replaying]
        if all(mark is not None for mark in marks):
            left = sum(m[1] - r.state.count for m, r in zip(marks, replaying, strict=True) if m)
            if not loading.worth_compiling(left):
                return False
    from tablerank.league.ratings import (
        compiled_pools,  # numpy and numba: off the start-up path
    )

    return compiled_pools.replay(league, replaying, start)


def _replay_games(league: League, replaying: list[Replaying], start: Point | None) -> None:
    for at_game, _, game in played_games(league.pk, after=start):
        for r in replaying:
            if not r.wants(at_game):
                continue
            if r.system.refusal(game) is not None or r.system.list_key(game) != r.key:
                continue
            r.state.apply(r.system, at_game, game)
            r.saved(league)


def _replay_tables(league: League, replaying: list[Replaying], start: Point | None) -> None:
    lists = [(r, r.fast, r.system.initial_rating()) for r in replaying if r.fast is not None]
    for at_game, table in played_tables(league.pk, after=start):
        title, group = table[0], table[1]
        for r, fast, initial in lists:
            state = r.state
            if state.at is not None and at_game <= state.at:
                continue
            if fast.list_key(title, group) == r.key:
                state.apply_table(fast, initial, at_game, table)
                if state.count % checkpoints.EVERY == 0:
                    r.saved(league)


def _restore(
    league: League, name: str, system: ReplaySystem[Game], key: str, at: Point | None
) -> Replaying:
    """The list's state at its nearest checkpoint before `at`, whose later checkpoints go."""
    return Replaying(name, system, key, restore(league, name, key, at), table_replay(system))


class _Ratings(dict[str, float]):
    """One list's ratings over `StateRows` as a plain dict, for the engine's `changes`: the
    rows loaded already are copied in; any other name is looked up on first use."""

    def __init__(self, rows: StateRows, name: str, key: str) -> None:
        super().__init__((player, row[0]) for player, row in rows.loaded(name, key).items())
        self._rows, self._name, self._key = rows, name, key

    def __missing__(self, player: str) -> float:
        row = self._rows.get((self._name, self._key, player))
        if row is None:
            raise KeyError(player)
        self[player] = row[0]
        return row[0]

    def get(self, player: str, default: Any = None) -> Any:
        try:
            return self[player]
        except KeyError:
            return default

    def __contains__(self, player: object) -> bool:
        return isinstance(player, str) and self.get(player) is not None


def append(
    rows: StateRows,
    name: str,
    system: ReplaySystem[Game],
    key: str,
    games: Sequence[Placed],
    count: int,
    columns: BatchColumns | None = None,
) -> int:
    """Apply games that all come after the list's watermark (which counts `count` games), in
    `rows` (the caller saves them): cost by their players only (`columns`: the batch's, shared
    with its other lists). Writes a checkpoint of the whole list at each game that makes the
    count a multiple of `checkpoints.EVERY` where one falls due (`falls_due`). Returns the new
    count."""
    if len(games) >= COMPILED_APPEND:
        from tablerank.league.ratings import (
            compiled_pools,  # numpy and numba: off the start-up path
        )

        compiled = compiled_pools.append(
            rows, name, system, key, games, count, columns or BatchColumns()
        )
        if compiled is not None:
            return compiled
    ratings = _Ratings(rows, name, key)
    played: dict[str, int] = {}
    initial = system.initial_rating()
    fast = table_replay(system)
    for counted, (at, game) in enumerate(games, start=count + 1):
        try:
            if fast is None:
                delta = system.changes(game, ratings)
            else:
                delta = fast.changes(table_of(game), ratings)
        except RatingError:
            delta = {}
        for player, amount in delta.items():
            if player not in played:
                row = rows.get((name, key, player))
                played[player] = row[1] if row else 0
            ratings[player] = ratings.get(player, initial) + amount
            played[player] += 1
        if counted % checkpoints.EVERY == 0:
            rows.put_many(name, key, {p: (ratings[p], n, "") for p, n in played.items()})
            rows.save()
            whole = Replay(at=at, count=counted)
            for player, (rating, games_of, _) in list_rows(rows.league, name, key):
                whole.ratings[player], whole.games[player] = rating, games_of
            if falls_due(counted, len(whole.ratings)):
                save_checkpoint(rows.league, name, key, whole)
    rows.put_many(name, key, {p: (ratings[p], n, "") for p, n in played.items()})
    return count + len(games)
