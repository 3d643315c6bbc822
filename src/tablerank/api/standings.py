"""`/api/leagues/{slug}/standings/...` and `/lists/...`: the CLI's JSON, from the league."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest
from ninja import Query, Router

from tablerank.api.access import league_for
from tablerank.api.auth import OPTIONAL_TOKEN, READ, caller
from tablerank.api.errors import field_renamed
from tablerank.api.limits import Slug
from tablerank.api.outputs import ListOut, RatingTableOut, errors
from tablerank.api.schemas import Month, QueryText, StandingsQuery, System, Year
from tablerank.formats.report import lists_json, rating_table_json
from tablerank.league import queries

router = Router(tags=["standings"])

Body = dict[str, Any]


@router.get(
    "/leagues/{slug}/standings/{system}",
    auth=READ,
    openapi_extra=OPTIONAL_TOKEN,
    exclude_unset=True,
    by_alias=True,
    response={200: RatingTableOut, **errors(404, 422)},
    summary="Standings",
)
def standings(
    request: HttpRequest, slug: Slug, system: System, query: Query[StandingsQuery]
) -> Body:
    """A kept system's standings; with group, city, event, since or until, over the confirmed
    games they select. `list` picks one list of cow.elo (a game group) or area (a title)."""
    league = league_for(slug, caller(request).user)
    with field_renamed("list_key", "list"):
        table = queries.standings(
            league,
            system,
            list_key=query.list_key,
            group=query.group,
            city=query.city,
            event=query.event,
            since=query.since,
            until=query.until,
        )
    return rating_table_json(table)


@router.get(
    "/leagues/{slug}/lists/monthly",
    auth=READ,
    openapi_extra=OPTIONAL_TOKEN,
    exclude_unset=True,
    by_alias=True,
    response={200: ListOut, **errors(404, 422)},
    summary="Monthly or Open List",
)
def monthly(
    request: HttpRequest,
    slug: Slug,
    month: Month,
    city: QueryText | None = None,
    group: QueryText | None = None,
) -> Body:
    """A city's Monthly List (with gold) for a month, YYYY-MM; without a city, the Open List."""
    league = league_for(slug, caller(request).user)
    return lists_json(queries.monthly_list(league, month, city=city, group=group))


@router.get(
    "/leagues/{slug}/lists/annual",
    auth=READ,
    openapi_extra=OPTIONAL_TOKEN,
    exclude_unset=True,
    by_alias=True,
    response={200: ListOut, **errors(404, 422)},
    summary="Annual score",
)
def annual(
    request: HttpRequest,
    slug: Slug,
    year: Year,
    city: QueryText | None = None,
    group: QueryText | None = None,
) -> Body:
    """The annual score: each player's four best monthly places, 150 per missing month."""
    league = league_for(slug, caller(request).user)
    return lists_json(queries.annual_list(league, year, city=city, group=group))


@router.get(
    "/leagues/{slug}/lists/elo",
    auth=READ,
    openapi_extra=OPTIONAL_TOKEN,
    exclude_unset=True,
    by_alias=True,
    response={200: RatingTableOut, **errors(404, 422)},
    summary="ELO list",
)
def elo(request: HttpRequest, slug: Slug, group: QueryText | None = None) -> Body:
    """The permanent cow.elo list of a game group."""
    league = league_for(slug, caller(request).user)
    return rating_table_json(queries.elo_list(league, group))
