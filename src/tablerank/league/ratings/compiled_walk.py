"""Reading order-dependent lists (cow.elo, area) at past games through the compiled replays,
without writing anything: each list's state as arrays from its checkpoint, moved forward to
each game asked for, in play order, over the games read once as columns for all the lists.
An explanation reads the lists just before one game (`before_game`); a player's history walks
one list from the checkpoint before their first game to their last, stopping at each of
theirs (`history`)."""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence

import numpy as np

from tablerank.engine.records import Game
from tablerank.engine.systems.base import ReplaySystem
from tablerank.engine.systems.compiled.columns import Ints
from tablerank.engine.systems.compiled.replay import (
    CompiledReplay,
    CompiledState,
    available,
    compiled_replay,
    whole,
)
from tablerank.engine.systems.tables import table_replay
from tablerank.league.models import League
from tablerank.league.ratings import checkpoints
from tablerank.league.ratings.compiled_pools import listed_games, ranks
from tablerank.league.store.played import Point
from tablerank.league.store.played_columns import PlayedColumns, played_columns

__all__ = ["ListWalk", "walks"]


class _Rated(Mapping[str, float]):
    """A list's ratings held in a walk's arrays, read by name without a dict of every name
    (an explanation reads a table's)."""

    def __init__(self, state: CompiledState, ids: dict[str, int], names: list[str]) -> None:
        self._state, self._ids, self._names = state, ids, names

    def __getitem__(self, name: str) -> float:
        number = self._ids.get(name)
        known = self._state.known
        # A name numbered after these arrays were sized (by a later list's checkpoint) is not rated.
        if number is None or number >= len(known) or not known[number]:
            raise KeyError(name)
        return float(self._state.ratings[number])

    def __iter__(self) -> Iterator[str]:
        return (self._names[n] for n in np.flatnonzero(self._state.known).tolist())

    def __len__(self) -> int:
        return int(np.count_nonzero(self._state.known))


class ListWalk:
    """One list's state as arrays, moved forward to each game asked for, in play order."""

    def __init__(
        self,
        fast: CompiledReplay,
        played: PlayedColumns,
        listed: Ints,
        state: CompiledState,
        ranked: tuple[list[str], Ints],
        begin: int,
    ) -> None:
        self._fast, self._played, self._listed, self._state = fast, played, listed, state
        self._names, self._rank = ranked
        self._done = begin
        """Games of `played` applied so far (or before the list's checkpoint)."""

    def until(self, at: Point) -> Mapping[str, float]:
        """The list's ratings just before the game at `at` (applying the list's games before
        it); raises ArithmeticError where a rating difference is beyond the loops' tables."""
        self._apply(self._played.at(at))
        return _Rated(self._state, self._played.ids, self._names)

    def through(self, at: Point) -> None:
        """Apply the game at `at` too."""
        self._apply(self._played.after(at))

    def rating(self, player: str) -> tuple[float, int]:
        """The player's rating and games now."""
        number = self._played.ids[player]
        return float(self._state.ratings[number]), int(self._state.counts[number])

    def _apply(self, end: int) -> None:
        """Apply the list's games from the first not applied up to game number `end`."""
        listed = self._listed
        begin, stop = np.searchsorted(listed, self._done), np.searchsorted(listed, end)
        self._fast.run(self._played.columns, listed[begin:stop], self._state, self._rank)
        self._done = max(self._done, end)


def walks(
    league: League,
    lists: Sequence[tuple[ReplaySystem[Game], str, checkpoints.Replay]],
    before: Point,
) -> list[ListWalk] | None:
    """A walk of each list (system, list key, its checkpoint) from its checkpoint up to the
    games strictly before `before`, the games read once for all of them; None where the
    compiled replays cannot take every list."""
    replays = [(compiled_replay(system), table_replay(system)) for system, _, _ in lists]
    if not all(fast and by_table for fast, by_table in replays) or not available():
        return None
    start = checkpoints.earliest(state for _, _, state in lists)
    played = played_columns(league.pk, after=start, before=before)
    if played is None:
        return None
    states = [
        CompiledState.of(
            state.ratings, state.games, played.ids, len(played.ids), system.initial_rating()
        )
        for system, _, state in lists
    ]
    if not all(whole(state) for state in states):
        return None
    names = played.names()
    ranked = (names, ranks(names))
    out = []
    for (fast, by_table), (_, key, checkpoint), state in zip(replays, lists, states, strict=True):
        assert fast is not None
        assert by_table is not None
        begin = 0 if checkpoint.at is None else played.after(checkpoint.at)
        listed = listed_games(played, by_table, key, begin)
        out.append(ListWalk(fast, played, listed, state, ranked, begin))
    return out
