"""Finding what a request names, as the caller may see it.

Who may read a league is the services' rule (`can_read`, `readable_leagues`): a private
league does not exist (404) for anyone but its members, so private leagues do not leak their
names. Who may *change*
anything is decided by the services (`require_role`, `submit_game`, `confirm`, ...).
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from django.contrib.auth.models import AnonymousUser, User
from django.db import connection

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
    league = _league_named(slug)
    if league is None or not readable(league, user):
        raise ApiError(404, "slug", f"no league {slug!r}")
    return league


def _league_named(slug: str) -> League | None:
    """The whole league `slug`, as the ORM would load it, from one prepared query: every
    request reads one, and the ORM's `get` compiles its query anew each time (3-4 times the
    CPU of the query itself)."""
    reading = _reading(connection.vendor)
    with connection.cursor() as cursor:
        cursor.execute(reading.sql, [slug])
        row = cursor.fetchone()
    if row is None:
        return None
    values = list(row)
    for i, field, converters in reading.converters:
        for convert in converters:
            values[i] = convert(values[i], field, connection)
    return League.from_db(connection.alias, reading.names, values)


@dataclass(frozen=True)
class _Reading:
    sql: str
    names: list[str]
    converters: list[tuple[int, Any, list[Callable[..., Any]]]]
    """Per column: its index, its expression and what turns the database's value into the
    field's (the backend's converters, then the field's, in the ORM's order)."""


@functools.cache
def _reading(vendor: str) -> _Reading:
    del vendor  # the key: each backend quotes names and converts values its own way
    quote = connection.ops.quote_name
    fields = League._meta.concrete_fields
    columns = ", ".join(quote(str(field.column)) for field in fields)
    slug = quote(str(League._meta.get_field("slug").column))
    sql = f"SELECT {columns} FROM {quote(League._meta.db_table)} WHERE {slug} = %s"
    converters = []
    for i, field in enumerate(fields):
        column = field.cached_col
        found = connection.ops.get_db_converters(column) + column.get_db_converters(connection)
        if found:
            converters.append((i, column, found))
    return _Reading(sql, [field.attname for field in fields], converters)


def player_in(league: League, name: str, field: str = "name") -> Player:
    """The league's player of this name, ignoring case, as the league compares names."""
    return queries.require_player(league, name, field)


def game_named(league: League, game_id: str) -> GameRecord:
    """The league's game with this id (`queries.find_game`), else a 404 naming the id."""
    record = queries.find_game(league, game_id)
    if record is None:
        raise ApiError(404, "id", f"league {league.slug!r} has no game {game_id!r}")
    return record
