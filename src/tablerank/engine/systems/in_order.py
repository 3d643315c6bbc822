"""Standings of plain games in play order (`PlainOrder`) for cow.elo, whose order matters.

cow.elo's change from a game depends on the ratings before it, so the games are replayed in
play order (by day, stably: `chronological`). What else a game's change depends on is its
table's: whether the system rates it at all (`refusal`, `list_key`), which seats are rated and
their places. So those are worked out once per table, and each game is its players' numbers.
The replay goes through the compiled loops (`array_replay`) where they are worth loading
(`loading.worth_compiling`), else through the memoised replay (`fast_replay`); both look
every pair's number up in tables filled by the engine's own `pair_change`. Where the answer
could differ in any way (two lists, a rating that is not a whole number for the compiled
loops, an arithmetic error) there is no answer here: the caller rates the games the usual way.
A property test holds this module to `System.rate`.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from itertools import accumulate

from tablerank.engine.loading import worth_compiling
from tablerank.engine.plain import PlainOrder
from tablerank.engine.systems.base import NotRated, RatingTable, System
from tablerank.engine.systems.cow.elo import Elo, rated_place
from tablerank.engine.systems.fast_replay import pair_changes
from tablerank.engine.values import Seat

__all__ = ["order_table", "rates_in_order"]

_Rated = list[tuple[int, int]] | None
"""A table's rated seats (index, place), or None where the system does not rate it."""


def rates_in_order(system: System) -> bool:
    """Whether `order_table` can rate plain games with `system`."""
    return type(system) is Elo


def order_table(
    system: System, games: PlainOrder, start: Mapping[str, float] | None = None
) -> RatingTable | None:
    """`system.rate` of the games, or None where only `system.rate` can say."""
    if type(system) is not Elo:
        return None
    templates = games.templates
    refused = [system.refusal(t) for t in templates]
    if len({system.list_key(t) for t, r in zip(templates, refused, strict=True) if not r}) > 1:
        return None
    rated = [None if r else _rated_seats(t.seats) for t, r in zip(templates, refused, strict=True)]
    order = sorted(range(len(games.tables)), key=games.days.__getitem__)
    try:
        replayed = None
        if worth_compiling(len(order)):
            from tablerank.engine.systems.plain_columns import compiled_replay

            replayed = compiled_replay(system, games, rated, start)
        if replayed is None:
            replayed = _replayed(system, games, order, rated, start)
    except ArithmeticError:
        return None
    ratings, counts = replayed
    skipped = _skipped(system, games, order, refused, rated)
    return RatingTable(system.name, system.rank(ratings, counts), tuple(skipped))


def _rated_seats(seats: tuple[Seat, ...]) -> list[tuple[int, int]]:
    """The seats cow.elo rates (`rated_place`), none where fewer than two are."""
    found = [(i, place) for i, s in enumerate(seats)
             if (place := rated_place(s.place, s.status, s.account)) is not None]  # fmt: skip
    return found if len(found) >= 2 else []


def _seat_starts(games: PlainOrder) -> list[int]:
    """Where each game's players start in `games.players`, and after the last, their end."""
    sizes = [len(t.seats) for t in games.templates]
    return [0, *accumulate(sizes[t] for t in games.tables)]


def _replayed(
    system: Elo, games: PlainOrder, order: list[int], rated: list[_Rated],
    start: Mapping[str, float] | None,
) -> tuple[dict[str, float], Counter[str]]:  # fmt: skip
    """Ratings and games after the memoised replay (`fast_replay`) of the games in `order`."""
    paired, initial = pair_changes(system), system.initial_rating()
    names, players, tables, starts = games.names, games.players, games.tables, _seat_starts(games)
    ratings: dict[str, float] = dict(start or {})
    rated_players: list[str] = []
    get, also_rated = ratings.get, rated_players.extend
    for g in order:
        seats = rated[tables[g]]
        if not seats:
            continue
        first = starts[g]
        eligible = [(name := names[players[first + i]], place, get(name, initial))
                    for i, place in seats]  # fmt: skip
        delta = paired(eligible)
        for player, amount in delta.items():
            ratings[player] = get(player, initial) + amount
        also_rated(delta)
    played = Counter(rated_players)
    for player in start or {}:
        played.setdefault(player, 0)
    return ratings, played


def _skipped(
    system: Elo, games: PlainOrder, order: list[int], refused: list[str | None],
    rated: list[_Rated],
) -> list[NotRated]:  # fmt: skip
    """`totals`'s `not_rated`: the games the system refuses, in play order, then each seat it
    does not rate, game by game in play order."""
    tables, ids = games.tables, games.ids
    out = [NotRated(ids[g], None, reason) for g in order if (reason := refused[tables[g]])]
    why: list[list[tuple[int, str]]] = []
    for template, seats in zip(games.templates, rated, strict=True):
        kept = {i for i, _ in seats or ()}
        why.append([] if seats is None else [
            (i, system.why_not_rated(template, s.player))
            for i, s in enumerate(template.seats) if i not in kept])  # fmt: skip
    if not any(why):
        return out
    names, players, starts = games.names, games.players, _seat_starts(games)
    for g in order:
        first = starts[g]
        out += [NotRated(ids[g], names[players[first + i]], reason) for i, reason in why[tables[g]]]
    return out
