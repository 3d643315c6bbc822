"""Finding what someone named: a league by its slug (where the viewer may read it), a player as
typed (`name_key`, seed 001's one key per name), a game by its id, an account by its username,
and the names that start with what is typed."""

from __future__ import annotations

from django.contrib.auth.models import AnonymousUser, User
from django.db.models import QuerySet

from tablerank.engine.fields import name_key
from tablerank.league.errors import NotFound
from tablerank.league.models import GameRecord, League, Player, RecordStatus
from tablerank.league.services.roles import can_read
from tablerank.league.store.leagues import league_named

NAMES_SHOWN = 20
"""How many names `names_starting` suggests at most."""


def find_player(league: League, typed: str) -> Player | None:
    """The league's player of this name as someone typed it: in any case and either Unicode
    form, as the league compares names (`name_key`, the key each player is stored under)."""
    return Player.objects.filter(league=league, key=name_key(typed)).first()


def require_player(league: League, typed: str, field: str = "player") -> Player:
    """`find_player`, refused with `NotFound` naming `field` when the league has no such
    player."""
    found = find_player(league, typed)
    if found is None:
        raise NotFound(field, f"league {league.slug!r} has no player {typed.strip()!r}")
    return found


def find_league(slug: str) -> League | None:
    """The league with this slug, or None."""
    return league_named(slug)


def readable_league(slug: str, user: User | AnonymousUser) -> League | None:
    """The league with this slug where `user` may read it (`services.can_read`), else None:
    a private league does not exist for anyone but its members, so its name does not leak."""
    league = league_named(slug)
    return league if league is not None and can_read(league, user) else None


def find_game(league: League, game_id: str) -> GameRecord | None:
    """The league's live game with this id; where none is live, the latest voided one (a voided
    game stays readable, with who voided it and why)."""
    rows = GameRecord.objects.filter(league=league, external_id=game_id).select_related(
        "league", "created_by", "voided_by"
    )
    return rows.exclude(status=RecordStatus.VOIDED).first() or (
        rows.order_by("-voided_at", "-pk").first()
    )


def require_game(league: League, game_id: str, field: str = "id") -> GameRecord:
    """`find_game`, refused with `NotFound` naming `field` when the league has no such game."""
    found = find_game(league, game_id)
    if found is None:
        raise NotFound(field, f"league {league.slug!r} has no game {game_id!r}")
    return found


def players_starting(league: League, text: str = "") -> QuerySet[Player]:
    """The league's players whose names start with `text` (every one for ""), ignoring case as
    the league compares names (`Player.key`), alphabetically: a query, paged by the caller."""
    chosen = Player.objects.filter(league=league)
    if text:
        chosen = chosen.filter(key__startswith=name_key(text))
    return chosen.order_by("key")


def names_starting(league: League, text: str, limit: int = NAMES_SHOWN) -> list[str]:
    """The names of `players_starting`, at most `limit`."""
    return list(players_starting(league, text).values_list("name", flat=True)[:limit])


def league_to_edit(league: League) -> League:
    """The league read afresh, for a settings form to change without touching `league` (the
    services compare the settings asked for with those it holds)."""
    return League.objects.get(pk=league.pk)


def find_account(username: str) -> User | None:
    """The account of this username (as typed, spaces around it ignored), or None."""
    return User.objects.filter(username=username.strip()).first()
