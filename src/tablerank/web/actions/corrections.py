"""Voiding and correcting a result from its game page: for the league's admins and officials.

A voided result stays stored with who voided it, when and why (`services.void_game`, which also
decides who may); its ratings and lists are recomputed from that game on. A correction is the
score sheet filled in with the stored game: submitting it voids the original and records the
sheet's game in its place in the play order (`services.correct_game`), pending results too.
"""

from __future__ import annotations

import dataclasses

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.views.decorators.http import require_http_methods, require_POST

from tablerank.league import services
from tablerank.league.errors import LeagueError
from tablerank.league.models import GameRecord, League, RecordStatus
from tablerank.web.actions.common import (
    MEMBERS,
    ORGANIZERS,
    league_view,
    refusal_status,
    refused,
    user_of,
)
from tablerank.web.actions.record import sheet_context, submission_problems
from tablerank.web.forms import RecordForm, VoidForm, read_sheet, sheet_of


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


@require_http_methods(["GET", "POST"])
@league_view(*MEMBERS)
def correct(request: HttpRequest, league: League, pk: int) -> HttpResponse:
    """The stored game on the score sheet (GET; a redraw when the variant or table size
    changes), and the corrected sheet, with why, in its place (POST). Who may is the
    league's (`services.require_may_correct`): organizers, or the submitter while it waits."""
    record = get_object_or_404(GameRecord, league=league, pk=pk)
    try:
        services.require_may_correct(record, user_of(request))
    except LeagueError as exc:
        return refused(request, exc)
    if record.status == RecordStatus.VOIDED:
        return refused(request, f"{record.external_id} is void already: record it anew", 409)
    game = record.to_record()
    if game.variant is None:
        return refused(
            request,
            f"{record.external_id} is a {game.game} result: correct it with the API "
            "(POST .../games/{id}/correct) or `tablerank league correct`",
            409,
        )
    if request.method == "GET":
        data = request.GET if "variant" in request.GET else sheet_of(game, record.played_at, league)
        return _page(request, league, record, RecordForm(data), "", 200)
    form = RecordForm(request.POST)
    why = request.POST.get("why", "").strip()
    sheet = read_sheet(form, league)
    problem = submission_problems(form, sheet) or ("" if why else "say why it is corrected")
    if problem:
        return _page(request, league, record, form, problem, 400)
    assert sheet.game is not None
    replacement = dataclasses.replace(sheet.game, id=record.external_id)
    try:
        stored = services.correct_game(record, replacement, user_of(request), why)
    except LeagueError as exc:
        return _page(request, league, record, form, exc.message, refusal_status(exc))
    messages.success(request, f"{record.external_id} is corrected; the standings were recomputed.")
    return redirect("recorded", slug=league.slug, pk=stored.pk)


def _page(
    request: HttpRequest,
    league: League,
    record: GameRecord,
    form: RecordForm,
    problem: str,
    status: int,
) -> HttpResponse:
    sheet = read_sheet(form, league)
    context = sheet_context(league, form, sheet) | {
        "form_url": reverse("correct", args=[league.slug, record.pk]),
        "correcting": record,
        "why": request.POST.get("why", ""),
        "problem": problem,
    }
    return render(request, "web/actions/correct.html", context, status=status)
