"""Standings of games grouped by table, in play order (`TablesInOrder`), for the pairwise
systems, whose order matters (`pairwise`: cow.elo, A.R.E.A.).

A pairwise system's change from a game depends on the ratings before it, so the games are
replayed in play order (by day, stably: `chronological`). What else a game's change depends on
is its table's: whether the system rates it at all (`refusal`, `list_key`) and the pairs it
rates (`memoised_replay.ShapePairs`). So those are worked out once per table, and each game is
its players' numbers. The replay goes through the compiled loop (`compiled.replay`) where it
is worth loading (`loading.worth_compiling`), else through the memoised replay; both add up
the system's own pairs' amounts. Where the answer could differ in any way (two lists, a player
named as a title's participant, a rating that is not a whole number for the compiled loops, an
arithmetic error) there is no answer here: the caller rates the games the usual way. A
property test holds this module to `System.rate`.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from itertools import accumulate

from tablerank.engine.loading import worth_compiling
from tablerank.engine.systems.base import NotRated, RatingTable, ReplaySystem, System
from tablerank.engine.systems.memoised_replay import MemoisedReplay, ShapePairs, game_shape
from tablerank.engine.table_groups import TablesInOrder
from tablerank.engine.values import Game

__all__ = ["play_order_standings", "rates_in_play_order"]

_Pairs = ShapePairs | None
"""A table's pairs, or None where the system does not rate it."""


def rates_in_play_order(system: System) -> bool:
    """Whether `play_order_standings` can rate games with `system`."""
    return _replay(system) is not None


def _replay(system: System) -> MemoisedReplay | None:
    replay = system.table_replay() if isinstance(system, ReplaySystem) else None
    return replay if isinstance(replay, MemoisedReplay) else None


def play_order_standings(
    system: System, games: TablesInOrder, start: Mapping[str, float] | None = None
) -> RatingTable | None:
    """`system.rate` of the games, or None where only `system.rate` can say."""
    replay = _replay(system)
    if replay is None:
        return None
    assert isinstance(system, ReplaySystem)
    templates = games.templates
    refused = [system.refusal(t) for t in templates]
    if len({system.list_key(t) for t, r in zip(templates, refused, strict=True) if not r}) > 1:
        return None
    if not {replay.participant(t.game) for t in templates}.isdisjoint(games.names):
        return None
    pairs = [
        None if r else replay.shape_pairs(game_shape(t, replay.participant(t.game)))
        for t, r in zip(templates, refused, strict=True)
    ]
    order = sorted(range(len(games.tables)), key=games.days.__getitem__)
    try:
        replayed = None
        if worth_compiling(len(order)):
            from tablerank.engine.systems.compiled.order_columns import replay_in_order

            replayed = replay_in_order(system, games, pairs, start)
        if replayed is None:
            replayed = _replayed(replay, games, order, pairs, start)
    except ArithmeticError:
        return None
    ratings, counts = replayed
    skipped = _skipped(system, games, order, refused, pairs)
    return RatingTable(system.name, system.rank(ratings, counts), tuple(skipped))


def _seat_starts(games: TablesInOrder) -> list[int]:
    """Where each game's players start in `games.players`, and after the last, their end."""
    sizes = [len(t.seats) for t in games.templates]
    return [0, *accumulate(sizes[t] for t in games.tables)]


def _replayed(
    replay: MemoisedReplay, games: TablesInOrder, order: list[int], pairs: list[_Pairs],
    start: Mapping[str, float] | None,
) -> tuple[dict[str, float], Counter[str]]:  # fmt: skip
    """Ratings and games after the memoised replay of the games in `order`."""
    paired, initial = replay.paired, replay.rules.initial_rating()
    names, players, tables, starts = games.names, games.players, games.tables, _seat_starts(games)
    participants = [replay.participant(t.game) for t in games.templates]
    ratings: dict[str, float] = dict(start or {})
    rated_players: list[str] = []
    get, also_rated = ratings.get, rated_players.extend
    for g in order:
        found = pairs[tables[g]]
        if found is None or not found.pairs:
            continue
        seated = [names[p] for p in players[starts[g] : starts[g + 1]]]
        seated.append(participants[tables[g]])
        delta = paired(found, seated, ratings)
        for player, amount in delta.items():
            ratings[player] = get(player, initial) + amount
        also_rated(delta)
    played = Counter(rated_players)
    for player in start or {}:
        played.setdefault(player, 0)
    return ratings, played


def _skipped(
    system: ReplaySystem[Game], games: TablesInOrder, order: list[int], refused: list[str | None],
    pairs: list[_Pairs],
) -> list[NotRated]:  # fmt: skip
    """`totals`'s `not_rated`: the games the system refuses, in play order, then each seat it
    does not rate, game by game in play order."""
    tables, ids = games.tables, games.ids
    out = [NotRated(ids[g], None, reason) for g in order if (reason := refused[tables[g]])]
    why = [
        [] if found is None else [
            (i, system.why_not_rated(template, template.seats[i].player)) for i in found.unrated
        ]
        for template, found in zip(games.templates, pairs, strict=True)
    ]  # fmt: skip
    if not any(why):
        return out
    names, players, starts = games.names, games.players, _seat_starts(games)
    for g in order:
        first = starts[g]
        out += [NotRated(ids[g], names[players[first + i]], reason) for i, reason in why[tables[g]]]
    return out
