"""cow.elo and A.R.E.A. `changes` over compact tables, memoised, bit for bit the engine's.

A league replays long stretches of history through the two order-dependent systems. Their
arithmetic depends on the ratings only through one pair's rating difference: cow.elo's pair
change is a function of (result, rating difference), A.R.E.A.'s transfer of (draw?, divisor,
rating difference). So each value is worked out once, by the engine's own method called with
the ratings (0, difference), and looked up by the exact float difference afterwards: exact by
construction (`x - 0 == x`, `0 - x == -x`, and `0 < x` exactly when `a < b` for `x = b - a`).

Tables are plain tuples read straight from storage (no `Game` values). Only the exact classes
`Elo` and `Area` have a fast replay (`fast_replay`); any other system replays through the
engine. The engine stays the reference: a property test holds this module to it.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping
from typing import Protocol

from tablerank.engine.records import Account, GameClass, SeatStatus, stored_game
from tablerank.engine.systems import area
from tablerank.engine.systems.area import Area
from tablerank.engine.systems.base import ReplaySystem
from tablerank.engine.systems.cow import elo
from tablerank.engine.systems.cow.elo import Elo
from tablerank.engine.values import Game

__all__ = ["FastReplay", "Table", "TableSeat", "fast_replay", "table_of"]

TableSeat = tuple[str, int | None, bool, SeatStatus, Account]
"""One seat as the replay needs it: player, place, declared winner, status, account."""

Table = tuple[str, str, GameClass, tuple[TableSeat, ...]]
"""One game as the replay needs it: title, group, class, and its seats in seat order."""

_PROBE_DATE = dt.date(2000, 1, 1)


def table_of(game: Game) -> Table:
    """The table of a game (what a league reads from its rows directly)."""
    seats = tuple((s.player, s.place, s.winner, s.status, s.account) for s in game.seats)
    return game.game, game.group, game.game_class, seats


class FastReplay(Protocol):
    """A system's `list_key`/`refusal` and `changes`, over tables."""

    def list_key(self, title: str, group: str) -> str | None:
        """The list a game of this title and group counts in, or None when refused."""

    def changes(self, table: Table, ratings: Mapping[str, float]) -> dict[str, float]:
        """What the system's `changes` returns for the game `table` describes."""


def fast_replay(system: ReplaySystem[Game]) -> FastReplay | None:
    """The fast replay of `system`, or None where only the engine replays it."""
    if type(system) is Elo:
        return _EloReplay(system)
    if type(system) is Area:
        return _AreaReplay(system)
    return None


class _Keys:
    """`list_key` and `refusal` of a system whose answers depend on title and group only
    (cow.elo, area), asked of the system itself once per title and group."""

    def __init__(self, system: ReplaySystem[Game]) -> None:
        self._system = system
        self._keys: dict[tuple[str, str], str | None] = {}

    def list_key(self, title: str, group: str) -> str | None:
        try:
            return self._keys[title, group]
        except KeyError:
            probe = stored_game(
                id="probe", date=_PROBE_DATE, seats=(), game=title, variant=None, target=None,
                group=group,
            )  # fmt: skip
            system = self._system
            key = system.list_key(probe) if system.refusal(probe) is None else None
            self._keys[title, group] = key
            return key


_PLACES = ((1, 2), (2, 1), (1, 1))
"""Places giving each result (won, lost, drew), from the first player's view."""


class _EloReplay(_Keys):
    def __init__(self, system: Elo) -> None:
        super().__init__(system)
        self._elo = system
        self._start = system.start
        self._memo: tuple[dict[float, int], ...] = ({}, {}, {})

    def _pair(self, memo: dict[float, int], difference: float) -> int:
        """`pair_change` for a first player whose opponent is rated `difference` higher, with
        the result `memo` holds (won, lost, drew), entered in it."""
        result = next(i for i, table in enumerate(self._memo) if table is memo)
        own, other = _PLACES[result]
        change = self._elo.pair_change(("a", own, 0), ("b", other, difference))
        memo[difference] = change
        return change

    def changes(self, table: Table, ratings: Mapping[str, float]) -> dict[str, float]:
        start, rated = self._start, elo.rated_place
        eligible = [
            (player, place, ratings.get(player, start))
            for player, seat_place, _, status, account in table[3]
            if (place := rated(seat_place, status, account)) is not None
        ]
        if len(eligible) < 2:
            return {}
        out: dict[str, float] = {p: 0 for p, _, _ in eligible}
        won, lost, drew = self._memo
        pair = self._pair
        for i, (a, place_a, rating_a) in enumerate(eligible):
            for b, place_b, rating_b in eligible[i + 1 :]:
                # Worked out from the view of the name that sorts first, as `pair_change` does.
                if b < a:
                    first, second, difference = b, a, rating_a - rating_b
                    memo = won if place_b < place_a else lost if place_b > place_a else drew
                else:
                    first, second, difference = a, b, rating_b - rating_a
                    memo = won if place_a < place_b else lost if place_a > place_b else drew
                change = memo.get(difference)
                if change is None:
                    change = pair(memo, difference)
                out[first] += change
                out[second] -= change
        return out


class _AreaReplay(_Keys):
    def __init__(self, system: Area) -> None:
        super().__init__(system)
        self._area = system
        self._start = system.start
        self._memo: dict[int, tuple[dict[float, int], dict[float, int]]] = {}
        """Per divisor: decisive pairs' and draws' transfers by rating difference."""

    def _transfer(self, draw: bool, divisor: int, difference: float) -> int:
        """`transfer` from a player whose opponent is rated `difference` higher."""
        moved = self._area.transfer(("a", "b", draw), {"a": 0, "b": difference}, divisor)
        self._memo[divisor][draw][difference] = moved
        return moved

    def changes(self, table: Table, ratings: Mapping[str, float]) -> dict[str, float]:
        title, _, game_class, seats = table
        rated = [
            (player, place, winner)
            for player, seat_place, winner, status, _ in seats
            if (place := area.rated_place(seat_place, status)) is not None
        ]
        pairs, divisor = self._area.pairings(rated, game_class, title)
        out: dict[str, float] = {}
        if not pairs:
            return out
        memo = self._memo.get(divisor) or self._memo.setdefault(divisor, ({}, {}))
        start, transfer = self._start, self._transfer
        for a, b, draw in pairs:
            difference = ratings.get(b, start) - ratings.get(a, start)
            moved = memo[draw].get(difference)
            if moved is None:
                moved = transfer(draw, divisor, difference)
            out[a] = out.get(a, 0) + moved
            out[b] = out.get(b, 0) - moved
        return out
