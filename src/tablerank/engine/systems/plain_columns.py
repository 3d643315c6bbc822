"""Plain games in play order (`PlainOrder`) replayed by the compiled loops (`array_replay`).

The games become `array_replay`'s integer columns at once: each table's seats' places and
flags are worked out once and gathered game by game, the players are the reading's numbers.
numpy and numba load with this module, which `in_order` imports only where a replay is worth
them (`loading.worth_compiling`), as the league's import of plain games does (`order_columns`:
some of the games, in play order).
"""

from __future__ import annotations

from collections.abc import Mapping

import numpy as np

from tablerank.engine.plain import PlainOrder
from tablerank.engine.systems import array_replay as arrays
from tablerank.engine.systems import codes
from tablerank.engine.systems.memoised_replay import ShapePairs
from tablerank.engine.systems.plain_seats import chosen_seats
from tablerank.engine.systems.tables import Replayed, game_participant

__all__ = ["compiled_replay", "order_columns"]


def compiled_replay(
    system: Replayed,
    games: PlainOrder,
    pairs: list[ShapePairs | None],
    start: Mapping[str, float] | None,
) -> tuple[dict[str, float], dict[str, int]] | None:
    """Ratings and games after the games, replayed in play order by the compiled loops; `pairs`
    holds each table's pairs (none or None: no change). None where the loops cannot replay
    them exactly (not loaded, or a rating that is not a whole number)."""
    replay = arrays.array_replay(system)
    if replay is None or not arrays.available():
        return None
    changing = np.array([bool(found and found.pairs) for found in pairs] or [False])
    order = np.argsort(np.array(games.days, np.int64), kind="stable")
    order = order[changing[np.array(games.tables, np.int64)[order]]]
    columns, ids = order_columns(games, order)
    sheet = dict(start or {})
    initial = replay.initial_rating()
    state = arrays.ArrayState.of(sheet, dict.fromkeys(sheet, 0), ids, len(ids), initial)
    if not arrays.whole(state):
        return None
    names = list(ids)
    rank = np.empty(len(names), np.int64)
    rank[sorted(range(len(names)), key=names.__getitem__)] = np.arange(len(names))
    replay.run(columns, np.arange(len(order), dtype=np.int64), state, rank)
    return state.as_dicts(names)


def order_columns(games: PlainOrder, chosen: arrays.Ints) -> tuple[arrays.Columns, dict[str, int]]:
    """The columns of the games `chosen` (their indexes, in the order they are replayed), each
    with its class and its title's participant (`game_participant`), as
    `game_columns` gives them, and the numbers of the names: the reading's, then the
    participants'."""
    ids = dict(zip(games.names, range(len(games.names)), strict=True))
    templates = games.templates
    participant = [ids.setdefault(game_participant(t.game), len(ids)) for t in templates]
    number = {game_class: n for n, game_class in enumerate(arrays.CLASSES)}
    game_class = [number[t.game_class] for t in templates]
    picked = np.array(games.tables, np.int64)[chosen]
    seat_start, players, places, flags = _seats(games, chosen)
    return arrays.Columns(
        seat_start, players, places, flags,
        np.array(game_class, np.int64)[picked], np.array(participant, np.int64)[picked],
    ), ids  # fmt: skip


def _seats(
    games: PlainOrder, chosen: arrays.Ints | None
) -> tuple[arrays.Ints, arrays.Ints, arrays.Ints, arrays.Ints]:
    """Each game's first seat, and each seat's player, place and flags, of the games `chosen`
    (`plain_seats.chosen_seats`): each table's seats' places and flags worked out once."""
    seats = [
        (s.player, s.place, s.winner, s.status, s.account) for t in games.templates for s in t.seats
    ]
    places = np.array([seat[1] or 0 for seat in seats], np.int64)
    flags = np.array(codes.table_flags(seats), np.int64)
    found = chosen_seats(games, chosen)
    of = found.template_seat
    return found.seat_start, found.player, places[of], flags[of]
