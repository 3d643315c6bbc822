"""Why numbers moved: what a confirmed game did in each kept system, and what recording a game
would do now. The engine explains, from the ratings just before the game (the rating-change
log)."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping

from django.db.models import QuerySet

from tablerank.engine.records import Game
from tablerank.engine.systems import get_system
from tablerank.engine.systems.base import Explanation, ReplaySystem
from tablerank.errors import RatingError
from tablerank.league.models import GameRecord, League, Player, RatingChange, RecordStatus
from tablerank.league.ratings import ListState
from tablerank.league.reading import game_system

RatingsBefore = dict[tuple[int, str, str], dict[str, float]]
"""Ratings before each game, by (game pk, system, list key): the log's `before` of every name
that had been rated in that list before (`games > 1`)."""


def ratings_before(changes: QuerySet[RatingChange]) -> RatingsBefore:
    out: RatingsBefore = {}
    rows = changes.filter(games__gt=1).values_list(
        "game_id", "system", "list_key", "player", "before"
    )
    for game, system, key, player, before in rows:
        out.setdefault((game, system, key), {})[player] = before
    return out


def explain_game(
    system: ReplaySystem[Game], game: Game, before: Mapping[str, float]
) -> Explanation:
    """The engine's explanation of `game` given the ratings just before it (as in a replay)."""
    return system.explain([game], game.id, start=before)


def game_explanations(record: GameRecord) -> dict[str, Explanation]:
    """What a confirmed game did in each kept system that rates it, explained by the engine from
    the ratings just before it (the log). Empty for a game that is not confirmed; systems that
    do not rate the game (or rate no single game: pages.combined, turnabout) are left out."""
    if record.status != RecordStatus.CONFIRMED:
        return {}
    league = record.league
    game = record.to_record()
    before = ratings_before(RatingChange.objects.filter(league=league, game=record))
    out: dict[str, Explanation] = {}
    for name in league.systems:
        system = game_system(get_system(name))
        if system is None or system.refusal(game) is not None:
            continue
        key = (record.pk, name, system.list_key(game))
        out[name] = explain_game(system, game, before.get(key, {}))
    return out


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
        state = ListState(league, name, system.list_key(game))
        state.load(set(names))
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
