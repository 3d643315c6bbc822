"""The amounts of many games at once, for the order-independent systems
(`ReplaySystem.order_independent`), whose ratings are exact sums of per-game amounts.

A league adds a whole import's games to its sum lists. Game by game, each system's `changes`
builds a dict; here the placed seats of all the games are a few numpy columns (`PlacedSeats`,
built once for every system), a system computes every seat's amount in a few array operations
(`ReplaySystem.seat_amounts`), and `batch_sums` totals them per player.

Exactly as the engine:

* Every amount is the very float `changes` returns: the same operations in the same order,
  each rounded by IEEE arithmetic as Python rounds it.
* The totals are exact. Amounts that are multiples of 2**-10 (whole points, a shared place's
  halves and quarters) add exactly as floats while the sum of their sizes stays under 2**42, so
  `np.bincount` totals them; any other amount (a share, a third) is handed on as a term of its
  own for `engine.sums` to add exactly.
* A game the columns do not cover (`SeatAmounts.rated` and `.refused` both false) goes through
  `changes`; a game the system refuses (`RatingError`) is left out, as in a replay.

numpy is imported by this module only, which the command line never imports.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from itertools import chain
from operator import attrgetter
from typing import Protocol

import numpy as np
import numpy.typing as npt

from tablerank.engine.systems.compiled.chosen_seats import chosen_seats
from tablerank.engine.table_groups import TablesInOrder
from tablerank.engine.values import Game
from tablerank.errors import RatingError

__all__ = [
    "Bools",
    "Floats",
    "Ints",
    "PlacedSeats",
    "PlayerSums",
    "SeatAmounts",
    "batch_sums",
    "placed_seats",
    "position_amounts",
    "table_sums",
    "vp_amounts",
]

Ints = npt.NDArray[np.int64]
Floats = npt.NDArray[np.float64]
Bools = npt.NDArray[np.bool_]

DYADIC = 2.0**10
"""Amounts that are multiples of 1 / DYADIC are totalled as floats..."""
EXACT_BELOW = 2.0**42
"""...while the sum of their sizes, as numpy rounds it, stays below this: every partial sum
is then a multiple of 2**-10 under 2**43, which a float (53 bits) holds exactly."""


@dataclass(frozen=True)
class PlacedSeats:
    """The placed seats (`Game.placed`) of many games as columns, in game and seat order."""

    games: Sequence[Game]
    names: list[str]
    """The players by number."""
    player: Ints
    """Per seat: its player's number."""
    game: Ints
    """Per seat: its game's index in `games`."""
    place: Ints
    vp: Floats
    """Per seat: its VP, NaN where it has none."""
    size: Ints
    """Per game: how many seats hold a place."""


def placed_seats(games: Sequence[Game]) -> PlacedSeats:
    """The placed seats of `games` as columns."""
    players = list(map(_PLAYERS, games))
    size = np.fromiter(map(len, players), np.int64, len(games))
    count = int(size.sum())
    flat = list(chain.from_iterable(players))
    numbers = {name: n for n, name in enumerate(dict.fromkeys(flat))}
    player = np.fromiter(map(numbers.__getitem__, flat), np.int64, count)
    place = np.fromiter(chain.from_iterable(map(_PLACES, games)), np.int64, count)
    vps = list(chain.from_iterable(map(_VPS, games)))
    try:
        vp = np.array(vps, dtype=np.float64)
    except TypeError:  # a seat without VP
        vp = np.array([np.nan if v is None else v for v in vps], dtype=np.float64)
    game = np.repeat(np.arange(len(games), dtype=np.int64), size)
    return PlacedSeats(games, list(numbers), player, game, place, vp, size)


_PLAYERS = attrgetter("placed_players")
_PLACES = attrgetter("placed_places")
_VPS = attrgetter("placed_vps")


@dataclass(frozen=True)
class SeatAmounts:
    """A system's amount for every placed seat, and which games they hold for."""

    amount: Floats
    """Per seat: its amount, where its game is `rated`."""
    rated: Bools
    """Per game: `amount` holds its seats' amounts."""
    refused: Bools
    """Per game: `changes` raises `RatingError` (no VP...): the game is left out."""


