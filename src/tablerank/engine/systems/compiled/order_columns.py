"""Games grouped by table, in play order (`TablesInOrder`), replayed by the compiled loop
(`replay`).

The games become the loop's integer columns (`columns.Columns`) at once: each table's seats'
places and flags are worked out once and gathered game by game, the players are the reading's
numbers. numpy and numba load with this module, which `play_order` imports only where a replay
is worth them (`loading.worth_compiling`), as the league's import of plain games does
(`order_columns`: some of the games, in play order).
"""

from __future__ import annotations

from collections.abc import Mapping

import numpy as np

from tablerank.engine.systems.compiled import codes
from tablerank.engine.systems.compiled import replay as compiled
from tablerank.engine.systems.compiled.chosen_seats import chosen_seats
from tablerank.engine.systems.compiled.columns import CLASSES, Columns, Ints
from tablerank.engine.systems.memoised_replay import ShapePairs
from tablerank.engine.systems.tables import Replayed, game_participant
from tablerank.engine.table_groups import TablesInOrder

__all__ = ["order_columns", "replay_in_order"]


def replay_in_order(
    system: Replayed,
    games: TablesInOrder,
    pairs: list[ShapePairs | None],
    start: Mapping[str, float] | None,
) -> tuple[dict[str, float], dict[str, int]] | None:
    """Ratings and games after the games, replayed in play order by the compiled loops; `pairs`
    holds each table's pairs (none or None: no change). None where the loops cannot replay
    them exactly (not loaded, or a rating that is not a whole number)."""
    replay = compiled.compiled_replay(system)
    if replay is None or not compiled.available():
        return None
    changing = np.array([bool(found and found.pairs) for found in pairs] or [False])
    order = np.argsort(np.array(games.days, np.int64), kind="stable")
    order = order[changing[np.array(games.tables, np.int64)[order]]]
    columns, ids = order_columns(games, order)
    sheet = dict(start or {})
    initial = replay.initial_rating()
    state = compiled.CompiledState.of(sheet, dict.fromkeys(sheet, 0), ids, len(ids), initial)
    if not compiled.whole(state):
        return None
    names = list(ids)
    rank = np.empty(len(names), np.int64)
    rank[sorted(range(len(names)), key=names.__getitem__)] = np.arange(len(names))
    replay.run(columns, np.arange(len(order), dtype=np.int64), state, rank)
    return state.as_dicts(names)


def order_columns(games: TablesInOrder, chosen: Ints) -> tuple[Columns, dict[str, int]]:
    """The columns of the games `chosen` (their indexes, in the order they are replayed), each
    with its class and its title's participant (`game_participant`), as
    `game_columns` gives them, and the numbers of the names: the reading's, then the
    participants'."""
    ids = dict(zip(games.names, range(len(games.names)), strict=True))
    templates = games.templates
    participant = [ids.setdefault(game_participant(t.game), len(ids)) for t in templates]
    number = {game_class: n for n, game_class in enumerate(CLASSES)}
    game_class = [number[t.game_class] for t in templates]
    picked = np.array(games.tables, np.int64)[chosen]
    seat_start, players, places, flags = _seats(games, chosen)
    return Columns(
        seat_start, players, places, flags,
        np.array(game_class, np.int64)[picked], np.array(participant, np.int64)[picked],
    ), ids  # fmt: skip


def _seats(games: TablesInOrder, chosen: Ints | None) -> tuple[Ints, Ints, Ints, Ints]:
    """Each game's first seat, and each seat's player, place and flags, of the games `chosen`
    (`chosen_seats`): each table's seats' places and flags worked out once."""
    seats = [
        (s.player, s.place, s.winner, s.status, s.account) for t in games.templates for s in t.seats
    ]
    places = np.array([seat[1] or 0 for seat in seats], np.int64)
    flags = np.array(codes.table_flags(seats), np.int64)
    found = chosen_seats(games, chosen)
    of = found.template_seat
    return found.seat_start, found.player, places[of], flags[of]
