"""`/api/leagues/{slug}/standings/...` and `/lists/...`: the CLI's JSON, from the league.

Each answer is one page of the rows (`?page=`, `?limit=` up to `paging.MAX_LIMIT`, 100 unless
given), in the CLI's shape; the `Link` header names the first, previous, next and last pages
(RFC 8288) and `X-Total-Count` counts the rows of every page. A page past the last is a 404.
Each answer carries an ETag naming the league's revision and what was asked: `If-None-Match`
with it is answered 304 before anything is read but the league itself. The encoded answer is
cached under the same revision, the path with its query and the league's visibility
(`league.store.cache`). An anonymous GET of an answer already stored is served before django-ninja
runs (`cache_first`): only the league is read, and ninja checked that exact question when it
stored the answer; a caller with a token, or any other question, goes through ninja.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Hashable
from functools import wraps
from typing import Annotated, Any, cast

from django.contrib.auth.models import AnonymousUser
from django.http import HttpRequest, HttpResponse
from django.utils.cache import get_conditional_response
from ninja import Field, Query, Router

from tablerank.api.access import league_for
from tablerank.api.auth import OPTIONAL_TOKEN, READ, caller
from tablerank.api.errors import ApiError, field_renamed
from tablerank.api.limits import Slug
from tablerank.api.outputs import ListOut, RatingTableOut, errors
from tablerank.api.schemas import Month, QueryText, StandingsQuery, System, Year
from tablerank.formats.report import lists_json, rating_table_json
from tablerank.league import queries
from tablerank.league.models import League
from tablerank.league.queries import (
    DEFAULT_LIMIT,
    MAX_LIMIT,
    Page,
    PastTheEnd,
    cached,
    etag_of,
    page_of,
    stored,
)

router = Router(tags=["standings"])

Body = dict[str, Any]
Paged = tuple[Body, dict[str, str]]
Answer = tuple[bytes, dict[str, str]]
View = Callable[..., HttpResponse]

PageNumber = Annotated[int, Field(ge=1, le=10**9, description="the page, from 1")]
Limit = Annotated[int, Field(ge=1, le=MAX_LIMIT, description=f"rows a page, 1 to {MAX_LIMIT}")]


def page_or_404(rows: Any, number: int, limit: int) -> Page[Any]:
    """Page `number` of `rows`; a page past the last is a 404 naming `page`."""
    try:
        return page_of(rows, number, limit)
    except PastTheEnd as exc:
        raise ApiError(404, exc.field, exc.message) from None


def page_headers(request: HttpRequest, page: Page[Any]) -> dict[str, str]:
    """`Link` to the first, previous, next and last pages, and `X-Total-Count`."""
    links = {"first": 1, "last": page.pages}
    if page.has_previous:
        links["prev"] = page.number - 1
    if page.has_next:
        links["next"] = page.number + 1
    return {
        "Link": ", ".join(f'<{_page_url(request, n)}>; rel="{rel}"' for rel, n in links.items()),
        "X-Total-Count": str(page.count),
    }


def _page_url(request: HttpRequest, number: int) -> str:
    query = request.GET.copy()
    query["page"] = str(number)
    return f"{request.path}?{query.urlencode()}"


def _paged(request: HttpRequest, body: Body, rows: str, number: int, limit: int) -> Paged:
    """`body` with only page `number` of its `rows`, and the headers that place the page."""
    page = page_or_404(body[rows], number, limit)
    return body | {rows: list(page.rows)}, page_headers(request, page)


def _answer(request: HttpRequest, league: League, build: Callable[[], Paged]) -> HttpResponse:
    """304 when the caller holds this revision's answer, else the (cached) body, with its
    ETag. `league` was read by this request, so its revision is current."""
    asked = request.get_full_path()
    etag = _etag(league, asked)
    response = get_conditional_response(request, etag=etag)
    if response is None:
        answer = cached(
            league,
            "api",
            _asked(league, asked),
            lambda: _encoded(*build()),
            revision=league.revision,
        )
        response = HttpResponse(answer[0], content_type="application/json", headers=answer[1])
    return _headed(response, league, etag)


def _asked(league: League, asked: str) -> tuple[Hashable, ...]:
    """What a stored answer is kept under besides the league and its revision: the path with
    its query, and whether the league is public (so an answer kept while it was public is
    never found once it is private, even by a member)."""
    return (asked, league.public)


def _etag(league: League, asked: str) -> str:
    return etag_of(league, league.revision, "api", *_asked(league, asked))


def _headed(response: HttpResponse, league: League, etag: str) -> HttpResponse:
    response["ETag"] = etag
    response["Cache-Control"] = "no-cache" if league.public else "private, no-cache"
    return response


def _encoded(body: Body, headers: dict[str, str]) -> Answer:
    return json.dumps(body, separators=(",", ":")).encode(), headers


def _stored_answer(request: HttpRequest, slug: str) -> HttpResponse | None:
    """The answer to an anonymous GET that is stored at the league's current revision (200, or
    304 when the caller holds it), or None: then django-ninja answers as always. Only an answer
    that ninja built and checked is ever stored, under the exact path and query asked."""
    if request.method != "GET" or "Authorization" in request.headers:
        return None
    try:
        league = league_for(slug, AnonymousUser())
    except ApiError:
        return None
    setattr(request, _LEAGUE, league)  # ninja's view, if it runs, reads no league again
    asked = request.get_full_path()
    answer = stored(league, "api", _asked(league, asked), revision=league.revision)
    if answer is None:
        return None
    etag = _etag(league, asked)
    response = get_conditional_response(request, etag=etag)
    if response is None:
        body, headers = cast(Answer, answer)
        response = HttpResponse(body, content_type="application/json", headers=headers)
    return _headed(response, league, etag)


_LEAGUE = "_tablerank_league_read"


def _league(request: HttpRequest, slug: str) -> League:
    """The league `slug` as the caller may read it: the one `_stored_answer` read for this
    anonymous request, or `league_for` reads it."""
    who = caller(request)
    known: League | None = getattr(request, _LEAGUE, None)
    if known is not None and known.slug == slug and who.token is None:
        return known
    return league_for(slug, who.user)


def cache_first(view: View) -> View:
    """`view` (one of `CACHED_READS`), answered from the cache without django-ninja's
    parameter and token checks when an anonymous GET asks what is stored already."""

    @wraps(view)
    def answered(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        response = _stored_answer(request, str(kwargs.get("slug", "")))
        return view(request, *args, **kwargs) if response is None else response

    return answered


READS = {304: None, **errors(404, 422)}


@router.get(
    "/leagues/{slug}/standings/{system}",
    auth=READ,
    openapi_extra=OPTIONAL_TOKEN,
    by_alias=True,  # the schema names the rows "list", as the answers do
    response={200: RatingTableOut, **READS},
    summary="Standings",
)
def standings(
    request: HttpRequest,
    slug: Slug,
    system: System,
    query: Query[StandingsQuery],
    page: PageNumber = 1,
    limit: Limit = DEFAULT_LIMIT,
) -> HttpResponse:
    """A kept system's standings; with group, city, event, since or until, over the confirmed
    games they select. `list` picks one list of cow.elo (a game group), area or skill (a title)."""
    league = _league(request, slug)

    def body() -> Paged:
        with field_renamed("list_key", "list"):
            table = queries.standings(league, system, query.filters())
        return _paged(request, rating_table_json(table), "standings", page, limit)

    return _answer(request, league, body)


@router.get(
    "/leagues/{slug}/lists/monthly",
    auth=READ,
    openapi_extra=OPTIONAL_TOKEN,
    by_alias=True,  # the schema names the rows "list", as the answers do
    response={200: ListOut, **READS},
    summary="Monthly or Open List",
)
def monthly(
    request: HttpRequest,
    slug: Slug,
    month: Month,
    city: QueryText | None = None,
    group: QueryText | None = None,
    page: PageNumber = 1,
    limit: Limit = DEFAULT_LIMIT,
) -> HttpResponse:
    """A city's Monthly List (with gold) for a month, YYYY-MM; without a city, the Open List."""
    league = _league(request, slug)
    return _answer(
        request,
        league,
        lambda: _paged(
            request,
            lists_json(queries.monthly_list(league, month, city=city, group=group)),
            "list",
            page,
            limit,
        ),
    )


