"""An event's page and its projector: the tournament standings, round by round."""

from __future__ import annotations

from typing import Any

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils import timezone
from django.utils.http import urlencode
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET
from django.views.decorators.vary import vary_on_headers

from tablerank.formats.records import event_json
from tablerank.formats.report import RECORDED_EVENT_ROWS, TOURNAMENT_ROWS, tournament_json
from tablerank.league import queries, services
from tablerank.league.errors import LeagueError, NotFound
from tablerank.league.models import EventRecord, League, Tournament
from tablerank.league.services import Seating, champion_of, current_seating, standings_of
from tablerank.tournament.scoring import SCORINGS
from tablerank.tournament.standings import TournamentStandings
from tablerank.web.pages.common import (
    Result,
    is_partial,
    results_of,
    sheet_download,
    user_of,
    visible_league,
)
from tablerank.web.qr import qr_svg
from tablerank.web.round_clock import clock_context, event_url

PROJECTOR_REFRESH_SECONDS = 30


def _event_context(request: HttpRequest, league: League, name: str) -> dict[str, Any]:
    """A tournament's standings from its games (with the tiebreaks), or the final standings
    recorded for an event whose games are not in the league."""
    has_games = queries.has_games(league, name)
    seating = current_seating(league, name)
    recorded = _recorded(league, name, seating)
    if not has_games and recorded is None and seating is None:
        raise Http404("no such event")
    scoring = request.GET.get("scoring", "") or (seating.tournament.scoring if seating else "")
    context: dict[str, Any] = {
        "league": league,
        "name": name,
        "scoring": scoring,
        "scorings": list(SCORINGS),
        "player_names": queries.player_names(league),
        "recorded": recorded,
        "final": recorded.to_record() if recorded is not None else None,
        "updated": timezone.localtime(),  # the league's zone (`visible_league`)
        "refresh": PROJECTOR_REFRESH_SECONDS,
        "seating": seating,
        "dropped": {},
    }
    if has_games:
        try:
            context["standings"] = _standings(league, name, seating, scoring)
        except LeagueError as exc:
            context["error"] = exc
        rounds = queries.event_rounds(league, name)
        context["rounds"] = _by_round(results_of(rounds))
    if seating is not None:
        context["cut"] = seating.tournament.cut
        context["champion"] = champion_of(seating.tournament)
        context["dropped"] = _dropped(seating)
    return context


def _standings(
    league: League, name: str, seating: Seating | None, scoring: str
) -> TournamentStandings:
    """A tournament's standings in its one order (after a cut, the final's table first);
    another event's by its games."""
    if seating is not None:
        return standings_of(seating.tournament, scoring=scoring)
    if scoring:
        return queries.event_standings(league, name, scoring=scoring)
    return queries.event_standings(league, name)


def _dropped(seating: Seating) -> dict[str, int]:
    """The entrants who dropped, and after which round (the standings mark them)."""
    entrants = queries.entrants_of(seating.tournament)
    return {e.player.name: e.dropped_after for e in entrants if e.dropped_after is not None}


def _recorded(league: League, name: str, seating: Seating | None) -> EventRecord | None:
    """The final standings recorded for the event (under its name, or its tournament's slug)."""
    ids = [name] if seating is None else [name, seating.tournament.slug]
    return queries.recorded_event(league, ids)


def _by_round(results: list[Result]) -> list[tuple[int | None, list[Result]]]:
    rounds: dict[int | None, list[Result]] = {}
    for result in results:
        rounds.setdefault(result.game.round, []).append(result)
    return list(rounds.items())


@require_GET
def event(request: HttpRequest, slug: str, name: str) -> HttpResponse:
    league = visible_league(request, slug)
    context = _event_context(request, league, name)
    if context["seating"] is not None:  # the round's time left, on the phones the QR brings
        context |= clock_context(request, context["seating"].tournament)
    return render(request, "web/pages/event.html", context)


@require_GET
@vary_on_headers("HX-Request")
def event_projector(request: HttpRequest, slug: str, name: str) -> HttpResponse:
    """The event's standings in large type on a dark screen, refreshed every 30 seconds; a
    tournament's round clock (refreshed every few seconds) and a QR code to the event's page."""
    league = visible_league(request, slug)
    context = _event_context(request, league, name)
    context["projector_url"] = reverse("event-projector", args=[league.slug, name])
    if context["seating"] is not None:
        context |= clock_context(request, context["seating"].tournament)
    if context["scoring"]:
        context["projector_url"] += "?" + urlencode({"scoring": context["scoring"]})
    template = (
        "web/pages/_projector_board.html" if is_partial(request) else "web/pages/projector.html"
    )
    return render(request, template, context)


@require_GET
def event_standings_csv(request: HttpRequest, slug: str, name: str) -> HttpResponse:
    """The event's standings as a CSV download (the scoring as the page's `scoring`), or with
    `?table=final` the final standings recorded for it."""
    league = visible_league(request, slug)
    seating = current_seating(league, name)
    if request.GET.get("table") == "final":
        recorded = _recorded(league, name, seating)
        if recorded is None:
            raise Http404("no final standings recorded for this event")
        final = event_json(recorded.to_record())
        return sheet_download(request, RECORDED_EVENT_ROWS.sheet(final), f"{name}-final-standings")
    scoring = request.GET.get("scoring", "") or (seating.tournament.scoring if seating else "")
    try:
        table = _standings(league, name, seating, scoring)
    except LeagueError as exc:
        raise Http404(str(exc)) from None
    return sheet_download(
        request, TOURNAMENT_ROWS.sheet(tournament_json(table)), f"{name}-standings"
    )


def _tournament(request: HttpRequest, slug: str, event: str) -> Tournament:
    """The tournament at `event`, for whoever may read its league (404 to the others)."""
    league = visible_league(request, slug)
    try:
        return services.tournament_of(league, event, user_of(request))
    except NotFound:
        raise Http404("no such tournament") from None


@require_GET
@never_cache
def tournament_clock(request: HttpRequest, slug: str, event: str) -> HttpResponse:
    """The round's clock alone: the block the projector and the round page refresh."""
    found = _tournament(request, slug, event)
    return render(request, "web/pages/_clock.html", clock_context(request, found))


@require_GET
def tournament_qr(request: HttpRequest, slug: str, event: str) -> HttpResponse:
    """The QR code to the event's page, as an SVG file (for table labels and print-outs)."""
    found = _tournament(request, slug, event)
    svg = qr_svg(event_url(request, found), title=f"{found.name}: the event's page")
    response = HttpResponse(svg, content_type="image/svg+xml")
    response["Cache-Control"] = "private, max-age=3600"
    return response
