"""A league's forecasts page: who will win a table about to play (skill's odds), which system
has predicted this league's winners best (the backtest), and whether the first seat wins more
(the seats report). All are the league's services (`queries.predict`, `queries.backtest`,
`queries.seats_report`); this view only reads the form and shapes the answer.

The backtest replays every game once per system, seconds on a large league, so the page shows
it at once only when it is kept for the league's revision; else the page asks for it after
loading (`?section=backtest`, as an htmx part, or the whole page without JavaScript)."""

from __future__ import annotations

from typing import Any
from urllib.parse import urlencode

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.views.decorators.http import require_GET
from django.views.decorators.vary import vary_on_headers

from tablerank.errors import TablerankError
from tablerank.league import queries
from tablerank.league.models import League
from tablerank.league.queries import lists_of
from tablerank.web.pages.common import is_partial, name_suggestions, visible_league

SEATS = 6
"""Name fields on the form; a table of Catan seats three to six."""


@require_GET
@vary_on_headers("HX-Request")
def forecasts(request: HttpRequest, slug: str) -> HttpResponse:
    """The odds of the table the form names (in turn order), and the backtest of each system
    on the chosen game title."""
    league = visible_league(request, slug)
    titles = lists_of(league, "skill") if "skill" in league.systems else []
    title = request.GET.get("title", "").strip() or (
        "catan" if "catan" in titles else (titles[0] if titles else "")
    )
    asked = request.GET.get("section") == "backtest"
    query = urlencode({"title": title, "section": "backtest"})
    context: dict[str, Any] = {
        "league": league,
        "title": title,
        "backtest_url": f"{reverse('forecasts', args=[league.slug])}?{query}",
        **_backtest(league, title, now=asked),
    }
    if asked and is_partial(request):
        return render(request, "web/pages/_forecasts_backtest.html", context)
    seated = [request.GET.get(f"p{i}", "").strip() for i in range(1, SEATS + 1)]
    context |= {
        "nav": "forecasts",
        "titles": titles,
        "seated": seated,
        **name_suggestions(league),
        **_odds(league, tuple(name for name in seated if name), title),
        **_seats(league, title),
    }
    return render(request, "web/pages/forecasts.html", context)


def _odds(league: League, names: tuple[str, ...], title: str) -> dict[str, Any]:
    if not names:
        return {"odds": None, "odds_error": None}
    try:
        return {"odds": queries.predict(league, names, "skill", title or None), "odds_error": None}
    except TablerankError as exc:
        return {"odds": None, "odds_error": str(exc)}


def _backtest(league: League, title: str, *, now: bool) -> dict[str, Any]:
    """The backtest's part of the page: worked out `now`, or when kept already; else pending."""
    pending = {"backtest": None, "backtest_error": None, "backtest_pending": True}
    if not now and not queries.backtest_ready(league, title=title or None):
        return pending
    try:
        base, results = queries.backtest(league, title=title or None)
    except TablerankError as exc:
        return pending | {"backtest_error": str(exc), "backtest_pending": False}
    shown = {"baseline": base, "systems": sorted(results, key=lambda r: r.log_loss)}
    return pending | {"backtest": shown, "backtest_pending": False}


def _seats(league: League, title: str) -> dict[str, Any]:
    try:
        return {"seats": queries.seats_report(league, title=title or None), "seats_error": None}
    except TablerankError as exc:
        return {"seats": None, "seats_error": str(exc)}
