"""Lists of order-independent systems (`ReplaySystem.order_independent`): each rating is the
exact sum of the player's per-game amounts, so a game entering the confirmed history adds its
amounts and one leaving it subtracts them, in any order: O(seats) per game, however old it is.
The sums are exact (`engine.sums`), so the state equals the engine's replay bit for bit."""

from __future__ import annotations

from collections.abc import Sequence

from tablerank.engine.records import Game
from tablerank.engine.sums import add, total
from tablerank.engine.systems.base import ReplaySystem
from tablerank.errors import RatingError
from tablerank.league.models import League
from tablerank.league.state_rows import (
    ListState,
    Row,
    delete_states,
    format_parts,
    parse_parts,
    upsert_states,
)

__all__ = ["correct_sums"]


def correct_sums(
    league: League,
    name: str,
    system: ReplaySystem[Game],
    key: str,
    changed: Sequence[tuple[Game, bool]],
) -> None:
    """Add the amounts of each game now confirmed, subtract those of each game no longer
    confirmed (`changed`: the game and whether it is confirmed now)."""
    moves: list[tuple[str, float, int]] = []
    for game, confirmed in changed:
        try:
            delta = system.changes(game, {})
        except RatingError:
            continue  # e.g. no VP: this system leaves the game out
        sign = 1 if confirmed else -1
        moves.extend((player, sign * amount, sign) for player, amount in delta.items())
    if not moves:
        return
    state = ListState(league, name, key)
    state.load({player for player, _, _ in moves})
    partials: dict[str, list[float]] = {}
    games: dict[str, int] = {}
    for player, amount, count in moves:
        mine = partials.get(player)
        if mine is None:
            row = state.get_row(player)
            mine = partials[player] = parse_parts(row) if row else []
            games[player] = row[1] if row else 0
        add(mine, amount)
        games[player] += count
    kept: dict[str, Row] = {}
    gone: list[str] = []
    for player, mine in partials.items():
        if games[player] > 0:
            kept[player] = (total(mine), games[player], format_parts(mine))
        else:
            gone.append(player)
    upsert_states(league, name, key, kept)
    delete_states(league, name, key, gone)
