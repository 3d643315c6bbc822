"""What every page that reads a league shares: who may see it (a private league is a 404 to
anyone not a member, so its name does not leak), htmx partial requests, what the league has for
the player fields, the standings' tabs, a table as a CSV download, and a stored game as pages show
it."""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable, Sequence
from typing import Any

from django.conf import settings
from django.contrib import messages
from django.contrib.auth.models import User
from django.core.exceptions import BadRequest
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseBadRequest
from django.urls import reverse
from django.utils.cache import get_conditional_response, patch_cache_control

from tablerank.engine.fields import digits
from tablerank.engine.records import Game
from tablerank.formats.sheets import Sheet, csv_text, excel_csv_text, workbook_bytes
from tablerank.league import queries, services
from tablerank.league.models import GameRecord, League
from tablerank.league.queries import etag_of
from tablerank.tournament.standings import winner_of
from tablerank.web import number_formats
from tablerank.web.templatetags.tablerank_web import system_family
from tablerank.web.time_zones import show_times_of

LISTS = ("monthly", "open", "annual")
"""Catan Online World's ranking lists: tabs beside the systems, built on cow.points."""


def user_of(request: HttpRequest) -> User:
    return request.user  # type: ignore[return-value]  # AnonymousUser reads as an outsider


def can_see(league: League, user: User) -> bool:
    return services.can_read(league, user)


def visible_league(request: HttpRequest, slug: str) -> League:
    league = queries.readable_league(slug, user_of(request))
    if league is None:
        raise Http404("no such league")
    show_times_of(league)
    return league


def is_partial(request: HttpRequest) -> bool:
    """An htmx request for part of a page (a history restore wants the whole page)."""
    return (
        request.headers.get("HX-Request") == "true"
        and request.headers.get("HX-History-Restore-Request") != "true"
    )


# -- what a league has, for its player fields --------------------------------------------------


NAMES_INLINE = 500
"""Up to this many players, a page lists every name for its player fields to suggest; a larger
league's page asks for the names starting with what is typed instead (`names_url`)."""


def name_suggestions(league: League) -> dict[str, Any]:
    """What a page's player fields suggest from (`_player_names.html`): `suggested_names`, every
    name of a league of up to `NAMES_INLINE` players, alphabetically; else `names_url`, where
    the page's script asks for the names starting with what is typed (`player_names_starting`)."""
    names = queries.player_names(league)
    if len(names) <= NAMES_INLINE:
        return {"suggested_names": sorted(names, key=str.casefold), "names_url": ""}
    return {"suggested_names": [], "names_url": reverse("player-names", args=[league.slug])}


# -- conditional requests ----------------------------------------------------------------------


def conditional(
    request: HttpRequest, league: League, page: Callable[[], HttpResponse]
) -> HttpResponse:
    """`page()` with an ETag naming what it shows, or 304 when the browser holds that already.

    A page shows the league at its revision as the URL asks, to one visitor (their name,
    roles and form token are on it), whole or as an htmx part; `league` was read by this
    request, so its revision is current. A page carrying one-time messages has no ETag: the
    browser must not show them again from its cache. Its numbers follow the visitor's language
    (`web.number_formats`), so the ETag names that too."""
    if len(messages.get_messages(request)):
        return page()
    user = user_of(request)
    visitor = (user.pk, user.get_username(), request.COOKIES.get(settings.CSRF_COOKIE_NAME))
    etag = etag_of(
        league, league.revision, "web", request.get_full_path(), is_partial(request), visitor,
        number_formats.language(),  # the page's numbers are written in the visitor's language
    )  # fmt: skip
    response = get_conditional_response(request, etag=etag) or page()
    if response.status_code in {200, 304}:
        response["ETag"] = etag
        patch_cache_control(response, private=True, no_cache=True)
    return response


def sheet_download(request: HttpRequest, sheet: Sheet, name: str) -> HttpResponse:
    """The sheet as a file to save, named `name` (what a file name cannot hold as dashes), in
    the form `?as=` asks: CSV (default), `excel` (CSV as Excel opens it in German: `;`,
    decimal commas, a byte-order mark) or `xlsx` (a workbook); another form is a 400. Text a
    spreadsheet would run as a formula is defused in each (`formats.sheets`)."""
    filename = re.sub(r"[^A-Za-z0-9_.-]+", "-", name).strip("-.") or "standings"
    form = request.GET.get("as", "")
    if form == "xlsx":
        body: str | bytes = workbook_bytes(sheet, filename)
        response = HttpResponse(body, content_type=XLSX)
    elif form in ("", "csv", "excel"):
        text = excel_csv_text(sheet) if form == "excel" else csv_text(sheet)
        response = HttpResponse(text, content_type="text/csv; charset=utf-8")
    else:
        said = f"?as={form!r}: expected csv, excel or xlsx\n"
        return HttpResponseBadRequest(said, content_type="text/plain; charset=utf-8")
    extension = "xlsx" if form == "xlsx" else "csv"
    response["Content-Disposition"] = f'attachment; filename="{filename}.{extension}"'
    return response


XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"


@dataclasses.dataclass(frozen=True)
class Result:
    """A stored game as a page shows it: the record (status, ids) and the engine's game."""

    record: GameRecord
    game: Game

    @property
    def winner(self) -> str | None:
        return winner_of(self.game)

    @property
    def seats(self) -> list[Any]:
        return sorted(self.game.seats, key=lambda s: (s.place is None, s.place or 0))


def results_of(records: Sequence[GameRecord]) -> list[Result]:
    return [Result(record, record.to_record()) for record in records]


TAB_ORDER = (
    "pages.point", "pages.accomplishment", "pages.glory", "pages.elo", "pages.share",
    "pages.combined", "cow.points", "cow.elo", *LISTS, "area", "turnabout",
)  # fmt: skip
"""Tabs in the order of the systems' families (P.A.G.E.S., Catan Online World, ...)."""


def tabs_of(league: League) -> list[str]:
    """The league's systems, and the ranking lists where it keeps cow.points (their points)."""
    tabs = list(league.systems)
    if "cow.points" in tabs:
        tabs += LISTS
    order = {name: index for index, name in enumerate(TAB_ORDER)}
    return sorted(tabs, key=lambda name: order.get(name, len(order)))


def grouped(tabs: Sequence[str]) -> list[tuple[str, list[str]]]:
    """Tabs under their family's name, for the tab bar."""
    groups: dict[str, list[str]] = {}
    for name in tabs:
        groups.setdefault(system_family(name), []).append(name)
    return list(groups.items())


def page_number(request: HttpRequest) -> int:
    """The `page` the URL asks for (1 when it asks none); a 400 when it is not a number."""
    text = request.GET.get("page", "").strip() or "1"
    number = digits(text)
    if number is None or number < 1:
        raise BadRequest(f"page: expected a page number from 1, got {text[:40]!r}")
    return number
