"""`/api/leagues/{slug}/players/{name}`: rename, merge and remove players (issue 14).

Each is one call into the league's services (`player_changes`), which decide who may (the
league's admins and officials) and keep the fix with who, when and why."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest
from ninja import Query, Status

from tablerank.api import leagues
from tablerank.api.access import league_for, player_in
from tablerank.api.auth import WRITE, signed_in
from tablerank.api.limits import PlayerName, Slug
from tablerank.api.outputs import WRITES, PlayerOut, errors
from tablerank.api.schemas import MergeIn, RemoveQuery, RenameIn
from tablerank.api.shapes import player_json
from tablerank.league.services import merge_players, remove_player, rename_player

router = leagues.router
"""The players' own router: ninja serves one path from one router, and `leagues` reads
`/leagues/{slug}/players/{name}` already."""

Body = dict[str, Any]


@router.patch(
    "/leagues/{slug}/players/{name}",
    auth=WRITE,
    exclude_unset=True,
    by_alias=True,
    response={200: PlayerOut, **errors(*WRITES)},
    summary="Rename a player",
)
def rename(request: HttpRequest, slug: Slug, name: PlayerName, data: RenameIn) -> Body:
    """Give a player another name (admins and officials); every list is recomputed. A name
    another player has is refused: merge the two instead."""
    user = signed_in(request)
    league = league_for(slug, user)
    return player_json(rename_player(player_in(league, name), data.name, by=user, why=data.why))


@router.post(
    "/leagues/{slug}/players/{name}/merge",
    auth=WRITE,
    exclude_unset=True,
    by_alias=True,
    response={200: PlayerOut, **errors(*WRITES)},
    summary="Merge a player into another",
)
def merge(request: HttpRequest, slug: Slug, name: PlayerName, data: MergeIn) -> Body:
    """Move every result of `name` to `into` and remove `name` (admins and officials): two
    names of one person. Refused where both played one game, event or tournament."""
    user = signed_in(request)
    league = league_for(slug, user)
    player, into = player_in(league, name), player_in(league, data.into, "into")
    return player_json(merge_players(player, into, by=user, why=data.why))


@router.delete(
    "/leagues/{slug}/players/{name}",
    auth=WRITE,
    response={204: None, **errors(*WRITES)},
    summary="Remove a player who never played",
)
def remove(
    request: HttpRequest, slug: Slug, name: PlayerName, query: Query[RemoveQuery]
) -> Status[None]:
    """Remove a player without results or account (admins and officials)."""
    user = signed_in(request)
    league = league_for(slug, user)
    remove_player(player_in(league, name), by=user, why=query.why)
    return Status(204, None)