def position_amounts(
    seats: PlacedSeats, table: Callable[[Game, int], Sequence[float]]
) -> SeatAmounts:
    """The awards of `positions.PositionSystem` ("ties share", seed notes: tied players share
    the awards of the positions they occupy, equally). `table` gives the awards of a table of
    a size, the same for every game of that size, or raises `RatingError`; places a table
    cannot award (none such in a checked game) are left to `changes`."""
    games = len(seats.games)
    rated, refused = np.zeros(games, np.bool_), np.zeros(games, np.bool_)
    amount = np.zeros(len(seats.place), np.float64)
    if not games:
        return SeatAmounts(amount, rated, refused)
    place, size = seats.place, seats.size[seats.game]
    base = int(max(seats.size.max(), place.max(initial=0), 0)) + 1
    key = seats.game * base + np.clip(place, 0, base - 1)
    tied = np.bincount(key, minlength=games * base)[key]
    for n in np.unique(seats.size).tolist():
        of_size = seats.size == n
        try:
            awards = table(seats.games[int(np.argmax(of_size))], n)
        except RatingError:
            refused |= of_size
            continue
        lookup, known = _awards(awards, n)
        mine = size == n
        valid = mine & (place >= 1) & (place <= n) & (tied <= n - place + 1)
        flat = np.where(valid, place * (n + 1) + tied, 0)
        amount = np.where(valid, lookup[flat], amount)
        covered = np.bincount(seats.game[mine & ~(valid & known[flat])], minlength=games) == 0
        rated |= of_size & covered
    return SeatAmounts(amount, rated, refused)


def _awards(table: Sequence[float], n: int) -> tuple[Floats, Bools]:
    """Each (place, tied) pair's award at a table of `n`, flat by place * (n + 1) + tied, as
    `positions.shared_awards` computes it, and whether the table holds it."""
    lookup = np.zeros((n + 1) * (n + 1), np.float64)
    known = np.zeros((n + 1) * (n + 1), np.bool_)
    if len(table) < n:
        return lookup, known
    for place in range(1, n + 1):
        for tied in range(1, n - place + 2):
            if tied == 1:
                award: float = table[place - 1]
            else:
                award = sum(table[place - 1 : place - 1 + tied]) / tied
            lookup[place * (n + 1) + tied] = award
            known[place * (n + 1) + tied] = True
    return lookup, known


def vp_amounts(
    seats: PlacedSeats, amounts: Callable[[Floats, Floats, Floats], Floats | None]
) -> SeatAmounts | None:
    """The amounts of `table_vp.VpSystem` from the table's VP: `amounts(vp, table VP, seats at
    the table)`, per seat, or None where the system has no column form. A game with a placed
    seat without VP is refused, as `table_vp` refuses it."""
    games = len(seats.games)
    missing = np.isnan(seats.vp)
    refused = np.bincount(seats.game, weights=missing, minlength=games) > 0
    vp = np.where(missing, 0.0, seats.vp)
    # In seat order, from 0, as `sum(vps)` adds them.
    table_vp = _sums(seats.game, vp, games)
    amount = amounts(vp, table_vp[seats.game], seats.size[seats.game].astype(np.float64))
    if amount is None:
        return None
    return SeatAmounts(amount, ~refused, refused)


def _sums(where: Ints, values: Floats, count: int) -> Floats:
    """The sum of `values` at each index `where` points to, adding in order from 0."""
    return np.bincount(where, weights=values, minlength=count).astype(np.float64, copy=False)


class Summed(Protocol):
    """An order-independent system as the sums read it (`ReplaySystem`)."""

    def seat_amounts(self, seats: PlacedSeats) -> SeatAmounts | None: ...

    def changes(self, record: Game, ratings: Mapping[str, float]) -> dict[str, float]: ...


@dataclass(frozen=True)
class PlayerSums:
    """Each player's total of many games' amounts, exactly: `exact` plus the `rest` terms."""

    names: list[str]
    exact: Floats
    """Per player: the exact total of their amounts that are multiples of 2**-10."""
    games: Ints
    """Per player: games entered minus games that left."""
    rest: dict[int, list[float]]
    """By player (index in `names`): their other amounts, each a term of the total."""

    def terms(self, index: int) -> list[float]:
        """Terms whose exact sum is the player's total."""
        return [float(self.exact[index]), *self.rest.get(index, ())]


