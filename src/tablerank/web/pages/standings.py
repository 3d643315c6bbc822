"""A league's standings: a tab per kept system and per ranking list, with filters; each tab's
whole table (every page) also as a CSV download."""

from __future__ import annotations

import dataclasses
import datetime as dt
from collections.abc import Sequence
from typing import Any

from django.http import Http404, HttpRequest, HttpResponse, HttpResponseBadRequest
from django.shortcuts import render
from django.urls import reverse
from django.utils.http import urlencode
from django.views.decorators.http import require_GET
from django.views.decorators.vary import vary_on_headers

from tablerank.engine.lists import RankingList
from tablerank.engine.systems import get_system
from tablerank.engine.systems.base import RatingTable
from tablerank.errors import TablerankError
from tablerank.formats.report import (
    ANNUAL_ROWS,
    MONTHLY_ROWS,
    RATING_ROWS,
    lists_json,
    rating_table_json,
)
from tablerank.formats.sheets import Sheet
from tablerank.league import queries
from tablerank.league.errors import LeagueError
from tablerank.league.models import League
from tablerank.league.queries import Page, PastTheEnd, cached, lists_of, page_of
from tablerank.web.pages.common import (
    LISTS,
    conditional,
    grouped,
    is_partial,
    page_number,
    sheet_download,
    tabs_of,
    visible_league,
)
from tablerank.web.templatetags.tablerank_web import system_label


@dataclasses.dataclass(frozen=True)
class Filters:
    """The standings' filters as the URL gives them; empty strings mean "not filtered"."""

    group: str = ""
    city: str = ""
    event: str = ""
    since: str = ""
    until: str = ""
    list: str = ""
    month: str = ""
    year: str = ""

    @classmethod
    def from_request(cls, request: HttpRequest) -> Filters:
        names = [f.name for f in dataclasses.fields(cls)]
        return cls(**{name: request.GET.get(name, "").strip() for name in names})

    def query(self) -> str:
        """The filters as a query string, empty ones left out (for links and pushed URLs)."""
        given = {k: v for k, v in dataclasses.asdict(self).items() if v}
        return f"?{urlencode(given)}" if given else ""


def _list_keys(league: League, system: str) -> list[str]:
    """The lists a system keeps in this league (game groups for cow.elo, titles for area and
    skill)."""
    return cached(league, "list keys", (system,), lambda: lists_of(league, system))


def _default(options: Sequence[str], preferred: str) -> str:
    if preferred in options:
        return preferred
    return options[0] if options else ""


def _table(
    league: League, tab: str, filters: Filters, choices: queries.Choices, *, later: bool = False
) -> dict[str, Any]:
    """What the standings' table shows for one tab, or the message of what was asked wrongly.
    `later`: a table fitted on reading that is not kept yet is left for the page to fetch."""
    if tab in LISTS:
        return _ranking_list(league, tab, filters, choices)
    list_keys = _list_keys(league, tab)
    chosen = filters.list or _default(list_keys, "base" if tab == "cow.elo" else "catan")
    asked = queries.StandingsFilters(
        list_key=chosen or None,
        group=filters.group or None,
        city=filters.city or None,
        event=filters.event or None,
        since=filters.since or None,
        until=filters.until or None,
    )
    if later and not queries.standings_ready(league, tab, asked):
        return {"kind": "pending", "list_keys": list_keys, "list": chosen}
    table: RatingTable = queries.standings(league, tab, asked)
    return {
        "kind": "system",
        "table": table,
        "list_keys": list_keys,
        "list": chosen,
        "lower_is_better": get_system(tab).lower_is_better,
    }


def _ranking_list(
    league: League, tab: str, filters: Filters, choices: queries.Choices
) -> dict[str, Any]:
    group = filters.group or _default(choices.groups, "base") or None
    ranking: RankingList
    if tab == "annual":
        year = filters.year or (
            str(choices.years[0]) if choices.years else str(dt.date.today().year)
        )
        ranking = queries.annual_list(league, year, city=filters.city or None, group=group)
        period = year
    else:
        month = filters.month or (choices.months[0] if choices.months else "")
        if not month:
            raise LeagueError("month", "no confirmed games yet, so no monthly list")
        city = (filters.city or _default(choices.cities, "")) if tab == "monthly" else None
        ranking = queries.monthly_list(league, month, city=city or None, group=group)
        period = month
    return {"kind": tab, "ranking": ranking, "period": period, "group": group}


