"""Every rating of order-dependent lists (cow.elo, area) just before one game, for its
explanation: from each list's nearest checkpoint before the game, replaying the games in
between, read once for all the lists, through the compiled replays where they are worth
loading, else the fast replay or the engine."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from tablerank.engine import loading
from tablerank.engine.records import Game
from tablerank.engine.systems.base import ReplaySystem
from tablerank.engine.systems.tables import table_replay
from tablerank.league.models import League
from tablerank.league.ratings import checkpoints
from tablerank.league.store.played import Point, games_between, played_games, played_tables

__all__ = ["FEW", "Listed", "lists_before", "worth_compiling"]

Listed = tuple[str, ReplaySystem[Game], str]
"""An order-dependent list: system name, system and list key."""

FEW = 2_000
"""Games to replay below which the fast replay serves a read even where numba is loaded: the
compiled replay first reads every player's number (0.3 s among 100,000 players)."""


def worth_compiling(games: int) -> bool:
    """Whether a read that replays `games` games goes through the compiled replays: at least
    `FEW`, and `loading.worth_compiling`."""
    return games >= FEW and loading.worth_compiling(games)


def lists_before(league: League, lists: Sequence[Listed], at: Point) -> list[Mapping[str, float]]:
    """Every rating of each list just before the game at `at`, in the order of `lists`."""
    if not lists:
        return []
    restored = [checkpoints.checkpoint_before(league, name, key, at) for name, _, key in lists]
    start = checkpoints.earliest(restored)
    if worth_compiling(games_between(league.pk, after=start, before=at)):
        from tablerank.league.ratings import (
            compiled_walk,  # numpy and numba: off the start-up path
        )

        listed = [
            (system, key, state) for (_, system, key), state in zip(lists, restored, strict=True)
        ]
        try:
            walks = compiled_walk.walks(league, listed, at)
            if walks is not None:
                return [walk.until(at) for walk in walks]
        except ArithmeticError:  # a rating difference beyond the loops' tables
            pass
    return [
        _replayed(league, system, key, state, at)
        for (_, system, key), state in zip(lists, restored, strict=True)
    ]


def _replayed(
    league: League, system: ReplaySystem[Game], key: str, state: checkpoints.Replay, at: Point
) -> dict[str, float]:
    """One list from its checkpoint `state` through its fast replay, or the engine."""
    fast = table_replay(system)
    if fast is None:
        for at_game, _, game in checkpoints.list_games(
            system, key, played_games(league.pk, after=state.at, before=at)
        ):
            state.apply(system, at_game, game)
        return state.ratings
    initial = system.initial_rating()
    for at_game, table in played_tables(league.pk, after=state.at, before=at):
        if fast.list_key(table[0], table[1]) == key:
            state.apply_table(fast, initial, at_game, table)
    return state.ratings
