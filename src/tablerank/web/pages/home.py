"""The site's home (every league the visitor may see) and a league's home page."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.views.decorators.http import require_GET
from django.views.decorators.vary import vary_on_headers

from tablerank.engine.systems import get_system
from tablerank.errors import TablerankError
from tablerank.league import queries, services
from tablerank.league.models import League
from tablerank.web.pages.common import is_partial, results_of, user_of, visible_league

LATEST = 8
LEADERS = 3


@require_GET
def home(request: HttpRequest) -> HttpResponse:
    """Every league the visitor may see, busiest first."""
    return render(request, "web/pages/home.html", {"cards": queries.league_cards(user_of(request))})


@require_GET
@vary_on_headers("HX-Request")
def league_home(request: HttpRequest, slug: str) -> HttpResponse:
    """The league at a glance. The leaders of a system fitted on reading (skill: seconds on a
    large league) are shown at once only when kept for the league's revision; else the page
    asks for them after loading (`?section=leaders`, as an htmx part, or the whole page
    without JavaScript)."""
    league = visible_league(request, slug)
    user = user_of(request)
    fitted = tuple(name for name in league.systems if queries.fitted_on_reading(name))
    asked = request.GET.get("section") == "leaders"
    if asked and is_partial(request):
        context = {"league": league, **_leaders(league, fitted)}
        return render(request, "web/pages/_leader_boards.html", context)
    games = queries.games_played(league).count()
    now = asked or not fitted or not games or queries.leaders_ready(league, LEADERS, fitted)
    stored = tuple(name for name in league.systems if name not in fitted)
    boards = _leaders(league, stored)
    if now and fitted:
        more = _leaders(league, fitted)
        order = {name: at for at, name in enumerate(league.systems)}
        boards = {
            "leaders": sorted(
                [*boards["leaders"], *more["leaders"]], key=lambda b: order[b["system"]]
            ),
            "leaders_error": boards["leaders_error"] or more["leaders_error"],
        }
    context = {
        "league": league,
        "nav": "home",
        "latest": results_of(queries.latest_results(league, LATEST)),
        **boards,
        "leaders_pending": not now,
        "leaders_later": () if now else fitted,
        "leaders_url": f"{reverse('league-home', args=[league.slug])}?section=leaders",
        "pending": len(queries.pending_for(user, league)) if user.is_authenticated else 0,
        "roles": sorted(role.value for role in services.roles_of(league, user)),
        "events": queries.league_events(league),
        "tournaments": queries.tournaments_of(league),
        "players": queries.players_count(league),
        "games": games,
        "cities": queries.choices_of(league).cities,
        "player_names": queries.player_names(league),
    }
    return render(request, "web/pages/league_home.html", context)


def _leaders(league: League, systems: tuple[str, ...]) -> dict[str, Any]:
    """The leader boards of these systems, or why they cannot be shown."""
    try:
        leading = queries.leaders(league, LEADERS, systems)
    except TablerankError as exc:  # one system refusing the history (see the standings tab)
        return {"leaders": [], "leaders_error": exc}
    boards = [
        {"system": name, "title": get_system(name).title, "rows": rows}
        for name, rows in leading.items()
        if rows
    ]
    return {"leaders": boards, "leaders_error": None}
