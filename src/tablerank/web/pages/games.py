"""A league's games, newest first, a page at a time, filtered by player, game, month and city
(issue 14). Which games is the league's (`queries.games_played`); this view reads the filters
and shapes the page."""

from __future__ import annotations

from typing import Any
from urllib.parse import urlencode

from django.core.exceptions import BadRequest
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET

from tablerank.league import queries
from tablerank.league.errors import LeagueError
from tablerank.league.models import GameRecord
from tablerank.league.queries import Page, PastTheEnd, page_of
from tablerank.web.pages.common import name_suggestions, page_number, results_of, visible_league

PER_PAGE = 30
"""Games a page shows."""
FILTERS = ("player", "title", "month", "city")


@require_GET
def games(request: HttpRequest, slug: str) -> HttpResponse:
    """Every confirmed game of the league that the filters choose."""
    league = visible_league(request, slug)
    chosen = {name: request.GET.get(name, "").strip() for name in FILTERS}
    number = page_number(request)
    try:
        page: Page[GameRecord] = page_of(queries.games_played(league, **chosen), number, PER_PAGE)
    except PastTheEnd as exc:
        raise Http404(exc.message) from None
    except LeagueError as exc:
        raise BadRequest(str(exc)) from None
    query = urlencode({k: v for k, v in chosen.items() if v})
    here = f"?{query}&" if query else "?"
    choices = queries.choices_of(league)
    context: dict[str, Any] = {
        "league": league,
        "nav": "games",
        "chosen": chosen,
        "results": results_of(list(page.rows)),
        "page": page,
        "previous_url": f"{here}page={number - 1}" if page.has_previous else "",
        "next_url": f"{here}page={number + 1}" if page.has_next else "",
        **name_suggestions(league),
        "player_names": queries.player_names(league),
        "titles": queries.titles_of(league),
        "months": choices.months,
        "cities": choices.cities,
    }
    return render(request, "web/pages/games.html", context)
