"""A player's history in an order-dependent list through the compiled replays: the list is
replayed once from the checkpoint before the first of the player's games to the last of them,
stopping at each of theirs, so a history spread over a long league reads its games once as
columns instead of replaying them one table at a time."""

from __future__ import annotations

from collections.abc import Mapping

import numpy as np

from tablerank.engine.records import Game
from tablerank.engine.systems.array_replay import ArrayReplay, ArrayState, array_replay, available
from tablerank.engine.systems.array_replay import whole as whole_ratings
from tablerank.engine.systems.base import ReplaySystem
from tablerank.engine.systems.fast_replay import fast_replay
from tablerank.league import checkpoints
from tablerank.league.array_lists import Rated, listed_games, ranks
from tablerank.league.models import League
from tablerank.league.played import Point
from tablerank.league.played_columns import PlayedColumns, played_columns

__all__ = ["ListWalk", "walk"]


class ListWalk:
    """One list's state as arrays, moved forward to each game asked for, in play order."""

    def __init__(
        self, fast: ArrayReplay, played: PlayedColumns, listed: np.ndarray, state: ArrayState
    ) -> None:
        self._fast, self._played, self._listed, self._state = fast, played, listed, state
        self._names = played.names()
        self._rank = ranks(self._names)
        self._done = 0
        """Games of `played` applied so far."""

    def until(self, at: Point) -> Mapping[str, float]:
        """The list's ratings just before the game at `at` (applying the list's games before
        it); raises ArithmeticError where a rating difference is beyond the loops' tables."""
        self._apply(self._played.at(at))
        return Rated(self._state, self._played.ids, self._names)

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


def walk(
    league: League, system: ReplaySystem[Game], key: str, state: checkpoints.Replay, last: Point
) -> ListWalk | None:
    """A walk from `state` (the list's checkpoint before the first game asked for) up to the
    game at `last`, or None where the compiled replays cannot take the list."""
    fast, by_table = array_replay(system), fast_replay(system)
    if fast is None or by_table is None or not available():
        return None
    played = played_columns(league.pk, after=state.at, before=(last[0], last[1] + 1))
    if played is None:
        return None
    arrays = ArrayState.of(
        state.ratings, state.games, played.ids, len(played.ids), system.initial_rating()
    )
    if not whole_ratings(arrays):
        return None
    return ListWalk(fast, played, listed_games(played, by_table, key, 0), arrays)
