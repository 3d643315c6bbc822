"""Who will win this table? Each seat's win probability before a game (issue 12, `predict`).

The skill system gives its own probabilities (`Skill.odds`). For a system that only gives
numbers, they are turned into probabilities as the backtest does (`engine.backtest`): a softmax
over the table with the temperature that best predicted the winners of the whole history."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from tablerank.engine.backtest import fit_temperature, predictions, softmax
from tablerank.engine.systems.base import Record, ReplaySystem, System, chronological
from tablerank.engine.systems.skill import Skill, TableOdds, check_table
from tablerank.engine.values import Game
from tablerank.errors import InvalidParameter

__all__ = ["predict_table"]


def predict_table(
    system: System, records: Iterable[Record], players: Sequence[str]
) -> tuple[TableOdds, ...]:
    """The odds of `players`, seated in this turn order, after `records`."""
    records = list(records)
    if isinstance(system, Skill):
        return system.predict(records, players)
    if not isinstance(system, ReplaySystem) or system.record_type is not Game:
        raise InvalidParameter(f"{system.name} does not rate games one by one: it cannot predict")
    check_table(players)
    totals = system.totals(records)
    games = [r for r in chronological(records) if isinstance(r, Game)]
    temperature = fit_temperature(predictions(system, games))
    initial = system.initial_rating()
    ratings = [totals.ratings.get(p, initial) for p in players]
    chances = softmax(ratings, temperature)
    return tuple(
        TableOdds(p, chances[i], None, ratings[i], None, totals.games.get(p, 0))
        for i, p in enumerate(players)
    )
