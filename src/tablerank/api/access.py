"""Finding what a request names, as the caller may see it.

Who may read a league is the services' rule (`can_read`, `readable_leagues`): a private
league does not exist (404) for anyone but its members, so private leagues do not leak their
names. Who may *change*
anything is decided by the services (`require_role`, `submit_game`, `confirm`, ...).
"""

from __future__ import annotations

from django.contrib.auth.models import AnonymousUser, User

from tablerank.api.errors import ApiError
from tablerank.league import queries
from tablerank.league.models import GameRecord, League, Player
from tablerank.league.services import can_read, readable_leagues

__all__ = ["game_named", "league_for", "player_in", "readable", "visible_leagues"]

Viewer = User | AnonymousUser


readable = can_read
visible_leagues = readable_leagues


def league_for(slug: str, user: Viewer) -> League:
    """The league `slug`, if `user` may read it; 404 otherwise, whether or not it exists."""
    league = queries.readable_league(slug, user)
    if league is None:
        raise ApiError(404, "slug", f"no league {slug!r}")
    return league


def player_in(league: League, name: str, field: str = "name") -> Player:
    """The league's player of this name, ignoring case, as the league compares names."""
    return queries.require_player(league, name, field)


def game_named(league: League, game_id: str) -> GameRecord:
    """The league's game with this id (`queries.find_game`), else a 404 naming the id."""
    record = queries.find_game(league, game_id)
    if record is None:
        raise ApiError(404, "id", f"league {league.slug!r} has no game {game_id!r}")
    return record
