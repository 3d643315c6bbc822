"""Plain games in play order (`PlainOrder`) replayed by the compiled loops (`array_replay`).

The games become `array_replay`'s integer columns at once: each table's seats' places and
flags are worked out once and gathered game by game, the players are the reading's numbers.
numpy and numba load with this module, which `in_order` imports only where a replay is worth
them (`loading.worth_compiling`).
"""

from __future__ import annotations

from collections.abc import Mapping

import numpy as np

from tablerank.engine.plain import PlainOrder
from tablerank.engine.systems import array_replay as arrays
from tablerank.engine.systems import codes
from tablerank.engine.systems.cow.elo import Elo

__all__ = ["compiled_replay", "plain_columns"]


def compiled_replay(
    system: Elo,
    games: PlainOrder,
    rated: list[list[tuple[int, int]] | None],
    start: Mapping[str, float] | None,
) -> tuple[dict[str, float], dict[str, int]] | None:
    """Ratings and games after the games, replayed in play order by the compiled loops; `rated`
    holds each table's rated seats (none or None: no change). None where the loops cannot
    replay them exactly (not loaded, or a rating that is not a whole number)."""
    replay = arrays.array_replay(system)
    if replay is None or not arrays.available():
        return None
    ids = dict(zip(games.names, range(len(games.names)), strict=True))
    sheet = dict(start or {})
    initial = system.initial_rating()
    state = arrays.ArrayState.of(sheet, dict.fromkeys(sheet, 0), ids, len(ids), initial)
    if not arrays.whole(state):
        return None
    names = list(ids)
    rank = np.empty(len(names), np.int64)
    rank[sorted(range(len(names)), key=names.__getitem__)] = np.arange(len(names))
    tables = np.array(games.tables, np.int64)
    order = np.argsort(np.array(games.days, np.int64), kind="stable")
    changing = np.array([bool(seats) for seats in rated] or [False])
    order = order[changing[tables[order]]]
    replay.run(plain_columns(games, tables), order, state, rank)
    return state.as_dicts(names)


def plain_columns(games: PlainOrder, tables: arrays.Ints) -> arrays.Columns:
    """The games' columns (`array_replay.Columns`); `tables` is `games.tables` as an array."""
    templates = games.templates
    sizes = np.array([len(t.seats) for t in templates], np.int64)
    first = np.cumsum(sizes) - sizes
    seats = [(s.player, s.place, s.winner, s.status, s.account) for t in templates for s in t.seats]
    places = np.array([seat[1] or 0 for seat in seats], np.int64)
    flags = np.array(codes.table_flags(seats), np.int64)
    per_game = sizes[tables]
    seat_start = np.zeros(len(tables) + 1, np.int64)
    np.cumsum(per_game, out=seat_start[1:])
    seat_of = np.repeat(first[tables] - seat_start[:-1], per_game) + np.arange(seat_start[-1])
    none = np.zeros(len(tables), np.int64)
    players = np.array(games.players, np.int64)
    return arrays.Columns(seat_start, players, places[seat_of], flags[seat_of], none, none)
