"""`league init|create|grant|revoke|add-player`: the league, its tables, roles and players.

No `from __future__ import annotations` here: Typer must see the options' types as objects.
"""

from collections.abc import Callable
from typing import Annotated

import typer

from tablerank.cli.league import access, roles
from tablerank.cli.league.options import RoleOption, RolePlayer, Slug, UserName
from tablerank.cli.output import guarded

__all__ = ["add_player", "create", "grant", "init", "revoke"]


def init() -> None:
    """Create or update the league database's tables (Django's migrate)."""

    def work() -> str:
        from django.core.management import call_command
        from django.db import connection

        call_command("migrate", verbosity=0)
        return str(connection.settings_dict["NAME"])

    name = guarded(lambda: access.run(work, access.SITE_SETTINGS))
    typer.echo(f"league database ready: {name}")


def create(
    slug: Slug,
    name: Annotated[str, typer.Option("--name", help="The league's name.")],
    time_zone: Annotated[
        str, typer.Option("--time-zone", help="An IANA time zone, such as Europe/Berlin.")
    ] = "UTC",
    admins: Annotated[
        list[str] | None,
        typer.Option(
            "--admin", help="A user who runs the league (repeatable; created when missing)."
        ),
    ] = None,
) -> None:
    """Create a league."""

    def work() -> None:
        from django.core.exceptions import ValidationError

        from tablerank.league import services
        from tablerank.league.errors import LeagueError

        users = [access.user(admin, "admin") for admin in admins or ()]
        try:
            services.create_league(
                services.CONSOLE, admins=users, slug=slug, name=name, time_zone=time_zone
            )
        except ValidationError as exc:
            where, messages = next(iter(exc.message_dict.items()))
            raise LeagueError(where, messages[0]) from None

    guarded(lambda: access.run(work))
    run_by = f"; admins: {', '.join(admins)}" if admins else ""
    typer.echo(f"created league {slug} ({name}, {time_zone}){run_by}")


def grant(slug: Slug, user: UserName, role: RoleOption, player: RolePlayer = None) -> None:
    """Make a user an admin or official of the league, or the account a player signs with."""

    def work() -> str:
        from django.db import transaction

        with transaction.atomic():
            return roles.grant(access.league(slug), access.user(user, "user"), role, player)

    typer.echo(guarded(lambda: access.run(work)))


def revoke(slug: Slug, user: UserName, role: RoleOption, player: RolePlayer = None) -> None:
    """Take a role away: admin, official, or the account a player signs with."""

    def work() -> str:
        from django.db import transaction

        with transaction.atomic():
            return roles.revoke(access.league(slug), access.existing_user(user), role, player)

    typer.echo(guarded(lambda: access.run(work)))


def add_player(
    slug: Slug,
    name: Annotated[str, typer.Argument(help="The player's name.")],
    user: Annotated[
        str | None,
        typer.Option("--user", help="The account that signs for the player's seats."),
    ] = None,
) -> None:
    """Add a player to a league (names are unique ignoring case)."""

    def work() -> None:
        from tablerank.league import services

        league = access.league(slug)
        account = access.user(user) if user else None
        services.add_player(league, name, by=services.CONSOLE, account=account)

    guarded(lambda: access.run(work))
    typer.echo(f"added {name} to league {slug}")


COMMANDS: dict[str, Callable[..., None]] = {
    "init": init,
    "create": create,
    "grant": grant,
    "revoke": revoke,
    "add-player": add_player,
}
"""The commands by name, in the order `tablerank league --help` lists them."""
