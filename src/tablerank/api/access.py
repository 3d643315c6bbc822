"""Finding what a request names, as the caller may see it.

Who may read a league is the services' rule (`can_read`, `readable_leagues`): a private
league does not exist (404) for anyone but its members, so private leagues do not leak their
names. Who may *change*
anything is decided by the services (`require_role`, `submit_game`, `confirm`, ...).
"""

from __future__ import annotations

import functools

from django.contrib.auth.models import AnonymousUser, User
from django.db import connection

from tablerank.api.errors import ApiError
from tablerank.league.models import GameRecord, League, Player, RecordStatus
from tablerank.league.services import can_read, readable_leagues

__all__ = ["game_named", "league_for", "player_in", "readable", "visible_leagues"]

Viewer = User | AnonymousUser


readable = can_read
visible_leagues = readable_leagues


def league_for(slug: str, user: Viewer) -> League:
    """The league `slug`, if `user` may read it; 404 otherwise, whether or not it exists."""
    league = next(iter(League.objects.raw(_by_slug(connection.vendor), [slug])), None)
    if league is None or not readable(league, user):
        raise ApiError(404, "slug", f"no league {slug!r}")
    return league


@functools.cache
def _by_slug(vendor: str) -> str:
    """The SQL that reads a whole league by its slug. Every request reads one, and this costs
    a third of the ORM's `get` (whose query is compiled anew each time)."""
    del vendor  # the key: each backend quotes names its own way
    quote = connection.ops.quote_name
    columns = ", ".join(quote(str(field.column)) for field in League._meta.concrete_fields)
    slug = quote(str(League._meta.get_field("slug").column))
    return f"SELECT {columns} FROM {quote(League._meta.db_table)} WHERE {slug} = %s"


def player_in(league: League, name: str, field: str = "name") -> Player:
    """The league's player of this name, ignoring case, as the league compares names."""
    player = Player.objects.filter(league=league, key=name.strip().casefold()).first()
    if player is None:
        raise ApiError(404, field, f"league {league.slug!r} has no player {name!r}")
    return player


def game_named(league: League, game_id: str) -> GameRecord:
    """The league's live game with this id; where none is live, the latest voided one (a
    voided game stays readable, with who voided it and why)."""
    games = GameRecord.objects.filter(league=league, external_id=game_id).select_related(
        "league", "created_by", "voided_by"
    )
    record = games.exclude(status=RecordStatus.VOIDED).first()
    if record is None:
        record = games.order_by("-voided_at", "-pk").first()
    if record is None:
        raise ApiError(404, "id", f"league {league.slug!r} has no game {game_id!r}")
    return record
