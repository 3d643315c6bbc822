"""Replaying order-dependent lists through the compiled replays, over columns read in bulk.

`checkpoints.replay_lists` hands its lists here first: the history after the earliest of their
checkpoints is read once as integer columns (`played_columns`), each list's state becomes
arrays, and each list runs through `engine.systems.array_replay` in stretches that end where a
checkpoint falls due. Lists the compiled replays do not cover (another system class, a rating
that is not a whole number, players that do not pack, numba missing or unable to cache) are
left to the caller: `replay` says so before changing anything. numpy loads with this module,
numba on the first replay.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import numpy as np

from tablerank.engine.systems.array_replay import (
    ArrayReplay,
    ArrayState,
    array_replay,
    available,
    whole,
)
from tablerank.league import checkpoints
from tablerank.league.checkpoint_blobs import encode_columns, encode_json
from tablerank.league.models import League
from tablerank.league.played import Point
from tablerank.league.played_columns import PlayedColumns, played_columns

if TYPE_CHECKING:
    from tablerank.league.checkpoints import _Replaying

__all__ = ["replay"]


def replay(league: League, lists: Sequence[_Replaying], start: Point | None) -> bool:
    """Bring each list's state up to the end of the history (saving checkpoints on the way)
    through the compiled replays; False, with nothing changed, where they cannot."""
    replays = [array_replay(r.system) for r in lists]
    if not all(replays) or not available():
        return False
    played = played_columns(league.pk, after=start)
    if played is None:
        return False
    size = len(played.ids)
    states = [
        ArrayState.of(r.state.ratings, r.state.games, played.ids, size, r.system.initial_rating())
        for r in lists
    ]
    if not all(whole(state) for state in states):
        return False
    names = played.names()
    rank = _ranks(names)
    for r, fast, state in zip(lists, replays, states, strict=True):
        assert fast is not None
        _replay_list(league, played, r, fast, state, names, rank)
    return True


def _ranks(names: list[str]) -> np.ndarray:
    """Each name number's place among the names sorted (as Python compares strings)."""
    order = sorted(range(len(names)), key=names.__getitem__)
    rank = np.empty(len(names), dtype=np.int64)
    rank[order] = np.arange(len(names), dtype=np.int64)
    return rank


def _replay_list(
    league: League, played: PlayedColumns, r: _Replaying, fast: ArrayReplay,
    state: ArrayState, names: list[str], rank: np.ndarray,
) -> None:  # fmt: skip
    """One list: its games after its own checkpoint, in stretches up to each checkpoint due."""
    assert r.fast is not None
    keys = [r.fast.list_key(title, group) == r.key for title, group in played.lists]
    listed = np.array(keys, dtype=bool)[played.in_lists] if keys else np.zeros(0, dtype=bool)
    at = r.state.at
    begin = 0 if at is None else played.after(at)
    games = np.flatnonzero(listed[begin:]).astype(np.int64) + begin
    done, named = 0, np.array(names, dtype=object)
    while done < len(games):
        stretch = games[done : done + checkpoints.EVERY - (r.state.count - r.since)]
        fast.run(played.columns, stretch, state, rank)
        done += len(stretch)
        r.state.at = played.point(int(stretch[-1]))
        r.state.count += len(stretch)
        if r.state.count - r.since >= checkpoints.EVERY:
            r.saved(league, _blob(state, names, named))
    r.state.ratings, r.state.games = state.as_dicts(names)


def _blob(state: ArrayState, names: list[str], named: np.ndarray) -> bytes:
    """The state as a checkpoint's columns, without a dict per name (`named`: the names as
    an array, to take the rated ones at once)."""
    rated = np.flatnonzero(state.known)
    called = named[rated].tolist()
    blob = encode_columns(called, state.ratings[rated], state.counts[rated])
    if blob is None:
        return encode_json(*state.as_dicts(names))
    return blob
