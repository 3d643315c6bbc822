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
from collections.abc import Callable, Mapping
from typing import Protocol

from tablerank.engine.records import Account, GameClass, SeatStatus, stored_game
from tablerank.engine.systems import area
from tablerank.engine.systems.area import Area
from tablerank.engine.systems.base import ReplaySystem
from tablerank.engine.systems.cow import elo
from tablerank.engine.systems.cow.elo import Elo
from tablerank.engine.values import Game

__all__ = [
    "FastReplay",
    "Table",
    "TableSeat",
    "fast_replay",
    "game_changes",
    "pair_changes",
    "table_of",
]

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


def game_changes(
    system: ReplaySystem[Game],
) -> Callable[[Game, Mapping[str, float]], dict[str, float]] | None:
    """The fast replay's `changes` for games, where `system` has one (`fast_replay`): a whole
    history replayed through it looks each pair's number up instead of working it out."""
    fast = fast_replay(system)
    if fast is None:
        return None
    if isinstance(fast, _EloReplay):
        return fast.game_changes
    changes = fast.changes

    def game_changes(game: Game, ratings: Mapping[str, float]) -> dict[str, float]:
        return changes(table_of(game), ratings)

    return game_changes


def pair_changes(system: Elo) -> Callable[[list[tuple[str, int, float]]], dict[str, float]]:
    """cow.elo's `changes` of a game's rated seats (player, place, rating), memoised."""
    return _EloReplay(system).paired


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
        return self.paired(eligible)

    def game_changes(self, game: Game, ratings: Mapping[str, float]) -> dict[str, float]:
        """`changes` of a game's own seats (`elo.rated_place` inlined)."""
        start, get = self._start, ratings.get
        finished, premium = SeatStatus.FINISHED, Account.PREMIUM
        eligible = [
            (seat.player, seat.place, get(seat.player, start))
            for seat in game.seats
            if seat.status is finished and seat.account is premium and seat.place is not None
        ]
        return self.paired(eligible)

    def paired(self, eligible: list[tuple[str, int, float]]) -> dict[str, float]:
        """The changes of the rated seats (player, place, rating), pair by pair."""
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


_Shape = tuple[GameClass, str, tuple[tuple[int, bool], ...]]
"""What A.R.E.A.'s pairings depend on: class, title (SOL only), each rated seat's place and
declared win; never the names."""

_Pairings = tuple[tuple[tuple[int, int, bool], ...], int]
"""Pairings by index into the rated seats (the SOL title's participant after them), divisor."""


class _AreaReplay(_Keys):
    def __init__(self, system: Area) -> None:
        super().__init__(system)
        self._area = system
        self._start = system.start
        self._memo: dict[int, tuple[dict[float, int], dict[float, int]]] = {}
        """Per divisor: decisive pairs' and draws' transfers by rating difference."""
        self._shapes: dict[_Shape, _Pairings] = {}

    def _transfer(self, draw: bool, divisor: int, difference: float) -> int:
        """`transfer` from a player whose opponent is rated `difference` higher."""
        moved = self._area.transfer(("a", "b", draw), {"a": 0, "b": difference}, divisor)
        self._memo[divisor][draw][difference] = moved
        return moved

    def _pairings(self, shape: _Shape) -> _Pairings:
        """The engine's `pairings` for stand-in names, by index (it never reads the names)."""
        game_class, title, seats = shape
        stand_ins = [(f"\0{i}", place, winner) for i, (place, winner) in enumerate(seats)]
        pairs, divisor = self._area.pairings(stand_ins, game_class, title)
        index = {name: i for i, (name, _, _) in enumerate(stand_ins)}
        index[area.game_participant(title)] = len(stand_ins)
        found = tuple((index[a], index[b], draw) for a, b, draw in pairs), divisor
        self._shapes[shape] = found
        return found

    def changes(self, table: Table, ratings: Mapping[str, float]) -> dict[str, float]:
        title, _, game_class, seats = table
        rated_place = area.rated_place
        rated = [
            (player, (place, winner))
            for player, seat_place, winner, status, _ in seats
            if (place := rated_place(seat_place, status)) is not None
        ]
        sol = game_class is GameClass.SOL
        shape = (game_class, title if sol else "", tuple([seat for _, seat in rated]))
        pairs, divisor = self._shapes.get(shape) or self._pairings(shape)
        if not pairs:
            return {}
        names = [player for player, _ in rated]
        if sol:
            participant = area.game_participant(title)
            if participant in names:  # a player holds the title's name: pair by names
                pairings = self._area.pairings([(p, *seat) for p, seat in rated], game_class, title)
                return self._moved(pairings[0], pairings[1], ratings)
            names.append(participant)
        return self._moved([(names[i], names[j], draw) for i, j, draw in pairs], divisor, ratings)

    def _moved(
        self, pairs: list[tuple[str, str, bool]], divisor: int, ratings: Mapping[str, float]
    ) -> dict[str, float]:
        out: dict[str, float] = {}
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
