"""The league's database from the shell: Django set up on first use, and the lookups every
league command shares (a league, a player, a user, a game). Django is imported only in here,
inside the functions, so the command's start-up never loads it."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, TypeVar

from tablerank.engine.records import Game
from tablerank.errors import TablerankError
from tablerank.formats.reading import read_records

if TYPE_CHECKING:
    from django.contrib.auth.models import User

    from tablerank.league.models import GameRecord, League, Player

__all__ = [
    "SETTINGS",
    "SITE_SETTINGS",
    "LeagueUnavailable",
    "account",
    "existing_user",
    "game",
    "league",
    "one_game",
    "player",
    "read",
    "run",
    "user",
]

T = TypeVar("T")

SETTINGS = "tablerank.server.cli_settings"
"""The site's settings with the league's apps only: what every command but `init` needs."""
SITE_SETTINGS = "tablerank.server.settings"
"""Every app of the site: `init` creates all their tables."""


class LeagueUnavailable(TablerankError):
    """The league's database cannot be used: Django missing, bad settings, no tables."""


def _setup(settings: str) -> None:
    """Configure Django for the league's database, once (`DJANGO_SETTINGS_MODULE` when set)."""
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", settings)
    try:
        import django
        from django.apps import apps
        from django.core.exceptions import ImproperlyConfigured
    except ImportError:
        raise LeagueUnavailable(
            "the league needs Django: install the league extra (pip install 'tablerank[league]')"
        ) from None
    if apps.ready:
        return
    try:
        django.setup()
    except ImproperlyConfigured as exc:
        raise LeagueUnavailable(f"league settings: {exc}") from None


def run(action: Callable[[], T], settings: str = SETTINGS) -> T:
    """Set Django up with `settings` and run `action`, turning database trouble into one-line
    errors; the caller's `output.guarded` prints them and exits with status 2."""
    _setup(settings)
    from django.core.exceptions import ImproperlyConfigured
    from django.db import DatabaseError

    from tablerank.league.services import storage_trouble

    try:
        return action()
    except ImproperlyConfigured as exc:
        raise LeagueUnavailable(f"league settings: {exc}") from None
    except DatabaseError as exc:
        trouble = storage_trouble(exc)
        if trouble is not None:
            raise LeagueUnavailable(trouble) from None
        text = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
        hint = ""
        if "no such table" in text or "does not exist" in text:
            hint = "; create the tables with `tablerank league init`"
        raise LeagueUnavailable(f"database: {text}{hint}") from None


def user(username: str, option: str = "by") -> User:
    """The Django user of this name, created when missing (the CLI is a local administrator)."""
    name = username.strip()
    if not name:
        from tablerank.league.errors import LeagueError

        raise LeagueError(option, "give a user name")
    from tablerank.league.services import local_account

    return local_account(name)


def existing_user(username: str) -> User:
    """The Django user of this name, which must exist."""
    from tablerank.league import queries
    from tablerank.league.errors import LeagueError

    found = queries.find_account(username)
    if found is None:
        raise LeagueError("user", f"no user {username!r}")
    return found


def league(slug: str) -> League:
    from tablerank.league import queries
    from tablerank.league.errors import LeagueError

    found = queries.find_league(slug)
    if found is None:
        raise LeagueError("league", f"no league {slug!r}; create it with `tablerank league create`")
    return found


def player(of: League, name: str) -> Player:
    from tablerank.league import queries

    return queries.require_player(of, name)


def account(member: Player) -> User:
    """The account that signs for the player's seats; a player without one gets the user of
    their name (created when missing), linked from now on."""
    if member.user is not None:
        return member.user
    from tablerank.league.services import CONSOLE, invite_account

    signer = user(member.name)
    invite_account(member, signer, by=CONSOLE)  # the console's invitation is accepted at once
    return signer


def game(of: League, game_id: str) -> GameRecord:
    """The league's live game of this id, else its latest voided one (whose refusal the
    services word), else an error (`queries.require_game`)."""
    from tablerank.league import queries

    return queries.require_game(of, game_id)


def one_game(file: Path) -> Game:
    """The one game record `file` holds (read like every command's input)."""
    from tablerank.league.errors import LeagueError

    records = read_records([file])
    if len(records) != 1 or not isinstance(records[0], Game):
        games = sum(isinstance(r, Game) for r in records)
        raise LeagueError(
            "file", f"{file} holds {len(records)} records ({games} games); a correction is one game"
        )
    return records[0]


def read(action: Callable[[], T]) -> T:
    """`run(action)` with all its queries in one snapshot (`league.store.snapshot`): a read."""

    def in_one() -> T:
        from tablerank.league.queries import snapshot

        with snapshot():
            return action()

    return run(in_one)
