"""Voiding a result from its game page: for the league's admins and officials.

The result stays stored with who voided it, when and why (`services.void_game`, which also
decides who may); its ratings and lists are recomputed from that game on.
"""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect
from django.views.decorators.http import require_POST

from tablerank.league import services
from tablerank.league.errors import LeagueError
from tablerank.league.models import GameRecord, League
from tablerank.web.actions.common import ORGANIZERS, league_view, refused, user_of
from tablerank.web.forms import VoidForm


@require_POST
@league_view(*ORGANIZERS)
def void(request: HttpRequest, league: League, pk: int) -> HttpResponse:
    record = get_object_or_404(GameRecord, league=league, pk=pk)
    form = VoidForm(request.POST)
    if not form.is_valid():
        return refused(request, "say why the result is void", status=400)
    try:
        services.void_game(record, user_of(request), form.cleaned_data["why"])
    except LeagueError as exc:
        return refused(request, exc)
    messages.success(request, f"{record.external_id} is void; the standings were recomputed.")
    return redirect("game", league.slug, record.external_id)
