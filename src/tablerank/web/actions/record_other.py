"""Recording a game that is not Catan (issue 14): Kremlin, B-17, Carcassonne ... by places,
with optional scores and teams, as A.R.E.A. rates them. The engine builds and checks the game
(`other_sheet.read_other`); `services.submit_game` decides who may submit it, as for Catan."""

from __future__ import annotations

import dataclasses
import secrets
from typing import Any

from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_http_methods

from tablerank.league import queries, services
from tablerank.league.errors import LeagueError
from tablerank.league.models import League
from tablerank.web.actions.common import MEMBERS, league_view, refusal_status, user_of
from tablerank.web.forms import now_in, played_at
from tablerank.web.other_sheet import OtherGameForm, OtherSheet, read_other
from tablerank.web.pages.common import name_suggestions


def other_context(
    league: League,
    form: OtherGameForm,
    sheet: OtherSheet | None,
    problem: str = "",
    *,
    form_url: str = "",
) -> dict[str, Any]:
    """What the sheet's template shows; `form_url` where it posts (the recording by default)."""
    return {
        "league": league,
        "nav": "record",
        "form": form,
        "seats": form.seat_rows(),
        "errors": sheet.errors if sheet else [],
        "problem": problem,
        "form_url": form_url or reverse("record-other", args=[league.slug]),
        "titles": queries.titles_of(league, besides_catan=True),
        "cities": queries.choices_of(league).cities,
        **name_suggestions(league),
    }


@require_http_methods(["GET", "POST"])
@league_view(*MEMBERS)
def record_other(request: HttpRequest, league: League) -> HttpResponse:
    """The sheet (GET; with its fields in the query when the table size changes) and its
    submission (POST)."""
    if request.method == "GET":
        if "title" in request.GET:
            form = OtherGameForm(request.GET)
        else:
            form = OtherGameForm(initial={"played_at": now_in(league), "players": 2})
        return render(request, "web/actions/record_other.html", other_context(league, form, None))
    form = OtherGameForm(request.POST)
    sheet = read_other(form, league)
    if sheet.game is None:
        context = other_context(league, form, sheet, "fix the errors below first")
        return render(request, "web/actions/record_other.html", context, status=400)
    game = dataclasses.replace(sheet.game, id=f"{sheet.game.date:%Y%m%d}-{secrets.token_hex(3)}")
    try:
        stored = services.submit_game(
            league, game, user_of(request), played_at=played_at(form, league)
        )
    except LeagueError as exc:
        context = other_context(league, form, sheet, exc.message)
        return render(request, "web/actions/record_other.html", context, status=refusal_status(exc))
    return redirect("recorded", slug=league.slug, pk=stored.pk)
