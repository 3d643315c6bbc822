"""Why numbers moved: what a confirmed game did in each kept system, and what recording a game
would do now. The engine explains, from the ratings just before the game, which are computed on
demand: for a sum, the exact total of each player's earlier amounts; for an order-dependent
list, a replay from the nearest checkpoint before the game."""

from __future__ import annotations

import contextlib
import dataclasses
from collections.abc import Mapping, Sequence

from tablerank.engine.records import Game
from tablerank.engine.sums import add, total
from tablerank.engine.systems import get_system
from tablerank.engine.systems.base import Explanation, ReplaySystem
from tablerank.errors import RatingError
from tablerank.league.models import GameRecord, League, Player, RecordStatus
from tablerank.league.ratings.before_game import lists_before
from tablerank.league.store.played import Point, played_games
from tablerank.league.store.reading import game_system
from tablerank.league.store.state_rows import ListState

__all__ = [
    "explain_game",
    "game_explanations",
    "preview",
    "ratings_before",
    "wanted_names",
]


def wanted_names(system: ReplaySystem[Game], game: Game, ratings: Mapping[str, float]) -> set[str]:
    """The names whose rating before `game` its explanation shows: its seats, and anyone else
    the system rates for it (area's game title)."""
    names = {seat.player for seat in game.seats}
    if system.rates_non_seats:
        with contextlib.suppress(RatingError):
            names |= set(system.changes(game, ratings))
    return names


def _sums_before(
    system: ReplaySystem[Game], game: Game, earlier: Sequence[Game]
) -> dict[str, float]:
    """A sum's ratings of the game's players from their `earlier` games (every list's)."""
    key = system.list_key(game)
    names = {seat.player for seat in game.seats}
    partials: dict[str, list[float]] = {}
    for played in earlier:
        if system.refusal(played) is not None or system.list_key(played) != key:
            continue
        try:
            delta = system.changes(played, {})
        except RatingError:
            continue
        for player in names & delta.keys():
            add(partials.setdefault(player, []), delta[player])
    return {player: total(terms) for player, terms in partials.items()}


def ratings_before(
    league: League, name: str, system: ReplaySystem[Game], game: Game, at: Point
) -> dict[str, float]:
    """The ratings, in `game`'s list, of the names it rates, just before it (`at` is its
    place in play order); names not rated before are left out."""
    return _befores(league, {name: system}, game, at)[name]


def _befores(
    league: League, systems: Mapping[str, ReplaySystem[Game]], game: Game, at: Point
) -> dict[str, dict[str, float]]:
    """`ratings_before` of each system, each kind of history read once: the earlier games of
    the table's players for the sums, the games since the checkpoints before the game for the
    order-dependent lists (`before_game`)."""
    out: dict[str, dict[str, float]] = {}
    sums = {name: system for name, system in systems.items() if system.order_independent}
    if sums:
        players = {seat.player for seat in game.seats}
        earlier = [played for _, _, played in played_games(league.pk, before=at, players=players)]
        for name, system in sums.items():
            out[name] = _sums_before(system, game, earlier)
    lists = [
        (name, system, system.list_key(game))
        for name, system in systems.items()
        if not system.order_independent
    ]
    for (name, system, _), everyone in zip(lists, lists_before(league, lists, at), strict=True):
        wanted = wanted_names(system, game, everyone)
        out[name] = {n: everyone[n] for n in wanted if n in everyone}
    return out


def explain_game(
    system: ReplaySystem[Game], game: Game, before: Mapping[str, float]
) -> Explanation:
    """The engine's explanation of `game` given the ratings just before it (as in a replay)."""
    return system.explain([game], game.id, start=before)


def game_explanations(record: GameRecord) -> dict[str, Explanation]:
    """What a confirmed game did in each kept system that rates it, explained by the engine from
    the ratings just before it. Empty for a game that is not confirmed; systems that do not
    rate the game (or rate no single game: pages.combined, turnabout) are left out."""
    if record.status != RecordStatus.CONFIRMED:
        return {}
    league = record.league
    game = record.to_record()
    at = (record.date, record.sequence)
    systems: dict[str, ReplaySystem[Game]] = {}
    for name in league.systems:
        system = game_system(get_system(name))
        if system is not None and system.refusal(game) is None:
            systems[name] = system
    before = _befores(league, systems, game, at)
    return {name: explain_game(system, game, before[name]) for name, system in systems.items()}


def preview(league: League, game: Game) -> dict[str, dict[str, float]]:
    """What each kept system would change for this game, not yet recorded, given the current
    stored ratings: {system: {player: change}}, names as the league spells them.

    Systems that do not rate the game are left out: those that refuse it (another title, a
    class they do not rate) and those that cannot rate it as given (`RatingError`, such as a
    VP-based system without VP), as are pages.combined and turnabout, which rate no single
    game. Not a promise: results confirmed before this one may move the numbers first."""
    game = _spelled(league, game)
    names = [seat.player for seat in game.seats]
    out: dict[str, dict[str, float]] = {}
    for name in league.systems:
        system = game_system(get_system(name))
        if system is None or system.refusal(game) is not None:
            continue
        state = ListState.of(league, name, system.list_key(game))
        state.load(names)
        try:
            out[name] = system.changes(game, state)
        except RatingError:
            continue
    return out


def _spelled(league: League, game: Game) -> Game:
    """The game with its players named as the league spells them (the state's names)."""
    keys = [seat.player.casefold() for seat in game.seats]
    known = dict(Player.objects.filter(league=league, key__in=keys).values_list("key", "name"))
    seats = tuple(
        dataclasses.replace(seat, player=known.get(seat.player.casefold(), seat.player))
        for seat in game.seats
    )
    return dataclasses.replace(game, seats=seats)
