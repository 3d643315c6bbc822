"""A league's forecasts page: who will win a table about to play (skill's odds), which system
has predicted this league's winners best (the backtest), and whether the first seat wins more
(the seats report). All are the league's services (`queries.predict`, `queries.backtest`,
`queries.seats_report`); this view only reads the form and shapes the answer."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET

from tablerank.errors import TablerankError
from tablerank.league import queries
from tablerank.league.standings import lists_of
from tablerank.web.pages.common import player_names, visible_league

SEATS = 6
"""Name fields on the form; a table of Catan seats three to six."""


@require_GET
def forecasts(request: HttpRequest, slug: str) -> HttpResponse:
    """The odds of the table the form names (in turn order), and the backtest of each system
    on the chosen game title."""
    league = visible_league(request, slug)
    titles = lists_of(league, "skill") if "skill" in league.systems else []
    title = request.GET.get("title", "").strip() or (
        "catan" if "catan" in titles else (titles[0] if titles else "")
    )
    seated = [request.GET.get(f"p{i}", "").strip() for i in range(1, SEATS + 1)]
    context: dict[str, Any] = {
        "league": league,
        "nav": "forecasts",
        "titles": titles,
        "title": title,
        "seated": seated,
        "players": sorted(player_names(league), key=str.casefold),
        "odds": None,
        "odds_error": None,
        "backtest": None,
        "backtest_error": None,
        "seats": None,
        "seats_error": None,
    }
    names = tuple(name for name in seated if name)
    if names:
        try:
            context["odds"] = queries.predict(league, names, "skill", title or None)
        except TablerankError as exc:
            context["odds_error"] = str(exc)
    try:
        base, results = queries.backtest(league, title=title or None)
        context["backtest"] = {
            "baseline": base,
            "systems": sorted(results, key=lambda r: r.log_loss),
        }
    except TablerankError as exc:
        context["backtest_error"] = str(exc)
    try:
        context["seats"] = queries.seats_report(league, title=title or None)
    except TablerankError as exc:
        context["seats_error"] = str(exc)
    return render(request, "web/pages/forecasts.html", context)
