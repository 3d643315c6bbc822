"""The `league` sub-apps and the options their commands share.

No `from __future__ import annotations` here: Typer must see the options' types as objects.
"""

from typing import Annotated

import typer

__all__ = [
    "By",
    "GameId",
    "LeagueCity",
    "LeagueGroup",
    "LeagueScore",
    "ListKey",
    "PlayerName",
    "RoleOption",
    "RolePlayer",
    "Slug",
    "UserName",
    "league_app",
    "league_lists_app",
]

league_app = typer.Typer(
    help="A league kept in a database: create it, import and verify results, export it all.",
    no_args_is_help=True,
)
league_lists_app = typer.Typer(
    help="The league's ranking lists: monthly (with gold), Open, annual, ELO.",
    no_args_is_help=True,
)

Slug = Annotated[str, typer.Argument(help="The league's slug, such as bonn-koeln.")]
GameId = Annotated[str, typer.Argument(help="The game's id.")]
PlayerName = Annotated[
    str, typer.Option("--player", help="The player whose seat signs (their account signs).")
]
By = Annotated[str, typer.Option("--by", help="The user acting (created when missing).")]
UserName = Annotated[str, typer.Argument(help="The user's login name.")]
RoleOption = Annotated[str, typer.Option("--role", help="admin, official or player.")]
RolePlayer = Annotated[
    str | None,
    typer.Option("--player", help="With --role player: the player the account signs for."),
]
ListKey = Annotated[
    str | None,
    typer.Option(
        "--list", help="Which of the system's lists: the game group (cow.elo), title (area)."
    ),
]
LeagueCity = Annotated[
    str | None,
    typer.Option("--city", help="The city's list (with gold); leave out for the Open List."),
]
LeagueGroup = Annotated[
    str | None, typer.Option("--group", help="The game group (needed when games span several).")
]
LeagueScore = Annotated[
    str | None,
    typer.Option("--score", help="Monthly score: average or total (default: the league's)."),
]
