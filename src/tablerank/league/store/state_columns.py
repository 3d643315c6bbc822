"""Writing a pool's rows (a system's ratings per group or title) from its state as columns: the
one way the stored rows are made equal to a replay's state, whichever replay ran (the engine's,
the memoised or the compiled one; `ratings.pool_updates` decides which). Only the rows that
differ are written and the names no longer rated are deleted; the stored rows are compared with
the arrays by name number, without a dict per name. numpy loads with this module.
"""

from __future__ import annotations

from collections.abc import Mapping
from itertools import repeat

import numpy as np
import numpy.typing as npt
from django.db import connection

from tablerank.engine.systems.compiled.replay import CompiledState
from tablerank.league.models import League
from tablerank.league.store.state_rows import delete_states, list_reading, upsert_states

__all__ = ["write_pool", "write_pool_of"]


def write_pool_of(
    league: League, name: str, key: str, ratings: Mapping[str, float], games: Mapping[str, int]
) -> None:
    """`write_pool` of a state held as dicts (each rated name's rating and games)."""
    ids: dict[str, int] = {}
    state = CompiledState.of(ratings, games, ids, 0, 0.0)
    write_pool(league, name, key, state, ids, list(ids))


def write_pool(
    league: League, name: str, key: str, state: CompiledState, ids: dict[str, int],
    names: list[str],
) -> None:  # fmt: skip
    """Make the pool's stored rows equal `state` (name number `ids[n]` is `names[i]`; a name
    numbered after the arrays were sized is not rated)."""
    players, ratings, games = _stored_columns(league, name, key)
    numbers = np.fromiter(map(ids.get, players, repeat(-1)), np.int64, len(players))
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
    upsert_states(league, name, key, changed)
    delete_states(league, name, key, [players[i] for i in np.flatnonzero(~kept).tolist()])


def _stored_columns(
    league: League, name: str, key: str
) -> tuple[list[str], npt.NDArray[np.float64], npt.NDArray[np.int64]]:
    """The pool's stored rows as columns: names, ratings and games."""
    with connection.cursor() as cursor:
        cursor.execute(*list_reading(league, name, key, parts=False))
        rows = cursor.fetchall()
    players, ratings, games = zip(*rows, strict=True) if rows else ((), (), ())
    return (
        list(players),
        np.array(ratings, dtype=np.float64),
        np.array(games, dtype=np.int64),
    )
