"""`league rename-player|merge-players|remove-player`: fixing a league's players (issue 14).

The league's services decide who may (admins and officials; the console, without `--by`, holds
every role) and keep each fix with who, when and why.

No `from __future__ import annotations` here: Typer must see the options' types as objects.
"""

from collections.abc import Callable
from typing import TYPE_CHECKING, Annotated

import typer

from tablerank.cli.league import access
from tablerank.cli.league.options import Slug
from tablerank.cli.output import guarded

if TYPE_CHECKING:
    from tablerank.league.services import Actor

__all__ = ["COMMANDS"]

Name = Annotated[str, typer.Argument(help="The player's name (any case).")]
Why = Annotated[str, typer.Option("--why", help="Why (the league keeps it with the fix).")]
Acting = Annotated[
    str | None,
    typer.Option("--by", help="The user acting (default: the console, which holds every role)."),
]


def _actor(by: str | None) -> "Actor":
    from tablerank.league.services import CONSOLE

    return CONSOLE if by is None else access.user(by)


def rename_player(
    slug: Slug,
    name: Name,
    new: Annotated[str, typer.Argument(help="The new name.")],
    why: Why,
    by: Acting = None,
) -> None:
    """Rename a player; every list is recomputed under the new name."""

    def work() -> str:
        from tablerank.league import services

        player = access.player(access.league(slug), name)
        old = player.name
        services.rename_player(player, new, by=_actor(by), why=why)
        return f"{old} is called {player.name} now in league {slug}"

    typer.echo(guarded(lambda: access.run(work)))


def merge_players(
    slug: Slug,
    name: Name,
    into: Annotated[str, typer.Argument(help="The player who keeps the results.")],
    why: Why,
    by: Acting = None,
) -> None:
    """Merge two names of one person: NAME's results become INTO's, and NAME goes."""

    def work() -> str:
        from tablerank.league import services

        league = access.league(slug)
        player, kept = access.player(league, name), access.player(league, into)
        old = player.name
        services.merge_players(player, kept, by=_actor(by), why=why)
        return f"{old}'s results are {kept.name}'s now in league {slug}"

    typer.echo(guarded(lambda: access.run(work)))


def remove_player(slug: Slug, name: Name, why: Why, by: Acting = None) -> None:
    """Remove a player who has no results and no account."""

    def work() -> str:
        from tablerank.league import services

        player = access.player(access.league(slug), name)
        services.remove_player(player, by=_actor(by), why=why)
        return f"removed {player.name} from league {slug}"

    typer.echo(guarded(lambda: access.run(work)))


COMMANDS: dict[str, Callable[..., None]] = {
    "rename-player": rename_player,
    "merge-players": merge_players,
    "remove-player": remove_player,
}
"""The commands by name, in the order `tablerank league --help` lists them."""