@router.get(
    "/leagues/{slug}/lists/annual",
    auth=READ,
    openapi_extra=OPTIONAL_TOKEN,
    by_alias=True,  # the schema names the rows "list", as the answers do
    response={200: ListOut, **READS},
    summary="Annual score",
)
def annual(
    request: HttpRequest,
    slug: Slug,
    year: Year,
    city: QueryText | None = None,
    group: QueryText | None = None,
    page: PageNumber = 1,
    limit: Limit = DEFAULT_LIMIT,
) -> HttpResponse:
    """The annual score: each player's four best monthly places, 150 per missing month."""
    league = _league(request, slug)
    return _answer(
        request,
        league,
        lambda: _paged(
            request,
            lists_json(queries.annual_list(league, year, city=city, group=group)),
            "list",
            page,
            limit,
        ),
    )


@router.get(
    "/leagues/{slug}/lists/elo",
    auth=READ,
    openapi_extra=OPTIONAL_TOKEN,
    by_alias=True,  # the schema names the rows "list", as the answers do
    response={200: RatingTableOut, **READS},
    summary="ELO list",
)
def elo(
    request: HttpRequest,
    slug: Slug,
    group: QueryText | None = None,
    page: PageNumber = 1,
    limit: Limit = DEFAULT_LIMIT,
) -> HttpResponse:
    """The permanent cow.elo list of a game group."""
    league = _league(request, slug)
    return _answer(
        request,
        league,
        lambda: _paged(
            request, rating_table_json(queries.elo_list(league, group)), "standings", page, limit
        ),
    )


CACHED_READS = frozenset(
    operation.view_func.__name__
    for path in router.path_operations.values()
    for operation in path.operations
)
"""The URL names (their views' names) whose answers `_answer` stores: `cache_first` serves them."""