def batch_sums(system: Summed, seats: PlacedSeats, signs: Sequence[int]) -> PlayerSums:
    """Each player's exact total of `system`'s amounts in `seats.games`, each game's amounts
    added (sign 1) or taken away (sign -1), and their net count of rated games: what adding
    `system.changes(game, {})` game by game gives. `system` is an order-independent
    `ReplaySystem`; games it refuses with `RatingError` are left out."""
    sign = np.asarray(signs, dtype=np.float64)
    found = system.seat_amounts(seats)
    if found is None:
        none = np.zeros(len(sign), np.bool_)
        found = SeatAmounts(np.zeros(len(seats.player)), none, none)
    in_rated = found.rated[seats.game]
    player = seats.player[in_rated]
    seat_sign = sign[seats.game][in_rated]
    amount = found.amount[in_rated] * seat_sign
    names = seats.names
    others = np.flatnonzero(~found.rated & ~found.refused).tolist()
    if others:
        names, more = _changes(system, seats, others, signs)
        player = np.concatenate([player, np.asarray(more[0], np.int64)])
        amount = np.concatenate([amount, np.asarray(more[1], np.float64)])
        seat_sign = np.concatenate([seat_sign, np.asarray(more[2], np.float64)])
    return _per_player(names, player, amount, seat_sign)


def table_sums(system: Summed, games: TablesInOrder, chosen: Ints) -> PlayerSums:
    """`batch_sums` of the games `chosen` of `games` (their indexes, in play order), each added,
    for a `by_table` system: `changes` runs once per table, on its first game, and every game
    of the table gives its seats those amounts (`engine.systems.by_table`). A table it refuses
    with `RatingError` is left out, as a seat it gives no amount."""
    amounts: list[float] = []
    rated: list[bool] = []
    for template in games.templates:
        try:
            delta = system.changes(template, {})
        except RatingError:
            delta = {}
        amounts += [delta.get(seat.player, 0.0) for seat in template.seats]
        rated += [seat.player in delta for seat in template.seats]
    seats = chosen_seats(games, chosen)
    counted = np.array(rated, np.bool_)[seats.template_seat]
    amount = np.array(amounts, np.float64)[seats.template_seat][counted]
    return _per_player(games.names, seats.player[counted], amount, np.ones(len(amount), np.float64))


def _changes(
    system: Summed, seats: PlacedSeats, games: list[int], signs: Sequence[int]
) -> tuple[list[str], tuple[list[int], list[float], list[int]]]:
    """The amounts of these games from `changes`, as (player, signed amount, sign) columns
    over the players of `seats` and any new ones."""
    names = list(seats.names)
    numbers = {name: n for n, name in enumerate(names)}
    players: list[int] = []
    amounts: list[float] = []
    counted: list[int] = []
    for index in games:
        try:
            delta = system.changes(seats.games[index], {})
        except RatingError:
            continue
        sign = signs[index]
        for name, amount in delta.items():
            number = numbers.get(name)
            if number is None:
                number = numbers[name] = len(names)
                names.append(name)
            players.append(number)
            amounts.append(amount if sign > 0 else -amount)
            counted.append(sign)
    return names, (players, amounts, counted)


def _per_player(names: list[str], player: Ints, amount: Floats, sign: Floats) -> PlayerSums:
    count = len(names)
    touched = np.bincount(player, minlength=count) > 0
    scaled = amount * DYADIC
    dyadic = np.isfinite(scaled) & (np.floor(scaled) == scaled)
    if float(np.abs(amount[dyadic]).sum()) >= EXACT_BELOW:
        dyadic[:] = False
    exact = _sums(player[dyadic], amount[dyadic], count)
    games = np.rint(np.bincount(player, weights=sign, minlength=count)).astype(np.int64)
    index = np.cumsum(touched) - 1
    rest: dict[int, list[float]] = {}
    if not dyadic.all():
        others = ~dyadic
        order = np.argsort(player[others], kind="stable")
        by = index[player[others][order]]
        values = amount[others][order].tolist()
        bounds = [0, *(np.flatnonzero(np.diff(by)) + 1).tolist(), len(values)]
        whose = by[bounds[:-1]].tolist()
        rest = {who: values[a:b] for who, a, b in zip(whose, bounds, bounds[1:], strict=False)}
    kept = np.flatnonzero(touched)
    return PlayerSums([names[n] for n in kept.tolist()], exact[kept], games[kept], rest)
