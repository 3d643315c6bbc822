"""`/api/leagues` and their players: list, read, create, change settings, add players."""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.http import HttpRequest, HttpResponse
from ninja import Query, Router, Status

from tablerank.api.access import league_for, player_in, visible_leagues
from tablerank.api.auth import OPTIONAL_TOKEN, READ, WRITE, caller, signed_in
from tablerank.api.errors import ApiError, field_renamed
from tablerank.api.limits import NamePrefix, PlayerName, Slug
from tablerank.api.outputs import (
    WRITES,
    HistoryOut,
    LeagueListOut,
    LeagueOut,
    PlayerListOut,
    PlayerOut,
    errors,
)
from tablerank.api.schemas import HistoryQuery, LeagueChange, LeagueIn, PlayerIn
from tablerank.api.shapes import league_json, player_json
from tablerank.api.standings import Limit, PageNumber, page_headers, page_or_404
from tablerank.formats.report import explanation_json, number
from tablerank.league import queries
from tablerank.league.queries import DEFAULT_LIMIT
from tablerank.league.services import (
    add_player,
    change_settings,
    create_league,
    invite_by_username,
)

router = Router(tags=["leagues"])

Body = dict[str, Any]


@router.get(
    "/leagues",
    auth=READ,
    openapi_extra=OPTIONAL_TOKEN,
    exclude_unset=True,
    by_alias=True,
    response={200: LeagueListOut, **errors()},
    summary="List leagues",
)
def leagues(request: HttpRequest) -> Body:
    """The public leagues and the ones you belong to."""
    user = caller(request).user
    return {"leagues": [league_json(league, user) for league in visible_leagues(user)]}


@router.post(
    "/leagues",
    auth=WRITE,
    exclude_unset=True,
    by_alias=True,
    response={201: LeagueOut, **errors(400, 409, 413, 422)},
    summary="Create a league",
)
def create(request: HttpRequest, data: LeagueIn) -> Status[Body]:
    """Create a league; you become its admin."""
    user = signed_in(request)
    league = create_league(user, **data.model_dump(exclude_none=True))
    return Status(201, league_json(league, user))


@router.get(
    "/leagues/{slug}",
    auth=READ,
    openapi_extra=OPTIONAL_TOKEN,
    exclude_unset=True,
    by_alias=True,
    response={200: LeagueOut, **errors(404, 422)},
    summary="Read a league",
)
def read(request: HttpRequest, slug: Slug) -> Body:
    user = caller(request).user
    return league_json(league_for(slug, user), user)


@router.patch(
    "/leagues/{slug}",
    auth=WRITE,
    exclude_unset=True,
    by_alias=True,
    response={200: LeagueOut, **errors(*WRITES)},
    summary="Change a league's settings",
)
def change(request: HttpRequest, slug: Slug, data: LeagueChange) -> Body:
    """Change the league's settings (its admins only). Changing `systems` rebuilds the
    standings of the systems now kept."""
    user = signed_in(request)
    league = league_for(slug, user)
    changes = data.model_dump(exclude_unset=True)
    for field, value in changes.items():
        if value is None:
            raise ApiError(422, field, "give a value, or leave the field out")
    return league_json(change_settings(league, changes, by=user), user)


@router.get(
    "/leagues/{slug}/players",
    auth=READ,
    openapi_extra=OPTIONAL_TOKEN,
    exclude_unset=True,
    by_alias=True,
    response={200: PlayerListOut, **errors(404, 422)},
    summary="List players",
)
def players(
    request: HttpRequest,
    response: HttpResponse,
    slug: Slug,
    page: PageNumber = 1,
    limit: Limit = DEFAULT_LIMIT,
    q: NamePrefix = "",
) -> Body:
    """The league's players by name, a page at a time (`Link` and `X-Total-Count` headers, as
    the standings'); with `q`, those whose names start with it, ignoring case."""
    league = league_for(slug, caller(request).user)
    shown = page_or_404(queries.players_starting(league, q.strip()), page, limit)
    for header, value in page_headers(request, shown).items():
        response[header] = value
    return {"league": league.slug, "players": [player_json(player) for player in shown.rows]}


@router.post(
    "/leagues/{slug}/players",
    auth=WRITE,
    exclude_unset=True,
    by_alias=True,
    response={201: PlayerOut, **errors(*WRITES, 429)},
    summary="Add a player",
)
def add(request: HttpRequest, slug: Slug, data: PlayerIn) -> Status[Body]:
    """Add a player (admins and officials); with `username`, that account, if there is one, is
    invited to sign for the player's seats and accepts through
    `POST /api/invitations/{id}/accept`. The answer is the same whether or not the account
    exists (an offer never tells who has an account)."""
    user = signed_in(request)
    league = league_for(slug, user)
    with transaction.atomic():
        added = add_player(league, data.name, by=user)
        if data.username is not None:
            invite_by_username(added, data.username, by=user)
    return Status(201, player_json(added))


@router.get(
    "/leagues/{slug}/players/{name}",
    auth=READ,
    openapi_extra=OPTIONAL_TOKEN,
    exclude_unset=True,
    by_alias=True,
    response={200: PlayerOut, **errors(404, 422)},
    summary="Read a player",
)
def player(request: HttpRequest, slug: Slug, name: PlayerName) -> Body:
    league = league_for(slug, caller(request).user)
    return player_json(player_in(league, name))


@router.get(
    "/leagues/{slug}/players/{name}/history",
    auth=READ,
    openapi_extra=OPTIONAL_TOKEN,
    exclude_unset=True,
    by_alias=True,
    response={200: HistoryOut, **errors(404, 422)},
    summary="A player's history",
)
def history(request: HttpRequest, slug: Slug, name: PlayerName, query: Query[HistoryQuery]) -> Body:
    """Each confirmed game that moved the player's number in one system: before, after,
    change, and the engine's explanation of the game."""
    league = league_for(slug, caller(request).user)
    member = player_in(league, name)
    with field_renamed("list_key", "list"):
        entries = queries.player_history(
            league, member.name, query.system, query.list_key, last=query.last
        )
    return {
        "player": member.name,
        "system": query.system,
        "history": [
            {
                "game": entry.game,
                "date": entry.date.isoformat(),
                "list": entry.list_key,
                "before": number(entry.before),
                "after": number(entry.after),
                "change": number(entry.change),
                "games": entry.games,
                "explanation": explanation_json(entry.explanation),
            }
            for entry in entries
        ],
    }
