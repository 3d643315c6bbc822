"""Standings of games grouped by table (`GamesByTable`) for systems that rate a game by its
table alone.

Such a system (`ReplaySystem.by_table`) gives every game of one table the amounts it gives the
table's first game, seat by seat, so its `changes` runs once per table, and each player's total
is the exact sum of the amounts of the seats they held (`summed_terms`), as
`ReplaySystem.totals` sums them game by game. Where the answer could differ in any way (a game
the system refuses, two lists, an error while rating) there is no answer here: the caller rates
the games the usual way, which says what is wrong. A property test holds this module to
`System.rate`.
"""

from __future__ import annotations

from collections.abc import Mapping

from tablerank.engine.sums import summed_terms
from tablerank.engine.systems.base import RatingTable, ReplaySystem, System
from tablerank.engine.table_groups import GamesByTable
from tablerank.engine.values import Game
from tablerank.errors import TablerankError

__all__ = ["rates_by_table", "table_standings"]


def rates_by_table(system: System) -> bool:
    """Whether `table_standings` can rate games with `system`."""
    return isinstance(system, ReplaySystem) and system.by_table


def table_standings(
    system: System, games: GamesByTable, start: Mapping[str, float] | None = None
) -> RatingTable | None:
    """`system.rate` of the games, or None where only `system.rate` can say."""
    if not isinstance(system, ReplaySystem) or not system.by_table:
        return None
    amount = _amounts(system, games.templates)
    if amount is None:
        return None
    terms = {player: [amount[seat] for seat in seats] for player, seats in games.seats.items()}
    ratings, counts = summed_terms(terms, start, system.initial_rating())
    return RatingTable(system.name, system.rank(ratings, counts))


def _amounts(system: ReplaySystem[Game], templates: list[Game]) -> list[float] | None:
    """The amount of each seat of each table (`GamesByTable`), when the system rates every seat
    of every table, in one list, without an error."""
    if any(map(system.refusal, templates)) or len(set(map(system.list_key, templates))) > 1:
        return None
    out: list[float] = []
    for game in templates:
        try:
            delta = system.changes(game, {})
        except TablerankError:
            return None
        amounts = [delta.get(seat.player) for seat in game.seats]
        if None in amounts or len(delta) != len(amounts):
            return None
        out += amounts  # type: ignore[arg-type]
    return out
