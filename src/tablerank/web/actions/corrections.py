"""Voiding and correcting a result from its game page: for the league's admins and officials.

A voided result stays stored with who voided it, when and why (`services.void_game`, which also
decides who may); its ratings and lists are recomputed from that game on. A correction is the
score sheet filled in with the stored game (for other titles, the sheet that records them:
places, scores, teams, class): submitting it voids the original and records the sheet's game
in its place in the play order (`services.correct_game`), pending results too.
"""

from __future__ import annotations

import dataclasses

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.views.decorators.http import require_http_methods, require_POST

from tablerank.engine.records import Game
from tablerank.league import services
from tablerank.league.errors import LeagueError
from tablerank.league.models import GameRecord, League
from tablerank.web.actions.common import (
    MEMBERS,
    ORGANIZERS,
    league_view,
    refusal_status,
    refused,
    user_of,
)
from tablerank.web.actions.record import sheet_context, submission_problems
from tablerank.web.actions.record_other import other_context
from tablerank.web.forms import RecordForm, VoidForm, read_sheet, sheet_of
from tablerank.web.other_sheet import (
    OtherGameForm,
    OtherSheet,
    beyond_the_sheet,
    other_sheet_of,
    read_other,
)


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
    game = record.to_record()
    if game.variant is None:
        return _correct_other(request, league, record, game)
    if request.method == "GET":
        data = request.GET if "variant" in request.GET else sheet_of(game, record.played_at, league)
        return _page(request, league, record, RecordForm(data), "", 200)
    form = RecordForm(request.POST)
    why = _why(request).strip()
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
    return _corrected(request, league, record, stored)


def _correct_other(
    request: HttpRequest, league: League, record: GameRecord, game: Game
) -> HttpResponse:
    """The same for a game that is not Catan, on the sheet that records them (places, scores,
    teams, the A.R.E.A. class): a redraw when the table size changes carries its fields."""
    beyond = beyond_the_sheet(game)
    if beyond:
        return refused(
            request,
            f"{record.external_id} does not fit the sheet ({beyond}): correct it with the API "
            "(POST .../games/{id}/correct) or `tablerank league correct`",
            409,
        )
    if request.method == "GET":
        data = (
            request.GET
            if "title" in request.GET
            else other_sheet_of(game, record.played_at, league)
        )
        return _other_page(request, league, record, OtherGameForm(data), None, "", 200)
    form = OtherGameForm(request.POST)
    sheet = read_other(form, league)
    why = _why(request).strip()
    if sheet.game is None or not why:
        problem = "fix the errors below first" if sheet.game is None else "say why it is corrected"
        return _other_page(request, league, record, form, sheet, problem, 400)
    replacement = dataclasses.replace(sheet.game, id=record.external_id)
    try:
        stored = services.correct_game(record, replacement, user_of(request), why)
    except LeagueError as exc:
        return _other_page(request, league, record, form, sheet, exc.message, refusal_status(exc))
    return _corrected(request, league, record, stored)


def _corrected(
    request: HttpRequest, league: League, record: GameRecord, stored: GameRecord
) -> HttpResponse:
    messages.success(request, f"{record.external_id} is corrected; the standings were recomputed.")
    return redirect("recorded", slug=league.slug, pk=stored.pk)


def _why(request: HttpRequest) -> str:
    """The reason typed so far (a redraw of the sheet carries it in its query)."""
    return (request.POST if request.method == "POST" else request.GET).get("why", "")


def _other_page(
    request: HttpRequest,
    league: League,
    record: GameRecord,
    form: OtherGameForm,
    sheet: OtherSheet | None,
    problem: str,
    status: int,
) -> HttpResponse:
    url = reverse("correct", args=[league.slug, record.pk])
    context = other_context(league, form, sheet, problem, form_url=url) | {
        "correcting": record,
        "other": True,
        "why": _why(request),
    }
    return render(request, "web/actions/correct.html", context, status=status)


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
        "why": _why(request),
        "problem": problem,
    }
    return render(request, "web/actions/correct.html", context, status=status)
