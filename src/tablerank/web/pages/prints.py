"""A tournament's print-outs for the venue (docs/tournaments.md, "Print-outs"): the pairings
sorted by player name ("find your table"), one label per table, and one result slip per table
(the signed record sheet, CATAN Studio's tournament rules 1.1.3). Each is a page that prints
cleanly (web/static/web/print.css) and reads whatever the tournament's readers may read."""

from __future__ import annotations

from typing import Any

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.views.decorators.http import require_GET

from tablerank.engine.fields import digits
from tablerank.league import queries, services
from tablerank.league.errors import NotFound
from tablerank.league.models import League, Tournament
from tablerank.tournament.seating import SeatedRound
from tablerank.web.pages.common import user_of, visible_league
from tablerank.web.qr import qr_svg

ROUND_DIGITS = 4
"""A `?round=` of more digits names no round (and never reaches the database)."""


def _tournament(request: HttpRequest, slug: str, event: str) -> tuple[League, Tournament]:
    """The league and its tournament, for whoever may read them (a private league's outsider
    gets 404, as for every page of the league)."""
    league = visible_league(request, slug)
    try:
        return league, services.tournament_of(league, event, user_of(request))
    except NotFound:
        raise Http404("no such tournament") from None


def _round(request: HttpRequest, found: Tournament) -> SeatedRound | None:
    """The round `?round=N` names (404 when it is not seated or not a number), else the latest
    seated round (None before round 1)."""
    typed = request.GET.get("round", "").strip()
    if not typed:
        return queries.printed_round(found)
    number = digits(typed, limit=ROUND_DIGITS)
    if number is None:
        raise Http404("no such round")
    try:
        return queries.printed_round(found, number)
    except NotFound:
        raise Http404("no such round") from None


def _context(request: HttpRequest, slug: str, event: str, what: str) -> dict[str, Any]:
    """What every print-out shows: what it is, the tournament, the round printed, the rounds
    to choose."""
    league, found = _tournament(request, slug, event)
    return {
        "what": what,
        "league": league,
        "tournament": found,
        "seated": _round(request, found),
        "rounds": range(1, services.current_round(found) + 1),
        "organizer": services.is_organizer(league, user_of(request)),
    }


@require_GET
def pairings(request: HttpRequest, slug: str, event: str) -> HttpResponse:
    """Every entrant of the round A-Z, with their table and seat or their bye."""
    context = _context(request, slug, event, "Pairings by name")
    if context["seated"] is not None:
        context["pairings"] = queries.pairings_of(context["seated"])
    return render(request, "web/pages/print_pairings.html", context)


@require_GET
def labels(request: HttpRequest, slug: str, event: str) -> HttpResponse:
    """One label per table of the round: its number in large type, the event and the round,
    and a QR code to the table's page."""
    context = _context(request, slug, event, "Table labels")
    seated, found = context["seated"], context["tournament"]
    context["labels"] = [
        {"table": table, "qr": _table_qr(request, found, seated.number, table.number)}
        for table in (seated.tables if seated is not None else ())
    ]
    return render(request, "web/pages/print_labels.html", context)


def _table_qr(request: HttpRequest, found: Tournament, number: int, table: int) -> str:
    """A QR code to the table's page, where its players enter and sign its result."""
    where = reverse("table-result", args=[found.league.slug, found.slug, number, table])
    title = f"{found.name}, round {number}, table {table}"
    return qr_svg(request.build_absolute_uri(where), title=title)


@require_GET
def slips(request: HttpRequest, slug: str, event: str) -> HttpResponse:
    """One result slip per table: the players in turn order, a line per VP source of the
    event's variant, the total, who won and each player's and the official's signature."""
    context = _context(request, slug, event, "Result slips")
    context["sources"] = queries.slip_sources(context["tournament"])
    return render(request, "web/pages/print_slips.html", context)
