"""Creating a league, and changing its settings (its admins only)."""

from __future__ import annotations

import zoneinfo

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_http_methods

from tablerank.league import queries, services
from tablerank.league.models import League
from tablerank.web.actions.common import league_view, user_of
from tablerank.web.forms import LeagueCreateForm, LeagueSettingsForm


def _time_zones() -> list[str]:
    return sorted(zoneinfo.available_timezones())


@require_http_methods(["GET", "POST"])
@login_required
def league_new(request: HttpRequest) -> HttpResponse:
    """A new league; whoever creates it becomes its admin."""
    form = LeagueCreateForm(request.POST or None, initial={"time_zone": "UTC"})
    if request.method == "POST" and form.is_valid():
        league = services.create_league(user_of(request), **form.cleaned_data)
        messages.success(request, f"{league.name} is ready: add its players.")
        return redirect("members", slug=league.slug)
    status = 400 if request.method == "POST" else 200
    context = {"form": form, "time_zones": _time_zones()}
    return render(request, "web/actions/league_new.html", context, status=status)


@require_http_methods(["GET", "POST"])
@league_view(services.Role.ADMIN)
def league_settings(request: HttpRequest, league: League) -> HttpResponse:
    """The league's name, visibility, rating systems, monthly score, verification policy and
    time zone. Changing the systems rebuilds the kept ratings from the history."""
    form = LeagueSettingsForm(request.POST or None, instance=queries.league_to_edit(league))
    if request.method == "POST" and form.is_valid():
        league = services.change_settings(league, form.changes(), by=user_of(request))
        messages.success(request, f"{league.name}: settings saved.")
        return redirect("league-settings", slug=league.slug)
    status = 400 if request.method == "POST" else 200
    context = {"league": league, "form": form, "time_zones": _time_zones()}
    return render(request, "web/actions/league_settings.html", context, status=status)