def _paged(table: dict[str, Any], number: int, url: str) -> dict[str, Any]:
    """The table's rows cut to page `number`, and the links to the pages beside it."""
    rows = table["table"].standings if table["kind"] == "system" else table["ranking"].entries
    try:
        page: Page[Any] = page_of(rows, number)
    except PastTheEnd as exc:
        raise Http404(exc.message) from None
    joiner = "&" if "?" in url else "?"
    return table | {
        "page": page,
        "previous_url": f"{url}{joiner}page={number - 1}" if page.has_previous else "",
        "next_url": f"{url}{joiner}page={number + 1}" if page.has_next else "",
    }


def _standings_context(request: HttpRequest, league: League, tab: str) -> dict[str, Any]:
    tabs = tabs_of(league)
    if tab not in tabs:
        raise Http404("the league keeps no such standings")
    filters = Filters.from_request(request)
    choices = queries.choices_of(league)
    context: dict[str, Any] = {
        "league": league,
        "nav": "standings",
        "tab": tab,
        "tab_groups": grouped(tabs),
        "filters": filters,
        "choices": choices,
        "player_names": queries.player_names(league),
        "system_title": get_system(tab).title if tab not in LISTS else system_label(tab),
        "tab_url": reverse("standings", args=[league.slug, tab]),
        "csv_url": reverse("standings-csv", args=[league.slug, tab]) + filters.query(),
    }
    number = page_number(request)
    asked = request.GET.get("section") == "table"
    try:
        table = _table(league, tab, filters, choices, later=not asked and not is_partial(request))
    except TablerankError as exc:  # a filter asked wrongly, or the system refuses the history
        context.update(kind="error", error=exc)
    else:
        if table["kind"] == "pending":
            context.update(table, table_url=_section_url(request))
        else:
            context.update(_paged(table, number, context["tab_url"] + filters.query()))
    return context


def _section_url(request: HttpRequest) -> str:
    """This page's address asking for its table now (`?section=table`): the htmx part, or
    without JavaScript the whole page."""
    query = request.GET.copy()
    query["section"] = "table"
    return f"{request.path}?{query.urlencode()}"


@require_GET
@vary_on_headers("HX-Request")
def standings(request: HttpRequest, slug: str, tab: str | None = None) -> HttpResponse:
    """A tab per kept system and per ranking list, filtered by group, city, event and period,
    a page of 100 rows at a time; revalidated by ETag. A table fitted on reading (skill:
    seconds on a large league) is shown at once only when kept for the league's revision; else
    the page asks for it after loading (`?section=table`, as an htmx part, or the whole page
    without JavaScript)."""
    league = visible_league(request, slug)
    tabs = tabs_of(league)
    if not tabs:
        raise Http404("the league keeps no standings")

    def page() -> HttpResponse:
        context = _standings_context(request, league, tab or tabs[0])
        partial = is_partial(request)
        template = "web/pages/_standings_table.html" if partial else "web/pages/standings.html"
        return render(request, template, context)

    return conditional(request, league, page)


def _sheet(table: dict[str, Any]) -> Sheet:
    """The rows of a tab's table as the command line's `--format csv` writes them."""
    if table["kind"] == "system":
        return RATING_ROWS.sheet(rating_table_json(table["table"]))
    rows = ANNUAL_ROWS if table["kind"] == "annual" else MONTHLY_ROWS
    return rows.sheet(lists_json(table["ranking"]))


def _csv_name(league: League, tab: str, table: dict[str, Any]) -> str:
    which = table.get("list") or table.get("period") or ""
    return "-".join(part for part in (league.slug, tab, which) if part)


@require_GET
def standings_csv(request: HttpRequest, slug: str, tab: str) -> HttpResponse:
    """A tab's whole table, filtered as its page, as a CSV file (private leagues as their pages:
    404 to outsiders); a filter asked wrongly, or a history the system refuses, is a 400."""
    league = visible_league(request, slug)
    if tab not in tabs_of(league):
        raise Http404("the league keeps no such standings")

    def download() -> HttpResponse:
        filters = Filters.from_request(request)
        try:
            table = _table(league, tab, filters, queries.choices_of(league))
        except TablerankError as exc:  # said in plain text: Django's 400 page would not say it
            return HttpResponseBadRequest(f"{exc}\n", content_type="text/plain; charset=utf-8")
        return sheet_download(request, _sheet(table), _csv_name(league, tab, table))

    return conditional(request, league, download)
