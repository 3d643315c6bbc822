"""Lists of order-independent systems (`ReplaySystem.order_independent`): each rating is the
exact sum of the player's per-game amounts, so a game entering the confirmed history adds its
amounts and one leaving it subtracts them, in any order: O(seats) per game, however old it is.
The sums are exact (`engine.sums`), so the state equals the engine's replay bit for bit."""

from __future__ import annotations

import math
from collections.abc import Sequence

from tablerank.engine.records import Game
from tablerank.engine.sums import add, total
from tablerank.engine.systems.base import ReplaySystem
from tablerank.errors import RatingError
from tablerank.league.state_rows import StateRows, format_parts, parse_parts

__all__ = ["correct_sums"]


def correct_sums(
    rows: StateRows,
    name: str,
    system: ReplaySystem[Game],
    key: str,
    changed: Sequence[tuple[Game, bool]],
) -> bool:
    """Add the amounts of each game now confirmed, subtract those of each game no longer
    confirmed (`changed`: the game and whether it is confirmed now), in `rows` (the caller
    saves them). Returns whether a name left the list."""
    terms: dict[str, list[float]] = {}
    games: dict[str, int] = {}
    for game, confirmed in changed:
        try:
            delta = system.changes(game, {})
        except RatingError:
            continue  # e.g. no VP: this system leaves the game out
        sign = 1 if confirmed else -1
        for player, amount in delta.items():
            mine = terms.get(player)
            if mine is None:
                mine = terms[player] = []
                games[player] = 0
            mine.append(amount if confirmed else -amount)
            games[player] += sign
    left = False
    for player, mine in terms.items():
        row = rows.get((name, key, player))
        played = games[player] + (row[1] if row else 0)
        if played > 0:
            partials = _summed(parse_parts(row) if row else [0.0], mine)
            rows.put((name, key, player), (total(partials), played, format_parts(partials)))
        else:
            rows.drop((name, key, player))
            left = True
    return left


def _summed(partials: list[float], terms: list[float]) -> list[float]:
    """The exact sum of both as partials. Usually it is one float (whole points): `fsum`
    finds it and a second `fsum` proves nothing was rounded away; else add term by term."""
    every = partials + terms
    whole = math.fsum(every)
    every.append(-whole)
    if math.isfinite(whole) and math.fsum(every) == 0.0:
        return [whole]
    for x in terms:
        add(partials, x)
    return partials
