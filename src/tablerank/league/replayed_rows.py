"""Writing an order-dependent list's rows after a replay (`checkpoints.replay_lists`): the
stored rows made equal to the replayed state, writing only rows that may differ."""

from __future__ import annotations

import contextlib
from collections.abc import Collection, Iterable

from tablerank.engine.records import Game
from tablerank.engine.systems.base import ReplaySystem
from tablerank.errors import RatingError
from tablerank.league.models import League
from tablerank.league.state_rows import Row, delete_states, list_rows, upsert_states

__all__ = ["rated_names", "write_names", "write_rows"]

State = tuple[dict[str, float], dict[str, int]]
"""A list's ratings and games by name."""


def write_rows(
    league: League, name: str, key: str, ratings: dict[str, float], games: dict[str, int]
) -> None:
    """Make the stored rows equal the state, reading them all and writing the ones that
    differ: where nothing says which names may have changed (a rebuild)."""
    changed: dict[str, Row] = {}
    gone: list[str] = []
    seen: set[str] = set()
    for player, (rating, count, _) in list_rows(league, name, key):
        seen.add(player)
        if player not in ratings:
            gone.append(player)
        elif ratings[player] != rating or games[player] != count:
            changed[player] = (ratings[player], games[player], "")
    for player, rating in ratings.items():
        if player not in seen:
            changed[player] = (rating, games[player], "")
    upsert_states(league, name, key, changed)
    delete_states(league, name, key, gone)


def write_names(
    league: League,
    name: str,
    key: str,
    state: State,
    restored: dict[str, int],
    changed: Collection[str],
) -> None:
    """Make the stored rows equal the state without reading them, after a replay from a
    checkpoint (`restored`: each name's games in it) caused by changed games that rate the
    names `changed`. Only a name that played a game of the list after the checkpoint, or that
    a changed game rates, can differ from its stored row: every other name's games are the
    same before and after the change, all of them before the checkpoint."""
    ratings, games = state
    names = {player for player, count in games.items() if restored.get(player) != count}
    names.update(player for player in changed if player in games)
    upsert_states(league, name, key, {p: (ratings[p], games[p], "") for p in names})
    delete_states(league, name, key, [p for p in changed if p not in games])


def rated_names(system: ReplaySystem[Game], games: Iterable[Game]) -> set[str]:
    """Every name these games may rate in the system's list: their seats' players and the
    names their changes move (area rates a solitaire game's title)."""
    names: set[str] = set()
    for game in games:
        names.update(seat.player for seat in game.seats)
        with contextlib.suppress(RatingError):
            names.update(system.changes(game, {}))
    return names
